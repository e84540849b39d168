"""updates: a dev set for knowledge updates (issue 14, session 7, branch `updates`).

A fact about the person is said once in an older session and changed later (once or twice),
each time in passing inside a chat about something else. The newer line is worded as people
report a change ("I started my new job at …", "we finally moved to …", 换成 / 搬到 …), so it
shares fewer of the question's words than the older one. Each probe is asked twice: as a
person asks without placing it in time ("Where do I work?", kind `update`) and with "now",
"current", "these days" or 现在 (kind `update-now`); only the newest session answers either.
Decoy lines with the question's words and no value sit in other sessions.

The haystack is memeval's themes and chatter (memeval_en / memeval_zh banks), 45 sessions per
HOME dated 2-16 days apart over about a year, ending months before today. The probes, their
wordings and values are this file's own. `build()` returns per HOME (sessions, questions, starts)
as make.write and run.py take them.
"""

from __future__ import annotations

import random
import time

from memeval import Bank, _cap, _Home, fill

SEED = 20261207
SESSIONS = 45
PER_HOME = 12  # probes per HOME, each asked two ways
KINDS = ("update", "update-now")


class U:
    """An update probe: the question without and with a time word, the lines oldest first
    (side, text), the slot values, the decoys."""

    def __init__(self, ask: str, ask_now: str, lines: list[tuple[str, str]], vals: dict[str, list[str]],
                 decoys: tuple[str, ...] = ()):
        self.ask, self.ask_now, self.lines, self.vals, self.decoys = ask, ask_now, lines, vals, list(decoys)


