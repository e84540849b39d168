"""Issue 14, session 5: classes of ranking failure on the long multi-session chats
(benchmarks/quality/chat.py), one test each, through the CLI (`deja search --json`)."""

from __future__ import annotations

from test_recall_classes import _background
from test_search import OLD, ids, search, session


def test_earlier_searches_do_not_lift_a_neighbour_over_the_answer_to_a_question(home):
    # Every CLI search counts its first hit as recalled (the reuse lift). A question is ranked by
    # its rare words: what earlier, other searches were shown says nothing about which session
    # holds them, so the same-topic neighbour they kept serving must not pass the answer.
    _background(home)
    session(home, "life", "neighbour", [
        ("user", "hotels in Vienna with a view are expensive, any tips? I keep a packing list for hiking too", OLD),
        ("assistant", "Book early for Vienna; small hotels near the ring are cheaper.", OLD),
    ])
    session(home, "life", "answer", [
        ("user", "we booked the Casa Azul hotel in May", OLD),
        ("assistant", "Nice, that is a good base for the Vienna trip.", OLD),
    ])
    q = "Which hotel did we book for the Vienna trip?"
    assert ids(search(q))[0] == "answer"
    for _ in range(8):
        assert ids(search("packing", "hiking"))[0] == "neighbour"  # served, and counted, eight times
    assert ids(search(q))[0] == "answer"


def test_a_why_question_prefers_the_sentence_that_gives_a_cause(home):
    # the near line holds more of the question's words; the answer says what caused it
    _background(home)
    for k in range(6):  # "service" is a common word here
        session(home, "infra", f"svc-{k}", [("user", f"the billing service restarted {k}", OLD),
                                            ("assistant", "The service is back.", OLD)])
    session(home, "infra", "near", [
        ("user", "the dashboard is red again", OLD),
        ("assistant", "Timeouts in the search service show up in the dashboard every afternoon.", OLD),
    ])
    session(home, "infra", "cause", [
        ("user", "any news from the traces?", OLD),
        ("assistant", f"I read the traces. {' '.join(['The traces are long.'] * 6)} The search timeouts happened "
                      f"because a lock was held across an HTTP call. {' '.join(['More traces to read.'] * 6)}", OLD),
    ])
    r = search("Why did the search service keep timing out?")
    assert ids(r)[0] == "cause", [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_a_which_question_prefers_the_sentence_that_states_the_pick(home):
    _background(home)
    session(home, "life", "near", [
        ("user", "hotels in Vienna with a view are expensive in summer", OLD),
        ("assistant", "Reviews help. Look at the area too.", OLD),
    ])
    session(home, "life", "picked", [
        ("user", "for Vienna we ended up booking the Hotel Sacher, mostly for the rooftop", OLD),
        ("assistant", "Good, it is central.", OLD),
    ])
    r = search("Which hotel did we pick for the Vienna trip?")
    assert ids(r)[0] == "picked", [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_a_chinese_question_whose_content_is_one_character_is_searched_as_its_bigrams(home):
    # 车 and 猫 are lone characters between filler: the text holds them as bigrams with their
    # neighbours (开的, 的猫, 猫叫), not alone; the question is neither refused nor read as 名字 alone
    _background(home)
    session(home, "life", "car", [("user", "我开的是一辆白色的丰田，开了五年了", OLD), ("assistant", "丰田很耐用。", OLD)])
    session(home, "life", "cat", [("user", "我的猫叫团子，今年三岁", OLD), ("assistant", "团子这个名字很可爱。", OLD)])
    session(home, "work", "names", [("user", "这个文件的名字要改一下，名字太长了", OLD), ("assistant", "好的，我来改名字。", OLD)])
    r = search("我开的是什么车？")
    assert ids(r)[0] == "car", ids(r)
    r = search("我的猫叫什么名字？")
    assert ids(r)[0] == "cat", ids(r)
