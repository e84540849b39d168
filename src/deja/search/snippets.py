"""Snippets: the part of a record around its matches, with the matches marked."""

from __future__ import annotations

import re
from collections.abc import Sequence

from deja.store import Variants
from deja.text.tokenizer import find_terms, index_form

SNIPPET_CHARS = 200
_SPACE = re.compile(r"\s+")
_RUN = re.compile(r"\s{2,}")


def snippet(text: str, clauses: Sequence[Sequence[str]], width: int = SNIPPET_CHARS) -> tuple[str, list[tuple[int, int]]]:
    """A window of `text` around the densest matches, and the match offsets inside it."""
    return _window(text, find_terms(text, clauses), width)


def regex_snippet(text: str, pattern: re.Pattern[str], width: int = SNIPPET_CHARS) -> tuple[str, list[tuple[int, int]]]:
    hits = [m.span() for m in pattern.finditer(text) if m.end() > m.start()][:50]
    return _window(text, hits, width)


def _window(text: str, hits: list[tuple[int, int]], width: int) -> tuple[str, list[tuple[int, int]]]:
    flat = " ".join(text.split()) if not hits else None
    if flat is not None:
        return (flat[:width] + ("…" if len(flat) > width else "")), []
    # The window start that covers the most matches (hits are in text order: two pointers),
    # anchored a little before a match and at a word boundary when one is near.
    best_start, best_n = 0, -1
    j = 0
    for i, (s, _) in enumerate(hits):
        start = max(0, s - width // 4)
        j = max(j, i)
        while j < len(hits) and hits[j][1] <= start + width:
            j += 1
        if j - i > best_n:
            best_start, best_n = start, j - i
    if best_start:
        space = text.find(" ", best_start, best_start + 20)
        if space >= 0:
            best_start = space + 1
    end = min(len(text), best_start + width)
    raw = text[best_start:end]
    marks = [(a - best_start, b - best_start) for a, b in hits if a >= best_start and b <= end]
    # Collapse whitespace while keeping match offsets right: an offset moves left by what the
    # longer whitespace runs before it lose.
    text_out = _SPACE.sub(" ", raw)
    runs = [m.span() for m in _RUN.finditer(raw)]
    marks = _merge([(_moved(a, runs), _moved(b, runs)) for a, b in marks])
    prefix = "…" if best_start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix)
    return prefix + text_out + suffix, [(a + shift, b + shift) for a, b in marks]


def _moved(x: int, runs: list[tuple[int, int]]) -> int:
    lost = 0
    for a, b in runs:
        if a >= x:
            break
        lost += min(x, b) - a - 1
    return x - lost


def _merge(marks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(marks):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def marked(clauses, variants: Variants | None, text: str):
    """The clauses to highlight: with a variant tier, also the forms and near spellings present."""
    if not variants:
        return clauses
    extra = [(f,) for forms in variants.forms.values() for f in forms]
    if variants.fuzzy:
        extra += [(t,) for t in close_words(set(index_form(text).split()), variants.fuzzy)]
    return [*clauses, *extra]


def close_words(present: set[str], fuzzy) -> list[str]:
    """The words of `present` one edit from a word of `fuzzy` (`_one_edit`), each compared only
    with the words it shares a deletion with (any two words one edit apart do), not with every
    one: a record of 3,000 words against a query of 150 was 450,000 comparisons (session 12)."""
    keys: dict[str, list[str]] = {}
    for w in fuzzy:
        for k in _deletions(w):
            keys.setdefault(k, []).append(w)
    return [t for t in present for w in {w for k in _deletions(t) for w in keys.get(k, ())}
            if t != w and _one_edit(t, w)]


def _deletions(word: str) -> set[str]:
    return {word, *(word[:i] + word[i + 1:] for i in range(len(word)))}


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
