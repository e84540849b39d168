"""The store: a SQLite catalog and a tantivy text index in one private directory.

Nothing outside this package knows what is underneath. The invariant that holds the two
together: the text index is written first, the catalog's file states last, and re-ingesting a
file replaces exactly its records, so after a crash at any point the next run converges to
what a cold rebuild would produce.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from deja.errors import IndexDamaged, IndexOutdated, StoreError
from deja.store import generations, outputs
from deja.store.outputs import SHARE_BYTES
from deja.store.catalog import UNTIL_CHANGED, Catalog, Curation, FailedFile, FileState, SessionRow, session_json
from deja.store.textindex import SCHEMA_VERSION, Candidate, Filters, StoredRecord, TextIndex, Variants
from deja.text.tokenizer import TOKENIZER_VERSION

INDEX_VERSION = f"schema{SCHEMA_VERSION}-tok{TOKENIZER_VERSION}"


def blake2b(data: bytes = b"", digest_size: int = 64):  # -> hashlib.blake2b
    """hashlib's blake2b without hashlib: hashlib takes it from `_blake2` too, and its own
    import loads OpenSSL (~3 ms) in a process (a search, an append) that needs no other hash."""
    try:
        from _blake2 import blake2b as new
    except ImportError:  # an interpreter built without it
        from hashlib import blake2b as new
    return new(data, digest_size=digest_size)


def stable_id(text: str) -> int:
    """A 63-bit id that is the same on every run (fits SQLite's signed INTEGER)."""
    return int.from_bytes(blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big") >> 1


class Store:
    """One generation of the index (`generations.py`): `catalog.sqlite` + `text/`.

    `directory` is the index directory; the store opens the generation that is live there (or
    `at`, a generation a rebuild is writing). Opening checks both halves: a catalog that is not a
    database or lacks its tables, a text index whose files are missing or torn, raise
    IndexDamaged; a writable open of an index of another version raises IndexOutdated. Neither
    is repaired here: `deja index` rebuilds beside it (`rebuild.py`).
    """

    def __init__(self, directory: Path, readonly: bool = False, at: Path | None = None, create: bool = False):
        self.root = directory
        self.readonly = readonly
        self._pin: int | None = None
        if at is None:
            at, self._pin = generations.pin(directory)
            if at is None:
                raise StoreError(f"no index at {directory}; run `deja index`")
        self.dir = at
        try:
            self._open(create)
        except BaseException:
            generations.unpin(self._pin)
            raise

    def _open(self, create: bool) -> None:
        directory, readonly = self.dir, self.readonly
        if not directory.is_dir():
            raise IndexDamaged(f"the index directory {directory} is missing")
        if not create and not (directory / "catalog.sqlite").is_file():
            raise IndexDamaged(f"the index catalog {directory / 'catalog.sqlite'} is missing")
        if not readonly:
            try:
                os.chmod(directory, 0o700)
            except OSError:
                pass
        self.catalog = Catalog(directory / "catalog.sqlite", readonly=readonly)
        try:
            version = self.catalog.get_meta("index_version")
            if create:
                self.catalog.set_meta("index_version", INDEX_VERSION)
            elif not readonly and version != INDEX_VERSION:
                raise IndexOutdated(f"the index at {directory} is of another version ({version}; this deja writes {INDEX_VERSION})")
            self.text = TextIndex(directory / "text", create=create)
        except BaseException:
            self.catalog.close()
            raise

    def verify(self) -> None:
        """The deeper check `deja status` and `deja doctor` make, not every open (SQLite's
        quick_check reads every page: ~0.5 ms per MB of catalog, docs/benchmarks.md): raises
        IndexDamaged."""
        problem = self.catalog.quick_check()
        if problem:
            raise IndexDamaged(f"the catalog {self.catalog.path} fails SQLite's quick_check ({problem})")
        self.text.num_docs()

    def close(self) -> None:
        try:
            if not self.readonly:
                self.text.close()
            self.catalog.close()
        finally:
            generations.unpin(self._pin)
            self._pin = None

    def trim_wal(self) -> None:
        """The catalog's WAL checkpointed and cut to nothing. SQLite never shrinks a WAL: a
        checkpoint lets the next writer start it over at the size it had grown to, and a writer
        that ends without closing (cli/indexing, os._exit) leaves every page of its run there;
        after a cold build that is the catalog again, written twice (3.9 MB beside a 1.6 MB
        catalog at 100 MiB). A write and two fsyncs: for the runs that wrote a lot
        (ingest.indexer.apply), not an append's few pages. Best effort: a reader in the middle
        of a read leaves the WAL as it is (waited for a second at most, not the catalog's 30)."""
        if self.readonly:
            return
        db = self.catalog.db
        (timeout,) = db.execute("PRAGMA busy_timeout").fetchone()
        try:
            db.execute("PRAGMA busy_timeout = 1000")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.OperationalError:
            pass
        finally:
            db.execute(f"PRAGMA busy_timeout = {int(timeout)}")

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the operations the other parts use: nothing outside store/ names a file or runs SQL
    @staticmethod
    def exists(directory: Path) -> bool:
        """Whether an index (of any generation or version) lives in `directory`."""
        return generations.exists(directory)

    def session(self, ident: str) -> SessionRow:
        """The one session an id, `harness:id` or a unique prefix names (NotFound otherwise)."""
        return self.catalog.resolve(ident)

    def records(self, sid: int) -> list[StoredRecord]:
        """Every record of one session, in session order, each copy of a shared output with its
        text (store/outputs.py); a copy whose owner has left the index keeps its marker."""
        recs = self.text.session_records(sid)
        keys = {r.seq: k for r in recs if (k := outputs.copy_key(r.text))}
        if keys:
            owner = outputs.owners(self.catalog.db, keys.values())
            texts: dict[tuple[int, int], str] = {}
            for osid in {o[0] for o in owner.values()}:
                mine = recs if osid == sid else self.text.session_records(osid)
                texts.update(((r.sid, r.seq), r.text) for r in mine)
            for r in recs:
                k = keys.get(r.seq)
                if k and owner.get(k) in texts:
                    r.text = texts[owner[k]]
        return recs

    def shared_outputs(self) -> tuple[int, int]:
        """(outputs stored once, copies that point at them)."""
        return outputs.stored(self.catalog.db)

    def recent(self, limit: int, harness: str | None = None, root: str | None = None,
               origin: str | None = None) -> list[SessionRow]:
        """The `limit` most recently updated sessions (of a harness, of a project root, from an
        origin: "" this machine's own, else a machine's name, Catalog.origin)."""
        return self.catalog.recent_sessions(limit, harness, root, origin)

    def origin(self, value: str) -> str:
        """What `--from` names: "" for `local`, else a machine imported sessions came from
        (NotFound, naming the machines there are, otherwise)."""
        return self.catalog.origin(value)

    def origin_sids(self, origin: str) -> list[int] | None:
        """The session ids from one origin ("" this machine's own); None when that is all."""
        return self.catalog.origin_sids(origin)

    def sessions(self) -> list[SessionRow]:
        """Every session, oldest update first."""
        return self.catalog.select_sessions()

    def display_ids(self, rows: Iterable[SessionRow]) -> dict[str, str]:
        """key -> the shortest id prefix that opens each session."""
        return self.catalog.display_ids(rows)

    def meta(self, key: str) -> str | bytes | None:
        """A value kept in the catalog's meta table (None when absent; bytes as they were put)."""
        value: str | bytes | None = self.catalog.get_meta(key)
        return value

    def put_meta(self, key: str, value: str | bytes) -> None:
        """Keep a value in the catalog's meta table, committed."""
        with self.catalog.transaction():
            self.catalog.set_meta(key, value)

    def put_metas(self, values: dict[str, str | bytes | None]) -> None:
        """Keep (or, for None, drop) several meta values in one committed transaction."""
        with self.catalog.transaction():
            for key, value in values.items():
                if value is None:
                    self.catalog.del_meta(key)
                else:
                    self.catalog.set_meta(key, value)

    def hint(self, name: str) -> bytes | None:
        """A hint a reader left beside this generation's catalog (`put_hint`), None when absent."""
        try:
            with open(self.dir / f"{name}.hint", "rb") as f:
                return f.read()
        except OSError:
            return None

    def put_hint(self, name: str, value: bytes) -> None:
        """Leave a hint any process may write, readers too, without the catalog's write lock: a
        small file replaced whole, not synced. Losing one, or reading a stale one, must only ever
        cost work (never correctness): it is never the truth about the index."""
        tmp = self.dir / f"{name}.hint.{os.getpid()}"
        try:
            with open(tmp, "wb") as f:
                f.write(value)
            os.replace(tmp, self.dir / f"{name}.hint")
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def live_files(self) -> list[tuple[str, str]]:
        """(path, harness) of every indexed file whose source still exists."""
        return [(path, harness) for path, _, harness in self.catalog.live_fids()]

    def session_keys(self) -> set[str]:
        """The key of every session in the catalog."""
        return self.catalog.session_keys()


__all__ = ["Store", "IndexDamaged", "IndexOutdated", "Curation", "FileState", "FailedFile", "UNTIL_CHANGED", "SessionRow", "Candidate", "Filters", "StoredRecord", "Variants", "stable_id", "SHARE_BYTES", "INDEX_VERSION", "session_json"]
