"""One search path for the CLI, the MCP server and the hooks.

Candidates are the top records by BM25 (tantivy); they are grouped into sessions, weighted,
and given their best snippets. When nothing matches every word, the nearest sessions (any word)
are offered as tier `relevance`.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from deja.errors import QueryError
from deja.model import CODE_ROLE, ROLE_CODE, SPEECH_ROLES, Role
from deja.search.query import Query, parse
from deja.search.snippets import regex_snippet, snippet
from deja.store import Filters, SessionRow, Store

SCHEMA_VERSION = 2

# A term in a person's own words says more about what the session was for than the same term
# in a reply or in tool output.
USER_WEIGHT = 1.3
# A session's further matching records add to its best one, with diminishing weight.
EXTRA_RECORD_WEIGHT = 0.25
EXTRA_RECORDS = 3
# Freshness is a hint, never a filter: an old session loses at most this share of its score,
# approaching it over months.
FRESHNESS_MAX_PENALTY = 0.2
FRESHNESS_DAYS = 180.0
# How many records to rank before grouping; enough that a page of sessions is rarely starved.
MIN_CANDIDATES = 400
CANDIDATES_PER_HIT = 25
SNIPPETS_PER_HIT = 3
# A regex scans records instead of postings; it stops after this many records.
REGEX_SCAN_LIMIT = 2_000_000

ROLE_NAMES = {
    "user": Role.USER,
    "assistant": Role.ASSISTANT,
    "developer": Role.DEVELOPER,
    "tool": Role.TOOL_OUTPUT,
    "tool-output": Role.TOOL_OUTPUT,
    "files": Role.FILES,
    "command": Role.COMMAND,
    "edit": Role.EDIT,
}


@dataclass
class Options:
    harness: str | None = None
    project: str | None = None
    since: float | None = None
    roles: Sequence[Role] = ()
    limit: int = 15
    all: bool = False
    regex: bool = False


@dataclass
class Snippet:
    role: str
    time: float
    seq: int
    text: str
    marks: list[tuple[int, int]]


@dataclass
class Hit:
    session: SessionRow
    count: int
    score: float
    snippets: list[Snippet] = field(default_factory=list)


@dataclass
class Result:
    query: str
    tier: str  # exact | relevance | none
    total: int
    capped: bool
    hits: list[Hit]
    parsed: str = ""


def roles_from_names(names: Sequence[str]) -> list[Role]:
    out = []
    for n in names:
        for part in n.split(","):
            part = part.strip().lower()
            if not part:
                continue
            if part not in ROLE_NAMES:
                raise QueryError(f"unknown role {part!r}: use one of user, assistant, tool, files, command, edit, developer")
            out.append(ROLE_NAMES[part])
    return out


def freshness(updated: float, now: float) -> float:
    age_days = max(0.0, (now - updated) / 86400.0) if updated else FRESHNESS_DAYS * 4
    return 1.0 - FRESHNESS_MAX_PENALTY * (1.0 - math.exp(-age_days / FRESHNESS_DAYS))


def _filters(opts: Options) -> Filters:
    roles = opts.roles or SPEECH_ROLES
    return Filters(opts.harness, opts.project, opts.since, [ROLE_CODE[r] for r in roles])


def search(store: Store, text: str, opts: Options) -> Result:
    if opts.regex:
        return _regex(store, text, opts)
    q = parse(text)
    filters = _filters(opts)
    want = opts.limit if not opts.all else 10**9
    k = max(MIN_CANDIDATES, opts.limit * CANDIDATES_PER_HIT)
    # Exact: every clause somewhere in the session (a phrase within one record).
    cands, sessions, capped = store.text.search_sessions(q.clauses, filters, k if not opts.all else 10**6)
    if cands:
        return _rank(store, q, q.clauses, cands, capped, "exact", want, sessions)
    # Relevance: any clause; a lone phrase falls apart into its words.
    clauses = q.clauses if len(q.clauses) > 1 else tuple((t,) for t in q.clauses[0])
    if len(clauses) > 1:
        cands, count = store.text.search(clauses, filters, k, require_all=False)
        if cands:
            return _rank(store, q, clauses, cands, count > len(cands), "relevance", want, None)
    return Result(text, "none", 0, False, [], q.explain())


def _rank(store: Store, q: Query, clauses, cands, capped: bool, tier: str, want: int, sessions: int | None) -> Result:
    now = time.time()
    by_sid: dict[int, list] = {}
    for c in cands:
        score = c.score * (USER_WEIGHT if c.role == ROLE_CODE[Role.USER] else 1.0)
        by_sid.setdefault(c.sid, []).append((score, c))
    rows = store.catalog.sessions_by_sid(by_sid)
    hits = []
    for sid, items in by_sid.items():
        row = rows.get(sid)
        if row is None:
            continue  # records of a file whose catalog row is not committed yet
        items.sort(key=lambda x: -x[0])
        scores = [s for s, _ in items]
        score = scores[0] + EXTRA_RECORD_WEIGHT * sum(scores[1 : 1 + EXTRA_RECORDS])
        hit = Hit(row, len(items), score * freshness(row.updated, now))
        hit.snippets = [x[1] for x in items[:SNIPPETS_PER_HIT]]  # candidates for now
        hits.append(hit)
    hits.sort(key=lambda h: (-h.score, -h.session.updated, h.session.id))
    total = max(len(hits), sessions or 0)
    hits = hits[:want]
    for h in hits:
        cs = h.snippets
        bodies = store.text.bodies([c.addr for c in cs])
        h.snippets = []
        for c, b in zip(cs, bodies):
            s, marks = snippet(b.text, clauses)
            h.snippets.append(Snippet(CODE_ROLE[b.role].value, float(b.time), b.seq, s, marks))
        h.score = round(h.score, 4)
    return Result(q.text, tier, total, capped, hits, q.explain())


def _regex(store: Store, pattern: str, opts: Options) -> Result:
    try:
        rx = re.compile(pattern, re.IGNORECASE)
    except re.error as e:
        raise QueryError(f"bad regular expression: {e}; quote it for the shell, or drop --re") from e
    found: dict[int, list] = {}
    scanned = 0
    capped = False
    for rec in store.text.scan(_filters(opts)):
        scanned += 1
        if scanned > REGEX_SCAN_LIMIT:
            capped = True
            break
        if rx.search(rec.text):
            found.setdefault(rec.sid, []).append(rec)
    rows = store.catalog.sessions_by_sid(found)
    hits = []
    for sid, recs in found.items():
        row = rows.get(sid)
        if row is None:
            continue
        hit = Hit(row, len(recs), float(len(recs)))
        for r in recs[:SNIPPETS_PER_HIT]:
            s, marks = regex_snippet(r.text, rx)
            hit.snippets.append(Snippet(CODE_ROLE[r.role].value, float(r.time), r.seq, s, marks))
        hits.append(hit)
    hits.sort(key=lambda h: (-h.session.updated, h.session.id))
    total = len(hits)
    want = opts.limit if not opts.all else total
    return Result(pattern, "exact" if hits else "none", total, capped, hits[:want], f"/{pattern}/i")


__all__ = ["search", "Options", "Result", "Hit", "Snippet", "roles_from_names", "SCHEMA_VERSION", "parse"]
