"""The tantivy text index: one document per record.

Why tantivy: it answers every query shape in well under 2 ms at 300k records with top-k
pruning; SQLite FTS5 scores every match of a common term (design.md). Text is tokenized by
deja's one analyzer (`tokenizer.py`), registered with the index: tantivy runs it on the writer's
threads over the text with its CJK runs rewritten as bigrams, and the query side calls the same
analyzer. The record's original
text is stored for snippets and `deja show`, compressed by `bodies.py` (zstd with a dictionary of
the index's own; tantivy's doc store, lz4 only, is set to store it as it is). Session, role, time
and order are read from the fast fields, not stored twice.
"""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from pathlib import Path

import tantivy

from deja.errors import IndexDamaged, IndexOutdated
from deja.plain import Plain
from deja.store import bodies
from deja.text.clip import clip
from deja.text.tokenizer import ANALYZER, ANALYZER_NAME

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, cast

    from deja.store.pages import Releaser
else:  # importing typing costs a search process ~5 ms; at run time a cast is the value itself
    def cast(_type: object, value: object) -> object:
        return value

# Bump on any change to the fields below; a mismatch rebuilds the index. 3: the text in `zbody`,
# coded by bodies.py (2 kept it in `body` as plain UTF-8, and sid/role/time/seq stored as well).
SCHEMA_VERSION = 3
# What tantivy's doc store does to the stored bodies: nothing (they are compressed already).
DOCSTORE = {"docstore_compression": "none", "docstore_blocksize": 16384}

# Writer memory: tantivy flushes a segment when it is full. Bounded so a cold build of a large
# history stays within a few hundred MB.
WRITER_HEAP = 96_000_000
# One indexing thread: a large write's parse workers already keep both cores busy, so a second
# thread adds no speed, only a second segment per commit to merge and a second share of memory
# (docs/benchmarks.md "Issue 18, session 9").
WRITER_THREADS = 1
# A search collects the matching sessions of its rarest clause whole, up to this many sessions.
SESSION_SCAN_CAP = 1_000_000


def _schema() -> tantivy.Schema:
    b = tantivy.SchemaBuilder()
    b.add_text_field("text", stored=False, tokenizer_name=ANALYZER_NAME, index_option="position")
    b.add_bytes_field("zbody", stored=True)
    b.add_unsigned_field("sid", indexed=True, fast=True)
    b.add_unsigned_field("fid", indexed=True)
    b.add_unsigned_field("role", indexed=True, fast=True)
    b.add_integer_field("time", fast=True)  # a range query (--since) runs on the fast field: no terms
    b.add_unsigned_field("seq", fast=True)
    b.add_text_field("harness", tokenizer_name="raw", index_option="basic")
    b.add_text_field("project", tokenizer_name="raw", index_option="basic")
    return b.build()


class Filters(Plain):
    """`sids`: only these sessions (a project's, from the catalog), None for any."""

    __slots__ = ("harness", "sids", "since", "roles")

    def __init__(self, harness: str | None = None, sids: Sequence[int] | None = None, since: float | None = None,
                 roles: Sequence[int] = ()):
        self.harness, self.sids, self.since, self.roles = harness, sids, since, roles


class Variants(Plain):
    """How single-word clauses may also match: within one edit (`fuzzy`, tantivy's Levenshtein
    automaton), or as any of the listed other forms (`forms`); and what a word's match weighs in
    a record's score (`boost`, 1 when not listed)."""

    __slots__ = ("fuzzy", "forms", "boost")

    def __init__(self, fuzzy: frozenset[str] = frozenset(), forms: Mapping[str, Sequence[str]] | None = None,
                 boost: Mapping[str, float] | None = None):
        self.fuzzy, self.forms = fuzzy, {} if forms is None else forms
        self.boost = {} if boost is None else boost


class Candidate(Plain):
    __slots__ = ("score", "sid", "role", "time", "addr")  # addr: opaque handle for body()

    def __init__(self, score: float, sid: int, role: int, time: int, addr: tantivy.DocAddress):
        self.score, self.sid, self.role, self.time, self.addr = score, sid, role, time, addr


class StoredRecord(Plain):
    __slots__ = ("sid", "role", "time", "seq", "text")

    def __init__(self, sid: int, role: int, time: int, seq: int, text: str):
        self.sid, self.role, self.time, self.seq, self.text = sid, role, time, seq, text


