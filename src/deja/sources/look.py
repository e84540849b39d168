"""What discovery looks at, through one object it is handed.

Discovery (`Source.discover`, `Source.roots`, `change_token`, and the indexer's plan around
them) reads the filesystem and the environment only through a `Look`. The plain one just looks;
a `Recording` also notes every observation (each path stat'ed, listed or read, with its type,
inode, size, mtime and ctime, and each environment variable read), so that a later read can
replay them instead of running discovery again (deja.fresh). Nothing is patched: a recording
sees what its own discovery does, never another thread's.

The rule for a source: in discovery code, no `os.stat`, `os.scandir`, `Path.is_file()`,
`os.environ` or `open` of its own; ask the look (`tests/test_fresh.py` checks the two agree
by running discovery under both).
"""

from __future__ import annotations

import os
import stat as _stat
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from os import _ScandirIterator

Sig = tuple[int, int, int, int, int, int] | None
StrPath = str | os.PathLike[str]


def sig(st: os.stat_result) -> Sig:
    return (st.st_mode, st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


# A signature as a Recording keeps it: 48 bytes (an 81-byte object) instead of a tuple of six
# ints (~270 bytes): a 5 GiB check observes ~30k paths and keeps them through the whole build.
# Where a value does not fit (a 128-bit inode, a negative device) the tuple itself is kept.
_PACK = struct.Struct("<QQQqqq")
Packed = bytes | Sig


def pack(s: Sig) -> Packed:
    if s is None:
        return None
    try:
        return _PACK.pack(*s)
    except (struct.error, OverflowError):
        return s


def unpack(p: Packed) -> Sig:
    return _PACK.unpack(p) if isinstance(p, bytes) else p


class Look:
    """The filesystem and environment as discovery sees them (this one notes nothing)."""

    __slots__ = ("unlisted",)

    def __init__(self, collect: bool = True) -> None:
        # (directory, reason) of each directory a walk could not list (permission denied, an
        # I/O error), so that discovery counts them instead of passing over them; PLAIN keeps none.
        self.unlisted: list[tuple[str, str]] | None = [] if collect else None

    # -- what a recording notes (nothing, here)

    def saw(self, path: StrPath, follow: bool, st: os.stat_result | None) -> None:
        pass

    def env(self, key: str) -> str | None:
        """The environment variable `key`, None when unset."""
        return os.environ.get(key)

    # -- built on the two above

    def stat(self, path: StrPath, follow: bool = True) -> os.stat_result:
        try:
            st = os.stat(path, follow_symlinks=follow)
        except OSError:
            self.saw(path, follow, None)
            raise
        self.saw(path, follow, st)
        return st

    def lstat(self, path: StrPath) -> os.stat_result:
        return self.stat(path, follow=False)

    def before(self, path: StrPath) -> None:
        """A directory about to be listed or a file about to be read (a recording notes what
        it is now)."""

    def exists(self, path: StrPath) -> bool:
        try:
            self.stat(path)
        except (OSError, ValueError):
            return False
        return True

    def lexists(self, path: StrPath) -> bool:
        try:
            self.lstat(path)
        except (OSError, ValueError):
            return False
        return True

    def _mode(self, path: StrPath, follow: bool) -> int:
        try:
            return self.stat(path, follow).st_mode
        except (OSError, ValueError):
            return 0

    def is_file(self, path: StrPath) -> bool:
        return _stat.S_ISREG(self._mode(path, True))

    def is_dir(self, path: StrPath) -> bool:
        return _stat.S_ISDIR(self._mode(path, True))

    def is_link(self, path: StrPath) -> bool:
        return _stat.S_ISLNK(self._mode(path, False))

    def scandir(self, path: StrPath) -> _ScandirIterator[str]:
        """os.scandir (a context manager too); raises OSError as it does."""
        self.before(path)
        return os.scandir(path)

    def iterdir(self, path: Path) -> list[Path]:
        """The entries of a directory, as Path.iterdir gives them; raises OSError."""
        self.before(path)
        return [path / name for name in os.listdir(path)]

    def read_bytes(self, path: StrPath) -> bytes:
        from deja.sources.base import read_bytes

        self.before(path)
        return read_bytes(Path(path))



# Looks and keeps nothing: the default for a caller that only wants the answer (shared; stateless).
PLAIN = Look(collect=False)


class Recording(Look):
    """A look that notes what it saw: (path, follows symlinks) -> stat signature, and
    variable -> value. `opaque` says why the observations cannot be replayed ("" when they can)."""

    __slots__ = ("_seen", "vars", "opaque", "start_ns", "end_ns", "code", "again")

    def __init__(self) -> None:
        super().__init__()
        # path -> packed signature, one dict per follows-symlinks (0: not followed, 1: followed)
        self._seen: tuple[dict[str, Packed], dict[str, Packed]] = ({}, {})
        self.vars: dict[str, str | None] = {}
        self.opaque = ""
        self.start_ns = time.time_ns()
        self.end_ns = 0
        self.code: set[tuple[str, bool]] = set()  # deja's own files: not changing under the check
        # observed more than once: something besides the planner's one stat looked at it (the
        # snapshot replays a store file on its own only when nothing else did, deja.ingest.snapshot)
        self.again: set[tuple[str, bool]] = set()

    def saw(self, path: StrPath, follow: bool, st: os.stat_result | None) -> None:
        p = os.fspath(path)
        if not os.path.isabs(p):
            self.opaque = self.opaque or f"looked at {p!r} (not an absolute path)"
            return
        s = pack(sig(st)) if st is not None else None
        seen = self._seen[follow]
        if p in seen:
            self.again.add((p, follow))
            if seen[p] != s:
                self.opaque = self.opaque or f"{p} changed while the check ran"
        else:
            seen[p] = s

    def has(self, path: str, follow: bool) -> bool:
        """`path` was observed (stat'ed, listed or read; following symlinks or not)."""
        return path in self._seen[follow]

    def sig(self, path: str, follow: bool) -> Sig:
        """What `path` was observed as: None when it could not be stat'ed or was not observed."""
        return unpack(self._seen[follow].get(path))

    def observations(self) -> Iterator[tuple[str, bool, Packed]]:
        """Every observation as (path, follows symlinks, packed signature: `unpack`), the
        followed ones first, each kind in the order it was made."""
        for follow in (True, False):
            for path, packed in self._seen[follow].items():
                yield path, follow, packed

    def before(self, path: StrPath) -> None:
        try:
            self.stat(path)
        except (OSError, ValueError):
            pass

    def env(self, key: str) -> str | None:
        value = os.environ.get(key)
        if self.vars.setdefault(key, value) != value:
            self.opaque = self.opaque or f"${key} changed while the check ran"
        return value

    def own_code(self, dirs: tuple[str, ...]) -> None:
        """deja's own modules decide what is discovered and how a file is planned: each of
        `dirs` and its .py files is observed (not trusted less for being recent)."""
        for d in dirs:
            for path in [d, *(os.path.join(d, n) for n in sorted(os.listdir(d)) if n.endswith(".py"))]:
                self.before(path)
                self.code.add((path, True))
