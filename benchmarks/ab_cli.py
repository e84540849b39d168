"""CLI latency of two deja trees in the same go: each needle query (HOME/needles.json) run as a new
`deja search --json` process, the two trees alternated run by run, medians per needle kind.

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
import resource
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
    out: dict[str, dict[str, list[float]]] = {}
    cpu: dict[str, dict[str, list[float]]] = {}
    for kind, words in asks:
        argv = [sys.executable, "-m", "deja", "search", *words, "--json"]
        for label, env in envs * args.runs:
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            out.setdefault(kind, {}).setdefault(label, []).append(time.perf_counter() - t)
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.setdefault(kind, {}).setdefault(label, []).append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    print("| kind | base median ms | new median ms | new / base | base CPU ms | new CPU ms | new / base |\n|---|---|---|---|---|---|---|")
    every = lambda d: {k: [x for v in d.values() for x in v[k]] for k in ("base", "new")}  # noqa: E731
    for kind in [*out, "all"]:
        d, c = (out[kind], cpu[kind]) if kind != "all" else (every(out), every(cpu))
        b, nw = statistics.median(d["base"]) * 1000, statistics.median(d["new"]) * 1000
        cb, cn = statistics.median(c["base"]) * 1000, statistics.median(c["new"]) * 1000
        print(f"| {kind} | {b:.0f} | {nw:.0f} | {nw / b:.2f} | {cb:.0f} | {cn:.0f} | {cn / cb:.2f} |")


if __name__ == "__main__":
    main()
