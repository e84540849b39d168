"""Cold rebuild and incremental refresh: discover files, compare with the catalog's file
states, parse what changed, and write it through the one locked writer.

A cold index is an incremental index that starts from empty. Each batch of files lands in
three steps — catalog marks them pending, the text index replaces their records and commits,
the catalog records their new state — so a crash between any two leaves pending rows that the
next run simply re-ingests.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from deja import ingest, redact, sources
from deja.errors import DejaError, SourceError, StoreError
from deja.model import ROLE_CODE, Session
from deja.sources.base import Source
from deja.store import FileState, SessionRow, Store, stable_id

# A batch is written when it holds this many records (or files): bounds memory and the work
# a crash can cost.
BATCH_RECORDS = 50_000
BATCH_FILES = 2_000

Progress = Callable[[str], None]


@dataclass
class Report:
    files: int = 0
    parsed: int = 0
    unchanged: int = 0
    errors: int = 0
    sessions: int = 0
    records: int = 0
    redactions: int = 0
    seconds: float = 0.0
    harnesses: dict[str, dict] = field(default_factory=dict)


class WriterLock:
    """One writer at a time: an advisory lock on `writer.lock` in the index directory."""

    def __init__(self, directory: Path):
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.path = directory / "writer.lock"
        self.fd: int | None = None

    def acquire(self, wait: bool, notice: Progress | None = None) -> bool:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.EACCES):
                os.close(fd)
                raise
            if not wait:
                os.close(fd)
                return False
            if notice:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                notice(f"waiting for another deja writer (pid {holder}) to finish…")
            fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self.fd = fd
        return True

    def release(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


@dataclass
class _Parsed:
    path: str
    source: Source
    stat: os.stat_result
    fid: int
    sessions: list[Session] = field(default_factory=list)
    offset: int = 0
    prefix_hash: str = ""
    skipped: int = 0
    redactions: int = 0
    error: str = ""


def _prefix_hash(path: Path, offset: int) -> str:
    h = hashlib.blake2b(digest_size=16)
    with open(path, "rb") as f:
        remaining = offset
        while remaining > 0:
            chunk = f.read(min(remaining, 1 << 22))
            if not chunk:
                break
            h.update(chunk)
            remaining -= len(chunk)
    return "b2:" + h.hexdigest()


def _parse(src: Source, path: Path, st: os.stat_result, redacting: bool) -> _Parsed:
    item = _Parsed(str(path), src, st, stable_id(str(path)))
    try:
        parsed = src.parse(path)
    except (OSError, SourceError) as e:
        item.error = _reason(e)
        return item
    except Exception as e:  # a parser bug must cost one file, not the run
        item.error = f"parser failed: {type(e).__name__}: {e}"
        return item
    item.skipped = parsed.skipped
    item.offset = parsed.offset
    for s in parsed.sessions:
        item.redactions += ingest.prepare(s, redacting)
    item.sessions = [s for s in parsed.sessions if s.records]
    if src.append_only and parsed.offset:
        try:
            item.prefix_hash = _prefix_hash(path, parsed.offset)
        except OSError:
            item.prefix_hash = ""
    return item


def _reason(e: BaseException) -> str:
    if isinstance(e, PermissionError):
        return "permission denied"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e) or type(e).__name__


def _write(store: Store, batch: list[_Parsed]) -> None:
    cat, text = store.catalog, store.text
    good = [p for p in batch if not p.error]
    # An unreadable file keeps whatever it contributed before: nothing is lost to a bad read.
    cat.mark_errors([(p.path, p.fid, p.source.name, p.error) for p in batch if p.error])
    if not good:
        return
    cat.mark_pending((p.path, p.fid, p.source.name) for p in good)
    text.delete_files([p.fid for p in good])
    states, rows = [], []
    for p in good:
        n_records = 0
        for s in p.sessions:
            sid = stable_id(s.key)
            for r in s.records:
                text.add(p.fid, sid, s.harness, s.project, ROLE_CODE[r.role], r.time, r.seq, r.text)
            n_records += len(s.records)
            rows.append(
                SessionRow(s.key, sid, s.harness, s.id, s.project, s.cwd, s.path, s.title, s.started, s.updated,
                           s.parent, p.fid, len(s.records))
            )
        states.append(
            FileState(p.path, p.fid, p.source.name, p.stat.st_size, p.stat.st_mtime_ns, p.offset, p.prefix_hash,
                      p.source.version, "ok", "", len(p.sessions), n_records, p.skipped, p.redactions)
        )
    text.commit()
    cat.commit_files(states, rows, [])


def _stat(path: Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def refresh(store: Store, rebuild: bool = False, progress: Progress | None = None) -> Report:
    """Bring the index up to date with every enabled source. The caller holds the writer lock."""
    t0 = time.monotonic()
    report = Report()
    redacting = redact.enabled()
    if rebuild:
        store.rebuild()
    known = store.catalog.files()
    todo: list[tuple[Source, Path, os.stat_result]] = []
    for src in sources.enabled():
        try:
            found = src.discover()
        except OSError as e:
            report.harnesses[src.name] = {"error": _reason(e)}
            continue
        for path in found:
            st = _stat(path)
            if st is None:
                continue
            report.files += 1
            old = known.get(str(path))
            if (
                old is not None
                and old.state == "ok"
                and old.size == st.st_size
                and old.mtime_ns == st.st_mtime_ns
                and old.parser_version == src.version
            ):
                report.unchanged += 1
                continue
            todo.append((src, path, st))
    # Pending rows whose file has vanished still hold half-written records: clear them.
    discovered = {str(p) for _, p, _ in todo}
    stale = [f for f in known.values() if f.state == "pending" and f.path not in discovered and not Path(f.path).exists()]
    if stale:
        store.text.delete_files([f.fid for f in stale])
        store.text.commit()
        store.catalog.commit_files([], [], [f.path for f in stale])

    batch: list[_Parsed] = []
    batch_records = 0
    last_note = time.monotonic()
    for i, (src, path, st) in enumerate(todo, 1):
        item = _parse(src, path, st, redacting)
        batch.append(item)
        report.parsed += 1
        report.errors += bool(item.error)
        n = sum(len(s.records) for s in item.sessions)
        report.sessions += len(item.sessions)
        report.records += n
        report.redactions += item.redactions
        batch_records += n
        if batch_records >= BATCH_RECORDS or len(batch) >= BATCH_FILES:
            _write(store, batch)
            batch, batch_records = [], 0
        if progress and time.monotonic() - last_note > 1.0:
            progress(f"indexing: {i}/{len(todo)} files, {report.records} records")
            last_note = time.monotonic()
    if batch:
        _write(store, batch)
    report.seconds = time.monotonic() - t0
    return report


def open_for_write(directory: Path, wait: bool = True, notice: Progress | None = None) -> tuple[Store, WriterLock] | None:
    """The store with the writer lock held, or None when another writer has it and `wait` is off."""
    lock = WriterLock(directory)
    if not lock.acquire(wait, notice):
        return None
    try:
        return Store(directory), lock
    except BaseException:
        lock.release()
        raise


@dataclass
class SourceState:
    harness: str
    state: str  # ok | missing | unreadable | parsed-zero
    files: int = 0
    sessions: int = 0
    records: int = 0
    skipped: int = 0
    redactions: int = 0
    errors: int = 0
    reason: str = ""
    roots: list[str] = field(default_factory=list)


def source_states(store: Store) -> list[SourceState]:
    """What each harness's store gave the index, and whether it went blind."""
    counts = store.catalog.harness_counts()
    out = []
    for src in sources.enabled():
        roots = src.roots()
        c = counts.get(src.name, {})
        st = SourceState(src.name, "ok", roots=[str(r) for r in roots])
        for k in ("files", "sessions", "records", "skipped", "redactions", "errors"):
            setattr(st, k, c.get(k, 0))
        present = [r for r in roots if os.path.lexists(r)]
        errors = store.catalog.errors(src.name)
        if not present:
            st.state = "missing"
        elif not any(os.access(r, os.R_OK | (os.X_OK if r.is_dir() else 0)) for r in present):
            st.state, st.reason = "unreadable", f"permission denied: {present[0]}"
        elif st.sessions:
            if errors:
                st.reason = f"{len(errors)} file(s) unreadable, e.g. {errors[0][0]}: {errors[0][1]}"
        elif errors:
            st.state, st.reason = "unreadable", f"{errors[0][0]}: {errors[0][1]}"
        elif st.files:
            st.state, st.reason = "parsed-zero", "its files exist but yield no sessions: the format may have moved"
        else:
            st.state = "missing"
        out.append(st)
    return out


def open_fresh(directory: Path, progress: Progress | None = None) -> tuple[Store, str]:
    """A store to read from, brought up to date first unless another writer is busy.

    Returns the store and a note for the person ("" when the index is current). The first
    search on a machine builds the index; later ones pick up what changed.
    """
    first = not (directory / "catalog.sqlite").exists()
    lock = WriterLock(directory)
    got = lock.acquire(wait=first, notice=progress)
    if not got:
        return Store(directory, readonly=True), "another deja process is updating the index; results may be a moment behind"
    try:
        store = Store(directory)
        if first and progress:
            progress("building the index for the first time…")
        refresh(store, progress=progress if first else None)
        store.text.close()  # commit and let merges finish before the lock goes
        return store, ""
    finally:
        lock.release()


__all__ = ["refresh", "open_for_write", "open_fresh", "source_states", "SourceState", "Report", "WriterLock", "DejaError", "StoreError"]
