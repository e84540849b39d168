"""The ONE tokenizer, shared by the write path and the read path.

CJK runs become overlapping bigrams (广告点击 -> 广告 告点 点击) so that a two-character term
matches inside a longer run; a lone CJK character stays a token of its own. Latin, digit and
other letter runs become lowercased words, split on `_` and on every punctuation mark.

The word splitting runs in tantivy (its simple tokenizer, a length filter, a lowercaser), on the
index writer's threads: Python only rewrites CJK runs into space-separated bigrams first. The
query side calls the very same analyzer, so the two cannot drift. (Measured: 14.0 s -> 9.2 s
cold on 100 MiB against Python's `re.findall` on the main thread.)
Changing anything here changes what is in the index: bump TOKENIZER_VERSION (forces a rebuild).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

import tantivy

TOKENIZER_VERSION = 2

# Tokens longer than this (in UTF-8 bytes) are base64 blobs, minified code or hashes of hashes:
# nobody searches them, and they bloat the term dictionary. Dropped on both sides, so phrases
# stay consistent.
MAX_TOKEN_CHARS = 80

_CJK = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3100-\u312f\u31a0-\u31bf"  # bopomofo
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK unified ideographs (+ ext. A)
    "\uf900-\ufaff"  # compatibility ideographs
    "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"  # hangul
    "\U00020000-\U0002fa1f"  # ideographs ext. B-F, compatibility supplement
)
_CJK_RANGES = tuple((ord(a), ord(b)) for a, b in re.findall(r"(.)-(.)", _CJK))


def is_cjk(ch: str) -> bool:
    """Is this character one the tokenizer bigrams?"""
    o = ord(ch)
    return o >= 0x1100 and any(a <= o <= b for a, b in _CJK_RANGES)


@lru_cache(maxsize=1)
def _cjk_split() -> re.Pattern[str]:
    # Compiled on first use: it costs ~6 ms, which a search for ASCII words need not pay.
    return re.compile(rf"([{_CJK}]+)")


# The analyzer the text index runs on every record (registered under ANALYZER_NAME) and the
# query side runs on every query: split on anything not a letter or digit, drop over-long
# tokens, lowercase. Tokenizing inside tantivy puts it on the writer's threads, off Python's.
ANALYZER_NAME = "deja"
ANALYZER = (
    tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
    .filter(tantivy.Filter.remove_long(MAX_TOKEN_CHARS + 1))  # drops tokens of >= n bytes
    .filter(tantivy.Filter.lowercase())
    .build()
)


def _bigrams(run: str) -> str:
    if len(run) == 1:
        return f" {run} "
    return " " + " ".join(run[i : i + 2] for i in range(len(run) - 1)) + " "


def analyzer_input(text: str) -> str:
    """What the analyzer reads for `text`: CJK runs rewritten as space-separated bigrams."""
    if text.isascii():  # O(1) in CPython: the common case costs nothing
        return text
    # Line by line: most lines of a log or a diff are ASCII, and `isascii` spares them the
    # regex scan (1.6 -> 1.0 s per 100 MiB of the benchmark corpus).
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        if not line.isascii():
            parts = _cjk_split().split(line)
            if len(parts) > 1:
                for j in range(1, len(parts), 2):
                    parts[j] = _bigrams(parts[j])
                lines[i] = "".join(parts)
                changed = True
    return "\n".join(lines) if changed else text


def tokens(text: str) -> list[str]:
    """The tokens of `text`, in order (exactly what the index holds for it)."""
    return ANALYZER.analyze(analyzer_input(text))


def _word_char(text: str, i: int) -> bool:
    """Is text[i] part of a non-CJK token (a letter or digit, not `_`)?"""
    return 0 <= i < len(text) and text[i].isalnum() and not is_cjk(text[i])


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
        if (not is_cjk(text[s]) and _word_char(text, s - 1)) or (
            not is_cjk(text[e - 1]) and _word_char(text, e)
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
        if all(len(t) == 2 and is_cjk(t[0]) for t in c):
            parts.add(re.escape(c[0] + "".join(t[1] for t in c[1:])))  # bigrams back into their run
        else:
            parts.add(r"[\W_]+".join(re.escape(t) for t in c))
    return re.compile("|".join(sorted(parts, key=len, reverse=True)), re.IGNORECASE)


def index_form(text: str) -> str:
    """The token stream as the text index holds it: tokens joined by single spaces."""
    return " ".join(tokens(text))
