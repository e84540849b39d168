"""Cold rebuild and incremental refresh: discover files, compare with the catalog's file
states, parse what changed, and write it through the one locked writer.

A cold index is an incremental index that starts from empty. A file that only grew, and whose
already-read prefix is byte-for-byte unchanged (its hash), is read from its safe offset and
appended; any other change replaces exactly that file's records. Every batch lands in three
steps — the catalog marks its files pending, the text index writes and commits, the catalog
records the new states — so a crash between any two leaves pending files, which the next run
re-reads whole: it converges to what a cold rebuild would produce.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from deja import ingest, paths, redact, sources
from deja.errors import SourceError
from deja.lock import WriterLock
from deja.model import ROLE_CODE, Session
from deja.search import signals
from deja.sources.base import Source
from deja.store import FileState, SessionRow, Store, stable_id

# A batch is written when it holds this many records (or files): bounds memory (measured: 50k
# records peaked at 487 MB on 500 MiB, 15k at 252 MB and no slower) and the work
# a crash can cost. (Environment overrides exist for the crash tests.)
BATCH_RECORDS = int(os.environ.get("DEJA_BATCH_RECORDS", 15_000))
BATCH_FILES = int(os.environ.get("DEJA_BATCH_FILES", 2_000))

Progress = Callable[[str], None]


@dataclass
class Report:
    files: int = 0
    parsed: int = 0
    appended: int = 0
    unchanged: int = 0
    gone: int = 0
    errors: int = 0
    sessions: int = 0
    records: int = 0
    redactions: int = 0
    seconds: float = 0.0
    deferred: int = 0


@dataclass(frozen=True)
class FileStat:
    """What tells a file changed: for a SQLite store, its `-wal` counts too (new rows sit there
    until a checkpoint, and the main file does not change)."""

    st_size: int
    st_mtime_ns: int


def file_stat(path: Path, source: Source | None = None) -> FileStat:
    token = source.change_token(path) if source is not None else None
    if token is not None:
        return FileStat(*token)
    st = os.stat(path)
    size, mtime = st.st_size, st.st_mtime_ns
    if not path.name.endswith(_LINE_SUFFIXES):  # a transcript never has a -wal beside it
        try:
            wal = os.stat(f"{path}-wal")
            size, mtime = size + wal.st_size, max(mtime, wal.st_mtime_ns)
        except OSError:
            pass
    return FileStat(size, mtime)


_LINE_SUFFIXES = (".jsonl", ".json", ".md", ".zst", ".zstd")


@dataclass
class Task:
    source: Source
    path: Path
    stat: FileStat
    start: int = 0  # > 0: append from this safe offset
    old: FileState | None = None

    @property
    def cost(self) -> int:
        return self.stat.st_size - self.start


@dataclass
class Plan:
    tasks: list[Task] = field(default_factory=list)
    gone: list[str] = field(default_factory=list)
    excluded: list[str] = field(default_factory=list)
    files: int = 0
    unchanged: int = 0


@dataclass
class _Parsed:
    task: Task
    fid: int
    sessions: list[Session] = field(default_factory=list)
    offset: int = 0
    prefix_hash: str = ""
    skipped: int = 0
    redactions: int = 0
    error: str = ""


_crash_hits: dict[str, int] = {}


def _crash_point(name: str) -> None:
    """Fault injection for the crash-safety tests: `DEJA_TEST_CRASH=<name>[:<n>]` kills this
    process with SIGKILL at the n-th time it reaches the named point."""
    want = os.environ.get("DEJA_TEST_CRASH")
    if not want:
        return
    point, _, nth = want.partition(":")
    if point != name:
        return
    _crash_hits[name] = _crash_hits.get(name, 0) + 1
    if _crash_hits[name] >= int(nth or 1):
        os.kill(os.getpid(), signal.SIGKILL)


def exclusions() -> list[str]:
    """Glob patterns from `~/.config/deja/exclude`, matched against source paths and session cwds."""
    f = paths.config_home() / "deja" / "exclude"
    try:
        lines = f.read_text().splitlines()
    except OSError:
        return []
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def _excluded(value: str, patterns: list[str]) -> bool:
    return bool(value) and any(fnmatch.fnmatch(value, p) or fnmatch.fnmatch(value, p.rstrip("/") + "/*") for p in patterns)


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


def _reason(e: BaseException) -> str:
    if isinstance(e, PermissionError):
        return "permission denied"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e) or type(e).__name__


def _task_for(src: Source, path: Path, st: FileStat, old: FileState | None) -> Task | None:
    """What to do with one file: nothing (None), append from its safe offset, or read it whole."""
    if old is None or old.parser_version != src.version or old.state not in ("ok", "gone"):
        return Task(src, path, st, old=old)
    if old.size == st.st_size and old.mtime_ns == st.st_mtime_ns and old.state == "ok":
        return None
    if src.append_only and old.state == "ok" and st.st_size > old.size and 0 < old.safe_offset <= old.size:
        return Task(src, path, st, start=old.safe_offset, old=old)
    return Task(src, path, st, old=old)


def plan_file(store: Store, path: Path) -> Plan:
    """The plan for one transcript (a hook's live session), without walking every store."""
    plan = Plan()
    for src in sources.enabled():
        if not any(path.is_relative_to(root) for root in src.roots()):
            continue
        try:
            st = file_stat(path, src)
        except (OSError, SourceError):
            return plan
        plan.files = 1
        task = _task_for(src, path, st, store.catalog.files().get(str(path)))
        if task is None:
            plan.unchanged = 1
        else:
            plan.tasks.append(task)
        return plan
    return plan


def make_plan(store: Store, rebuild: bool = False) -> Plan:
    """What changed since the catalog's file states: files to parse whole or append, files gone."""
    plan = Plan()
    known = {} if rebuild else store.catalog.files()
    patterns = exclusions()
    seen: set[str] = set()
    harnesses = set()
    for src in sources.enabled():
        try:
            found = src.discover()
        except OSError:
            continue  # its files are neither gone nor dropped: we could not look
        harnesses.add(src.name)
        for path in found:
            key = str(path)
            seen.add(key)
            if _excluded(key, patterns):
                if key in known:
                    plan.excluded.append(key)
                continue
            try:
                st = file_stat(path, src)
            except OSError:
                continue
            except SourceError:  # the store could not be asked (a server down): parse says why
                st = FileStat(0, -1)
            plan.files += 1
            task = _task_for(src, path, st, known.get(key))
            if task is None:
                plan.unchanged += 1
            else:
                plan.tasks.append(task)
    for f in known.values():
        if f.harness in harnesses and f.path not in seen and f.state != "gone":
            if not os.path.lexists(f.path):
                plan.gone.append(f.path)
            else:
                # Still on disk but no longer a transcript to its source (excluded, or superseded
                # as a Gemini .json resumed into a .jsonl): what it gave is removed.
                plan.excluded.append(f.path)
    return plan


def _parse(task: Task, redacting: bool, tombstoned: set[str], patterns: list[str]) -> _Parsed:
    src, path = task.source, task.path
    item = _Parsed(task, stable_id(str(path)))
    start = task.start
    if start:
        # Append only onto the very prefix read before: a rewind that regrew past the old size
        # must be re-read whole, or its replaced turns would stay in the index for good.
        try:
            if _prefix_hash(path, start) != task.old.prefix_hash:  # type: ignore[union-attr]
                task.start = start = 0
        except OSError:
            task.start = start = 0
    try:
        parsed = src.parse(path, start)
    except (OSError, SourceError) as e:
        item.error = _reason(e)
        return item
    except Exception as e:  # a parser bug must cost one file, not the run
        item.error = f"parser failed: {type(e).__name__}: {e}"
        return item
    item.skipped = parsed.skipped + (task.old.skipped if start and task.old else 0)
    item.offset = parsed.offset
    kept = []
    for s in parsed.sessions:
        if s.key in tombstoned or _excluded(s.cwd, patterns):
            continue
        item.redactions += ingest.prepare(s, redacting)
        if s.records:
            kept.append(s)
    item.sessions = kept
    if start and task.old:
        item.redactions += task.old.redactions
    if src.append_only and parsed.offset:
        try:
            item.prefix_hash = _prefix_hash(path, parsed.offset)
        except OSError:
            item.prefix_hash = ""
    return item


def _write(store: Store, batch: list[_Parsed]) -> None:
    cat, text = store.catalog, store.text
    good = [p for p in batch if not p.error]
    # An unreadable file keeps whatever it contributed before: nothing is lost to a bad read.
    cat.mark_errors([(str(p.task.path), p.fid, p.task.source.name, p.error) for p in batch if p.error])
    if not good:
        return
    cat.mark_pending((str(p.task.path), p.fid, p.task.source.name) for p in good)
    _crash_point("pending")
    replaced = [p.fid for p in good if not p.task.start]
    text.delete_files(replaced)
    appended_keys = [s.key for p in good if p.task.start for s in p.sessions]
    existing = cat.sessions_by_key(appended_keys) if appended_keys else {}
    states, rows = [], []
    for p in good:
        t = p.task
        n_records = 0
        for s in p.sessions:
            sid = stable_id(s.key)
            prior = existing.get(s.key) if t.start else None
            base = prior.records if prior else 0
            for r in s.records:
                text.add(p.fid, sid, s.harness, s.project, ROLE_CODE[r.role], r.time, base + r.seq, r.text)
            n_records += len(s.records)
            row = SessionRow(s.key, sid, s.harness, s.id, s.project, s.cwd, s.path, s.title, s.started, s.updated,
                             s.parent, p.fid, base + len(s.records))
            decision, reverted = signals.marks(s.records)
            row.decision, row.reverted = decision, int(reverted)
            if prior:
                row.started = min(x for x in (prior.started, s.started) if x) if (prior.started or s.started) else 0
                row.updated = max(prior.updated, s.updated)
                row.title = prior.title or s.title
                row.project, row.cwd = prior.project or s.project, prior.cwd or s.cwd
                row.parent = prior.parent or s.parent
                # an appended chunk with no decision of its own leaves the earlier one standing
                row.decision = decision or (prior.decision if not reverted else "")
                row.reverted = int(not row.decision and (reverted or bool(prior.reverted)))
            rows.append(row)
        old = t.old
        sessions_n = len(p.sessions)
        if t.start and old:
            n_records += old.records
            sessions_n = old.sessions + sum(1 for s in p.sessions if s.key not in existing)
        states.append(
            FileState(str(t.path), p.fid, t.source.name, t.stat.st_size, t.stat.st_mtime_ns, p.offset, p.prefix_hash,
                      t.source.version, "ok", "", sessions_n, n_records, p.skipped, p.redactions)
        )
    text.commit()
    _crash_point("text")
    cat.commit_files(states, rows, replaced)
    _crash_point("catalog")


def apply(store: Store, plan: Plan, progress: Progress | None = None) -> Report:
    """Carry out a plan. The caller holds the writer lock."""
    t0 = time.monotonic()
    report = Report(files=plan.files, unchanged=plan.unchanged, gone=len(plan.gone))
    if plan.gone:
        store.catalog.mark_gone(plan.gone)
    if plan.excluded:
        fids = [stable_id(p) for p in plan.excluded]
        store.catalog.mark_pending((p, f, "") for p, f in zip(plan.excluded, fids))
        store.text.delete_files(fids)
        store.text.commit()
        store.catalog.remove_files(plan.excluded)
    redacting = redact.enabled()
    tombstoned = store.catalog.tombstoned()
    patterns = exclusions()
    batch: list[_Parsed] = []
    batch_records = 0
    last_note = time.monotonic()
    for i, task in enumerate(plan.tasks, 1):
        item = _parse(task, redacting, tombstoned, patterns)
        batch.append(item)
        report.parsed += 1
        report.appended += bool(task.start)
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
            progress(f"indexing: {i}/{len(plan.tasks)} files, {report.records} records")
            last_note = time.monotonic()
    if batch:
        _write(store, batch)
    report.seconds = time.monotonic() - t0
    return report


def refresh(store: Store, rebuild: bool = False, progress: Progress | None = None) -> Report:
    """Bring the index up to date with every enabled source. The caller holds the writer lock."""
    if rebuild:
        # Files deleted since the last run are history to keep: mark them before dropping the
        # rest, or the rebuild would lose what can no longer be read.
        gone = make_plan(store).gone
        if gone:
            store.catalog.mark_gone(gone)
        store.rebuild()
    return apply(store, make_plan(store), progress)


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


__all__ = ["refresh", "make_plan", "apply", "open_for_write", "Report", "Plan", "exclusions"]
