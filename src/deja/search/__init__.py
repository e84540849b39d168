"""One search path for the CLI, the MCP server and the hooks.

Candidates are the top records by BM25 (tantivy); they are grouped into sessions, weighted
(who said it, freshness, and the bounded signals below), and given their best snippets. When
nothing matches every word as typed, other word forms (tier `stemmed`) and close spellings (tier
`close`) are tried, then the nearest sessions (any word) are offered as tier `relevance`. With the `semantic` extra
and a sidecar (`deja embed`, deja/semantic.py), the top sessions are re-ranked by a blend with
meaning, and when no word matches, the sessions nearest in meaning are offered as tier `semantic`.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence

from deja.errors import QueryError
from deja.plain import Plain
from deja.roles import CODE_ROLE, ROLE_CODE, SPEECH_ROLES, Role
from deja.search import signals
from deja.search.query import Query, parse
from deja.search.snippets import regex_snippet, snippet
from deja.store import Filters, SessionRow, Store, Variants
from deja.tokenizer import index_form

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
# Signals on top of relevance. Each multiplies a session's score by a bounded factor, so it can
# order sessions of similar relevance but never lift a clearly weaker match over a stronger one.
# A session whose assistant settled something ("the fix was…", "tests pass") answers more than one
# that only explored.
DECISION_LIFT = 1.1
# A session that says it reverted or rolled back, and settled nothing else, mostly records a dead end.
REVERT_DAMPING = 0.85
# A session agents keep coming back to is worth more: log of the times a search served it, so the
# first recalls count most, capped at +50% so popularity never buries a better match.
REUSE_PER_LOG_RECALL = 0.15
REUSE_MAX_LIFT = 0.5
# A note a person distilled from a transcript (`deja promote`) says the same thing shorter and
# vetted: it comes before the transcript it came from.
PROMOTED_NOTE_LIFT = 1.5
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


class Options(Plain):
    # exact_only: hooks, no looser tiers (they would only be discarded). embed: blend in meaning
    # when a sidecar exists (`deja search`, MCP `recall`); off by default so hooks and digests
    # never pay for loading the model.
    __slots__ = ("harness", "project", "since", "roles", "limit", "all", "regex", "exact_only", "embed")

    def __init__(self, harness: str | None = None, project: str | None = None, since: float | None = None,
                 roles: Sequence[Role] = (), limit: int = 15, all: bool = False, regex: bool = False,
                 exact_only: bool = False, embed: bool = False):
        self.harness, self.project, self.since, self.roles, self.limit = harness, project, since, roles, limit
        self.all, self.regex, self.exact_only, self.embed = all, regex, exact_only, embed


class Snippet(Plain):
    __slots__ = ("role", "time", "seq", "text", "marks")

    def __init__(self, role: str, time: float, seq: int, text: str, marks: list[tuple[int, int]]):
        self.role, self.time, self.seq, self.text, self.marks = role, time, seq, text, marks


class Hit(Plain):
    # decision: the line where the session settled something; state: accepted | rejected |
    # superseded | stale, when a person promoted it.
    __slots__ = ("session", "count", "score", "snippets", "decision", "state")

    def __init__(self, session: SessionRow, count: int, score: float, snippets: list | None = None,
                 decision: str = "", state: str = ""):
        self.session, self.count, self.score = session, count, score
        self.snippets = [] if snippets is None else snippets
        self.decision, self.state = decision, state


class Result(Plain):
    # tier: exact | stemmed | close | relevance | semantic | none
    __slots__ = ("query", "tier", "total", "capped", "hits", "parsed")

    def __init__(self, query: str, tier: str, total: int, capped: bool, hits: list[Hit], parsed: str = ""):
        self.query, self.tier, self.total, self.capped, self.hits, self.parsed = query, tier, total, capped, hits, parsed


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


def reuse_lift(recalls: int) -> float:
    return 1.0 + min(REUSE_MAX_LIFT, REUSE_PER_LOG_RECALL * math.log1p(max(0, recalls)))


def search(store: Store, text: str, opts: Options) -> Result:
    """Tiers, first that answers: `exact` (every clause somewhere in the session), `stemmed`
    (single words may be another English form: `migrations` ~ `migration`), `close` (words of 5+
    letters may be one edit away; never CJK), `relevance` (any clause). Word forms come before
    typos because a different form of the word typed is the likelier intent."""
    if opts.regex:
        return _regex(store, text, opts)
    q = parse(text)
    sem = _meaning(store, text, opts)
    filters = _filters(opts)
    want = opts.limit if not opts.all else 10**9
    k = max(MIN_CANDIDATES, opts.limit * CANDIDATES_PER_HIT)
    # Exact: every clause somewhere in the session (a phrase within one record).
    cands, sessions, capped = store.text.search_sessions(q.clauses, filters, k if not opts.all else 10**6)
    if cands:
        return _rank(store, q, q.clauses, cands, capped, "exact", want, sessions, sem=sem)
    if opts.exact_only:
        return Result(text, "none", 0, False, [], q.explain())
    words = [c[0] for c in q.clauses if len(c) == 1]
    stems = {w: f for w in words if (f := signals.forms(w))}
    fuzzy = frozenset(w for w in words if signals.fuzzable(w))
    for tier, variants in (("stemmed", Variants(forms=stems)), ("close", Variants(fuzzy=fuzzy))):
        if not (variants.forms or variants.fuzzy):
            continue
        cands, sessions, capped = store.text.search_sessions(q.clauses, filters, k if not opts.all else 10**6, variants)
        if cands:
            return _rank(store, q, q.clauses, cands, capped, tier, want, sessions, variants, sem=sem)
    # Relevance: any clause; a lone phrase falls apart into its words.
    clauses = q.clauses if len(q.clauses) > 1 else tuple((t,) for t in q.clauses[0])
    if len(clauses) > 1:
        cands, count = store.text.search(clauses, filters, k, require_all=False)
        if cands:
            result = _rank(store, q, clauses, cands, count > len(cands), "relevance", want, None, sem=sem)
            return _with_meaning(result, _meaning_hits(store, sem, opts), want) if sem is not None else result
    if sem is not None:
        return _meaning_tier(store, q, sem, opts, want)
    return Result(text, "none", 0, False, [], q.explain())


def _meaning(store: Store, text: str, opts: Options):
    """The query's meaning scores, or None (no extra, no sidecar, --no-embed, or a failure)."""
    if not opts.embed or opts.exact_only or not (store.dir / "semantic.vec").exists():  # semantic.SIDECAR
        return None
    from deja import semantic  # loads the model only when a sidecar exists

    return semantic.query_scores(store.dir, text)


