"""The memeval2 held-out set (benchmarks/quality/memeval2.py): it writes dated HOMEs that deja
indexes and whose planted facts deja finds through the CLI; its hook scorer counts a planted
injection of an answering session as a hit and any injection on an unrelated prompt as noise; the
whole set has the promised shape."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from conftest import deja

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks/quality"))
import make  # noqa: E402
import memeval2  # noqa: E402
import memeval2_en  # noqa: E402
import run  # noqa: E402

PLANTED = memeval2.Fact("user-fact", "Which ferry did my cousin {c} take to Orkney?",
                        [("My cousin {c} took the {boat} ferry to Orkney, so she missed this", "")],
                        {"c": ["Morag"], "boat": ["Hamnavoe"]}, ["Ferries to the islands get cancelled in storms"])
MOVED = memeval2.Fact("update", "Where is my allotment now?",
                      [("My allotment is on {a}", ""), ("We moved the allotment to {b} this spring", "")],
                      {"a": ["Quarry Lane"], "b": ["Ferndale Road"]}, newest=True)


def _lang(**kw) -> memeval2.Lang:
    return dataclasses.replace(memeval2_en.LANG, reply=(40, 80), **kw)


def test_a_home_is_dated_indexed_and_its_planted_fact_found(home):
    lang = _lang(facts=[PLANTED], absent=["What is the name of my goat?"])
    sessions, qs, starts = memeval2.build_home(0, [(lang, 6, 1, 1)], 5)
    ids = make.write(home, sessions, starts)
    assert len(list((home / ".claude/projects").glob("*/*.jsonl"))) == 6
    assert all(8 <= len(turns) <= 20 for _, _, turns in sessions)
    fact, nothing = qs
    assert fact["question"] == "Which ferry did my cousin Morag take to Orkney?" and fact["kind"] == "user-fact"
    assert nothing == {"question": "What is the name of my goat?", "keys": [], "kind": "abstain", "lang": "en"}
    [key] = fact["keys"]
    text = {k: json.dumps(t) for k, _, t in sessions}
    assert text[key].count("Hamnavoe") == 1  # said once
    deja("index")
    got = deja("search", "--json", "--no-embed", "--", "Hamnavoe ferry Orkney").json()
    top = got["hits"][0]["session"]
    assert top["id"] == ids[key]
    # the session carries its planted date, days apart from the others
    assert top["started"] == make._ts(0, 0, starts[key])
    days = sorted(starts.values())
    assert all(b - a >= memeval2.DAY for a, b in zip(days, days[1:]))


def test_an_update_is_answered_by_the_newer_session_only():
    sessions, [q], starts = memeval2.build_home(1, [(_lang(facts=[MOVED]), 5, 1, 0)], 9)
    text = {k: json.dumps(t) for k, _, t in sessions}
    [old] = [k for k, t in text.items() if "Quarry Lane" in t]
    [new] = [k for k, t in text.items() if "Ferndale Road" in t]
    assert q["keys"] == [new] and starts[old] < starts[new]


def test_the_scorers_count_a_planted_first_place_answer_and_a_planted_injection():
    q = {"question": "?", "session": "s-1", "sessions": ["s-1", "s-2"], "kind": "count", "lang": "en"}
    assert (run.rank_of(q, ["s-2", "x"]), run.rank_of(q, ["x", "y"])) == (1, 0)
    qs = [q | {"kind": "user-fact", "sessions": ["s-1"]}, q | {"sessions": ["s-2"], "lang": "zh", "question": "我家猫叫什么？"},
          q | {"kind": "abstain", "sessions": []}]
    hist = memeval2.history(qs, "h9")
    assert len(hist) == 2  # no prompt for the unanswerable question
    other = memeval2.unrelated(qs)
    assert len(other) == len(memeval2.langs()["en"].unrelated) + len(memeval2.langs()["zh"].unrelated)
    injected = ["<deja>past session s-1 …</deja>", "<deja>past session s-9 …</deja>"]  # the first answers, the second not
    noise = ["" for _ in other]
    noise[0] = "<deja>something</deja>"
    s = memeval2.score(hist, injected, other, noise)
    assert (s["history_answered"], s["history_injected"]) == (0.5, 1.0)
    assert s["unrelated_injected"] == 1 / len(other) and s["noisy"] == [other[0]["prompt"]]
    assert s["by"]["lang:en"]["history_answered"] == 1.0 and s["by"]["lang:zh"]["history_answered"] == 0.0
    both = memeval2.merged_by([s, s])
    assert both["lang:en"] == {"history": 2, "history_answered": 1.0}


def test_cues_go_before_after_and_inside_a_question():
    q = "Can you remind me where my sister's wedding is?"
    assert memeval2._cued(q, "From before, ", "before", "en") == "From before, can you remind me where my sister's wedding is?"
    assert memeval2._cued(q, " We talked about it.", "after", "en").endswith("is? We talked about it.")
    assert memeval2._cued(q, "as I said", "inside", "en") == "Can you remind me — as I said — where my sister's wedding is?"
    assert memeval2._cued("What's my cat called?", "as I said", "inside", "en") == "What's my cat called, as I said?"
    assert memeval2._cued("我脚踝扭伤是多久以前的事了？", "之前说过，", "inside", "zh") == "我脚踝扭伤，之前说过，是多久以前的事了？"
    assert memeval2._cued("我家猫叫什么？", "", "none", "zh") == "我家猫叫什么？"


def test_the_whole_set_has_its_shape():
    homes = memeval2.build()
    assert len(homes) == 6
    qs = [q for _, h, _ in homes for q in h]
    answerable = [q for q in qs if q["kind"] != "abstain"]
    assert 150 <= len(answerable) <= 220 and 12 <= len(qs) - len(answerable) <= 25
    assert sum(q["lang"] == "zh" for q in answerable) * 3 >= len(answerable)
    assert {q["kind"] for q in qs} == set(memeval2.KINDS)
    for sessions, h, starts in homes:
        assert 50 <= len(sessions) <= 56 and all(8 <= len(t) <= 20 for _, _, t in sessions)
        assert max(starts.values()) - min(starts.values()) > 150 * memeval2.DAY  # months, not days
        keys = {k for k, _, _ in sessions}
        assert all(set(q["keys"]) <= keys for q in h)
    assert memeval2.build() == homes  # a fixed seed
