"""updates4: a state said three times or more, the newest plainly (issue 14, session 10, branch `updates4`).

What the earlier update sets did not hold together. Each probe states the person's state three or
four times in sessions weeks apart: the value, then a line on the same subject that changes nothing
yet (a worry, a trial, an interview, the old value again), then the newest value told plainly, as
a person mentions a thing they live with ("Loving the Honda Civic, best car I have owned",
在厦门的第一个周末…) with no "now", "changed", "switched" or other word of change: most hold one of
the question's words (the subject: car, phone, team, 编辑器), a few none (where I live, my bank). After the newest statement, in later sessions, come decoys on the same
subject in the person's own words that state no value ("My phone keeps buzzing with work
messages", 公司的咖啡太难喝了): a later session on the same topic that does not restate the state.
Counts change too (cats, books read this year, people on the team). Each probe is asked without and
with a time word (kinds `update`, `update-now`); only the newest statement's session answers.
English and Chinese.

The haystack and the HOMEs' layout are updates.py's (memeval's themes and chatter, 45 dated
sessions per HOME, 2-16 days apart); the probes, their wordings and values are this file's own.
"""

from __future__ import annotations

import random

from memeval import Bank, _cap, _Home, fill
from memeval_en import BANK as EN_BANK
from memeval_zh import BANK as ZH_BANK
from updates import SESSIONS, _starts

SEED = 20261210
PER_HOME = 12
KINDS = ("update", "update-now")


class P:
    """A probe: the question without and with a time word, the person's lines oldest first (the
    last one answers), the slot values, the decoys said after the last line."""

    def __init__(self, ask: str, ask_now: str, lines: list[str], vals: dict[str, list[str]], after: tuple[str, ...]):
        self.ask, self.ask_now, self.lines, self.vals, self.after = ask, ask_now, lines, vals, list(after)


