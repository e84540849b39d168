"""updates5: a state changed two or three times, told in other words, among same-topic chats (issue 14,
session 11, branch `updates5`).

What the earlier update sets did not hold together. Each probe states the person's state three times
in sessions weeks apart, each change told in other words than the first statement ("switched to",
"no longer", "these days", "traded … for", 换成了, 不再, 现在改成, 调走了), the newest one often
without the question's topic word ("These days I climb at The Arch instead" for "Which gym do I go
to?"), and two or three sessions on the same topic in the person's words that state nothing ("The gym
was packed at lunchtime") placed anywhere after the first statement, some between the changes, some
after the last. Each probe is asked three ways: without and with a time word (kinds `update`,
`update-now`: the newest statement's session answers) and for the old value (kind `update-old`:
"Which gym did I go to before?", 我以前去哪个健身房: any older statement's session answers).
English and Chinese, three HOMEs of 90 dated sessions each per language.

The haystack is memeval's themes and chatter (updates.py's dating); the probes, their wordings and
values are this file's own.
"""

from __future__ import annotations

import random

from memeval import Bank, _cap, _Home, fill
from memeval_en import BANK as EN_BANK
from memeval_zh import BANK as ZH_BANK
from updates import _starts

SEED = 20261211
SESSIONS = 90
PER_HOME = 8
HOMES = 3


class P:
    """A probe: the question now, with a time word, and for the old value; the person's statements
    oldest first (the last answers now); the slot values; the same-topic chats that state nothing."""

    def __init__(self, ask: str, ask_now: str, ask_old: str, lines: list[str], vals: dict[str, list[str]],
                 chats: tuple[str, ...]):
        self.ask, self.ask_now, self.ask_old, self.lines, self.vals, self.chats = ask, ask_now, ask_old, lines, vals, list(chats)


