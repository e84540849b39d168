"""The optional C extension (deja._native, session 11 branch `cold3`) against its Python twins.

Each C function must give what its twin gives on every input, so that an index is the same
whether or not the extension was built: redaction's needle scan (`scan` / `native.scan_py`, and
`redact` through either path), the CJK bigram rewrite (`cjk_bigrams` /
`tokenizer.analyzer_input_py`), the cap's word list (`other_words` / `prepare.other_words_py`).
Hostile inputs (lone surrogates, NULs, every plane, huge records, text dense with needles), a
fuzz over random text, bounds on crafted inputs, and the CLI with and without `DEJA_PURE=1`.
"""

from __future__ import annotations

import ctypes
import os
import random
import time
import warnings
from types import SimpleNamespace

import pytest
from conftest import Transcript, deja
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deja import native
from deja.ingest import prepare
from deja.text import redact as R
from deja.text import tokenizer

N = native.NATIVE
needs_native = pytest.mark.skipif(N is None, reason="deja._native was not built (or DEJA_PURE=1)")

AWS = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
PIECES = [
    *R._EXACT, *R._FOLDED, *(n.upper() for n in R._FOLDED), "Bearer ", "AWS_SECRET=", AWS, "ghp_" + "a1" * 20,
    "sk-proj-Zq8Lw2Xe9Rt4Yu7Io1Pa6Sd3", "password: hunter2-plover", "api_key='abcdefgh'", "中文", "广告点击",
    "ｶﾀｶﾅ", "한국어", "\U00020000\U0002a6d6", "\U0002fa1f", "\U0001f680", "\U0010ffff", "\U000e0001", "\ud800",
    "\udfff", "\x00", "\x7f", "é", "ı", "İ", "\u212a", "ſ", " ", "\n", "\t", "_", "-", "=", ":", "/", "x" * 20,
    "1234", "12345", "Word", "word", "WORD", "ä_b", "a" * 81, "ß" * 50,
]
HOSTILE = [
    "", "\ud800", "a\udfffb", "\x00" * 1000, "gh" * 50_000, "sk-" * 30_000, "key=" * 20_000, "PASSW" * 9_000,
    "中" * 70_000, "\U00020000" * 5_000, "广告 点击\n" * 3_000, "".join(map(chr, range(0, 0x3000, 7))),
    "".join(chr(c) for c in range(0x10000, 0x110000, 997)), "a" * 200_000 + "=" + "b" * 100,
    "aws_secret_access_key = " + AWS, "Authorization: Bearer " + "t" * 40, ("\U0001f680 token: x" * 3_000),
]


def _text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(PIECES) for _ in range(n))


