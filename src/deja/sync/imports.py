"""Storing records other machines sent, as imported: idempotent, never this machine's own.

`import_records` is the one way in (batches, ssh and the team hub all call it). A record is
checked (deja.sync.format.checked), keyed as received, and then: its origin is this machine
(a loop: A → B → A) → `own`; its session was forgotten here → `forgotten`; its key is already in
the store → `duplicate`; else redacted here too and appended to its origin's file → `added`.
The index picks the store up like any harness's (deja.sources.imported).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from deja import faults
from deja.ingest import imported as store_writer
from deja.sources import imported as stored
from deja.sync import format
from deja.text import redact

# Appended once this many bytes of an origin are waiting (bounds memory on a large import).
_FLUSH_BYTES = 8 << 20


@dataclass
class Counts:
    """What an import did. `skipped`: lines or values that are not records (counted, never
    fatal); `own`: records whose origin is this machine; `forgotten`: records of sessions
    forgotten here. `batches`/`truncated`: batch files read, and those that end short of the
    count their header declares."""

    added: int = 0
    duplicate: int = 0
    skipped: int = 0
    own: int = 0
    forgotten: int = 0
    redactions: int = 0
    batches: int = 0
    truncated: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        for name in ("added", "duplicate", "skipped", "own", "forgotten", "redactions", "batches"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.truncated += other.truncated

    def as_dict(self) -> dict:
        return asdict(self)


class _Origin:
    __slots__ = ("keys", "n", "bufs", "size")

    def __init__(self, origin: str):
        self.keys, self.n = store_writer.scan(origin)
        self.bufs: dict[Path, bytearray] = {}
        self.size = 0

    def flush(self) -> None:
        for path, buf in self.bufs.items():
            store_writer.append(path, bytes(buf))
            faults.point("import-shard")
        self.bufs.clear()
        self.size = 0


def import_records(records: Iterable[object], me: str | None = None) -> Counts:
    """Store `records` (dicts as deja.sync.format describes; anything else is skipped and
    counted) as imported. Idempotent: a record already here, by key, is a duplicate. Holds the
    store's writer lock throughout; appends whole lines, fsynced, per origin."""
    import msgspec

    me = format.machine() if me is None else me
    counts = Counts()
    enc = msgspec.json.Encoder()
    redacting = redact.enabled()
    with store_writer.writing():
        tombs = stored.tombstones()
        origins: dict[str, _Origin] = {}
        for raw in records:
            rec = format.checked(raw)
            if rec is None:
                counts.skipped += 1
                continue
            origin = rec["origin"]
            if origin == me:
                counts.own += 1
                continue
            if (origin, rec["harness"], rec["session_id"]) in tombs:
                counts.forgotten += 1
                continue
            k = format.key(rec)
            o = origins.get(origin)
            if o is None:
                o = origins[origin] = _Origin(origin)
            if k in o.keys:
                counts.duplicate += 1
                continue
            o.keys.add(k)
            o.n += 1
            if redacting:
                for name in ("text", "title", "cwd", "project"):
                    rec[name], hits = redact.redact(rec[name])
                    counts.redactions += hits
            rec["key"], rec["n"] = k, o.n
            line = enc.encode(rec) + b"\n"
            buf = o.bufs.get(path := stored.shard(origin, rec["harness"], rec["session_id"]))
            if buf is None:
                buf = o.bufs[path] = bytearray()
            buf += line
            o.size += len(line)
            counts.added += 1
            if o.size >= _FLUSH_BYTES:
                o.flush()
        for o in origins.values():
            o.flush()
    return counts


def import_dir(directory: Path, me: str | None = None) -> Counts:
    """Import every batch in `directory`. Every header is checked first: a batch of a newer
    format version refuses the whole import (SyncError, one line) before anything is stored."""
    found = format.batches(directory)
    opened = [format.open_batch(p) for p in found]
    counts = Counts()
    for b in opened:
        c = import_records(format.read(b), me)
        c.skipped += b.skipped
        c.batches = 1
        if b.truncated:
            c.truncated.append(b.path.name)
        counts.add(c)
    note_import(counts, str(directory))
    return counts


def note_import(counts: Counts, source: str) -> None:
    """Keep what the last import did (`deja sources` and `deja doctor` say it: lines skipped,
    batches cut short); `source` names where it came from (a directory, a host, a hub)."""
    import json
    import os
    import time

    from deja import paths

    p = paths.sync_dir() / stored.LAST_IMPORT
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"time": time.time(), "source": source, **counts.as_dict()}), encoding="utf-8")
    os.replace(tmp, p)


def reindex() -> None:
    """Bring the index up to date now (what imported becomes searchable by), waiting for
    another writer if one runs."""
    from deja import paths
    from deja.errors import IndexDamaged, IndexOutdated
    from deja.ingest import fresh, rebuild
    from deja.ingest.lock import WriterLock, open_locked
    from deja.store import generations

    root = paths.index_dir()
    lock = WriterLock(root)
    lock.acquire(wait=True)
    try:
        store = None
        if generations.exists(root):
            try:
                store = open_locked(root)
            except (IndexDamaged, IndexOutdated):
                store = None
        if store is None:  # no index yet, or one to build again: as `deja index` would
            rebuild.run(root)
            return
        try:
            fresh.refresh(store)
            store.text.close()
        finally:
            store.close()
    finally:
        lock.release()


__all__ = ["Counts", "import_records", "import_dir", "reindex", "note_import"]
