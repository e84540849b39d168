"""What tells the planner a store file changed (its size and mtime; a SQLite store's `-wal` too)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from deja.sources.base import Source
from deja.sources.look import PLAIN, Look


class FileStat(NamedTuple):  # a NamedTuple: `dataclasses` costs an append's process ~15 ms
    """What tells a file changed: for a SQLite store, its `-wal` counts too (new rows sit there
    until a checkpoint, and the main file does not change)."""

    st_size: int
    st_mtime_ns: int


def file_stat(path: Path, source: Source | None = None, look: Look = PLAIN) -> FileStat:
    token = source.change_token(path, look) if source is not None else None
    if token is not None:
        return FileStat(*token)
    st = look.stat(path)
    size, mtime = st.st_size, st.st_mtime_ns
    if not path.name.endswith(_LINE_SUFFIXES):  # a transcript never has a -wal beside it
        try:
            wal = look.stat(f"{path}-wal")
            size, mtime = size + wal.st_size, max(mtime, wal.st_mtime_ns)
        except OSError:
            pass
    return FileStat(size, mtime)


_LINE_SUFFIXES = (".jsonl", ".json", ".md", ".zst", ".zstd")
