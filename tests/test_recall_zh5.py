"""Issue 14, session 10: Chinese questions among many same-topic chats, through the CLI (branch `zh5`).

Each test is one way a Chinese question was read wrong; each fails on the code before this change
(benchmarks/quality/zh5.py is the dev set beside zh3 and zh4)."""

from __future__ import annotations

from test_recall_zh import _chats, _first


def test_a_question_about_what_the_assistant_taught_is_about_its_replies(home):
    # 你教我的红烧肉第一步是什么: 你教我 asks what the assistant said (as 你说 / 你建议), so its reply
    # answers; read as a question about the person (我), the replies weighed 0.3 and a chat where
    # the person asked about the dish's first step won
    _chats(home, {"taught": ("周末想在家做红烧肉，怎么做？", "红烧肉第一步先冷水下锅焯水，然后再下冰糖炒糖色，小火炖一个小时。"),
                  "asked": ("我做红烧肉第一步就失败了，红烧肉总是粘锅", "可能是火太大了，下次试试小火。")})
    assert _first("你教我的红烧肉第一步是什么？") == "taught"


def test_a_question_about_what_the_assistant_told_me_is_about_its_replies(home):
    # 你跟我说的…: the assistant's words, with 跟我 between 你 and the verb
    _chats(home, {"told": ("孩子晚上一直咳嗽怎么办", "孩子晚上咳嗽厉害的话，可以冲点蜂蜜水喝，比吃药温和。"),
                  "mine": ("我家孩子晚上咳嗽，我给孩子喝了点梨汤", "梨汤也可以，注意别太甜。")})
    assert _first("你跟我说的孩子晚上咳嗽可以喝什么？") == "told"


def test_i_told_you_is_about_the_person(home):
    # 我跟你说过几次加班到很晚: 跟你说 is the person telling the assistant (as 我和你提过), not 你说
    # (what the assistant said): the person's lines answer it, not a reply on the topic
    _chats(home, {"late": ("昨天又加班到很晚，十一点多才到家", "辛苦了，早点休息。"),
                  "tips": ("工作效率太低了怎么办", "加班到很晚对身体不好，经常加班到很晚的话，要和领导谈谈工作量。")})
    assert _first("我跟你说过几次加班到很晚？") == "late"


def test_a_thing_the_person_has_is_found_by_its_kind(home):
    # 我家狗是什么品种: the person says which dog by its breed (领回来一只比格), never 品种, and 我家狗 is
    # no bigram of it; the breeds are related words of 狗 (search/related.py), as "iphone" is of
    # "phone", so the line that names one is found among chats about dogs
    _chats(home, {"beagle": ("上周从救助站领回来一只比格，才三个月大，已经把拖鞋咬坏了", "小狗长牙期爱咬东西，给它买点磨牙玩具。"),
                  "walk": ("小区里遛狗不牵绳的人太多了，狗和人都被吓到了", "可以跟物业反映一下。"),
                  "food": ("狗粮怎么挑？进口的和国产的差别大吗", "先看配料表，第一位是肉的比较好。")})
    assert _first("我家狗是什么品种？") == "beagle"
