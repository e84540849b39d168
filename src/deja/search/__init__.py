"""One search path for the CLI, the MCP server and the hooks.

Candidates are the top records by BM25 (tantivy); they are grouped into sessions, weighted
(who said it, freshness, and the bounded signals below), and given their best snippets. When
nothing matches every word as typed, other word forms (tier `stemmed`) and close spellings (tier
`close`) are tried, then the nearest sessions (any word) are offered as tier `relevance`. With the `semantic` extra
and a sidecar (`deja embed`, deja/search/semantic.py), the top sessions are re-ranked by a blend with
meaning, and when no word matches, the sessions nearest in meaning are offered as tier `semantic`.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Sequence

from deja.errors import QueryError
from deja.plain import Plain
from deja.roles import CODE_ROLE, ROLE_CODE, SPEECH_ROLES, WORK_ROLES, Role
from deja.search import signals
from deja.search.query import Query, bounded, parse, valid_text
from deja.search.snippets import marked, regex_snippet, snippet
from deja.store import Filters, SessionRow, Store, Variants
from deja.text.tokenizer import is_cjk, is_scaffold

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
# ... but not for a query ranked by rarity (a question, or partial matches): there the sessions
# earlier, other searches were served say nothing about which one holds these words, and a lift
# of up to +50% outweighs the difference between the session holding the answer and a
# same-topic neighbour (measured on the long-chat sets through the CLI, docs/benchmarks.md).
GRADED_REUSE_MAX_LIFT = 0.0
# Nor the decision lift, for a question about the person or what the assistant said, or asking for a
# kind of answer (Query.wants) other than a reason (which a decision line, "the root cause was",
# "because", is): a reply saying "because", "so we" or "we'll" (text.decision) marks most chats as
# settling something, which says nothing about which session holds a fact, a preference or a date
# (it put a neighbour first for 10 of the dev sets' answers ranked 2nd-5th; docs/benchmarks.md
# "Issue 14, session 9: the answer second to fifth"). A work search in words ("the thing where the
# pool ran dry") keeps it: there the session that settled something is the one looked for.
GRADED_DECISION_LIFT = 1.0
# A note a person distilled from a transcript (`deja promote`) says the same thing shorter and
# vetted: it comes before the transcript it came from.
PROMOTED_NOTE_LIFT = 1.5
# Hits of one search counted as recalled (the reuse lift): the first.
RECALLS_COUNTED = 1
# How many records to rank before grouping; enough that a page of sessions is rarely starved.
MIN_CANDIDATES = 400
CANDIDATES_PER_HIT = 25
SNIPPETS_PER_HIT = 3
# A regex scans records instead of postings; it stops after this many records.
REGEX_SCAN_LIMIT = 2_000_000
# Ranked (graded) matching, for a question and for partial matches: BM25 over sessions, a
# session being the document, a clause's term frequency the number of its records holding it, and
# its length its number of records, so that a long session or a notes file that collects many
# words does not win by size. Plus the session's best records (words together in one turn).
SESSION_K1 = 1.2
SESSION_B = 0.75
# A clause held by more than this many records (and this share of all) is counted only in the
# sessions a rarer clause brought in: it orders them, it does not bring in every session that
# says "new" (nor pay for counting them).
COMMON_RECORDS = 10_000
COMMON_SHARE = 0.02
# Sessions whose records are ranked after the session-level pass.
GRADED_POOL = 200
# A session holding less than this share of the query's rarity (its clauses' idf) does not match
# it well: the answer is "nothing", with these as low-confidence near misses (tier `weak`).
MIN_COVERAGE = 0.35
# What a question's scaffolding word (tokenizer.SCAFFOLD_EN) weighs against its idf.
SCAFFOLD_WEIGHT = 0.25
# A ranked session's score is scaled by the share of the query's rarity it holds (its coverage)
# to this power: its best records are BM25 over any clause, so short turns that each repeat one
# common word ("so it stays fresh") outscore the one turn holding two of the rare ones ("rather
# stay in rented apartments … when I travel"); the square root orders those without letting
# coverage alone decide (1.0 costs `chat` a question; measured in docs/benchmarks.md, "Issue 14,
# session 6: user facts"). A session holding every word (1.0) is unchanged. 0.35, not 0.5: coverage
# was what put a neighbour first for 74 of the dev sets' 172 answers ranked 2nd-5th (a neighbour
# holding one more of the question's words than the turn that states the answer in other words);
# 0.25 costs chat and abstain a question each ("Issue 14, session 9: the answer second to fifth").
COVERAGE_EXPONENT = 0.35
# A count question about the person ("how many books did I read"), a question about a fact they said
# (Query.fact: "what breed is my dog") or a request for advice ("any tips for my commute": what the
# person likes, does or cannot have answers it, passage.ANSWERS): a reply weighs this, not 1 (the
# replies on the topic, "a tired dog of any breed is calm", "guests usually eat less dessert", are
# not the fact nor the person's preference). Not for what the assistant said: the person's turn
# holds the situation its advice answered ("the export timed out with a 504"). For any fact question a
# session is its best record: its further records on the topic (a chat about dogs, about laptops) add
# FACT_EXTRA_RECORD_WEIGHT, not EXTRA_RECORD_WEIGHT. Measured on the `facts` and `advice` dev sets and
# every other set (docs/benchmarks.md "Issue 14, session 9").
OTHER_SIDE = 0.3
FACT_EXTRA_RECORD_WEIGHT = 0.0
# The promoted-note lift is for a note that answers the query: one holding this share of its rarity.
NOTE_LIFT_COVERAGE = 0.75

_ASSISTANT = ROLE_CODE[Role.ASSISTANT]

class Options(Plain):
    # exact_only: hooks, no looser tiers (they would only be discarded). embed: blend in meaning
    # when a sidecar exists (`deja search`, MCP `recall`); off by default so hooks and digests
    # never pay for loading the model.
    # origin: `--from`: a machine imported sessions came from, or `local`; None for any.
    __slots__ = ("harness", "project", "since", "roles", "limit", "all", "regex", "exact_only", "embed", "origin")

    def __init__(self, harness: str | None = None, project: str | None = None, since: float | None = None,
                 roles: Sequence[Role] = (), limit: int = 15, all: bool = False, regex: bool = False,
                 exact_only: bool = False, embed: bool = False, origin: str | None = None):
        self.harness, self.project, self.since, self.roles, self.limit = harness, project, since, roles, limit
        self.all, self.regex, self.exact_only, self.embed = all, regex, exact_only, embed
        self.origin = origin


class Snippet(Plain):
    __slots__ = ("role", "time", "seq", "text", "marks")

    def __init__(self, role: str, time: float, seq: int, text: str, marks: list[tuple[int, int]]):
        self.role, self.time, self.seq, self.text, self.marks = role, time, seq, text, marks


class Hit(Plain):
    # decision: the line where the session settled something; state: accepted | rejected |
    # superseded | stale, when a person promoted it; answer: the best-matching turn of the
    # answering side (the assistant), when the session has one; coverage: the share of the
    # query's rarity the session holds (1.0 for an exact match).
    __slots__ = ("session", "count", "score", "snippets", "decision", "state", "answer", "coverage")

    def __init__(self, session: SessionRow, count: int, score: float, snippets: list | None = None,
                 decision: str = "", state: str = "", answer: Snippet | None = None, coverage: float = 1.0):
        self.session, self.count, self.score = session, count, score
        self.snippets = [] if snippets is None else snippets
        self.decision, self.state, self.answer, self.coverage = decision, state, answer, coverage


class Result(Plain):
    # tier: exact | stemmed | close | relevance | semantic | weak (nothing matches well; the hits
    # are low-confidence near misses) | none
    __slots__ = ("query", "tier", "total", "capped", "hits", "parsed")

    def __init__(self, query: str, tier: str, total: int, capped: bool, hits: list[Hit], parsed: str = ""):
        self.query, self.tier, self.total, self.capped, self.hits, self.parsed = query, tier, total, capped, hits, parsed


def freshness(updated: float, now: float) -> float:
    age_days = max(0.0, (now - updated) / 86400.0) if updated else FRESHNESS_DAYS * 4
    return 1.0 - FRESHNESS_MAX_PENALTY * (1.0 - math.exp(-age_days / FRESHNESS_DAYS))


def _filters(opts: Options, sids: list[int] | None, q: Query | None = None, work: bool = False) -> Filters:
    """The filters of a search: the roles asked for, else speech, and the work roles too when
    `work` or when the query looks like a command or a path; `sids`, the sessions of
    `opts.project` (project_sids)."""
    roles = opts.roles or (SPEECH_ROLES + WORK_ROLES if work or (q is not None and _wants_work(q)) else SPEECH_ROLES)
    return Filters(opts.harness, sids, opts.since, [ROLE_CODE[r] for r in roles])


def project_sids(store: Store, project: str | None, origin: str | None = None) -> list[int] | None:
    """The session ids of the project `--project` names (deja.projects.resolve) and of the
    machine `--from` names (`local` or a machine's name: Catalog.origin); None for any."""
    sids = None
    if project:
        from deja import projects

        root = projects.resolve(store.catalog, project)
        sids = store.catalog.project_sids(root) if root else None
    if origin is not None:
        of = store.origin_sids(store.origin(origin))
        if of is not None:
            sids = of if sids is None else sorted(set(sids) & set(of))
    return sids


def reuse_lift(recalls: int, cap: float = REUSE_MAX_LIFT) -> float:
    return 1.0 + min(cap, REUSE_PER_LOG_RECALL * math.log1p(max(0, recalls)))


def search(store: Store, text: str, opts: Options, query: Query | None = None) -> Result:
    """Tiers, first that answers: `exact` (every clause somewhere in the session), `stemmed`
    (single words may be another English form: `migrations` ~ `migration`), `close` (words of 5+
    letters may be one edit away; never CJK), `relevance` (any clause, ranked). Word forms come
    before typos because a different form of the word typed is the likelier intent.

    Filler need not match (query.parse). A question (a query with filler in it) is ranked, not
    ANDed: its sessions by BM25 over its content words, every form and tier at once, the tier
    named by how much of it the best session holds. When no session holds enough of the
    query's rarity, the tier is `weak`: nothing matches, the hits are near misses.

    Without --role, the work roles (commands, files, edits) are searched too when the query
    looks like a command or a path, or when the words are found nowhere else. `query`: the text
    already parsed (query.parse) by a caller that reads it too (the prompt hook)."""
    text = valid_text(text)  # (parse does it too; the regex and meaning paths take the text itself)
    if opts.regex:
        return _regex(store, text, opts)
    text = bounded(text)  # (the words a search reads: query.QUERY_CHARS)
    q = query if query is not None else parse(text)
    sem = _meaning(store, text, opts)
    sids = project_sids(store, opts.project, opts.origin)  # resolved once: both passes and the meaning hits use it
    res = _search(store, q, opts, _filters(opts, sids, q), sem)
    if not opts.roles and res.tier in ("none", "weak") and not _wants_work(q):
        work = _search(store, q, opts, _filters(opts, sids, q, work=True), sem)
        if work.tier not in ("none", "weak") or (work.hits and not res.hits):
            return work
    return res


def _search(store: Store, q: Query, opts: Options, filters: Filters, sem) -> Result:
    want = opts.limit if not opts.all else 10**9
    k = max(MIN_CANDIDATES, opts.limit * CANDIDATES_PER_HIT)
    content = q.content
    # (one word and the words its answer may say instead, 我现在体重多少 / 一百四十斤: ranked too)
    if q.question and (len(content) > 1 or q.related or q.asking) and not opts.exact_only:
        res = _graded(store, q, content, filters, want, k, sem, question=True)
        if sem is not None:
            # a question its words answer weakly or not at all: the sessions nearest in meaning
            if not res.hits or res.tier == "weak":
                meant = _meaning_tier(store, q, sem, filters, want)
                if meant.hits:
                    return meant
            elif res.tier == "relevance":
                return _with_meaning(res, _meaning_hits(store, sem, filters), want)
        return res
    # Exact: every clause somewhere in the session (a phrase within one record).
    cands, sessions, capped = store.text.search_sessions(content, filters, k if not opts.all else 10**6)
    if cands:
        return _rank(store, q, content, cands, capped, "exact", want, sessions, sem=sem, filters=filters)
    if opts.exact_only:
        return Result(q.text, "none", 0, False, [], q.explain())
    words = [c[0] for c in content if len(c) == 1]
    stems = {w: f for w in words if (f := signals.forms(w))}
    fuzzy = frozenset(w for w in words if signals.fuzzable(w))
    for tier, variants in (("stemmed", Variants(forms=stems)), ("close", Variants(fuzzy=fuzzy))):
        if not (variants.forms or variants.fuzzy):
            continue
        cands, sessions, capped = store.text.search_sessions(content, filters, k if not opts.all else 10**6, variants)
        if cands:
            return _rank(store, q, content, cands, capped, tier, want, sessions, variants, sem=sem, filters=filters)
    # Relevance: any clause, ranked; a lone phrase falls apart into its words.
    clauses = content if len(content) > 1 else tuple((t,) for t in content[0])
    if len(clauses) > 1:
        res = _graded(store, q, clauses, filters, want, k, sem)
        if res.hits:
            return _with_meaning(res, _meaning_hits(store, sem, filters), want) if sem is not None else res
    if sem is not None:
        return _meaning_tier(store, q, sem, filters, want)
    return Result(q.text, "none", 0, False, [], q.explain())


def _wants_work(q: Query) -> bool:
    """Does the query look like a command or a path (then the work roles are searched at once)?"""
    return bool(_COMMANDISH.search(q.text))


_COMMANDISH = re.compile(r"(?:^|\s)(?:\$\s|--?[a-z][\w-]*|\.{0,2}/[\w.-]|~/)|[\w-]/[\w.-]|\.(?:py|js|ts|tsx|go|rs|rb|java|c|h|"
                         r"cpp|json|ya?ml|toml|md|sh|sql|html|css|lock|cfg|ini|txt)\b", re.IGNORECASE)


def _straddling(clauses, dfs: list[int]) -> set[int]:
    """The CJK bigrams no record holds that straddle a word boundary: next to a held bigram of
    the same run (给北 before 北极 in 给北极星, 步出 after 同步 in 同步出故障). A question's Chinese
    is searched as its bigrams, and these are in no text at all: they are no missing word. A
    missing bigram among missing ones (度假 in 十月度假去) is a word the sessions do not hold."""
    def bigram(i: int) -> bool:
        c = clauses[i]
        return len(c) == 1 and len(c[0]) == 2 and is_cjk(c[0][0])

    def chained(i: int, j: int) -> bool:  # clause j continues clause i's run
        return 0 <= i < len(clauses) and 0 <= j < len(clauses) and bigram(i) and bigram(j) and clauses[i][0][1] == clauses[j][0][0]

    return {i for i, df in enumerate(dfs) if not df and bigram(i)
            and ((chained(i - 1, i) and dfs[i - 1]) or (chained(i, i + 1) and dfs[i + 1]))}


def _idf(df: int, n: int) -> float:
    df = min(df, n)  # forms' counts are summed (看 as 看了 我看 …) and may pass n: never a negative weight
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def _graded(store: Store, q: Query, clauses, filters: Filters, want: int, k: int, sem, question: bool = False) -> Result:
    """Ranked matching: sessions by BM25 over the clauses (every English word form counted; a
    word no record holds in any form may be one edit away), then by their best records. The
    tier: `weak` when the best session holds too little of the query; for a question, `exact`
    when it holds every content word; else `relevance`."""
    text = store.text
    n = max(1, text.num_docs())
    forms = {c[0]: f for c in clauses if len(c) == 1 and (f := signals.forms(c[0]))}
    for w, joined in q.compounds.items():
        # "timing out" is a timeout, when the sessions say so: not any form of "time"
        if any(text.doc_freq((j,)) for j in joined):
            forms[w] = joined
    forms |= signals.zh_forms(clauses, q.lone, q.counted, text.doc_freq)  # 车 as 的车 车是, 妈妈 as 我妈
    words = len(clauses)  # the question's words: what a hit holds of them names the tier
    if q.units and (units := [u for u in q.units if (u,) not in clauses and text.doc_freq((u,))]):
        # a quantity asked (多重, "how tall"): its answer's units, one clause of the question's own that
        # orders the sessions but never makes one a match (search.quantity)
        from deja.search.quantity import TOKEN

        clauses, forms = (*clauses, (TOKEN,)), forms | {TOKEN: units}
    own = len(clauses)  # the question's own clauses; then, for a question about the person, its related words
    if q.related:
        from deja.search import related

        mine_words = {t for c in clauses for t in c} | {f for fs in forms.values() for f in fs}
        more, alts = related.clauses(q.related, text.doc_freq, mine_words)
        clauses, forms = (*clauses, *more), forms | alts
    variants = Variants(forms=forms)
    dfs = [text.doc_freq(c, variants) for c in clauses]
    fuzzy = frozenset(c[0] for c, df in zip(clauses, dfs) if not df and len(c) == 1 and signals.fuzzable(c[0]))
    # scaffolding ("pick", "date", "recommend") orders, it does not decide: in sessions and records
    boost = {c[0]: SCAFFOLD_WEIGHT for c in clauses
             if question and len(c) == 1 and (is_scaffold(c[0]) or c in q.frame or c in q.asking)}
    if own < len(clauses):  # a related clause weighs at most RELATED_CAP of the question's rarest own word
        rw, rare = related.COUNT_WEIGHT if q.counts else related.RELATED_WEIGHT, related.RELATED_CAP * max(
            (_idf(df, n) * boost.get(c[0], 1.0) for c, df in zip(clauses[:own], dfs) if df), default=0.0)
        boost |= {c[0]: min(rw, rare / _idf(df, n)) for c, df in zip(clauses[own:], dfs[own:])}
    variants = Variants(fuzzy=fuzzy, forms=forms, boost=boost)
    # A clause no record holds (a made-up token, or a word the sessions put otherwise) weighs as
    # much as the clauses that some record holds do on average: a session without it holds less
    # of the query, but a paraphrase word alone does not make every answer a near miss.
    weights = [_idf(df, n) for df in dfs]
    held = [w for w, df in zip(weights[:own], dfs) if df]
    typical = sum(held) / len(held) if held else 1.0
    straddle = _straddling(clauses, dfs) | {i for i, (c, df) in enumerate(zip(clauses, dfs)) if not df and c in q.glue}
    weights = [w if df else 0.0 if i in straddle else typical for i, (w, df) in enumerate(zip(weights, dfs))]
    weights = [w * boost.get(c[0], 1.0) if len(c) == 1 else w for w, c in zip(weights, clauses)]
    total_weight = sum(weights[:own]) or 1.0
    # Whose words a question's session-level BM25 counts: a question about the person ("what car do
    # I drive", 我的车) or about what the assistant said is answered in that side's turns, so a
    # clause's frequency there is the number of that side's records holding it. The other side's
    # records still bring a session in and count for its coverage (what it holds of the query), but
    # not for its score: long replies that repeat a common word ("car loan") do not outrank the
    # person's one line ("my car is a 2014 Honda"). Measured on the long-chat sets
    # (docs/benchmarks.md, "Issue 14, session 6: user facts").
    side = _ASSISTANT if q.asks_assistant else ROLE_CODE[Role.USER] if q.asks_person else None
    holding: list[dict[int, int]] = [{} for _ in clauses]  # {session: its records holding the clause}
    tf = holding  # what the session BM25 counts: those of the side the question asks about, if any
    if side is not None:
        tf = [{} for _ in clauses]
    pool: set[int] = set()
    for df, i in sorted((df if df else (1 << 62 if clauses[i][0] in fuzzy else 0), i) for i, df in enumerate(dfs)):
        if not df:
            continue
        restrict = bool(pool) and df > max(COMMON_RECORDS, COMMON_SHARE * n)
        within = pool if restrict else None
        if side is None:
            holding[i] = text.clause_sessions(clauses[i], filters, variants, within=within)
        else:
            holding[i], tf[i] = text.clause_sides(clauses[i], filters, side, variants, within=within)
            if i >= own:  # related words count in the person's turns only
                holding[i] = tf[i]
        if not restrict:
            pool.update(holding[i])
    if not pool:
        return Result(q.text, "none", 0, False, [], q.explain())

    # a count question: one instance a session; a chat repeating "books" in many turns holds no more
    # (and a question about the person: a fact said once is not said more by a chat on its topic)
    most = 1 if q.counts or q.asks_person else 1 << 30

    def bm25(sid: int, norm: float, counts: list[dict[int, int]] = tf) -> float:
        return sum(w * t * (SESSION_K1 + 1) / (t + SESSION_K1 * norm)
                   for w, d in zip(weights, counts) if (t := min(most, d.get(sid, 0))))

    # the pool by every record holding the words, so a session whose answer is on the other side is not cut here
    rough = sorted(pool, key=lambda sid: -bm25(sid, 1.0, holding))[: max(GRADED_POOL, want)]
    rows = store.catalog.sessions_by_sid(rough)
    _, n_sessions, n_records = store.catalog.totals()
    avg = max(1.0, n_records / max(1, n_sessions))
    graded = {}
    mine: dict[int, float] = {}  # with related words or units, the share of the question's words' rarity a session holds
    said = sum(weights[:words]) or 1.0
    for sid, row in rows.items():
        norm = 1.0 - SESSION_B + SESSION_B * max(1, row.records) / avg
        cov = sum(w for w, d in zip(weights[:own], holding) if sid in d) / total_weight
        if words < len(clauses):
            mine[sid] = sum(w for w, d in zip(weights[:words], holding) if sid in d) / said
        if own < len(clauses):
            cov = related.coverage(cov, sum(w for w, d in zip(weights[own:], holding[own:]) if sid in d) / total_weight)
        graded[sid] = (bm25(sid, norm), cov)
    best = sorted(graded, key=lambda sid: -graded[sid][0])[: max(GRADED_POOL // 2, want)]
    cands, _ = text.search(clauses, filters, k, require_all=False, variants=variants, within=best)
    res = _rank(store, q, clauses, cands, False, "relevance", want, len(pool), variants, sem=sem, graded=graded, rows=rows,
                weights=weights, filters=filters)
    if res.hits:
        if mine:  # related words and units order the sessions; what a hit holds of the question is its words' share
            for h in res.hits:
                h.coverage = mine.get(h.session.sid, h.coverage)  # a follower (recency.follow): its anchor's
        most = own < len(clauses)  # with related words, the tier is by the hit holding most of the question's words
        top = max(h.coverage for h in res.hits) if most else res.hits[0].coverage
        res.tier = "weak" if top < MIN_COVERAGE else "exact" if question and top >= 0.999 and not fuzzy else "relevance"
        # a name the query gives that neither the leading session nor the first three hold: about something else
        near = {h.session.sid for h in res.hits[:3]} | {max(res.hits, key=lambda h: h.coverage).session.sid if most else res.hits[0].session.sid}
        if res.tier == "weak" or any(c in q.names and near.isdisjoint(d) for c, d in zip(clauses[:own], holding)):
            res.tier, res.total = "weak", 0
    return res


def _meaning(store: Store, text: str, opts: Options):
    """The query's meaning scores, or None (no extra, no sidecar, --no-embed, or a failure)."""
    if not opts.embed or opts.exact_only or not (store.root / "semantic.vec").exists():  # semantic.SIDECAR
        return None
    from deja.search import semantic  # loads the model only when a sidecar exists

    return semantic.query_scores(store.root, text)


def _meaning_tier(store: Store, q: Query, sem, filters: Filters, want: int) -> Result:
    """No word matched: the sessions nearest in meaning, above a floor."""
    hits = _meaning_hits(store, sem, filters)
    if not hits:
        return Result(q.text, "none", 0, False, [], q.explain())
    return Result(q.text, "semantic", len(hits), False, hits[:want], q.explain())


def _with_meaning(result: Result, near: list[Hit], want: int) -> Result:
    """Only some words matched: the sessions nearest in meaning join the partial matches
    (semantic.join)."""
    from deja.search import semantic

    hits = semantic.join(result.hits, near)
    extra = len(hits) - len(result.hits)
    return Result(result.query, result.tier, result.total + extra, result.capped, hits[:want], result.parsed)


def _meaning_hits(store: Store, sem, filters: Filters) -> list[Hit]:
    """The sessions nearest in meaning above the floor, best first, scored by similarity; of the
    search's harness, project and time (`filters`; its roles do not apply to a session)."""
    from deja.search import semantic

    ranked = semantic.nearest(sem)
    rows = store.catalog.sessions_by_key(k for k, _ in ranked)
    curated = store.catalog.curation(rows)
    hits = []
    allowed = set(filters.sids) if filters.sids is not None else None
    for key, cos in ranked:
        row = rows.get(key)
        if row is None or (filters.harness and row.harness != filters.harness) or (
                filters.since and row.updated < filters.since):
            continue
        if allowed is not None and row.sid not in allowed:
            continue
        role, unit = sem.best[key]
        c = curated.get(key)
        hit = Hit(row, 1, round(cos, 4), decision=row.decision, state=c.state if c else "")
        hit.snippets = [Snippet(CODE_ROLE[role].value, row.updated, 0, unit, [])]
        hits.append(hit)
    return hits


def _rank(store: Store, q: Query, clauses, cands, capped: bool, tier: str, want: int, sessions: int | None,
          variants: Variants | None = None, sem=None, graded: dict | None = None, rows: dict | None = None,
          weights: list[float] | None = None, filters: Filters | None = None) -> Result:
    """Sessions from their candidate records: the best record plus a share of the next few (with `graded`,
    {sid: (session score, coverage)}, added to the session-level score; with the clauses' `weights`, a record
    scores at least its best passage), then the bounded signals, then snippets and the answering turn of the shown hits."""
    now = time.time()
    heavy = _ASSISTANT if q.asks_assistant else ROLE_CODE[Role.USER]  # whose words weigh more
    by_sid: dict[int, list] = {}
    # the person's lines hold the instances, the facts about them, and their likes and habits; in
    # every tier (a fact question of one word, "how much is my rent", is ranked by the exact tier)
    other = OTHER_SIDE if q.asks_person and (q.counts or q.fact or q.wants == "preference") else 1.0
    extra = FACT_EXTRA_RECORD_WEIGHT if q.fact and graded is not None else EXTRA_RECORD_WEIGHT
    for c in cands:
        score = c.score * (USER_WEIGHT if c.role == heavy else other)
        by_sid.setdefault(c.sid, []).append((score, c))
    if rows is None:
        rows = store.catalog.sessions_by_sid(by_sid)
    keys = [r.key for r in rows.values()]
    reuse_cap = REUSE_MAX_LIFT if graded is None else GRADED_REUSE_MAX_LIFT
    # a question about the person or what the assistant said, or for a kind of answer, not why
    plain = graded is None or q.wants == "reason" or not (q.asks_person or q.asks_assistant or q.wants)
    decided = DECISION_LIFT if plain else GRADED_DECISION_LIFT
    recalls = store.catalog.recall_counts(keys) if reuse_cap else {}
    curated = store.catalog.curation(keys)
    promoted = store.catalog.promoted_notes(keys)
    ranked: list[tuple[Hit, list, float, float]] = []
    for sid, items in by_sid.items():
        row = rows.get(sid)
        if row is None:
            continue  # records of a file whose catalog row is not committed yet
        items.sort(key=lambda x: -x[0])
        cov = 1.0
        session_score = 0.0
        if graded is not None:
            session_score, cov = graded.get(sid, (0.0, 0.0))
        lift = freshness(row.updated, now) * cov ** COVERAGE_EXPONENT
        lift *= decided if row.decision else REVERT_DAMPING if row.reverted else 1.0
        lift *= reuse_lift(recalls.get(row.key, 0), reuse_cap)
        lift *= PROMOTED_NOTE_LIFT if row.key in promoted and cov >= NOTE_LIFT_COVERAGE else 1.0
        c = curated.get(row.key)
        hit = Hit(row, len(items), 0.0, decision=row.decision, state=c.state if c else "", coverage=cov)
        ranked.append((hit, items, session_score, lift))
    from deja.search import recency

    state = recency.asks_state(q)
    settled = state or recency.asks_before(q)  # the newer state, or the one before it (recency.settle)
    if weights is None and settled and len(clauses) == 1:  # a one-word question about a state: its passages too
        weights = [1.0]
    if weights is not None:
        from deja.search import passage

        m = passage.Matcher(clauses, weights, variants.forms if variants else {}, q.wants, q.present, state,
                            statements=q.fact and not q.asks_assistant, named=q.asks_assistant, text=q.text)
        passage.rescore(store, m, ranked, heavy, USER_WEIGHT, other)
    hits = []
    for hit, items, session_score, lift in ranked:
        scores = [sc for sc, _ in items]
        hit.score = (scores[0] + extra * sum(scores[1 : 1 + EXTRA_RECORDS]) + session_score) * lift
        hit.snippets = [x[1] for x in items[:SNIPPETS_PER_HIT]]  # candidates for now
        hit.answer = next((x[1] for x in items if x[1].role == _ASSISTANT), None)
        hits.append(hit)
    if settled and weights is not None and filters is not None:
        recency.settle(store, q, clauses, weights, variants.forms if variants else {}, hits, filters, heavy)
    elif q.present:
        recency.prefer_newer(hits)
    hits.sort(key=lambda h: (-h.score, -h.session.updated, h.session.id))
    total = max(len(hits), sessions or 0)
    if sem is not None:
        from deja.search import semantic

        hits = semantic.rerank(hits, sem)
    hits = hits[:want]
    for h in hits:
        cs = h.snippets + ([h.answer] if h.answer is not None else [])
        made = []
        for b in store.text.bodies([c.addr for c in cs]):
            s, marks = snippet(b.text, marked(clauses, variants, b.text))
            made.append(Snippet(CODE_ROLE[b.role].value, float(b.time), b.seq, s, marks))
        h.snippets = made[: len(h.snippets)]
        h.answer = made[-1] if h.answer is not None else None
        h.score = round(h.score, 4)
    return Result(q.text, tier, total, capped, hits, q.explain())


def record_recalls(store: Store, hits: Sequence[Hit]) -> None:
    """The session a search served to someone (`deja search`, the MCP `recall`): counted for the
    reuse lift. Only the first hit: counting every session listed would lift the ones that turn
    up in many lists (long, wordy sessions) for being listed, not for being used. Callers that
    only look (hooks, digests) do not count, nor does a weak result (nothing matched)."""
    store.catalog.count_recalls([h.session.key for h in hits[:RECALLS_COUNTED]])


def _regex(store: Store, pattern: str, opts: Options) -> Result:
    try:
        rx = re.compile(pattern, re.IGNORECASE)
    except re.error as e:
        raise QueryError(f"bad regular expression: {e}; quote it for the shell, or drop --re") from e
    found: dict[int, list] = {}
    scanned = 0
    capped = False
    for rec in store.text.scan(_filters(opts, project_sids(store, opts.project, opts.origin))):
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


__all__ = ["search", "record_recalls", "reuse_lift", "Options", "Result", "Hit", "Snippet", "SCHEMA_VERSION", "parse"]
