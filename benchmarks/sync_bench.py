"""Export and import timings of `deja sync` on a generated corpus.

    python benchmarks/sync_bench.py --mb 100 [--seed 42] [--work DIR]

Generates the corpus (gen_corpus.py) into machine A's HOME, indexes it (not timed), then times,
through the CLI: `deja sync export DIR --full` on A, `deja sync import DIR` on B (store + index),
the same import again on B (every record a duplicate), and a second export on A (nothing new).
Prints one JSON object: wall seconds, and CPU seconds (user + system, the command and its
children) — on a shared machine the CPU figures are the ones to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent


CPU: dict[str, float] = {}  # CPU seconds (user + system) of each timed command, by its label


def deja(home: Path, name: str, *args: str, label: str = "") -> tuple[float, dict]:
    """Wall seconds of one `deja … --json` run (its CPU seconds go to CPU[label])."""
    import resource

    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env.update(HOME=str(home), DEJA_MACHINE=name)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run([sys.executable, "-m", "deja", *args, "--json"], env=env, capture_output=True, text=True,
                       check=True, cwd=str(home))
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if label:
        CPU[label] = round(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, 2)
    return wall, json.loads(p.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=100)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--work", type=Path, default=None)
    a = ap.parse_args()
    work = a.work or Path(tempfile.mkdtemp(prefix="deja-sync-bench-"))
    ha, hb, batches = work / "a", work / "b", work / "batches"
    for d in (ha, hb):
        d.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(HERE / "gen_corpus.py"), "--home", str(ha), "--mb", str(a.mb),
                    "--seed", str(a.seed)], check=True, capture_output=True)
    t_index, _ = deja(ha, "alpha", "index", label="index")
    t_export, ex = deja(ha, "alpha", "sync", "export", str(batches), "--full", label="export_full")
    size = sum(p.stat().st_size for p in batches.glob("deja-sync-*.jsonl"))
    t_import, im = deja(hb, "beta", "sync", "import", str(batches), label="import")
    t_again, again = deja(hb, "beta", "sync", "import", str(batches), label="reimport")
    t_second, second = deja(ha, "alpha", "sync", "export", str(work / "second"), label="export_nothing_new")
    print(json.dumps({
        "corpus_mb": a.mb, "seed": a.seed, "index_s": round(t_index, 1),
        "export_full_s": round(t_export, 2), "records": ex["records"], "sessions": ex["sessions"],
        "batch_mib": round(size / 2**20, 1),
        "import_s": round(t_import, 2), "added": im["added"],
        "reimport_s": round(t_again, 2), "duplicate": again["duplicate"],
        "export_nothing_new_s": round(t_second, 2), "second_records": second["records"],
        "cpu_s": CPU, "load": round(os.getloadavg()[0], 1), "work": str(work),
    }))


if __name__ == "__main__":
    main()
