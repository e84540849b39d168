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
"Issue 14, session 7: knowledge updates".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

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


def asks_state(q) -> bool:
    """A question (search.query.Query) about how the person's things stand: about now, or in the
    present tense about the person or their household."""
    if q.present:
        return True
    if not q.question or q.asks_assistant:
        return False
    return (q.asks_person or bool(_OURS.search(q.text))) and not _PAST.search(q.text)


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