# Each segment is these files (the schema has positions, fast fields, field norms and stored
# fields); a segment with deletes also has `<id>.<opstamp>.del`.
SEGMENT_FILES = ("idx", "pos", "term", "store", "fast", "fieldnorm")
# A copy of the text index's meta.json kept beside it after every writer's close: what a rebuild
# reads a damaged index's segments by when meta.json itself is gone (store/salvage.py).
META_COPY = "text-meta.json"
_SEGMENT_ID = re.compile(rb'"segment_id"\s*:\s*"([0-9a-fA-F-]{32,36})"')
_LEGACY = re.compile(rb'"name"\s*:\s*"body"')
_DELETES = re.compile(rb'"segment_id"\s*:\s*"([0-9a-fA-F-]{32,36})"\s*,\s*"max_doc"\s*:\s*\d+\s*,\s*'
                      rb'"deletes"\s*:\s*\{[^}]*"opstamp"\s*:\s*(\d+)')


def check_files(path: Path) -> bytes:
    """Every file the text index's meta.json names is there (cheap: one read, a stat each).
    tantivy itself finds most torn files when it opens, and a missing positions file only when
    a phrase is searched; a missing meta.json it would silently replace by an empty index.
    Returns meta.json."""
    try:
        with open(path / "meta.json", "rb") as f:
            meta = f.read()
    except FileNotFoundError:
        raise IndexDamaged(f"the text index's {path / 'meta.json'} is missing") from None
    except OSError as e:
        raise IndexDamaged(f"the text index's {path / 'meta.json'} cannot be read ({e.strerror})") from None
    if not meta.strip().startswith(b"{"):
        raise IndexDamaged(f"the text index's {path / 'meta.json'} is not what tantivy writes")
    names = [f"{sid.replace(b'-', b'').decode()}.{ext}" for sid in _SEGMENT_ID.findall(meta) for ext in SEGMENT_FILES]
    names += [f"{sid.replace(b'-', b'').decode()}.{op.decode()}.del" for sid, op in _DELETES.findall(meta)]
    for name in names:
        try:
            if os.stat(path / name).st_size == 0:
                raise IndexDamaged(f"the text index's segment file {path / name} is empty")
        except FileNotFoundError:
            raise IndexDamaged(f"the text index's segment file {path / name} is missing") from None
    if not is_legacy(meta) and not os.path.exists(path.parent / bodies.DICT_FILE):
        raise IndexDamaged(f"the text index's dictionary {path.parent / bodies.DICT_FILE} is missing")
    return meta


def is_legacy(meta: bytes) -> bool:
    """Whether a text index's meta.json is of schema 2 (plain UTF-8 bodies in `body`)."""
    return _LEGACY.search(meta) is not None


def damaged_by(e: BaseException) -> bool:
    """Whether an error from tantivy says its files are missing or corrupt."""
    text = str(e)
    return isinstance(e, (ValueError, OSError)) and any(
        k in text for k in ("corrupt", "Corrupt", "FileDoesNotExist", "Failed to open file", "IoError", "magic", "No such file")
    )


_MISSING = re.compile(r'FileDoesNotExist\("([^"]+)"\)')
_TORN = re.compile(r'filepath: "([^"]+)"')


def short(e: BaseException) -> str:
    """tantivy's error in a few words: which file is missing or torn."""
    text = str(e)
    if m := _MISSING.search(text):
        return f"{os.path.basename(m.group(1))} is missing"
    if m := _TORN.search(text):
        return f"{os.path.basename(m.group(1))} is torn or corrupt"
    return clip(text, 200, flat=False)


def _reading(fn):
    """A read whose tantivy error means a damaged file raises IndexDamaged (one line for a person)."""

    @functools.wraps(fn)
    def wrapped(self, *args, **kwargs):
        try:
            return fn(self, *args, **kwargs)
        except (ValueError, OSError) as e:
            if damaged_by(e):
                raise IndexDamaged(f"the text index at {self.path} cannot be read ({short(e)})") from e
            raise

    return wrapped


