"""Index and search benchmarks on a generated corpus, with grep as the baseline.

    python benchmarks/gen_corpus.py --home /tmp/deja-bench --mb 100 --seed 42
    python benchmarks/run.py --home /tmp/deja-bench [--runs 3] [--json out.json]
    python benchmarks/run.py --home /tmp/deja-bench --needles-only   # index once, needles only
    python benchmarks/run.py --home /tmp/deja-5g --mb 5120          # generate (if not there) and run

`--mb N` generates a corpus of N MiB into HOME first unless HOME already holds one (its
needles.json); from 1 GiB up it is the big mode: one cold build instead of `--runs`.
Every `deja index` is measured as a process tree: wall, CPU (user+sys of every process, reaped
ones included) and peak PSS of all its processes, split into anonymous, file-backed and shared
memory (/proc/PID/smaps_rollup: Pss_Anon, Pss_File, Pss_Shmem) at the peak.

Needles (HOME/needles.json, written by gen_corpus.py): recall@1 and @5 per kind through the
library's `search` (the path the CLI, MCP server and hooks share), and CLI latency per kind.

Prints a Markdown table. Medians throughout: the machine is shared and noisy, so compare ratios
against the grep run made in the same go across machines. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
QUERIES = [
    ("common word", "connection"),
    ("two words", "pool timeout"),
    ("rare identifier", "err-4242"),
    ("phrase", '"retry cache"'),
    ("CJK two-character term", "连接"),
    ("path", "src/gateway/router.py"),
    ("filtered: --harness codex --since 400d", "deploy"),
]


def run(cmd: list[str], env: dict) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def _tree(root: int) -> list[int]:
    """`root` and every process descending from it (worker pools included)."""
    children: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(d))
    out, stack = [], [root]
    while stack:
        pid = stack.pop()
        out.append(pid)
        stack.extend(children.get(pid, []))
    return out


def _pss(pid: int) -> tuple[int, int, int, int]:
    """(Pss, Pss_Anon, Pss_File, Pss_Shmem) of one process in KiB."""
    got = dict.fromkeys(("Pss:", "Pss_Anon:", "Pss_File:", "Pss_Shmem:"), 0)
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for ln in f:
            key = ln.split(None, 1)[0]
            if key in got:
                got[key] = int(ln.split()[1])
    return got["Pss:"], got["Pss_Anon:"], got["Pss_File:"], got["Pss_Shmem:"]


def measure_tree(cmd: list[str], env: dict, every: float = 0.1) -> dict:
    """Wall time, peak memory of the whole process tree and CPU seconds summed over it.

    Wall is process start to exit: this thread waits on the process (wait4) while another
    samples memory, so the sampling period does not round it up (it did until session 6: a
    150 ms append read as 250-310 ms). Memory is PSS (shared pages counted once, so a forked
    worker is not charged twice), summed over the tree at each sample; the peak is reported with
    its split into anonymous memory, file-backed pages (the index files tantivy maps) and shared
    memory. CPU is what wait4 reports for the root and every child it reaped (a worker pool's
    included), or the sampled sum of the live processes' /proc stat if that is larger (a child
    reaped by no one)."""
    import threading

    tick = os.sysconf("SC_CLK_TCK")
    peak = [0, 0, 0, 0]
    peak_anon = [0]
    cpu: dict[int, float] = {}
    done = threading.Event()

    def sample(root: int) -> None:
        while True:
            now = [0, 0, 0, 0]
            for q in _tree(root):
                try:
                    for i, v in enumerate(_pss(q)):
                        now[i] += v
                    with open(f"/proc/{q}/stat") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    cpu[q] = (int(fields[11]) + int(fields[12])) / tick
                except (OSError, IndexError, ValueError):
                    continue
            if now[0] > peak[0]:
                peak[:] = now
            peak_anon[0] = max(peak_anon[0], now[1])
            if done.wait(every):
                return

    t = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sampler = threading.Thread(target=sample, args=(p.pid,), daemon=True)
    sampler.start()
    _pid, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    done.set()
    sampler.join()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed with {p.returncode}")
    reaped = usage.ru_utime + usage.ru_stime
    return {"wall_s": wall, "peak_pss_mb": peak[0] / 1024, "pss_anon_mb": peak[1] / 1024, "pss_file_mb": peak[2] / 1024,
            "pss_shmem_mb": peak[3] / 1024, "peak_anon_mb": peak_anon[0] / 1024, "cpu_s": max(reaped, sum(cpu.values()))}


def peak_of(runs: list[dict]) -> dict:
    return max(runs, key=lambda r: r["peak_pss_mb"])


def mem(r: dict) -> str:
    return (f"{r['peak_pss_mb']:.0f} MB (anonymous {r['pss_anon_mb']:.0f}, file-backed {r['pss_file_mb']:.0f}, "
            f"shared {r['pss_shmem_mb']:.0f}; anonymous peak {r['peak_anon_mb']:.0f})")


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.95 * (len(xs) - 1))))]


NEEDLE_CODE = r"""
import json, sys, time
from deja import paths
from deja.search import Options, search
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
rows = []
for n in json.loads(open(sys.argv[1]).read()):
    search(store, n["query"], Options())
    ts = []
    for _ in range(5):
        t = time.perf_counter(); r = search(store, n["query"], Options()); ts.append(time.perf_counter() - t)
    ids = [(h.session.harness, h.session.id) for h in r.hits]
    rank = ids.index((n["harness"], n["session"])) + 1 if (n["harness"], n["session"]) in ids else 0
    rows.append({"kind": n["kind"], "query": n["query"], "rank": rank, "tier": r.tier, "total": r.total, "ms": ts})
