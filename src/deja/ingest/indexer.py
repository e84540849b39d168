"""Cold rebuild and incremental refresh: discover files, compare with the catalog's file
states, parse what changed, and write it through the one locked writer.

A cold index is an incremental index that starts from empty. A file that only grew, its read
prefix byte-for-byte unchanged (its hash), is read from its safe offset and appended; any other
change replaces exactly that file's records. Every batch lands in three steps — the catalog marks
its files pending, the text index writes and commits, the catalog records the new states — so a
crash between any two leaves pending files, which the next run re-reads whole: it converges to
what a cold rebuild would produce.
"""

from __future__ import annotations

import fnmatch
import gc
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import NamedTuple

from deja import config, faults, paths, projects, sources
from deja.plain import Plain
from deja.ingest import prefix
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import ROLE_CODE, Session, escaped
from deja.ingest.report import Report, progress_line
from deja.sources.base import Source
from deja.sources.look import PLAIN, Look
from deja.store import UNTIL_CHANGED, FailedFile, FileState, SessionRow, Store, generations, stable_id
from deja.store import bodies
from deja.ingest import coded
from deja.ingest.filestat import FileStat, file_stat
from deja.text import redact
from deja.text.decision import marks
from deja.text.tokenizer import analyzer_input

# A batch is committed at this many records (or files): it bounds what a crash costs. Records go
# to the text index as each file arrives, so memory does not grow with it (tantivy's heap is
# bounded: WRITER_HEAP). Each commit ends a segment that tantivy later merges: 60,000 records (not
# 15,000 as until session 9) make a quarter of the segments and of the merging
# (docs/benchmarks.md "Issue 18, session 9"). Parsing, clean-up and redaction hold the GIL: a
# large plan is parsed in worker processes, one per core, while this one writes (tantivy
# tokenizes on its own thread); below the pool's bytes its start-up doesn't pay.
def batch_size() -> tuple[int, int]:
    """(records, files) that commit a batch (DEJA_BATCH_RECORDS, DEJA_BATCH_FILES)."""
    return int(os.environ.get("DEJA_BATCH_RECORDS", 60_000)), int(os.environ.get("DEJA_BATCH_FILES", 2_000))


# A write of this many records (or of a whole batch) is a build: its WAL is cut afterwards.
BUILD_RECORDS = 15_000


def pool_size() -> tuple[int, int]:
    """(workers, the bytes a plan needs to use them) (DEJA_WORKERS, DEJA_PARALLEL_BYTES)."""
    return int(os.environ.get("DEJA_WORKERS", 0)) or (os.cpu_count() or 1), int(os.environ.get("DEJA_PARALLEL_BYTES", 64 << 20))


# Parsed files in flight per worker: bounds memory when writing falls behind parsing.
_WINDOW_PER_WORKER = 4

Progress = Callable[[str], None]


class Task(Plain):  # plain slotted classes: `dataclasses` costs an append's process ~15 ms
    __slots__ = ("source", "file", "stat", "start", "old", "_cost")

    def __init__(self, source: Source, path: Path, stat: FileStat, start: int = 0, old: FileState | None = None):
        # the path's string (the one a Recording keys it by): a Path holds its parts too (~500 B)
        self.source, self.file, self.stat, self.old = source, os.fspath(path), stat, old
        self.start = start  # > 0: append from this safe offset
        self._cost: tuple[int, int] | None = None  # (stop, cost) measured

    @property
    def path(self) -> Path:
        return Path(self.file)

    @property
    def key(self) -> str:
        return escaped(self.file)

    def cost(self, stop: int) -> int:
        """Bytes parsing this reads, decompressed (counted up to just past `stop`), and its
        prefix re-hashed (_parse) at 1/64 (blake2b ~700 MiB/s, parsing ~10 MiB/s)."""
        if self._cost is None or (self._cost[1] > self._cost[0] and stop > self._cost[0]):
            try:
                self._cost = (stop, self.source.parse_cost(self.path, self.stat.st_size, self.start, stop))
            except (OSError, SourceError):
                self._cost = (stop, stop + 1)  # cannot be measured here: the parse will say why
        return self._cost[1] + (self.start >> 6)


