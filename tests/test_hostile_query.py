"""A query no one types: thousands of words pasted (a log, a file), a phrase repeated for pages.
A search reads a query up to its first QUERY_CHARS characters (search.query.bounded) and says
so; what it does per word stays bounded (snippets.close_words), so every query answers in bounded
time. Before session 12 a query of 3,000 near-miss words took minutes."""

from __future__ import annotations

import random
import signal
import time

from conftest import deja, write_jsonl
from deja.search.query import QUERY_CHARS, bounded, parse


def _sessions(home, words: list[str], rng: random.Random) -> None:
    for s in range(6):
        sid = f"d0d0d0d0-0000-4000-8000-{s:012d}"
        write_jsonl(home / ".claude" / "projects" / "-w-long" / f"{sid}.jsonl", [
            {"type": role, "sessionId": sid, "cwd": "/w/long", "timestamp": f"2026-11-02T10:{s:02d}:{i:02d}Z",
             "message": {"role": role, "content": " ".join(rng.sample(words, 400))}}
            for i, role in enumerate(["user", "assistant"] * 10)])


def test_a_query_of_thousands_of_words_answers_in_bounded_time(home):
    rng = random.Random(7)
    words = sorted({"".join(rng.choice("bcdfghjklmnpqrstvwxz") + rng.choice("aeiou") for _ in range(3))
                    for _ in range(4000)})[:3000]
    _sessions(home, words, rng)
    deja("index")
    # every word one letter off: no session holds them, the close tier reads each record's words
    query = " ".join(w[:-1] + ("e" if w[-1] != "e" else "a") for w in words)
    assert len(query) > 20 * QUERY_CHARS
    start = time.process_time()
    r = deja("search", query, "--json", check=False)
    spent = time.process_time() - start
    assert spent < 8, f"{spent:.1f} s of CPU"  # (main: ~26 s on an idle machine)
    j = r.json()
    assert j["hits"] and len(j["query"]) <= QUERY_CHARS
    assert f"read up to its first {QUERY_CHARS:,} characters" in j["notice"]
    text = deja("search", query, check=False)
    assert f"the query is read up to its first {QUERY_CHARS:,} characters" in text.err
    assert text.out.count("\n") < 100
    r = deja("search", "zzqx " * 3_000, check=False)  # nothing matches: the words read are echoed
    assert r.code == 1 and r.out.startswith("No session matches") and len(r.out) < QUERY_CHARS + 40


def test_a_phrase_repeated_for_pages_reads_as_its_first_thousand_characters(home):
    write_jsonl(home / ".claude" / "projects" / "-w-zh" / "e0e0e0e0-0000-4000-8000-000000000001.jsonl", [
        {"type": "user", "sessionId": "e0e0e0e0-0000-4000-8000-000000000001", "cwd": "/w/zh",
         "timestamp": "2026-11-02T10:00:01Z", "message": {"role": "user", "content": "我以前的房子多大？大概九十平米"}}])
    deja("index")
    for q in ("我以前" * 10_000, "房子多大" * 5_000, "how much " * 4_000):
        start = time.process_time()
        r = deja("search", q, "--json", check=False)
        assert time.process_time() - start < 4
        assert r.code in (0, 1) and len(r.json()["query"]) <= QUERY_CHARS


def test_a_query_within_the_bound_is_read_whole():
    """The cut is past any question (the prompt hook reads 600 characters of a prompt), and at a
    space when one is near, never inside a word."""
    q = "how do I " + "x" * 900 + " deploy zebrafish"
    assert len(q) < QUERY_CHARS and bounded(q) == q and ("zebrafish",) in parse(q).clauses
    long = "alpha " * 300
    assert bounded(long) == long[: long.rfind(" ", 0, QUERY_CHARS + 1)] and not bounded(long).endswith("alp")
    assert bounded("中" * 5000) == "中" * QUERY_CHARS


def test_a_regular_expression_that_backtracks_without_end_is_stopped(home, monkeypatch):
    """`(a|aa)+$` against a run of `a`s and a `!` backtracks for ever (Fibonacci many ways): the
    search stops at its CPU budget (quick.REGEX_CPU) with a user error, not a hang."""
    from deja.cli import quick

    write_jsonl(home / ".claude" / "projects" / "-w-re" / "efefefef-0000-4000-8000-000000000001.jsonl", [
        {"type": "user", "sessionId": "efefefef-0000-4000-8000-000000000001", "cwd": "/w/re",
         "timestamp": "2026-11-02T10:00:01Z", "message": {"role": "user", "content": "a" * 60 + "!"}}])
    deja("index")
    monkeypatch.setattr(quick, "REGEX_CPU", 1.0)

    def hung(*_):
        raise AssertionError("the search never stopped")

    signal.signal(signal.SIGALRM, hung)  # (without the budget: a failure, not a hung test run)
    signal.alarm(120)
    start = time.process_time()
    try:
        r = deja("search", "--re", "(a|aa)+$", check=False)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
    assert time.process_time() - start < 20
    assert r.code == 1 and "the regular expression ran 1 s of CPU" in r.err, r.err
    assert "efefefef" in deja("search", "--re", "a{3}!").out  # a pattern that answers is not stopped
