"""The freshness replay's stats: `_native.stat_sigs` (C, the GIL released, two threads, runs of
files stat'ed relative to their directory) against its twin `snapshot.stat_sigs_py` (os.stat per
path), over every file under each given directory (a store: HOME/.claude, HOME/.codex …), the two
alternated round by round; medians of CPU (user + sys of this process, both threads) and wall.

    python benchmarks/stat_sigs.py DIR [DIR ...] [--rounds 9]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from deja import native
from deja.ingest import snapshot


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--rounds", type=int, default=9)
    args = ap.parse_args()
    fast = getattr(native.NATIVE, "stat_sigs", None)
    if fast is None:
        raise SystemExit(f"deja._native.stat_sigs is not available ({native.state()})")
    print("| files | directories | twin CPU / wall ms | C CPU / wall ms | C / twin (CPU, wall) |\n|---|---|---|---|---|")
    for top in args.dirs:
        paths = sorted(os.path.join(d, f) for d, _, files in os.walk(top) for f in files)
        assert fast(paths, True) == snapshot.stat_sigs_py(paths, True)
        got: dict[str, list[tuple[float, float]]] = {"twin": [], "c": []}
        for i in range(args.rounds):
            for name, fn in (("twin", snapshot.stat_sigs_py), ("c", fast))[:: 1 if i % 2 == 0 else -1]:
                c, w = time.process_time(), time.perf_counter()
                fn(paths, True)
                got[name].append(((time.process_time() - c) * 1000, (time.perf_counter() - w) * 1000))
        (tc, tw), (cc, cw) = ((statistics.median(x for x, _ in got[k]), statistics.median(y for _, y in got[k]))
                              for k in ("twin", "c"))
        dirs = len({os.path.dirname(p) for p in paths})
        print(f"| {len(paths):,} ({os.path.basename(top.rstrip('/'))}) | {dirs:,} | {tc:.1f} / {tw:.1f} | {cc:.1f} / {cw:.1f} "
              f"| {cc / tc:.2f}, {cw / tw:.2f} |")


if __name__ == "__main__":
    main()
