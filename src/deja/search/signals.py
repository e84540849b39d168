"""What a session says about itself, read once at index time, and the word variants the `close`
and `stemmed` tiers try when nothing matches exactly.

The marks are cheap (regexes over the session's own assistant text) and stored per session in the
catalog, so ranking never reads a session's records.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from deja.roles import Role

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.model import Record

# Its own words that it undid something: damped only when nothing else was settled.
_REVERT = re.compile(r"\b(revert(?:ed|ing)?|rolled back|roll(?:ing)? back|undid|undo(?:ne)?|backed out)\b|回滚|撤销",
                     re.IGNORECASE)
# Words shorter than this are not fuzzed: one edit turns most short words into other words.
FUZZY_MIN_CHARS = 5
# Words shorter than this have no useful word forms (`is`, `bed`, `sing`).
STEM_MIN_CHARS = 4
# Hiragana and katakana, CJK ideographs (+ ext. A), hangul syllables, compatibility ideographs.
# Tested in Python: compiling these ranges as a regex costs ~4 ms in every process.
_CJK = (("\u3040", "\u30ff"), ("\u3400", "\u4dbf"), ("\u4e00", "\u9fff"), ("\uac00", "\ud7af"), ("\uf900", "\ufaff"))
_LATIN_WORD = re.compile(r"^[a-z]+$")
_VOWEL = re.compile(r"[aeiouy]")


# A line that states a decision or a result: the one rule for the decision on a hit, in a hook's
# injection, in a digest and in a promoted note. English, Chinese and Russian.
DECISION = re.compile(
    r"\b(decided|decision|conclusion|root cause|the fix|fixed|fixes|resolved|solution|going with|switched|"
    r"now pass|tests pass|all pass|works now|the cause|because|so we|we will|we'll)\b"
    r"|决定|决策|结论|修复|修好|原因|解决|改为|改成|最后用|最终|采用|选定|定了|就用"
    r"|(?<!\w)(?:реш(?:или|ено|ение|ил[аи]?)|исправ\w*|оставил\w*|оставляем|причин\w*|выбрал\w*|вывод)",
    re.IGNORECASE,
)


def prose(text: str) -> list[str]:
    """A message's lines of prose: no code fences, tables or headings, list markers and bold gone."""
    out, fenced = [], False
    for line in text.splitlines():
        t = line.strip()
        fenced ^= t.startswith("```")
        if not (fenced or t.startswith("```") or len(t) < 12 or t.startswith(("|", "#"))):
            out.append(re.sub(r"^(?:[-*+]\s+|\d+[.)]\s+)", "", t).replace("**", ""))
    return out


def settled(texts: Sequence[str], fallback: bool = False) -> str:
    """The line where a session settled something, from its assistant messages in order: in the
    last substantive one, the first line stating a decision or result; else its first line of
    prose when `fallback`, else ""."""
    for text in reversed(texts):
        lines = prose(text)
        if lines and sum(len(x) for x in lines) >= 20:
            return next((x for x in lines if DECISION.search(x)), lines[0] if fallback else "")
    return ""


def marks(records: Sequence[Record]) -> tuple[str, bool]:
    """(the decision line, reverted-and-settled-nothing) for one session's records."""
    from deja.work import _clip  # work imports the indexer, which imports this

    said = [r.text for r in records if r.role == Role.ASSISTANT]
    decision = _clip(settled(said)) if said else ""
    reverted = not decision and any(_REVERT.search(t) for t in said)
    return decision, reverted


def fuzzable(token: str) -> bool:
    """A token the `close` tier may match within one edit: long enough, and never CJK (a CJK
    bigram one edit away is a different word)."""
    return (len(token) >= FUZZY_MIN_CHARS and not token.isdigit()
            and not any(lo <= ch <= hi for ch in token for lo, hi in _CJK))


def stem(word: str) -> str:
    """A light English stem: plural, -ing, -ed, -er (`migrations` → `migration`, `running` →
    `run`, `queries` → `query`). Deliberately conservative: a wrong stem only costs a tier."""
    w = word
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    for suffix in ("ings", "ing", "ers", "er", "ed", "es", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and _VOWEL.search(w[: -len(suffix)]):
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                continue
            w = w[: -len(suffix)]
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # running → run, stopped → stop
            return w
    return w


def forms(word: str) -> list[str]:
    """Other forms of an English word that the `stemmed` tier also accepts (not the word itself)."""
    if len(word) < STEM_MIN_CHARS or not _LATIN_WORD.match(word):
        return []
    base = stem(word)
    bases = {base, base + "e"} if not base.endswith("e") else {base, base[:-1]}
    if base.endswith("y"):
        bases.add(base[:-1] + "ie")
    out: set[str] = set()
    for b in bases:
        if b.endswith("e"):
            out.update((b, b + "s", b + "d", b + "r", b + "rs", b[:-1] + "ing"))
        else:
            out.update((b, b + "s", b + "es", b + "ing", b + "ed", b + "er", b + "ers"))
        if len(b) >= 3 and b[-1] not in "aeiouywx" and b[-2] in "aeiou" and b[-3] not in "aeiou":
            out.update((b + b[-1] + "ing", b + b[-1] + "ed", b + b[-1] + "er"))  # run → running
    out.discard(word)
    return sorted(x for x in out if len(x) >= 3)
