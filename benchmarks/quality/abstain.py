"""abstain: questions nothing answers, each beside an answerable twin (issue 14 item 4, session 8,
branch `abstain`). The HOME holds a close fact but not the one asked: "What's my brother's name?" is
answered by the session where the person said "my brother Jonas is coming to stay"; its twin "What's
my sister's name?" by nothing. One key word is changed (the relation, the place, the object, the
animal), the rest of the question is the same, so the twin shares most of its words with the
evidence session. For some twins the changed word is said elsewhere in the HOME without the fact
(`near`: "my sister keeps sending me recipes"), as a person's chats would hold it.

Built with memeval's machinery (its _Home and slots, memeval's filler themes): 3 English HOMEs and
2 Chinese ones of 50 sessions. Each pair asked in a HOME gives two questions: the answerable one
(kind `user-fact` or `assistant-fact`, scored by hit@1 / hit@5) and its twin (kind `abstain`, right
when deja returns nothing, only near misses, or exits 1). Written for this set only, by the engineer
who tuned the weak tier on it: treat its figures as a dev set's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from memeval import Bank, _cap, _Home, fill, homes

import memeval_en
import memeval_zh

SEED = 20261208


@dataclass
class Pair:
    kind: str  # of the answerable question: user-fact | assistant-fact
    ask: str  # answered by the evidence
    twin: str  # one key word changed: answered by nothing
    evidence: tuple[str, str]  # (side, line)
    vals: dict[str, list[str]] = field(default_factory=dict)
    decoys: list[str] = field(default_factory=list)  # the ask's words, not the answer
    near: list[str] = field(default_factory=list)  # the twin's changed word, not the fact


P = Pair
EN_PAIRS = [
    P("user-fact", "What's my brother's name?", "What's my sister's name?",
      ("user", "My brother {name} is coming to stay with us over the holidays"),
      {"name": ["Jonas", "Marek", "Tobias"]}, ["What a name for a cafe, honestly"], ["My sister keeps sending me recipes she never cooks"]),
    P("user-fact", "Which hotel did I book in Milan?", "Which hotel did I book in Rome?",
      ("user", "We finally booked the {hotel} in Milan for the trip in May"),
      {"hotel": ["Hotel Rossi", "Albergo Centrale", "Casa Brera"]}, ["The hotel breakfast on the last trip was awful"]),
    P("user-fact", "How much did I pay for the guitar?", "How much did I pay for the violin?",
      ("user", "I bought a second-hand guitar last week for {price} euros"),
      {"price": ["180", "240", "320"]}, ["I still have to pay the electricity bill"], ["The violin at my niece's recital was lovely"]),
    P("user-fact", "What's my dog called?", "What's my cat called?",
      ("user", "My dog {name} chewed through the charger cable again"),
      {"name": ["Biscuit", "Pepper", "Rufus"]}, ["The dog park was packed this morning"]),
    P("assistant-fact", "How often did you say to feed the sourdough starter?", "How often did you say to feed the goldfish?",
      ("assistant", "Feed the sourdough starter equal weights of flour and water every {n} hours"),
      {"n": ["twelve", "twenty four", "eight"]}, ["Sourdough takes a while to learn"]),
    P("user-fact", "What was my time in the half marathon?", "What was my time in the triathlon?",
      ("user", "I ran the half marathon in {t}, a personal best"),
      {"t": ["one hour fifty", "two hours and five minutes", "one hour forty two"]}, ["No time to train this week"],
      ["A colleague is doing a triathlon in June"]),
    P("user-fact", "When is my dentist appointment?", "When is my physio appointment?",
      ("user", "My dentist appointment is on {day} at nine"),
      {"day": ["Tuesday", "Thursday", "the twelfth"]}, ["The dentist near the station closed down"]),
    P("user-fact", "What kind of car do I drive?", "What kind of truck do I drive?",
      ("user", "I drive a {car} these days, it is fine for the city"),
      {"car": ["Skoda Fabia", "Toyota Yaris", "Renault Clio"]}, ["The car park at work is full by eight"]),
    P("user-fact", "How much is my rent?", "How much is my mortgage?",
      ("user", "The landlord put the rent up to {n} a month"),
      {"n": ["1,150", "980", "1,400"]}, ["Rent in the city centre is silly"], ["My parents paid off their mortgage last year"]),
    P("user-fact", "Which language did I start learning?", "Which language did my wife start learning?",
      ("user", "I started learning {lang} on an app in January"),
      {"lang": ["Portuguese", "Japanese", "Dutch"]}, ["Learning on an app is hard to keep up"]),
    P("assistant-fact", "Which day did you say the museum is free?", "Which day did you say the zoo is free?",
      ("assistant", "The city museum is free on the first {day} of every month"),
      {"day": ["Sunday", "Wednesday", "Friday"]}, ["A museum visit takes most of a day"]),
    P("user-fact", "What did I give my nephew for his birthday?", "What did I give my niece for her birthday?",
      ("user", "I gave my nephew {gift} for his birthday and he loved it"),
      {"gift": ["a chemistry set", "a skateboard", "a telescope"]}, ["My birthday is in the spring"]),
    P("user-fact", "Which airline did we fly to Lisbon with?", "Which airline did we fly to Madrid with?",
      ("user", "We flew to Lisbon with {airline} and the seats were fine"),
      {"airline": ["TAP", "easyJet", "Ryanair"]}, ["The airline lost a bag of ours once"]),
    P("user-fact", "What's my manager's name?", "What's my accountant's name?",
      ("user", "My manager {name} wants the report by Friday"),
      {"name": ["Priya", "Henrik", "Colette"]}, ["The report template is a mess"], ["I should find an accountant before the tax deadline"]),
    P("user-fact", "How many tomato plants did I plant?", "How many pepper plants did I plant?",
      ("user", "I planted {n} tomato plants on the balcony this spring"),
      {"n": ["six", "four", "nine"]}, ["The balcony gets sun only in the afternoon"]),
    P("assistant-fact", "What temperature did you say to roast the chicken at?", "What temperature did you say to roast the lamb at?",
      ("assistant", "Roast the chicken at {t} degrees and let it rest before carving"),
      {"t": ["200", "190", "220"]}, ["The oven temperature dial is not accurate"]),
]

ZH_PAIRS = [
    P("user-fact", "我儿子叫什么名字？", "我女儿叫什么名字？",
      ("user", "我儿子{name}今年上小学了，每天早上都不肯起床"),
      {"name": ["小宇", "乐乐", "豆豆"]}, ["这家店的名字起得真怪"], ["我同事的女儿在学钢琴"]),
    P("user-fact", "我们去成都住的哪家酒店？", "我们去重庆住的哪家酒店？",
      ("user", "我们这次去成都住的是{hotel}，离地铁站很近"),
      {"hotel": ["锦江宾馆", "亚朵酒店", "全季酒店"]}, ["上次住的酒店早餐很差"]),
    P("user-fact", "我买吉他花了多少钱？", "我买小提琴花了多少钱？",
      ("user", "上周花了{price}块买了一把二手吉他"),
      {"price": ["八百", "一千二", "六百"]}, ["这个月花钱太多了"], ["朋友的孩子在学小提琴"]),
    P("user-fact", "我的牙医预约是哪天？", "我的体检预约是哪天？",
      ("user", "我的牙医预约在{day}上午九点"),
      {"day": ["周二", "周四", "下周一"]}, ["地铁站旁边那家牙医关门了"]),
    P("assistant-fact", "你说多肉多久浇一次水？", "你说兰花多久浇一次水？",
      ("assistant", "养多肉的话，大概{n}天浇一次水就够了，别浇太多"),
      {"n": ["十", "七", "十五"]}, ["多肉放在阳台上长得很快"]),
    P("user-fact", "我最近在学什么语言？", "我最近在学什么乐器？",
      ("user", "我最近在手机上学{lang}，每天练半小时"),
      {"lang": ["日语", "西班牙语", "法语"]}, ["最近工作太忙了"]),
    P("user-fact", "我们去三亚坐的哪家航空公司？", "我们去厦门坐的哪家航空公司？",
      ("user", "我们坐{airline}去的三亚，座位还挺宽"),
      {"airline": ["海南航空", "东方航空", "南方航空"]}, ["航空公司上次把行李弄丢了"], ["同事下个月要去厦门出差"]),
    P("user-fact", "我家的狗叫什么？", "我家的猫叫什么？",
      ("user", "我家的狗叫{name}，特别能吃，一天要遛两次"),
      {"name": ["旺财", "豆包", "球球"]}, ["楼下那只狗每天早上都叫"]),
    P("user-fact", "我的房租现在是多少？", "我的房贷现在是多少？",
      ("user", "房东把房租涨到了每月{n}元"),
      {"n": ["三千五", "四千二", "两千八"]}, ["市中心的房租太贵了"]),
    P("assistant-fact", "你说烤鸡要用多少度？", "你说烤羊排要用多少度？",
      ("assistant", "烤鸡用{t}度烤一个小时左右，出炉后放十分钟再切"),
      {"t": ["两百", "一百九", "两百二"]}, ["烤箱的温度不太准"]),
]

EN_BANK = Bank("en", homes=3, per_home=10, themes=memeval_en.THEMES, probes=[], chatter=memeval_en.CHATTER,
               smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 400))
ZH_BANK = Bank("zh", homes=2, per_home=8, themes=memeval_zh.THEMES, probes=[], chatter=memeval_zh.CHATTER,
               smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650))


def build_bank(bank: Bank, pairs: list[Pair], seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        qs = []
        for p in rng.sample(pairs, min(bank.per_home, len(pairs))):
            vals = {k: rng.choice(v) for k, v in p.vals.items()}
            at = home.pick(set())
            side, line = p.evidence
            home.put(at, side, fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
            for d in p.decoys + p.near:
                other = rng.choice([i for i in range(home.n) if i != at])
                home.put(other, rng.choice(["user", "assistant"]), fill(d, vals, p.vals, home.words(home.themes[other]), rng))
            qs.append({"question": _cap(fill(p.ask, vals, p.vals, {}, rng)), "keys": [keys[at]], "kind": p.kind, "lang": bank.lang})
            qs.append({"question": _cap(fill(p.twin, vals, p.vals, {}, rng)), "keys": [], "kind": "abstain", "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return build_bank(EN_BANK, EN_PAIRS, seed, "ae") + build_bank(ZH_BANK, ZH_PAIRS, seed, "az")
