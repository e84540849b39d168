"""What undoing each speed idiom of docs/architecture.md would cost a search or a hook, measured.

    python benchmarks/gen_corpus.py --home /tmp/h --mb 5 && HOME=/tmp/h deja index
    python benchmarks/idioms.py --home /tmp/h [--runs 15] [--word pool]

Each number is the median wall time of fresh processes (the way a person or an agent meets deja),
the idiom's way against the undone way, alternated run by run so a shared machine's load falls on
both alike. Prints a markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import timeit


def wall(argv: list[str], env: dict[str, str], runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        out.append((time.perf_counter() - t) * 1000)
    return out


def pair(a: list[str], b: list[str], env: dict[str, str], runs: int) -> tuple[float, float]:
    """Medians of a and b, alternated."""
    xs: list[float] = []
    ys: list[float] = []
    for _ in range(runs):
        xs += wall(a, env, 1)
        ys += wall(b, env, 1)
    return statistics.median(xs), statistics.median(ys)


def objects() -> tuple[float, float, float]:
    """µs per 100k instances: a slotted plain class, a dataclass, a slotted dataclass."""
    setup = """
from dataclasses import dataclass
class P:
    __slots__ = ("a", "b", "c", "d")
    def __init__(self, a, b, c, d):
        self.a, self.b, self.c, self.d = a, b, c, d
@dataclass
class D:
    a: int
    b: int
    c: int
    d: int
@dataclass(slots=True)
class S:
    a: int
    b: int
    c: int
    d: int
"""
    return tuple(min(timeit.repeat(f"for i in range(100_000): {k}(i, i, i, i)", setup, number=1, repeat=5)) * 1000
                 for k in ("P", "D", "S"))  # type: ignore[return-value]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", required=True)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--word", default="pool")
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env["HOME"] = args.home
    py = sys.executable
    search = ["search", args.word, "--json"]
    rows = []

    def row(idiom: str, kept: list[str], undone: list[str], what: str) -> None:
        k, u = pair(kept, undone, env, args.runs)
        rows.append((idiom, what, k, u))

    wall([py, "-m", "deja", *search], env, 2)  # warm the page cache and the snapshot
    row("plain slotted classes, no dataclasses on the search path",
        [py, "-c", "pass"], [py, "-c", "import dataclasses"], "`import dataclasses` in a new process")
    row("the click-free search path (cli/quick)",
        [py, "-m", "deja", *search],
        [py, "-c", f"from deja.cli.app import cli; cli.main(args={search!r}, prog_name='deja')"],
        "`deja search` through cli/quick vs through click")
    row("`os._exit` after a CLI search",
        [py, "-m", "deja", *search],
        [py, "-c", f"from deja.cli import main; main({search!r})"],
        "`deja search`: os._exit vs closing the store and the interpreter's teardown")
    row("imports inside functions: the write path",
        [py, "-c", "import deja.ingest.fresh"], [py, "-c", "import deja.ingest.fresh, deja.ingest.indexer"],
        "what a module-level `import deja.ingest.indexer` in fresh would add to every search")
    row("imports inside functions: the search path in hooks",
        [py, "-c", "import deja.hooks.handlers"], [py, "-c", "import deja.hooks.handlers, deja.search"],
        "what a module-level `import deja.search` in the hooks would add to every hook")
    p, d, s = objects()
    print(f"runs: {args.runs} per cell, alternated; load: {os.getloadavg()[0]:.1f}\n")
    print("| idiom | measured | kept (ms) | undone (ms) | cost of undoing |\n|---|---|---|---|---|")
    for idiom, what, k, u in rows:
        print(f"| {idiom} | {what} | {k:.1f} | {u:.1f} | {u - k:+.1f} ms |")
    print(f"| plain slotted classes | 100k instances in-process: plain slotted / dataclass / slotted dataclass "
          f"| {p:.1f} | {d:.1f} / {s:.1f} | {d - p:+.1f} ms per 100k |")


if __name__ == "__main__":
    main()