EN = [
    P("Which gym do I go to?", "Which gym am I going to these days?", "Which gym did I go to before?",
      ["I go to {g1} gym near the station, it's cheap and never busy",
       "Cancelled the {g1} membership and switched to {g2}, they have a pool",
       "No longer paying for {g2}, these days I climb at {g3} instead"],
      {"g1": ["PureGym", "Anytime Fitness"], "g2": ["David Lloyd", "Virgin Active"], "g3": ["The Arch", "Boulder Central"]},
      ("The gym was packed at lunchtime, waited ages for a bench", "My shoulders are sore after the gym yesterday",
       "Thinking about a personal trainer at the gym")),
    P("How much is my rent?", "How much is my rent at the moment?", "How much was my rent before?",
      ["My rent is {r1} pounds a month for a one bedroom flat",
       "The landlord put it up to {r2} pounds from this month",
       "Moved to a bigger place across town, paying {r3} pounds now"],
      {"r1": ["850", "900"], "r2": ["975", "1000"], "r3": ["1250", "1300"]},
      ("Rent day again, the bank account always looks sad after it", "The landlord still hasn't fixed the boiler")),
    P("Who is my manager?", "Who is my manager these days?", "Who was my manager before?",
      ["My manager is {m1}, she is great at shielding the team",
       "{m1} left the company, {m2} is covering for now",
       "Reporting to {m3} since the reorg, one-to-ones on Mondays"],
      {"m1": ["Priya", "Hannah"], "m2": ["Marcus", "Oliver"], "m3": ["Fatima", "Kenji"]},
      ("My manager cancelled our one-to-one again", "Had a tense chat with my manager about the deadlines")),
    P("What laptop do I use?", "What laptop am I using at the moment?", "What laptop did I use before?",
      ["I do all my work on a {p1}",
       "Traded the {p1} in for a {p2}, the keyboard is much nicer",
       "The {p2} died on me, typing this on a {p3} these days"],
      {"p1": ["ThinkPad X1", "Dell XPS"], "p2": ["MacBook Air", "Surface Laptop"], "p3": ["Framework 13", "MacBook Pro"]},
      ("The laptop fan is so loud when I run the tests", "Spilled tea right next to my laptop, nearly a disaster",
       "Laptop battery barely lasts the morning")),
    P("How many hours do I sleep a night?", "How many hours a night am I sleeping lately?",
      "How many hours did I sleep a night before?",
      ["I sleep about {h1} hours a night, out like a light",
       "With the baby here I'm lucky to get {h2} hours",
       "The baby sleeps through now, back to {h3} hours most nights"],
      {"h1": ["eight", "seven"], "h2": ["four", "five"], "h3": ["six"]},
      ("Couldn't sleep last night, the neighbours had a party", "Thinking of buying a better pillow, my sleep is restless")),
    P("Which streaming service do I pay for?", "Which streaming service am I paying for now?",
      "Which streaming service did I pay for before?",
      ["I pay for {s1}, mostly for the documentaries",
       "Cancelled {s1}, {s2} has the football this season",
       "No longer subscribed to {s2} either, just {s3} for the kids' cartoons"],
      {"s1": ["Netflix", "Apple TV"], "s2": ["Sky Sports", "DAZN"], "s3": ["Disney Plus"]},
      ("Nothing good to stream tonight, scrolled for an hour", "The streaming app keeps buffering on the old telly")),
    P("What instrument do I play?", "What instrument am I playing these days?", "What instrument did I play before?",
      ["I play the {i1} in a little pub band",
       "Gave up the {i1}, started {i2} lessons with a teacher down the road",
       "The lessons stopped, mostly messing about on the {i3} now"],
      {"i1": ["bass guitar", "drums"], "i2": ["piano", "cello"], "i3": ["ukulele", "mandolin"]},
      ("The neighbours complained about the noise when I practise", "Music shop on the high street is closing down")),
    P("How much do I weigh?", "How much do I weigh at the moment?", "How much did I weigh before?",
      ["I weigh {w1} kg, the doctor wants me to lose some",
       "Down to {w2} kg after three months of cycling",
       "Scales said {w3} this morning, the holidays undid some of it"],
      {"w1": ["96", "98"], "w2": ["86", "88"], "w3": ["90", "91"]},
      ("The bathroom scales need a new battery", "The doctor asked about my weight at the checkup")),
    P("Which school does my daughter go to?", "Which school is my daughter at now?",
      "Which school did my daughter go to before?",
      ["My daughter goes to {sc1}, five minutes' walk away",
       "We moved her to {sc2} after the autumn term, smaller classes",
       "She started at {sc3} this week, a bus ride away but she loves it"],
      {"sc1": ["St Mary's Primary", "Oakfield Primary"], "sc2": ["Hillcrest Academy", "Greenway School"],
       "sc3": ["Kingsbridge High", "Riverside College"]},
      ("The school run was chaos this morning", "My daughter's school play is next week, she's a tree")),
    P("Which browser do I use?", "Which browser am I using these days?", "Which browser did I use before?",
      ["I use {b1} for everything, work and home",
       "Switched to {b2}, {b1} was eating all my memory",
       "Not on {b2} anymore, {b3} won me over with its tab groups"],
      {"b1": ["Chrome"], "b2": ["Firefox", "Safari"], "b3": ["Arc", "Vivaldi", "Brave"]},
      ("Forty tabs open in my browser again", "The browser extensions keep breaking after updates")),
    P("What programming language do I use at work?", "What language am I writing at work these days?",
      "What programming language did I use at work before?",
      ["At work I write mostly {l1}, a big old monolith",
       "The team moved the services from {l1} to {l2} this quarter",
       "New project from scratch, it's all {l3} for me now"],
      {"l1": ["Java", "PHP"], "l2": ["Go", "Kotlin"], "l3": ["Rust", "Elixir"]},
      ("Code review at work took the whole afternoon", "Debugging a flaky test at work again, third day running")),
    P("How do I get to work?", "How am I getting to work these days?", "How did I get to work before?",
      ["I take the {t1} bus to work, forty minutes each way",
       "Started cycling in since the new bike lane opened, twenty minutes",
       "After the move it's a short walk to the office, no more {t1} or bike"],
      {"t1": ["number 38", "number 12"]},
      ("Work was exhausting, too many meetings", "Got caught in the rain on the way to work")),
]

