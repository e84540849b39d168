"""Issue 14, session 10: a state said three times, the newest plainly, through the CLI
(`deja search --json`) in a throwaway HOME: the newest of the person's statements of a value answers
(search.recency.newest_value)."""

from __future__ import annotations

from test_recall_classes import _CHATTER, _background
from test_search import ids, search, session

MARCH, APRIL, MAY, JUNE = "2026-03-02T10:00:00Z", "2026-04-06T10:00:00Z", "2026-05-11T10:00:00Z", "2026-06-15T10:00:00Z"


def _chat(home, project: str, sid: str, when: str, user: str, assistant: str) -> None:
    session(home, project, sid, [("user", user, when), ("assistant", assistant, when)])


def _scores(r: dict) -> list:
    return [r["tier"]] + [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_the_newest_count_said_plainly_answers_over_an_older_one_in_the_question_s_words(home):
    # the older line holds both of the question's words; the newest says the count with no word of
    # change and only "team" (the reply says "people"); a later session on the team states no count
    _background(home)
    for i in range(4):  # "people" is a common word, as in any history
        _chat(home, "life", f"people-{i}", MARCH, f"do people like onion soup {i}?", f"{_CHATTER} Most people do.")
    _chat(home, "work", "seven", MARCH, f"my team is seven people, all backend, the people are great. {_CHATTER}",
          f"{_CHATTER} Small teams move fast.")
    _chat(home, "work", "hiring", APRIL, f"we are hiring for my team, the interviews take forever. {_CHATTER}",
          f"{_CHATTER} A structured interview saves time.")
    _chat(home, "work", "ten", MAY, f"Ten of us at the team standup every morning, it drags on. {_CHATTER}",
          f"{_CHATTER} With that many people, try a written standup twice a week.")
    _chat(home, "work", "offsite", JUNE, f"my team had an offsite at a bowling alley. {_CHATTER}",
          f"{_CHATTER} Offsites are good for morale.")
    r = search("How many people are on my team?")
    assert ids(r)[0] == "ten", _scores(r)


def test_a_name_said_in_a_later_statement_answers_which_one_i_use(home):
    # the editor named three times: the older lines hold "use" and "editor", the newest only "editor"
    # (the reply says "use")
    _background(home)
    _chat(home, "dev", "vim", MARCH, f"I use Vim as my editor for everything, I use it daily. {_CHATTER}",
          f"{_CHATTER} Vim rewards a small config.")
    _chat(home, "dev", "trial", APRIL, f"I gave Helix a try for a week, I use my editor config from Vim. {_CHATTER}",
          f"{_CHATTER} Helix has sensible defaults.")
    _chat(home, "dev", "helix", MAY, f"Helix is a lovely editor once the plugins are set up. {_CHATTER}",
          f"{_CHATTER} Good, use version control for the config.")
    r = search("What editor do I use?")
    assert ids(r)[0] == "helix", _scores(r)


def test_a_later_session_naming_only_a_day_is_no_statement_of_the_state(home):
    # "on Saturdays" is a time, not a value: the newer chat about coaching kids does not pass the
    # session that names the coach
    _background(home)
    _chat(home, "life", "anna", MARCH, f"My coach is Anna, she is strict but fair. {_CHATTER}",
          f"{_CHATTER} A strict coach helps.")
    _chat(home, "life", "lena", APRIL, f"It did not click with Anna, my coach is Lena from the running club. {_CHATTER}",
          f"{_CHATTER} A club coach knows the local races.")
    _chat(home, "life", "kids", MAY, f"Coaching kids on Saturdays is fun, I coach the under tens. {_CHATTER}",
          f"{_CHATTER} Kids learn fast with games.")
    r = search("Who is my coach?")
    assert ids(r)[0] == "lena", _scores(r)


def test_the_newest_statement_passes_a_later_chat_on_the_subject_that_states_no_value(home):
    # the later chat says "phone" in both turns and ranks first by its words; it names no phone
    _background(home)
    _chat(home, "life", "pixel", MARCH, f"My phone is a Pixel 6, the battery is dying. {_CHATTER}",
          f"{_CHATTER} A battery swap is cheap.")
    _chat(home, "life", "galaxy", MAY, f"The Galaxy S24 is the best phone I have had, the camera is superb. {_CHATTER}",
          f"{_CHATTER} Good cameras sell phones.")
    _chat(home, "life", "buzzing", JUNE, "My phone keeps buzzing with work messages, what do I have to change?",
          "Mute the work chats on your phone after six, and keep the phone in another room at night.")
    r = search("What phone do I have?")
    assert ids(r)[0] == "galaxy", _scores(r)


def test_a_newer_change_told_without_a_name_is_not_passed_by_an_older_named_statement(home):
    # the newest session states the move with no name; the older ones name the city: the newest of
    # the named ones does not pass the one that states the change
    _background(home)
    _chat(home, "life", "leeds", MARCH, f"I live in Leeds, in a flat near the river. {_CHATTER}",
          f"{_CHATTER} Leeds is lovely in spring.")
    _chat(home, "life", "leaving", APRIL, f"Thinking of leaving Leeds, I live too far from the sea. {_CHATTER}",
          f"{_CHATTER} Coastal towns are cheaper than you think.")
    _chat(home, "life", "sea", MAY, f"We finally moved to a little house by the sea, we live right by the beach. {_CHATTER}",
          f"{_CHATTER} Enjoy the sea air.")
    r = search("Where do I live?")
    assert ids(r)[0] == "sea", _scores(r)



def test_a_value_is_looked_for_in_linear_work():
    # passage.valued reads the person's best sentence for a value; a Latin word before Chinese was
    # tried at every letter of a long run, its length squared (40,000 letters: 20 s; this one:
    # hours). A process of its own with a timeout hundreds of times what it takes, so a regression
    # fails instead of holding the suite.
    import subprocess
    import sys

    code = ("from deja.search.passage import valued\n"
            "assert not valued('', 'My phone is the ' + 'a' * 400_000)\n"
            "assert not valued('person', 'my coach is ' + 'a_' * 200_000)\n"
            "assert valued('', '我买了iPhone手机') and valued('', '我现在用 Helix 编辑器')\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
