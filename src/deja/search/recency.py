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
"""

from __future__ import annotations

from collections.abc import Sequence

# The newest of the close matches gains this share of its score. (The same lift on every question,
# 0.05 or 0.1, traded one set against another: docs/benchmarks.md, "Issue 14, session 6: updates, time, counts".)
PRESENT_LIFT = 0.1
# Close matches: within this share of the best score among the best-covered hits.
CLOSE = 0.25
COVERAGE_SLACK = 1e-6


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
