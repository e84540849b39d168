"""Bounded decompression: every compressed input deja reads (Codex `.jsonl.zst` archives,
DeepSeek `.jsonl.zstd` logs, Zed's and OpenClaw's zstd blobs) goes through here.

A zstd frame of a few hundred bytes can inflate to gigabytes (runs of one byte cost 4 bytes per
128 KiB), so nothing is decompressed whole on trust: a first pass counts what the data inflates
to into one reused buffer and stops at the cap; only data under the cap is decompressed again
and kept. Input goes to the decoder 1 KiB at a time, so one step never yields more than 32 MiB.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import zstandard

from deja.errors import SourceError
from deja.sources.base import read_bytes

# What one file's compressed data may inflate to, in all. Real transcripts are far below it (the
# longest sessions are tens of MB of JSON; an archived Codex rollout inflates to a few MB), and
# parsing that much already takes a few hundred MB of memory and half a minute; a file past it is
# a decompression bomb or no transcript, and is counted unreadable, not read. (The environment
# override is for tests.)
def max_inflated() -> int:
    return int(os.environ.get("DEJA_MAX_INFLATED", 256 << 20))


# Compressed input handed to the decoder per step: bounds what one step can yield (32768:1 is
# zstd's largest ratio) while costing nothing measurable in speed.
_STEP = 1024


class TooLarge(Exception):
    """Data inflates past the cap it was read under."""


def _count(raw: bytes | memoryview, cap: int) -> int:
    """What `raw` inflates to, up to just past `cap`, decoded into one reused buffer (so a bomb
    costs 1 MiB of memory and ~70 ms per GiB, nothing more)."""
    reader = zstandard.ZstdDecompressor().stream_reader(io.BytesIO(raw), read_size=_STEP, read_across_frames=True)
    buf = bytearray(1 << 20)
    total = 0
    while total <= cap:
        n = reader.readinto(buf)
        if not n:
            break
        total += n
    return total


def _frames(raw: bytes | memoryview, cap: int) -> list[bytes]:
    """The pieces of every frame of `raw`, decompressed; TooLarge past `cap`; zstandard.ZstdError
    for a corrupt frame or one cut short (a reader across frames would return a truncated last
    frame as if it were whole)."""
    view = memoryview(raw)
    n, pos, total = len(view), 0, 0
    pieces: list[bytes] = []
    while pos < n:
        frame_at = pos
        d = zstandard.ZstdDecompressor().decompressobj()
        while not d.eof:
            if pos >= n:
                raise zstandard.ZstdError(f"truncated zstd frame at byte {frame_at}")
            out = d.decompress(view[pos : pos + _STEP])
            pos += _STEP
            total += len(out)
            if total > cap:
                raise TooLarge(f"inflates past {_mib(cap)}")
            if out:
                pieces.append(out)
        pos = min(pos, n) - len(d.unused_data)
    return pieces


def zstd(raw: bytes | memoryview, cap: int) -> bytes:
    """Every frame of `raw` decompressed, if it inflates to at most `cap` bytes (TooLarge if
    not, before holding any of it; zstandard.ZstdError when corrupt or cut short)."""
    if _count(raw, cap) > cap:
        raise TooLarge(f"inflates past {_mib(cap)}")
    return b"".join(_frames(raw, cap))


def inflated_size(raw: bytes | memoryview, stop: int) -> int:
    """What `raw` inflates to, counted up to just past `stop` (never held): a budget's measure
    of compressed data that a lying frame header cannot fool. Corrupt data counts as its own
    length (reading it fails fast)."""
    try:
        return min(_count(raw, stop), stop + 1)
    except zstandard.ZstdError:
        return len(raw)


def file_cost(path: Path, size: int, stop: int) -> int:
    """A compressed file's parse cost: what it inflates to (counted up to just past `stop`). A
    file larger than `stop` on disk is over already, and is not read to say so."""
    if size > stop:
        return size
    return inflated_size(read_bytes(path), stop)


class Budget:
    """One file's share of max_inflated(), for a file holding many compressed records (a database
    of zstd blobs): a record past its own cap is the caller's to skip; the file past its share
    is unreadable."""

    def __init__(self, path: Path, total: int | None = None):
        self.path = path
        self.left = max_inflated() if total is None else total

    def zstd(self, raw: bytes | memoryview, record_cap: int) -> bytes:
        """A record, decompressed: TooLarge past `record_cap`, SourceError when the file's share
        runs out, zstandard.ZstdError when corrupt."""
        cap = min(record_cap, self.left)
        try:
            out = zstd(raw, cap)
        except TooLarge:
            if record_cap <= self.left:
                raise
            raise too_large(self.path) from None
        self.left -= len(out)
        return out


def too_large(path: Path, cap: int | None = None) -> SourceError:
    cap = max_inflated() if cap is None else cap
    return SourceError(f"{path}: compressed data inflates past {_mib(cap)} (the cap for one file): not read",
                       path, until_changed=True)


def read_file(path: Path, data: bytes) -> bytes:
    """A compressed file's contents (all frames) under max_inflated(); SourceError otherwise."""
    try:
        return zstd(data, max_inflated())
    except TooLarge:
        raise too_large(path) from None
    except zstandard.ZstdError as e:
        raise SourceError(f"corrupt zstd data: {e}", path, until_changed=True) from e


def _mib(n: int) -> str:
    return f"{n / (1 << 20):g} MiB"


__all__ = ["max_inflated", "TooLarge", "Budget", "zstd", "inflated_size", "file_cost", "read_file", "too_large"]
