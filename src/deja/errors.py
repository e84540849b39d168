"""Typed errors. Whatever a user sees of them is one line: the message."""

from __future__ import annotations

from pathlib import Path


class DejaError(Exception):
    """Base of every error deja raises on purpose; its text is shown to the user as is."""


class SourceError(DejaError):
    """A harness store could not be read (permissions, lock, corruption).

    `until_changed`: reading it again would fail the same way (it inflates past the cap, its
    agent holds it locked), so the file is not tried again until its size or mtime changes.
    """

    def __init__(self, message: str, path: Path | None = None, line: int | None = None, until_changed: bool = False):
        super().__init__(message)
        self.path = path
        self.line = line
        self.until_changed = until_changed


class StoreError(DejaError):
    """The index could not be opened or written."""


class IndexDamaged(StoreError):
    """The index is damaged (a file missing, torn or not what it should be): `deja index
    --rebuild` replaces it, keeping what it can read."""

    def __init__(self, reason: str):
        super().__init__(f"the index is damaged: {reason}; run `deja index --rebuild`")
        self.reason = reason


class IndexOutdated(StoreError):
    """The index was written by another version of deja: `deja index` rebuilds it."""


class QueryError(DejaError):
    """A search query or filter could not be understood."""


class NotFound(DejaError):
    """A session id or prefix matched nothing (or too much)."""