EN = [
    P("Where do I live?", "Where do I live these days?",
      ["I live in {c1}, a small flat near the river", "Thinking of leaving {c1}, the rent keeps climbing",
       "Unpacked the last boxes at our place in {c2}, the kitchen is twice the size"],
      {"c1": ["Leeds", "Bristol"], "c2": ["Glasgow", "Cardiff", "York"]},
      ("The neighbours where I live are drilling every single morning",)),
    P("What editor do I use?", "Which editor am I using at the moment?",
      ["I use {e1} as my editor for everything", "Gave {e2} a try for a week, my editor config is a mess",
       "{e2} is a lovely editor once the plugins are set up"],
      {"e1": ["Vim", "Emacs"], "e2": ["Helix", "Zed", "Sublime Text"]},
      ("My editor crashed and ate an hour of work",)),
    P("How many cats do I have?", "How many cats do we have now?",
      ["We have {n1} cats, both rescues", "Fostering a kitten for the shelter this month",
       "Feeding {n2} cats twice a day takes a while"],
      {"n1": ["two"], "n2": ["three", "four"]},
      ("The cats knocked a plant off the windowsill again",)),
    P("Where do I work?", "Where am I working these days?",
      ["I work at {w1} on the payments team", "Had an interview at {w2} last week, fingers crossed",
       "The first weeks of work at {w2} are a blur of onboarding and badge photos"],
      {"w1": ["Monzo", "Ocado"], "w2": ["Spotify", "Deliveroo", "Atlassian"]},
      ("Work has been exhausting, too many meetings",)),
    P("What car do I drive?", "What car do I drive these days?",
      ["I drive a {car1}, it's ten years old", "The {car1} failed its inspection, the garage wants a fortune",
       "Loving the {car2}, best car I have owned, sixty miles to the gallon"],
      {"car1": ["Ford Focus", "Vauxhall Astra"], "car2": ["Honda Civic", "Toyota Yaris", "Kia Niro"]},
      ("Driving to the coast this weekend, the traffic will be awful",)),
    P("How many books have I read this year?", "How many books have I read so far this year?",
      ["I've read {n1} books this year", "Finished another one, that makes {n2} books for the year",
       "Reading goal update: {n2} still, work ate my evenings", "{n3} books down, my reading goal is in sight"],
      {"n1": ["5", "6"], "n2": ["9", "10"], "n3": ["14", "15"]},
      ("Books are so expensive at the airport",)),
    P("What phone do I have?", "What phone am I using at the moment?",
      ["My phone is a {p1}, the battery is dying", "Cracked the screen on the {p1} again",
       "The {p2} is the best phone I have had, the camera is superb"],
      {"p1": ["Pixel 6", "iPhone 11"], "p2": ["Galaxy S24", "iPhone 15", "Pixel 9"]},
      ("My phone keeps buzzing with work messages",)),
    P("How far do I run each week?", "How far am I running each week lately?",
      ["I run about {k1} km a week, mostly easy", "Training for the half marathon, my weekly distance is climbing",
       "Logged {k2} km over the last seven days, legs feel fine"],
      {"k1": ["20", "25"], "k2": ["42", "45"]},
      ("Running in the rain is miserable",)),
    P("Who is my doctor?", "Who is my doctor these days?",
      ["My doctor is Dr {d1}, she is very patient", "Dr {d1} is retiring next month, sad to see her go",
       "Dr {d2} is a brilliant doctor, sorted my prescription in five minutes"],
      {"d1": ["Okafor", "Lindgren"], "d2": ["Brennan", "Yamada", "Castillo"]},
      ("The doctor's waiting room was packed",)),
    P("What do I drink in the morning?", "What do I drink in the morning these days?",
      ["I drink two cups of coffee every morning", "Trying to cut down on coffee, it makes me jittery",
       "A pot of green tea gets me going before work, no jitters at all"],
      {}, ("The coffee at the office is terrible",)),
    P("How many people are on my team?", "How big is my team now?",
      ["My team is {t1} people, all backend", "We're hiring two more engineers for my team",
       "{t2} of us at the team standup every morning, it drags on"],
      {"t1": ["six", "seven"], "t2": ["Nine", "Ten"]},
      ("My team had an offsite at a bowling alley",)),
    P("Which bank am I with?", "Which bank am I with at the moment?",
      ["I bank with {b1}, the app is fine", "{b1} charged me a fee for nothing again",
       "Moved my salary and savings over to {b2}, the app has spending charts"],
      {"b1": ["Barclays", "Lloyds"], "b2": ["Starling", "Nationwide"]},
      ("My bank app logged me out again",)),
    P("What language am I learning?", "What language am I learning these days?",
      ["I'm learning {l1} on an app every day", "My {l1} streak broke after 200 days",
       "Learning {l2} with a tutor twice a week, the grammar is hard"],
      {"l1": ["Spanish", "Italian"], "l2": ["Japanese", "Korean", "Portuguese"]},
      ("Learning anything after forty is slow going",)),
]

