"""The imported store: what other machines sent, kept as primary data under
`$XDG_DATA_HOME/deja/imported/` (never only in the cache, so `deja index --rebuild` and a deleted
index lose nothing: the `imported` source reads it like any harness store).

- `<origin>/<k>.jsonl`, a directory per origin machine holding SHARDS append-only files; a
  session's records are all in one of them (k is a hash of its harness and id), so the indexer
  reads the shards in parallel and a forget rewrites one. One sync record per line
  (deja.sync.format) plus `key` (its identity as received) and `n` (the order it arrived in here,
  rising per origin; what export's watermark for imported records counts).
- `tombstones.jsonl`: sessions forgotten here (`deja forget`): never imported again.
- `.lock`: held (flock) by whoever writes (an import, a forget).

An append is one write of whole lines, then fsync; a torn last line (a crash mid-write) is cut
off by the next writer and never read as a record. Forgetting a session rewrites its origin's
file without it (a temporary file, fsynced, renamed over), so its text leaves the disk.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec

from deja import paths
from deja.sync.format import SUFFIX, slug

TOMBSTONES = "tombstones.jsonl"


class _Seen(msgspec.Struct):
    """What a scan of the store needs of a line (msgspec skips the rest unread)."""

    key: str = ""
    n: int = 0


class _Tomb(msgspec.Struct):
    origin: str = ""
    harness: str = ""
    session_id: str = ""


_seen = msgspec.json.Decoder(_Seen)
_tomb = msgspec.json.Decoder(_Tomb)


def directory() -> Path:
    return paths.imported_dir()


# Files per origin. More than the cores of any laptop, few enough that an origin costs little.
SHARDS = 8


def origin_dir(origin: str) -> Path:
    return directory() / slug(origin)


def shard(origin: str, harness: str, session_id: str) -> Path:
    """The file a session's records are kept in."""
    import hashlib

    h = hashlib.blake2b(f"{harness}\x1f{session_id}".encode("utf-8", "surrogatepass"), digest_size=4).digest()
    return origin_dir(origin) / f"{int.from_bytes(h, 'big') % SHARDS}{SUFFIX}"


def _shards(d: Path) -> list[Path]:
    try:
        names = [e.name for e in os.scandir(d) if e.name.endswith(SUFFIX) and e.name[: -len(SUFFIX)].isdigit()
                 and e.is_file(follow_symlinks=False)]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [d / n for n in sorted(names, key=lambda n: int(n[: -len(SUFFIX)]))]


def origin_files(origin: str) -> list[Path]:
    return _shards(origin_dir(origin))


def files() -> list[Path]:
    """Every origin's files, sorted."""
    d = directory()
    try:
        dirs = sorted(e.name for e in os.scandir(d) if not e.name.startswith(".") and e.is_dir(follow_symlinks=False))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [p for name in dirs for p in _shards(d / name)]


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


def lines(path: Path) -> Iterator[bytes]:
    """The complete lines of a store file (a torn last line is not one)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return
    end = data.rfind(b"\n") + 1
    pos = 0
    while pos < end:
        nl = data.index(b"\n", pos)
        line = data[pos:nl]
        pos = nl + 1
        if line.strip():
            yield line


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
            os.lseek(fd, max(0, size - 1), os.SEEK_SET)
            if os.read(fd, 1) != b"\n":
                with open(path, "rb") as f:
                    whole = f.read()
                os.ftruncate(fd, whole.rfind(b"\n") + 1)
        os.lseek(fd, 0, os.SEEK_END)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def tombstones() -> set[tuple[str, str, str]]:
    """(origin, harness, session id) of every session forgotten here."""
    out: set[tuple[str, str, str]] = set()
    for line in lines(directory() / TOMBSTONES):
        try:
            t = _tomb.decode(line)
        except (msgspec.DecodeError, RecursionError):
            continue
        out.add((t.origin, t.harness, t.session_id))
    return out


def forget(sessions: list[tuple[str, str, str]]) -> int:
    """Tombstone these (origin, harness, session id) sessions and remove their records from the
    store (each origin's file rewritten without them). Returns the records removed."""
    if not sessions:
        return 0
    import time

    enc = msgspec.json.Encoder()
    removed = 0
    with writing() as d:
        append(d / TOMBSTONES, b"".join(
            enc.encode({"origin": o, "harness": h, "session_id": s, "time": time.time()}) + b"\n"
            for o, h, s in sessions))
        for path in sorted({shard(o, h, s) for o, h, s in sessions}):
            gone = {(h, s) for o, h, s in sessions if shard(o, h, s) == path}
            if not path.exists():
                continue
            kept: list[bytes] = []
            for line in lines(path):
                try:
                    t = _tomb.decode(line)
                except (msgspec.DecodeError, RecursionError):
                    kept.append(line)
                    continue
                if (t.harness, t.session_id) in gone:
                    removed += 1
                else:
                    kept.append(line)
            tmp = path.with_name(f".{path.name}.tmp")
            with open(tmp, "wb") as f:
                f.write(b"".join(x + b"\n" for x in kept))
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o600)
            os.replace(tmp, path)
    return removed


__all__ = ["directory", "origin_dir", "shard", "origin_files", "files", "SHARDS", "writing", "lines", "scan", "append", "tombstones", "forget"]