ZH = [
    P("我去哪个健身房?", "我现在去哪个健身房?", "我以前去哪个健身房?",
      ["我在{g1}健身房办了年卡，离家很近", "{g1}的卡退了，换成了{g2}，有游泳池", "不再去{g2}了，这阵子改成在{g3}攀岩"],
      {"g1": ["乐刻", "超级猩猩"], "g2": ["威尔士", "一兆韦德"], "g3": ["岩时", "奥攀"]},
      ("健身房人太多了，等器械等了半天", "练完腿第二天走路都疼", "在考虑要不要在健身房请个私教")),
    P("我每天跑几公里?", "我现在每天跑几公里?", "我以前每天跑几公里?",
      ["我每天早上跑{k1}公里", "膝盖受伤了，改成每天跑{k2}公里", "恢复得不错，这段时间每天能跑{k3}公里了"],
      {"k1": ["10", "8"], "k2": ["3", "2"], "k3": ["6", "5"]},
      ("跑步的时候耳机老是掉", "今天下雨没出去跑，有点难受")),
    P("我的房租多少钱?", "我现在房租多少?", "我以前房租多少钱?",
      ["我的房租是每月{r1}元，一室一厅", "房东涨价了，涨到{r2}元", "搬了家，现在一个月{r3}元，离地铁近"],
      {"r1": ["3500", "3800"], "r2": ["4200", "4500"], "r3": ["5200", "5600"]},
      ("房东一直不修热水器", "交房租的日子又到了，钱包好瘦")),
    P("我的领导是谁?", "我现在的领导是谁?", "我以前的领导是谁?",
      ["我的领导是{m1}，人很好", "{m1}调走了，新来的是{m2}", "组织架构调整以后，现在向{m3}汇报"],
      {"m1": ["王磊", "陈静"], "m2": ["刘洋", "赵敏"], "m3": ["孙浩", "周婷"]},
      ("领导又开了一下午的会", "跟领导聊了聊年终考核的事")),
    P("我用什么笔记本电脑?", "我现在用什么笔记本电脑?", "我以前用什么笔记本电脑?",
      ["我用的是{p1}笔记本", "把{p1}换成了{p2}，键盘手感好多了", "{p2}进水坏了，这几天用的是{p3}"],
      {"p1": ["ThinkPad", "戴尔XPS"], "p2": ["MacBook Air", "华为MateBook"], "p3": ["小米笔记本", "MacBook Pro"]},
      ("电脑风扇声音好大，跑测试的时候特别吵", "笔记本的电池越来越不耐用了", "差点把茶洒在电脑上")),
    P("我用什么浏览器?", "我现在用什么浏览器?", "我以前用什么浏览器?",
      ["我平时用{b1}浏览器", "{b1}太占内存，换成了{b2}", "不再用{b2}了，现在改成{b3}"],
      {"b1": ["Chrome"], "b2": ["Firefox", "Safari"], "b3": ["Edge", "Arc", "Vivaldi"]},
      ("浏览器又开了四十个标签页", "浏览器插件更新以后又出问题了")),
    P("我每晚睡几个小时?", "我最近每晚睡几个小时?", "我以前每晚睡几个小时?",
      ["我每天晚上睡{h1}个小时左右", "孩子出生以后每晚只能睡{h2}个小时", "孩子能睡整觉了，我现在能睡{h3}个小时"],
      {"h1": ["八", "七"], "h2": ["四", "五"], "h3": ["六"]},
      ("昨晚楼上太吵，一晚上没睡好", "想换个好点的枕头，睡得不踏实")),
    P("我开了哪个视频会员?", "我现在开的是哪个视频会员?", "我以前开的是哪个视频会员?",
      ["我开了{s1}会员，主要看纪录片", "{s1}会员不续了，改开{s2}，为了看球", "{s2}也停了，现在只留了{s3}给孩子看动画"],
      {"s1": ["爱奇艺", "腾讯视频"], "s2": ["咪咕视频", "优酷"], "s3": ["芒果TV", "哔哩哔哩"]},
      ("晚上没什么好看的，刷了一个小时", "视频一直在缓冲，网太差了")),
    P("我在学什么乐器?", "我现在在学什么乐器?", "我以前学的是什么乐器?",
      ["我在学{i1}，每周上一次课", "{i1}放弃了，开始上{i2}课", "这阵子主要在练{i3}，课停了"],
      {"i1": ["吉他", "架子鼓"], "i2": ["钢琴", "大提琴"], "i3": ["尤克里里", "古筝"]},
      ("邻居嫌我练琴太吵", "楼下的乐器店要关门了")),
    P("我女儿在哪个学校上学?", "我女儿现在在哪个学校?", "我女儿以前在哪个学校上学?",
      ["我女儿在{sc1}上学，走路五分钟", "秋季学期以后女儿转到了{sc2}", "她这周开始去{sc3}上初中了，要坐公交"],
      {"sc1": ["实验小学", "育才小学"], "sc2": ["外国语小学", "新华小学"], "sc3": ["第一中学", "东方中学"]},
      ("早上送孩子上学堵死了", "女儿学校下周有文艺演出")),
    P("我工作用什么编程语言?", "我现在工作用什么语言?", "我以前工作用什么编程语言?",
      ["工作上主要写{l1}，一个很老的单体项目", "团队这个季度把服务从{l1}迁到了{l2}", "新项目从头开始，这阵子全用{l3}"],
      {"l1": ["Java", "PHP"], "l2": ["Go", "Kotlin"], "l3": ["Rust", "Elixir"]},
      ("下午都在做代码评审", "又在调一个不稳定的测试，第三天了")),
    P("我每天喝几杯咖啡?", "我现在每天喝几杯咖啡?", "我以前每天喝几杯咖啡?",
      ["我每天要喝{c1}杯咖啡才能撑住", "最近有点心慌，改成每天{c2}杯", "现在不喝了，早上换成了一壶绿茶"],
      {"c1": ["四", "五"], "c2": ["两", "一"]},
      ("公司楼下新开了一家咖啡店", "咖啡机又坏了")),
]