print(json.dumps(rows))
"""


FRESH_CODE = r"""
import json, statistics, sys, time
from deja import paths
from deja.ingest import fresh
out = {}
ts = []
for _ in range(int(sys.argv[1])):
    t = time.perf_counter(); store, _note = fresh.open_fresh(paths.index_dir()); ts.append(time.perf_counter() - t)
    store.close()
out["open_fresh_ms"] = statistics.median(ts) * 1000
store, _note = fresh.open_fresh(paths.index_dir())
try:
    from deja.ingest import snapshot
    snap = snapshot.load(store)  # what every read stats: the structure and the active files (a cold slice when due)
    out["observations"] = len(snap.followed) + len(snap.not_followed) + len(snap.active.paths) if snap else 0
    out["cold_slices"] = snap.slices if snap else 0
    ts = []
    for _ in range(int(sys.argv[1])):
        t = time.perf_counter(); ok = fresh.current(store); ts.append(time.perf_counter() - t)
    out["snapshot_ms"] = statistics.median(ts) * 1000
    out["snapshot_holds"] = ok
    from deja.ingest import indexer
    ts = []
    for _ in range(3):
        t = time.perf_counter(); indexer.make_plan(store); ts.append(time.perf_counter() - t)
    out["full_check_ms"] = statistics.median(ts) * 1000
except Exception as e:  # another branch may reshape the freshness check: report what was measurable
    out["error"] = f"{type(e).__name__}: {e}"
