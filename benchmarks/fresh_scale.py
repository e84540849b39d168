"""The freshness check against the number of files, A/B: many small Claude transcripts.

    python benchmarks/fresh_scale.py --work /tmp/x --files 2880 14400 \
        --variant main=/tmp/x/main/src --variant new=src [--runs 15]

For each file count, a HOME of that many one-turn transcripts (12 per project directory, about
the generated 500 MiB corpus's files per directory), idle for 30 days but for the five newest,
indexed by each variant (PYTHONPATH=<its src>), five of them an hour old. Then, nothing changed: the freshness check in
process (`fresh.current` on an open store, median of 50) and the CLI search `deja err-4242`
(median and p95 of `--runs`, wall and CPU of the process). The corpus size does not matter
here, only how many files and directories a search must look at.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from fresh_bench import p95, timed  # this directory is on sys.path when run as a script

REPLAY = r"""
import statistics, time
from deja import paths
from deja.ingest import fresh
from deja.store import Store
store = Store(paths.index_dir())
fresh.current(store)
ts = []
for _ in range(50):
    t = time.perf_counter(); ok = fresh.current(store); ts.append(time.perf_counter() - t)
print(statistics.median(ts) * 1000, ok)
"""


def make_home(home: Path, files: int) -> None:
    then = time.time() - 30 * 86400
    root = home / ".claude/projects"
    for i in range(files):
        d = root / f"-w-project{i // 12:05d}"
        d.mkdir(parents=True, exist_ok=True)
        p = d / f"s{i:06d}.jsonl"
        ts = f"2026-03-01T10:{i % 60:02d}:00Z"
        line = {"type": "user", "uuid": f"u{i}", "sessionId": f"s{i:06d}", "timestamp": ts, "cwd": f"/w/project{i // 12}",
                "message": {"role": "user", "content": f"question {i} about err-{4000 + i % 100}"}}
        p.write_text(json.dumps(line) + "\n")
        recent = time.time() - 3600  # the five live ones: an hour old (not too recent to trust, for main)
        os.utime(p, (then, then) if i < files - 5 else (recent, recent))
    for d in root.iterdir():
        os.utime(d, (then, then))
    os.utime(root, (then, then))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", type=Path, required=True)
    ap.add_argument("--files", type=int, nargs="+", default=[2880, 14400])
    ap.add_argument("--variant", action="append", required=True, help="NAME=SRC")
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    variants = [(v.split("=", 1)[0], str(Path(v.split("=", 1)[1]).resolve())) for v in args.variant]
    print("| files | variant | check in process, median ms | CLI search wall median / p95 ms | CPU median / p95 ms |")
    print("|---|---|---|---|---|")
    for n in args.files:
        envs = {}
        for name, src in variants:
            home = args.work / f"scale{n}-{name}"
            if not home.exists():
                make_home(home, n)
            env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_", "PYTHONDONTWRITE"))}
            env.update(HOME=str(home), PYTHONPATH=src)
            subprocess.run([sys.executable, "-m", "deja", "index"], env=env, check=True, capture_output=True)
            time.sleep(3.5)
            subprocess.run([sys.executable, "-m", "deja", "warm"], env=env, capture_output=True)
            envs[name] = env
        walls: dict[str, list[float]] = {name: [] for name, _ in variants}
        cpus: dict[str, list[float]] = {name: [] for name, _ in variants}
        for _ in range(args.runs):
            for name, _ in variants:
                w, c = timed([sys.executable, "-m", "deja", "err-4242"], envs[name])
                walls[name].append(w * 1000), cpus[name].append(c * 1000)
        for name, _ in variants:
            out = subprocess.run([sys.executable, "-c", REPLAY], env=envs[name], check=True, capture_output=True,
                                 text=True).stdout.split()
            print(f"| {n} | {name} | {float(out[0]):.2f} ({'current' if out[1] == 'True' else 'NOT current'}) | "
                  f"{statistics.median(walls[name]):.0f} / {p95(walls[name]):.0f} | "
                  f"{statistics.median(cpus[name]):.0f} / {p95(cpus[name]):.0f} |")


if __name__ == "__main__":
    main()