def _bank(base: Bank) -> Bank:
    return Bank(base.lang, homes=HOMES, per_home=PER_HOME, themes=base.themes, probes=[], chatter=base.chatter,
                smalltalk=base.smalltalk, common=base.common, turn=base.turn, sessions=SESSIONS)


def _home(bank: Bank, probes: list[P], h: int, tag: str) -> tuple[list, list[dict], dict[str, int]]:
    rng = random.Random(SEED * 100 + h + (0 if bank.lang == "en" else 50))
    home = _Home(bank, rng)
    keys = [f"{tag}{h}-{i + 1:03d}" for i in range(home.n)]
    qs = []
    for p in rng.sample(probes, min(PER_HOME, len(probes))):
        vals = {k: rng.choice(v) for k, v in p.vals.items()}
        ats: list[int] = []
        for _ in range(len(p.lines) + len(p.chats)):
            ats.append(home.pick(set(ats)))
        ats.sort()
        said = [ats[0]]  # the first statement first; the changes and the chats in any order after it
        rest = ats[1:]
        rng.shuffle(rest)
        said += sorted(rest[: len(p.lines) - 1])
        chats = rest[len(p.lines) - 1:]
        for at, line in zip(said, p.lines):
            home.put(at, "user", fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
        for at, line in zip(chats, p.chats):
            home.put(at, "user", fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
        meta = {"lang": bank.lang, "chats": [keys[i] for i in chats]}
        for kind, ask in (("update", p.ask), ("update-now", p.ask_now)):
            qs.append({"question": _cap(ask), "keys": [keys[said[-1]]], "kind": kind,
                       "older": [keys[i] for i in said[:-1]]} | meta)
        qs.append({"question": _cap(p.ask_old), "keys": [keys[i] for i in said[:-1]], "kind": "update-old",
                   "newer": [keys[said[-1]]]} | meta)
    sessions = home.sessions(keys)
    return sessions, qs, _starts(rng, keys)


def build() -> list[tuple[list, list[dict], dict[str, int]]]:
    en, zh = _bank(EN_BANK), _bank(ZH_BANK)
    return [_home(en, EN, h, "ve") for h in range(HOMES)] + [_home(zh, ZH, h, "vz") for h in range(HOMES)]
