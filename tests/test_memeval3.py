"""The memeval3 held-out set (benchmarks/quality/memeval3.py): it writes dated HOMEs that deja
indexes and finds a planted fact in through the CLI; the scorer counts a planted first-place
answer as hit@1 and a planted injection as a hook hit; the whole set has the promised shape."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from conftest import deja

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks/quality"))
import make  # noqa: E402
import memeval2  # noqa: E402
import memeval3  # noqa: E402
import memeval3_en  # noqa: E402
import run  # noqa: E402

PLANTED = memeval3.Fact("user-fact", "Which lighthouse did my uncle {u} keep?",
                        [("my uncle {u} kept the {light} lighthouse for thirty years, which explains a lot", "")],
                        {"u": ["Anselm"], "light": ["Skerryvore"]}, ["Lighthouses are all automatic now"])
MOVED = memeval3.Fact("update", "Where is my allotment now?",
                      [("my allotment is on {~a}", ""), ("we moved the allotment to {a} this spring", "")],
                      {"a": ["Ferndale Road", "Quarry Lane"]}, newest=True)


def _lang(**kw) -> memeval3.Lang:
    return dataclasses.replace(memeval3_en.LANG, **kw)


def test_a_home_is_dated_indexed_and_its_planted_fact_found(home):
    lang = _lang(facts=[PLANTED], absent=["What is the name of my goat?"])
    sessions, qs, starts = memeval3.build_home(0, [(lang, 6, 1, 1)], 5)
    ids = make.write(home, sessions, starts)
    assert len(list((home / ".claude/projects").glob("*/*.jsonl"))) == 6
    assert all(6 <= len(turns) <= 24 for _, _, turns in sessions)
    fact, nothing = qs
    assert fact["question"] == "Which lighthouse did my uncle Anselm keep?" and fact["kind"] == "user-fact"
    assert nothing == {"question": "What is the name of my goat?", "keys": [], "kind": "abstain", "lang": "en"}
    [key] = fact["keys"]
    text = {k: json.dumps(t) for k, _, t in sessions}
    assert text[key].count("Skerryvore") == 1  # said once, by the user, among other remarks
    said = [b for k, _, t in sessions if k == key for r, b in t if "Skerryvore" in b]
    assert [r for k, _, t in sessions if k == key for r, b in t if "Skerryvore" in b] == ["user"] and len(said[0]) > 60
    assert "Lighthouses are all automatic now" not in text[key]  # the decoy sits elsewhere
    deja("index")
    got = deja("search", "--json", "--no-embed", "--", "Skerryvore lighthouse uncle").json()
    top = got["hits"][0]["session"]
    assert top["id"] == ids[key] and top["started"] == make._ts(0, 0, starts[key])


def test_an_update_is_answered_by_the_newer_session_only_and_groups_never_meet():
    sessions, [q], starts = memeval3.build_home(1, [(_lang(facts=[MOVED]), 5, 1, 0)], 9)
    text = {k: json.dumps(t) for k, _, t in sessions}
    old = [k for k, t in text.items() if "llotment is on" in t]
    new = [k for k, t in text.items() if "moved the allotment" in t]
    assert len(old) == len(new) == 1 and q["keys"] == new and starts[old[0]] < starts[new[0]]
    a, b = dataclasses.replace(MOVED, group="g"), dataclasses.replace(PLANTED, group="g")
    _, qs, _ = memeval3.build_home(2, [(_lang(facts=[a, b]), 6, 2, 0)], 3)
    assert len(qs) == 1  # two facts of one group: only one of them in a HOME


def test_the_scorers_count_a_planted_first_place_answer_and_a_planted_injection():
    q = {"question": "How many concerts have I been to?", "session": "s-1", "sessions": ["s-1", "s-2"], "kind": "count", "lang": "en"}
    rows = [q | {"rank": run.rank_of(q, ["s-2", "x"]), "abstained": False},
            q | {"rank": run.rank_of(q, ["x", "y", "s-1"]), "abstained": False}]
    s = run.scores(rows)
    assert (rows[0]["rank"], rows[1]["rank"]) == (1, 3) and (s["hit_at_1"], s["hit_at_5"]) == (0.5, 1.0)
    qs = [q, q | {"sessions": ["s-3"], "lang": "zh", "kind": "user-fact", "question": "我家猫叫什么名字？"},
          q | {"kind": "abstain", "sessions": []}]
    hist = memeval3.history(qs, "h9")
    assert len(hist) == 2 and hist[1]["prompt"] != qs[1]["question"]  # none for the abstention; a cue for a fact
    other = memeval3.unrelated(qs)
    assert len(other) == len(memeval3.langs()["en"].unrelated) + len(memeval3.langs()["zh"].unrelated)
    got = memeval2.score(hist, ["<deja>past session s-2 …</deja>", "<deja>past session s-9 …</deja>"], other,
                         ["<deja>x</deja>"] + [""] * (len(other) - 1))
    assert (got["history_answered"], got["history_injected"]) == (0.5, 1.0)
    assert got["unrelated_injected"] == 1 / len(other) and got["noisy"] == [other[0]["prompt"]]
    assert got["by"]["lang:en"]["history_answered"] == 1.0 and got["by"]["lang:zh"]["history_answered"] == 0.0


def test_cues_go_before_after_or_inside():
    assert memeval3.cued("What car do I drive?", "Remind me, ", "before", "en") == "Remind me, what car do I drive?"
    assert memeval3.cued("What car do I drive?", ", remember?", "after", "en") == "What car do I drive, remember?"
    assert memeval3.cued("What time do I usually go climbing?", "if you remember", "inside", "en") == \
        "What time do I, if you remember, usually go climbing?"
    assert memeval3.cued("What car do I drive?", "if you remember", "inside", "en") == "What car do I drive, if you remember?"
    assert memeval3.cued("我开的是什么车？", "上次提过", "inside", "zh") == "我上次提过，开的是什么车？"
    assert memeval3.cued("我开的是什么车？", "", "none", "zh") == "我开的是什么车？"


def test_the_whole_set_has_the_promised_shape():
    homes = memeval3.build()
    qs = [q for _, h, _ in homes for q in h]
    answerable = [q for q in qs if q["kind"] != "abstain"]
    assert len(homes) == 6 and 150 <= len(answerable) <= 220 and 15 <= len(qs) - len(answerable) <= 20
    assert sum(q["lang"] == "zh" for q in answerable) * 3 >= len(answerable)
    assert {q["kind"] for q in qs} == set(memeval3.KINDS)
    assert max(len(s) for s, _, _ in homes) >= 100
    assert any({q["lang"] for q in h} == {"en", "zh"} for _, h, _ in homes)  # a mixed HOME
    assert all(q["keys"] for q in answerable) and all(6 <= len(t) <= 24 for s, _, _ in homes for _, _, t in s)
    langs = memeval3.langs()
    assert sum(len(lang.unrelated) for lang in langs.values()) >= 80
    asks = {a.lower().rstrip("?？") for lang in langs.values() for t in lang.topics for a in t.opens + t.follows}
    assert not [p for lang in langs.values() for p in lang.unrelated if p.lower().rstrip("?？") in asks]
