"""Issue 14, session 6: a fact the person said once, in passing, in a short turn of a long session
about something else (memeval's user-fact and preference kinds), one test per class, through the
CLI (`deja search --json`)."""

from __future__ import annotations

from test_recall_classes import _CHATTER, _background
from test_search import OLD, ids, search, session


def _chat(topic: str, n: int) -> list[tuple[str, str, str]]:
    # a long session about something else: the person asks, the assistant answers at length
    turns = []
    for k in range(n):
        turns.append(("user", f"next step for the {topic} {k}?", OLD))
        turns.append(("assistant", f"For the {topic}, keep the steps small and check each one before the next. "
                                   f"Write down what changed so step {k} can be undone.", OLD))
    return turns


def test_a_question_about_the_person_counts_their_own_turns_not_the_replies(home):
    # "car" is in many of the assistant's replies in two money chats (the person never says it
    # there) and once in the person's own line, in passing, inside a chat about a web page
    _background(home, 12)
    for k in range(2):
        turns = [("user", f"should I pay off debts or save first? budget {k}", OLD)]
        for j in range(6):
            turns += [("assistant", f"{_CHATTER} {_CHATTER} Pay the car loan with the highest interest first, then the "
                                    f"card {j}. {_CHATTER} {_CHATTER}", OLD),
                      ("user", f"and the savings account {j}?", OLD)]
        session(home, "money", f"money-{k}", turns)
    session(home, "web", "said-once", [
        *_chat("contrast check", 2),
        ("user", "My car is a 2014 Honda Jazz, it needs a service soon. Which button colour passes the contrast check?", OLD),
        ("assistant", "Use a darker blue on white for the button.", OLD),
        *_chat("layout", 1),
    ])
    r = search("What car do I drive?")
    assert ids(r)[0] == "said-once", [(h["session"]["id"], h["score"]) for h in r["hits"]]
    # a question about what the assistant said still reads its replies
    r = search("What did you say to pay off first?")
    assert ids(r)[0].startswith("money-"), ids(r)


def test_a_session_holding_more_of_the_rare_words_beats_one_repeating_a_common_one(home):
    # short turns that each hold one of the question's words ("so it stays fresh", asked again
    # and again) against the one line holding two of them, said in passing in a longer turn
    _background(home)
    for k in range(3):
        session(home, "baking", f"stays-{k}", [
            ("user", f"how long do the muffins stay fresh in a tin? {k}", OLD),
            ("assistant", "Two days, three with a slice of apple.", OLD),
            ("user", f"how do I store the banana bread so it stays fresh? batch {k}", OLD),
            ("assistant", "Wrap it in a cloth, not plastic.", OLD),
            ("user", "and the scones, so they stay soft?", OLD),
            ("assistant", "A tin with a slice of apple.", OLD),
            ("user", "what about the rolls, how do they stay fresh?", OLD),
            ("assistant", "Freeze what you will not eat tomorrow.", OLD),
        ])
    session(home, "work", "said-once", [
        *_chat("contract email", 5),
        ("user", "Can you tidy this email to my manager about the contract? For the offsite trip, I would "
                 "rather stay in rented apartments than big hotels when I travel.", OLD),
        ("assistant", "Here is a shorter version of the email.", OLD),
        *_chat("contract terms", 4),
    ])
    r = search("Where do I prefer to stay when I travel?")
    assert ids(r)[0] == "said-once", [(h["session"]["id"], h["score"], h.get("coverage")) for h in r["hits"]]
