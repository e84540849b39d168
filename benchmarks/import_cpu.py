"""CPU time per module import of one deja command, over several new processes: what `python -X
importtime` shows, but in CPU (process_time) rather than wall time, which the load of a shared
machine inflates 3-10x and unevenly. Each run imports deja's modules through a loader that times
them (self and cumulative, an extension module's loading counted in its parent); the median per
module over the runs, largest self time first.

    HOME=H python benchmarks/import_cpu.py --runs 9 -- search --json --no-embed quixotic meadowlark
    HOME=H python benchmarks/import_cpu.py --runs 9 -- index

Run it with the interpreter deja runs under, bytecode writing on (PYTHONDONTWRITEBYTECODE unset:
otherwise every module is compiled from source every run). The first run is dropped (it may write
bytecode). The timing loader itself imports `importlib.abc` (which imports `typing`) and `json`
before deja starts: neither shows up here; look for them with `-X importtime`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

import scratch_home  # noqa: E402

scratch_home.require()

CHILD = r'''
import importlib.abc, json, os, sys, time
out_path = sys.argv[1]
stack, rec = [], {}
t0 = time.process_time()

class Timed(importlib.abc.Loader):
    def __init__(self, inner, name):
        self.inner, self.name = inner, name
    def create_module(self, spec):
        return self.inner.create_module(spec)
    def exec_module(self, module):
        stack.append([self.name, time.process_time(), 0.0])
        try:
            self.inner.exec_module(module)
        finally:
            name, t, child = stack.pop()
            d = time.process_time() - t
            rec[name] = (d - child, d)
            if stack:
                stack[-1][2] += d
    def __getattr__(self, a):
        return getattr(self.inner, a)

class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        for f in sys.meta_path:
            if f is self or not hasattr(f, "find_spec"):
                continue
            spec = f.find_spec(name, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = Timed(spec.loader, name)
                return spec
        return None

sys.meta_path.insert(0, Finder())
def dump():
    with open(out_path, "w") as f:
        json.dump({"total": time.process_time() - t0, "mods": rec}, f)
_exit = os._exit
def exiting(code=0):
    dump()
    _exit(code)
os._exit = exiting  # deja's whole-process commands end this way
import atexit
atexit.register(dump)
sys.argv = ["deja", *sys.argv[2:]]
from deja.cli import main
main()
'''


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--min-ms", type=float, default=0.3, help="list modules with at least this median self time")
    ap.add_argument("argv", nargs=argparse.REMAINDER, help="the deja command, after --")
    args = ap.parse_args()
    argv = args.argv[1:] if args.argv[:1] == ["--"] else args.argv
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs + 1):
            out = os.path.join(tmp, f"{i}.json")
            subprocess.run([sys.executable, "-c", CHILD, out, *argv], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=300, check=False)
            if i and os.path.exists(out):
                with open(out) as f:
                    runs.append(json.load(f))
    if not runs:
        raise SystemExit("no run finished")
    names = set().union(*(r["mods"] for r in runs))
    rows = []
    for n in names:
        got = [r["mods"].get(n, (0.0, 0.0)) for r in runs]
        rows.append((statistics.median(g[0] for g in got) * 1000, statistics.median(g[1] for g in got) * 1000, n))
    print(f"{len(runs)} runs; CPU of the process from its first line to its exit, median: "
          f"{statistics.median(r['total'] for r in runs) * 1000:.1f} ms; imports (sum of self): "
          f"{sum(r[0] for r in rows):.1f} ms over {len(rows)} modules")
    print("| self ms | cumulative ms | module |\n|---|---|---|")
    for s, c, n in sorted(rows, key=lambda r: -r[0]):
        if s >= args.min_ms:
            print(f"| {s:.2f} | {c:.2f} | {n} |")


if __name__ == "__main__":
    main()
