"""The prefix hash: what lets a file that only grows be read on from where the last read stopped.

A file of an append-only store is resumed at its safe offset only when its bytes before that
offset hash as they did when they were read (a rewind that regrew past the old size is read
whole, or its replaced turns would stay in the index); the same holds when only its mtime moved
(touched, restored, aged): it keeps its records for one read of its bytes, not a parse.
"""

from __future__ import annotations

from pathlib import Path

from deja.store import blake2b


def hasher(path: Path, offset: int, h=None, done: int = 0):  # -> blake2b
    """The hash of `path`'s bytes [0, offset), continued from a copy of `h` (that of [0, done)):
    an append's prefix is read once, to check it and to hash the longer one."""
    h = blake2b(digest_size=16) if h is None else h.copy()
    with open(path, "rb") as f:
        f.seek(done)
        while done < offset and (chunk := f.read(min(offset - done, 1 << 22))):
            h.update(chunk)
            done += len(chunk)
    return h
