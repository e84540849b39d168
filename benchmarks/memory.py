"""Peak memory of a cold index, every deja process summed, anonymous and file-backed apart.

    python benchmarks/memory.py --home H [--runs 3] [--json out.json]
    python benchmarks/memory.py --home H --variant base=/path/to/other/src --variant new= [--runs 3]

Each run deletes H/.cache/deja and runs `python -m deja index` under a sampler that reads
/proc/PID/smaps_rollup of the whole process tree (the writer, its forkserver and the parse
workers; the tree listed again every tenth sample) every `--every` seconds: PSS (shared pages split among the processes that map them, so
a forked worker is not charged twice), its anonymous part (heaps: Python's, tantivy's indexing
and merge buffers) and its file-backed part (pages of files the processes map: the interpreter
and libraries, and the index segment files tantivy memory-maps to read while it merges). The
peak of the sum is reported with its two parts at that moment, beside each part's own peak and
the writer process's. CPU is user+sys of the tree (os.wait4 of `deja index`, which includes the
descendants it reaped; and the last sample of each process's /proc stat, whichever is larger).

Variants (`NAME=SRC`: that tree's `src` first on PYTHONPATH; empty: the deja this interpreter
imports; `NAME=SRC:K=V,K=V` adds environment variables) are run alternately, run by run, so the
machine's load falls on each alike. Prints a Markdown table of medians. Not part of the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from run import _tree  # noqa: E402  (the process tree, as run.py's sampler walks it)

FIELDS = ("Pss", "Pss_Anon", "Pss_File", "Rss")


def _sample(pid: int) -> tuple[dict[str, int], float] | None:
    """(kB per field, CPU seconds) of one process, or None once it is gone."""
    got = dict.fromkeys(FIELDS, 0)
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for ln in f:
                key = ln.split(":", 1)[0]
                if key in got:
                    got[key] = int(ln.split()[1])
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError, ValueError):
        return None
    return got, (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def segments(text_dir: Path) -> tuple[int, int]:
    """(segments, bytes) of a tantivy index directory: one `.store` file per segment."""
    n = size = 0
    try:
        for e in os.scandir(text_dir):
            n += e.name.endswith(".store")
            size += e.stat().st_size
    except OSError:
        pass
    return n, size


def mapping_kinds(pid: int) -> dict[str, int]:
    """kB of PSS of one process by kind of mapping: `[heap]` (brk: the main arena), anonymous
    mappings by size (glibc's other arenas reserve 64 MiB each; Python's obmalloc arenas are 1 MiB
    mmaps; tantivy's large buffers are their own mmaps), and files by directory."""
    out: dict[str, int] = {}
    name = ""
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for ln in f:
                head = ln.split(None, 5)
                if "-" in head[0] and len(head) >= 5 and not head[0].endswith(":"):
                    lo, _, hi = head[0].partition("-")
                    size = (int(hi, 16) - int(lo, 16)) >> 20
                    path = head[5].strip() if len(head) == 6 else ""
                    if path.startswith("["):
                        name = path
                    elif path:
                        name = "file " + ("index" if "/.cache/deja/" in path else os.path.dirname(path))
                    else:
                        name = "anon 64 MiB (arena)" if size in (63, 64) else f"anon {'<1' if size < 1 else '1-62' if size < 63 else '>64'} MiB"
                elif head[0] == "Pss:":
                    out[name] = out.get(name, 0) + int(head[1])
    except (OSError, ValueError, IndexError):
        return {}
    return out


def cold_index(home: Path, env: dict, every: float = 0.1, kinds_every: float = 0.0) -> dict:
    """One cold `deja index` under the sampler."""
    index_dir = home / ".cache" / "deja"
    shutil.rmtree(index_dir, ignore_errors=True)
    t0 = time.perf_counter()
    err_file = tempfile.TemporaryFile()
    p = subprocess.Popen([sys.executable, "-m", "deja", "index"], env=env, stdout=subprocess.DEVNULL, stderr=err_file)
    peak = {"total": 0, "anon_at_peak": 0, "file_at_peak": 0, "anon": 0, "file": 0, "rss_sum": 0,
            "writer": 0, "writer_anon": 0, "writer_file": 0, "segments": 0,
            "writer_anon_at_peak": 0, "writer_file_at_peak": 0, "others_anon_at_peak": 0, "others_file_at_peak": 0}
    kinds: dict[str, int] = {}  # the writer's memory by kind of mapping, at its largest (--kinds)
    last_kinds = 0.0
    cpu: dict[int, float] = {}
    timeline = []
    pids: list[int] = []
    n = 0
    while True:
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        tot = dict.fromkeys(FIELDS, 0)
        mine = dict.fromkeys(FIELDS, 0)
        if n % 10 == 0:  # listing /proc is most of the sampler's own CPU: the tree changes rarely
            pids = _tree(p.pid)
        n += 1
        for pid in pids:
            s = _sample(pid)
            if s is None:
                continue
            kb, cpu[pid] = s
            for k in FIELDS:
                tot[k] += kb[k]
            if pid == p.pid:
                mine = kb
                peak["writer"] = max(peak["writer"], kb["Pss"])
                peak["writer_anon"] = max(peak["writer_anon"], kb["Pss_Anon"])
                peak["writer_file"] = max(peak["writer_file"], kb["Pss_File"])
        if tot["Pss"] > peak["total"]:
            peak.update(total=tot["Pss"], anon_at_peak=tot["Pss_Anon"], file_at_peak=tot["Pss_File"],
                        writer_anon_at_peak=mine["Pss_Anon"], writer_file_at_peak=mine["Pss_File"],
                        others_anon_at_peak=tot["Pss_Anon"] - mine["Pss_Anon"],
                        others_file_at_peak=tot["Pss_File"] - mine["Pss_File"])
        if kinds_every and time.perf_counter() - last_kinds > kinds_every:
            last_kinds = time.perf_counter()
            got = mapping_kinds(p.pid)
            if sum(got.values()) > sum(kinds.values()):
                kinds = got
        peak["anon"], peak["file"] = max(peak["anon"], tot["Pss_Anon"]), max(peak["file"], tot["Pss_File"])
        peak["rss_sum"] = max(peak["rss_sum"], tot["Rss"])
        text = next(iter(index_dir.glob("index.*/text")), None)
        nseg = segments(text)[0] if text else 0
        peak["segments"] = max(peak["segments"], nseg)
        timeline.append((round(time.perf_counter() - t0, 2), tot["Pss"] // 1024, tot["Pss_Anon"] // 1024,
                         tot["Pss_File"] // 1024, nseg, mine["Pss_Anon"] // 1024, mine["Pss_File"] // 1024))
        time.sleep(every)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    err_file.seek(0)
    err = err_file.read().decode(errors="replace")
    err_file.close()
    p.returncode = code
    if code:
        raise SystemExit(f"deja index failed with {code}: {err.strip()[-500:]}")
    text = next(iter(index_dir.glob("index.*/text")))
    nseg, size = segments(text)
    out = {k: v / 1024 for k, v in peak.items() if k != "segments"}
    reaped = usage.ru_utime + usage.ru_stime  # the child and the descendants it waited for
    out.update(wall_s=wall, cpu_s=max(reaped, sum(cpu.values())), final_segments=nseg, text_bytes=size,
               peak_segments=peak["segments"], timeline=timeline,
               writer_kinds={k: v // 1024 for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]) if v >= 1024})
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--every", type=float, default=0.1, help="seconds between samples")
    ap.add_argument("--variant", action="append", default=[], help="NAME=SRC[:K=V,K=V] (repeatable)")
    ap.add_argument("--kinds", type=float, default=0.0,
                    help="every this many seconds, read the writer's smaps by kind of mapping (0: never)")
    ap.add_argument("--json", type=Path, help="also write every run here (with its timeline)")
    args = ap.parse_args()
    home = args.home.resolve()
    base = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    base["HOME"] = str(home)
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    variants = []
    for spec in args.variant or ["this="]:
        name, _, rest = spec.partition("=")
        src, _, extra = rest.partition(":")
        env = dict(base)
        if src:
            env["PYTHONPATH"] = os.pathsep.join([str(Path(src).resolve()), *filter(None, [env.get("PYTHONPATH")])])
        for kv in filter(None, extra.split(",")):
            k, _, v = kv.partition("=")
            env[k] = v
        variants.append((name, env))
    runs: dict[str, list[dict]] = {name: [] for name, _ in variants}
    for i in range(args.runs):
        for name, env in variants:
            r = cold_index(home, env, args.every, args.kinds)
            runs[name].append(r)
            print(f"run {i + 1} {name}: PSS {r['total']:.0f} MB (anon {r['anon_at_peak']:.0f}, file {r['file_at_peak']:.0f}), "
                  f"wall {r['wall_s']:.1f} s, CPU {r['cpu_s']:.1f} s, {r['final_segments']} segments; at the peak writer "
                  f"{r['writer_anon_at_peak']:.0f} + {r['writer_file_at_peak']:.0f}, others {r['others_anon_at_peak']:.0f} + "
                  f"{r['others_file_at_peak']:.0f}; writer kinds {r['writer_kinds']}", file=sys.stderr, flush=True)
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1))
    corpus = sum(f.stat().st_size for s in (".claude", ".codex", ".pi") if (home / s).exists()
                 for f in (home / s).rglob("*") if f.is_file())
    print(f"Corpus: {corpus / 2**20:.0f} MiB; medians of {args.runs} run(s) per variant (MB = 2^20 bytes)\n")
    print("| variant | peak PSS, all processes (anon + file at the peak) | at the peak: writer anon + file, others anon + file "
          "| peak anon | peak file | writer PSS (anon; file) | RSS summed | wall s | CPU s | segments at the end (most seen) | text index MiB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, rs in runs.items():
        def m(key: str) -> float:
            return statistics.median(r[key] for r in rs)
        print(f"| {name} | {m('total'):.0f} ({m('anon_at_peak'):.0f} + {m('file_at_peak'):.0f}) "
              f"| {m('writer_anon_at_peak'):.0f} + {m('writer_file_at_peak'):.0f}, {m('others_anon_at_peak'):.0f} + "
              f"{m('others_file_at_peak'):.0f} | {m('anon'):.0f} | {m('file'):.0f} "
              f"| {m('writer'):.0f} ({m('writer_anon'):.0f}; {m('writer_file'):.0f}) | {m('rss_sum'):.0f} | {m('wall_s'):.1f} "
              f"| {m('cpu_s'):.1f} | {m('final_segments'):.0f} ({m('peak_segments'):.0f}) | {m('text_bytes') / 2**20:.0f} |")


if __name__ == "__main__":
    main()
