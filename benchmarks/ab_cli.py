"""CLI latency of two deja trees in the same go: each needle query (HOME/needles.json) run as a new
`deja search --json` process, the two trees alternated run by run, medians per needle kind.

    python benchmarks/ab_cli.py BASE_SRC BASE_HOME NEW_HOME [--runs 3]

BASE_SRC is the other tree's `src` (put first on PYTHONPATH); NEW_HOME is searched by the deja this
interpreter imports. Two HOMEs with copies of one corpus, each indexed by its own tree. On a
shared machine alternating is what makes the ratio mean something.
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
    args = ap.parse_args()
    env0 = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env0.pop("PYTHONDONTWRITEBYTECODE", None)
    envs = (("base", dict(env0, HOME=args.base_home, PYTHONPATH=args.base_src)), ("new", dict(env0, HOME=args.new_home)))
    out: dict[str, dict[str, list[float]]] = {}
    for n in json.load(open(os.path.join(args.new_home, "needles.json"))):
        argv = [sys.executable, "-m", "deja", "search", *n["query"].split(), "--json"]
        for label, env in envs * args.runs:
            t = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            out.setdefault(n["kind"], {}).setdefault(label, []).append(time.perf_counter() - t)
    print("| needle kind | base median ms | new median ms | new / base |\n|---|---|---|---|")
    rows = list(out.items()) + [("all", {k: [x for d in out.values() for x in d[k]] for k in ("base", "new")})]
    for kind, d in rows:
        b, nw = statistics.median(d["base"]) * 1000, statistics.median(d["new"]) * 1000
        print(f"| {kind} | {b:.0f} | {nw:.0f} | {nw / b:.2f} |")


if __name__ == "__main__":
    main()
