"""Real stores' noise for the generated corpus (benchmarks/gen_corpus.py): what tool results hold
besides the text people search for, at rates that put every kind in every corpus from 20 MiB up.

Per tool output (a session has ~30 of them):
  image    1 in 250: a screenshot or plot inlined as base64 (Claude: an `image` block in the tool
           result; Codex, pi: a `data:` URI in the text), 20–120 KB decoded
  binary   1 in 500: `cat` of a binary file (bytes 0–255, control bytes and all), 1–8 KB
  base64   1 in 500: a bare base64 dump (`base64 FILE`, wrapped at 76), 2–40 KB decoded
Per session:
  reads    0–2 reads (mean 1) of a *popular file*: one of `sessions / 50` files of 150–600
           numbered lines, the same text each time, so each is read ~50 times across sessions
  huge     1 in 120 sessions has one ~1 MiB build log; half of them come from a pool of
           `sessions / 360` logs (each in ~3 sessions: the same failing build run again), half are
           one-offs

At 100 MiB that is ~68 images, ~34 binary and ~34 base64 dumps, ~520 popular reads of ~10
files and ~4 huge logs: ~20% of the bytes, so the noise is there to be measured without turning
the corpus into something else. Deterministic for (seed, session index), so sessions can be
generated in any order, in parallel.
"""

from __future__ import annotations

import base64
import functools
import random

P_IMAGE = 1 / 250
P_BINARY = 1 / 500
P_BASE64 = 1 / 500
READS = (0, 0, 1, 1, 1, 2, 2)  # popular-file reads per session, drawn uniformly: mean 1
READERS = 50  # sessions per popular file
P_HUGE = 1 / 120
HUGE_BYTES = 1024 * 1024
HUGE_REPEATS = 3  # sessions per pooled build log

_CODE = (
    "def {a}_{b}(self, {c}):", "    if not {c}:", "        return None", "    {a} = self.{b}.get({c})",
    "    for item in {c}:", "        yield self.{a}(item)", "class {A}{B}:", "    \"\"\"{A} {b} for the {c} pool.\"\"\"",
    "import {a}", "from {a}.{b} import {A}", "    raise {A}Error(f\"{b}: {{{c}}}\")", "    return {a} + {b}",
    "    # {a} {b} {c}", "    self.{a}_{b} = {c}", "    with self.{a}:", "        {b}.append({c})", "",
)
_LOG = (
    "[{n:>6}/{m}] Compiling {a}/{b}.c", "  CC      src/{a}/{b}.o", "warning: unused variable '{c}' [-Wunused-variable]",
    "  LD      build/{a}.so", "{a}/{b}.py::test_{c} PASSED", "DEBUG {a}.{b}: {c} took {n} ms",
    "INFO  [{a}] {b} {c} ok", "ok   {a}/{b} 0.{n}s", "   Compiling {a} v0.{n}.0", "npm WARN deprecated {a}@{n}.0.0",
)


def _words(rng: random.Random, pool: list[str]) -> dict[str, object]:
    a, b, c = rng.choice(pool), rng.choice(pool), rng.choice(pool)
    return {"a": a, "b": b, "c": c, "A": a.capitalize(), "B": b.capitalize(), "n": rng.randint(1, 9999), "m": 9999}


@functools.lru_cache(maxsize=256)
def popular_file(seed: int, k: int, pool: tuple[str, ...]) -> tuple[str, str]:
    """(path, `cat -n` output) of popular file k: identical every time it is read."""
    rng = random.Random(f"popular-{seed}-{k}")
    words = list(pool)
    path = f"src/{rng.choice(words)}/{rng.choice(words)}_{k}.py"
    lines = [rng.choice(_CODE).format(**_words(rng, words)) for _ in range(rng.randint(150, 600))]
    return path, "\n".join(f"{i:>6}\t{ln}" for i, ln in enumerate(lines, 1))


def _log(rng: random.Random, words: list[str]) -> str:
    out, size = [], 0
    while size < HUGE_BYTES:
        ln = rng.choice(_LOG).format(**_words(rng, words))
        out.append(ln)
        size += len(ln) + 1
    out.append(f"error: build failed: {rng.choice(words)}/{rng.choice(words)}.c exited with status 2")
    return "\n".join(out)


@functools.lru_cache(maxsize=8)
def pooled_log(seed: int, k: int, pool: tuple[str, ...]) -> str:
    return _log(random.Random(f"log-{seed}-{k}"), list(pool))


def huge_log(rng: random.Random, seed: int, sessions: int, pool: tuple[str, ...]) -> str:
    if rng.random() < 0.5:
        return pooled_log(seed, rng.randrange(max(1, round(sessions * P_HUGE / HUGE_REPEATS))), pool)
    return _log(random.Random(rng.getrandbits(64)), list(pool))


def image(rng: random.Random) -> tuple[str, str]:
    """(media type, base64) of an inlined image."""
    mime = rng.choice(("image/png", "image/png", "image/jpeg"))
    return mime, base64.b64encode(rng.randbytes(rng.randint(20, 120) * 1024)).decode()


def binary(rng: random.Random) -> str:
    head = rng.choice((b"\x7fELF\x02\x01\x01\x00", b"SQLite format 3\x00", b"\x1f\x8b\x08\x00", b"PK\x03\x04"))
    return (head + rng.randbytes(rng.randint(1, 8) * 1024)).decode("latin-1")


def base64_dump(rng: random.Random) -> str:
    data = base64.b64encode(rng.randbytes(rng.randint(2, 40) * 1024)).decode()
    return "\n".join(data[i : i + 76] for i in range(0, len(data), 76))