store.close()
print(json.dumps(out))
"""


def freshness(env: dict, runs: int = 20) -> dict:
    """What a read pays to know the index is current: open_fresh (snapshot replay and store open)
    with nothing changed, the replay alone, its number of observations, and the full check."""
    r = subprocess.run([sys.executable, "-c", FRESH_CODE, str(runs)], env=env, capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else {"error": r.stderr.strip().splitlines()[-1:]}


def needles(home: Path, env: dict, deja: list[str], cli_runs: int) -> dict:
    """Recall@1/@5 per needle kind in-process (before any CLI search, which counts recalls and so
    would nudge later rankings), then CLI latency per kind."""
    rows = json.loads(subprocess.run([sys.executable, "-c", NEEDLE_CODE, str(home / "needles.json")], env=env,
                                     capture_output=True, text=True, check=True).stdout)
    kinds: dict[str, dict] = {}
    for r in rows:
        k = kinds.setdefault(r["kind"], {"needles": 0, "at1": 0, "at5": 0, "inproc": [], "cli": [], "misses": []})
        k["needles"] += 1
        k["at1"] += r["rank"] == 1
        k["at5"] += 1 <= r["rank"] <= 5
        k["inproc"] += r["ms"]
        if r["rank"] != 1:
            k["misses"].append({"query": r["query"], "rank": r["rank"], "tier": r["tier"], "sessions": r["total"]})
    for r in rows:
        argv = deja + ["search", *r["query"].split(), "--json"]
        kinds[r["kind"]]["cli"] += [run(argv, env) for _ in range(cli_runs)]
    out = {}
    for kind, k in kinds.items():
        out[kind] = {"needles": k["needles"], "recall_at_1": k["at1"] / k["needles"], "recall_at_5": k["at5"] / k["needles"],
                     "inproc_median_ms": med(k["inproc"]) * 1000, "inproc_p95_ms": p95(k["inproc"]) * 1000,
                     "cli_median_ms": med(k["cli"]) * 1000, "cli_p95_ms": p95(k["cli"]) * 1000, "misses": k["misses"]}
    return out


def needle_table(res: dict) -> None:
    print("\n| needle kind | needles | recall@1 | recall@5 | in-process median / p95 ms | CLI median / p95 ms |\n|---|---|---|---|---|---|")
    n = sum(r["needles"] for r in res.values())
    for kind, r in res.items():
        print(f"| {kind} | {r['needles']} | {r['recall_at_1']:.2f} | {r['recall_at_5']:.2f} | "
              f"{r['inproc_median_ms']:.1f} / {r['inproc_p95_ms']:.1f} | {r['cli_median_ms']:.0f} / {r['cli_p95_ms']:.0f} |")
    at1 = sum(r["recall_at_1"] * r["needles"] for r in res.values()) / n
    at5 = sum(r["recall_at_5"] * r["needles"] for r in res.values()) / n
    print(f"| all | {n} | {at1:.2f} | {at5:.2f} | | |")
    misses = [(kind, m) for kind, r in res.items() for m in r["misses"]]
    if misses:
        print("\nNot first:\n")
        for kind, m in misses:
            print(f"- {kind}: `{m['query']}` — rank {m['rank'] or '>15'}, tier {m['tier']}, {m['sessions']} sessions")


BIG_MB = 1024  # from here on, one cold build


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--mb", type=float, help="generate a corpus of this many MiB into HOME first (unless it holds one)")
    ap.add_argument("--seed", type=int, default=42, help="for --mb")
    ap.add_argument("--runs", type=int, help="cold builds to take the median of (default 3; 1 from 1 GiB up)")
    ap.add_argument("--json", type=Path, help="also write the numbers here")
    ap.add_argument("--needles-only", action="store_true", help="index (if needed) and measure the needles only")
    ap.add_argument("--cli-runs", type=int, default=3, help="CLI runs per needle")
    ap.add_argument("--hook-runs", type=int, default=10, help="runs per hook payload (0: skip the hooks)")
    args = ap.parse_args()
    home = args.home.resolve()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env["HOME"] = str(home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed deja has its bytecode compiled
    deja = [sys.executable, "-m", "deja"]
    index_dir = home / ".cache" / "deja"
    stores = [home / ".claude", home / ".codex", home / ".pi"]
    out: dict = {"machine": f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"}
    if args.mb and not (home / "needles.json").exists():
        print(f"generating {args.mb:g} MiB into {home} (5 GiB: ~500 s of CPU, parallel over the cores)…", file=sys.stderr)
        g = subprocess.run([sys.executable, str(HERE / "gen_corpus.py"), "--home", str(home), "--mb", str(args.mb),
                            "--seed", str(args.seed)], check=True, capture_output=True, text=True)
        out["generated"] = json.loads(g.stdout)
        print(f"Generated: {g.stdout.strip()}", file=sys.stderr)
    corpus = sum(du(s) for s in stores if s.exists())
    out["corpus_bytes"] = corpus
    big = corpus >= BIG_MB * 2**20
    runs = args.runs or (1 if big else 3)
    has_needles = (home / "needles.json").exists()
    if args.needles_only:
        run(deja + ["index"], env)
        out["needles"] = needles(home, env, deja, args.cli_runs)
        if args.json:
            args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))
        print(f"Corpus: {corpus / 2**20:.0f} MiB of JSONL ({out['machine']})")
        needle_table(out["needles"])
        return

    cold = []
    for _ in range(runs):
        shutil.rmtree(index_dir, ignore_errors=True)
        cold.append(measure_tree(deja + ["index"], env))
    peak = peak_of(cold)
    out.update(cold_index_s=med([r["wall_s"] for r in cold]), cold_cpu_s=med([r["cpu_s"] for r in cold]), cold_runs=cold,
               cold_peak=peak, index_bytes=du(index_dir))
    noop = [measure_tree(deja + ["index"], env) for _ in range(5)]
    out["noop_reindex_s"] = med([r["wall_s"] for r in noop])
    out["noop_cpu_s"] = med([r["cpu_s"] for r in noop])
    out["fresh"] = freshness(env)
    appends = []
    for i in range(5):
        subprocess.run([sys.executable, str(HERE / "gen_corpus.py"), "--home", str(home), "--append-files", "5", "--seed", str(i)],
                       check=True, capture_output=True)
        appends.append(measure_tree(deja + ["index"], env))
    out["append5_reindex_s"] = med([r["wall_s"] for r in appends])
    out["append5_cpu_s"] = med([r["cpu_s"] for r in appends])
    out["incremental_peak"] = peak_of(noop + appends)
    startup = [run(deja + ["--help"], env) for _ in range(5)]
    out["startup_s"] = med(startup)
    if has_needles:  # before the CLI searches below, which count recalls
        out["needles"] = needles(home, env, deja, args.cli_runs)

    # In-process latency: the library call the CLI, MCP server and hooks share.
    code = r"""