def _both_redact(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[tuple[str, int], tuple[str, int]]:
    compiled = R.redact(text)
    with monkeypatch.context() as m:
        m.setattr(R, "NATIVE", None)
        return compiled, R.redact(text)


@needs_native
def test_scan_finds_what_its_twin_finds_on_hostile_and_random_text():
    rng = random.Random(11)
    for text in HOSTILE + [_text(rng, rng.randint(0, 400)) for _ in range(400)]:
        assert N.scan(text, R._EXACT, R._FOLDED) == native.scan_py(text, R._EXACT, R._FOLDED), text[:80]


@needs_native
def test_scan_refuses_what_it_cannot_hold():
    with pytest.raises(ValueError):
        N.scan("x", ("é",), ())
    with pytest.raises(ValueError):
        N.scan("x", tuple(f"n{i}" for i in range(65)), ())
    assert N.scan("aBc", ("", "c", "Bc", "cd"), ("", "b", "B")) == (0b0111, 0b011, 3, 3)


@needs_native
def test_redaction_is_the_same_with_and_without_the_extension(monkeypatch):
    rng = random.Random(12)
    texts = HOSTILE + [_text(rng, rng.randint(0, 300)) for _ in range(300)]
    texts += [f"{rng.choice(PIECES)} token = {AWS} and key: {AWS[::-1]} 广告 password={AWS[:12]}" for _ in range(50)]
    redacted = 0
    for text in texts:
        compiled, pure = _both_redact(text, monkeypatch)
        assert compiled == pure, text[:80]
        redacted += pure[1]
    assert redacted > 50  # the texts did hold secrets


@needs_native
def test_the_bigram_rewrite_is_its_twins_on_every_plane():
    rng = random.Random(13)
    for text in HOSTILE + [_text(rng, rng.randint(0, 300)) for _ in range(400)]:
        out = N.cjk_bigrams(text)
        assert out == tokenizer.analyzer_input_py(text), text[:80]
        assert str(out) == out  # a well-formed str (its width the narrowest), usable as any other
    assert N.cjk_bigrams("广告点击 x 中") == " 广告 告点 点击  x  中 "
    s = "plain ascii"
    assert N.cjk_bigrams(s) is s


def _legacy_str(text: str) -> str:
    """`text` as a str not yet "ready": made as a C extension written for the old Unicode API
    makes one (PyUnicode_FromUnicode(NULL, n), then filled), which Python 3.11 still allows."""
    make = ctypes.pythonapi.PyUnicode_FromUnicode
    make.restype, make.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_ssize_t]
    fill = ctypes.pythonapi.PyUnicode_AsUnicode
    fill.restype, fill.argtypes = ctypes.c_void_p, [ctypes.py_object]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        s = make(None, len(text))
    buf = (ctypes.c_wchar * len(text)).from_address(fill(s))
    for i, c in enumerate(text):
        buf[i] = c
    return s


@needs_native
@pytest.mark.skipif(not hasattr(ctypes.pythonapi, "PyUnicode_FromUnicode"), reason="Python 3.12+ has no such str")
def test_a_str_not_yet_ready_is_read_as_its_characters():
    """(A str the C functions read as empty, its kind and length not yet filled in: the CJK run
    came back without its bigrams, and a needle was refused as not ASCII.)"""
    text = "部署 广告点击 x"
    assert N.cjk_bigrams(_legacy_str(text)) == tokenizer.analyzer_input_py(text) == " 部署   广告 告点 点击  x"
    assert N.scan(_legacy_str("a key=v"), (_legacy_str("key"), "="), (_legacy_str("y="),)) == (0b11, 0b1, 3, 5)


def _words_both(middle: str, kept: str, room: int) -> tuple[str, str]:
    mid, keep = middle.encode("utf-8", "surrogatepass"), kept.encode("utf-8", "surrogatepass")
    return N.other_words(mid, keep, room, tokenizer.MAX_TOKEN_CHARS), prepare.other_words_py(mid, keep, room)


@needs_native
def test_the_cut_word_list_is_its_twins():
    rng = random.Random(14)
    cases = [(h, h[::-1]) for h in HOSTILE] + [(_text(rng, rng.randint(0, 500)), _text(rng, rng.randint(0, 80)))
                                               for _ in range(400)]
    cases += [(" ".join(f"w{i} W{i} {i}" for i in range(30_000)), "w1 W2 w3"), ("Ab aB AB ab", "AB"), ("", "")]
    for middle, kept in cases:
        for room in (1, 7, 64, prepare.WORDS_CHARS):
            compiled, pure = _words_both(middle, kept, room)
            assert compiled == pure, (middle[:60], kept[:60], room)


def test_a_word_list_the_extension_gives_up_on_is_made_by_the_twin(monkeypatch):
    class GaveUp:  # as `_native.other_words` answers when its probes run out
        @staticmethod
        def other_words(*_):
            return None, 0
    middle = " ".join(f"term{i}" for i in range(2_000))
    expect = prepare._other_words(middle, "term1")
    monkeypatch.setattr(prepare, "NATIVE", GaveUp)
    assert prepare._other_words(middle, "term1") == expect and "term2 " in expect


