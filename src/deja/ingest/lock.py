"""One writer at a time: an advisory lock on `writer.lock` in the index directory.

Readers never take it (they pin the generation they read: store/generations.py). The lock is
released by the kernel when its holder dies, so a killed indexer never wedges the next one.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from collections.abc import Callable
from pathlib import Path

from deja.store import Store, generations


# A holder whose recorded pid is dead is checked again after this long before its lock is taken
# over: a new holder writes its pid right after it takes the lock, well within it.
STALE_RECHECK = 0.2
_POLL = 0.1  # how often a waiting writer looks again


class WriterLock:
    """An flock on `writer.lock`, which holds the holder's pid.

    The kernel releases an flock when its holder dies, unless a process that outlived it
    inherited the descriptor: that lock is stale (its recorded pid is dead) and is taken over at
    once, by replacing the file (the old inode keeps the stale lock, and nobody waits on it). A
    lock is held only while `writer.lock` is still the file it was taken on.
    """

    def __init__(self, directory: Path):
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.path = directory / "writer.lock"
        self.fd: int | None = None

    def acquire(self, wait: bool, notice: Callable[[str], None] | None = None) -> bool:
        """Take the lock; if another writer holds it, wait (saying why) or return False."""
        if self.fd is not None:
            return True
        told = False
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EACCES):
                    os.close(fd)
                    raise
                holder = _holder(fd)
                if holder is not None and self._stale(fd, holder):
                    os.close(fd)
                    self._replace()
                    continue
                os.close(fd)
                if not wait:
                    return False
                if notice and not told:
                    notice(f"waiting for another deja writer (pid {holder or '?'}) to finish…")
                    told = True
                time.sleep(_POLL)
                continue
            if self._current(fd):
                break
            os.close(fd)  # the file was replaced while we took it: take the new one
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        self.fd = fd
        return True

    def _stale(self, fd: int, holder: int) -> bool:
        if holder == os.getpid() or generations.alive(holder):
            return False
        time.sleep(STALE_RECHECK)
        return _holder(fd) == holder and not generations.alive(holder) and self._current(fd) and _held(fd)

    def _current(self, fd: int) -> bool:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return False
        fst = os.fstat(fd)
        return (st.st_ino, st.st_dev) == (fst.st_ino, fst.st_dev)

    def _replace(self) -> None:
        tmp = self.path.with_name(f"writer.lock.{os.getpid()}.tmp")
        os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600))
        os.replace(tmp, self.path)

    def release(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None


def _holder(fd: int) -> int | None:
    raw = os.pread(fd, 32, 0).decode(errors="replace").strip()
    return int(raw) if raw.isdigit() else None


def _held(fd: int) -> bool:
    """Someone still holds the lock on this file."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    fcntl.flock(fd, fcntl.LOCK_UN)
    return False


def open_locked(directory: Path) -> Store:
    """The live store for a writer that holds the lock: what an interrupted rebuild left is
    swept first, and the first generation is made when there is no index yet. Raises
    IndexDamaged / IndexOutdated for an index only a rebuild can mend (rebuild.py)."""
    generations.sweep(directory)
    if not generations.exists(directory):
        gen = generations.new(directory)
        Store(directory, at=gen, create=True).close()
        generations.swap(directory, gen)
    return Store(directory)


def open_for_write(
    directory: Path, wait: bool = True, notice: Callable[[str], None] | None = None
) -> tuple[Store, WriterLock] | None:
    """The store with the writer lock held, or None when another writer has it and `wait` is off."""
    lock = WriterLock(directory)
    if not lock.acquire(wait, notice):
        return None
    try:
        return open_locked(directory), lock
    except BaseException:
        lock.release()
        raise
