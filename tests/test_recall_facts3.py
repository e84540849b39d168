"""Issue 14, session 11: the person's fact said in passing inside a long chat about something else,
asked in other words, among sessions where somebody else's is told in the question's words ("my
friend's dog is a labrador", 我朋友的老婆叫王芳). Through the CLI (`deja search --json`) in a throwaway
HOME."""

from __future__ import annotations

from test_recall_facts import _others, _scores
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def _garden(home, key: str, fact: str, lang: str = "en") -> None:
    """A long chat about a garden with the person's fact as an aside in its second turn."""
    en = lang == "en"
    ask = ["When should I plant tomato seedlings outside?", "How do I stop slugs eating the lettuce?",
           "What can I grow in a shady corner?"] if en else ["番茄苗什么时候可以移栽到外面？", "不用药怎么防止蛞蝓吃生菜？", "背阴的角落种什么好？"]
    reply = "Mulch keeps the moisture in and the weeds down." if en else "地面盖一层覆盖物能保水也能压草。"
    turns = []
    for i, a in enumerate(ask):
        turns += [("user", (("The allotment came through at last. " if en else "终于分到了一块菜地。") + fact + " " + a) if i == 1 else a, OLD),
                  ("assistant", f"{_CHATTER} {reply}", OLD)]
    session(home, "garden", key, turns)


def test_somebody_elses_thing_in_the_questions_words_is_not_the_persons(home):
    # the person's line says the dog once ("we adopted a beagle … the dog"); a friend's dog is told
    # in every word of the question, beside a request about something else
    _others(home)
    _garden(home, "fact", "We adopted a beagle last spring and the dog still chews every cable.")
    session(home, "moving", "friend", [
        ("user", "My friend's dog is a labrador, a huge breed, twice the size of mine. How far ahead should I book a removal van?", OLD),
        ("assistant", f"{_CHATTER} Three or four weeks ahead, more for a Saturday.", OLD),
    ])
    r = search("What breed is my dog?")
    assert ids(r)[0] == "fact", _scores(r)


def test_somebody_elses_in_chinese(home):
    # 我朋友的老婆叫王芳 holds every word of 我老婆叫什么名字; the person's own 我老婆思琪 is one aside
    _others(home)
    _garden(home, "fact", "我老婆思琪这周去外地开会了，所以我一个人做饭。", "zh")
    session(home, "moving", "friend", [
        ("user", "我朋友的老婆叫王芳，开了一家面包店。搬家公司要提前多久约？", OLD),
        ("assistant", f"{_CHATTER} 提前三四周约搬家公司。", OLD),
    ])
    r = search("我老婆叫什么名字？")
    assert ids(r)[0] == "fact", _scores(r)


def test_whose_words_a_sentence_tells():
    # the nearest person before the question's word; in Chinese only within whose.NEAR tokens
    # (Chinese leaves the person unsaid: 有了孩子以后…睡 is the person's own sleep)
    from deja.search.whose import others
    from deja.text.tokenizer import tokens

    def words(*ws: str) -> dict[str, int]:
        return {w: i for i, w in enumerate(ws)}

    dog = words("breed", "dog")
    assert others(tokens("My friend's dog is a labrador"), dog, dog)
    assert not others(tokens("We adopted a beagle and the dog chews every cable"), dog, dog)
    live = words("city", "live", "lives", "lived")
    assert others(tokens("My sister lives in Madrid"), live, live)
    assert not others(tokens("My sister says I have lived in Lyon too long"), live, live)
    wife = words("wife", "name")
    assert not others(tokens("Ingrid, my wife, is away this week"), wife, wife)
    assert others(tokens("My friend's wife is called Laura"), wife, wife)
    sleep = words("每天", "睡", "小时", "个小")
    assert others(tokens("我同事每天睡四个小时"), sleep, sleep)
    assert not others(tokens("有了孩子以后一直都只能睡五个小时"), sleep, sleep)
    drink = words("早上", "喝")
    assert not others(tokens("牛奶喝完了，早上只好喝茶"), drink, drink)  # 奶 of 牛奶 is no grandmother
    assert others(tokens("我奶奶早上只喝茶"), drink, drink)


def test_whose_reads_a_sentence_in_work_linear_in_it_and_the_question():
    # each token naming a person was checked against every word of the question (老婆 of
    # 我老婆叫什么 is no other person): a 6,000-character pasted question and a record of 他 × 48,000
    # took 21 s a search. The question's words are read as often whatever the sentence's length.
    from deja.search.whose import others
    from deja.text.tokenizer import tokens

    class Asked(dict):
        reads = 0

        def __iter__(self):
            Asked.reads += 1
            return super().__iter__()

    asked = Asked({w: i for i, w in enumerate(["老婆", "名字", *(f"词{i}" for i in range(3000))])})
    assert others(tokens("他朋友的他她老婆叫什么名字"), asked, asked)  # (老婆 is asked: no other person; 他 is)
    short, Asked.reads = Asked.reads, 0
    assert others(tokens("他朋友的" + "他她" * 5000 + "老婆叫什么名字"), asked, asked)
    assert Asked.reads == short  # (as many for 10,000 people named as for two: 10,003 against 5 before)
    wife = {"老婆": 0, "名字": 1}
    assert not others(tokens("我老婆的名字叫李娜"), wife, wife)
    assert others(tokens("我朋友的老婆的名字叫王芳"), wife, wife)
