"""Read what a generation a rebuild replaces still gives, however damaged it is.

The catalog is read table by table, row by row, as far as SQLite can read it. The text index is
read whole when it opens; otherwise segment by segment, each through a scratch directory of hard
links and a meta.json naming only that segment (the index's own meta.json, or the copy its last
writer left beside it when meta.json is gone), so one torn or missing segment costs only its own
records. Nothing here writes to the generation being read.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

import tantivy

from deja.errors import IndexDamaged, StoreError
from deja.store.catalog import CARRIED, Catalog
from deja.store.generations import SCRATCH  # scratch directories, swept when a kill leaves them
from deja.store.bodies import Reader
from deja.store.textindex import META_COPY, StoredRecord, TextIndex, hit_count, is_legacy, read, short


def read_rows(db: sqlite3.Connection, table: str) -> tuple[list[tuple], str]:
    """A table's rows in CARRIED's columns, as far as they read (a damaged page ends the read),
    and what stopped it ("" when all were read)."""
    rows: list[tuple] = []
    try:
        cur = db.execute(f"SELECT {CARRIED[table]} FROM {table}")
        while True:
            chunk = cur.fetchmany(1000)
            if not chunk:
                return rows, ""
            rows.extend(chunk)
    except sqlite3.Error as e:
        return rows, f"{table}: {e}"


class Prior:
    """The replaced generation as far as it reads: its catalog's rows and its text index."""

    def __init__(self, gen: Path | None, damaged: str = ""):
        self.gen = gen
        self.damaged = damaged  # why the generation is damaged ("" when it opened whole)
        self.rows: dict[str, list[tuple]] = {t: [] for t in CARRIED}
        self.problems: list[str] = []  # what could not be read

    def read_catalog(self) -> None:
        if self.gen is None:
            return
        path = self.gen / "catalog.sqlite"
        db: sqlite3.Connection | None = None
        try:
            # a whole catalog is opened as a writer would (an older one is upgraded first, so its
            # rows have today's columns); a damaged one is read as it is, read-only
            if self.damaged:
                raise StoreError(self.damaged)
            db = Catalog(path).db
        except StoreError:
            try:
                db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, timeout=10)
            except sqlite3.Error as e:
                self.problems.append(f"catalog: {e}")
                return
        try:
            for table in CARRIED:
                self.rows[table], problem = read_rows(db, table)
                if problem and table == "outputs" and "no such table" in problem:
                    continue  # a catalog from before shared outputs (migration m007) has none
                if problem:
                    self.problems.append(problem)
        finally:
            db.close()

    def records(self, sids: Iterable[int]) -> Iterator[StoredRecord]:
        """The stored records of these sessions, from every segment that can be read."""
        wanted = sorted(set(sids))
        if self.gen is None or not wanted:
            return
        text = self.gen / "text"
        try:
            whole = TextIndex(text)
        except StoreError:
            whole = None
        if whole is not None:
            given = 0
            try:
                for rec in _records(whole.index, wanted, whole.reader):
                    given += 1
                    yield rec
                return
            except (ValueError, OSError, IndexDamaged) as e:  # IndexDamaged: its dictionary is gone
                self.problems.append(f"text index: {e.reason if isinstance(e, IndexDamaged) else short(e)}")
                if given:
                    return
                # nothing read yet: read it segment by segment
        meta = _meta(text) or _meta_file(self.gen / META_COPY)
        if meta is None:
            self.problems.append("text index: meta.json and its copy are gone or unreadable")
            return
        for seg in meta.get("segments", []):
            yield from self._segment(text, meta, seg, wanted)

    def _segment(self, text: Path, meta: dict, seg: dict, wanted: list[int]) -> Iterator[StoredRecord]:
        prefix = str(seg.get("segment_id", "")).replace("-", "")
        scratch = Path(tempfile.mkdtemp(prefix=SCRATCH, dir=self.gen.parent if self.gen else None))
        try:
            try:
                for name in os.listdir(text):
                    if name.startswith(prefix + "."):
                        try:
                            os.link(text / name, scratch / name)
                        except OSError:
                            shutil.copyfile(text / name, scratch / name)
                one = json.dumps({**meta, "segments": [seg]})
                (scratch / "meta.json").write_text(one)
                index = tantivy.Index.open(str(scratch))
                assert self.gen is not None  # _segment is reached only for a generation
                got = list(_records(index, wanted, Reader(self.gen, is_legacy(one.encode()))))
            except IndexDamaged as e:  # its records need the dictionary, and that is gone
                self.problems.append(f"text segment {prefix}: {e.reason}")
                return
            except (ValueError, OSError) as e:
                self.problems.append(f"text segment {prefix}: {short(e)}")
                return
            yield from got
        finally:
            shutil.rmtree(scratch, ignore_errors=True)


def _records(index: tantivy.Index, wanted: list[int], reader: Reader, chunk: int = 200) -> Iterator[StoredRecord]:
    index.reload()
    searcher = index.searcher()
    schema = index.schema
    for i in range(0, len(wanted), chunk):
        q = tantivy.Query.term_set_query(schema, "sid", wanted[i : i + chunk])
        n = hit_count(searcher.search(q, 1, count=True))
        if n:
            yield from read(searcher, [addr for _, addr in searcher.search(q, n).hits], reader)


def _meta(text: Path) -> dict | None:
    return _meta_file(text / "meta.json")


def _meta_file(path: Path) -> dict | None:
    try:
        meta = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
    return meta if isinstance(meta, dict) and isinstance(meta.get("segments"), list) else None


def open_prior(gen: Path | None) -> Prior:
    """The live generation a rebuild is about to replace, checked as a reader would open it."""
    if gen is None:
        return Prior(None)
    from deja.store import Store

    damaged = ""
    try:
        Store(gen, readonly=True, at=gen).close()
    except IndexDamaged as e:
        damaged = e.reason
    except StoreError:
        pass  # e.g. from an older deja: not damaged, and read below as a writer would
    prior = Prior(gen, damaged)
    prior.read_catalog()
    return prior


__all__ = ["Prior", "open_prior"]
