"""Issue 14, session 7: a request for a recommendation or advice names the need ("what should I
cook for my guests", 通勤路上有什么建议), the session that answers it the person's preference,
habit or constraint, said once in passing ("I've been vegetarian for years", 我每天骑车上班).
Through the CLI (`deja search --json`) in a throwaway HOME."""

from __future__ import annotations

import pytest

from conftest import deja
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def _kitchen(home, n: int) -> None:
    # chats about cooking in which the person states nothing about themselves
    for i in range(n):
        session(home, "life", f"cooking-{i}", [
            ("user", f"How long do I cook rice for, batch {i}? And how do I cook lentils so they stay firm?", OLD),
            ("assistant", f"{_CHATTER} Cook rice for twelve minutes and lentils for twenty, then let them rest.", OLD),
        ])


def test_a_request_for_a_recommendation_finds_the_stated_preference(home):
    _kitchen(home, 8)
    session(home, "life", "guests-decoy", [
        ("user", "My guests arrive soon and the flat is a mess, where do I start cleaning?", OLD),
        ("assistant", f"{_CHATTER} Start with the rooms your guests will see first.", OLD),
    ])
    session(home, "life", "said-once", [
        ("user", "How do I cook chickpeas from dry? I've been vegetarian for five years, so beans are my protein.", OLD),
        ("assistant", f"{_CHATTER} Soak them overnight, then simmer for about an hour.", OLD),
    ])
    r = search("What should I cook for my guests this weekend?")
    assert ids(r)[0] == "said-once", [(h["session"]["id"], h["score"]) for h in r["hits"]]
    # the hit's snippets show the person's own line that answers
    assert any("vegetarian" in s for s in r["hits"][0]["snippets"]), r["hits"][0]["snippets"]


def test_a_request_that_shares_no_word_with_the_answer_finds_it(home):
    _kitchen(home, 8)
    for i in range(4):
        session(home, "life", f"shows-{i}", [
            ("user", f"How do I turn off motion smoothing on the tv? It makes every show look odd, part {i}.", OLD),
            ("assistant", f"{_CHATTER} Look for motion or clarity in the picture settings.", OLD),
        ])
    session(home, "life", "said-once", [
        ("user", "My laptop fan is loud. Also I binged a slow Scandinavian crime series last month and loved it.", OLD),
        ("assistant", f"{_CHATTER} Clean the vents and check which process keeps the fan busy.", OLD),
    ])
    r = search("Can you recommend a show for tonight?")
    # among the sessions that hold "show" itself (the question's own word), not below them all
    assert "said-once" in ids(r)[:5], [(h["session"]["id"], h["score"]) for h in r["hits"]]


