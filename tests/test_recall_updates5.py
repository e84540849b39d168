"""Issue 14, session 11: a state changed twice, through the CLI (`deja search --json`) in a throwaway
HOME. For "Which gym did I go to before?" / 我以前用什么浏览器 the statement of a value before the
newest answers, not a chat on the subject that states nothing (search.recency.earlier_value); a
change that names the old value and a new one follows it, and the next change follows that one
(search.recency.follow); the words placing a question now are not asked of the answer (query.parse)."""

from __future__ import annotations

from conftest import deja
from test_recall_classes import _CHATTER, _background
from test_recall_updates4 import APRIL, JUNE, MARCH, MAY, _chat, _scores
from test_search import ids, search


def _gyms(home) -> None:
    # the chats say "gym" in both turns and rank first by their words; they name no gym
    _background(home)
    _chat(home, "life", "puregym", MARCH, f"I go to PureGym near the station, the gym is cheap. {_CHATTER}",
          f"{_CHATTER} Cheap gyms are fine for the basics.")
    _chat(home, "life", "packed", APRIL, "The gym was packed at lunchtime, how do I train when the gym is busy?",
          "Go to the gym early, or plan a gym session around free racks.")
    _chat(home, "life", "lloyd", MAY, f"Switched gym, I go to David Lloyd for the pool now. {_CHATTER}",
          f"{_CHATTER} Swimming is good for recovery.")
    _chat(home, "life", "sore", JUNE, "My shoulders are sore after the gym, what should I do at the gym next time?",
          "Rest a day, and at the gym warm up your shoulders first.")


def test_the_statement_before_the_newest_answers_which_one_before(home):
    _gyms(home)
    r = search("Which gym did I go to before?")
    assert ids(r)[0] == "puregym", _scores(r)


def test_the_question_about_now_still_takes_the_newest_statement(home):
    _gyms(home)
    r = search("Which gym do I go to these days?")
    assert ids(r)[0] == "lloyd", _scores(r)


def test_a_chinese_question_about_before_takes_the_older_statement(home):
    _background(home)
    _chat(home, "life", "chrome", MARCH, f"我用Chrome浏览器，插件很多。{_CHATTER}", f"{_CHATTER} 插件太多会拖慢速度。")
    _chat(home, "life", "tabs", APRIL, "浏览器又开了四十个标签页，我用的浏览器卡死了怎么办？", "浏览器的标签页可以分组，用不到的先关掉。")
    _chat(home, "life", "firefox", MAY, f"Chrome太占内存，浏览器换成了Firefox。{_CHATTER}", f"{_CHATTER} Firefox 的内存占用低一些。")
    _chat(home, "life", "plugins", JUNE, "浏览器插件更新以后又出问题了，我用的浏览器要重装吗？", "先在浏览器里停用插件，一个个打开试。")
    r = search("我以前用什么浏览器?")
    assert ids(r)[0] == "chrome", _scores(r)


def test_a_state_changed_twice_is_followed_by_the_names_each_change_gives(home):
    # neither change says "gym": the first names the old gym (PureGym) and a new one, the second the
    # middle one (David Lloyd) and the newest; chats on the gym state nothing
    _background(home)
    _chat(home, "life", "puregym", MARCH, f"I go to PureGym, the gym near the station, it's cheap. {_CHATTER}",
          f"{_CHATTER} Cheap gyms are fine for the basics.")
    _chat(home, "life", "lloyd", APRIL, f"Cancelled the PureGym membership and switched to David Lloyd for the pool. {_CHATTER}",
          f"{_CHATTER} Swimming is good for recovery.")
    _chat(home, "life", "packed", MAY, "The gym was packed at lunchtime, how do I train when it is busy?",
          "Go early, or plan a session around free racks.")
    _chat(home, "life", "arch", JUNE, f"No longer paying for David Lloyd, I joined Eastside Boxing Club instead. {_CHATTER}",
          f"{_CHATTER} Boxing is a hard workout.")
    r = search("Which gym do I go to?")
    assert ids(r)[0] == "arch", _scores(r)


def test_the_words_placing_a_question_now_are_not_asked_of_the_answer(home):
    # "at the moment" says when the question is asked: a statement need not hold "moment" to be one
    # (search.recency.newest_value), so the newest passes the later chat on the phone
    _background(home)
    _chat(home, "life", "pixel", MARCH, f"My phone is a Pixel 6, the battery is dying. {_CHATTER}",
          f"{_CHATTER} A battery swap is cheap.")
    _chat(home, "life", "galaxy", MAY, f"The Galaxy S24 is the best phone I have had, the camera is superb. {_CHATTER}",
          f"{_CHATTER} Good cameras sell phones.")
    _chat(home, "life", "buzzing", JUNE, "My phone keeps buzzing with work messages, what do I have to change?",
          "Mute the work chats on your phone after six, and keep the phone in another room at night.")
    r = search("What phone am I using at the moment?")
    assert ids(r)[0] == "galaxy", _scores(r)
    shown = deja("search", "--explain", "What phone am I using at the moment?")
    assert "query: phone using  (" in shown.out + shown.err, shown.out + shown.err


def test_the_newest_change_found_by_names_passes_a_chat_above_the_first_statement(home):
    # the chat says "gym" and "go" in the person's turn again and again and ranks above the first
    # statement; the changes found by the names they give state values, so the newest of them answers
    _background(home)
    _chat(home, "life", "puregym", MARCH, f"{_CHATTER} {_CHATTER} I go to PureGym, a gym near the station. {_CHATTER} {_CHATTER}",
          f"{_CHATTER} Cheap gyms are fine for the basics.")
    _chat(home, "life", "lloyd", APRIL, f"Cancelled the PureGym membership and switched to David Lloyd for the pool. {_CHATTER}",
          f"{_CHATTER} Swimming is good for recovery.")
    _chat(home, "life", "packed", MAY, "The gym is packed when I go, I go to the gym at lunch and the gym is full, should I go to the gym later?",
          "Go to the gym early, or plan a gym session around free racks.")
    _chat(home, "life", "arch", JUNE, f"No longer paying for David Lloyd, I joined Eastside Boxing Club instead. {_CHATTER}",
          f"{_CHATTER} Boxing is a hard workout.")
    r = search("Which gym do I go to?")
    assert ids(r)[0] == "arch", _scores(r)


def test_a_question_of_one_word_and_its_time_is_still_ranked_as_a_question(home):
    # "these days" is kept when the question has one other word: without it "phone" alone is ANDed,
    # and the change that says "iPhone", not "phone", is not among the sessions holding the word
    _background(home)
    for i in range(3):
        _chat(home, "travel", f"trip-{i}", MARCH, f"Can you plan four days in Krakow {i}?",
              "Keep a photo of your passport on your phone and a paper copy in a separate bag.")
    _chat(home, "life", "iphone", MAY, f"Switched to the iPhone 15 this week, the battery is so much better. {_CHATTER}",
          f"{_CHATTER} Batteries matter most.")
    r = search("Which phone do I have these days?")
    assert ids(r)[0] == "iphone", _scores(r)