def _meaning_tier(store: Store, q: Query, sem, opts: Options, want: int) -> Result:
    """No word matched: the sessions nearest in meaning, above a floor."""
    hits = _meaning_hits(store, sem, opts)
    if not hits:
        return Result(q.text, "none", 0, False, [], q.explain())
    return Result(q.text, "semantic", len(hits), False, hits[:want], q.explain())


def _with_meaning(result: Result, near: list[Hit], want: int) -> Result:
    """Only some words matched: the sessions nearest in meaning join the partial matches
    (semantic.join)."""
    from deja import semantic

    hits = semantic.join(result.hits, near)
    extra = len(hits) - len(result.hits)
    return Result(result.query, result.tier, result.total + extra, result.capped, hits[:want], result.parsed)


def _meaning_hits(store: Store, sem, opts: Options) -> list[Hit]:
    """The sessions nearest in meaning above the floor, best first, scored by similarity."""
    from deja import semantic

    ranked = semantic.nearest(sem)
    rows = store.catalog.sessions_by_key(k for k, _ in ranked)
    curated = store.catalog.curation(rows)
    hits = []
    for key, cos in ranked:
        row = rows.get(key)
        if row is None or (opts.harness and row.harness != opts.harness) or (opts.since and row.updated < opts.since):
            continue
        if opts.project and row.project.lower() != opts.project.lower():
            continue
        role, unit = sem.best[key]
        c = curated.get(key)
        hit = Hit(row, 1, round(cos, 4), decision=row.decision, state=c.state if c else "")
        hit.snippets = [Snippet(CODE_ROLE[role].value, row.updated, 0, unit, [])]
        hits.append(hit)
    return hits


