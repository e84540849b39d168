"""The store: a SQLite catalog and a tantivy text index in one private directory.

Nothing outside this package knows what is underneath. The invariant that holds the two
together: the text index is written first, the catalog's file states last, and re-ingesting a
file replaces exactly its records, so after a crash at any point the next run converges to
what a cold rebuild would produce.
"""

from __future__ import annotations

import os
from pathlib import Path

from deja.errors import StoreError
from deja.store.catalog import UNTIL_CHANGED, Catalog, Curation, FailedFile, FileState, SessionRow
from deja.store.textindex import SCHEMA_VERSION, Candidate, Filters, StoredRecord, TextIndex, Variants
from deja.tokenizer import TOKENIZER_VERSION

INDEX_VERSION = f"schema{SCHEMA_VERSION}-tok{TOKENIZER_VERSION}"


def stable_id(text: str) -> int:
    """A 63-bit id that is the same on every run (fits SQLite's signed INTEGER)."""
    import hashlib  # here: its OpenSSL load costs a search that never makes an id ~3 ms

    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big") >> 1


class Store:
    """The index directory: `catalog.sqlite` + `text/`."""

    def __init__(self, directory: Path, readonly: bool = False, repair: bool = True):
        """`repair=False` is for a writer that does not hold the writer lock (it only adds
        counts): an index of another version, or one that cannot be opened, raises StoreError
        instead of being reset."""
        self.dir = directory
        self.readonly = readonly
        if not readonly:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            try:
                os.chmod(directory, 0o700)
            except OSError:
                pass
        elif not (directory / "catalog.sqlite").exists():
            raise StoreError(f"no index at {directory}; run `deja index`")
        self.catalog = Catalog(directory / "catalog.sqlite", readonly=readonly)
        if not readonly and self.catalog.get_meta("index_version") not in (None, INDEX_VERSION):
            if not repair:
                raise StoreError(f"the index at {directory} is of another version")
            self._reset_text()
        try:
            self.text = TextIndex(directory / "text")
        except (OSError, ValueError) as e:
            if readonly or not repair:
                raise StoreError(f"the text index at {directory} cannot be opened ({e}); run `deja index --rebuild`") from e
            self._reset_text()
            self.text = TextIndex(directory / "text")
        if not readonly and self.catalog.get_meta("index_version") is None:
            self.catalog.set_meta("index_version", INDEX_VERSION)

    def _reset_text(self) -> None:
        """The text index is a different version or unreadable: start both halves afresh."""
        import shutil

        shutil.rmtree(self.dir / "text", ignore_errors=True)
        self.catalog.clear()
        self.catalog.set_meta("index_version", INDEX_VERSION)

    def rebuild(self) -> None:
        """Drop everything that can be read again from its source; keep `gone` history.

        Crash-safe: the files are marked pending before their records go, so an interrupted
        rebuild leaves files that the next run re-reads, never a catalog that lies.
        """
        live = self.catalog.live_fids()
        self.catalog.mark_pending(live)
        self.text.delete_files([fid for _, fid, _ in live])
        self.text.commit()
        self.catalog.drop_live()

    def close(self) -> None:
        if not self.readonly:
            self.text.close()
        self.catalog.close()


__all__ = ["Store", "Curation", "FileState", "FailedFile", "UNTIL_CHANGED", "SessionRow", "Candidate", "Filters", "StoredRecord", "Variants", "stable_id", "INDEX_VERSION"]
