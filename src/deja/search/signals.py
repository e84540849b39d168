"""The word variants the `close` and `stemmed` tiers try when nothing matches exactly. (What a
session settled, read at index time, is deja.text.decision.)"""

from __future__ import annotations

import re

# Words shorter than this are not fuzzed: one edit turns most short words into other words.
FUZZY_MIN_CHARS = 5
# Words shorter than this have no useful word forms (`is`, `bed`, `sing`).
STEM_MIN_CHARS = 4
# Hiragana and katakana, CJK ideographs (+ ext. A), hangul syllables, compatibility ideographs.
# Tested in Python: compiling these ranges as a regex costs ~4 ms in every process.
_CJK = (("\u3040", "\u30ff"), ("\u3400", "\u4dbf"), ("\u4e00", "\u9fff"), ("\uac00", "\ud7af"), ("\uf900", "\ufaff"))
_LATIN_WORD = re.compile(r"^[a-z]+$")
_VOWEL = re.compile(r"[aeiouy]")


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