def over(tasks: list[Task], budget: int) -> bool:
    """True when parsing `tasks` reads more than `budget` bytes, decompressed: what decides
    "inline or background" and "one process or a pool". Measuring stops once it is over."""
    total = 0
    for t in tasks:
        total += t.cost(budget - total)
        if total > budget:
            return True
    return False


def catalog_path(path: Path) -> str:
    """The path as the catalog keys it: a name that is not UTF-8 (its bytes kept as surrogates)
    is stored with those bytes escaped (`\\xff`), so one such file cannot fail a batch."""
    return escaped(str(path))


class Plan(Plain):
    __slots__ = ("tasks", "gone", "excluded", "unlisted", "files", "unchanged")

    def __init__(self, tasks: list[Task] | None = None, files: int = 0) -> None:
        self.tasks = [] if tasks is None else tasks
        self.gone: list[str] = []
        self.excluded: list[str] = []
        self.unlisted: list[FailedFile] = []  # directories that cannot be listed
        self.files, self.unchanged = files, 0


class _Ready(NamedTuple):
    """A session as the writer needs it, built in the parsing process: its catalog row (as if
    read whole) and its records as plain tuples, which cross a process boundary several times
    faster than Session and Record objects. `coded.coded` codes the text where it was parsed."""

    row: SessionRow
    docs: list  # (role, time, seq, UTF-8 text, analyzer input), then coded.coded's tuples


def _ready(s: Session, fid: int) -> _Ready:
    decision, reverted = marks(s.records)
    row = SessionRow(s.key, stable_id(s.key), s.harness, s.id, s.project, s.cwd, s.path, s.title, s.started,
                     s.updated, s.parent, fid, len(s.records), decision=decision, reverted=int(reverted),
                     root=s.root or projects.root_of(s.cwd), origin=s.origin)
    docs = [(ROLE_CODE[r.role], r.time, r.seq, r.text.encode("utf-8", "surrogatepass"), analyzer_input(r.text))
            for r in s.records]
    return _Ready(row, docs)


class _Parsed(Plain):
    __slots__ = ("task", "fid", "sessions", "offset", "prefix_hash", "skipped", "redactions", "error", "until_changed")

    def __init__(self, task: Task, fid: int) -> None:
        self.task, self.fid = task, fid
        self.sessions: list[_Ready] = []
        self.offset = self.skipped = self.redactions = 0
        self.prefix_hash = self.error = ""
        self.until_changed = False  # the error holds until the file changes (SourceError)


def exclusions(look: Look = PLAIN) -> list[str]:
    """Glob patterns from `~/.config/deja/exclude`, matched against source paths and session cwds."""
    f = paths.config_home(look.env) / "deja" / "exclude"
    try:
        lines = look.read_bytes(f).decode().splitlines()
    except OSError:
        return []
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def _excluded(value: str, patterns: list[str]) -> bool:
    return bool(value) and any(fnmatch.fnmatch(value, p) or fnmatch.fnmatch(value, p.rstrip("/") + "/*") for p in patterns)


def _failure(e: BaseException) -> str:
    """An unexpected exception as a file's error: its kind and a line of its message."""
    text, _ = redact.redact(str(e).split("\n", 1)[0][:200])  # a message may quote the value
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _reason(e: BaseException) -> str:
    if isinstance(e, PermissionError):
        return "permission denied"
    if isinstance(e, OSError) and e.strerror:
        return e.strerror.lower()
    return str(e) or type(e).__name__


