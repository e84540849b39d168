"""updates7: a state changed two or three times, with decoys that are not the person's state now
(issue 14, session 13, branch `updates7`).

What the earlier update sets did not hold together. Each chain states the person's state three or
four times in sessions weeks apart, each time in other words (the first plainly with the topic word,
the changes with a verb of their own and often without it), and three kinds of later decoy, each in
a session after the newest statement:

- `other`: somebody else's state of the same kind, with a value and the topic word ("My sister
  just bought a Kia Niro, her first car", 我同事刚换了小米手机);
- `past`: the person mentioning an OLDER value after the newest, as the past ("Drove past the
  old Honda Civic at the dealer, felt a bit nostalgic", 路过以前住的南山，感慨了一下): its words
  are the question's and a value's, and it is the newest session to name a value;
- `chat`: the topic in the person's words with no value ("The car needs a wash badly").

A statement opens its session (the first user turn) half the time, and is said in passing
otherwise. Each chain is asked three ways, all about the present: plainly (`update`), with a time
word (`update-now`), and as a reminder without a time word (`update-ask`: "Remind me what car I
drive", 我开的是什么车来着). Only the newest statement's session answers. English and Chinese,
three HOMEs of 64 dated sessions each per language, 8 chains per HOME.

The haystack is memeval's themes and chatter (updates.py's dating); the chains, their wordings and
values, and the placing are this file's own.
"""

from __future__ import annotations

import random

from memeval import Bank, _cap, _Home, fill
from memeval_en import BANK as EN_BANK
from memeval_zh import BANK as ZH_BANK
from updates import _starts

SEED = 20261213
SESSIONS = 64
PER_HOME = 8
HOMES = 3


class C:
    """A chain: three questions about now; the person's statements oldest first (the last answers);
    the slot values; somebody else's state ({o}: another value of the newest slot); an older value
    mentioned as past ({p}: one of the older values); chats that state nothing."""

    def __init__(self, asks: tuple[str, str, str], lines: list[str], vals: dict[str, list[str]],
                 other: str, past: str, chat: str):
        self.asks, self.lines, self.vals, self.other, self.past, self.chat = asks, lines, vals, other, past, chat


