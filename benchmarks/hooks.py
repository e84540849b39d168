"""Hook latency: how long an agent waits for each `deja hook-*` on a given HOME.

    python benchmarks/hooks.py --home BENCH_HOME [--runs 30] [--json out.json]

The HOME must hold a built index (`HOME=BENCH_HOME deja index`; benchmarks/gen_corpus.py makes a
corpus). Each hook runs as the agent runs it — a new `python -m deja hook-…` process with the
payload on stdin — and in-process (`deja.hooks.run`) to show what is start-up and what is work.
Payloads come from the index itself: its busiest project, a file and a command its sessions
really touched, a history question, an ordinary prompt and a preference question. Each run is a
new conversation (a new session id), so the once-per-conversation rules never silence a run.
`hook-precompact` is measured on a transcript that has not changed (the plan, the lock, no
writes); it does write when the transcript has grown. Not run by the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pick_payloads(home: Path) -> dict[str, dict]:
    os.environ["HOME"] = str(home)
    from deja import paths
    from deja.model import ROLE_CODE, Role
    from deja.store import Filters, Store

    store = Store(paths.index_dir(), readonly=True)
    try:
        rows = store.catalog.recent_sessions(2000)
        projects: dict[str, int] = {}
        for r in rows:
            projects[r.project] = projects.get(r.project, 0) + 1
        project = max(projects, key=projects.get) if projects else ""
        row = next((r for r in rows if r.project == project), rows[0] if rows else None)
        cwd = row.cwd if row and row.cwd else f"/home/dev/{project}"
        transcript = row.path if row else ""
        # a file and a command the project's sessions really touched
        sids = store.catalog.project_sids(row.root or row.cwd) if row and (row.root or row.cwd) else None
        f = Filters(None, sids, None, [ROLE_CODE[Role.EDIT], ROLE_CODE[Role.FILES]])
        cands, _ = store.text.search([("py",)], f, 50, newest=True)
        recs = store.text.bodies([c.addr for c in cands])
        path = next((ln for r in recs for ln in r.text.splitlines()[:1] if ln.endswith(".py")), f"{cwd}/src/app.py")
        if not path.startswith("/"):
            path = f"{cwd}/{path}"
    finally:
        store.close()
    base = {"cwd": cwd, "transcript_path": transcript}
    return {
        "context": base | {"hook_event_name": "SessionStart", "source": "startup"},
        "prompt: history question (zh)": base | {"hook_event_name": "UserPromptSubmit", "prompt": "上次数据库连接池的问题是怎么解决的？"},
        "prompt: history question (en)": base | {"hook_event_name": "UserPromptSubmit",
                                                 "prompt": "How did we fix the gateway timeout retry last time?"},
        "prompt: ordinary": base | {"hook_event_name": "UserPromptSubmit",
                                    "prompt": "the scheduler worker leaks memory when the queue is full"},
        "prompt: preference": base | {"hook_event_name": "UserPromptSubmit", "prompt": "which test runner do I prefer?"},
        # questions without a cue: searched the question way since session 6, answered only on a strong match
        "prompt: question about the person": base | {"hook_event_name": "UserPromptSubmit",
                                                    "prompt": "What connection pool size do we use for the gateway?"},
        "prompt: unrelated question": base | {"hook_event_name": "UserPromptSubmit",
                                             "prompt": "How do I center a div with flexbox?"},
        "tool: Edit": base | {"hook_event_name": "PreToolUse", "tool_name": "Edit",
                              "tool_input": {"file_path": path, "old_string": "a", "new_string": "b"}},
        "tool: Bash": base | {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "pytest -q"}},
        "precompact (unchanged transcript)": base | {"hook_event_name": "PreCompact", "trigger": "auto"},
    }


def kind_of(name: str) -> str:
    return name.split(":")[0].split(" ")[0]


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def measure(home: Path, payloads: dict[str, dict], runs: int) -> list[dict]:
    """Per hook: wall time as the agent waits for a new process, and in-process; CPU time
    (user + sys) of both, which load on a shared machine disturbs less than wall time."""
    import resource

    from deja.hooks import handlers as hooks

    def children_cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    env = dict(os.environ, HOME=str(home))
    out = []
    for name, payload in payloads.items():
        kind = kind_of(name)
        wall, inproc, cpu, inproc_cpu, answered = [], [], [], [], 0
        for i in range(runs + 1):  # the first run warms the page cache and is not counted
            data = json.dumps(payload | {"session_id": f"bench-{time.time_ns()}-{i}"}, ensure_ascii=False).encode()
            c0, t0 = children_cpu(), time.perf_counter()
            p = subprocess.run([sys.executable, "-m", "deja", f"hook-{kind}"], input=data, capture_output=True, env=env)
            dt, dc = time.perf_counter() - t0, children_cpu() - c0
            c1, t1 = time.process_time(), time.perf_counter()
            hooks.run(kind, data.replace(b"bench-", b"bench-inproc-"))
            di, dci = time.perf_counter() - t1, time.process_time() - c1
            if i:
                wall.append(dt * 1000)
                inproc.append(di * 1000)
                cpu.append(dc * 1000)
                inproc_cpu.append(dci * 1000)
                answered += bool(p.stdout.strip())
            if p.returncode != 0:
                raise SystemExit(f"hook-{kind} exited {p.returncode}: {p.stderr.decode()[:300]}")
        out.append({"hook": name, "runs": runs, "answered": answered,
                    "median_ms": round(statistics.median(wall), 1), "p95_ms": round(percentile(wall, 0.95), 1),
                    "inproc_median_ms": round(statistics.median(inproc), 1),
                    "inproc_p95_ms": round(percentile(inproc, 0.95), 1),
                    "cpu_median_ms": round(statistics.median(cpu), 1), "inproc_cpu_median_ms": round(statistics.median(inproc_cpu), 1)})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--home", type=Path, required=True, help="a HOME whose index is built")
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--json", type=Path, help="also write the numbers here")
    args = ap.parse_args()
    home = args.home.resolve()
    os.environ["HOME"] = str(home)
    for var in ("XDG_CACHE_HOME", "DEJA_INDEX_DIR"):
        os.environ.pop(var, None)
    from deja import paths

    from deja.store import generations

    if not generations.exists(paths.index_dir()):
        raise SystemExit(f"no index under {home}: run `HOME={home} deja index` first")
    from deja.store import Store

    store = Store(paths.index_dir(), readonly=True)
    files, sessions, records = store.catalog.totals()
    store.close()
    size = sum(f.stat().st_size for f in paths.index_dir().rglob("*") if f.is_file())
    payloads = pick_payloads(home)
    # start-up alone: the same process with nothing on stdin
    t = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deja", "hook-prompt"], input=b"", capture_output=True,
                       env=dict(os.environ, HOME=str(home)))
        t.append((time.perf_counter() - t0) * 1000)
    results = measure(home, payloads, args.runs)
    print(f"index: {sessions} sessions, {records} records, {size / 2**20:.0f} MiB ({paths.index_dir()})")
    print(f"process start-up, empty stdin: median {statistics.median(t):.1f} ms, p95 {percentile(t, 0.95):.1f} ms\n")
    print("| hook | answered | median ms | p95 ms | CPU median ms | in-process median ms | in-process p95 ms | in-process CPU median ms |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['hook']} | {r['answered']}/{r['runs']} | {r['median_ms']} | {r['p95_ms']} | {r['cpu_median_ms']} | "
              f"{r['inproc_median_ms']} | {r['inproc_p95_ms']} | {r['inproc_cpu_median_ms']} |")
    if args.json:
        args.json.write_text(json.dumps({"sessions": sessions, "records": records, "index_bytes": size,
                                         "startup_median_ms": round(statistics.median(t), 1), "hooks": results}, indent=1))


if __name__ == "__main__":
    if not os.environ.get("PYTHONPATH"):  # PYTHONPATH=OTHER/src measures another tree's code (an A/B)
        sys.path.insert(0, str(ROOT / "src"))
    main()
