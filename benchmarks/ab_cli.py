"""CLI latency of two deja trees in the same go: each needle query (HOME/needles.json) run as a new
`deja search --json` process, the two trees alternated run by run: per needle kind the median and
p95 of the wall time (process start to exit) and the median CPU time (user + sys, wait4), which
the load of a shared machine disturbs least.

    python benchmarks/ab_cli.py BASE_SRC BASE_HOME NEW_HOME [--runs 3] [--queries FILE]

BASE_SRC is the other tree's `src` (put first on PYTHONPATH); NEW_HOME is searched by the deja this
interpreter imports. Two HOMEs with copies of one corpus, each indexed by its own tree. On a
shared machine alternating is what makes the ratio mean something. `--queries` takes a JSON list
of questions, each asked as one argument (kind `queries`), instead of the needles. CPU is the
user+sys time of each search process (what load disturbs least).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base_src")
    ap.add_argument("base_home")
    ap.add_argument("new_home")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--queries", help="a JSON list of questions to ask instead of HOME/needles.json")
    args = ap.parse_args()
    env0 = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env0.pop("PYTHONDONTWRITEBYTECODE", None)
    envs = (("base", dict(env0, HOME=args.base_home, PYTHONPATH=args.base_src)), ("new", dict(env0, HOME=args.new_home)))
    if args.queries:
        asks = [("queries", [q]) for q in json.load(open(args.queries))]
    else:
        asks = [(n["kind"], n["query"].split()) for n in json.load(open(os.path.join(args.new_home, "needles.json")))]
    out: dict[str, dict[str, list[tuple[float, float]]]] = {}
    for kind, words in asks:
        argv = [sys.executable, "-m", "deja", "search", *words, "--json"]
        for label, env in envs * args.runs:
            t = time.perf_counter()
            p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _pid, _status, usage = os.wait4(p.pid, 0)
            wall = time.perf_counter() - t
            out.setdefault(kind, {}).setdefault(label, []).append((wall, usage.ru_utime + usage.ru_stime))
    print("| needle kind | base median / p95 ms | new median / p95 ms | base CPU ms | new CPU ms | new / base (wall p95, CPU) |\n"
          "|---|---|---|---|---|---|")
    rows = list(out.items()) + [("all", {k: [x for d in out.values() for x in d[k]] for k in ("base", "new")})]
    for kind, d in rows:
        (bm, bp, bc), (nm, np_, nc) = (_stats(d[k]) for k in ("base", "new"))
        print(f"| {kind} | {bm:.0f} / {bp:.0f} | {nm:.0f} / {np_:.0f} | {bc:.0f} | {nc:.0f} | {np_ / bp:.2f}, {nc / bc:.2f} |")


def _stats(runs: list[tuple[float, float]]) -> tuple[float, float, float]:
    """(median wall, p95 wall, median CPU) in ms."""
    walls = sorted(w for w, _ in runs)
    p95 = walls[min(len(walls) - 1, int(round(0.95 * (len(walls) - 1))))]
    return statistics.median(walls) * 1000, p95 * 1000, statistics.median(c for _, c in runs) * 1000


if __name__ == "__main__":
    main()
