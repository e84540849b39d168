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


def cold(home: Path, src: Path, extra: dict[str, str]) -> tuple[float, float, float, int]:
    """(wall s, CPU s of every process, CPU s of the writer process alone, its largest RSS in
    KiB) of one cold index."""
    shutil.rmtree(home / ".cache" / "deja", ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "deja", "index"], env={**_env(home, src), **extra},
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert p.stderr is not None
    err = p.stderr.read()
    _, status, own = os.wait4(p.pid, 0)  # the writer's own rusage (its threads: tantivy's too)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    while True:  # orphans (a forkserver's workers) are ours to reap
        try:
            os.wait()
        except ChildProcessError:
            break
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode:
        raise SystemExit(f"deja index ({src}) failed: {err.decode()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, own.ru_utime + own.ru_stime, own.ru_maxrss


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
    res: dict[str, list[tuple[float, float, float, int]]] = {n: [] for n, _ in trees}
    extra: dict[str, dict[str, str]] = {n: {} for n, _ in trees}
    for item in args.set:
        name, assignment = item.split(":", 1)
        var, value = assignment.split("=", 1)
        extra[name][var] = value
    for i in range(args.runs):
        for name, src in trees:
            wall, cpu, own, rss = cold(args.home, src, extra[name])
            res[name].append((wall, cpu, own, rss))
            print(f"run {i + 1} {name}: wall {wall:.2f} s, CPU {cpu:.2f} s (writer {own:.2f} s, RSS {rss // 1024} MB), "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)
    base = trees[0][0]
    b = [statistics.median(r[k] for r in res[base]) for k in range(3)]
    print("| tree | wall median s | CPU median s | writer CPU median s | wall ratio | CPU ratio | writer ratio |\n"
          "|---|---|---|---|---|---|---|")
    for name, _ in trees:
        m = [statistics.median(r[k] for r in res[name]) for k in range(3)]
        print(f"| {name} | {m[0]:.2f} | {m[1]:.2f} | {m[2]:.2f} | {m[0] / b[0]:.2f} | {m[1] / b[1]:.2f} | {m[2] / b[2]:.2f} |")


if __name__ == "__main__":
    main()