class TextIndex:
    def __init__(self, path: Path, create: bool = False):
        """`create`: a new, empty index (a new generation); otherwise the index must be there,
        whole (`check_files`), or IndexDamaged is raised."""
        self.path = path
        if create:
            path.mkdir(parents=True, exist_ok=True, mode=0o700)
            bodies.start(path.parent)
            legacy = False
        else:
            legacy = is_legacy(check_files(path))
        self._chmod_due = create
        try:
            if legacy:  # read as it is, until a writer's open rebuilds it (IndexOutdated)
                self.index = tantivy.Index.open(str(path))
            else:
                self.index = tantivy.Index(_schema(), path=str(path), reuse=True)
                if create and _store_plainly(path):
                    self.index = tantivy.Index(_schema(), path=str(path), reuse=True)
        except (ValueError, OSError) as e:
            raise IndexDamaged(f"the text index at {path} cannot be opened ({short(e)})") from e
        self.schema = self.index.schema
        self.index.register_tokenizer(ANALYZER_NAME, ANALYZER)
        self.reader = bodies.Reader(path.parent, legacy)
        self._writer: tantivy.IndexWriter | None = None
        self._dirty = False  # written to since the last commit
        # A writer's threads each make a segment of their own per commit (one thread since session
        # 9: WRITER_THREADS); a caller may set another count before the first write.
        self.writer_threads = WRITER_THREADS
        self._releaser: Releaser | None = None

    # -- writing
    def writer(self) -> tantivy.IndexWriter:
        if self._writer is None:
            if self.reader.legacy:
                raise IndexOutdated(f"the text index at {self.path} is of schema 2; `deja index` rebuilds it")
            from deja.store import pages  # a writer's alone: no search imports it

            self._writer = self.index.writer(heap_size=WRITER_HEAP, num_threads=self.writer_threads)
            # the pages of the segments tantivy merges, handed back as it reads them (store/pages.py)
            self._releaser = pages.releaser(self.path, self)
        self._dirty = True
        return self._writer

    # Deletes go through a term-set query: delete_documents_by_term builds a signed term and
    # silently matches nothing in an unsigned field.
    def delete_files(self, fids: Sequence[int]) -> None:
        if fids:
            self.writer().delete_documents_by_query(tantivy.Query.term_set_query(self.schema, "fid", list(fids)))

    def delete_sessions(self, sids: Sequence[int]) -> None:
        if sids:
            self.writer().delete_documents_by_query(tantivy.Query.term_set_query(self.schema, "sid", list(sids)))

    def add(
        self, fid: int, sid: int, harness: str, project: str, role: int, time: float, seq: int, zbody: bytes, form: str
    ) -> None:
        """One record: `zbody` is its text coded by bodies.py (stored), `form` is
        `analyzer_input(text)` (indexed). The caller prepares both, so that work can run in
        another process (ingest.coded)."""
        doc = tantivy.Document()
        doc.add_text("text", form)
        doc.add_bytes("zbody", zbody)
        doc.add_unsigned("sid", sid)
        doc.add_unsigned("fid", fid)
        doc.add_unsigned("role", role)
        doc.add_integer("time", int(time))
        doc.add_unsigned("seq", seq)
        doc.add_text("harness", harness)
        doc.add_text("project", project.lower())
        self.writer().add_document(doc)

    def commit(self) -> None:
        if self._writer is not None and self._dirty:
            self._writer.commit()
            self._dirty = False

    def clear(self) -> None:
        self.writer().delete_all_documents()

    def close(self) -> None:
        if self._writer is not None:
            if self._dirty:  # a commit with nothing new still writes and syncs meta.json
                self._writer.commit()
                self._dirty = False
            self._writer.wait_merging_threads()
            self._writer = None
            if self._releaser is not None:
                self._releaser.stop()
                self._releaser = None
            self._chmod_due = True
            _copy_meta(self.path)
        if self._chmod_due:
            _private(self.path)
            self._chmod_due = False

    # -- reading
    def _searcher(self) -> tantivy.Searcher:
        self.index.reload()
        return self.index.searcher()

    @_reading
    def num_docs(self) -> int:
        return self._searcher().num_docs

    def _filters(self, f: Filters) -> list[tuple[tantivy.Occur, tantivy.Query]]:
        s = self.schema
        out = []
        if f.harness:
            out.append((tantivy.Occur.Must, tantivy.Query.term_query(s, "harness", f.harness)))
        if f.sids is not None:
            out.append((tantivy.Occur.Must, tantivy.Query.term_set_query(s, "sid", list(f.sids))))
        if f.since:
            out.append((tantivy.Occur.Must, tantivy.Query.range_query(s, "time", tantivy.FieldType.Integer, int(f.since), None)))
        if f.roles:
            out.append((tantivy.Occur.Must, tantivy.Query.term_set_query(s, "role", list(f.roles))))
        return out

    def _text_query(self, clauses: Sequence[Sequence[str]], require_all: bool, variants: Variants | None = None) -> tantivy.Query:
        occur = tantivy.Occur.Must if require_all else tantivy.Occur.Should
        subs = []
        for tokens in clauses:
            if len(tokens) == 1 and variants and tokens[0] in variants.fuzzy:
                q = tantivy.Query.fuzzy_term_query(self.schema, "text", tokens[0], distance=1)
            elif len(tokens) == 1 and variants and variants.forms.get(tokens[0]):
                words = [tokens[0], *variants.forms[tokens[0]]]
                q = tantivy.Query.boolean_query(
                    [(tantivy.Occur.Should, tantivy.Query.term_query(self.schema, "text", w)) for w in words]
                )
            elif len(tokens) == 1:
                q = tantivy.Query.term_query(self.schema, "text", tokens[0])
            else:
                q = tantivy.Query.phrase_query(self.schema, "text", list(tokens))
            if len(tokens) == 1 and variants and tokens[0] in variants.boost:
                q = tantivy.Query.boost_query(q, variants.boost[tokens[0]])
            subs.append((occur, q))
        return tantivy.Query.boolean_query(subs)

    @_reading
    def search(
        self, clauses: Sequence[Sequence[str]], filters: Filters, limit: int, require_all: bool = True,
        newest: bool = False, variants: Variants | None = None, within: Collection[int] | None = None,
    ) -> tuple[list[Candidate], int]:
        """Top `limit` records by BM25 (or the newest `limit`, unscored), and how many match in all;
        only in the sessions `within` when given."""
        searcher = self._searcher()
        text_q = self._text_query(clauses, require_all, variants)
        extra = [(tantivy.Occur.Must, tantivy.Query.term_set_query(self.schema, "sid", list(within)))] if within is not None else []
        query = tantivy.Query.boolean_query([(tantivy.Occur.Must, text_q), *self._filters(filters), *extra])
        result = searcher.search(query, limit, count=True, order_by_field="time" if newest else None)
        hits = result.hits
        if not hits:
            return [], hit_count(result)
        return _candidates(searcher, hits), hit_count(result)

    @_reading
    def doc_freq(self, clause: Sequence[str], variants: Variants | None = None) -> int:
        """Records that may hold the clause, from the term dictionary (filters and deletes
        ignored): a phrase's rarest word, a word with its other forms summed. A fuzzy word's
        spellings are unknown until a query runs: counted as very common."""
        searcher = self.index.searcher()
        if len(clause) > 1:
            return min(searcher.doc_freq("text", t) for t in clause)
        if variants and clause[0] in variants.fuzzy:
            return 1 << 62
        forms = variants.forms.get(clause[0], ()) if variants else ()
        return sum(searcher.doc_freq("text", w) for w in (clause[0], *forms))

    @_reading
    def clause_sessions(self, clause: Sequence[str], filters: Filters, variants: Variants | None = None,
                        within: Collection[int] | None = None) -> dict[int, int]:
        """{session: how many of its records hold the clause}, among `within` when given: a terms
        aggregation over the `sid` fast field, unscored."""
        return {int(b["key"]): int(b["doc_count"]) for b in self._clause_buckets(clause, filters, variants, within)}

    @_reading
    def clause_sides(self, clause: Sequence[str], filters: Filters, role: int, variants: Variants | None = None,
                     within: Collection[int] | None = None) -> tuple[dict[int, int], dict[int, int]]:
        """clause_sessions, and the same count of the records of one `role` only, in one pass (a
        terms aggregation on `role` under the one on `sid`)."""
        buckets = self._clause_buckets(clause, filters, variants, within, by_role=True)
        every = {int(b["key"]): int(b["doc_count"]) for b in buckets}
        own = {int(b["key"]): int(r["doc_count"]) for b in buckets for r in b["r"]["buckets"] if int(r["key"]) == role}
        return every, own

    def _clause_buckets(self, clause: Sequence[str], filters: Filters, variants: Variants | None,
                        within: Collection[int] | None, by_role: bool = False) -> list[dict]:
        if within is not None and not within:
            return []
        searcher = self.index.searcher()
        parts = [(tantivy.Occur.Must, self._text_query([clause], True, variants)), *self._filters(filters)]
        if within is not None:
            parts.append((tantivy.Occur.Must, tantivy.Query.term_set_query(self.schema, "sid", list(within))))
        terms: dict = {"terms": {"field": "sid", "size": SESSION_SCAN_CAP, "shard_size": SESSION_SCAN_CAP}}
        if by_role:
            terms["aggs"] = {"r": {"terms": {"field": "role", "size": 64}}}
        return searcher.aggregate(tantivy.Query.boolean_query(parts), {"s": terms})["s"]["buckets"]

    @_reading
    def search_sessions(
        self, clauses: Sequence[Sequence[str]], filters: Filters, limit: int, variants: Variants | None = None
    ) -> tuple[list[Candidate], int, bool]:
        """Sessions that hold every clause somewhere (each in some record, not all in one).

        The rarest clause's sessions are collected whole, then narrowed by each other clause
        restricted to them; the surviving sessions' records are ranked by BM25 over any clause.
        Returns the top `limit` records, the number of matching sessions, and whether that count
        was capped (at SESSION_SCAN_CAP sessions).
        """
        searcher = self._searcher()
        must = tantivy.Occur.Must
        # rarest first, without running a query for each (a fuzzy word narrows last)
        counted = sorted((self.doc_freq(c, variants), i) for i, c in enumerate(clauses))
        if counted[0][0] == 0:
            return [], 0, False
        sessions = set(self.clause_sessions(clauses[counted[0][1]], filters, variants))
        if not sessions:
            return [], 0, False
        capped = len(sessions) >= SESSION_SCAN_CAP
        for _, i in counted[1:]:
            sessions &= set(self.clause_sessions(clauses[i], filters, variants, within=sessions))
            if not sessions:
                return [], 0, capped
        fq = self._filters(filters)
        any_clause = self._text_query(clauses, require_all=False, variants=variants)
        within = (must, tantivy.Query.term_set_query(self.schema, "sid", list(sessions)))
        final = tantivy.Query.boolean_query([(must, any_clause), within, *fq])
        hits = searcher.search(final, limit, count=False).hits
        return _candidates(searcher, hits), len(sessions), capped

    @_reading
    def bodies(self, addrs: Sequence[tantivy.DocAddress]) -> list[StoredRecord]:
        return read(self.index.searcher(), addrs, self.reader)

    @_reading
    def session_records(self, sid: int) -> list[StoredRecord]:
        """Every record of one session, in session order."""
        searcher = self._searcher()
        q = tantivy.Query.term_query(self.schema, "sid", sid)
        n = hit_count(searcher.search(q, 1, count=True))
        if not n:
            return []
        hits = searcher.search(q, n, order_by_field="seq", order=tantivy.Order.Asc).hits
        return read(searcher, [a for _, a in hits], self.reader)

    @_reading
    def replies(self, after: Sequence[tuple[int, int]], role: int, span: int = 2) -> dict[tuple[int, int], StoredRecord]:
        """For each (session, seq), the first record of `role` within `span` records after it (the
        reply to a person's turn), in one search."""
        if not after:
            return {}
        s = self.schema
        each = [(tantivy.Occur.Should, tantivy.Query.boolean_query([
            (tantivy.Occur.Must, tantivy.Query.term_query(s, "sid", sid)),
            (tantivy.Occur.Must, tantivy.Query.range_query(s, "seq", tantivy.FieldType.Unsigned, seq + 1, seq + span))]))
            for sid, seq in after]
        q = tantivy.Query.boolean_query([(tantivy.Occur.Must, tantivy.Query.term_query(s, "role", role)),
                                         (tantivy.Occur.Must, tantivy.Query.boolean_query(each))])
        searcher = self._searcher()
        hits = searcher.search(q, len(after) * span, count=False).hits
        out: dict[tuple[int, int], StoredRecord] = {}
        wanted = set(after)
        for r in sorted(read(searcher, [a for _, a in hits], self.reader), key=lambda r: r.seq):
            for back in range(1, span + 1):
                key = (r.sid, r.seq - back)
                if key in wanted and key not in out:
                    out[key] = r
                    break
        return out

    @_reading
    def first_records(self, sid: int, roles: Sequence[int], n: int) -> list[StoredRecord]:
        """The first `n` records of one session in these roles, in session order (what the
        semantic sidecar embeds: the person's opening questions, not the tool output)."""
        s = self.schema
        q = tantivy.Query.boolean_query(
            [
                (tantivy.Occur.Must, tantivy.Query.term_query(s, "sid", sid)),
                (tantivy.Occur.Must, tantivy.Query.term_set_query(s, "role", list(roles))),
            ]
        )
        searcher = self._searcher()
        hits = searcher.search(q, n, order_by_field="seq", order=tantivy.Order.Asc).hits
        return read(searcher, [a for _, a in hits], self.reader)

    def scan(self, filters: Filters, batch: int = 2000) -> Iterator[StoredRecord]:
        """Every record passing `filters` (for regex search): newest first."""
        searcher = self._searcher()
        fq = self._filters(filters)
        query = tantivy.Query.boolean_query(fq) if fq else tantivy.Query.all_query()
        offset = 0
        while True:
            hits = searcher.search(query, batch, count=False, order_by_field="time", offset=offset).hits
            yield from read(searcher, [a for _, a in hits], self.reader)
            if len(hits) < batch:
                return
            offset += batch