def _task_for(src: Source, path: Path, st: FileStat, old: FileState | None) -> Task | None:
    """What to do with one file: nothing (None), append from its safe offset, or read it whole.
    A file that failed in a way that holds until it changes is not tried again before it does."""
    if old is not None and old.state == "error" and old.safe_offset == UNTIL_CHANGED:
        if (old.size, old.mtime_ns, old.parser_version) == (st.st_size, st.st_mtime_ns, src.version):
            return None
    if old is None or old.parser_version != src.version or old.state not in ("ok", "gone"):
        return Task(src, path, st, old=old)
    if old.size == st.st_size and old.mtime_ns == st.st_mtime_ns and old.state == "ok":
        return None
    # Grown, or only its mtime moved (touched, restored): resumed once its prefix hashes the same
    # (_parse), so an unchanged file keeps its records for one read of its bytes, not a parse.
    if src.append_only and old.state == "ok" and st.st_size >= old.size and 0 < old.safe_offset <= old.size:
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
        task = _task_for(src, path, st, store.catalog.files().get(catalog_path(path)))
        if task is None:
            plan.unchanged = 1
        else:
            plan.tasks.append(task)
        return plan
    return plan


def make_plan(store: Store, rebuild: bool = False, known: dict[str, FileState] | None = None,
              look: Look | None = None) -> Plan:
    """What changed since the catalog's file states (or `known`, another catalog's): files to
    parse whole or append, files gone. `rebuild`: every file is read whole. Everything it reads
    of the filesystem and the environment goes through `look` (a fresh.Recording notes it)."""
    look = look or Look()
    look.env("HOME")  # Path.expanduser reads it for every `~` in an override
    plan = Plan()
    known = {} if rebuild else store.catalog.files() if known is None else known
    patterns = exclusions(look)
    seen: set[str] = set()
    harnesses = set()
    for src in sources.enabled(look):
        unlisted = look.unlisted if look.unlisted is not None else []
        before = len(unlisted)
        try:
            found = src.discover(look)
        except OSError:
            continue  # its files are neither gone nor dropped: we could not look
        harnesses.add(src.name)
        for d, reason in unlisted[before:]:  # counted as unreadable files until they can be listed
            seen.add(d)
            plan.files += 1
            old = known.get(d)
            if old is not None and old.state == "error" and old.error == reason:
                plan.unchanged += 1
            else:
                plan.unlisted.append(FailedFile(d, stable_id(d), src.name, reason))
        for path in found:
            key = catalog_path(path)
            seen.add(key)
            if _excluded(key, patterns):
                if key in known:
                    plan.excluded.append(key)
                continue
            try:
                st = file_stat(path, src, look)
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
    off = config.harnesses_off(look)
    for f in known.values():
        if f.harness in off:
            plan.excluded.append(f.path)  # turned off in the config file: it leaves the index
        elif f.harness in harnesses and f.path not in seen and f.state != "gone":
            if not look.lexists(f.path):
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
    hasher = None
    if start:
        # Append only onto the very prefix read before: a rewind that regrew past the old size
        # must be re-read whole, or its replaced turns would stay in the index for good.
        try:
            assert task.old is not None  # a start past 0 continues a file read before
            hasher = prefix.hasher(path, start)
            if "b2:" + hasher.hexdigest() != task.old.prefix_hash:
                task.start = start = 0
                hasher = None
        except OSError:
            task.start = start = 0
    try:
        parsed = src.parse(path, start)
    except (OSError, SourceError) as e:
        item.error = _reason(e)
        item.until_changed = isinstance(e, SourceError) and e.until_changed
        return item
    except Exception as e:  # a parser bug must cost one file, not the run
        item.error = f"parser failed: {_failure(e)}"
        return item
    item.skipped = parsed.skipped + (task.old.skipped if start and task.old else 0)
    item.offset = parsed.offset
    kept = []
    try:
        for s in parsed.sessions:
            s.settle()
            item.skipped += s.skipped
            if s.key in tombstoned or _excluded(s.cwd, patterns):
                continue
            item.redactions += prepare(s, redacting)
            if s.records:
                kept.append(_ready(s, item.fid))
    except Exception as e:  # the same: one file, not the run
        item.error = f"could not be prepared: {_failure(e)}"
        return item
    item.sessions = kept
    if start and task.old:
        item.redactions += task.old.redactions
    if src.append_only and parsed.offset:
        try:
            on = (hasher, start) if parsed.offset >= start else ()  # the verified prefix, continued
            item.prefix_hash = "b2:" + prefix.hasher(path, parsed.offset, *on).hexdigest()
        except OSError:
            item.prefix_hash = ""
    return item


