"""What bringing the index up to date did. Its own module so that the freshness check (which
answers with one) never imports the indexer, and the indexer never imports the check."""

from __future__ import annotations

from deja.plain import Plain


class Report(Plain):
    """What bringing the index up to date did: `indexer.apply`'s answer, `deja index --json`."""

    __slots__ = ("files", "parsed", "appended", "unchanged", "gone", "errors", "sessions", "records", "redactions",
                 "seconds", "deferred")

    def __init__(self, files: int = 0, parsed: int = 0, appended: int = 0, unchanged: int = 0, gone: int = 0,
                 errors: int = 0, sessions: int = 0, records: int = 0, redactions: int = 0, seconds: float = 0.0,
                 deferred: int = 0):
        self.files, self.parsed, self.appended, self.unchanged, self.gone = files, parsed, appended, unchanged, gone
        self.errors, self.sessions, self.records, self.redactions = errors, sessions, records, redactions
        self.seconds, self.deferred = seconds, deferred

    def as_dict(self) -> dict[str, int | float]:
        return {k: getattr(self, k) for k in self.__slots__}


def progress_line(files: int, of: int, records: int, share: float, elapsed: float) -> str:
    """`indexing: 43% · 1,204/2,800 files · 111,671 records · about 12s left` (share: of the bytes)."""
    left = elapsed * (1 - share) / share if share > 0.01 else None
    eta = "" if left is None else f" · about {left:.0f}s left" if left < 120 else f" · about {left / 60:.0f} min left"
    return f"indexing: {share * 100:.0f}% · {files:,}/{of:,} files · {records:,} records{eta}"
