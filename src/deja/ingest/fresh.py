"""Bring the index up to date before a read, cheaply when nothing changed.

The full check (`indexer.make_plan`) runs every source's `discover()`, stats every file and
compares it with the catalog's file state; what changed is parsed. Importing every source module
and listing every store costs more than a search, so when the full check leaves the index current
it also leaves a snapshot (deja.ingest.snapshot): every filesystem observation it made (each path
stat'ed, listed or read, with its type, inode, size, mtime and ctime) and every environment
variable it read. Discovery and planning are functions of those observations, of the catalog's
file states and of deja's own code (whose files are observed too), so a read replays them (one
stat each, no source imported): when they come out the same the full check would plan nothing;
when only store files changed (an append to the session being worked on), those files alone are
planned and applied, with their own source only, and the snapshot renewed; anything else sends
the read through the full check. The snapshot replays the directories and the recently changed
files on every read and the idle files in slices (its docstring: the staleness that buys).

Observations are collected by the `Recording` (deja.sources.look) that make_plan is handed:
discovery reads the filesystem and the environment only through it, so nothing is patched and a
check on one thread never sees another's. The snapshot sits in the catalog (meta `fresh`); a
trigger deletes it on any change to the file states (migration m004), so it never outlives the
states it vouches for. No snapshot is kept when a directory or a file discovery read is too
recent to trust (a change within the same clock tick leaves an mtime as it was), when a file
could not be read (the full check retries those on every read), or when a store is not a file
(a database server is asked every time).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from deja.errors import IndexDamaged, IndexOutdated, StoreError
from deja.ingest.lock import WriterLock, open_locked
from deja.ingest.report import Report
from deja.ingest import snapshot
from deja.store import Store, generations



def inline_bytes() -> int:
    """What a read may parse in front of the person before answering, in bytes as parsed
    (compressed data counts inflated); more goes to the background. (DEJA_INLINE_BYTES, read at
    call time like every override, is for tests.)"""
    return int(os.environ.get("DEJA_INLINE_BYTES", 16 * 1024 * 1024))


# deja's own code that decides what is discovered and how a file is planned and prepared: the
# top-level leaves (config, paths, projects …), the harness parsers, the write path and the text
# rules it applies (and deja/pg, which names the Hermes PostgreSQL stores). A change to any module
# in these is a change the snapshot must not vouch over.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE_DIRS = (_PACKAGE, *(os.path.join(_PACKAGE, d) for d in ("sources", "ingest", "text", "pg")))

Progress = Callable[[str], None]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.sources.look import Recording


def current(store: Store) -> bool:
    """True when every observation the snapshot replays on a read still holds: the full check
    would plan nothing (the cold slices as a read checks them: the one due, if any)."""
    snap = snapshot.load(store)
    return snap is not None and snap.replay(store)[0] == snapshot.CURRENT


@contextmanager
def recording() -> Iterator[Recording]:
    """A Recording for one full check: hand it to `indexer.make_plan(look=...)`; deja's own
    code is observed when the block ends, and the end time noted (for `keep`)."""
    from deja.sources.look import Recording

    rec = Recording()
    try:
        yield rec
        rec.own_code(CODE_DIRS)
    finally:
        rec.end_ns = time.time_ns()


def keep(store: Store, rec: Recording, harnesses: set[str]) -> str:
    """Store the snapshot if its observations vouch for the catalog's file states; returns why
    not ("" when kept). The caller holds the writer lock and has just applied the whole plan;
    every live file of `harnesses` (the enabled ones) must have been stat'ed."""
    return snapshot.build(store, rec, harnesses)


def _files_only(store: Store, snap: snapshot.Snap, changed: list[tuple[str, str]],
                budget: int | None) -> Report | None:
    """Plan and apply only the store files a replay found changed (the structure unchanged: the
    full check would plan these and nothing else), then renew the snapshot. None when the plan
    is over `budget` or a file cannot be planned here: the caller runs the full check."""
    from deja import sources
    from deja.errors import SourceError
    from deja.ingest import indexer
    from deja.sources.look import Recording

    rec = Recording()
    loaded = {h: sources.load(h) for h in {h for _, h in changed}}
    states = store.catalog.files_at([indexer.catalog_path(Path(p)) for p, _ in changed])
    plan = indexer.Plan(files=snap.files)
    for path, harness in changed:
        src, p = loaded[harness], Path(path)
        try:
            st = indexer.file_stat(p, src, rec)
        except (OSError, SourceError):
            return None
        task = indexer._task_for(src, p, st, states.get(indexer.catalog_path(p)))
        if task is not None:
            plan.tasks.append(task)
    plan.unchanged = plan.files - len(plan.tasks)
    if budget is not None and indexer.over(plan.tasks, budget):
        return None
    store.text.writer_threads = 1  # a few files: one segment
    report = indexer.apply(store, plan)
    store.text.close()  # commit and let merges finish before the lock goes
    if not report.errors:
        snapshot.update(store, snap, rec, changed)
    return report


