"""Issue 14, session 9: Chinese questions in large Chinese histories, through the CLI (branch `zh4`).

Each test is one way a Chinese question was read into words its answer does not hold, or one
way the answer says the question's word otherwise; each fails on the code before this change
(benchmarks/quality/zh4.py is the dev set these classes come from)."""

from __future__ import annotations

from test_recall_zh import _chats, _first
from test_search import deja


def test_a_lone_character_after_an_aspect_guo_is_read_with_it(home):
    # 你说过敏了可以吃什么药: the filler 说过 ends in 过, which begins 过敏; 敏 alone was searched in
    # its bigrams with function characters, and a chat about 吃药 (two of the three words) won
    _chats(home, {"allergy": ("最近鼻子一直痒，打喷嚏停不下来", "过敏的话可以先吃氯雷他定，一天一片，可能会有点犯困。"),
                  "pills": ("晚上睡不着，要不要吃点药", "失眠先别急着吃药，固定起床时间更有用。")})
    read = deja("search", "你说过敏了可以吃什么药？", "--explain").err.split("query:")[1].split("(")[0].split()
    assert "过敏" in read, read
    assert _first("你说过敏了可以吃什么药？") == "allergy"


def test_a_habit_word_is_filler(home):
    # 我平时喜欢喝哪种茶: 平时 is how the question is asked (as 总是, 一直), not what the answer says
    # (我只喝乌龙); searched as a word, a chat that says 平时 three times outranked it
    _chats(home, {"tea": ("我只喝乌龙，绿茶一喝胃就不舒服", "乌龙是半发酵的，对胃刺激小一些。"),
                  "habit": ("平时下班就刷手机，平时周末也总觉得累", "睡前一小时放下手机，平时早点睡。")})
    read = deja("search", "我平时喜欢喝哪种茶？", "--explain", check=False).err.split("query:")[1].split("(")[0].split()
    assert "平时" not in read, read
    assert _first("我平时喜欢喝哪种茶？") == "tea"


def test_a_reduplicated_word_is_held_as_its_one_character(home):
    # 我妈妈上次住院是因为什么: people write 我妈 (a pronoun and the one character), seldom 我妈妈;
    # a chat about a colleague's 妈妈 in hospital held the question's 妈妈 and 住院
    _chats(home, {"mum": ("我妈前阵子胆结石发作住院了，现在回家养着", "出院以后饮食清淡一些，少吃油。"),
                  "colleague": ("同事的妈妈也住院了，请了好几天假，妈妈妈妈地喊", "家里有人住院确实辛苦，多体谅一下。")})
    assert _first("我妈妈上次住院是因为什么？") == "mum"


def test_a_partner_put_otherwise_is_found(home):
    # 我女朋友是哪里人: the answer says 我对象 (the everyday word for a partner) and the place,
    # never 女朋友; a chat about where a colleague is from held the question's 人 and won
    _chats(home, {"partner": ("我对象老家是重庆的，说话口音特别重，我经常听不懂", "多听几次就习惯了，重庆话挺有意思。"),
                  "colleague": ("新来的同事是哪里人来着，口音听着像南方人", "直接问他就好，聊聊家乡也是个话题。")})
    assert _first("我女朋友是哪里人？") == "partner"


def test_together_is_filler(home):
    # 我跟谁一起去的云南: 一起 is how the question is asked (as 跟谁), the answer names who (和表姐去
    # 云南); searched as a word, a chat that says 一起 beside 云南 outranked it
    _chats(home, {"trip": ("五一和表姐去云南转了一圈，大理丽江都去了", "大理的洱海边骑车很舒服。"),
                  "back": ("同事刚从云南回来，说下次大家一起去，一起订票便宜", "结伴出行确实更划算。")})
    read = deja("search", "我跟谁一起去的云南？", "--explain").err.split("query:")[1].split("(")[0].split()
    assert "一起" not in read, read
    assert _first("我跟谁一起去的云南？") == "trip"


def test_ji_and_a_measure_word_asks_for_a_number(home):
    # 我家里有几口人: 几 before a measure word asks for a number; the answer says it in 汉字 before
    # the measure word (五口人), which is now read as a number the way 5 口 is
    _chats(home, {"family": ("我们家里五口人，挤在一套两居室里，转个身都难", "五口人住两居室确实挤，可以考虑上下铺。"),
                  "fridge": ("家里人口多的话冰箱买多大的好？家里人口少呢", "家里人口多选四百升以上，人口少的话三百升就够。")})
    assert _first("我家里有几口人？") == "family"


def test_no_edge_bigram_after_de(home):
    # 你教我的红烧肉第一步是什么: 的 ends 你教我的 and begins no word; 的红 was searched as a word,
    # held by every chat that says 剩下的红烧肉 or 我做的红烧肉 and by no reply giving the steps
    _chats(home, {"recipe": ("家里来客人，想露一手做个硬菜", "红烧肉第一步先冷水下锅焯水，然后再下冰糖炒糖色。"),
                  "left": ("剩下的红烧肉怎么保存？", "放密封盒里冷藏，吃之前热透。")})
    read = deja("search", "你教我的红烧肉第一步是什么？", "--explain", check=False).err.split("query:")[1].split("(")[0].split()
    assert "的红" not in read and "红烧" in read, read
    assert _first("你教我的红烧肉第一步是什么？") == "recipe"
