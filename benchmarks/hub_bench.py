"""Push and pull times of the team hub against a throwaway local PostgreSQL (tests/pg.py's).

    python benchmarks/gen_corpus.py --home H --mb 100
    HOME=H deja index
    python benchmarks/hub_bench.py --home H [--share /home/dev]

Shares PATH in H (gen_corpus's projects all live under /home/dev), then times, wall clock:
the first push (everything), a second push (nothing new), a pull into a new empty HOME (every
record imported and indexed), and a second pull (nothing new). Prints one line per step.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import pg  # noqa: E402


def run(env: dict, *args: str) -> tuple[float, str]:
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "deja", *args], env={**os.environ, **env}, capture_output=True, text=True)
    took = time.perf_counter() - t
    if p.returncode:
        raise SystemExit(f"deja {' '.join(args)} failed: {p.stderr.strip()}")
    return took, p.stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--share", default="/home/dev")
    a = ap.parse_args()
    bins = pg.bindir()
    if bins is None:
        raise SystemExit("no PostgreSQL server binaries (initdb)")
    server = pg.start(bins)
    other = Path(tempfile.mkdtemp(prefix="deja-hub-bench-"))
    try:
        dsn = pg.fresh_database(server, "bench")
        pusher = {"HOME": str(a.home), "DEJA_MACHINE": "alpha"}
        puller = {"HOME": str(other), "DEJA_MACHINE": "delta"}
        run(pusher, "sync", "share", a.share)
        for name, env, args in [("push (first)", pusher, ["push", dsn]), ("push (again)", pusher, ["push", dsn]),
                                ("pull (first, into an empty HOME)", puller, ["pull", dsn]),
                                ("pull (again)", puller, ["pull", dsn])]:
            took, out = run(env, "sync", *args)
            print(f"{name:34} {took:7.2f} s   {out.replace(dsn, 'DSN')}")
        import psycopg

        with psycopg.connect(dsn) as c:
            size = c.execute("SELECT pg_total_relation_size('deja_records')").fetchone()[0]
        print(f"hub table deja_records: {size / 2**20:.0f} MiB")
    finally:
        pg.stop(server)
        if other.name.startswith("deja-hub-bench-"):
            import shutil

            shutil.rmtree(other, ignore_errors=True)


if __name__ == "__main__":
    main()
