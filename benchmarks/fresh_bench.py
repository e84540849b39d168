"""Append and search latency, A/B: variants of deja's source tree, each on its own copy of a HOME.

    python benchmarks/gen_corpus.py --home /tmp/x/h --mb 100 --seed 42
    python benchmarks/fresh_bench.py --home /tmp/x/h --variant main=/tmp/x/main/src --variant new=src \
        --work /tmp/x/work --runs 7 [--age-days 30]

Each variant gets a copy of HOME (`--work`/<name>) and runs with PYTHONPATH=<its src>, one after
the other in every round (interleaved, so load drifts hit both). Measured per round:

- `append`: 5 transcripts grown (`gen_corpus.py --append-files 5`), then `deja index`: process
  start to exit, wall and CPU (user+sys of the process and its children, from wait4);
- `search after append`: 5 grown again, then a CLI search (the path that must find the turn);
- `search`: the CLI search of each needle kind (needles.json), nothing changed for `--settle`
  seconds and one search made since (the steady state);
- `replay`: the freshness check alone, in process (`fresh.current`), median of 20.

`--age-days N` first sets every store file's and directory's mtime N days back (the generator
writes them all "now"; a real history's files are mostly idle), except the five transcripts
the appends grow. Prints medians and p95 per variant and the ratio to the first variant.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """(wall s, CPU s of the process and everything it waited for)."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{cmd} failed")
    return wall, ru.ru_utime + ru.ru_stime


def age(home: Path, days: float) -> None:
    stores = [home / ".claude", home / ".codex", home / ".pi"]
    live = sorted((home / ".claude/projects").rglob("*.jsonl"), key=lambda p: p.stat().st_mtime)[-5:]
    then = time.time() - days * 86400
    for root in stores:
        for dirpath, _, filenames in os.walk(root):
            for n in filenames:
                p = Path(dirpath) / n
                if p not in live:
                    os.utime(p, (then, then))
        for dirpath, _, _ in sorted(os.walk(root), key=lambda w: -len(w[0])):
            os.utime(dirpath, (then, then))


REPLAY = r"""
import statistics, sys, time
from deja import paths
from deja.ingest import fresh
from deja.store import Store
store = Store(paths.index_dir())
ts = []
for _ in range(20):
    t = time.perf_counter(); ok = fresh.current(store); ts.append(time.perf_counter() - t)
print(statistics.median(ts) * 1000, ok)
"""


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--variant", action="append", required=True, help="NAME=SRC (a deja checkout's src/)")
    ap.add_argument("--work", type=Path, required=True, help="where each variant's HOME copy goes")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--age-days", type=float, default=0)
    ap.add_argument("--settle", type=float, default=4, help="seconds between the appends and the needle searches")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    variants = [(v.split("=", 1)[0], Path(v.split("=", 1)[1]).resolve()) for v in args.variant]
    needles = json.loads((args.home / "needles.json").read_text())
    by_kind: dict[str, str] = {}
    for n in needles:
        by_kind.setdefault(n["kind"], n["query"])
    envs, res = {}, {}
    for name, src in variants:
        h = args.work / name
        if not h.exists():
            shutil.copytree(args.home, h, symlinks=True)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_", "PYTHONDONTWRITE"))}
        env.update(HOME=str(h), PYTHONPATH=str(src))
        envs[name] = env
        subprocess.run([sys.executable, "-m", "deja", "index"], env=env, check=True, capture_output=True)
        if args.age_days:
            age(h, args.age_days)
        for _ in range(2):  # the aged mtimes are a change: index again, then a search leaves the snapshot
            subprocess.run([sys.executable, "-m", "deja", "index"], env=env, check=True, capture_output=True)
        res[name] = {"append": [], "append_cpu": [], "search_after_append": [], "saa_cpu": [], "replay_ms": [],
                     **{f"search {k}": [] for k in by_kind}, **{f"cpu {k}": [] for k in by_kind}}
    deja = [sys.executable, "-m", "deja"]
    for i in range(args.runs):
        for name, _ in variants:
            env, r = envs[name], res[name]
            grow = [sys.executable, str(HERE / "gen_corpus.py"), "--home", env["HOME"], "--append-files", "5", "--seed", str(100 + i)]
            subprocess.run(grow, check=True, capture_output=True)
            w, c = timed(deja + ["index"], env)
            r["append"].append(w), r["append_cpu"].append(c)
            subprocess.run(grow[:-1] + [str(200 + i)], check=True, capture_output=True)
            w, c = timed(deja + ["search", "--json", "pool timeout"], env)
            r["search_after_append"].append(w), r["saa_cpu"].append(c)
            time.sleep(args.settle)  # the needles: nothing changed for a while (steady state)
            timed(deja + ["search", "warm"], env)
            for kind, q in by_kind.items():
                w, c = timed(deja + [q], env)
                r[f"search {kind}"].append(w), r[f"cpu {kind}"].append(c)
            out = subprocess.run([sys.executable, "-c", REPLAY], env=env, check=True, capture_output=True, text=True).stdout.split()
            r["replay_ms"].append(float(out[0]))
    first = variants[0][0]
    print(f"| measure | {' | '.join(f'{n} median / p95' for n, _ in variants)} | ratio {variants[-1][0]}/{first} (median) |")
    print(f"|---|{'---|' * len(variants)}---|")
    for key in res[first]:
        scale = 1 if key == "replay_ms" else 1000
        cells = [f"{statistics.median(res[n][key]) * scale:.1f} / {p95(res[n][key]) * scale:.1f}" for n, _ in variants]
        ratio = statistics.median(res[variants[-1][0]][key]) / max(statistics.median(res[first][key]), 1e-9)
        print(f"| {key} ms | {' | '.join(cells)} | {ratio:.2f} |")
    if args.json:
        args.json.write_text(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
