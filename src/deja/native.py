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
    stat_sigs     twin: deja.ingest.snapshot.stat_sigs_py (POSIX only: on Windows the twin runs)
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


# What each function gives for one small input, as its twin does: a module that imports but is
# not this build's (an older `_native` without a function, another signature, older rules, a
# foreign build that loads) fails here, at import, instead of in every parse worker. The
# rewrite's probe holds tokenizer version 3's rules (79kg -> 79 kg, 12点 -> 12 点 点…): an
# extension left from an older build (an editable install not rebuilt) would index the old way.
_PROBES = (
    ("scan", ("Ab-c", ("b",), ("ab",)), (1, 1, 4, 4)),
    ("cjk_bigrams", ("ab 中文字 79kg 12点才",), "ab  中文 文字  79 kg 12 点 点才 "),
    ("other_words", (b"alpha Beta gamma 12", b"beta", 100, 64), (b"alpha gamma", 2)),
    ("controls", ("a\x00b\x01\ufffd",), 3),
    *((("stat_sigs", ([""], True), [None]),) if os.name == "posix" else ()),
)


def _load() -> tuple[ModuleType | None, str]:
    """The extension, or None and why. Any failure to load or to answer its probes (a broken or
    foreign-arch `_native*.so`: ImportError, OSError, a missing symbol, a wrong ABI that loads)
    falls back to the Python twins: the records are the same, only slower."""
    if os.environ.get("DEJA_PURE") == "1":
        return None, "off (DEJA_PURE=1)"
    try:
        module = importlib.import_module("deja._native")
        for name, args, want in _PROBES:
            got = getattr(module, name)(*args)
            if got != want:
                raise ValueError(f"{name} gave {got!r}, not {want!r}")
    except ModuleNotFoundError as e:
        if e.name != "deja._native":
            return None, _broken(e)
        return None, "not built (no compiler at install: indexing is slower)"
    except Exception as e:  # noqa: BLE001 - whatever a foreign module raises, the twins answer
        return None, _broken(e)
    return module, "on"


def _broken(e: BaseException) -> str:
    why = " ".join(f"{type(e).__name__}: {e}".split())  # (one line)
    return f"broken, not used ({why}): indexing runs the Python twins; rebuild it (python setup.py build_ext --inplace, or reinstall)"


NATIVE, _STATE = _load()


def state() -> str:
    """For `deja doctor`: whether this process indexes through the extension, and if not, why."""
    return _STATE

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
