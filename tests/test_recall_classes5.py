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