_N = [str(n) for n in range(3, 15)]
EN = [
    U("Where do I work?", "Where do I work now?",
      [("user", "I work at {c1} as a data analyst, the office is near the station"),
       ("user", "I started work at {c2} on Monday, the new job is so much closer")],
      {"c1": ["Northwind", "Globex", "Initech", "Vandelay"], "c2": ["Hooli", "Pied Piper", "Stark Labs", "Umbrella Health"]},
      ("Work was long today, I need something easy for dinner",)),
    U("What milk do I take in my coffee?", "What milk do I take in my coffee these days?",
      [("user", "I take {m1} in my coffee every morning, two cups usually"),
       ("user", "I've switched to {m2}, my stomach is happier")],
      {"m1": ["whole milk", "skim milk"], "m2": ["oat milk", "soy milk", "almond milk"]},
      ("The coffee at the new cafe downstairs is awful", "We ran out of milk again")),
    U("How many plants do I have?", "How many plants do I have now?",
      [("user", "I have {n1} plants on the balcony and they all need water daily"),
       ("user", "Bought a few more plants at the market, that's {n2} in total, the balcony is a jungle")],
      {"n1": _N[:5], "n2": _N[6:]}, ("The neighbour's plants look much healthier than mine",)),
    U("Which city do I live in?", "Which city do I live in at the moment?",
      [("user", "I live in {l1}, close to the river"),
       ("user", "We finally moved to {l2} last month, still learning my way around the city")],
      {"l1": ["Leeds", "Lyon", "Porto", "Gdansk"], "l2": ["Bristol", "Utrecht", "Valencia", "Krakow"]},
      ("I love the city at night when it is quiet",)),
    U("What car do I drive?", "What car do I drive now?",
      [("user", "I drive a {car1}, it is old but reliable"),
       ("user", "Sold the old car and picked up a {car2} last week, it feels like a spaceship")],
      {"car1": ["Honda Civic", "Ford Focus", "Skoda Octavia"], "car2": ["Tesla Model 3", "Kia EV6", "Volvo XC40"]},
      ("The car park at work is always full",)),
    U("Which day do I go to the gym?", "Which day do I go to the gym currently?",
      [("user", "I go to the gym on {d1}s after work"),
       ("user", "With the new shift pattern I moved my gym sessions to {d2}s")],
      {"d1": ["Monday", "Tuesday"], "d2": ["Thursday", "Saturday", "Sunday"]},
      ("The gym was packed, I could not get a bench",)),
    U("How many cats do we have?", "How many cats do we have now?",
      [("user", "We have {n1} cats at home and they rule the place"),
       ("user", "We adopted another kitten from the shelter, so we are up to {n2} cats")],
      {"n1": ["two", "three"], "n2": ["four", "five"]}, ("The cats next door keep fighting",)),
    U("What phone do I use?", "What phone do I have these days?",
      [("user", "My phone is a {ph1}, the battery is fine"),
       ("user", "The screen cracked so I upgraded my phone to a {ph2}, much faster")],
      {"ph1": ["Pixel 6", "iPhone 11", "Galaxy S20"], "ph2": ["Pixel 9", "iPhone 16", "Galaxy S25"]},
      ("My phone keeps buzzing with work chats",)),
    U("What is my longest run?", "What is my longest run so far?",
      [("user", "My longest run is {k1} km, my legs hated me after"),
       ("user", "New personal best on today's run, {k2} kilometres without stopping")],
      {"k1": ["8", "10", "12"], "k2": ["15", "18", "21"]}, ("I want to run more this year",)),
    U("Which editor do I write code in?", "Which editor do I write code in now?",
      [("user", "I write all my code in {e1}, with a dark theme"),
       ("user", "I've moved over to {e2} for code, the plugins are nicer and it starts faster")],
      {"e1": ["Vim", "Sublime Text"], "e2": ["VS Code", "Zed", "Helix"]}, ("Writing code late at night is a bad idea",)),
    U("What time do I wake up on weekdays?", "What time do I wake up on weekdays now?",
      [("user", "I wake up at {t1} on weekdays, far too early"),
       ("user", "With the later start on weekdays my alarm goes off at {t2} instead")],
      {"t1": ["5:45", "6:00"], "t2": ["7:15", "7:30"]}, ("I never wake up rested on Mondays",)),
    U("Which language am I learning?", "Which language am I learning at the moment?",
      [("user", "I'm learning {g1} on an app, ten minutes a day"),
       ("user", "I dropped the app and signed up for {g2} evening classes, a harder language but more fun")],
      {"g1": ["Spanish", "Italian"], "g2": ["Japanese", "Korean", "German"]}, ("Learning anything new at my age is hard",)),
    U("How much do I earn?", "What is my salary now?",
      [("user", "I earn {s1} a year before tax, which is fine for now"),
       ("user", "Got the raise, my salary is {s2} from this quarter on")],
      {"s1": ["48,000", "52,000"], "s2": ["58,000", "61,000"]}, ("Money is tight this month with the repairs",)),
    U("How do I get to work?", "How do I get to work these days?",
      [("user", "I get to work by {tr1}, it takes about forty minutes"),
       ("user", "Ever since the move I take the {tr2} to work, door to door in twenty")],
      {"tr1": ["bus", "car"], "tr2": ["train", "tram", "ferry"]}, ("Work is sending everyone to a training next week",)),
    U("How many people are on my team?", "How many people are on my team now?",
      [("user", "My team has {n1} people and we all sit together"),
       ("user", "Two new hires joined my team this week, {n2} of us in total")],
      {"n1": ["five", "six"], "n2": ["seven", "eight"]}, ("The team lunch is on Friday",)),
    U("Who is our internet provider?", "Who is our internet provider now?",
      [("user", "Our internet provider is {i1} and the speed is okay"),
       ("user", "We switched our internet to {i2}, half the price for the same speed")],
      {"i1": ["Virgin", "Sky"], "i2": ["Hyperoptic", "Zen", "Plusnet"]}, ("The internet was down all evening",)),
    U("What book am I reading?", "What book am I reading at the moment?",
      [("user", "I'm reading {b1} before bed"),
       ("user", "Finished that book and started {b2} yesterday, hard to put down")],
      {"b1": ["Middlemarch", "Dune"], "b2": ["Piranesi", "The Overstory", "Circe"]}, ("I should read more and scroll less",)),
    # changed twice: only the last answers
    U("How much is my rent?", "How much is my rent now?",
      [("user", "My rent is {r1} a month for the flat"),
       ("user", "The landlord put the rent up to {r2} at renewal"),
       ("user", "After some haggling we settled on {r3} for the rent, a bit less than he wanted")],
      {"r1": ["900", "950"], "r2": ["1,100", "1,150"], "r3": ["1,020", "1,040"]}, ("The flat next door is for rent",)),
    U("Which coach do I train with?", "Who is my coach now?",
      [("user", "My coach is {p1}, she is strict but fair"),
       ("user", "{p1} moved abroad, so I train with {p2}"),
       ("user", "It did not click with {p2}, my new coach is {p3} from the running club")],
      {"p1": ["Anna", "Mira"], "p2": ["Tom", "Raj"], "p3": ["Lena", "Sofia"]}, ("Coaching kids on Saturdays is fun",)),
]

