"""Issue 14, session 13: a state changed two or three times, then decoys that are not the person's
state now, through the CLI (`deja search --json`) in a throwaway HOME (search.recency.newest_value):
a change that names an instance of the asked kind ("Upgraded to the iPhone 16" for "which phone") is
a statement of the state; somebody else's state ("My dad finally got a Pixel 9") and an older value
mentioned again after the newest ("Found my old Pixel 6 in a drawer") are not the newest statement;
and the newest statement passes the older ones, whatever share of the question they hold."""

from __future__ import annotations

from test_recall_classes import _CHATTER, _background
from test_recall_updates4 import APRIL, JUNE, MARCH, MAY, _chat, _scores
from test_search import ids, search

JULY = "2026-07-20T10:00:00Z"


def test_an_old_value_mentioned_after_the_newest_is_not_the_state_now(home):
    # the newest change says no "phone": the model is an instance of the kind; a later session names
    # the first phone again, as the past
    _background(home, 30)  # a history of some size: the kind's instances rarer than its common words
    _chat(home, "life", "pixel", MARCH, f"My phone is a Pixel 6, the battery lasts two days. {_CHATTER}",
          f"{_CHATTER} Battery life matters most.")
    _chat(home, "life", "sea", APRIL, f"Dropped the Pixel 6 in the sea, replaced it with an iPhone 13. {_CHATTER}",
          f"{_CHATTER} Waterproof cases help.")
    _chat(home, "life", "iphone", MAY, f"Upgraded to the iPhone 16 on a new contract. {_CHATTER}",
          f"{_CHATTER} Contracts are cheaper over two years.")
    _chat(home, "life", "drawer", JULY, f"Found my old Pixel 6 in a drawer, it still boots. {_CHATTER}",
          f"{_CHATTER} Old phones make good cameras.")
    r = search("Which phone do I have?")
    assert ids(r)[0] == "iphone", _scores(r)


def test_somebody_else_s_state_after_the_newest_is_not_the_person_s(home):
    _background(home, 30)  # a history of some size: the kind's instances rarer than its common words
    _chat(home, "life", "civic", MARCH, f"I drive a Honda Civic to work every day. {_CHATTER}",
          f"{_CHATTER} Civics are reliable.")
    _chat(home, "life", "yaris", APRIL, f"Sold the Honda Civic and picked up a Toyota Yaris, much better on fuel. {_CHATTER}",
          f"{_CHATTER} Small cars are cheap to run.")
    _chat(home, "life", "niro", MAY, f"Traded the Toyota Yaris for a Kia Niro last weekend. {_CHATTER}",
          f"{_CHATTER} Hybrids save fuel in town.")
    _chat(home, "life", "sister", JULY, f"My sister just bought a Tesla Model 3 car, her first one. {_CHATTER}",
          f"{_CHATTER} First cars are exciting.")
    r = search("What car do I drive?")
    assert ids(r)[0] == "niro", _scores(r)


def test_the_newest_statement_passes_an_older_one_holding_more_of_the_question(home):
    # the first statement holds "language" and "learning"; the changes name only languages (instances
    # of the kind asked), each in a change
    _background(home, 30)  # a history of some size: the kind's instances rarer than its common words
    _chat(home, "life", "spanish", MARCH, f"The language I am learning is Spanish, on the app every night. {_CHATTER}",
          f"{_CHATTER} Apps are good for vocabulary.")
    _chat(home, "life", "japanese", APRIL, f"Gave up Spanish, started Japanese classes on Tuesdays. {_CHATTER}",
          f"{_CHATTER} Classes keep you honest.")
    _chat(home, "life", "german", JUNE, f"Switched from Japanese to an intensive German course before the move. {_CHATTER}",
          f"{_CHATTER} Intensive courses work if you can keep the pace.")
    r = search("Which language am I learning?")
    assert ids(r)[0] == "german", _scores(r)


def test_a_chinese_state_is_not_taken_from_somebody_else_or_an_old_value(home):
    _background(home, 30)  # a history of some size: the kind's instances rarer than its common words
    _chat(home, "life", "p40", MARCH, f"我的手机是华为P40，电池能用两天。{_CHATTER}", f"{_CHATTER} 电池很重要。")
    _chat(home, "life", "oppo", APRIL, f"华为P40掉海里了，补了一台OPPO Find X5。{_CHATTER}", f"{_CHATTER} 防水很重要。")
    _chat(home, "life", "mi14", MAY, f"签了新合约，升级到了小米14。{_CHATTER}", f"{_CHATTER} 合约机便宜。")
    _chat(home, "life", "dad", JUNE, f"我爸终于用上智能手机了，买的是华为Mate60。{_CHATTER}", f"{_CHATTER} 老人用大屏好。")
    _chat(home, "life", "drawer", JULY, f"在抽屉里翻到以前的OPPO Find X5，还能开机。{_CHATTER}", f"{_CHATTER} 旧手机可以当备用机。")
    r = search("我用的是什么手机?")
    assert ids(r)[0] == "mi14", _scores(r)


def test_a_restatement_of_the_newest_value_is_still_the_state_now(home):
    # guard: a later session naming the newest value again is a statement of it, not an old value
    _background(home, 30)  # a history of some size: the kind's instances rarer than its common words
    _chat(home, "life", "pixel", MARCH, f"My phone is a Pixel 6, the battery lasts two days. {_CHATTER}",
          f"{_CHATTER} Battery life matters most.")
    _chat(home, "life", "iphone", MAY, f"Upgraded to the iPhone 16 on a new contract. {_CHATTER}",
          f"{_CHATTER} Contracts are cheaper over two years.")
    _chat(home, "life", "again", JULY, f"Loving the iPhone 16, the camera is superb. {_CHATTER}",
          f"{_CHATTER} Good cameras sell phones.")
    r = search("Which phone do I have?")
    assert ids(r)[0] in ("iphone", "again"), _scores(r)
