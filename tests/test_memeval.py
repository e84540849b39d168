"""The memeval question set (benchmarks/quality/memeval.py): it builds HOMEs deja indexes, its
questions find their planted evidence through the CLI, and its scorer and BM25 baseline count a
planted first-place answer as hit@1."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from conftest import deja

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks/quality"))
import bm25  # noqa: E402
import make  # noqa: E402
import memeval  # noqa: E402
import memeval_en  # noqa: E402
import run  # noqa: E402

PLANTED = memeval.Probe("user-fact", "Which telescope did my uncle {u} buy?",
                        [("user", "My uncle {u} bought a {scope} telescope for the cabin")],
                        {"u": ["Oskar"], "scope": ["Dobsonian"]}, ["Stargazing was cancelled because of clouds"])
NOTHING = memeval.Probe("abstain", "Which violin maker did I visit in Cremona?", [])


def _small_home(home: Path) -> tuple[dict[str, str], list[dict]]:
    bank = dataclasses.replace(memeval_en.BANK, homes=1, per_home=2, sessions=6, probes=[PLANTED, NOTHING], turn=(40, 80))
    [(sessions, qs)] = memeval.build_bank(bank, 7, "t")
    return make.write(home, sessions), qs


def test_the_set_writes_a_home_deja_indexes_and_its_question_finds_the_evidence(home):
    ids, qs = _small_home(home)
    assert len(ids) == 6 and len(list((home / ".claude/projects").glob("*/*.jsonl"))) == 6
    [fact] = [q for q in qs if q["kind"] == "user-fact"]
    assert fact["question"] == "Which telescope did my uncle Oskar buy?" and len(fact["keys"]) == 1
    evidence = ids[fact["keys"][0]]
    deja("index")
    got = deja("search", "--json", "--no-embed", "--", "Dobsonian telescope").json()
    assert [h["session"]["id"] for h in got["hits"]][:1] == [evidence]
    [nothing] = [q for q in qs if q["kind"] == "abstain"]
    assert nothing["keys"] == []


def test_the_scorer_counts_a_planted_first_place_answer_as_hit_at_1():
    q = {"question": "?", "session": "s-answer", "sessions": ["s-answer"], "kind": "user-fact"}
    first = run.rank_of(q, ["s-answer", "s-other"])
    third = run.rank_of(q, ["a", "b", "s-answer"])
    missing = run.rank_of(q, ["a", "b"])
    assert (first, third, missing) == (1, 3, 0)
    rows = [{"rank": first, "kind": "user-fact"}, {"rank": third, "kind": "count"},
            {"rank": 0, "kind": "abstain", "abstained": True}]
    s = run.scores(rows)
    assert (s["questions"], s["hit_at_1"], s["hit_at_5"], s["unanswerable"], s["abstained"]) == (2, 0.5, 1.0, 1, 1.0)
    assert abs(s["mrr"] - (1 + 1 / 3) / 2) < 1e-9
    kinds = run.by_kind(rows)
    assert kinds["user-fact"]["hit_at_1"] == 1.0 and kinds["count"]["hit_at_1"] == 0.0


def test_an_update_is_answered_by_the_newer_session_only():
    probe = memeval.Probe("update", "What is my rent now?", [("user", "My rent is {a}"), ("user", "The rent went up to {b}")],
                          {"a": ["900"], "b": ["990"]}, answer="last")
    bank = dataclasses.replace(memeval_en.BANK, homes=1, per_home=1, sessions=5, probes=[probe], turn=(30, 60))
    [(sessions, [q])] = memeval.build_bank(bank, 3, "u")
    text = {key: json.dumps(turns) for key, _, turns in sessions}
    [old] = [k for k, t in text.items() if "My rent is 900" in t]
    [new] = [k for k, t in text.items() if "The rent went up to 990" in t]
    assert q["keys"] == [new] and old < new


def test_the_bm25_baseline_ranks_the_planted_session_first(home):
    ids, qs = _small_home(home)
    [fact] = [q for q in qs if q["kind"] == "user-fact"]
    [top] = bm25.rank(home, [fact["question"]])
    assert top[0] == ids[fact["keys"][0]]
    assert bm25.rank(home, ["zyxwv qqqq"]) == [[]]
    assert bm25.terms("Which telescopes did my uncles buy?") == ["telescope", "uncle", "buy"]
    zh = bm25.terms("上次我们的猫叫什么")
    assert "上次" not in zh and "猫叫" in zh and "们的" not in zh
