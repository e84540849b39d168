"""Bring the index up to date before a read, cheaply when nothing changed.

The full check (`indexer.make_plan`) runs every source's `discover()`, stats every file and
compares it with the catalog's file state; what changed is parsed. Importing every source module
and listing every store costs more than a search, so when the full check leaves the index current
it also leaves a snapshot: every filesystem observation it made (each path stat'ed, listed or
read, with its type, inode, size, mtime and ctime) and every environment variable it read. The
next read replays the observations, one stat each and no source imported, and when all of them
come out the same the full check would plan nothing: discovery and planning are functions of
those observations, of the catalog's file states, and of deja's own code (whose files are
observed too).

Observations are collected by the `Recording` (deja.sources.look) that make_plan is handed:
discovery reads the filesystem and the environment only through it, so nothing is patched and a
check on one thread never sees another's. The snapshot sits in the catalog (meta `fresh`); a trigger deletes it on
any change to the file states (migration m004), so it never outlives the states it vouches for.
No snapshot is kept when an observation is too recent to trust (a change within the same clock
tick leaves an mtime as it was), when a file could not be read (the full check retries those on
every read), or when a store is not a file (a database server is asked every time).
"""

from __future__ import annotations

import marshal
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from deja.errors import IndexDamaged, IndexOutdated, StoreError
from deja.ingest.lock import WriterLock, open_locked
from deja.ingest.report import Report
from deja.store import Store, generations



def inline_bytes() -> int:
    """What a read may parse in front of the person before answering, in bytes as parsed
    (compressed data counts inflated); more goes to the background. (DEJA_INLINE_BYTES, read at
    call time like every override, is for tests.)"""
    return int(os.environ.get("DEJA_INLINE_BYTES", 16 * 1024 * 1024))


# Observations with an mtime and ctime newer than this (before the check ended) are not trusted:
# a change in the same timestamp tick would not move them (2 s ticks on FAT).
RACY_NS = 3_000_000_000
META_KEY = "fresh"
# deja's own code that decides what is discovered and how a file is planned and prepared: the
# top-level leaves (config, paths, projects …), the harness parsers, the write path and the text
# rules it applies (and deja/pg, which names the Hermes PostgreSQL stores). A change to any module
# in these is a change the snapshot must not vouch over.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE_DIRS = (_PACKAGE, *(os.path.join(_PACKAGE, d) for d in ("sources", "ingest", "text", "pg")))
FORMAT = 2

Progress = Callable[[str], None]
Sig = tuple[int, int, int, int, int, int] | None

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.sources.look import Recording


def current(store: Store) -> bool:
    """True when every observation of the last full check still holds: it would plan nothing."""
    blob = store.meta(META_KEY)
    if not isinstance(blob, bytes):
        return False
    try:
        fmt, env, followed, not_followed, sigs = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return False
    if fmt != FORMAT:
        return False
    get = os.environ.get
    for key, value in env:
        if get(key) != value:
            return False
    now: list[Sig] = []
    add = now.append
    for stat, paths in ((os.stat, followed), (os.lstat, not_followed)):
        for path in paths:
            try:
                st = stat(path)
            except OSError:
                add(None)
                continue
            add((st.st_mode, st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
    return marshal.dumps(now, 2) == sigs  # version 2 writes equal values as equal bytes


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
    not ("" when kept). The caller holds the writer lock and has just applied the whole plan."""
    why = rec.opaque
    if not why:
        racy = rec.end_ns - RACY_NS
        for key, sig in rec.seen.items():
            if sig is not None and sig[4] > racy and sig[5] > racy and key not in rec.code:
                why = f"{key[0]} changed too recently to trust its mtime"
                break
    if not why:
        stated = {path for path, follow in rec.seen if follow}
        for path, harness in store.live_files():
            if harness in harnesses and path not in stated:
                why = f"{path} is not a file that can be stat'ed"
                break
    if why:
        return why
    followed = sorted(p for p, follow in rec.seen if follow)
    not_followed = sorted(p for p, follow in rec.seen if not follow)
    sigs = [rec.seen[p, True] for p in followed] + [rec.seen[p, False] for p in not_followed]
    blob = marshal.dumps((FORMAT, sorted(rec.vars.items()), followed, not_followed, marshal.dumps(sigs, 2)))
    store.put_meta(META_KEY, blob)
    return ""


def open_fresh(directory: Path, progress: Progress | None = None) -> tuple[Store, str]:
    """A store to read from, brought up to date first unless another writer is busy.

    The first search on a machine builds the index in front of the person. Later ones answer at
    once when nothing changed (the snapshot above), apply the cheap part inline (appends, a few
    small files) and hand a large rewrite to a detached background `deja index`, answering from
    the index as it is. Returns the store and a note for the person ("" when the index is current).
    """
    first = not generations.exists(directory)
    if not first:
        try:
            store = Store(directory)
        except IndexDamaged:
            raise
        except StoreError:
            pass  # e.g. of another version: the full path below rebuilds it, holding the writer lock
        else:
            if current(store):
                return store, rebuild_note(directory)
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
    if current(store):
        known = len(store.catalog.live_fids())
        return Report(files=known, unchanged=known)
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
