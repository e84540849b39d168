"""Cold `deja index` of one HOME, A/B between source trees, interleaved, with the CPU time of
every process it started (writer, forkserver, workers) counted exactly.

    python benchmarks/cold_ab.py --home H --tree main=/path/to/main/src --tree new=src --runs 5
    python benchmarks/cold_ab.py --home H --tree a=src --tree b=src --set b:DEJA_WORKERS=1

Each run deletes H/.cache/deja and runs `python -m deja index` with PYTHONPATH set to the tree's
`src`, HOME=H and the XDG variables under H. This process makes itself a child subreaper, so a
worker orphaned by its forkserver is reaped here and its CPU time lands in RUSAGE_CHILDREN: the
figure is user+sys of all processes, not a sample. The trees alternate (A B A B …) so a change in
the machine's load falls on both. Prints medians, and each tree's ratio to the first.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36


def _env(home: Path, src: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_", "PYTHON"))}
    env.update(HOME=str(home), PYTHONPATH=str(src), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_STATE_HOME=str(home / ".local" / "state"))
    return env


def cold(home: Path, src: Path, extra: dict[str, str]) -> tuple[float, float]:
    """(wall s, CPU s of every process) of one cold index."""
    shutil.rmtree(home / ".cache" / "deja", ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "deja", "index"], env={**_env(home, src), **extra},
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = p.communicate()
    wall = time.perf_counter() - t
    while True:  # orphans (a forkserver's workers) are ours to reap
        try:
            os.wait()
        except ChildProcessError:
            break
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode:
        raise SystemExit(f"deja index ({src}) failed: {err.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--tree", action="append", required=True, help="NAME=SRC_DIR (the directory holding deja/)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--set", action="append", default=[], help="NAME:VAR=VALUE, an environment variable for one tree's runs")
    args = ap.parse_args()
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    trees = [(n, Path(s).resolve()) for n, s in (t.split("=", 1) for t in args.tree)]
    res: dict[str, list[tuple[float, float]]] = {n: [] for n, _ in trees}
    extra: dict[str, dict[str, str]] = {n: {} for n, _ in trees}
    for item in args.set:
        name, assignment = item.split(":", 1)
        var, value = assignment.split("=", 1)
        extra[name][var] = value
    for i in range(args.runs):
        for name, src in trees:
            wall, cpu = cold(args.home, src, extra[name])
            res[name].append((wall, cpu))
            print(f"run {i + 1} {name}: wall {wall:.2f} s, CPU {cpu:.2f} s, load {os.getloadavg()[0]:.1f}", flush=True)
    base = trees[0][0]
    bw = statistics.median(w for w, _ in res[base])
    bc = statistics.median(c for _, c in res[base])
    print("| tree | wall median s | CPU median s | wall ratio | CPU ratio |\n|---|---|---|---|---|")
    for name, _ in trees:
        w = statistics.median(x for x, _ in res[name])
        c = statistics.median(x for _, x in res[name])
        print(f"| {name} | {w:.2f} | {c:.2f} | {w / bw:.2f} | {c / bc:.2f} |")


if __name__ == "__main__":
    main()
