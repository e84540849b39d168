"""`deja index` over a zstd bomb beside good sessions: peak memory of every deja process, the
good sessions searchable, the bomb counted unreadable (issue 12).

    python benchmarks/bomb.py [--gib 16] [--lines]

Makes a throwaway HOME (mktemp), 40 good Codex and Claude sessions and, in Codex's
archived_sessions, a `.jsonl.zst` of one valid line and then `--gib` GiB of zeros (streamed
through zstd, ~32 KB per GiB on disk). `--lines` adds a second archive of distinct valid lines
that inflates to just under MAX_INFLATED: what the cap lets a file cost. The index run is
capped at 3 GB of address space, so a regression fails instead of eating the machine's memory.
Prints a Markdown table. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import zstandard

sys.path.insert(0, str(Path(__file__).parent))
from run import measure_tree, mem  # noqa: E402

GUARD = "--as=3000000000"
MIB = 1 << 20


def uuid(n: int) -> str:
    return f"0199a1b2-c3d4-7e5f-8a9b-{n:012x}"


def rollout(sid: str, texts: list[str]) -> bytes:
    lines = [{"timestamp": "2026-01-01T10:00:00Z", "type": "session_meta", "payload": {"id": sid, "cwd": "/w/svc"}}]
    lines += [{"timestamp": "2026-01-01T10:00:01Z", "type": "response_item",
               "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": t}]}}
              for t in texts]
    return "".join(json.dumps(x) + "\n" for x in lines).encode()


def make_home(home: Path, gib: int, lines: bool) -> tuple[Path, list[str]]:
    words = []
    codex = home / ".codex"
    for i in range(20):
        w = f"goodcodex{i:02d}"
        words.append(w)
        p = codex / f"sessions/2026/01/01/rollout-2026-01-01T10-00-{i:02d}-{uuid(i)}.jsonl"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(rollout(uuid(i), [f"{w} fix the flaky gateway test", "padding words " * 2000]))
    for i in range(20):
        w = f"goodclaude{i:02d}"
        words.append(w)
        p = home / f".claude/projects/-w-app/s{i:02d}.jsonl"
        p.parent.mkdir(parents=True, exist_ok=True)
        rec = {"type": "user", "sessionId": f"s{i:02d}", "cwd": "/w/app", "timestamp": "2026-01-01T10:00:00Z",
               "message": {"role": "user", "content": f"{w} migrate the schema " + "more words " * 2000}}
        p.write_text(json.dumps(rec) + "\n")
    bomb = codex / f"archived_sessions/rollout-2026-01-01T09-00-00-{uuid(999)}.jsonl.zst"
    bomb.parent.mkdir(parents=True, exist_ok=True)
    zero = bytes(MIB)
    with open(bomb, "wb") as f, zstandard.ZstdCompressor(level=1).stream_writer(f) as w:
        w.write(rollout(uuid(999), ["bombhead"])[:-1] + b"\n")
        for _ in range(gib * 1024):
            w.write(zero)
    if lines:
        dense = codex / f"archived_sessions/rollout-2026-01-01T08-00-00-{uuid(998)}.jsonl.zst"
        with open(dense, "wb") as f, zstandard.ZstdCompressor(level=3).stream_writer(f) as w:
            total, i = 0, 0
            while total < 250 * MIB:
                block = rollout(uuid(998), [f"dense line {i + k}" for k in range(10000)])
                w.write(block)
                total, i = total + len(block), i + 10000
    return bomb, words


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gib", type=int, default=16)
    ap.add_argument("--lines", action="store_true")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="deja-bomb-"))
    try:
        t = time.perf_counter()
        bomb, words = make_home(home, args.gib, args.lines)
        made = time.perf_counter() - t
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DEJA_", "XDG_"))}
        env.update(HOME=str(home), DEJA_SOURCES="codex,claude")
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        deja = [sys.executable, "-m", "deja"]
        tree = measure_tree(["prlimit", GUARD, *deja, "index"], env)
        found = sum(
            bool(json.loads(subprocess.run([*deja, "search", w, "--json"], env=env, capture_output=True, text=True,
                                           check=True).stdout)["hits"])
            for w in words
        )
        codex = next(s for s in json.loads(subprocess.run([*deja, "sources", "--json"], env=env, capture_output=True,
                                                          text=True, check=True).stdout)["sources"]
                     if s["harness"] == "codex")
        print(f"| bomb | {bomb.stat().st_size / 1024:.0f} KB on disk, {args.gib} GiB inflated (made in {made:.0f} s) |")
        print(f"| `deja index` wall | {tree['wall_s']:.1f} s |")
        print(f"| peak memory, all deja processes: PSS | {mem(tree)} |")
        print(f"| good sessions found by search | {found} of {len(words)} |")
        print(f"| codex files unreadable | {codex['errors']}: {codex['reason']} |")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
