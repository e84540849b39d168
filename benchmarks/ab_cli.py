"""CLI latency of two deja trees in the same go: each needle query (HOME/needles.json) run as a new
`deja search --json` process, the two trees alternated run by run, medians per needle kind of the
wall time and of the process's CPU time (user + sys, from wait4).

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
    cpu: dict[str, dict[str, list[float]]] = {}
    for n in json.load(open(os.path.join(args.new_home, "needles.json"))):
        argv = [sys.executable, "-m", "deja", "search", *n["query"].split(), "--json"]
        for label, env in envs * args.runs:
            t = time.perf_counter()
            p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, ru = os.wait4(p.pid, 0)  # the process's own CPU: what the machine's load disturbs least
            p.returncode = 0
            out.setdefault(n["kind"], {}).setdefault(label, []).append(time.perf_counter() - t)
            cpu.setdefault(n["kind"], {}).setdefault(label, []).append(ru.ru_utime + ru.ru_stime)
    print("| needle kind | base median ms | new median ms | new / base | base CPU ms | new CPU ms | new / base |\n"
          "|---|---|---|---|---|---|---|")
    for kind in [*out, "all"]:
        d, c = ({k: [x for v in m.values() for x in v[k]] for k in ("base", "new")} if kind == "all" else m[kind] for m in (out, cpu))
        b, nw = statistics.median(d["base"]) * 1000, statistics.median(d["new"]) * 1000
        cb, cn = statistics.median(c["base"]) * 1000, statistics.median(c["new"]) * 1000
        print(f"| {kind} | {b:.0f} | {nw:.0f} | {nw / b:.2f} | {cb:.0f} | {cn:.0f} | {cn / cb:.2f} |")


if __name__ == "__main__":
    main()
