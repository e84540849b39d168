"""Between sessions that answer a question equally well, the newer one first.

For a question about how things stand now (Query.present). A value that changes (a rent, a
manager, a version) is said again in a later session in much the same words, so both sessions
hold the question's rare words and score alike; only the newer one answers "what is it now". Freshness (search.freshness) cannot tell them apart: it follows the
age from today, and two sessions a few days apart, months ago, are equally fresh. Here the lift
follows the order in time of the close matches themselves: among the hits that hold as much of
the question's rarity as the best-covered one and score within CLOSE of the best of those, the
newest gains PRESENT_LIFT, the oldest nothing, the others in proportion to their time between.
A weaker match is never lifted (the tiers' promise), and the lift is smaller than CLOSE, so a
clearly better older session stays first.

A question about the person's state is wider than one about the present: "Where do I work?", "How
many cats do we have?", 我开的是什么车 say no "now" and are asked of the newest value all the same.
asks_state tells one (the present tense about the person or their household, not an event in the
past); for it the sentence in which the person states a change answers strongly (passage.CHANGE_LIFT).
Such a question gets no lift by time here: the newer of close matches is as often a later mention
that answers nothing (a gardening chat, a decoy "my phone keeps buzzing"): docs/benchmarks.md,
"Issue 14, session 7: knowledge updates". What it gets instead is `follow`: a later change of the
subject the leading answer is about, found by that answer's own words (below).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

TYPE_CHECKING = False  # not typing's: importing typing costs every search ~2 ms
if TYPE_CHECKING:
    from deja.search import Hit
    from deja.search.query import Query
    from deja.store import Candidate, Filters, Store

# The newest of the close matches gains this share of its score. (The same lift on every question,
# 0.05 or 0.1, traded one set against another: docs/benchmarks.md, "Issue 14, session 6: updates, time, counts".)
PRESENT_LIFT = 0.1
# Close matches: within this share of the best score among the best-covered hits.
CLOSE = 0.25
COVERAGE_SLACK = 1e-6

# About the household (the person alone is Query.asks_person): "do we have", "our internet provider", 我们 / 我家 / 咱
_OURS = re.compile(r"\b(?:we|our|us)\b|我们|我家|咱", re.IGNORECASE)
# An event in the past, a first time, a telling: not a state ("what did I buy", "when was", 上次, 以前, 了, 过)
_PAST = re.compile(r"\b(?:did|was|were|had|used\s+to|ago|last|first|before|yesterday|ever|when|went|told|said|mentioned|"
                   r"recommend\w*|suggest\w*)\b|了|过|上次|那次|之前|以前|当时|什么时候|哪天|那天", re.IGNORECASE)


# An earlier state asked for ("Which gym did I go to before?", "What did I use to drive?", 我以前用什么浏览器,
# 原来的房租): "before" closing the question (not "before the meeting": an event's time), "used to",
# previously / originally / formerly, and 以前 之前 原来 原先 曾经. (The spaces after "before" are taken
# whole, \s*+: the two runs of \s* around no mark split a long run every way, quadratic in it.)
_BEFORE = re.compile(r"\bbefore\s*+[?？.]*\s*$|\b(?:used\s+to|previously|originally|formerly)\b|以前|之前|原来|原先|曾经",
                     re.IGNORECASE)


def _about_self(q) -> bool:
    return q.question and not q.asks_assistant and (q.asks_person or bool(_OURS.search(q.text)))


def asks_before(q) -> bool:
    """A question (search.query.Query) about the person's or their household's state before it
    changed, not one counting across sessions."""
    return _about_self(q) and not q.counts and bool(_BEFORE.search(q.text))


def asks_state(q) -> bool:
    """A question (search.query.Query) about how the person's things stand: about now, or in the
    present tense about the person or their household (not asks_before)."""
    if asks_before(q):
        return False
    if q.present:
        return True
    return _about_self(q) and not _PAST.search(q.text)


def prefer_newer(hits: Sequence) -> None:
    """Lift the scores of `hits` (search.Hit: score, coverage, session.updated) in place."""
    if len(hits) < 2:
        return
    top = max(h.coverage for h in hits) - COVERAGE_SLACK
    covered = [h for h in hits if h.coverage >= top]
    best = max(h.score for h in covered)
    close = [h for h in covered if h.score >= best * (1.0 - CLOSE)]
    if len(close) < 2:
        return
    t0 = min(h.session.updated for h in close)
    span = max(h.session.updated for h in close) - t0
    if span <= 0:
        return
    for h in close:
        h.score *= 1.0 + PRESENT_LIFT * (h.session.updated - t0) / span


# Following the leading answer (issue 14, session 8): the newer line that changes a state often
# shares few of the question's words ("What's my commute like?" — "since the move I just cycle to
# the office, 12 minutes door to door"), but it shares the older answer's: the words around the
# value (the office, the bus, the flat) or the old value itself ("the ThinkPad died, replaced it
# with …"). The leading hits' own answering sentences are read, and a later sentence of the
# person's that states a change (passage.CHANGE) and holds FOLLOW_SHARE of the question's and
# that sentence's words together is taken for the same subject's newer state: its session ranks
# just above the one it follows. The rule that keeps the tiers' promise: freshness alone still
# lifts nothing over a session holding more of the rare words; a session that holds less of them
# passes one only when it is newer than that one, in the person's own words states a change
# (passage.CHANGE), and holds FOLLOW_SHARE of the question's and that session's answering
# sentence's words, FOLLOW_CLAUSES of them at least, one naming the subject; it then scores that session's score times
# 1 + FOLLOW_LIFT (older followers of it less), so it passes another session only within that
# margin of the one it follows. Measured: docs/benchmarks.md, "Issue 14, session 8: updates in other words".
FOLLOW_ANCHORS = 3  # leading hits whose person's best record is read
ANCHOR_SHARE = 0.5  # an answering sentence holds this share of the question's weight
FOLLOW_SHARE = 0.2
FOLLOW_CLAUSES = 2  # ... and this many of those words: not one word beside a change ("last month", "in total")
# ... one of which names the subject: the rarest question word the anchor holds, or a word of the
# anchor's that few records hold (the old value: a name, a model, a number): not a sibling line
# about another subject in the same words ("I signed up for a sailing class, every Saturday
# evening" for a question about the chess class)
FOLLOW_VALUE_DF = 3
FOLLOW_RECORDS = 40  # the newer person's records read for a change
FOLLOW_LIFT = 0.1  # the newest follower's score over the one it follows; older followers in proportion
# A follower may also share one word only, when that word is a name the anchor states (its old value:
# "I go to PureGym" ← "Cancelled the PureGym membership and switched to David Lloyd") and the
# follower states a change and names something else (the new value). The newest follower is followed
# in turn (FOLLOW_STEPS in all): a state changed twice names the middle value, not the first; past the
# first step the subject is the follower's own rare words, not the question's (or a chain drifts to
# any later change holding a question word). The followers whose change states a value
# (passage.valued) are statements for newest_value, which may lift the newest over a chat that
# ranks above the first statement (a follower alone never passes it by more than FOLLOW_LIFT).
# Measured: docs/benchmarks.md, "Issue 14, session 11: a state changed twice".
FOLLOW_STEPS = 3


def follow(store: Store, q: Query, clauses: Sequence[Sequence[str]], weights: Sequence[float],
           forms: Mapping[str, Sequence[str]], hits: list[Hit], filters: Filters, own: int) -> dict[int, tuple[float, Hit, str]]:
    """For a question about the person's state: the hits (search.Hit, their snippets still the
    candidate records) gain the sessions that restate a leading hit's answer as a change, each
    just above the hit it follows (found anew when it held none of the question's words). Returns
    the followers whose change states a value ({sid: (its time, hit, the sentence)}: newest_value's statements)."""
    from deja.search import Hit, _idf, passage
    from deja.search.query import parse
    from deja.store import Filters, Variants  # noqa: F811 (at run time; the names above are for the types)
    from deja.text.tokenizer import tokens

    valued: dict[int, tuple[float, Hit, str]] = {}
    total = sum(weights)
    if not hits or total <= 0:
        return valued
    m = passage.Matcher(clauses, weights, forms)
    top = sorted(hits, key=lambda h: -h.score)[:FOLLOW_ANCHORS]
    own_records = [(h, c) for h in top for c in h.snippets if c.role == own]
    text = store.text
    # per leading hit, the person's statement holding the most of the question (passage.best_sentence)
    best: dict[int, tuple[float, str, Hit, Candidate]] = {}
    for (h, c), b in zip(own_records, text.bodies([c.addr for _, c in own_records])):
        sentence, held = passage.best_sentence(m, b.text)
        if held > best.get(h.session.sid, (0.0,))[0]:
            best[h.session.sid] = (held, sentence, h, c)
    n = max(1, text.num_docs())
    mine = {t for c in clauses for t in c} | {f for fs in forms.values() for f in fs}
    by_sid = {h.session.sid: h for h in hits}

    def followers(sentence: str, since: float, skip: int, first: bool) -> dict[int, tuple[Candidate, str]]:
        """The person's later records that restate `sentence`'s subject as a change (a session's newest);
        past the `first` step, the subject is the follower's own rare words (its value), not the question's."""
        slot = list(dict.fromkeys(s for s in parse(sentence).content if not mine.intersection(s)))
        # a word no other record holds (the anchor's own, a bigram across two words) is followed by none
        held_by = [(s, df) for s in slot if (df := text.doc_freq(s)) > 1]
        if not held_by:
            return {}
        both = [*clauses, *(s for s, _ in held_by)]
        # the subject (FOLLOW_VALUE_DF); the old value's name (a rare word of a name the sentence gives)
        inq = passage.held(m, sentence)
        subject = {max(inq, key=lambda i: weights[i])} if inq and first else set()
        subject |= {len(clauses) + i for i, (_, df) in enumerate(held_by) if df <= FOLLOW_VALUE_DF}
        names = {t for x in passage.names(sentence) for t in tokens(x)}
        named = {len(clauses) + i for i, (s, df) in enumerate(held_by) if df <= FOLLOW_VALUE_DF and set(s) <= names}
        slot_w = [_idf(df, n) for _, df in held_by]
        fm = passage.Matcher(both, [*weights, *slot_w], forms, state=True, share=FOLLOW_SHARE)
        cands, _ = text.search(both, Filters(filters.harness, filters.sids, max(filters.since or 0, since + 1), [own]),
                               FOLLOW_RECORDS, require_all=False, variants=Variants(forms=forms))
        cands = [x for x in cands if x.sid != skip]
        found: dict[int, tuple[Candidate, str]] = {}
        for x, body in zip(cands, text.bodies([x.addr for x in cands])):
            if x.sid in found and x.time <= found[x.sid][0].time:
                continue
            said = passage.best_sentence(fm, body.text)[0]
            if passage.about_someone_else(said):  # somebody else's change, not the person's
                continue
            kept = passage.held(fm, said)
            if passage.score(fm, body.text, True)[1] >= passage.CHANGE_LIFT and len(kept) >= FOLLOW_CLAUSES and kept & subject:
                found[x.sid] = (x, said)
            elif kept & named and passage.states_change(said) and _new_name(said, names):
                found[x.sid] = (x, said)
        return found

    for held, sentence, anchor, c in list(best.values()):
        if held < ANCHOR_SHARE * total:
            continue
        found: dict[int, tuple[Candidate, str]] = {}
        since, skip = c.time, anchor.session.sid
        for i in range(FOLLOW_STEPS):  # a change of a change: the newest follower is followed in turn
            step = followers(sentence, since, skip, i == 0)
            if not step:
                break
            found |= {sid: f for sid, f in step.items() if sid not in found or f[0].time > found[sid][0].time}
            x, sentence = max(step.values(), key=lambda f: f[0].time)
            since, skip = x.time, x.sid
        if not found:
            continue
        later = sorted((x for x, _ in found.values()), key=lambda x: x.time)
        rows = store.catalog.sessions_by_sid([x.sid for x in later if x.sid not in by_sid])
        for k, x in enumerate(later, 1):
            score = anchor.score * (1.0 + FOLLOW_LIFT * k / len(later))
            f = by_sid.get(x.sid)
            if f is None:
                row = rows.get(x.sid)
                if row is None:
                    continue
                f = by_sid[x.sid] = Hit(row, 1, 0.0, [x], decision=row.decision, coverage=anchor.coverage)
                hits.append(f)
            f.score, f.coverage = max(f.score, score), max(f.coverage, anchor.coverage)
            if passage.valued(q.wants, found[x.sid][1]) and x.time > valued.get(x.sid, (-1.0,))[0]:
                valued[x.sid] = (x.time, f, found[x.sid][1])
    return valued


def _new_name(sentence: str, old: set[str]) -> bool:
    """Does `sentence` name something beside the words of `old` (the new value of a change)?"""
    from deja.search import passage
    from deja.text.tokenizer import tokens

    return any(not set(tokens(x)) <= old for x in passage.names(sentence))


def settle(store: Store, q: Query, clauses: Sequence[Sequence[str]], weights: Sequence[float],
           forms: Mapping[str, Sequence[str]], hits: list[Hit], filters: Filters, own: int) -> None:
    """For a question about the person's state, in place: a later change of a leading answer's
    subject (follow), the newer of close matches for a question about now (prefer_newer), then the
    newest statement of a value (newest_value); for one about the state before (asks_before), the
    statement before the newest (earlier_value)."""
    if asks_before(q):
        earlier_value(store, q, clauses, weights, forms, hits, own)
        return
    followed = follow(store, q, clauses, weights, forms, hits, filters, own)
    if q.present:
        prefer_newer(hits)
    newest_value(store, q, clauses, weights, forms, hits, own, followed)


# The newest statement of a value (issue 14, session 10): a state said three times ("My team is
# seven people", "we're hiring two more for my team", "Ten of us at the team standup") is answered
# by the newest sentence in which the person states the subject with a value, told with or without a
# word of change, while the older statement often holds more of the question's words and ranks above
# it, and a later chat on the same subject that states nothing ("The cats knocked a plant off the
# windowsill", "My phone keeps buzzing") often ranks above both. Among the VALUE_ANCHORS leading
# hits, the sessions where the person's own statement (not a question) holds VALUE_SHARE of the
# question's own weight and a value (passage.valued: a figure for "how many", a name or a figure
# otherwise; a time is none) are the statements of the state. When two or more are there, the
# newest scores just above (× 1 + VALUE_LIFT) the best of the leading hits that hold no more of
# the question (coverage) than it, older statements and chats alike (an older statement holding more
# of the question stays above: "我养了两只猫" over "每天给四只猫喂饭" — and "每周一晚上上的课" over a
# newer "每周三…": one subject said of two things, which a session's words cannot tell from a
# restatement; passing those cost facts and zh on the dev sets) — except a session whose
# person's sentence on the subject states a change with no value (passage.CHANGE: "we finally
# moved to a place by the sea", 搬到海边了): that may be the newer state told without a name, and
# follow and the change lift have ranked it already. A later session on the subject that states no
# value is no statement and moves nothing: what session 9's followers (branch `updates3`) lacked,
# a later chat on the same topic taken for a restatement. Run after prefer_newer, whose newest
# close match may be such a chat. Not for a question counting across sessions (Query.counts): each
# session holding an instance answers a part of it. Measured: docs/benchmarks.md, "Issue 14,
# session 10: the newest statement of a value".
VALUE_ANCHORS = 10  # leading hits whose person's records are read
VALUE_SHARE = 0.5
VALUE_LIFT = 0.05
# What the state's statements are, and which of them is the state now (issue 14, session 13). A
# change often names only an instance of the kind asked, none of the question's words ("Upgraded to the
# iPhone 16" for "which phone do I have", 升级到了小米14 for 我用的是什么手机): a sentence of the
# person's that states a change (passage.CHANGE) and names an instance of a kind the question names
# (search.related.kind, the groups that name a kind by its instances, weighing VALUE_SHARE of the
# question's heaviest word at least) is a statement too. After the newest statement come sentences that
# are not the person's state now: somebody else's ("My sister just bought a Tesla", 我爸…买的是华为;
# passage.about_someone_else), counted among the statements (a fact said once beside somebody else's
# is still lifted) but never the newest; and an older value named again ("Found my old Pixel 6 in a
# drawer", 还在收联通的推销短信): a statement whose values (names, figures, instances: _values) are
# all named by older statements and none is the newest value is no newer state (_chain). The newest
# statement then passes the older statements whatever share of the question they hold (the first
# statement says the kind in the question's words, the changes name only the new value): the
# coverage promise still keeps it below a chat holding more of the question. Measured:
# docs/benchmarks.md, "Issue 14, session 13: the newest statement among decoys".


def _statements(store: Store, q: Query, clauses: Sequence[Sequence[str]], weights: Sequence[float],
                forms: Mapping[str, Sequence[str]], hits: list[Hit], own: int,
                instances: set[str]) -> tuple[list[Hit], dict[int, tuple[float, Hit, str]], set[int], set[int], set[int]]:
    """The VALUE_ANCHORS leading hits; among them the statements of a value ({sid: (the newest
    statement's time, hit, its sentence)}); the sessions whose sentence on the subject states a
    change with no value; the statements that hold too little of the question's own words (a change
    naming one of `instances`, of the kind asked: _instances); and those about somebody else."""
    from deja.search import passage, related
    from deja.text.tokenizer import tokens

    top = sorted(hits, key=lambda h: -h.score)[:VALUE_ANCHORS]
    stated: dict[int, tuple[float, Hit, str]] = {}
    changed: set[int] = set()
    loose: set[int] = set()
    others: set[int] = set()
    asked = [i for i, c in enumerate(clauses) if not c[0].startswith(related.MARK)]
    share = VALUE_SHARE * sum(weights[i] for i in asked)
    if share <= 0:
        return top, stated, changed, loose, others
    m = passage.Matcher(clauses, weights, forms)
    records = [(h, c) for h in top for c in h.snippets if c.role == own]
    for (h, c), b in zip(records, store.text.bodies([c.addr for _, c in records])):
        sentence, _ = passage.best_sentence(m, b.text)
        if not sentence:
            continue
        full = sum(weights[i] for i in passage.held(m, sentence) if i in asked) >= share
        # a change naming an instance of the kind asked: its value is the instance
        told = not full and not instances.isdisjoint(tokens(sentence)) and passage.states_change(sentence)
        if not (full or told):
            continue
        if not (told or passage.valued(q.wants, sentence)):
            if passage.states_change(sentence):
                changed.add(h.session.sid)
            continue
        if c.time > stated.get(h.session.sid, (-1.0,))[0]:
            stated[h.session.sid] = (c.time, h, sentence)
            (loose.add if told else loose.discard)(h.session.sid)
            (others.add if passage.about_someone_else(sentence) else others.discard)(h.session.sid)
    return top, stated, changed, loose, others


def _instances(q: Query, clauses: Sequence[Sequence[str]], weights: Sequence[float],
               forms: Mapping[str, Sequence[str]]) -> set[str]:
    """The words naming an instance of a kind the question asks (search.related.kind: iphone for
    "phone", 丰田 for 车), of the related clauses weighing VALUE_SHARE of its heaviest own word at
    least (not words every session says)."""
    from deja.search import related

    own = [w for c, w in zip(clauses, weights) if not c[0].startswith(related.MARK)]
    least = VALUE_SHARE * max(own, default=0.0)
    out: set[str] = set()
    for c, w in zip(clauses, weights):
        n = c[0][len(related.MARK):] if c[0].startswith(related.MARK) else ""
        if n.isdigit() and int(n) < len(q.related) and related.kind(q.related[int(n)]) and w >= least:
            out.update(forms.get(c[0], ()))
    return out


def _values(sentence: str, instances: set[str], mine: set[str]) -> set[str]:
    """The values `sentence` names: the tokens of its names and figures (passage.names) and the
    instances of the asked kind it holds (`instances`), the question's own words (`mine`) aside."""
    from deja.search import passage
    from deja.text.tokenizer import tokens

    out = {t for x in passage.names(sentence) for t in tokens(x)} | {t for t in tokens(sentence) if t in instances}
    return out - mine


def _chain(said: list[tuple[float, Hit, str]], instances: set[str], clauses: Sequence[Sequence[str]],
           forms: Mapping[str, Sequence[str]]) -> list[tuple[float, Hit, str]]:
    """The statements `said` (oldest first) less those naming only values older ones named and not
    the newest value then (an old value mentioned again: "Found my old Pixel 6 in a drawer")."""
    from deja.search import related

    mine = {t for c in clauses if not c[0].startswith(related.MARK) for w in c for t in (w, *forms.get(w, ()))}
    seen: set[str] = set()
    current: set[str] = set()
    kept = []
    for x in said:
        vals = _values(x[2], instances, mine)
        if vals - seen:
            current = vals - seen
        elif vals and not vals & current:
            continue
        seen |= vals
        kept.append(x)
    return kept


def _lift_over(chosen: Hit, top: list[Hit], spared: set[int], older: Collection[int] = ()) -> None:
    """`chosen` scores just above (× 1 + VALUE_LIFT) the best of `top` that holds no more of the
    question than it (coverage) or is one of the `older` statements, `spared` sessions aside."""
    passed = [h.score for h in top if h is not chosen and h.session.sid not in spared
              and (h.coverage <= chosen.coverage + COVERAGE_SLACK or h.session.sid in older)]
    if passed and max(passed) >= chosen.score:
        chosen.score = max(passed) * (1.0 + VALUE_LIFT)


def newest_value(store: Store, q: Query, clauses: Sequence[Sequence[str]], weights: Sequence[float],
                 forms: Mapping[str, Sequence[str]], hits: list[Hit], own: int,
                 followed: Mapping[int, tuple[float, Hit, str]] | None = None) -> None:
    """For a question about the person's state: the newest of the leading hits' statements of a
    value (and of `followed`, follow's changes that state one), not somebody else's nor an old value
    named again, scores just above the older statements and the leading hits it may pass (in place;
    the hits' snippets still the candidate records)."""
    if q.counts or len(hits) < 2:
        return
    instances = _instances(q, clauses, weights, forms)
    top, stated, changed, _, others = _statements(store, q, clauses, weights, forms, hits, own, instances)
    for sid, x in (followed or {}).items():
        if x[0] > stated.get(sid, (-1.0,))[0]:
            stated[sid] = x
            others.discard(sid)
    if len(stated) < 2:
        return
    mine = sorted((x for sid, x in stated.items() if sid not in others), key=lambda x: x[0])
    said = _chain(mine, instances, clauses, forms)
    if said:
        _lift_over(said[-1][1], top, changed, {x[1].session.sid for x in said[:-1]})


# The state before it changed (issue 14, session 11): "Which gym did I go to before?", 我以前用什么浏览器
# (asks_before) is answered by an older statement of a value, while the sessions that hold the
# question's words best are as often a chat on the subject that states nothing ("The gym was packed
# at lunchtime", 浏览器又开了四十个标签页) or the newest statement. Among newest_value's statements
# (the leading hits' person's sentences holding VALUE_SHARE of the question and a value), the one
# before the newest, or the only one, scores just above the leading hits it may pass (no more of
# the question than it, the newest statement among them), as newest_value lifts the newest.
# Measured: docs/benchmarks.md, "Issue 14, session 11: a state changed twice".


def earlier_value(store: Store, q: Query, clauses: Sequence[Sequence[str]], weights: Sequence[float],
                  forms: Mapping[str, Sequence[str]], hits: list[Hit], own: int) -> None:
    """For a question about the person's state before it changed: the leading hits' statement of a
    value before the newest (the only one, when one) scores just above the leading hits it may pass
    (in place)."""
    if len(hits) < 2:
        return
    top, stated, _, loose, _ = _statements(store, q, clauses, weights, forms, hits, own,
                                           _instances(q, clauses, weights, forms))
    said = sorted((x for sid, x in stated.items() if sid not in loose), key=lambda x: x[0])
    if not said:
        return
    _lift_over(said[-2][1] if len(said) > 1 else said[0][1], top, set())
