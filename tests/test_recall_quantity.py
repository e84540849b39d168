"""Issue 14, session 11: a question that asks for a quantity, answered by a figure and its unit,
through the CLI (branch `zh6`; search/quantity.py, benchmarks/quality/zh6.py is the dev set).

Each test is one way such a question was lost; each fails on the code before this change."""

from __future__ import annotations

from test_recall_zh import _chats, _first


def test_a_weight_asked_finds_the_figure_in_jin(home):
    # 我现在多重: the answer says the figure and its unit (一百四十八斤), never 多重 or 体重; the
    # chats about weight say 体重 / 减肥 and no figure
    _chats(home, {"scale": ("早上上秤看了一眼，一百四十八斤，比过年那会儿掉了一点", "慢慢来，保持住就很好。"),
                  "diet": ("想减肥但是管不住嘴，晚上老想吃东西", "可以把零食收起来，饿了先喝杯水。"),
                  "bag": ("称了一下行李箱，超重了，得拿出来点东西", "可以把重的东西放随身行李里。")})
    assert _first("我现在多重来着？") == "scale"


def test_a_one_word_question_with_a_unit_is_ranked_not_matched(home):
    # 我现在体重多少: one content word (体重), held by a chat about the scale itself; it used to take
    # the exact tier (every word held) and drop the session that gives the weight (七十一公斤)
    _chats(home, {"now": ("这阵子瘦下来了，现在七十一公斤", "坚持得不错！"),
                  "scale": ("体重秤是不是不准了，一会儿一个数", "可能是电池快没电了。")})
    assert _first("我现在体重多少？") == "now"


def test_a_height_asked_finds_metres(home):
    # 我儿子多高了 / 一米三五: another chat about the son's growth says no figure
    _chats(home, {"height": ("儿子又窜了一截，一米三五了，去年的裤子全短了", "孩子长得真快。"),
                  "milk": ("儿子班上的同学都长得好快，要不要给儿子多喝点牛奶", "牛奶有帮助，睡眠也很重要。")})
    assert _first("我儿子现在多高了？") == "height"


def test_an_english_height_asked_finds_centimetres(home):
    # "how tall": "tall" asks and is no word of the answer (scaffolding); "cm" is the unit
    _chats(home, {"grew": ("The little guy shot up again, he's 137 cm and none of his trousers fit", "Kids grow so fast."),
                  "class": ("All the kids in my son's class are tall, is my son short for his age?", "Children grow at different rates.")})
    assert _first("How tall is my son now?") == "grew"


def test_a_price_asked_with_filler_finds_the_figure_in_kuai(home):
    # 按摩椅花了多少钱: 多少钱 is filler, so no word of the question names the price; the units of a
    # price (三千二百块) are the question's clause, and the chat that only plans the purchase loses
    _chats(home, {"paid": ("给爸妈挑的那台按摩椅到了，三千二百块，送货还包安装", "老人用着舒服就值。"),
                  "plan": ("爸妈总说腰酸背疼，想给爸妈买个按摩椅，按摩椅哪种好", "先带他们去商场试坐一下。")})
    assert _first("我给爸妈买的按摩椅花了多少钱？") == "paid"


def test_a_sum_of_money_named_by_its_noun_finds_the_figure(home):
    # 我现在的房租是多少: 房租 (a noun of money: 租 薪 资 贷 费 …) before 多少 asks for a sum, said in
    # 块 / 元; the chat that only names the rent says no figure
    _chats(home, {"now": ("搬到小一点的房子了，现在每个月交两千八百块", "省下来的钱可以存起来。"),
                  "due": ("交房租的日子又到了，房租合同下个月到期", "续租之前可以跟房东谈谈价格。")})
    assert _first("我现在的房租是多少？") == "now"


def test_the_size_of_a_home_is_its_area_not_an_age(home):
    # 我家房子有多大: 多大 of a home asks its area (八十九平), not an age (岁), which 多大 alone would
    _chats(home, {"area": ("我们住的那套是八十九平的两室一厅，放不下太多东西", "可以多用墙面做收纳。"),
                  "kid": ("我家孩子今年七岁了，天天闹着要养只狗", "养狗之前先约好谁来遛。")})
    assert _first("我家房子有多大？") == "area"