_worker_args: tuple[bool, set[str], list[str]] = (True, set(), [])
_worker_codec: bodies.Codec | None = None


def _init_worker(redacting: bool, tombstoned: set[str], patterns: list[str], writer: int, dictionary: bytes) -> None:
    global _worker_args, _worker_codec
    _worker_args = (redacting, tombstoned, patterns)
    _worker_codec = bodies.Codec(dictionary)
    gc.disable()  # see apply()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the writer's to handle
    threading.Thread(target=_exit_with, args=(writer,), daemon=True).start()


def _exit_with(writer: int) -> None:
    """A worker outlives a writer that was killed (a pool is not told): it leaves on its own."""
    while True:
        time.sleep(0.5)
        if not generations.alive(writer):
            os._exit(0)


def _parse_in_worker(task: Task) -> _Parsed:
    faults.point("worker")
    assert _worker_codec is not None  # set by _init_worker
    return coded.coded(_parse(task, *_worker_args), _worker_codec)


def _parsed(queue: deque[Task], redacting: bool, tombstoned: set[str], patterns: list[str],
            gen: Path) -> Generator[_Parsed, None, None]:
    """Each task parsed and coded (ingest.coded; `gen`: the generation's directory), in plan
    order: here, or in a pool of workers for a large plan. Where no pool can start (no /dev/shm,
    no semaphores) or a worker dies (killed, out of memory), what is left is parsed here: a pool
    only ever makes a run faster. A task leaves `queue` when handed on; none is kept once yielded."""
    args = (redacting, tombstoned, patterns)
    codec = bodies.Codec.of(gen)
    held: deque[_Parsed] = deque()  # parsed here while the dictionary's sample fills
    if not codec.data:
        held, codec = coded.first(queue, lambda t: _parse(t, *args), gen)
    pending: deque = deque()  # (future, task), in plan order
    n_workers, pool_bytes = pool_size()
    if n_workers >= 2 and len(queue) >= 2 and over(list(queue), pool_bytes - 1):
        import multiprocessing  # ~15 ms of imports that a small refresh does not pay
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        try:
            # forkserver, not fork: this process may already run tantivy's threads.
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["deja.ingest.indexer"])
            with ProcessPoolExecutor(n_workers, mp_context=ctx, initializer=_init_worker,
                                     initargs=(*args, os.getpid(), codec.data)) as pool:
                while queue or pending or held:
                    while queue and len(pending) < n_workers * _WINDOW_PER_WORKER:
                        # a task leaves the queue only once a worker has it (submit may raise)
                        pending.append((pool.submit(_parse_in_worker, queue[0]), queue[0]))
                        queue.popleft()
                    if held:  # the workers start on the rest while these are written
                        yield coded.coded(held.popleft(), codec)
                        continue
                    item = pending[0][0].result()
                    pending.popleft()
                    yield item
        except (OSError, ImportError, ValueError, NotImplementedError, BrokenProcessPool):
            pass  # what is still pending or queued is parsed below
    while held:
        yield coded.coded(held.popleft(), codec)
    while pending or queue:  # in plan order: what a worker had, then the rest
        yield coded.coded(_parse(pending.popleft()[1] if pending else queue.popleft(), *args), codec)


class _Batch(Plain):
    """What a batch has written to the text index so far, to record when it is committed.

    Records go to the text index as each file arrives (nothing accumulates here but the
    catalog rows); the batch lands in three steps at `flush`: its files marked pending in the
    catalog, the text index committed, the catalog's file states and sessions committed.
    """

    __slots__ = ("errors", "pending", "replaced", "states", "rows", "records")

    def __init__(self) -> None:
        self.errors: list[FailedFile] = []
        self.pending: list[tuple[str, int, str]] = []
        self.replaced: list[int] = []
        self.states: list[FileState] = []
        self.rows: list[SessionRow] = []
        self.records = 0

    def __len__(self) -> int:
        return len(self.errors) + len(self.pending)

    def mark(self) -> tuple[int, int, int, int, int]:
        return len(self.pending), len(self.replaced), len(self.states), len(self.rows), self.records

    def back_to(self, mark: tuple[int, int, int, int, int]) -> None:
        del self.pending[mark[0]:], self.replaced[mark[1]:], self.states[mark[2]:], self.rows[mark[3]:]
        self.records = mark[4]


