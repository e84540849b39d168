"""The optional C extension `deja._native` and the switch between it and its Python twins.

The parse workers spend most of a cold build's CPU in per-character Python: redaction's needle
tests, the cap's word list, the CJK bigram rewrite (docs/benchmarks.md "Issue 18, session 11").
`_native.c` does those loops in C; each of its functions has a Python twin that is the
reference, the fallback where the extension was not built (no compiler at install time: the
install still succeeds) and what `DEJA_PURE=1` forces. Both give the same results on every
input (tests/test_native.py); the index does not depend on which one ran.

    scan          twin: scan_py (below)
    cjk_bigrams   twin: deja.text.tokenizer.analyzer_input_py
    other_words   twin: deja.ingest.prepare.other_words_py
    controls      twin: deja.ingest.prepare.controls_py
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def _load() -> ModuleType | None:
    if os.environ.get("DEJA_PURE") == "1":
        return None
    try:
        return importlib.import_module("deja._native")
    except ImportError:
        return None


NATIVE: ModuleType | None = _load()


def state() -> str:
    """For `deja doctor`: whether this process indexes through the extension."""
    if os.environ.get("DEJA_PURE") == "1":
        return "off (DEJA_PURE=1)"
    return "on" if NATIVE else "not built (no compiler at install: indexing is slower)"

_STRICT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_WIDE = _STRICT | frozenset("+/=.~")


def _longest(text: str, chars: frozenset[str]) -> int:
    best = run = 0
    for c in text:
        run = run + 1 if c in chars else 0
        best = max(best, run)
    return best


def scan_py(text: str, exact: tuple[str, ...], folded: tuple[str, ...]) -> tuple[int, int, int, int]:
    """Twin of `_native.scan`: bit i of the first int if exact[i] is in `text`, of the second if
    folded[i] (lowercase ASCII) is in `text` with its ASCII letters lowercased; the longest run
    of [A-Za-z0-9_-] and of [A-Za-z0-9_+/=.~-] in `text`. (The reference, not redaction's own
    pure path: that one asks its needles lazily, in order, and stops early.)"""
    low = "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in text)
    hits = sum(1 << i for i, n in enumerate(exact) if n in text)
    folds = sum(1 << i for i, n in enumerate(folded) if n in low)
    return hits, folds, _longest(text, _STRICT), _longest(text, _WIDE)
