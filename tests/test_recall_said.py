"""Issue 14, session 9 (branch `assist`): what the assistant said, asked later ("which laptop did you
tell me to buy?", "what was the second book you suggested?", 你推荐的密码管理器是哪个？), among chats on
the same topic that hold the question's words and name nothing. Through the CLI (`deja search
--json`) in a throwaway HOME."""

from __future__ import annotations

from test_recall_classes import _CHATTER
from test_recall_facts import _others
from test_search import OLD, ids, search, session


def _scores(r) -> list[tuple[str, float]]:
    return [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_the_reply_to_the_persons_situation_that_names_the_pick(home):
    # the person says the situation ("have to buy a new laptop"), the reply names the pick without the
    # question's words; chats about buying laptops hold every word of the question and name nothing
    _others(home)
    for i in range(4):
        session(home, "life", f"laptops-{i}", [
            ("user", f"Should I buy a laptop or a tablet for school? ({i})", OLD),
            ("assistant", f"{_CHATTER} Buy a laptop only if you type a lot; check the keyboard in a shop before buying "
                          f"any laptop online. ({i})", OLD),
        ])
    session(home, "life", "picked", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "I travel a lot for work and have to buy a new laptop, I can spend about 1200.", OLD),
        ("assistant", f"{_CHATTER} For that much travel, the ThinkPad X1 Carbon is the one I would pick: light, and the "
                      "battery lasts a full day.", OLD),
    ])
    r = search("Which laptop did you tell me to buy?")
    assert ids(r)[0] == "picked", _scores(r)


def test_the_reply_that_names_the_pick_outranks_replies_on_the_topic(home):
    # 你推荐的密码管理器是哪个？: replies about password managers in general hold the question's words;
    # the one that answers names the pick (a Latin name in a Chinese sentence) after the person's turn
    # that says what they need
    _others(home)
    for i in range(4):
        session(home, "life", f"general-{i}", [
            ("user", f"把密码存在浏览器里安全吗？（{i}）", OLD),
            ("assistant", f"密码管理器比浏览器安全，因为密码库有单独的主密码，我推荐用密码管理器。（{i}）", OLD),
        ])
    session(home, "life", "named", [
        ("user", "家里人所有网站都用同一个密码，想找个大家能一起用的密码管理器", OLD),
        ("assistant", "一家人用的话我推荐 Bitwarden，有共享密码库，手机上也能用。", OLD),
    ])
    r = search("你推荐的密码管理器是哪个？")
    assert ids(r)[0] == "named", _scores(r)


def test_an_ordinal_frames_the_question(home):
    # "the second book you suggested": the reply lists its picks in order and does not say "second";
    # a chat where the person says "second" about books holds every word and answers nothing
    _others(home)
    for i in range(3):
        session(home, "life", f"second-{i}", [
            ("user", f"I never finish the second book of a series, I always suggested to myself I would. ({i})", OLD),
            ("assistant", f"{_CHATTER} Stop a book at page fifty if it bores you. ({i})", OLD),
        ])
    session(home, "life", "list", [
        ("user", "I want to get better at managing my time, any reading?", OLD),
        ("assistant", f"{_CHATTER} Start with Essentialism for the ideas, and after that read Make Time, a book that is "
                      "more practical.", OLD),
    ])
    r = search("What was the second book you suggested?")
    assert ids(r)[0] == "list", _scores(r)