@needs_native
def test_the_binary_look_counts_what_its_twin_counts():
    rng = random.Random(14)
    controls = [chr(c) for c in range(0x20)] + ["\x7f", "\ufffd", "\x80", "\x85", "\x9f", "\ud800", "\udfff"]
    for text in HOSTILE + controls + [_text(rng, rng.randint(0, 200)) + "".join(rng.choices(controls, k=rng.randint(0, 40)))
                                      for _ in range(400)]:
        assert N.controls(text) == prepare.controls_py(text), text[:80]
    assert N.controls("a\tb\nc\r\x00\x7f\ufffd中\x1f\U0001f680\x0b") == 5
    with pytest.raises(TypeError):
        N.controls(b"\x00")


@needs_native
def test_an_extension_built_before_the_count_leaves_it_to_the_twin(monkeypatch):
    class Older:  # a _native built before `controls` (an editable install not rebuilt after a pull)
        scan, cjk_bigrams, other_words = (staticmethod(getattr(N, f)) for f in ("scan", "cjk_bigrams", "other_words"))
    monkeypatch.setattr(native, "importlib", SimpleNamespace(import_module=lambda name: Older))
    module, why = native._load()
    assert module is None and why.startswith("broken, not used (AttributeError") and "controls" in why
    blob = "\ufffd\x00\x01" * 40 + "PNG"
    monkeypatch.setattr(prepare, "NATIVE", module)
    assert prepare._controls(blob) == prepare.controls_py(blob) == 120
    assert prepare.unblob(blob).startswith("[binary, ")


@needs_native
def test_the_patterns_a_scan_picks_are_the_ones_its_masks_pass(monkeypatch):
    """redact's pattern choice is looked up by the scan's hits (`_chosen`, a bounded table):
    with the table kept tiny, so it is cleared over and over, and after each replacement (the
    patterns after it asked again of the new text), the same as the twins' own tests."""
    monkeypatch.setattr(R, "_CHOSEN_MAX", 3)
    R._CHOSEN.clear()
    rng = random.Random(15)
    texts = HOSTILE + [_text(rng, rng.randint(0, 300)) for _ in range(300)]
    texts += [f"key: {AWS} then ghp_{'b2' * 20} then Bearer {'t' * 40} and token={AWS[::-1]}" for _ in range(5)]
    for text in texts:
        compiled, pure = _both_redact(text, monkeypatch)
        assert compiled == pure, text[:80]
        assert len(R._CHOSEN) <= 3


@needs_native
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=60),
       st.lists(st.sampled_from(PIECES), max_size=20), st.integers(min_value=1, max_value=300))
def test_fuzz_every_function_against_its_twin(parts, kept_parts, room):
    text = "".join(parts)
    assert N.scan(text, R._EXACT, R._FOLDED) == native.scan_py(text, R._EXACT, R._FOLDED)
    assert N.cjk_bigrams(text) == tokenizer.analyzer_input_py(text)
    assert N.controls(text) == prepare.controls_py(text)
    compiled, pure = _words_both(text, "".join(kept_parts), room)
    assert compiled == pure
    with pytest.MonkeyPatch.context() as m:
        got = R.redact(text)
        m.setattr(R, "NATIVE", None)
        assert got == R.redact(text)


@needs_native
def test_crafted_inputs_stay_linear():
    """Text dense with needles' first characters, one long CJK run, 8 MB of distinct words: each
    a bounded pass (the twins on these take seconds; a quadratic pass would take minutes)."""
    for text in ("s" * 4_000_000 + "k", "sk" * 2_000_000, "passw" * 800_000, "ghgh_" * 800_000):
        t = time.process_time()
        N.scan(text, R._EXACT, R._FOLDED)
        assert time.process_time() - t < 2.0
    t = time.process_time()
    N.cjk_bigrams("中" * 4_000_000)
    words = " ".join(f"w{i}" for i in range(1_000_000)).encode()
    N.other_words(words, words[:4096], prepare.WORDS_CHARS, 80)
    assert time.process_time() - t < 4.0


