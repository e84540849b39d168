"""Issue 14, session 8: questions that count across sessions ("How many books did I read this
year?", 我一共去过几次健身房？). Several sessions each hold one instance, said in passing and by its
name, not by the question's category word. Through the CLI (`deja search --json`) in a throwaway
HOME."""

from __future__ import annotations

from conftest import deja
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def test_a_chinese_question_whose_lone_character_is_common_does_not_crash(home):
    # 看 stands alone in 我看了几次医生; its bigrams with function characters (你看 看你 要看 就看) are
    # summed, and a record holding several of them counted once for each: past the records' number
    for i in range(3):
        session(home, "life", f"chat-{i}", [
            ("user", f"你看看你，要看就看吧，第{i}次了", OLD),
            ("assistant", f"你看这样行不行，看你自己，要看就看。{i}", OLD),
        ])
    session(home, "life", "doctor", [
        ("user", "今天去医院看了皮肤科，医生说没什么大问题", OLD),
        ("assistant", "那就好，按时涂药膏就行。", OLD),
    ])
    r = deja("search", "--json", "--", "我看了几次医生？", check=False)
    assert r.code == 0 and "internal error" not in r.err, r.err
    assert ids(r.json())[0] == "doctor"


def _howto(home, topic: str, asks: list[str], says: str, n: int) -> None:
    # chats about the category in general: the person asks about it, the assistant explains it
    for i in range(n):
        session(home, "life", f"{topic}-{i}", [
            (role, f"{text} ({i})", OLD) for ask in asks for role, text in (("user", ask), ("assistant", f"{_CHATTER} {says}"))
        ])


def test_a_count_question_finds_the_instances_said_by_name(home):
    # "how many doctors": the sessions that say "dermatologist", "cardiologist", not the chats that
    # ask about doctors in general
    _howto(home, "doctors", ["How often should I see a doctor for a check-up?", "What should I ask my doctor at an appointment?"],
           "Most people see a doctor once a year; write your questions down before the appointment.", 4)
    session(home, "life", "skin", [
        ("user", "How do I fix a flaky test? My dermatologist appointment went fine, the mole is nothing.", OLD),
        ("assistant", f"{_CHATTER} Run the test in a loop and look for shared state.", OLD),
    ])
    session(home, "life", "heart", [
        ("user", "Can you help me plan a budget? Saw a cardiologist this morning, the scan was normal.", OLD),
        ("assistant", f"{_CHATTER} Start from last month's statement and list the fixed costs.", OLD),
    ])
    r = search("How many different doctors have I seen?")
    assert ids(r)[0] in ("skin", "heart"), [(h["session"]["id"], h["score"]) for h in r["hits"]]


_OTHER = [("How do I clean a cast iron pan?", "Rinse it hot, dry it on the stove and oil it lightly."),
          ("Can you help me plan a budget?", "Start from last month's statement and list the fixed costs."),
          ("How do I fix a flaky test?", "Run the test in a loop and look for shared state."),
          ("What should I pack for a weekend away?", "Pack layers and one pair of shoes you can walk in all day.")]


def _long(home, sid: str, said: str, asks: list[tuple[str, str]] = ()) -> None:
    # a long chat: unrelated rounds, `asks` among them, and the person's line `said` in passing
    turns = []
    for k, (ask, reply) in enumerate([*_OTHER, *asks, *_OTHER]):
        turns += [("user", f"{ask} {said}" if k == 1 and said else ask, OLD), ("assistant", f"{_CHATTER} {reply}", OLD)]
    session(home, "life", sid, turns)


def test_a_count_question_prefers_a_reported_instance_to_asks_about_the_category(home):
    # the person asked about the gym in long chats; once, in passing, they said they went
    for i in range(4):
        _long(home, f"gym-{i}", "", [("Is a gym membership worth it if I only go twice a week?",
                                      "Twice a week at the gym already makes a real difference to strength."),
                                     ("What should I do on my first day at the gym?",
                                      "Ask the gym staff to show you the machines, then keep it short.")])
    _long(home, "went", "I went to the gym before work, my legs are dead.")
    r = search("How many times did I go to the gym?")
    assert ids(r)[0] == "went", [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_a_chinese_count_question_finds_the_instances(home):
    for i in range(4):
        session(home, "life", f"gym-howto-{i}", [
            ("user", f"第一次去健身房应该练什么？健身房的器械怎么用？（{i}）", OLD),
            ("assistant", f"刚去健身房先练大肌群，每次四十分钟就够了。健身房办年卡之前先买几次体验课。{i}", OLD),
        ])
    session(home, "life", "legs", [
        ("user", "剩下的红烧肉怎么保存？今天下班去撸铁了，练腿练到下楼都腿软。", OLD),
        ("assistant", "放凉以后密封冷藏，三天内吃完。", OLD),
    ])
    r = search("我一共去过几次健身房？")
    assert ids(r)[0] == "legs", [(h["session"]["id"], h["score"]) for h in r["hits"]]