import json, statistics, sys, time
from deja import paths
from deja.search import Options, search
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
rows = []
for label, q in json.loads(sys.argv[1]):
    opts = Options(harness="codex", since=time.time() - 400 * 86400) if label.startswith("filtered") else Options()
    search(store, q, opts)
    ts = []
    for _ in range(20):
        t = time.perf_counter(); r = search(store, q, opts); ts.append(time.perf_counter() - t)
    rows.append([label, ts, r.total, r.capped])
print(json.dumps(rows))
"""
    rows = json.loads(subprocess.run([sys.executable, "-c", code, json.dumps(QUERIES)], env=env, capture_output=True, text=True, check=True).stdout)
    out["search"] = []
    for (label, ts, total, capped), (_, q) in zip(rows, QUERIES):
        words = [q] if q.startswith('"') else q.split(" ")
        argv = deja + ["search", *words, "--json"]
        if label.startswith("filtered"):
            argv += ["--harness", "codex", "--since", "400d"]
        cli = [run(argv, env) for _ in range(7)]
        out["search"].append({"query": label, "inproc_median_ms": med(ts) * 1000, "inproc_p95_ms": p95(ts) * 1000,
                              "cli_median_ms": med(cli) * 1000, "cli_p95_ms": p95(cli) * 1000,
                              "sessions": total, "capped": capped})
    # Baseline: what a person does without deja (a rare word, so grep reads every file).
    out["grep_rare_ms"] = med([run(["grep", "-rliF", "err-4242", *map(str, stores)], env) for _ in range(5)]) * 1000

    hooks_table = ""
    if args.hook_runs:  # the hooks as agents run them (benchmarks/hooks.py)
        hooks_json = index_dir.parent / "deja-bench-hooks.json"
        hooks_table = subprocess.run([sys.executable, str(HERE / "hooks.py"), "--home", str(home), "--runs", str(args.hook_runs),
                                      "--json", str(hooks_json)], env=env, capture_output=True, text=True, check=True).stdout
        out["hooks"] = json.loads(hooks_json.read_text())
        hooks_json.unlink()

    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))
    mib = corpus / 2**20
    print(f"Corpus: {mib:.0f} MiB of JSONL ({out['machine']})\n")
    print("| measure | value |\n|---|---|")
    print(f"| cold index, wall ({'median of ' + str(runs) if runs > 1 else 'one build'}) | {out['cold_index_s']:.1f} s ({mib / out['cold_index_s']:.1f} MiB/s) |")
    print(f"| cold index, CPU (user+sys, all processes) | {out['cold_cpu_s']:.1f} s |")
    print(f"| cold index, peak PSS of all processes | {mem(out['cold_peak'])} |")
    print(f"| index size on disk | {out['index_bytes'] / 2**20:.0f} MiB ({100 * out['index_bytes'] / corpus:.1f}% of the corpus) |")
    print(f"| no-op re-index (median of 5), wall / CPU | {out['noop_reindex_s'] * 1000:.0f} ms / {out['noop_cpu_s'] * 1000:.0f} ms |")
    print(f"| re-index after appending to 5 transcripts (median of 5), wall / CPU | {out['append5_reindex_s'] * 1000:.0f} ms / {out['append5_cpu_s'] * 1000:.0f} ms |")
    print(f"| incremental runs (no-op, append), peak PSS | {mem(out['incremental_peak'])} |")
    f = out["fresh"]
    if "open_fresh_ms" in f:
        print(f"| freshness, nothing changed: open_fresh (median of 20) | {f['open_fresh_ms']:.1f} ms |")
    if "snapshot_ms" in f:
        print(f"| freshness: snapshot replay alone / observations it stats | {f['snapshot_ms']:.1f} ms / {f['observations']:,} |")
    if "full_check_ms" in f:
        print(f"| freshness: full check (make_plan, median of 3) | {f['full_check_ms']:.0f} ms |")
    if "error" in f:
        print(f"| freshness: not measured | {f['error']} |")
    print(f"| process start-up, `deja --help` | {out['startup_s'] * 1000:.0f} ms |")
    print("\n| query | in-process median / p95 ms | CLI median / p95 ms | sessions |\n|---|---|---|---|")
    for r in out["search"]:
        print(f"| {r['query']} | {r['inproc_median_ms']:.1f} / {r['inproc_p95_ms']:.1f} | {r['cli_median_ms']:.0f} / {r['cli_p95_ms']:.0f} | {r['sessions']}{' (capped)' if r['capped'] else ''} |")
    print(f"\nBaseline: `grep -rliF err-4242` over the stores, page cache warm: {out['grep_rare_ms']:.0f} ms.")
    if has_needles:
        needle_table(out["needles"])
    if hooks_table:
        print("\nHooks, each a new process with its payload on stdin:\n")
        print(hooks_table.strip())


if __name__ == "__main__":
    main()
