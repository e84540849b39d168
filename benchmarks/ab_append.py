"""`deja index` after appending to 5 transcripts, two deja trees in the same go: each round
appends the same lines (gen_corpus.py --append-files 5, one seed per round) to both HOMEs, then
runs each tree's `deja index` on its own HOME, the two alternated; then a no-op `deja index` each.
Wall is process start to exit (this process waits on it: wait4), CPU is user + sys of the process
and its children; medians.

    python benchmarks/ab_append.py BASE_SRC BASE_HOME NEW_HOME [--rounds 11]

BASE_SRC is the other tree's `src` (put first on PYTHONPATH); NEW_HOME is indexed by the deja this
interpreter imports. Two HOMEs with copies of one corpus, each indexed by its own tree first (one
HOME for both would replay one tree's freshness snapshot with the other's code).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

GEN = Path(__file__).parent / "gen_corpus.py"


def timed(argv: list[str], env: dict) -> tuple[float, float]:
    t = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status):
        raise SystemExit(f"{' '.join(argv)} failed")
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base_src")
    ap.add_argument("base_home")
    ap.add_argument("new_home")
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1000, help="of the first round's appends")
    args = ap.parse_args()
    env0 = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env0.pop("PYTHONDONTWRITEBYTECODE", None)
    envs = (("base", dict(env0, HOME=args.base_home, PYTHONPATH=args.base_src)), ("new", dict(env0, HOME=args.new_home)))
    index = [sys.executable, "-m", "deja", "index"]
    out: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for i in range(args.rounds):
        order = envs if i % 2 == 0 else envs[::-1]
        for label, env in order:
            subprocess.run([sys.executable, str(GEN), "--home", env["HOME"], "--append-files", "5", "--seed", str(args.seed + i)],
                           env=env0, check=True, capture_output=True)
        for label, env in order:
            out.setdefault(("append", label), []).append(timed(index, env))
        for label, env in order:
            out.setdefault(("no-op", label), []).append(timed(index, env))
    print("| `deja index` | base wall / CPU ms | new wall / CPU ms | new / base (wall, CPU) |\n|---|---|---|---|")
    for kind in ("append", "no-op"):
        (bw, bc), (nw, nc) = ((statistics.median(w for w, _ in out[kind, k]), statistics.median(c for _, c in out[kind, k]))
                              for k in ("base", "new"))
        print(f"| {kind} ({args.rounds} rounds) | {bw:.0f} / {bc:.0f} | {nw:.0f} / {nc:.0f} | {nw / bw:.2f}, {nc / bc:.2f} |")


if __name__ == "__main__":
    main()
