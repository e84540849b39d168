"""Where the live index is, and how a rebuilt one replaces it.

The index directory (`paths.index_dir()`, the *root*) holds the writer lock, hook state and the
semantic sidecar, and one or more *generations*: directories `index.<n>` each holding a catalog
and a text index. The file `live` names the generation readers use. A rebuild writes a new
generation beside the live one and swaps it in by renaming a new `live` over the old (atomic), so
readers answer from the previous index until that instant, and a crash at any step leaves a
`live` that names a complete generation: the next writer removes whatever was left half-built.

An index written before generations (catalog.sqlite and text/ directly in the root) is read
where it is while no `live` exists; the first rebuild moves it to a generation.

Readers pin the generation they opened (a shared flock on its `readers.lock`, re-checked against
`live` once taken), so a retired generation is deleted only when nobody reads it; until then it
waits for a later writer's sweep. A damaged generation is moved aside (`damaged.<n>`, the newest
kept) instead of deleted.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from pathlib import Path

POINTER = "live"
PREFIX = "index."
DAMAGED = "damaged."
PIN = "readers.lock"
MARKER = "rebuilding"  # "<pid> <generation>" while a rebuild runs
SCRATCH = "salvage."
LEGACY = ("catalog.sqlite", "catalog.sqlite-wal", "catalog.sqlite-shm", "text", "text-meta.json", PIN)


def _read_pointer(root: Path) -> str | None:
    try:
        with open(root / POINTER, "rb") as f:
            name = f.read(256).decode("utf-8", "replace").strip()
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return None
    return name


def live(root: Path) -> Path | None:
    """The live generation's directory: what `live` names, else the root itself when it holds an
    index from before generations, else None (no index yet)."""
    name = _read_pointer(root)
    if name is not None:
        return root / name if name.startswith(PREFIX) and "/" not in name else root / (PREFIX + "invalid")
    return root if (root / "catalog.sqlite").exists() else None


def exists(root: Path) -> bool:
    return live(root) is not None


def pin(root: Path) -> tuple[Path | None, int | None]:
    """The live generation and a descriptor holding a shared lock on it (None when there is no
    index). The lock is checked against `live` once taken: a swap in between is retried."""
    for _ in range(50):
        gen = live(root)
        if gen is None:
            return None, None
        flags = os.O_RDONLY | os.O_CLOEXEC | (os.O_CREAT if gen == root else 0)
        try:
            fd = os.open(gen / PIN, flags, 0o600)
        except FileNotFoundError:
            if live(root) == gen:
                return gen, None  # no pin file (a damaged or hand-made generation): read unpinned
            continue
        except OSError:
            return gen, None  # e.g. a read-only cache directory: read unpinned
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)  # a writer is deleting it: `live` has moved on
            time.sleep(0.005)
            continue
        if live(root) == gen:
            return gen, fd
        os.close(fd)
    return live(root), None


def unpin(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)


def new(root: Path) -> Path:
    """An empty generation directory, not yet live (the caller holds the writer lock)."""
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    while True:
        gen = root / f"{PREFIX}{time.time_ns()}"
        try:
            gen.mkdir(mode=0o700)
        except FileExistsError:
            continue
        os.close(os.open(gen / PIN, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o600))
        return gen


def swap(root: Path, gen: Path) -> None:
    """Make `gen` live: a new pointer renamed over the old one (atomic), then synced."""
    tmp = root / f"{POINTER}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    try:
        os.write(fd, gen.name.encode() + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    from deja import faults

    faults.point("swap-pointer")
    os.replace(tmp, root / POINTER)
    _fsync_dir(root)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def retire(root: Path, gen: Path, damaged: bool = False) -> str:
    """A generation that is no longer live: moved aside when damaged (returns where), else deleted
    once no reader pins it (returns "" either way when it stays for a later sweep)."""
    import shutil  # here: ~3 ms of imports (bz2, lzma) a search does not pay

    if damaged:
        aside = root / f"{DAMAGED}{time.time_ns()}"
        if gen == root:
            aside.mkdir(mode=0o700)
            for name in LEGACY:
                try:
                    os.replace(root / name, aside / name)
                except FileNotFoundError:
                    pass
        else:
            os.replace(gen, aside)
        _prune_damaged(root, keep=aside.name)
        return str(aside)
    try:
        fd = os.open(gen / PIN, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        fd = None
    except OSError:
        return ""
    try:
        if fd is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno in (errno.EAGAIN, errno.EACCES):
                    return ""  # a reader has it open: a later sweep deletes it
                raise
        if gen == root:
            for name in LEGACY:
                p = root / name
                if p.is_dir() and not p.is_symlink():
                    shutil.rmtree(p, ignore_errors=True)
                else:
                    try:
                        p.unlink()
                    except FileNotFoundError:
                        pass
        else:
            shutil.rmtree(gen, ignore_errors=True)
    finally:
        if fd is not None:
            os.close(fd)
    return ""


def _prune_damaged(root: Path, keep: str) -> None:
    import shutil

    for name in os.listdir(root):
        if name.startswith(DAMAGED) and name != keep and name.removeprefix(DAMAGED).isdigit():
            shutil.rmtree(root / name, ignore_errors=True)


def sweep(root: Path) -> None:
    """What an interrupted rebuild or a retired generation left behind: generations that are not
    live (half-built or unpinned old ones), a pre-generation index once a generation is live,
    pointer temporaries, a rebuild marker of a dead process. The caller holds the writer lock, so
    no rebuild is running."""
    try:
        names = os.listdir(root)
    except OSError:
        return
    name = _read_pointer(root)
    for n in names:
        if n.startswith(PREFIX) and n != name and n.removeprefix(PREFIX).isdigit():
            retire(root, root / n)
        elif n.startswith(SCRATCH):
            import shutil  # here: every writer sweeps, and shutil's imports (bz2, lzma) cost an append ~3 ms

            shutil.rmtree(root / n, ignore_errors=True)  # a salvage's scratch copy (store/salvage.py)
        elif n.startswith((POINTER + ".", MARKER + ".", "writer.lock.")) and n.endswith(".tmp"):
            try:
                os.unlink(root / n)
            except OSError:
                pass
    if name is not None and (root / "catalog.sqlite").exists():
        retire(root, root)
    if MARKER in names and rebuilding(root) is None:
        try:
            os.unlink(root / MARKER)
        except OSError:
            pass


def mark_rebuilding(root: Path, gen: Path) -> None:
    tmp = root / f"{MARKER}.{os.getpid()}.tmp"
    tmp.write_text(f"{os.getpid()} {gen.name}\n")
    os.replace(tmp, root / MARKER)


def unmark_rebuilding(root: Path) -> None:
    try:
        os.unlink(root / MARKER)
    except FileNotFoundError:
        pass


def rebuilding(root: Path) -> int | None:
    """The pid of a rebuild running now, else None (a marker left by a killed one is ignored)."""
    try:
        with open(root / MARKER, "rb") as f:
            pid_s = f.read(64).split(b" ", 1)[0]
    except OSError:
        return None
    try:
        pid = int(pid_s)
    except ValueError:
        return None
    return pid if alive(pid) else None


def alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"  # a zombie is dead
    except (OSError, IndexError):
        return True


__all__ = ["live", "exists", "pin", "unpin", "new", "swap", "retire", "sweep", "rebuilding", "mark_rebuilding",
           "unmark_rebuilding", "alive"]
