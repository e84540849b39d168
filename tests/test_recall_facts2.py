"""Issue 14, session 10: the person's facts said once inside a long turn about something else, asked
later in other words ("How long is my commute?", "How much is my rent?"), among sessions where the
person asks the assistant about the fact's topic. Through the CLI (`deja search --json`) in a
throwaway HOME."""

from __future__ import annotations

from test_recall_facts import _others, _scores
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def test_a_topic_asked_in_many_turns_is_no_fact(home):
    # one chat where the person asks about commuting in five turns (each a short question holding
    # both words), against the long turn about a budget that says how long their commute is: every
    # ask is read as a question, not only the first three
    _others(home)
    asks = ["Is a long commute bad for you?", "Is a long commute bad for sleep?", "How do I survive a long commute?",
            "Do people quit over a long commute?", "Should I move to cut a long commute?", "Can a long commute be exercise?",
            "How do I stay calm on a long commute?"]
    session(home, "life", "asks", [(role, text, OLD) for a in asks
                                   for role, text in (("user", a), ("assistant", f"{_CHATTER} It depends on the person."))])
    session(home, "life", "budget", [
        ("user", "I am trying to sort out the household budget this weekend. My commute is forty minutes door to "
                 "door, so the season ticket is a big line. We also want to put something aside for a holiday next summer, and the car insurance renews in March. Which formula sums a column only when the "
                 "next column says paid?", OLD),
        ("assistant", f"{_CHATTER} SUMIF takes the range to test, the condition and the range to add.", OLD),
    ])
    r = search("How long is my commute?")
    assert ids(r)[0] == "budget", _scores(r)


def test_a_one_word_fact_question_reads_the_replies_as_the_other_side(home):
    # "How much is my rent?" has one content word, so the exact tier ranks it: the replies on renting
    # that say "rent" in every sentence are the assistant's, not the person's fact
    _others(home)
    for i in range(2):
        session(home, "life", f"renting-{i}", [
            ("user", "Is it better to rent or buy at my age?", OLD),
            ("assistant", "A common rule is to keep rent under a third of take-home pay. Ask what similar flats rent "
                          "for before you negotiate the rent. Landlords accept a smaller rent rise from a good tenant. "
                          "Renting buys flexibility; rent is not money thrown away.", OLD),
        ])
    session(home, "life", "budget", [
        ("user", "My spreadsheet has grown to twelve tabs and nobody else understands it. The rent on our flat is "
                 "1,275 a month, so that is by far the biggest line. We want to save for a holiday next summer, and the car insurance renews in March, so the spring months are tight. "
                 "How do I split a shared bill in a spreadsheet so everyone sees what they owe?", OLD),
        ("assistant", f"{_CHATTER} One row per transaction, and a pivot table for the totals.", OLD),
    ])
    r = search("How much is my rent?")
    assert ids(r)[0] == "budget", _scores(r)


def test_where_someone_lives_or_works_put_in_other_words(home):
    # "relocate" / "moved to", "works" / "got a job": the person's line says neither of the question's
    # verbs; sessions about the city and the sister hold those words and not the fact
    _others(home)
    for i in range(3):
        session(home, "life", f"city-{i}", [
            ("user", "Which city has the best museums for a weekend?", OLD),
            ("assistant", f"{_CHATTER} A city with free museums makes a cheap weekend.", OLD),
            ("user", "My sister says I overthink these things. Is a city break better in spring?", OLD),
            ("assistant", f"{_CHATTER} Spring is quieter in most cities.", OLD),
        ])
    session(home, "life", "moved", [
        ("user", "By the way, my sister Mara just moved to Lisbon for a hospital job. How often should we back up "
                 "the database? The dog kept me up again.", OLD),
        ("assistant", f"{_CHATTER} Back up nightly and test a restore once a month.", OLD),
    ])
    for q in ("Which city did my sister relocate to?", "Where did I say my sister works?"):
        r = search(q)
        assert ids(r)[0] == "moved", (q, _scores(r))
