"""What storing identical large tool outputs once (src/deja/store/outputs.py) saves, per threshold.

    python benchmarks/gen_corpus.py --home H --mb 100
    python benchmarks/shared_outputs.py --home H [--thresholds 0,1024,4096,16384,65536]

For each threshold (0: nothing shared, as before), one cold `deja index` of HOME in a process of
its own with `SHARE_BYTES` set to it: wall and CPU time, the text index's size, the outputs
stored once and their copies, and the sessions that hold a copy (each is no longer found by that
output's words: the search finds the text through the session holding it).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

CODE = r"""
import sys
from deja.store import outputs
from deja.ingest import indexer
size = int(sys.argv[1]) or 1 << 62
outputs.SHARE_BYTES = indexer.SHARE_BYTES = size
from deja.cli import main
main(["index"])
"""

COUNT = r"""
import json
from deja import paths
from deja.store import Store
with Store(paths.index_dir(), readonly=True) as s:
    owned, copies = s.shared_outputs()
    sessions = s.catalog.db.execute("SELECT count(DISTINCT sid) FROM output_copies").fetchone()[0]
print(json.dumps([owned, copies, sessions]))
"""


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--thresholds", default="0,1024,4096,16384,65536")
    args = ap.parse_args()
    home = args.home.resolve()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))} | {"HOME": str(home)}
    index_dir = home / ".cache" / "deja"
    corpus = sum(du(home / d) for d in (".claude", ".codex", ".pi") if (home / d).exists())
    print(f"Corpus: {corpus / 2**20:.0f} MiB\n")
    print("| threshold | cold index wall / CPU s | text index MiB | % of corpus | stored once | copies | sessions with a copy |")
    print("|---|---|---|---|---|---|---|")
    for size in (int(x) for x in args.thresholds.split(",")):
        shutil.rmtree(index_dir, ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", CODE, str(size)], env=env, check=True, capture_output=True)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        text = sum(du(g / "text") for g in index_dir.glob("index.*"))
        owned, copies, sessions = json.loads(subprocess.run([sys.executable, "-c", COUNT], env=env, check=True,
                                                            capture_output=True, text=True).stdout)
        label = "off" if size == 0 else f"{size // 1024} KiB"
        print(f"| {label} | {wall:.1f} / {cpu:.1f} | {text / 2**20:.1f} | {100 * du(index_dir) / corpus:.1f} | "
              f"{owned:,} | {copies:,} | {sessions:,} |", flush=True)


if __name__ == "__main__":
    main()
