"""Issue 14, session 13 (branch `assist3`): what the assistant picked, laid out as a list ("1. Casa do
Largo, a family-run guesthouse", 1、巷子里的小馆子), asked later against sessions where the person
asked the same in the question's words and the reply named nothing. Through the CLI (`deja search --json`) in a
throwaway HOME."""

from __future__ import annotations

from test_recall_classes import _CHATTER
from test_recall_facts import _others
from test_search import OLD, ids, search, session


def _scores(r) -> list[tuple[str, float]]:
    return [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_a_list_reply_names_its_picks(home):
    # "What was the hotel you recommended in Lisbon?": the reply lists four places to stay, none of
    # them written "hotel"; chats where the person asked for a hotel in Lisbon in the question's words
    # got a reply that named nothing
    _others(home)
    for i in range(3):
        session(home, "life", f"asked-{i}", [
            ("user", f"Can you recommend a hotel in Lisbon for our anniversary? ({i})", OLD),
            ("assistant", f"{_CHATTER} Filter by reviews from the last six months and check the walk up the hill. ({i})", OLD),
        ])
    session(home, "life", "listed", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "We fly to Lisbon in June, where should we stay for four nights?", OLD),
        ("assistant", "Here are the places I would shortlist:\n1. Casa do Largo, a family-run guesthouse on a quiet square\n"
                      "2. Memmo Principe Real, small and modern, with a terrace\n3. a rented flat in Graca if you want a kitchen", OLD),
    ])
    r = search("What was the hotel you recommended in Lisbon?")
    assert ids(r)[0] == "listed", _scores(r)


def test_a_chinese_list_reply_names_its_picks(home):
    # 你推荐的放卫生间的植物是什么: the list's items are lowercase Chinese names NAMED does not see
    _others(home)
    for i in range(3):
        session(home, "life", f"asked-{i}", [
            ("user", f"卫生间适合放什么植物？（{i}）", OLD),
            ("assistant", f"完全没有窗户的话，植物最后都会饿死，放个仿真的更省心。（{i}）", OLD),
        ])
    session(home, "life", "listed", [
        ("user", "面包怎么发得更好？", OLD),
        ("assistant", "面团放在暖和的地方，多给点时间。", OLD),
        ("user", "我家卫生间没有窗户，想放点绿色的东西", OLD),
        ("assistant", "这几种耐阴又耐潮：\n1、虎尾兰，基本养不死\n2、金钱树，一个月浇一次水\n3、绿萝，放在架子上垂下来", OLD),
    ])
    r = search("你推荐的放卫生间的植物是什么？")
    assert ids(r)[0] == "listed", _scores(r)


def test_a_day_or_a_month_is_no_named_pick(home):
    # "Which restaurant did you suggest for our anniversary?": the replies to the person's asks about
    # restaurants for other occasions advise booking "for a Friday night" (a day, capitalised, is no
    # pick); the answering reply names the restaurant where it holds the question's word
    _others(home)
    for i in range(3):
        session(home, "life", f"asked-{i}", [
            ("user", f"Can you suggest a restaurant for a work lunch? ({i})", OLD),
            ("assistant", f"{_CHATTER} For a Friday night I would book at least a week ahead. ({i})", OLD),
        ])
    session(home, "life", "named", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "It's ten years since we married next month.", OLD),
        ("assistant", f"{_CHATTER} For an anniversary dinner, Luca's by the river does a tasting menu.", OLD),
    ])
    r = search("Which restaurant did you suggest for our anniversary?")
    assert ids(r)[0] == "named", _scores(r)
