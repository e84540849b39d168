"""Issue 14, session 9 (branch `top5`): the answering session ranked 2nd-5th behind a neighbour. Two
parts of a question's ranking that put the neighbour first: the decision lift (a reply saying
"because" or "we'll" marks a session as having settled something, which says nothing about which
session holds a fact the person said) and coverage weighed too much against the one turn that
states the answer in other words. Through the CLI (`deja search --json`) in a throwaway HOME."""

from __future__ import annotations

from test_recall_facts import _others, _scores
from test_search import OLD, ids, search, session


def test_a_decision_in_a_reply_does_not_lift_a_session_for_a_question(home):
    # "What car do I drive?": the person's line that says so, against a chat about car tyres whose
    # reply says "because" (text.decision reads it as a decision): the decision lift is for a work
    # search ("the fix was ..."), not for which session holds a fact
    _others(home)
    session(home, "life", "volvo", [
        ("user", "I drive an old Volvo estate, my first car, and the heater is weak. How do I keep the windows clear?", OLD),
        ("assistant", "Run the air conditioning with the heat on: it dries the air.", OLD),
    ])
    session(home, "life", "tyres", [
        ("user", "I only drive the car in town, short trips to the shops and back.", OLD),
        ("assistant", "Then all-season tyres will do, because the roads in town are gritted.", OLD),
        ("user", "And how often should I check the pressure?", OLD),
        ("assistant", "Once a month, because they lose air when it gets cold.", OLD),
    ])
    r = search("What car do I drive?")
    assert ids(r)[0] == "volvo", _scores(r)


def test_the_turn_that_states_the_fact_outranks_a_neighbour_holding_every_word(home):
    # "Which climbing gym did I join in the spring?": the person's line naming the gym they joined
    # (not the word "spring") against a line about a friend that holds every word of the question:
    # holding a word more weighs less than stating the answer (coverage to the power 0.35, not 0.5)
    _others(home)
    session(home, "life", "joined", [
        ("user", "I joined the Boulder Barn climbing gym last month. What shoes should a beginner buy?", OLD),
        ("assistant", "Start with a flat, comfortable pair; rent first if the gym lets you.", OLD),
    ])
    session(home, "life", "friend", [
        ("user", "My friend has gone to a climbing gym downtown since the spring.", OLD),
        ("assistant", "Many gyms let new members join at half price in the spring.", OLD),
        ("user", "Is chalk really needed?", OLD),
        ("assistant", "Only once your hands sweat; most people start without it.", OLD),
        ("user", "Thanks, that helps.", OLD),
    ])
    r = search("Which climbing gym did I join in the spring?")
    assert ids(r)[0] == "joined", _scores(r)
