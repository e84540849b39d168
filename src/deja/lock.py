"""One writer at a time: an advisory lock on `writer.lock` in the index directory.

Readers never take it. The lock is released by the kernel when its holder dies, so a killed
indexer never wedges the next one.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Callable
from pathlib import Path

from deja.store import Store


class WriterLock:
    def __init__(self, directory: Path):
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.path = directory / "writer.lock"
        self.fd: int | None = None

    def acquire(self, wait: bool, notice: Callable[[str], None] | None = None) -> bool:
        """Take the lock; if another writer holds it, wait (saying why) or return False."""
        if self.fd is not None:
            return True
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


def open_for_write(
    directory: Path, wait: bool = True, notice: Callable[[str], None] | None = None
) -> tuple[Store, WriterLock] | None:
    """The store with the writer lock held, or None when another writer has it and `wait` is off."""
    lock = WriterLock(directory)
    if not lock.acquire(wait, notice):
        return None
    try:
        return Store(directory), lock
    except BaseException:
        lock.release()
        raise