def _add(store: Store, batch: _Batch, p: _Parsed) -> None:
    t = p.task
    if p.error:
        # An unreadable file keeps whatever it contributed before: nothing is lost to a bad read.
        # (a store that could not even be stat'ed has no state to wait for a change of)
        lasting = p.until_changed and t.stat.st_mtime_ns >= 0
        batch.errors.append(FailedFile(t.key, p.fid, t.source.name, p.error, lasting, t.stat.st_size,
                                       t.stat.st_mtime_ns, t.source.version))
        return
    mark = batch.mark()
    try:
        _write(store, batch, p)
    except BaseException as e:
        if isinstance(e, (KeyboardInterrupt, SystemExit, GeneratorExit)):
            raise
        _write_failed(store, batch, p, mark, e)


def _write_failed(store: Store, batch: _Batch, p: _Parsed, mark: tuple[int, int, int, int, int],
                  e: BaseException) -> None:
    """Writing one file's records raised (a value the text index refuses, a bug): that file
    costs itself. Whatever of it reached the writer goes, with what it held before, so nothing
    half-written is ever committed; it is recorded as failed, with the reason, its sessions
    removed, and read again whole by the next run. The rest of the batch goes on."""
    t = p.task
    batch.back_to(mark)
    store.text.delete_files([p.fid])
    p.error = f"could not be indexed: {_failure(e)}"
    p.sessions = []
    batch.pending.append((t.key, p.fid, t.source.name))
    batch.replaced.append(p.fid)
    batch.states.append(FileState(t.key, p.fid, t.source.name, t.stat.st_size, t.stat.st_mtime_ns, 0, "",
                                  t.source.version, "error", p.error))


def _write(store: Store, batch: _Batch, p: _Parsed) -> None:
    cat, text = store.catalog, store.text
    t = p.task
    fault = os.environ.get("DEJA_TEST_FAIL_WRITE")  # fault injection for the containment tests
    if fault and fault in t.key:
        text.add(p.fid, 0, t.source.name, "", 0, 1e300, 0, b"", "")  # what tantivy refuses: OverflowError
    batch.pending.append((t.key, p.fid, t.source.name))
    if not t.start:
        batch.replaced.append(p.fid)
        if t.old is not None:  # a file the catalog never knew has nothing in the index (a cold build)
            text.delete_files([p.fid])
    existing = cat.sessions_by_key([s.row.key for s in p.sessions]) if t.start else {}
    n_records = 0
    for row, docs in p.sessions:
        prior = existing.get(row.key)
        base = prior.records if prior else 0
        for role, time_, seq, zbody, form, share in docs:  # as coded.coded made them
            # an output read before is stored once (store/outputs.py)
            if share and (mark := cat.shared(batch.replaced).stored(row.sid, base + seq, p.fid, *share)):
                zbody, form = bodies.raw(mark), ""
            elif form is None:  # sent coded only (ingest.coded): its text is its analyzer input
                form = text.reader.text(zbody)
            text.add(p.fid, row.sid, row.harness, row.project, role, time_, base + seq, zbody, form)
        n_records += len(docs)
        if prior:
            row.records += base
            row.started = min(x for x in (prior.started, row.started) if x) if (prior.started or row.started) else 0
            row.updated = max(prior.updated, row.updated)
            row.title = prior.title or row.title
            row.project, row.cwd, row.root = prior.project or row.project, prior.cwd or row.cwd, prior.root or row.root
            row.parent = prior.parent or row.parent
            # an appended chunk with no decision of its own leaves the earlier one standing
            decision, reverted = row.decision, row.reverted
            row.decision = decision or (prior.decision if not reverted else "")
            row.reverted = int(not row.decision and (reverted or bool(prior.reverted)))
        batch.rows.append(row)
    batch.records += n_records
    old = t.old
    sessions_n = len(p.sessions)
    if t.start and old:
        n_records += old.records
        sessions_n = old.sessions + sum(1 for s in p.sessions if s.row.key not in existing)
    batch.states.append(
        FileState(t.key, p.fid, t.source.name, t.stat.st_size, t.stat.st_mtime_ns, p.offset, p.prefix_hash,
                  t.source.version, "ok", "", sessions_n, n_records, p.skipped, p.redactions)
    )