@pytest.mark.parametrize("question", ["通勤路上有什么建议？", "上下班路上有什么推荐的？"])
def test_a_chinese_request_finds_the_habit(home, question):
    for i in range(3):
        session(home, "life", f"traffic-{i}", [
            ("user", f"早高峰路上总是很堵，第{i}次迟到了，怎么跟领导解释？", OLD),
            ("assistant", "先道歉，再说明原因，以后提前出门。路上堵车的时候可以听听播客。", OLD),
        ])
    session(home, "life", "said-once", [
        ("user", "帮我看看这个表格公式。我每天骑车上班，单程大概八公里。", OLD),
        ("assistant", "公式里的引用写错了一列，改成绝对引用就好。", OLD),
    ])
    r = search(question)
    assert ids(r)[0] == "said-once", [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_related_words_never_pass_the_questions_own_rare_words(home):
    # one session holds the question's own rare word, another only a related one: the first wins
    _kitchen(home, 3)
    session(home, "life", "saffron", [("user", "I bought saffron at the market, is it worth it?", OLD),
                                      ("assistant", f"{_CHATTER} A pinch goes a long way.", OLD)])
    session(home, "life", "vegetarian", [("user", "I've been vegetarian for years and I love it.", OLD),
                                         ("assistant", f"{_CHATTER} Lentils are a good protein.", OLD)])
    r = search("What should I cook with saffron?")
    assert ids(r)[0] == "saffron", ids(r)


def test_related_words_alone_are_no_match(home):
    # the question's own words are in no session, a related word is: still "nothing matches"
    session(home, "life", "cycling", [("user", "I cycle to work every day, about eight kilometres.", OLD),
                                      ("assistant", f"{_CHATTER} Lights matter most in winter.", OLD)])
    session(home, "life", "other", [("user", "how do I fix a dripping tap?", OLD),
                                    ("assistant", f"{_CHATTER} Replace the washer.", OLD)])
    question = "Any tips for my commute to the zorblax?"
    assert search(question)["tier"] in ("weak", "none")
    r = deja("search", question, check=False)
    assert r.code == 1 and "No session matches" in r.out, (r.code, r.out)


def test_irregular_and_other_spelling_forms_are_the_same_word(home):
    # the question says "buy" and "colour", the session "bought" and "color"
    session(home, "life", "said-once", [
        ("user", "I bought my road bike second hand from a shop in Leeds. Which color of bar tape would suit it?", OLD),
        ("assistant", f"{_CHATTER} Black tape hides dirt best.", OLD)])
    session(home, "life", "helmet", [("user", "Where can I buy a helmet cheaply?", OLD),
                                     ("assistant", f"{_CHATTER} Last season's models are often half price.", OLD)])
    session(home, "life", "chain", [("user", "My bike chain keeps slipping, what do I do?", OLD),
                                    ("assistant", f"{_CHATTER} Check the chain for wear first.", OLD)])
    session(home, "life", "paint", [("user", "Which brush should I use for the bike shed?", OLD),
                                    ("assistant", f"{_CHATTER} A wide synthetic brush.", OLD)])
    assert ids(search("Where did I buy my bike?"))[0] == "said-once"
    assert ids(search("What colour is the tape on my bike?"))[0] == "said-once"


# Session 9 (branch `prefs2`): the request's same-topic neighbours mention its subject in the
# person's own turns without a preference; the session where the person states one answers.

def _gear(home) -> None:
    # the request's words in the person's turns, no preference: a neighbour's story, a question about the world
    session(home, "life", "colleague", [
        ("user", "The laptop bag my colleague bought fell apart within a month. How do I get a refund for broken things?", OLD),
        ("assistant", f"{_CHATTER} Photograph the damage and the box before you write to the seller.", OLD)])
    session(home, "life", "brands", [
        ("user", "Which laptop bag brands do reviewers rate well? And what does a waterproof rating mean?", OLD),
        ("assistant", f"{_CHATTER} Reviewers like a padded sleeve and a metal zip on a laptop bag.", OLD)])
    session(home, "life", "shop", [
        ("user", "Do shops match a lower price on a laptop bag if I ask? And is an extended warranty worth it?", OLD),
        ("assistant", f"{_CHATTER} Many shops match a lower price within two weeks.", OLD)])


def test_a_request_finds_the_stated_preference_among_neighbours_on_its_subject(home):
    _gear(home)
    session(home, "life", "said-once", [
        ("user", "How do I tell whether a zip is good quality? I bike to work every day with a 16-inch laptop on my back.", OLD),
        ("assistant", f"{_CHATTER} Metal zips with a brand on the pull last longest.", OLD)])
    r = search("Can you suggest a laptop bag?")
    assert ids(r)[0] == "said-once", [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_a_chinese_request_finds_the_stated_preference_among_neighbours(home):
    # 比较好 is how a request is put, not its subject: sessions asking 怎么…比较好 about other things do not lead
    for i, thing in enumerate(["包子", "蛋糕", "饺子"]):
        session(home, "life", f"keep-{i}", [("user", f"剩下的{thing}怎么保存比较好？", OLD),
                                            ("assistant", "放凉以后密封冷藏，两天内吃完。", OLD)])
    session(home, "life", "friend", [("user", "朋友把存款都投进了币圈，亏了一半，我该怎么劝他？", OLD),
                                     ("assistant", "先听他说，不要急着指责。", OLD)])
    session(home, "life", "rates", [("user", "银行的存款利率是怎么定的？", OLD),
                                    ("assistant", "主要跟着央行的基准利率走。", OLD)])
    session(home, "life", "said-once", [("user", "复利能举个例子讲讲吗？存款方面我不喜欢冒险，宁可收益低一点也要稳。", OLD),
                                        ("assistant", "一千块每年涨百分之五，十年后大约一千六。", OLD)])
    r = search("存款怎么打理比较好？")
    assert ids(r)[0] == "said-once", [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_a_stated_preference_with_only_a_related_word_does_not_pass_the_requests_own_word(home):
    # "I love it" holds no word of the request itself: the session about saffron still leads
    session(home, "life", "saffron", [("user", "I bought saffron at the market, how much goes in a risotto?", OLD),
                                      ("assistant", f"{_CHATTER} A pinch goes a long way.", OLD)])
    session(home, "life", "vegetarian", [("user", "I've been vegetarian for years and I love it.", OLD),
                                         ("assistant", f"{_CHATTER} Lentils are a good protein.", OLD)])
    assert ids(search("What should I cook with saffron?"))[0] == "saffron"


def test_an_ing_noun_is_no_form_of_its_stem(home):
    # "evenings" is not "even": the stemmed tier finds no session that only says "even"
    session(home, "life", "even", [("user", "I'm allergic to peanuts, even a trace makes me ill.", OLD),
                                   ("assistant", f"{_CHATTER} Read every label.", OLD)])
    r = deja("search", "evenings", check=False)
    assert r.code == 1 and "No session matches" in r.out, (r.code, r.out)