def hit_count(result: tantivy.SearchResult) -> int:
    """How many documents matched a search run with count=True."""
    return result.count or 0  # type: ignore[attr-defined]  # tantivy's stub omits SearchResult.count


def _candidates(searcher: tantivy.Searcher, hits: list[tuple[Any, tantivy.DocAddress]]) -> list[Candidate]:
    """The hits with their session, role and time, read from the fast fields."""
    addrs = [a for _, a in hits]
    # sid, role and time are unsigned fast fields every document has: never None here.
    sids, roles, times = (cast("list[int]", searcher.fast_field_values(f, addrs)) for f in ("sid", "role", "time"))
    return [Candidate(score, sid, role, t, addr) for (score, addr), sid, role, t in zip(hits, sids, roles, times)]


def read(searcher: tantivy.Searcher, addrs: Sequence[tantivy.DocAddress], reader: bodies.Reader) -> list[StoredRecord]:
    """The records at these addresses: session, role, time and order from the fast fields (every
    document has them: never None), the text from the doc store."""
    if not addrs:
        return []
    sids, roles, times, seqs = (cast("list[int]", searcher.fast_field_values(f, list(addrs)))
                                for f in ("sid", "role", "time", "seq"))
    field = "body" if reader.legacy else "zbody"
    text = reader.text
    return [StoredRecord(sid, role, t, seq, text(bytes(cast("Any", searcher.doc(a).get_first(field)) or b"")))
            for a, sid, role, t, seq in zip(addrs, sids, roles, times, seqs)]


