"""Writing the imported store (its layout and reading: deja.sources.imported): appending what
another machine sent, and forgetting sessions of it.

An append is one write of whole lines, then fsync; a torn last line (a crash mid-write) is cut
off by the next writer and never read as a record. Forgetting a session tombstones it and
rewrites its shard without it (a temporary file, fsynced, renamed over), so its text leaves the
disk. Writers hold the store's lock (`writing()`, a flock on `.lock`).
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec

from deja import faults
from deja.sources.imported import TOMBSTONES, directory, lines, origin_files, shard, tomb_decoder


class _Seen(msgspec.Struct):
    """What a scan of the store needs of a line (msgspec skips the rest unread)."""

    key: str = ""
    n: int = 0


_seen = msgspec.json.Decoder(_Seen)


@contextmanager
def writing() -> Iterator[Path]:
    """The store's directory, with its writer lock held (blocks while another writer has it)."""
    d = directory()
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(d / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield d
    finally:
        os.close(fd)


def scan(origin: str) -> tuple[set[str], int]:
    """The keys the store holds of one origin, and the highest `n` among them."""
    keys: set[str] = set()
    top = 0
    for line in (x for path in origin_files(origin) for x in lines(path)):
        try:
            s = _seen.decode(line)
        except (msgspec.DecodeError, RecursionError):
            continue
        keys.add(s.key)
        if s.n > top:
            top = s.n
    return keys, top


def append(path: Path, data: bytes) -> None:
    """Whole lines onto a store file (the caller holds `writing()`), fsynced. A torn last line
    left by a crash is cut off first."""
    if not data:
        return
    path.parent.mkdir(exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        size = os.fstat(fd).st_size
        if size:
            os.lseek(fd, size - 1, os.SEEK_SET)
            if os.read(fd, 1) != b"\n":
                with open(path, "rb") as f:
                    whole = f.read()
                os.ftruncate(fd, whole.rfind(b"\n") + 1)
        os.lseek(fd, 0, os.SEEK_END)
        view = memoryview(data)
        for i, part in enumerate((view[: len(data) // 2], view[len(data) // 2 :])):
            if i:
                faults.point("import-torn")  # (written in two halves: a crash test's torn line)
            while part:
                part = part[os.write(fd, part):]
        os.fsync(fd)
    finally:
        os.close(fd)


def forget(sessions: list[tuple[str, str, str]]) -> int:
    """Tombstone these (origin, harness, session id) sessions and remove their records from the
    store (each shard that held them rewritten without them). Returns the records removed."""
    if not sessions:
        return 0
    enc = msgspec.json.Encoder()
    removed = 0
    with writing() as d:
        append(d / TOMBSTONES, b"".join(
            enc.encode({"origin": o, "harness": h, "session_id": s, "time": time.time()}) + b"\n"
            for o, h, s in sessions))
        for path in sorted({shard(o, h, s) for o, h, s in sessions}):
            gone = {(o, h, s) for o, h, s in sessions if shard(o, h, s) == path}
            if not path.exists():
                continue
            kept: list[bytes] = []
            for line in lines(path):
                try:
                    t = tomb_decoder.decode(line)
                except (msgspec.DecodeError, RecursionError):
                    kept.append(line)
                    continue
                if (t.origin, t.harness, t.session_id) in gone:
                    removed += 1
                else:
                    kept.append(line)
            tmp = path.with_name(f".{path.name}.tmp")
            with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
                f.write(b"".join(x + b"\n" for x in kept))
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
    return removed


__all__ = ["writing", "scan", "append", "forget"]