SID = "5e55a11c-0000-4000-8000-0000000c01d3"


def test_an_index_is_the_same_built_with_or_without_the_extension(home, tmp_path):
    """Through the CLI: the same transcript (secrets, Chinese, a cut output with its word list)
    indexed by a process that uses the extension and, in a second HOME, by one with DEJA_PURE=1
    stores the same records and finds the same hits, scores and all."""
    log = "\n".join(f"step {i} 部署第{i}步 token_{i}x done in {i * 7}s" for i in range(900))
    shown, found = [], []
    for i, pure in enumerate(("1", None)):
        h = tmp_path / f"home{i}"
        (Transcript(SID, "/home/dev/shop", 3)
         .user(f"部署脚本里的 password={AWS[:18]} 还能用吗？广告点击率下降了")
         .bash("cat deploy.log", f"开始 🚀\n{log}\naws_secret_access_key = {AWS}\n🚀 结束\n")
         .bash("head -c 300 core.bin", "\ufffd\x00\x01ELF" * 60 + "\ufffd广告")
         .say("The deploy finished; 广告 numbers are in the report.")
         .write(h))
        env = {"DEJA_PURE": pure, "HOME": str(h)}
        deja("index", env=env, proc=True)
        shown.append([r["text"] for r in deja("show", SID, "--json", env=env, proc=True).json()["records"]])
        found.append([deja("search", q, "--json", env=env, proc=True).json()["hits"]
                      for q in ("告点", "token_120x", "report", "部署")])
    for hits in found:
        for hit in (h for q in hits for h in q):
            hit["session"].pop("path")  # (each HOME's own)
    assert shown[0] == shown[1] and found[0] == found[1]
    joined = "\n".join(shown[1])
    assert AWS not in joined and "token_120x" in joined and "token_450x" not in joined  # redacted; in the marker
    assert "[binary, " in joined and "ELF" not in joined  # the binary look, in C or in its twin
    assert all(found[1]), found[1]


def test_the_scan_covers_every_literal_redaction_skips_by():
    """With the extension, a pattern's literal found absent by the scan is not looked for again
    (`_Rx.finditer(..., known)`): so every literal of a pattern run on the lowercased text must be
    among the scan's folded needles, and every gate character among its exact ones."""
    for kind, gate, needles, pattern, _, on_lower in R._PATTERNS:
        rxs = pattern.patterns if isinstance(pattern, R._Alternation) else [pattern]
        assert all(rx.literal in R._FOLDED for rx in rxs if rx.literal and on_lower), kind
        assert all(c in R._EXACT for c in gate) and all(n in (R._FOLDED if on_lower else R._EXACT) for n in needles if n)


def test_doctor_says_whether_indexing_runs_through_the_extension():
    """A machine that had no compiler at install indexes the same records, slower: `deja doctor`
    says which path this install takes."""
    j = deja("doctor", "--json", check=False).json()
    pure = os.environ.get("DEJA_PURE") == "1"  # (.ci/run runs this file again with DEJA_PURE=1)
    assert j["versions"]["native"] == ("off (DEJA_PURE=1)" if pure else "on" if N else
                                       "not built (no compiler at install: indexing is slower)")
    pure = deja("doctor", env={"DEJA_PURE": "1"}, proc=True, check=False)
    assert "C extension off (DEJA_PURE=1)" in pure.out


def test_a_deja_process_a_test_starts_takes_the_same_path_as_the_tests_own():
    """Under DEJA_PURE=1 (.ci/run's second pass through the twins) a `deja` process a test starts,
    and the parse workers it forks, use the twins too: the tests' isolation keeps DEJA_PURE.
    (It unset every DEJA_* variable: those processes imported the extension, and the second pass
    held the twins only to what ran in the test's own process.)"""
    assert deja("doctor", "--json", proc=True, check=False).json()["versions"]["native"] == native.state()
