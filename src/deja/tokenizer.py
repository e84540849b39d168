"""The ONE tokenizer, shared by the write path and the read path.

CJK runs become overlapping bigrams (广告点击 -> 广告 告点 点击) so that a two-character term
matches inside a longer run; a lone CJK character stays a token of its own. Latin, digit and
other letter runs become lowercased words, split on `_` and on every punctuation mark.
Changing anything here changes what is in the index: bump TOKENIZER_VERSION (forces a rebuild).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

TOKENIZER_VERSION = 1

# Tokens longer than this are base64 blobs, minified code or hashes of hashes: nobody searches
# them, and they bloat the term dictionary. Dropped on both sides, so phrases stay consistent.
MAX_TOKEN_CHARS = 80

_CJK = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3100-\u312f\u31a0-\u31bf"  # bopomofo
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK unified ideographs (+ ext. A)
    "\uf900-\ufaff"  # compatibility ideographs
    "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"  # hangul
    "\U00020000-\U0002fa1f"  # ideographs ext. B-F, compatibility supplement
)
# Compiled lazily shapes cost: a class like [^\W_<CJK ranges>] takes ~15 ms to compile, which
# every CLI call and hook would pay; these are cheap and do the same work together.
_HAS_CJK = re.compile(rf"[{_CJK}]")
_CJK_SPLIT = re.compile(rf"([{_CJK}]+)")
_WORD_RE = re.compile(r"[^\W_]+")


def _emit(out: list[str], cjk: str, word: str) -> None:
    if cjk:
        if len(cjk) == 1:
            out.append(cjk)
        else:
            out.extend(cjk[i : i + 2] for i in range(len(cjk) - 1))
    elif len(word) <= MAX_TOKEN_CHARS:
        out.append(word)


def tokens(text: str) -> list[str]:
    """The tokens of `text`, in order."""
    low = text.lower()
    if not _HAS_CJK.search(low):
        # Fast path (most text): one C-level findall, no per-token Python work.
        words = _WORD_RE.findall(low)
        if words and len(max(words, key=len)) > MAX_TOKEN_CHARS:
            words = [w for w in words if len(w) <= MAX_TOKEN_CHARS]
        return words
    out: list[str] = []
    # split() alternates: text between runs (even slots), CJK runs (odd slots)
    for i, part in enumerate(_CJK_SPLIT.split(low)):
        if i % 2:
            _emit(out, part, "")
        elif part:
            words = _WORD_RE.findall(part)
            if words and len(max(words, key=len)) > MAX_TOKEN_CHARS:
                words = [w for w in words if len(w) <= MAX_TOKEN_CHARS]
            out.extend(words)
    return out


def spans(text: str) -> list[tuple[str, int, int]]:
    """Tokens of `text` with their character offsets in `text` (the same walk as `tokens`)."""
    out: list[tuple[str, int, int]] = []
    pos = 0
    for i, part in enumerate(_CJK_SPLIT.split(text)):
        if i % 2:
            if len(part) == 1:
                out.append((part, pos, pos + 1))
            else:
                out.extend((part[j : j + 2], pos + j, pos + j + 2) for j in range(len(part) - 1))
        else:
            for m in _WORD_RE.finditer(part):
                # lower() can change a word's shape (İ -> i + combining dot): re-split it as
                # `tokens` does, every piece keeping the word's span.
                for w in _WORD_RE.findall(m.group().lower()):
                    if len(w) <= MAX_TOKEN_CHARS:
                        out.append((w, pos + m.start(), pos + m.end()))
        pos += len(part)
    return out


def _word_char(text: str, i: int) -> bool:
    """Is text[i] part of a non-CJK token (a letter or digit, not `_`)?"""
    return 0 <= i < len(text) and text[i].isalnum() and not _HAS_CJK.match(text, i)


def find_terms(text: str, clauses: Sequence[Sequence[str]], limit: int = 200) -> list[tuple[int, int]]:
    """Where the query's clauses occur in raw text, case-insensitively, without tokenizing it:
    a word only as a whole token, a phrase as its words with punctuation between, a CJK run
    anywhere. For highlighting."""
    if not clauses:
        return []
    pattern = _alternation(tuple(tuple(c) for c in clauses))
    out: list[tuple[int, int]] = []
    for m in pattern.finditer(text):
        s, e = m.span()
        if (not _HAS_CJK.match(text, s) and _word_char(text, s - 1)) or (
            not _HAS_CJK.match(text, e - 1) and _word_char(text, e)
        ):
            continue  # inside a longer word
        out.append((s, e))
        if len(out) >= limit:
            break
    return out


@lru_cache(maxsize=64)
def _alternation(clauses: tuple[tuple[str, ...], ...]) -> re.Pattern[str]:
    parts: set[str] = set()
    for c in clauses:
        if all(len(t) == 2 and _HAS_CJK.match(t) for t in c):
            parts.add(re.escape(c[0] + "".join(t[1] for t in c[1:])))  # bigrams back into their run
        else:
            parts.add(r"[\W_]+".join(re.escape(t) for t in c))
    return re.compile("|".join(sorted(parts, key=len, reverse=True)), re.IGNORECASE)


def index_form(text: str) -> str:
    """The token stream as the text index stores it: tokens joined by single spaces."""
    return " ".join(tokens(text))
