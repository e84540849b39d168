"""meaning2: a fact of the person's, where the answer and a decoy each hold one word of the
question and only meaning tells them apart (issue 14, session 13, branch `meaning4`). A dev set for
meaning used among lexical near-ties: "How tall am I?" / "I'm six foot two tall so airline seats
are a nightmare" against "The tall bookshelf in the hall finally arrived"; 我住在哪里？ / 我们家在杭州，
已经住了三年 against 住院部的停车场总是满的.

Built with memeval's machinery (Bank, Probe, build_bank) like meaning.py: 2 English and 2 Chinese
HOMEs of 60 sessions, memeval's filler chats; every probe asked in every HOME (kind user-fact).
Written for this set only, by the engineer who measures on it: a dev set's figures.
"""

from __future__ import annotations

from memeval import Bank, Probe, build_bank

import memeval_en
import memeval_zh

SEED = 20261213

P = Probe
EN_PROBES = [
    P("user-fact", "What is my blood type?", [("user", "The nurse at the blood drive said I'm {t}, the kind they always run short of.")],
      {"t": ["O negative", "A positive", "B positive"]}, ["Blood oranges are in season, I bought a whole bag."]),
    P("user-fact", "How tall am I?", [("user", "I'm {h} tall, so airline seats are a nightmare.")],
      {"h": ["six foot two", "five foot five", "one ninety"]}, ["The tall bookshelf for the hall finally arrived."]),
    P("user-fact", "What kind of phone do I use?", [("user", "Dropped my {p} again, the phone case saved it.")],
      {"p": ["Pixel 8", "iPhone 13", "Galaxy S22"]}, ["Phone calls with the bank take forever, they use a robot."]),
    P("user-fact", "Where do I live?", [("user", "Our flat in {c} looks over the harbour, we've lived here three years.")],
      {"c": ["Bristol", "Hamburg", "Wellington"]}, ["Live music at the pub was far too loud last night."]),
    P("user-fact", "What do I drink in the morning?", [("user", "A pot of {d} every morning before I open the laptop.")],
      {"d": ["green tea", "black coffee", "yerba mate"]}, ["Morning standup ran long again, nobody had updates."]),
    P("user-fact", "What is my daughter studying?", [("user", "My daughter just started her second year of {s} at uni.")],
      {"s": ["medicine", "architecture", "law"]}, ["Studying for the cloud certification eats all my evenings."]),
    P("user-fact", "Which team do I support?", [("user", "Been a supporter of {t} since I was six, they lost again.")],
      {"t": ["Arsenal", "Celtic", "Everton"]}, ["The support desk closed my ticket without reading it."]),
    P("user-fact", "What is my cat called?", [("user", "{n} the cat sleeps on my keyboard whenever I get up.")],
      {"n": ["Miso", "Pepper", "Biscuit"]}, ["The meeting was called off because of the storm."]),
    P("user-fact", "How do I get to the office?", [("user", "Twenty minutes on the {m} to the office, I read on the way.")],
      {"m": ["tram", "ferry", "e-bike"]}, ["Office chairs at the new site are terrible for my neck."]),
    P("user-fact", "What is my favourite food?", [("user", "{f} is comfort food for me, I could eat it every day.")],
      {"f": ["Ramen", "Lasagne", "Pho"]}, ["The food court at the mall is closed for repairs."]),
    P("user-fact", "When is my birthday?", [("user", "Turning forty on {d}, the birthday party is at my sister's.")],
      {"d": ["March 3rd", "July 19th", "November 2nd"]}, ["Bought a birthday present for a colleague at lunch."]),
    P("user-fact", "What degree do I have?", [("user", "My degree is in {s}, though I never worked in the field.")],
      {"s": ["physics", "economics", "philosophy"]}, ["It was thirty degrees in the shade today."]),
]

ZH_PROBES = [
    P("user-fact", "我的血型是什么？", [("user", "献血的时候护士说我是{t}型，很缺")],
      {"t": ["O", "AB", "B"]}, ["血压计的电池又没电了"]),
    P("user-fact", "我有多高？", [("user", "我身高{h}，买裤子总是太短")],
      {"h": ["一米八五", "一米六二", "一米七八"]}, ["高铁票又涨价了"]),
    P("user-fact", "我用什么手机？", [("user", "我的{p}手机摔了一下，屏幕裂了")],
      {"p": ["华为", "小米", "苹果"]}, ["手机信号在地铁里很差"]),
    P("user-fact", "我住在哪里？", [("user", "我们家在{c}，阳台能看到江，已经住了三年")],
      {"c": ["杭州", "成都", "武汉"]}, ["住院部的停车场总是满的"]),
    P("user-fact", "我早上喝什么？", [("user", "每天早上一壶{d}，然后才开电脑")],
      {"d": ["绿茶", "黑咖啡", "豆浆"]}, ["早上的站会又拖了半小时"]),
    P("user-fact", "我女儿学什么专业？", [("user", "女儿大二了，读的是{s}")],
      {"s": ["临床医学", "建筑", "法律"]}, ["专业课的老师今天请假"]),
    P("user-fact", "我支持哪个球队？", [("user", "{t}又输了，我从六岁就是他们的球迷")],
      {"t": ["国安", "申花", "恒大"]}, ["支持团队把我的工单直接关了"]),
    P("user-fact", "我的猫叫什么名字？", [("user", "{n}这只猫一到晚上就趴在键盘上")],
      {"n": ["米粒", "豆豆", "团子"]}, ["名字起得太长，表格里放不下"]),
    P("user-fact", "我怎么去公司？", [("user", "坐{m}到公司二十分钟，路上看书")],
      {"m": ["地铁", "轮渡", "电动车"]}, ["公司食堂的菜越来越咸"]),
    P("user-fact", "我最喜欢吃什么？", [("user", "{f}是我的心头好，天天吃都不腻")],
      {"f": ["火锅", "螺蛳粉", "饺子"]}, ["吃完饭去楼下散了一会步"]),
    P("user-fact", "我生日是哪天？", [("user", "{d}就满四十了，生日聚会在我姐家")],
      {"d": ["三月三号", "七月十九号", "十一月二号"]}, ["给同事买了生日礼物"]),
    P("user-fact", "我是什么学历？", [("user", "我的学位是{s}，毕业后没做本行")],
      {"s": ["物理学士", "经济学硕士", "哲学博士"]}, ["学校门口的路又在修"]),
]

EN = Bank("en", homes=2, per_home=len(EN_PROBES), themes=memeval_en.THEMES, probes=EN_PROBES,
          chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 400), sessions=60)
ZH = Bank("zh", homes=2, per_home=len(ZH_PROBES), themes=memeval_zh.THEMES, probes=ZH_PROBES,
          chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650), sessions=60)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return build_bank(EN, seed, "me2") + build_bank(ZH, seed, "mz2")