def _flush(store: Store, batch: _Batch) -> None:
    cat = store.catalog
    cat.mark_errors(batch.errors)
    if not batch.pending:
        return
    cat.mark_pending(batch.pending)
    faults.point("pending")
    store.text.commit()
    faults.point("text")
    cat.commit_files(batch.states, batch.rows, batch.replaced)
    faults.point("catalog")


def apply(store: Store, plan: Plan, progress: Progress | None = None, deadline: float | None = None) -> Report:
    """Carry out a plan (its tasks handed over: `plan.tasks` left empty). The caller holds the
    writer lock. Past `deadline` (time.monotonic()), what was parsed is committed and the rest is
    left for the next run (`report.deferred`)."""
    t0 = time.monotonic()
    report = Report(files=plan.files, unchanged=plan.unchanged, gone=len(plan.gone), errors=len(plan.unlisted))
    store.catalog.mark_errors(plan.unlisted)
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
    # Indexing allocates millions of short-lived, acyclic objects: the cyclic collector's passes
    # over them cost ~40% of the writer's time (py-spy), and find nothing to free.
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        _apply_tasks(store, plan, report, redacting, tombstoned, patterns, progress, deadline)
    finally:
        if gc_was_on:
            gc.enable()
    store.catalog.totals(keep=True)  # for the reads that follow (meta `totals`), before the WAL is cut
    if report.records >= min(batch_size()[0], BUILD_RECORDS):  # a build, not an append: its WAL is the catalog again
        store.trim_wal()
    report.seconds = time.monotonic() - t0
    return report


def _apply_tasks(
    store: Store, plan: Plan, report: Report, redacting: bool, tombstoned: set[str], patterns: list[str],
    progress: Progress | None, deadline: float | None = None,
) -> None:
    batch = _Batch()
    batch_records, batch_files = batch_size()
    start = last_note = time.monotonic()
    total_bytes = sum(t.stat.st_size - t.start for t in plan.tasks) or 1
    done_bytes = 0
    n_tasks, queue, plan.tasks = len(plan.tasks), deque(plan.tasks), []  # each task goes once written
    items = _parsed(queue, redacting, tombstoned, patterns, store.text.path.parent)
    for i, item in enumerate(items, 1):
        faults.point("file")
        done_bytes += item.task.stat.st_size - item.task.start
        _add(store, batch, item)
        report.parsed += 1
        report.appended += bool(item.task.start)
        report.errors += bool(item.error)
        n = sum(len(s.docs) for s in item.sessions)
        report.sessions += len(item.sessions)
        report.records += n
        report.redactions += item.redactions
        if batch.records >= batch_records or len(batch) >= batch_files:
            _flush(store, batch)
            batch = _Batch()
        if progress and time.monotonic() - last_note > 1.0:
            progress(progress_line(i, n_tasks, report.records, done_bytes / total_bytes,
                                   time.monotonic() - start))
            last_note = time.monotonic()
        if deadline is not None and time.monotonic() >= deadline and i < n_tasks:
            report.deferred = n_tasks - i
            items.close()  # the files still in a worker's hands are dropped: the next run reads them
            break
    if batch:
        _flush(store, batch)


__all__ = ["make_plan", "apply", "Report", "Plan", "exclusions"]