def _rank(store: Store, q: Query, clauses, cands, capped: bool, tier: str, want: int, sessions: int | None,
          variants: Variants | None = None, sem=None) -> Result:
    now = time.time()
    by_sid: dict[int, list] = {}
    for c in cands:
        score = c.score * (USER_WEIGHT if c.role == ROLE_CODE[Role.USER] else 1.0)
        by_sid.setdefault(c.sid, []).append((score, c))
    rows = store.catalog.sessions_by_sid(by_sid)
    keys = [r.key for r in rows.values()]
    recalls = store.catalog.recall_counts(keys)
    curated = store.catalog.curation(keys)
    promoted = store.catalog.promoted_notes(keys)
    hits = []
    for sid, items in by_sid.items():
        row = rows.get(sid)
        if row is None:
            continue  # records of a file whose catalog row is not committed yet
        items.sort(key=lambda x: -x[0])
        scores = [s for s, _ in items]
        score = scores[0] + EXTRA_RECORD_WEIGHT * sum(scores[1 : 1 + EXTRA_RECORDS])
        score *= freshness(row.updated, now)
        score *= DECISION_LIFT if row.decision else REVERT_DAMPING if row.reverted else 1.0
        score *= reuse_lift(recalls.get(row.key, 0))
        score *= PROMOTED_NOTE_LIFT if row.key in promoted else 1.0
        c = curated.get(row.key)
        hit = Hit(row, len(items), score, decision=row.decision, state=c.state if c else "")
        hit.snippets = [x[1] for x in items[:SNIPPETS_PER_HIT]]  # candidates for now
        hits.append(hit)
    hits.sort(key=lambda h: (-h.score, -h.session.updated, h.session.id))
    total = max(len(hits), sessions or 0)
    if sem is not None:
        from deja import semantic

        hits = semantic.rerank(hits, sem)
    hits = hits[:want]
    for h in hits:
        cs = h.snippets
        bodies = store.text.bodies([c.addr for c in cs])
        h.snippets = []
        for c, b in zip(cs, bodies):
            s, marks = snippet(b.text, _mark_clauses(clauses, variants, b.text))
            h.snippets.append(Snippet(CODE_ROLE[b.role].value, float(b.time), b.seq, s, marks))
        h.score = round(h.score, 4)
    return Result(q.text, tier, total, capped, hits, q.explain())


def record_recalls(store: Store, hits: Sequence[Hit]) -> None:
    """The sessions a search served to someone (`deja search`, the MCP `recall`): counted for the
    reuse lift. Callers that only look (hooks, digests) do not count."""
    store.catalog.count_recalls([h.session.key for h in hits])


def _mark_clauses(clauses, variants: Variants | None, text: str):
    """The clauses to highlight: with a variant tier, also the forms and near spellings present."""
    if not variants:
        return clauses
    extra = [(f,) for forms in variants.forms.values() for f in forms]
    if variants.fuzzy:
        present = set(index_form(text).split())
        extra += [(t,) for t in present for w in variants.fuzzy if t != w and _one_edit(t, w)]
    return [*clauses, *extra]


def _one_edit(a: str, b: str) -> bool:
    """Within one insertion, deletion, substitution or adjacent swap (what the close tier matched)."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :] or (i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :])
    return a[i:] == b[i + 1 :]


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


__all__ = ["search", "record_recalls", "reuse_lift", "Options", "Result", "Hit", "Snippet", "roles_from_names", "SCHEMA_VERSION", "parse"]