EN = [
    C(("What car do I drive?", "What car am I driving now?", "Remind me what car I drive"),
      ["I drive a {a} to work every day", "Sold the {a} and picked up a {b}, much better on fuel",
       "Part-exchanged the {b} for a {c} last weekend"],
      {"a": ["Honda Civic", "Ford Focus"], "b": ["Toyota Yaris", "Skoda Octavia"], "c": ["Kia Niro", "Tesla Model 3"]},
      "My sister just bought a {o} car, her first one", "Walked past a {p} in the car park and felt a bit nostalgic",
      "The car needs a wash badly after the trip"),
    C(("Where do I live?", "Where do I live these days?", "Remind me where I live"),
      ["I live in {a}, in a flat above a bakery", "Moved out of {a}, we're renting in {b} now",
       "Bought our first house, it's in {c}, closer to my parents"],
      {"a": ["Leeds", "Brighton"], "b": ["Manchester", "Bristol"], "c": ["Sheffield", "Nottingham"]},
      "My best friend lives in {o} and keeps telling me to visit", "Spent the weekend back in {p}, the old street looks the same",
      "Where I live the bins get collected at six in the morning"),
    C(("Which phone do I have?", "Which phone am I using at the moment?", "Remind me which phone I have"),
      ["My phone is a {a}, the battery lasts two days", "Dropped the {a} in the sea, replaced it with a {b}",
       "Upgraded to the {c} on a new contract"],
      {"a": ["Pixel 6", "iPhone 11"], "b": ["Galaxy S21", "iPhone 13"], "c": ["Pixel 9", "iPhone 16"]},
      "My dad finally got a smartphone, a {o}", "Found my old {p} in a drawer, still boots",
      "My phone screen is covered in fingerprints"),
    C(("What do I do for a living?", "What is my job now?", "Remind me what I do for work"),
      ["I work as a {a} at a small firm", "Left the {a} job, retrained and I'm a {b} now",
       "Got promoted, my title is {c} since Monday"],
      {"a": ["accountant", "paralegal"], "b": ["data analyst", "UX designer"], "c": ["lead analyst", "design manager"]},
      "My brother works as a {o} and loves it", "Bumped into my old colleagues from my {p} days",
      "Work was long today, my job is draining me"),
    C(("Which bank am I with?", "Which bank do I bank with now?", "Remind me which bank I use"),
      ["My bank is {a}, I've had the account since uni", "Closed the {a} account and opened one with {b}",
       "Switched my salary over to {c}, their app is better"],
      {"a": ["Barclays", "Lloyds"], "b": ["Nationwide", "Santander"], "c": ["Monzo", "Starling"]},
      "My partner banks with {o} and swears by it", "Got a letter from {p} about an old account",
      "Bank transfers take ages on Fridays"),
    C(("What is my running distance?", "How far am I running these days?", "Remind me how far I run"),
      ["My usual run is {a} km along the canal", "Stepped it up, I do {b} km most mornings",
       "Training for the half, long runs are {c} km now"],
      {"a": ["5", "4"], "b": ["8", "7"], "c": ["15", "16"]},
      "My running club mate does {o} km every day", "Did the old {p} km loop for old times' sake, felt easy",
      "Running in the rain this morning was miserable"),
    C(("What team am I on?", "Which team am I on at the moment?", "Remind me which team I'm on"),
      ["I'm on the {a} team at work", "Got moved across to {b} after the reorg",
       "Joined {c} this sprint, new codebase to learn"],
      {"a": ["payments", "search"], "b": ["growth", "platform"], "c": ["billing", "infrastructure"]},
      "My friend Tom is on the {o} team and says it's chaos", "Had lunch with my old {p} team, good to catch up",
      "The team standup ran over again today"),
    C(("What diet am I on?", "What diet am I following now?", "Remind me what diet I'm on"),
      ["I follow a {a} diet, have done for a year", "Dropped {a}, trying {b} on the doctor's advice",
       "These days it's {c} for me, feels sustainable"],
      {"a": ["keto", "paleo"], "b": ["intermittent fasting", "low fodmap"], "c": ["Mediterranean", "pescatarian"]},
      "My flatmate went {o} this month", "Saw a {p} cookbook in the shop and laughed",
      "Dinner planning for my diet takes forever"),
    C(("Where do I go climbing?", "Where am I climbing these days?", "Remind me where I climb"),
      ["I climb at {a}, it's ten minutes away", "Stopped going to {a}, my membership is at {b} now",
       "{b} closed for refurb so I signed up to {c}"],
      {"a": ["The Depot", "Climbing Hangar"], "b": ["Rockover", "Big Rock"], "c": ["The Castle", "Westway"]},
      "A colleague climbs at {o}, says the setting is great", "Walked past {p} and the old crew waved",
      "My forearms are wrecked from climbing"),
    C(("What's my internet provider?", "Who is my internet provider now?", "Remind me who my broadband is with"),
      ["Our internet provider is {a}", "Ditched {a}, we're on {b} fibre",
       "Contract ended so we went with {c}, half the price"],
      {"a": ["BT", "Virgin Media"], "b": ["Sky", "TalkTalk"], "c": ["Hyperoptic", "Community Fibre"]},
      "The neighbours have {o} and their internet drops every evening", "Still getting marketing emails from {p}",
      "The internet was painfully slow during the call"),
    C(("What coffee do I drink?", "What coffee am I drinking lately?", "Remind me what coffee I have"),
      ["I drink {a} every morning", "Gave up {a}, it's {b} for me", "Doctor said less caffeine, so I'm on {c}"],
      {"a": ["flat whites", "espresso"], "b": ["oat lattes", "cold brew"], "c": ["decaf americanos", "half-caff filter"]},
      "My manager drinks {o} all day", "Ordered a {p} by accident and regretted it",
      "The office coffee machine broke again"),
    C(("Which language am I learning?", "Which language am I learning now?", "Remind me which language I'm learning"),
      ["I'm learning {a} on the app every night", "Paused the {a}, started {b} classes on Tuesdays",
       "Signed up for an intensive {c} course before the move"],
      {"a": ["Spanish", "Italian"], "b": ["Japanese", "Korean"], "c": ["German", "Dutch"]},
      "My niece is learning {o} at school", "Heard some {p} on the train and understood a little",
      "Language learning is slow going, my vocabulary is tiny"),
]

