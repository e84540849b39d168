"""Index and search benchmarks on a generated corpus, against grep as the baseline.

    python benchmarks/generate.py /tmp/deja-bench/home --mib 110
    python benchmarks/run.py /tmp/deja-bench/home [--runs 3]

Prints a Markdown table (medians; the machine is shared and noisy, so ratios against a grep
run in the same go are the numbers to compare across machines).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

QUERIES = [
    ("common word", "connection"),
    ("two words", "pool timeout"),
    ("rare word", "err-4242"),
    ("phrase", '"retry cache"'),
    ("CJK two-character term", "连接"),
    ("path with punctuation", "src/gateway/router.py"),
    ("filtered: --harness codex --since 400d", "deploy"),
]


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """Wall seconds and the peak RSS (MB) of one child run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return wall, max(peak, before) / 1024


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("home", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    home = args.home.resolve()
    env = {**os.environ, "HOME": str(home)}
    for k in list(env):
        if k.startswith(("XDG_", "DEJA_")):
            env.pop(k)
    deja = [sys.executable, "-m", "deja"]
    stores = [home / ".claude", home / ".codex", home / ".pi"]
    corpus = sum(du(s) for s in stores if s.exists())
    rows = []

    cold = []
    for _ in range(args.runs):
        shutil.rmtree(home / ".cache" / "deja", ignore_errors=True)
        wall, _ = timed(deja + ["index"], env)
        cold.append(wall)
    # peak memory of one cold build, measured alone in a fresh process tree
    shutil.rmtree(home / ".cache" / "deja", ignore_errors=True)
    peak = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *deja, "index"], env=env, capture_output=True, text=True, check=True
    ).stderr.strip().splitlines()[-1]
    size = du(home / ".cache" / "deja")
    noop = statistics.median(timed(deja + ["index"], env)[0] for _ in range(5))
    rows.append(("corpus", f"{corpus / 2**20:.0f} MiB of JSONL"))
    rows.append(("cold index, wall (median of %d)" % args.runs, f"{statistics.median(cold):.1f} s ({corpus / 2**20 / statistics.median(cold):.1f} MiB/s)"))
    rows.append(("cold index, peak RSS", f"{int(peak) / 1024:.0f} MB"))
    rows.append(("index size on disk", f"{size / 2**20:.0f} MiB ({100 * size / corpus:.0f}% of the corpus)"))
    rows.append(("no-op re-index (median of 5)", f"{noop * 1000:.0f} ms"))

    # In-process search latency: the library call the CLI, MCP server and hooks share.
    code = r"""
import statistics, sys, time
from deja import paths
from deja.search import Options, search
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
for label, q in QUERIES:
    opts = Options(harness="codex", since=time.time() - 400 * 86400) if label.startswith("filtered") else Options()
    search(store, q, opts)  # warm
    ts = []
    for _ in range(20):
        t = time.perf_counter(); r = search(store, q, opts); ts.append(time.perf_counter() - t)
    ts.sort()
    print(f"{label}\t{statistics.median(ts)*1000:.1f}\t{ts[18]*1000:.1f}\t{r.total}\t{r.capped}")
"""
    out = subprocess.run([sys.executable, "-c", f"QUERIES={QUERIES!r}\n{code}"], env=env, capture_output=True, text=True, check=True).stdout
    search_rows = [line.split("\t") for line in out.strip().splitlines()]

    # Baseline: what a person does without deja.
    # A rare word, so grep reads every file (a common one lets `grep -l` stop early in each).
    grep_times = []
    for _ in range(5):
        t = time.perf_counter()
        subprocess.run(["grep", "-rliF", "err-4242", *map(str, stores)], stdout=subprocess.DEVNULL)
        grep_times.append(time.perf_counter() - t)
    grep = statistics.median(grep_times)
    cli = statistics.median(timed(deja + ["search", "err-4242", "--json"], env)[0] for _ in range(5))
    startup = statistics.median(timed(deja + ["--help"], env)[0] for _ in range(5))

    print("| measure | value |\n|---|---|")
    for k, v in rows:
        print(f"| {k} | {v} |")
    print("\n| query (in-process `deja.search.search`, 20 runs) | median ms | p95 ms | sessions | capped |\n|---|---|---|---|---|")
    for label, med, p95, total, capped in search_rows:
        print(f"| {label} | {med} | {p95} | {total} | {capped} |")
    print("\n| end to end | median |\n|---|---|")
    print(f"| `deja search err-4242 --json` (new process, freshness check included) | {cli * 1000:.0f} ms |")
    print(f"| of which process start-up (`deja --help`) | {startup * 1000:.0f} ms |")
    print(f"| baseline `grep -rliF err-4242` over the stores (page cache warm) | {grep * 1000:.0f} ms |")
    print(f"| ratio grep / deja CLI | {grep / cli:.1f}× |")


if __name__ == "__main__":
    main()
