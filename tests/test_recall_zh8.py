"""Issue 14, session 13: Chinese questions, through the CLI (branch `zh8`; search/query.py,
search/quantity.py, text/tokenizer.py; benchmarks/quality/zh8.py is the dev set). Each test fails
on the code before this change."""

from __future__ import annotations

from test_recall_zh import _chats, _first


def test_which_grade_is_a_grade_not_a_number_of_years(home):
    # 几年级 asks for a grade (四年级, 初二), not a span of years (几年: 两年多了 is no answer): the
    # measure word keeps the character after it (年级), and no span's units are searched
    _chats(home, {"grade": ("老大今年升三年级了，作业多多了", "多陪陪他。"),
                  "piano": ("孩子上钢琴课都两年多了，还是不爱练", "可以换首他喜欢的曲子。"),
                  "school": ("孩子上学路上要一个钟头", "可以考虑校车。")})
    assert _first("我孩子上几年级了？") == "grade"


def test_how_big_a_room_is_its_area(home):
    # 客厅多大 asks for an area (二十五平), as 房子多大 does, not an age (两岁多)
    _chats(home, {"room": ("客厅大概二十五平，放个三人沙发会不会挤", "二十五平放三人位刚好，茶几选小一点的。"),
                  "lamp": ("客厅的灯坏了，换个什么灯好", "吸顶灯就行，亮一点的。"),
                  "cat": ("猫两岁多了，天天在客厅跑酷", "睡前陪它玩一会儿。")})
    assert _first("我家客厅多大？") == "room"


def test_do_what_asks_and_is_not_searched(home):
    # 王磊是做什么的: 做什么 ("do what") is the question's verb; the answer says the job (写代码),
    # a chat about cooking says 怎么做: the name decides
    _chats(home, {"job": ("大学室友王磊毕业后一直在深圳写代码，想回老家考公务员", "写代码转去考公的也不少。"),
                  "cook": ("红烧肉怎么做才软烂？", "小火多炖一会儿。"),
                  "pork": ("糖醋排骨怎么做好吃", "先炸一遍再炒。")})
    assert _first("王磊是做什么的？") == "job"


def test_what_follows_a_grade_in_the_same_word_is_still_searched(home):
    # 几年级 glued to what follows it (女儿上几年级的iPad, 孩子几年级了2024): the measure word's
    # pair (年级) once overwrote the word being read, and its rest (ipad, 2024) was never searched
    from conftest import deja

    deja("index", check=False)
    def read(query: str) -> str:  # the --explain line: how the query was read
        r = deja("search", query, "--explain", check=False)
        out = r.out + r.err
        return next(line for line in out.splitlines() if line.startswith("query:"))

    assert "年级" in read("女儿上几年级的iPad") and "ipad" in read("女儿上几年级的iPad").lower()
    assert "年级" in read("孩子几年级了2024") and "2024" in read("孩子几年级了2024")
