"""The blind hook set (benchmarks/quality/hookblind.py): its scorer counts an injection naming the
answer session as a hit and an empty one as a miss, its prompts are fixed by the seed, new, and
as many as the issue asks, and run.py scores them through the real prompt hook."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from conftest import deja
from test_memeval import _small_home

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks/quality"))
import hookblind  # noqa: E402
import hookset  # noqa: E402
import memeval  # noqa: E402
import run  # noqa: E402

QS = [{"question": "What car do I drive?", "lang": "en", "kind": "user-fact", "session": "s-car", "sessions": ["s-car"]},
      {"question": "Which city did my sister relocate to?", "lang": "en", "kind": "user-fact", "session": "s-sis", "sessions": ["s-sis"]},
      {"question": "我开的是什么车？", "lang": "zh", "kind": "user-fact", "session": "s-zh", "sessions": ["s-zh"]},
      {"question": "Which violin maker did I visit?", "lang": "en", "kind": "abstain", "session": "", "sessions": []}]


def test_the_scorer_counts_the_answer_session_as_a_hit_and_an_empty_injection_as_a_miss():
    hist = hookblind.history(QS, "memeval", "h0")
    assert [h["sessions"] for h in hist] == [["s-car"], ["s-sis"], ["s-zh"]]  # the unanswerable one is not asked
    other = [{"prompt": "Explain what VACUUM does in Postgres.", "lang": "en"}, {"prompt": "红烧肉怎么做才不腻？", "lang": "zh"}]
    res = hookblind.score(hist, ["Earlier sessions:\n- s-car  a Skoda", "", "- s-other 上次"], other, ["", "- s-zh 车"])
    assert res["en"] == {"history": 2, "answered": 1, "injected": 1, "unrelated": 1, "noisy": 0}
    assert res["zh"] == {"history": 1, "answered": 0, "injected": 1, "unrelated": 1, "noisy": 1}
    assert res["missed"] == [hist[1]["prompt"], hist[2]["prompt"]] and res["injected"] == ["红烧肉怎么做才不腻？"]
    both = hookblind.merged([res, res])
    assert both["en"]["answered"] == 2 and both["zh"]["noisy"] == 2 and len(both["missed"]) == 4
    assert "| memeval | en | 0.500 (1/2) | 0.500 | 0.000 (0/1) |" in hookblind.table("memeval", res)


def test_the_set_is_fixed_by_its_seed_new_and_as_large_as_the_issue_asks():
    assert hookblind.history(QS, "memeval", "h0") == hookblind.history(QS, "memeval", "h0")
    many = [QS[0] | {"question": f"What car did I drive in {y}?"} for y in range(1990, 2030)]
    drawn = {h["position"] for h in hookblind.history(many, "memeval", "h1")}
    assert drawn == set(hookblind.POSITIONS)
    older = {c.strip() for d in (hookset.CUES, hookset.HELDOUT_CUES, memeval.CUES) for cs in d.values() for c in cs}
    seen = {p for d in (hookset.UNRELATED, hookset.HELDOUT_UNRELATED, memeval.UNRELATED) for ps in d.values() for p in ps}
    for lang in ("en", "zh"):
        cued = [t for pos, t in hookblind.TEMPLATES[lang] if pos != "none"]
        assert len(cued) >= 12 and {pos for pos, _ in hookblind.TEMPLATES[lang]} == set(hookblind.POSITIONS)
        assert not any(c in t for t in cued for c in older if len(c) > 3), lang
        assert len(set(hookblind.UNRELATED[lang])) == len(hookblind.UNRELATED[lang]) >= 40
        assert not seen & set(hookblind.UNRELATED[lang])


def test_run_py_scores_the_set_through_the_real_prompt_hook(home):
    ids, qs = _small_home(home)
    deja("index")
    rows = [q | {"sessions": [ids[k] for k in q["keys"]]} for q in qs]
    res = run.run_blind(dict(os.environ), "memeval", "h0", rows)
    answerable = sum(q["kind"] != "abstain" for q in qs)
    assert res["en"]["history"] == answerable > 0 and res["en"]["unrelated"] == len(hookblind.UNRELATED["en"])
    assert 0 <= res["en"]["answered"] <= res["en"]["injected"] <= answerable
    assert len(res.get("missed", [])) == answerable - res["en"]["answered"]
    assert set(res.get("injected", [])) <= set(hookblind.UNRELATED["en"])


def test_hook2s_tuning_set_is_new_and_drawn_the_blind_sets_way():
    import hookdev

    assert hookdev.history(QS, "memeval", "h0") == hookdev.history(QS, "memeval", "h0")
    assert [h["sessions"] for h in hookdev.history(QS, "memeval", "h0")] == [["s-car"], ["s-sis"], ["s-zh"]]
    for lang in ("en", "zh"):
        mine = {t for _, t in hookdev.TEMPLATES[lang]}
        assert not mine & {t for _, t in hookblind.TEMPLATES[lang]} - {"{q}"}
        assert not set(hookdev.UNRELATED[lang]) & set(hookblind.UNRELATED[lang])
        assert {u["prompt"] for u in hookdev.unrelated([QS[0] | {"lang": lang}])} == set(hookdev.UNRELATED[lang])


def test_hookdet_s_set_asks_each_question_with_no_cue_and_with_one_and_its_unrelated_prompts_are_new():
    import hookdev
    import hookdev2
    import hookdev3

    qs = [{"question": p.ask, "lang": lang, "kind": p.kind, "session": f"s-{lang}{i}", "sessions": [f"s-{lang}{i}"]}
          for lang, probes in (("en", hookdev3.PROBES_EN), ("zh", hookdev3.PROBES_ZH)) for i, p in enumerate(probes)]
    hist = hookdev3.history(qs, "hookdev3", "h0")
    assert hist == hookdev3.history(qs, "hookdev3", "h0")  # fixed by the seed
    assert [h["sessions"] for h in hist] == [q["sessions"] for q in qs for _ in range(2)]
    assert [h["position"] for h in hist[::2]] == ["none"] * len(qs)
    assert all(h["position"] == "inside" for h in hist[1::2] if h["lang"] == "zh")
    asks = {q["question"] for q in qs}
    for lang in ("en", "zh"):
        mine = set(hookdev3.UNRELATED[lang])
        assert len(mine) == len(hookdev3.UNRELATED[lang]) and not mine & asks
        for other in (hookblind.UNRELATED, hookdev.UNRELATED, hookdev2.UNRELATED):
            assert not mine & set(other[lang])