ZH = [
    U("我在哪家公司上班？", "我现在在哪家公司上班？",
      [("user", "我在{c1}上班，做数据分析"), ("user", "上周已经入职{c2}了，新公司上班通勤近多了")],
      {"c1": ["华通科技", "蓝海集团"], "c2": ["星云互动", "青禾医疗", "远航物流"]}, ("今天上班太累了，晚饭想吃点简单的",)),
    U("我咖啡里加什么奶？", "我现在咖啡里加什么奶？",
      [("user", "我每天早上咖啡里加{m1}"), ("user", "最近改喝{m2}了，肠胃舒服多了")],
      {"m1": ["全脂奶", "脱脂奶"], "m2": ["燕麦奶", "豆奶", "杏仁奶"]}, ("楼下新开的咖啡店不太好喝",)),
    U("我有几盆花？", "我现在有几盆花？",
      [("user", "我阳台上有{n1}盆花，每天都要浇水"), ("user", "周末又买了几盆花，一共{n2}盆了，阳台快放不下")],
      {"n1": ["三", "四", "五"], "n2": ["八", "九", "十"]}, ("邻居家的花比我养得好",)),
    U("我住在哪个城市？", "我现在住在哪个城市？",
      [("user", "我住在{l1}，离江边很近"), ("user", "我们终于搬到{l2}了，这个城市还不太熟")],
      {"l1": ["武汉", "南京"], "l2": ["成都", "杭州", "厦门"]}, ("晚上的城市安静的时候最好看",)),
    U("我开的是什么车？", "我现在开什么车？",
      [("user", "我开的是一辆{car1}，旧但是很耐用"), ("user", "旧车卖了，提了一辆{car2}")],
      {"car1": ["卡罗拉", "速腾"], "car2": ["比亚迪汉", "小鹏P7", "理想L6"]}, ("公司停车场总是没位置",)),
    U("我家有几只猫？", "我家现在有几只猫？",
      [("user", "我家养了{n1}只猫，整天在家里跑"), ("user", "又从救助站领养了一只小猫，家里{n2}只猫了")],
      {"n1": ["两", "三"], "n2": ["四", "五"]}, ("隔壁的猫老是打架",)),
    U("我在学什么语言？", "我最近在学什么语言？",
      [("user", "我在用软件学{g1}，每天十分钟"), ("user", "软件不用了，报了一个{g2}晚班，这门语言难多了")],
      {"g1": ["西班牙语", "法语"], "g2": ["日语", "韩语", "德语"]}, ("这个年纪学新东西真难",)),
    U("我哪天去健身房？", "我现在哪天去健身房？",
      [("user", "我每周{d1}下班去健身房"), ("user", "换了排班以后，健身改到{d2}了")],
      {"d1": ["周一", "周二"], "d2": ["周四", "周六", "周日"]}, ("健身房人太多了，等不到器械",)),
    U("我用的是什么手机？", "我现在用什么手机？",
      [("user", "我用的手机是{ph1}，电池还行"), ("user", "手机屏幕摔碎了，干脆换了{ph2}")],
      {"ph1": ["小米11", "华为P40"], "ph2": ["小米15", "华为Mate70", "苹果16"]}, ("手机上的工作群一直在响",)),
    U("我们组有几个人？", "我们组现在有几个人？",
      [("user", "我们组有{n1}个人，坐在一起"), ("user", "这周新来了两个同事，组里一共{n2}个人了")],
      {"n1": ["五", "六"], "n2": ["七", "八"]}, ("周五组里聚餐",)),
    U("我每个月房租多少？", "我现在每个月房租多少？",
      [("user", "我每个月房租{r1}块"), ("user", "续租的时候房东把房租涨到{r2}了"), ("user", "最后房租谈下来{r3}，比他开的价低一点")],
      {"r1": ["2800", "3000"], "r2": ["3600", "3800"], "r3": ["3300", "3400"]}, ("隔壁那套房子在出租",)),
]


def _bank(base: Bank, homes: int) -> Bank:
    return Bank(base.lang, homes=homes, per_home=PER_HOME, themes=base.themes, probes=[], chatter=base.chatter,
                smalltalk=base.smalltalk, common=base.common, turn=base.turn, sessions=SESSIONS)


def _starts(rng: random.Random, keys: list[str]) -> dict[str, int]:
    # 2-16 days apart, the newest ~4 months before 2026-12-01
    t = int(time.mktime((2026, 8, 1, 9, 0, 0, 0, 0, 0))) - len(keys) * 9 * 86400
    out = {}
    for k in keys:
        t += rng.randint(2, 16) * 86400 + rng.randint(0, 8) * 3600
        out[k] = t
    return out


def _home(bank: Bank, probes: list[U], h: int, tag: str) -> tuple[list, list[dict], dict[str, int]]:
    rng = random.Random(SEED * 100 + h + (0 if bank.lang == "en" else 50))
    home = _Home(bank, rng)
    keys = [f"{tag}{h}-{i + 1:03d}" for i in range(home.n)]
    qs = []
    for p in rng.sample(probes, min(PER_HOME, len(probes))):
        vals = {k: rng.choice(v) for k, v in p.vals.items()}
        ats: list[int] = []
        for _ in p.lines:
            ats.append(home.pick(set(ats)))
        ats.sort()  # the newer value is said later
        for at, (side, line) in zip(ats, p.lines):
            home.put(at, side, fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
        for d in p.decoys:
            at = rng.choice([i for i in range(home.n) if i not in ats])
            home.put(at, "user", fill(d, vals, p.vals, home.words(home.themes[at]), rng))
        for kind, ask in (("update", p.ask), ("update-now", p.ask_now)):
            qs.append({"question": _cap(ask), "keys": [keys[ats[-1]]], "kind": kind, "lang": bank.lang,
                       "older": [keys[i] for i in ats[:-1]]})  # to read a miss by: where the older sessions ranked
    sessions = home.sessions(keys)
    return sessions, qs, _starts(rng, keys)


def build() -> list[tuple[list, list[dict], dict[str, int]]]:
    import memeval_en
    import memeval_zh

    en, zh = _bank(memeval_en.BANK, 3), _bank(memeval_zh.BANK, 2)
    return [_home(en, EN, h, "ue") for h in range(en.homes)] + [_home(zh, ZH, h, "uz") for h in range(zh.homes)]