ZH = [
    P("我住在哪里?", "我现在住在哪?",
      ["我住在{c1}，离公司不远", "{c1}的房租又涨了，在考虑要不要走", "在{c2}的第一个周末，逛了海边的夜市"],
      {"c1": ["杭州", "南京"], "c2": ["厦门", "青岛", "成都"]},
      ("我住的小区最近在修路，吵死了",)),
    P("我用什么编辑器?", "我现在用什么编辑器?",
      ["我写代码用{e1}", "试了一周{e2}，配置有点麻烦", "{e2}这个编辑器装了几个插件，写起来很顺手"],
      {"e1": ["Vim", "Emacs"], "e2": ["Zed", "Helix"]},
      ("编辑器老是卡，烦死了",)),
    P("我养了几只猫?", "我现在养了几只猫?",
      ["我养了{n1}只猫，都是领养的", "在帮救助站临时照顾一只小猫", "每天早上要给{n2}只猫喂饭，忙得很"],
      {"n1": ["两"], "n2": ["三", "四"]},
      ("猫把阳台上的花盆打翻了",)),
    P("我在哪家公司上班?", "我现在在哪家公司上班?",
      ["我在{w1}做后端开发", "上周去{w2}面试了，感觉还行", "在{w2}上班的第一周都在熟悉代码和同事"],
      {"w1": ["网易", "美团"], "w2": ["字节", "蚂蚁", "京东"]},
      ("上班路上堵车堵了一个小时",)),
    P("我开什么车?", "我现在开什么车?",
      ["我开的是一辆{car1}", "{car1}年检没过，修理费太贵", "{car2}这车油耗很低，跑高速特别稳"],
      {"car1": ["卡罗拉", "思域"], "car2": ["比亚迪汉", "理想L7"]},
      ("周末开车去郊区，路上堵得厉害",)),
    P("我今年读了几本书?", "我今年到目前为止读了几本书?",
      ["今年读了{n1}本书", "又看完一本，今年已经{n2}本了", "工作太忙，这个月一本书都没看", "读完第{n3}本，离年度目标不远了"],
      {"n1": ["5", "6"], "n2": ["9", "10"], "n3": ["14", "15"]},
      ("机场的书卖得好贵",)),
    P("我用什么手机?", "我现在用什么手机?",
      ["我的手机是{p1}，电池不太行了", "{p1}的屏幕又摔裂了", "把照片都导进{p2}花了一晚上，这手机拍照真好"],
      {"p1": ["小米12", "iPhone 11"], "p2": ["华为Mate 60", "iPhone 15"]},
      ("手机一直在响，全是工作群消息",)),
    P("我早上喝什么?", "我现在早上喝什么?",
      ["我每天早上喝两杯咖啡", "想少喝点咖啡，最近有点心慌", "早上泡一壶绿茶，整个上午都很精神"],
      {}, ("公司的咖啡太难喝了",)),
    P("我们团队有多少人?", "我们团队现在有多少人?",
      ["我们组有{t1}个人，都做后端", "组里还要再招两个人", "团队每天站会{t2}个人轮流讲，要半个小时"],
      {"t1": ["五", "六"], "t2": ["九", "十"]},
      ("团队周末去打保龄球了",)),
    P("我在学什么语言?", "我现在在学什么语言?",
      ["我每天在App上学{l1}", "学{l1}的连续打卡断了", "每周学两次{l2}，语法好难"],
      {"l1": ["西班牙语", "法语"], "l2": ["日语", "韩语", "德语"]},
      ("年纪大了学新东西好慢",)),
    P("我的体重是多少?", "我现在体重多少?",
      ["我体重{w1}公斤，医生让我减一点", "坚持跑步两个月了，饮食也控制了", "今天早上称了一下，{w2}公斤"],
      {"w1": ["85", "90"], "w2": ["78", "76"]},
      ("体重秤的电池没电了",)),
    P("我每周跑多少公里?", "我最近每周跑多少公里?",
      ["我每周跑{k1}公里左右", "在准备半马，跑量在慢慢加", "这七天跑了{k2}公里，腿感觉还行"],
      {"k1": ["20", "25"], "k2": ["42", "45"]},
      ("下雨天跑步太难受了",)),
]


def _bank(base: Bank, homes: int) -> Bank:
    return Bank(base.lang, homes=homes, per_home=PER_HOME, themes=base.themes, probes=[], chatter=base.chatter,
                smalltalk=base.smalltalk, common=base.common, turn=base.turn, sessions=SESSIONS)


def _home(bank: Bank, probes: list[P], h: int, tag: str) -> tuple[list, list[dict], dict[str, int]]:
    rng = random.Random(SEED * 100 + h + (0 if bank.lang == "en" else 50))
    home = _Home(bank, rng)
    keys = [f"{tag}{h}-{i + 1:03d}" for i in range(home.n)]
    qs = []
    for p in rng.sample(probes, min(PER_HOME, len(probes))):
        vals = {k: rng.choice(v) for k, v in p.vals.items()}
        ats: list[int] = []
        for _ in range(len(p.lines) + len(p.after)):
            ats.append(home.pick(set(ats)))
        ats.sort()  # the lines in order, the decoys after the last of them
        said, later = ats[: len(p.lines)], ats[len(p.lines):]
        for at, line in zip(said, p.lines):
            home.put(at, "user", fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
        for at, line in zip(later, p.after):
            home.put(at, "user", fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
        for kind, ask in (("update", p.ask), ("update-now", p.ask_now)):
            qs.append({"question": _cap(ask), "keys": [keys[said[-1]]], "kind": kind, "lang": bank.lang,
                       "older": [keys[i] for i in said[:-1]], "after": [keys[i] for i in later]})
    sessions = home.sessions(keys)
    return sessions, qs, _starts(rng, keys)


def build() -> list[tuple[list, list[dict], dict[str, int]]]:
    en, zh = _bank(EN_BANK, 3), _bank(ZH_BANK, 2)
    return [_home(en, EN, h, "xe") for h in range(en.homes)] + [_home(zh, ZH, h, "xz") for h in range(zh.homes)]