def _store_plainly(path: Path) -> bool:
    """A new, empty index's doc store set to DOCSTORE (tantivy-py has no setting for it; tantivy
    reads it from meta.json, keeps it on every commit and in merges). Whether meta.json changed."""
    meta_path = path / "meta.json"
    try:
        meta = json.loads(meta_path.read_bytes())
    except (OSError, ValueError):
        return False
    if not isinstance(meta, dict) or meta.get("segments") or not isinstance(meta.get("index_settings"), dict):
        return False
    if all(meta["index_settings"].get(k) == v for k, v in DOCSTORE.items()):
        return False
    meta["index_settings"].update(DOCSTORE)
    tmp = path / f"meta.json.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump(meta, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, meta_path)
    return True


def _copy_meta(path: Path) -> None:
    """meta.json as this writer left it, beside the text index (see META_COPY)."""
    try:
        data = (path / "meta.json").read_bytes()
        tmp = path.parent / f"{META_COPY}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path.parent / META_COPY)
    except OSError:
        pass  # a convenience for recovery, never a reason to fail a write


def _private(path: Path) -> None:
    """Index files are the user's alone."""
    for entry in os.scandir(path):
        try:
            os.chmod(entry.path, 0o600 if entry.is_file() else 0o700)
        except OSError:
            pass
