"""The sync record: one dict per record, as batches, the imported store and the team hub hold it.

A record carries everything a machine that never saw the session needs to search and show it:

    {"v": 1, "origin": "laptop", "harness": "claude", "session_id": "4f1c…", "project": "/home/me/shop",
     "cwd": "/home/me/shop/api", "title": "fix the flaky login test", "parent": "", "role": "assistant",
     "text": "fixed by …", "time": "2026-07-14T12:00:00Z", "seq": 12}

`origin` is the machine the record was first written on (kept when it travels on: A → B → C);
`project` is the session's project path there (its git root, else its directory), `time` RFC 3339
UTC to the second (null when unknown), `seq` the record's place in its session. A record's
identity is `key(record)`: origin, harness, session id, time and a hash of the text.

A batch file is `deja-sync-<machine>-<timestamp>.jsonl`: a header line
`{"deja_sync": 1, "machine": …, "created": …, "records": N}`, then one record per line. A batch
whose header names a newer format version is refused whole; a record line that does not decode,
or lacks a field, is skipped and counted.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from deja.errors import DejaError
# The record's rule has its home with the store that keeps records (the `imported` source);
# these are re-exported here for whoever builds on sync (deja.sync.format.checked, …).
from deja.sources.imported import VERSION, checked, epoch, iso_time, slug

PREFIX = "deja-sync-"
SUFFIX = ".jsonl"


class SyncError(DejaError):
    """A sync input deja refuses whole (a batch of a newer format, no machine name)."""


def machine() -> str:
    """This machine's name as records carry it: `DEJA_MACHINE`, else the config file's
    `machine`, else the host name. Read at call time."""
    name = os.environ.get("DEJA_MACHINE", "").strip()
    if not name:
        from deja import config

        value, _ = config.get("machine")
        name = value.strip() if isinstance(value, str) else ""
    if not name:
        import socket

        name = socket.gethostname().strip()
    if not name or "\n" in name:
        raise SyncError("this machine has no name: set `machine = \"laptop\"` in the config file or DEJA_MACHINE")
    if name == "local":  # `--from local` means this machine's own sessions
        raise SyncError("`local` cannot name a machine (--from local means this one): set another `machine` "
                        "in the config file or DEJA_MACHINE")
    return name


def text_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def key(rec: dict) -> str:
    """A record's identity (32 hex): origin, harness, session id, time (normalised to the
    second, so `…:00Z` and `…:00+00:00` are one time) and the hash of its text."""
    t = epoch(rec.get("time"))
    parts = (rec["origin"], rec["harness"], rec["session_id"], iso_time(t) or "", text_hash(rec["text"]))
    return hashlib.blake2b("\x1f".join(parts).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def record(origin: str, harness: str, session_id: str, project: str, cwd: str, title: str, parent: str,
           role: str, text: str, t: float, seq: int) -> dict:
    """A record, in the field order batches are written in."""
    return {"v": VERSION, "origin": origin, "harness": harness, "session_id": session_id, "project": project,
            "cwd": cwd, "title": title, "parent": parent, "role": role, "text": text, "time": iso_time(t),
            "seq": seq}


# -- batch files


def batch_name(name: str, when: float | None = None) -> str:
    """`deja-sync-<machine>-<UTC timestamp to the microsecond>.jsonl`."""
    when = time.time() if when is None else when
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(when)) + f".{int(when % 1 * 1e6):06d}Z"
    return f"{PREFIX}{slug(name)}-{stamp}{SUFFIX}"


def batches(directory: Path) -> list[Path]:
    """The batch files in `directory`, oldest name first (a half-written `.tmp` is not one)."""
    try:
        names = sorted(e.name for e in os.scandir(directory) if e.name.startswith(PREFIX)
                       and e.name.endswith(SUFFIX) and e.is_file())
    except FileNotFoundError:
        raise SyncError(f"no directory {directory}") from None
    except NotADirectoryError:
        raise SyncError(f"{directory} is not a directory") from None
    return [directory / n for n in names]


def write_batch(directory: Path, records: Iterable[dict], name: str | None = None) -> tuple[Path | None, int]:
    """Write `records` as one batch in `directory` (created if needed): a temporary file,
    fsynced, renamed into place, so a reader never meets half a batch. Returns the batch and how
    many records it holds; no batch (None, 0) when there were none."""
    import msgspec

    directory.mkdir(parents=True, exist_ok=True)
    me = name or machine()
    final = directory / batch_name(me)
    tmp = directory / f".{final.name}.tmp"
    enc = msgspec.json.Encoder()
    n = 0
    try:
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:  # owner-only
            f.write(b" " * 160 + b"\n")  # the header's place: it names the count, known at the end
            buf = bytearray()
            for rec in records:
                buf += enc.encode(rec)
                buf += b"\n"
                n += 1
                if len(buf) > 1 << 20:
                    f.write(buf)
                    buf.clear()
            f.write(buf)
            if n:
                head = enc.encode({"deja_sync": VERSION, "machine": me, "created": iso_time(time.time()), "records": n})
                f.seek(0)
                f.write(head.ljust(160))
                f.flush()
                os.fsync(f.fileno())
        if not n:
            tmp.unlink()
            return None, 0
        os.replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return final, n


@dataclass
class Batch:
    """One batch being read: its records (`read()`), and afterwards what was passed over."""

    path: Path
    version: int = VERSION
    declared: int = -1  # the header's record count (-1: no header)
    read_n: int = 0
    skipped: int = 0

    @property
    def truncated(self) -> bool:
        return self.declared >= 0 and self.read_n + self.skipped < self.declared


def open_batch(path: Path) -> Batch:
    """Check a batch's header; SyncError when it is of a newer format version than this deja."""
    import msgspec

    b = Batch(path)
    with open(path, "rb") as f:
        first = f.readline(1 << 16)
    try:
        head = msgspec.json.decode(first.strip() or b"null")
    except (msgspec.DecodeError, RecursionError):
        return b
    if isinstance(head, dict) and "deja_sync" in head:
        v = head.get("deja_sync")
        if not isinstance(v, int) or isinstance(v, bool) or v > VERSION:
            raise SyncError(f"{path.name} is sync format version {v}; this deja reads version {VERSION} "
                            "and older: upgrade deja here (pip install -U deja) and import again")
        n = head.get("records")
        b.version, b.declared = v, n if isinstance(n, int) and not isinstance(n, bool) else -1
    return b


def read(b: Batch) -> Iterator[dict]:
    """The batch's records, checked; a line that is not a record is counted in `b.skipped`."""
    from deja.sources.base import Lines, read_bytes

    data = read_bytes(b.path)
    lines = Lines(data)
    for d in lines:
        if "deja_sync" in d:
            continue
        rec = checked(d)
        if rec is None:
            b.skipped += 1
            continue
        b.read_n += 1
        yield rec
    b.skipped += lines.skipped + bool(data[lines.offset:].strip())  # a torn last line counts too


__all__ = ["VERSION", "SyncError", "machine", "key", "text_hash", "checked", "record", "iso_time", "epoch",
           "batch_name", "batches", "write_batch", "open_batch", "read", "Batch", "slug"]