ZH = [
    C(("我开什么车?", "我现在开什么车?", "我开的是什么车来着?"),
      ["我每天开{a}上班", "把{a}卖了，提了一辆{b}，省油多了", "上周末把{b}置换成了{c}"],
      {"a": ["本田思域", "大众朗逸"], "b": ["丰田卡罗拉", "日产轩逸"], "c": ["比亚迪汉", "特斯拉Model3"]},
      "我姐刚买了一辆{o}，她的第一辆车", "在停车场看到一辆{p}，有点怀念",
      "车好久没洗了，脏得不行"),
    C(("我住在哪里?", "我现在住在哪?", "我住在哪来着?"),
      ["我住在{a}，楼下有个面包店", "从{a}搬走了，现在在{b}租房", "买了房子，在{c}，离爸妈近"],
      {"a": ["南山区", "福田区"], "b": ["宝安区", "龙华区"], "c": ["罗湖区", "龙岗区"]},
      "我好朋友住在{o}，一直叫我去玩", "周末回了趟{p}，老街还是老样子",
      "我住的地方早上六点就收垃圾"),
    C(("我用的是什么手机?", "我现在用什么手机?", "我用的手机是哪款来着?"),
      ["我的手机是{a}，电池能用两天", "{a}掉海里了，补了一台{b}", "签了新合约，升级到了{c}"],
      {"a": ["华为P40", "小米11"], "b": ["OPPO Find X5", "vivo X80"], "c": ["华为Mate60", "小米14"]},
      "我爸终于用上智能手机了，买的是{o}", "在抽屉里翻到以前的{p}，还能开机",
      "手机屏幕上全是指纹"),
    C(("我是做什么工作的?", "我现在做什么工作?", "我是干什么的来着?"),
      ["我在一家小公司当{a}", "{a}不干了，转行做{b}", "升职了，从周一开始是{c}"],
      {"a": ["会计", "行政"], "b": ["数据分析师", "产品经理"], "c": ["数据组长", "产品总监"]},
      "我弟弟是做{o}的，挺喜欢", "碰到以前做{p}时候的同事，聊了聊",
      "今天上班好累，工作太耗人了"),
    C(("我用哪家银行?", "我现在用哪家银行?", "我的工资卡是哪家银行来着?"),
      ["我的工资卡是{a}的，大学就办了", "把{a}的卡注销了，开了{b}的户", "工资改发到{c}了，他们的App好用"],
      {"a": ["工商银行", "建设银行"], "b": ["招商银行", "交通银行"], "c": ["浦发银行", "中信银行"]},
      "我对象用的是{o}，说服务很好", "收到{p}寄来的旧账户通知",
      "周五银行转账特别慢"),
    C(("我每次跑多少公里?", "我现在每次跑多少公里?", "我一般跑多少公里来着?"),
      ["我平时沿着河边跑{a}公里", "加量了，大部分早上跑{b}公里", "在备战半马，长距离跑到{c}公里了"],
      {"a": ["5", "4"], "b": ["8", "7"], "c": ["15", "16"]},
      "跑团的朋友每天跑{o}公里", "今天又跑了以前那条{p}公里的路线，很轻松",
      "早上下雨跑步太难受了"),
    C(("我在哪个组?", "我现在在哪个组?", "我是哪个组的来着?"),
      ["我在公司的{a}组", "组织调整后被调到了{b}组", "这个迭代加入了{c}组，要学新代码"],
      {"a": ["支付", "搜索"], "b": ["增长", "平台"], "c": ["计费", "基础架构"]},
      "我朋友在{o}组，说天天救火", "和以前{p}组的同事吃了个午饭",
      "今天组里站会又超时了"),
    C(("我在吃什么减肥餐?", "我现在在吃什么减肥餐?", "我的饮食方案是什么来着?"),
      ["我在吃{a}，坚持一年了", "{a}停了，听医生的改成{b}", "这阵子是{c}，感觉能坚持"],
      {"a": ["生酮饮食", "低碳饮食"], "b": ["轻断食", "高蛋白饮食"], "c": ["地中海饮食", "控糖饮食"]},
      "室友这个月开始{o}了", "在书店看到一本讲{p}的书，笑了",
      "每天为了饮食计划准备晚饭太费时间"),
    C(("我在哪攀岩?", "我现在在哪攀岩?", "我去哪个岩馆来着?"),
      ["我在{a}攀岩，十分钟就到", "不去{a}了，办了{b}的卡", "{b}装修关门，又办了{c}的会员"],
      {"a": ["岩时", "攀岩派"], "b": ["奥攀", "岩舞空间"], "c": ["蜘蛛岩馆", "极限岩馆"]},
      "同事在{o}攀岩，说线路很好", "路过{p}，以前的岩友跟我打招呼",
      "攀岩完前臂酸得不行"),
    C(("我家宽带是哪家的?", "我家现在用哪家宽带?", "我家宽带是谁家的来着?"),
      ["我家宽带是{a}的", "{a}退了，换了{b}的光纤", "合约到期，改成了{c}，便宜一半"],
      {"a": ["电信", "联通"], "b": ["移动", "广电"], "c": ["长城宽带", "鹏博士"]},
      "邻居家用的是{o}，每天晚上掉线", "还在收{p}的推销短信",
      "开会的时候网速慢得要命"),
    C(("我喝什么咖啡?", "我最近喝什么咖啡?", "我平时喝的咖啡是哪种来着?"),
      ["我每天早上喝{a}", "{a}戒了，改喝{b}", "医生说少摄入咖啡因，现在只喝{c}"],
      {"a": ["美式", "浓缩"], "b": ["燕麦拿铁", "冷萃"], "c": ["低因美式", "挂耳低因"]},
      "领导一天到晚喝{o}", "不小心点了一杯{p}，后悔了",
      "公司的咖啡机又坏了"),
    C(("我在学什么语言?", "我现在在学什么语言?", "我学的是哪门语言来着?"),
      ["我每天晚上在App上学{a}", "{a}先停了，周二开始上{b}课", "出国前报了个{c}强化班"],
      {"a": ["西班牙语", "意大利语"], "b": ["日语", "韩语"], "c": ["德语", "法语"]},
      "我侄女在学校学{o}", "在地铁上听到有人说{p}，听懂了一点",
      "学语言进度好慢，词汇量太小了"),
]

