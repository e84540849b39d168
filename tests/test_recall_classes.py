"""Issue 14, session 4: classes of failure found on the long multi-session chats
(benchmarks/quality/chat.py), one test each, through the CLI (`deja search --json`)."""

from __future__ import annotations

from conftest import deja
from test_search import OLD, ago, ids, search, session

_CHATTER = ("Keep notes on what you try so you can compare later. The simplest option is usually the best place "
            "to start. If that does not work, we can try another approach. A quick test tells you more than a debate.")


def _background(home, n: int = 4) -> None:
    # sessions about other things, so that common words are common
    for i in range(n):
        session(home, "life", f"bg-{i}", [("user", f"what should I cook tonight, something with onions {i}?", OLD),
                                          ("assistant", f"{_CHATTER} A soup with onions and carrots is quick.", OLD)])


def test_an_answer_said_in_passing_inside_a_long_turn_is_found(home):
    # the answer is one sentence of a long assistant turn; a short line shares two of its words
    _background(home)
    session(home, "infra", "short-turns", [
        ("user", "the image push stage is slow", OLD),
        ("assistant", "Cache the layers.", OLD),
    ])
    session(home, "infra", "long-turn", [
        ("user", "how is the pipeline doing?", OLD),
        ("assistant", f"{_CHATTER} {_CHATTER} The image push stage got faster after we moved to a smaller base image. "
                      f"{_CHATTER} {_CHATTER}", OLD),
    ])
    r = search("What made the image push stage faster?")
    assert ids(r)[0] == "long-turn", ids(r)
    assert "smaller base image" in r["hits"][0]["answer"]


def test_a_question_about_what_the_assistant_said_weighs_its_turns(home):
    _background(home)
    # the same words: in one session the person said them, in the other the assistant did
    session(home, "life", "user-said", [
        ("user", "for the dinner party I was thinking of a lamb stew", ago(days=1)),
        ("assistant", "Sounds good.", ago(days=1)),
    ])
    session(home, "life", "assistant-said", [
        ("user", "any idea what to cook?", ago(days=30)),
        ("assistant", "For the dinner party I would make a lamb stew, it can be made a day ahead.", ago(days=30)),
    ])
    assert ids(search("What did you suggest for the dinner party?"))[0] == "assistant-said"
    assert ids(search("What did I say about the dinner party?"))[0] == "user-said"


def test_question_scaffolding_does_not_decide_the_answer(home):
    _background(home)
    # "database" is commoner here than "pick": read as a content word, "pick" would decide
    for i in range(2):
        session(home, "data", f"db-{i}", [("user", f"the database is slow on report {i}", OLD),
                                          ("assistant", "Add an index to the database table.", OLD)])
    session(home, "atlas", "pick-colours", [("user", "let's pick the atlas colours, pick one by Friday", OLD),
                                            ("assistant", "I will pick blue for atlas.", OLD)])
    session(home, "atlas", "atlas-storage", [("user", "atlas needs storage", OLD),
                                             ("assistant", "For atlas the database is Postgres.", OLD)])
    r = search("Which database did we pick for atlas?")
    assert ids(r)[0] == "atlas-storage", ids(r)


def test_a_possessive_is_its_word(home):
    _background(home)
    session(home, "infra", "pipeline", [("user", "the pipeline build step got faster with the cache", OLD)])
    session(home, "infra", "build-only", [("user", "the build step of the app is fine", OLD),
                                          ("assistant", "The build step is fine.", OLD)])
    r = search("what made the pipeline's build step faster?")
    assert ids(r)[0] == "pipeline", ids(r)
    shown = deja("search", "--explain", "what made the pipeline's build step faster?")
    assert "made pipeline build step faster" in shown.out + shown.err


def test_a_when_question_prefers_the_sentence_that_holds_a_time(home):
    _background(home)
    # the same words; the newer session (freshness) holds no time, the older one does
    session(home, "life", "race-newsletter", [("user", "I signed up for the race newsletter, the race photos are great", ago(days=1))])
    session(home, "life", "race-date", [("user", "I signed up for the race, it is on October 12, the race starts early", ago(days=60))])
    # (without the lift the newer one comes first: the same words, and fresher)
    assert ids(search("When is the race I signed up for?"))[0] == "race-date"
