"""Where one CLI-shaped search spends its time, in a new process: wall / CPU ms of the imports,
`open_fresh` (store, snapshot, replay), the search, the recall count and the JSON, as `deja search
--json` does them (cli/quick.search).

    HOME=H python benchmarks/search_phases.py QUERY WORDS...

Run it a few times per query (the first run of a tree also compiles its bytecode). To see a
catalog as a build's last process leaves it (the WAL past the autocheckpoint, not restarted):
`python benchmarks/search_phases.py --bloat-wal CATALOG` first, on a copy.
"""

import os
import sys
import time

if sys.argv[1:2] in ([], ['-h'], ['--help']):
    sys.exit(__doc__)

import scratch_home  # noqa: E402

scratch_home.require()

if sys.argv[1:2] == ["--bloat-wal"]:
    import sqlite3

    db = sqlite3.connect(sys.argv[2], isolation_level=None)
    db.execute("PRAGMA wal_autocheckpoint=0")
    db.execute("BEGIN IMMEDIATE")
    db.execute("CREATE TABLE IF NOT EXISTS bulk(b BLOB)")
    db.executemany("INSERT INTO bulk VALUES (?)", [(os.urandom(3000),) for _ in range(1500)])
    db.execute("COMMIT")
    os._exit(0)  # as a build's last process: no close, so no checkpoint

t0 = (time.perf_counter(), time.process_time())
marks: list[tuple[str, float, float]] = []


def mark(name: str) -> None:
    marks.append((name, time.perf_counter(), time.process_time()))


from deja.cli import quick, render  # noqa: E402
from deja.search import record_recalls, search as run_search  # noqa: E402

mark("imports")
opts = quick.options()
store, msg = render.open_fresh(quiet=True)
mark("open_fresh")
result = run_search(store, " ".join(sys.argv[1:]), opts)
mark("search")
if result.tier != "weak":
    record_recalls(store, result.hits)
mark("recalls")
import contextlib  # noqa: E402
import io  # noqa: E402

with contextlib.redirect_stdout(io.StringIO()):
    render.emit_json(quick.result_json(result, msg))
mark("json")
prev, out = t0, []
for name, wall, cpu in marks:
    out.append(f"{name}={(wall - prev[0]) * 1000:.1f}/{(cpu - prev[1]) * 1000:.1f}")
    prev = (wall, cpu)
print(" ".join(out), "tier", result.tier)
os._exit(0)