KINDS = ("update", "update-now", "update-ask")


def _bank(base: Bank) -> Bank:
    return Bank(base.lang, homes=HOMES, per_home=PER_HOME, themes=base.themes, probes=[], chatter=base.chatter,
                smalltalk=base.smalltalk, common=base.common, turn=base.turn, sessions=SESSIONS)


def _open(home: _Home, at: int, line: str) -> None:
    """The line opens the session: the first sentence of its first user turn."""
    home.turns[at][0][1].insert(0, _cap(line))


def _home(bank: Bank, chains: list[C], h: int, tag: str) -> tuple[list, list[dict], dict[str, int]]:
    rng = random.Random(SEED * 100 + h + (0 if bank.lang == "en" else 50))
    home = _Home(bank, rng)
    keys = [f"{tag}{h}-{i + 1:03d}" for i in range(home.n)]
    qs = []
    for c in rng.sample(chains, min(PER_HOME, len(chains))):
        slots = sorted(c.vals)  # a, b, c: oldest value first
        vals = {k: rng.choice(v) for k, v in c.vals.items()}
        newest = slots[len(c.lines) - 1]
        others = [v for v in c.vals[newest] if v != vals[newest]]
        vals["o"] = rng.choice(others)
        vals["p"] = vals[rng.choice(slots[: len(c.lines) - 1])]
        n = len(c.lines) + 3
        ats: list[int] = []
        for _ in range(n):
            ats.append(home.pick(set(ats)))
        ats.sort()
        said, after = ats[: len(c.lines)], ats[len(c.lines):]
        rng.shuffle(after)
        for at, line in zip(said + after, [*c.lines, c.other, c.past, c.chat]):
            text = fill(line, vals, c.vals, home.words(home.themes[at]), rng)
            if rng.random() < 0.5:
                _open(home, at, text)
            else:
                home.put(at, "user", text)
            home.busy.add(at)
        meta = {"lang": bank.lang, "older": [keys[i] for i in said[:-1]],
                "decoys": {"other": keys[after[0]], "past": keys[after[1]], "chat": keys[after[2]]}}
        for kind, ask in zip(KINDS, c.asks):
            qs.append({"question": _cap(ask), "keys": [keys[said[-1]]], "kind": kind} | meta)
    return home.sessions(keys), qs, _starts(rng, keys)


def build() -> list[tuple[list, list[dict], dict[str, int]]]:
    en, zh = _bank(EN_BANK), _bank(ZH_BANK)
    return [_home(en, EN, h, "se") for h in range(HOMES)] + [_home(zh, ZH, h, "sz") for h in range(HOMES)]
