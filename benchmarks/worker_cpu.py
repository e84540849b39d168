"""The parse workers' share of a cold index, in one process: what each tree's `_parse` and
`coded.coded` (parse, clean-up, redaction, blobs, the cap and its word list, the analyzer input,
zstd) and the pickling of the result cost in CPU over the corpus under HOME. Two thirds of a cold
build's CPU is this work (docs/benchmarks.md "Issue 18, session 10"), and one process alone is
disturbed by a loaded machine far less than the whole pipeline (cold_ab.py: four busy threads on
two cores, ±5 % between runs at load 10; this: ±1-2 %).

    python benchmarks/worker_cpu.py --home H --tree main=/path/to/main/src --tree new=src --runs 3
    python benchmarks/worker_cpu.py --home H --tree new=src --stages        # where it goes, by stage

Each run is a new process (PYTHONPATH=the tree's src) over the same files in plan order (`--mb`:
the first MiB of them only), the trees alternated run by run. The dictionary is trained on the
first files' text, as a build does, and the result pickled as a worker sends it. `--stages` wraps
the stage functions with CPU timers (their own overhead included: the parts are a breakdown, the
total is the figure). Prints medians, each tree's ratio to the first, and a digest of the records
made, which must be equal across trees whose output is meant to be the same.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import collections, hashlib, json, os, pickle, sys, time
from deja import sources
from deja.sources.look import Look
from deja.ingest import indexer as I, coded as C, prepare as P
from deja.ingest.filestat import file_stat
from deja.store import bodies
limit, stages = float(sys.argv[1]), sys.argv[2] == "1"
acc = collections.Counter()
def wrap(mod, name, key):
    f = getattr(mod, name)
    def timed(*a, **k):
        t = time.process_time(); r = f(*a, **k); acc[key] += time.process_time() - t; return r
    setattr(mod, name, timed)
if stages:
    wrap(P.redact, "redact", "redact"); wrap(P, "unblob", "unblob"); wrap(P, "_other_words", "cap: word list")
    wrap(P, "cap", "cap (with its word list)"); wrap(P, "clean", "clean"); wrap(I, "analyzer_input", "analyzer input")
    wrap(I, "marks", "decision marks"); wrap(I, "prepare", "prepare (all)"); wrap(I, "_ready", "_ready (all)")
tasks, size = [], 0
for src in sources.enabled():
    for p in src.discover(Look()):
        size += os.path.getsize(p)
        if size > limit:
            break
        tasks.append(I.Task(src, p, file_stat(p, src)))
sample, held = bodies.Sample(), []
while tasks and not sample.full:  # the dictionary, as a build trains it (not timed)
    item = I._parse(tasks.pop(0), True, set(), [])
    for r in item.sessions:
        for d in r.docs:
            sample.add(d[3])
z = bodies.zstd()
codec = bodies.Codec(z.train_dictionary(bodies.DICT_BYTES, sample.parts, level=bodies.LEVEL, k=bodies.TRAIN_K,
                                        d=bodies.TRAIN_D).as_bytes()) if sample.full else bodies.Codec()
acc.clear()
digest, n, pickled = hashlib.sha256(), 0, 0
t0 = time.process_time()
for task in tasks:
    a = time.process_time(); item = I._parse(task, True, set(), []); acc["_parse (all)"] += time.process_time() - a
    a = time.process_time(); C.coded(item, codec); acc["coded: zstd, keys"] += time.process_time() - a
    item.task = None
    a = time.process_time(); data = pickle.dumps(item, protocol=5); acc["pickle"] += time.process_time() - a
    pickled += len(data)
    for r in item.sessions:
        for d in r.docs:
            digest.update(repr((d[0], d[1], d[2], d[4], d[5])).encode()); n += 1
cpu = time.process_time() - t0
print(json.dumps({"cpu": cpu, "files": len(tasks), "records": n, "pickled": pickled, "digest": digest.hexdigest()[:16],
                  "stages": dict(acc)}))
'''


def _env(home: Path, src: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_", "PYTHON"))}
    env.update(HOME=str(home), PYTHONPATH=str(src), XDG_CACHE_HOME=str(home / ".cache"),
               XDG_CONFIG_HOME=str(home / ".config"), XDG_DATA_HOME=str(home / ".local" / "share"),
               XDG_STATE_HOME=str(home / ".local" / "state"))
    return env


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True, help="a HOME holding a corpus (gen_corpus.py); only read")
    ap.add_argument("--tree", action="append", required=True, help="NAME=SRC_DIR (the directory holding deja/)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--mb", type=float, default=0, help="only the first MiB of the corpus's files (0: all)")
    ap.add_argument("--stages", action="store_true", help="also time each stage (timers included)")
    args = ap.parse_args()
    if args.home.resolve() == Path(os.path.expanduser("~")).resolve():
        raise SystemExit("worker_cpu.py: --home must be a scratch HOME holding a corpus, not the account's own")
    trees = [(n, Path(s).resolve()) for n, s in (t.split("=", 1) for t in args.tree)]
    limit = str(args.mb * (1 << 20) if args.mb else 1e18)
    res: dict[str, list[dict]] = {n: [] for n, _ in trees}
    for i in range(args.runs):
        for name, src in trees:
            out = subprocess.run([sys.executable, "-c", CHILD, limit, "1" if args.stages else "0"],
                                 env=_env(args.home, src), capture_output=True, text=True)
            if out.returncode:
                raise SystemExit(f"{name}: {out.stderr[-800:]}")
            r = json.loads(out.stdout.strip().splitlines()[-1])
            res[name].append(r)
            print(f"run {i + 1} {name}: CPU {r['cpu']:.2f} s, {r['records']:,} records, {r['pickled'] / 1e6:.1f} MB "
                  f"pickled, digest {r['digest']}, load {os.getloadavg()[0]:.1f}", flush=True)
    first = statistics.median(r["cpu"] for r in res[trees[0][0]])
    print("\n| tree | CPU median s | runs | ratio | records | digest |\n|---|---|---|---|---|---|")
    for name, _ in trees:
        cpus = [r["cpu"] for r in res[name]]
        med = statistics.median(cpus)
        print(f"| {name} | {med:.2f} | {', '.join(f'{c:.2f}' for c in cpus)} | {med / first:.3f} | "
              f"{res[name][0]['records']:,} | {res[name][0]['digest']} |")
    if args.stages:
        for name, _ in trees:
            print(f"\n{name}, by stage (median s; nested stages inside `_parse (all)`):")
            keys = sorted({k for r in res[name] for k in r["stages"]}, key=lambda k: -res[name][0]["stages"].get(k, 0))
            for k in keys:
                print(f"  {k:28s} {statistics.median(r['stages'].get(k, 0) for r in res[name]):7.2f}")


if __name__ == "__main__":
    main()