def open_fresh(directory: Path, progress: Progress | None = None) -> tuple[Store, str]:
    """A store to read from, brought up to date first unless another writer is busy.

    The first search on a machine builds the index in front of the person. Later ones answer at
    once when nothing changed (the snapshot above), apply the cheap part inline (appends, a few
    small files) and hand a large rewrite to a detached background `deja index`, answering from
    the index as it is. Returns the store and a note for the person ("" when the index is current).
    """
    first = not generations.exists(directory)
    replayed: tuple[bytes, list[tuple[str, str]]] | None = None
    if not first:
        try:
            store = Store(directory)
        except IndexDamaged:
            raise
        except StoreError:
            pass  # e.g. of another version: the full path below rebuilds it, holding the writer lock
        else:
            snap = snapshot.load(store)
            if snap is not None:
                state, changed = snap.replay(store)
                if state == snapshot.CURRENT:
                    return store, rebuild_note(directory)
                if state == snapshot.FILES:
                    replayed = snap.blob, changed
            store.close()
    from deja.ingest import indexer

    lock = WriterLock(directory)
    if not lock.acquire(wait=first, notice=progress):
        return Store(directory, readonly=True), rebuild_note(directory) or (
            "another deja process is updating the index; results may be a moment behind")
    note = ""
    try:
        try:
            store = open_locked(directory)
        except IndexOutdated:
            from deja.ingest import rebuild

            rebuild.run(directory, progress)
            store = open_locked(directory)
        if replayed is not None:  # only store files changed: plan them alone, if the snapshot still stands
            snap = snapshot.load(store)
            if snap is not None and snap.blob == replayed[0] and _files_only(store, snap, replayed[1], inline_bytes()):
                return store, rebuild_note(directory)
        if first and progress:
            progress("building the index for the first time…")
        with recording() as rec:
            plan = indexer.make_plan(store, look=rec)
        if not first and indexer.over(plan.tasks, inline_bytes()):
            cheap = [t for t in plan.tasks if t.start]
            deferred = len(plan.tasks) - len(cheap)
            plan.tasks = cheap
            indexer.apply(store, plan)
            store.text.close()
            lock.release()
            spawn_background()
            note = f"{deferred} changed {'file is' if deferred == 1 else 'files are'} being re-indexed in the background; results may miss them"
        else:
            _apply_kept(store, plan, rec, progress if first else None)
        return store, note
    finally:
        lock.release()


def rebuild_note(directory: Path) -> str:
    """What a reader says while a rebuild runs ("" when none does)."""
    if generations.rebuilding(directory) is None:
        return ""
    return "a rebuild of the index is running; answers come from the previous index until it is done"


def refresh(store: Store, progress: Progress | None = None, deadline: float | None = None) -> Report:
    """Bring the index up to date for `deja index` (the indexer's plan, applied): nothing to do
    when the snapshot holds (no parser is even imported), and a snapshot kept afterwards, so the searches that follow skip the full
    check. Past `deadline` what was parsed is kept and the rest left for the next run. The
    caller holds the writer lock."""
    snap = snapshot.load(store)
    if snap is not None:
        state, changed = snap.replay(store, full=True)
        if state == snapshot.CURRENT:
            return Report(files=snap.files, unchanged=snap.files)
        if state == snapshot.FILES:
            report = _files_only(store, snap, changed, None)
            if report is not None:
                return report
    from deja.ingest import indexer

    with recording() as rec:
        plan = indexer.make_plan(store, look=rec)
    return _apply_kept(store, plan, rec, progress, deadline)


def _apply_kept(store: Store, plan, rec: Recording, progress: Progress | None,  # plan: indexer.Plan
                deadline: float | None = None) -> Report:
    """Apply a whole plan made under `rec`, then keep the snapshot when every file was read."""
    from deja import sources
    from deja.ingest import indexer

    report = indexer.apply(store, plan, progress, deadline)
    store.text.close()  # commit and let merges finish before the lock goes
    if not report.errors and not report.deferred:
        keep(store, rec, {s.name for s in sources.enabled()})
    return report


# A background refresh (`deja index --background`) stops after this long, keeping what it has
# indexed and releasing the writer lock, so a run that never settles (a store rewritten faster
# than it is read, a huge backlog on a slow disk) cannot block every later refresh; the next run
# resumes where it stopped. A run stuck inside one file past the deadline and its grace exits.
def refresh_deadline() -> tuple[float, float]:
    """(seconds a background refresh may run, the grace after it) (DEJA_REFRESH_DEADLINE,
    DEJA_DEADLINE_GRACE)."""
    return float(os.environ.get("DEJA_REFRESH_DEADLINE", 15 * 60)), float(os.environ.get("DEJA_DEADLINE_GRACE", 60))


def watchdog(seconds: float) -> None:
    """End this process `seconds` from now, whatever it is doing: a kill it is safe against
    (the writer lock goes with the process; an unfinished batch is re-read by the next run)."""
    import threading

    def fire() -> None:
        time.sleep(seconds)
        os._exit(3)

    threading.Thread(target=fire, daemon=True, name="deja-deadline").start()


def spawn_background() -> None:
    """A detached `deja index` (one at a time; it waits for the writer lock like any writer)."""
    import subprocess

    subprocess.Popen(
        [sys.executable, "-m", "deja", "index", "--background"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        close_fds=True,
    )


__all__ = ["open_fresh", "current", "recording", "keep", "spawn_background", "rebuild_note", "watchdog"]
