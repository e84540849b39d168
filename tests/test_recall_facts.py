"""Issue 14, session 9: a fact said once, in passing, asked later in other words ("What breed is my
dog?", 你上次推荐的那家餐厅叫什么？), among chats on the same topic that hold the question's words.
Through the CLI (`deja search --json`) in a throwaway HOME."""

from __future__ import annotations

from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def _topic(home, name: str, asks: list[str], says: list[str], n: int) -> None:
    # chats about the topic in general: the person asks about it, the assistant explains it at length
    for i in range(n):
        session(home, "life", f"{name}-{i}", [
            (role, f"{text} ({i})", OLD) for ask, say in zip(asks, says)
            for role, text in (("user", ask), ("assistant", f"{_CHATTER} {say} {_CHATTER}"))
        ])


_OTHER = [("How do I clean a cast iron pan?", "Rinse it hot, dry it on the stove and oil it lightly."),
          ("Can you help me plan a budget?", "Start from last month's statement and list the fixed costs."),
          ("How do I fix a flaky test?", "Run the test in a loop and look for shared state."),
          ("What should I pack for a weekend away?", "Pack layers and one pair of shoes you can walk in all day."),
          ("怎么给孩子挑课外班？", "课外班不用报太多，挑一两个孩子自己真正感兴趣的就够了。"),
          ("手冲咖啡怎么冲才不苦？", "手冲发苦多半是水温太高或者磨得太细，水温九十度左右比较合适。")]


def _others(home) -> None:
    # sessions about other things, so that the question's words are not in every session
    for i, (ask, say) in enumerate(_OTHER * 2):
        session(home, "life", f"other-{i}", [("user", ask, OLD), ("assistant", f"{_CHATTER} {say}", OLD)])


def _scores(r) -> list[tuple[str, float]]:
    return [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_the_persons_fact_outranks_their_questions_on_its_topic(home):
    # "What breed is my dog?": short questions the person asked about dog breeds (a record holding both
    # words and little else) against the one long turn that says, in passing, the dog is a beagle (not
    # the word "breed")
    _others(home)
    for i, ask in enumerate(["Which dog breed is calm enough for a small flat?", "What dog breed suits a family with kids?",
                             "Is a dog of a herding breed too much for a beginner?"]):
        session(home, "life", f"asks-{i}", [("user", ask, OLD), ("assistant", f"{_CHATTER} It depends on how much time you have.", OLD)])
    session(home, "life", "beagle", [
        ("user", "How do I split bills fairly with a flatmate who earns twice what I do and works from home all week, "
                 "so the heating is on all day? We finally brought home a beagle puppy from the rescue, the first dog I "
                 "have ever had, and he chews everything: he already ate a charger and a shoe.", OLD),
        ("assistant", f"{_CHATTER} Split the fixed bills evenly and the variable ones by use.", OLD),
    ])
    r = search("What breed is my dog?")
    assert ids(r)[0] == "beagle", _scores(r)


def test_a_statement_run_into_a_question_is_still_a_statement(home):
    # people chain a statement and a question without a stop: "… she calls it Sir Rise-a-lot how long
    # should I feed it?" says the name; it is not a question about sourdough
    session(home, "life", "named", [
        ("user", "By the way my sister finally named the sourdough starter I gave her she calls it Sir Rise-a-lot "
                 "how long should I keep feeding it every day before she can bake with it?", OLD),
        ("assistant", f"{_CHATTER} Feed it daily for a week before the first bake.", OLD),
    ])
    session(home, "life", "wants", [
        ("user", "My sister wants to try baking sourdough bread at some point.", OLD),
        ("assistant", f"{_CHATTER} A starter takes about a week to get going.", OLD),
        ("user", "Does my sister need a special flour for a sourdough starter?", OLD),
        ("assistant", f"{_CHATTER} Any unbleached flour works for a sourdough starter.", OLD),
    ])
    r = search("What name did my sister give the sourdough starter?")
    assert ids(r)[0] == "named", _scores(r)


def test_a_chinese_question_about_what_the_assistant_recommended_last_time(home):
    # 你上次推荐的…: what the assistant recommended (a time word between 你 and the verb), not a request
    # for a recommendation that the person's likes answer
    _others(home)
    _topic(home, "food", ["工作午餐推荐什么样的餐厅？", "周五晚上去哪家餐厅吃饭好？"],
           ["工作午餐要找安静、菜单短的地方，免得大家等四十分钟。", "周五晚上吃饭最好提前一周订位，或者七点前早点去。"], 3)
    session(home, "life", "anniversary", [
        ("user", "纪念日快到了，想找个安静点的地方吃饭。", OLD),
        ("assistant", f"{_CHATTER} 纪念日的话，我推荐江边的小院子餐厅，要提前一个月订位。", OLD),
    ])
    r = search("你上次推荐的那家餐厅叫什么？")
    assert ids(r)[0] == "anniversary", _scores(r)
