"""Issue 14, session 12: the person's fact said in passing, naming the thing by its instance and not
by the question's word ("what pet do I have" / "the cat knocked a mug off", "what car do I drive" /
"the Skoda is in the garage", "what instrument does my son play" / "the boy practises the trumpet",
我养的是什么宠物 / 家里的鹦鹉): search.related's groups of a category and its instances, English
beside Chinese. Through the CLI (`deja search --json`) in a throwaway HOME."""

from __future__ import annotations

from test_recall_facts import _others, _scores
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def _ramble(home, key: str, fact: str, lang: str = "en") -> None:
    """A chat that drifts over three subjects, the fact an aside of the second subject's turn."""
    en = lang == "en"
    asks = (["How do I freeze the top row in a spreadsheet?", "How long do I roast a chicken of two kilos?",
             "How do I end an email to a manager I have never met?"] if en
            else ["表格里怎么冻结第一行？", "两公斤的鸡烤多久？", "给没见过的领导发邮件怎么结尾？"])
    reply = "Named ranges make long formulas readable." if en else "给区域起名字，公式会好读很多。"
    turns = []
    for i, a in enumerate(asks):
        turns += [("user", f"{fact} {a}" if i == 1 else a, OLD), ("assistant", f"{_CHATTER} {reply}", OLD)]
    session(home, "life", key, turns)


def _topic(home, asks: list[str], reply: str) -> None:
    """Short chats on the question's topic in its words, no instance named."""
    for i, a in enumerate(asks):
        session(home, "life", f"topic-{i}", [("user", a, OLD), ("assistant", f"{_CHATTER} {reply}", OLD)])


def test_a_category_asked_is_answered_by_its_instance(home):
    # "pet" is nowhere in the answer: the cat is; without the group the session is no candidate at all
    _others(home)
    _ramble(home, "fact", "The cat knocked a mug off the desk this morning, so the keyboard is sticky.")
    _topic(home, ["Which pet is easiest to look after?", "How much does a pet cost each month?"],
           "Food, insurance and vets add up each month.")
    r = search("What pet do I have?")
    assert "fact" in ids(r)[:3], _scores(r)


def test_a_car_said_by_its_make_and_a_son_as_the_boy(home):
    _others(home)
    _ramble(home, "car", "The Skoda is in the garage again, so I am getting the bus all week.")
    _ramble(home, "son", "The boy practises the trumpet in the next room every evening, so I wear headphones.")
    _topic(home, ["Which car is cheapest to insure?", "At what age should my son start music lessons?"],
           "It depends on the area and the teacher.")
    assert ids(search("What car do I drive?"))[0] == "car"
    r = search("What instrument does my son play?")
    assert ids(r)[0] == "son", _scores(r)


def test_a_category_in_chinese(home):
    _others(home)
    _ramble(home, "fact", "家里的鹦鹉早上把杯子从桌上碰下去了，键盘现在黏糊糊的。", "zh")
    _topic(home, ["哪种宠物最好养？", "养宠物一个月要花多少钱？"], "粮食、保险、看病加起来每个月不少钱。")
    r = search("我养的是什么宠物？")
    assert "fact" in ids(r)[:3], _scores(r)


def test_she_is_the_daughter_asked_about(home):
    # 每天送她上学: the question asks about the daughter, so 她 is she, not somebody else's school run
    _others(home)
    _ramble(home, "fact", "小的九月份进了实验小学，每天送她上学都跟打仗一样。", "zh")
    session(home, "life", "cousin", [("user", "我姐姐的女儿在上海读寄宿学校。米饭怎么才不粘锅？", OLD),
                                     ("assistant", f"{_CHATTER} 米先淘一下，焖的时候别开盖。", OLD)])
    _topic(home, ["女儿刚转学怎么帮她适应？", "小学生每天作业多少算正常？"], "大部分孩子半个学期就能适应。")
    r = search("我女儿在哪上学？")
    assert "fact" in ids(r)[:3], _scores(r)


def test_whose_third_person_is_the_one_asked_about():
    from deja.search.whose import others
    from deja.text.tokenizer import tokens

    school = {w: i for i, w in enumerate(["女儿", "上学"])}
    assert not others(tokens("每天送她上学都跟打仗一样"), {"上学": 1}, school)
    assert others(tokens("每天送她上学都跟打仗一样"), {"上学": 1}, {"上学": 1})  # no one asked about: she is another
    job = {w: i for i, w in enumerate(["wife", "job"])}
    assert not others(tokens("She loves the job"), {"job": 1}, job)
    assert others(tokens("My friend loves the job"), {"job": 1}, job)
    assert others(tokens("He loves the job"), {"job": 1}, job)  # the wife asked about is she, not he
    assert others(tokens("他朋友的他她老婆叫什么名字"), {"老婆": 0}, {"老婆": 0})  # (他 is another: 老婆 is she)


def test_a_session_telling_only_somebody_elses_fact_falls_behind(home):
    # the colleague's gym holds every word of the question, in the one line of its chat that holds any;
    # the person's own is said in passing in a long chat about other things, in other words (signed up)
    _others(home)
    _ramble(home, "fact", "I signed up at Anytime Fitness last month and the classes start at six.")
    for i in range(2):
        session(home, "life", f"colleague-{i}", [
            ("user", "My colleague joined a gym called Iron House and quit after a week. How do I fix a flaky test?", OLD),
            ("assistant", f"{_CHATTER} Run the test in a loop and look for shared state.", OLD)])
    r = search("Which gym did I join?")
    assert ids(r)[0] == "fact", _scores(r)
