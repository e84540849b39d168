"""Turning what the person typed into clauses: the query is data, never syntax.

Words are ANDed; `"…"` is a phrase (contiguous, CJK too). A word the tokenizer splits into
several tokens (`ERR-1234`, `src/client.py`, `广告点击`) is searched as the phrase of its parts.
"""

from __future__ import annotations

import re

from deja.errors import QueryError
from deja.plain import Plain
from deja.tokenizer import tokens

_PIECES = re.compile(r'"([^"]*)"?|(\S+)')


class Query(Plain):
    __slots__ = ("text", "clauses")  # clauses: one token = a term, several = a phrase

    def __init__(self, text: str, clauses: tuple[tuple[str, ...], ...]):
        self.text, self.clauses = text, clauses

    @property
    def terms(self) -> set[str]:
        return {t for c in self.clauses for t in c}

    def explain(self) -> str:
        return " AND ".join(c[0] if len(c) == 1 else '"' + " ".join(c) + '"' for c in self.clauses)


def parse(text: str) -> Query:
    clauses: list[tuple[str, ...]] = []
    for phrase, word in _PIECES.findall(text):
        toks = tuple(tokens(phrase if phrase else word))
        if toks and toks not in clauses:
            clauses.append(toks)
    if not clauses:
        raise QueryError("nothing to search for: give at least one word or number")
    return Query(text, tuple(clauses))


_SINCE = re.compile(r"^(\d+(?:\.\d+)?)\s*([smhdwy])$")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400, "y": 365 * 86400}


def parse_since(text: str, now: float, flag: str = "--since") -> float:
    """`30d`, `12h`, `2w` (ago), or a date / date-time (`2026-01-31`, `2026-01-31T09:00`)."""
    from datetime import datetime

    t = text.strip().lower()
    m = _SINCE.match(t)
    if m:
        return now - float(m.group(1)) * _UNIT[m.group(2)]
    try:
        dt = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise QueryError(f"cannot read {flag} {text!r}: use a span like 30d, 12h, 2w or a date like 2026-01-31") from None
    return dt.timestamp()
