"""The index's file pages a writer has read through, handed back to the kernel while it writes.

tantivy reads the segments it merges through memory maps, and a merge reads every byte of its
inputs; the pages it touched stay mapped into the writer process until the merge ends (or until
the process's own reader lets go of the merged-away segments). So the writer's memory (RSS, PSS)
grows with its largest merge, and the largest merge grows with the index: tantivy's
LogMergePolicy merges eight segments of a size into one, and tantivy-py offers no merge policy to
bound it (2 GiB corpus, session 2: ~630 MB of such pages in a 869 MB peak).

Those are clean pages of files already on disk. While a writer is open, a thread asks the kernel
every twentieth of a second to reclaim the ones of this index's files that no other process maps
(`madvise(MADV_PAGEOUT)` on each read-only mapping of a file in the index directory; the kernel
skips pages other processes map, such as a search's). Nothing is lost: a page tantivy reads
again is read again from the file. The mapping itself stays; an address range that stopped
being the file's in between (unmapped, reused) is at worst paged out too, which for anonymous
memory without swap does nothing and with swap costs a swap-in: the advice never changes data,
unlike MADV_DONTNEED. Linux 5.4 and later; anywhere else (or when the kernel refuses) nothing
is done. `DEJA_PAGEOUT_EVERY` (seconds, read when a writer opens) sets the period; 0 turns it off.

Why a twentieth: at 5 GiB a cold build makes a segment per 60,000-record batch and tantivy merges
eight of them at a time (~360 MB of segment files read in ~1.5 s, ~60 MB a quarter second), so
with a pass every quarter second the merges' pages were the whole difference in file-backed
memory between 5 GiB and 500 MiB, where no merge happens (docs/benchmarks.md "Issue 18, session
10"). The list of mappings (/proc/self/maps, ~0.35 ms to read and parse, most of a pass) is read
again every MAPS_PASSES passes only: the ranges in between are the last list's, so a pass costs
the advice alone (~0.1 ms).

The same thread hands back the writer's free heap every TRIM_PASSES passes (glibc's
`malloc_trim(0)`: the free pages inside every malloc arena, returned with MADV_DONTNEED, which for
free memory is what it is for). A merge's buffers are freed when it ends, but glibc keeps freed
memory in the arena of the thread that freed it, and tantivy's indexing and merging threads each
get an arena of their own: without the trim that memory stays the process's until the end of the
run (500 MiB: peak PSS 172 -> 143 MB, docs/benchmarks.md "Issue 18, session 7"). Each trim holds
an arena's lock while it walks its free list (about a millisecond): one a second. `DEJA_MALLOC_TRIM=0` turns it
off, as does a period of 0 (no thread); not glibc: nothing is done.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections.abc import Callable
from pathlib import Path

MADV_PAGEOUT = 21
EVERY = 0.05
FIRST = 0.25  # at the default period the first pass no sooner: it loads ctypes (~3 ms), which a short write never needs
MAPS_PASSES = 5  # the mappings listed again every quarter second at the default period
TRIM_PASSES = 20  # a trim every second at the default period
PASSES = TRIMS = 0  # passes and trims made in this process, by every Releaser (for the tests)


def every() -> float:
    """Seconds between two passes (DEJA_PAGEOUT_EVERY); 0: none."""
    try:
        return max(0.0, float(os.environ.get("DEJA_PAGEOUT_EVERY", EVERY)))
    except ValueError:
        return EVERY


def mapped(directory: Path) -> list[tuple[int, int]]:
    """The address ranges of this process's read-only mappings of files in `directory`."""
    prefix = str(directory.resolve()) + os.sep
    out = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                parts = line.split(None, 5)
                if len(parts) == 6 and parts[1].startswith("r-") and parts[5].startswith(prefix):
                    lo, _, hi = parts[0].partition("-")
                    out.append((int(lo, 16), int(hi, 16)))
    except (OSError, ValueError):
        return []
    return out


class Releaser:
    """The thread that pages out the writer's mappings of one index directory until `stop`."""

    def __init__(self, directory: Path, owner: object, period: float):
        self.directory, self.period = directory, period
        self._owner = weakref.ref(owner)  # an owner dropped without closing ends the thread too
        self._stop = threading.Event()
        self._madvise: Callable[[int, int, int], int] | None = None
        self._errno: Callable[[], int] = lambda: 0
        self._trim: Callable[[int], int] | None = None
        self.trimming = os.environ.get("DEJA_MALLOC_TRIM", "1") != "0"
        self.passes = self.trims = 0
        self._ranges: list[tuple[int, int]] = []
        self._thread = threading.Thread(target=self._run, name="deja-pageout", daemon=True)

    def _advise(self) -> Callable[[int, int, int], int]:
        """libc's madvise, loaded on the first pass (in the thread: a short write, such as a
        hook's or an append's, closes before it and never imports ctypes)."""
        if self._madvise is None:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.madvise.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
            self._errno = ctypes.get_errno
            self._madvise = libc.madvise
            trim = getattr(libc, "malloc_trim", None)  # glibc's alone
            if trim is not None:
                trim.argtypes, trim.restype = (ctypes.c_size_t,), ctypes.c_int
            self._trim = trim
        return self._madvise

    def start(self) -> Releaser:
        self._thread.start()
        return self

    def release(self) -> bool:
        """One pass; False when the kernel refuses the advice (too old, not Linux): stop."""
        madvise = self._advise()
        if self.passes % MAPS_PASSES == 0:
            self._ranges = mapped(self.directory)
        for lo, hi in self._ranges:
            if madvise(lo, hi - lo, MADV_PAGEOUT) != 0 and self._errno() in (22, 1, 38):  # EINVAL EPERM ENOSYS
                return False
        global PASSES, TRIMS
        self.passes += 1
        PASSES += 1
        if self.trimming and self._trim is not None and self.passes % TRIM_PASSES == 0:
            self._trim(0)
            self.trims += 1
            TRIMS += 1
        return True

    def _run(self) -> None:
        # at the default period a short write (an append, a hook's) closes before the first pass; a
        # period set in DEJA_PAGEOUT_EVERY is kept from the start
        wait = FIRST if self.period == EVERY else self.period
        while not self._stop.wait(wait) and self._owner() is not None:
            wait = self.period
            try:
                if not self.release():
                    return
            except Exception:  # a convenience: never a reason for a write to fail
                return

    def stop(self) -> None:
        self._stop.set()


def releaser(directory: Path, owner: object) -> Releaser | None:
    """A started Releaser for a writer of `directory`, or None where it cannot run."""
    period = every()
    if not period or not os.path.exists("/proc/self/maps"):
        return None
    try:
        return Releaser(directory, owner, period).start()
    except RuntimeError:  # no thread can start (a capped address space)
        return None
