"""A hook set with its own HOMEs (branch `hook7`, issue 14 item 6), Chinese-heavy: two English
and three Chinese HOMEs of memeval's filler chats with new probes (a cat's food, a piano teacher,
the service charge, a parking space, a Postgres version, the weekly meeting moved, a book and an
nginx limit the assistant gave …), each question asked with no cue (bare, or after a long
preface about the person's day), a cue before it (上次/之前/那次/我记得/你还记得/我们聊过, and in
the other language: "Last time we talked about this: …" before a Chinese question, 上次聊过，
before an English one), a cue inside it, and a cue after a long preface. Unrelated prompts look
like history prompts: questions about the world with the same cue words (上次世界杯, "Do you
remember what year …"), the probes' subjects asked in general, the first person about now,
requests and chit-chat on the probes' words. Written for `hook7` and measured against, so not
a judge. Scored like hookblind.py.

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets hookdev7 --hooks-only
"""

from __future__ import annotations

import hookblind
import hookset
from memeval import Probe

SEED = "hookdev7-2026-12-07"
SETS = ("hookdev7",)
P = Probe

PROBES_EN = [
    P("user-fact", "What's my landlord's name?", [("user", "My landlord, {name}, finally fixed the heating after three weeks")],
      {"name": ["Mr Patel", "Mrs Okafor", "Dave Hughes", "Ms Lindqvist"]}, ["Renting in this city is exhausting"]),
    P("user-fact", "Which region is the analytics cluster in?", [("user", "The analytics cluster runs in {region} now, latency from the office is fine")],
      {"region": ["eu-west-2", "us-east-1", "ap-southeast-1", "eu-central-1"]}, ["Our cloud bill doubled this quarter"]),
    P("user-fact", "What colour did we paint the hallway?", [("user", "We painted the hallway {c} over the weekend, it feels so much bigger")],
      {"c": ["sage green", "duck egg blue", "warm grey", "terracotta"]}, ["Painting is more tiring than it looks"]),
    P("user-fact", "What team does my nephew play football for?", [("user", "My nephew plays for {team} on Saturday mornings, muddy every week")],
      {"team": ["Riverside Rovers", "Oakfield Lions", "Northgate Stars", "Millbrook Hawks"]}, ["Kids' football is taken very seriously round here"]),
    P("assistant-fact", "Which book did you recommend for learning to negotiate?", [("assistant", "For negotiation, read {b}; it is practical and full of scripts")],
      {"b": ["Never Split the Difference", "Getting to Yes", "Bargaining for Advantage", "Start with No"]}, ["I hate haggling over salary"]),
    P("assistant-fact", "What timeout did you suggest for the payment webhook?", [("assistant", "Set the payment webhook timeout to {t} and retry with exponential backoff")],
      {"t": ["15 seconds", "30 seconds", "8 seconds", "45 seconds"]}, ["Payments keep timing out at peak hours"]),
    P("assistant-fact", "What humidity did you say the nursery should be?", [("assistant", "Keep the nursery's humidity around {h}; a cheap hygrometer helps")],
      {"h": ["40 to 50 percent", "45 percent", "50 to 60 percent", "40 percent"]}, ["The baby's room gets so dry with the heating on"]),
    P("time", "When is my dentist appointment?", [("user", "Booked the dentist for {when}, finally getting that filling done")],
      {"when": ["next Thursday", "the 14th", "Monday morning", "the end of the month"]}, ["My tooth has been aching on and off"]),
    P("update", "Which editor am I using these days?", [("user", "I've been writing everything in {~e} lately"), ("user", "Moved over to {e}, the startup time is so much better")],
      {"e": ["Neovim", "Zed", "Sublime Text", "Emacs"]}, answer="last"),
    P("count", "How many times did the build server run out of disk?", [("user", "The build server ran out of disk space again, builds are stuck")], repeat=(2, 3)),
]

PROBES_ZH = [
    P("user-fact", "我家猫吃的是哪个牌子的猫粮？", [("user", "最近给猫换了{brand}的猫粮，它吃得挺香")],
      {"brand": ["皇家", "渴望", "网易严选", "麦富迪"]}, ["猫粮真是越来越贵了"]),
    P("user-fact", "我女儿的钢琴老师姓什么？", [("user", "女儿的钢琴老师姓{n}，每周六上午上课")],
      {"n": ["刘", "郑", "孙", "唐"]}, ["练琴每天都得催"]),
    P("user-fact", "我们小区的物业费每平米多少钱？", [("user", "小区物业费是每平米{p}，一年交一次")],
      {"p": ["两块八", "三块五", "一块九", "四块二"]}, ["物业最近换了一家公司"]),
    P("user-fact", "公司给我分的车位在哪一层？", [("user", "公司给我分的车位在{f}，离电梯很近")],
      {"f": ["负二层", "负三层", "负一层", "负四层"]}, ["早上停车场总是排长队"]),
    P("user-fact", "线上数据库用的是哪个 Postgres 版本？", [("user", "线上数据库升级到了 Postgres {v}，staging 还没动")],
      {"v": ["15.4", "14.9", "16.1", "13.12"]}, ["数据库迁移真让人头疼"]),
    P("user-fact", "我报的瑜伽课在哪个馆？", [("user", "报了{place}的瑜伽课，下班走过去十分钟")],
      {"place": ["星辰馆", "静心馆", "城南馆", "滨江馆"]}, ["久坐腰一直不舒服"]),
    P("user-fact", "我爸体检查出什么问题了？", [("user", "我爸体检查出{x}，医生让他少吃盐")],
      {"x": ["血压偏高", "血脂偏高", "尿酸偏高", "轻度脂肪肝"]}, ["老人家都不爱去医院"]),
    P("assistant-fact", "你推荐我读的那本讲习惯的书叫什么？", [("assistant", "想养成好习惯的话可以读《{book}》，方法很具体")],
      {"book": ["掌控习惯", "微习惯", "习惯的力量", "福格行为模型"]}, ["每年都立好多目标"]),
    P("assistant-fact", "你给我的 nginx 限流配置是多少？", [("assistant", "nginx 可以这样限流：limit_req 的 rate 设成 {r}，再加 burst")],
      {"r": ["10r/s", "5r/s", "30r/m", "20r/s"]}, ["接口老被刷"]),
    P("assistant-fact", "你建议我晚饭最晚几点吃完？", [("assistant", "想睡得好，晚饭最好在{t}之前吃完")],
      {"t": ["七点", "六点半", "八点", "七点半"]}, ["最近总是失眠"]),
    P("assistant-fact", "你帮我想的奶茶店名字是什么？", [("assistant", "奶茶店可以叫{name}，好念又好记")],
      {"name": ["半糖主义", "慢慢来", "云朵铺", "小满茶事"]}, ["开店前要准备的东西太多了"]),
    P("time", "我的驾照什么时候要换证？", [("user", "驾照{when}到期，要记得去换证")],
      {"when": ["明年六月", "今年十月", "后年二月", "下个月底"]}, ["车管所的号越来越难约"]),
    P("update", "我们团队的周会现在是星期几？", [("user", "团队周会定在{~d}下午"), ("user", "周会改到{d}早上了，大家都说早上开效率高")],
      {"d": ["星期二", "星期四", "星期一", "星期五"]}, answer="last"),
    P("count", "孩子这个月发了几次烧？", [("user", "孩子又发烧了，三十八度五，一晚上没睡好")], repeat=(2, 3)),
]

# A long preface about the person's day, before the question: the question is the prompt's last
# sentence, the preface says nothing about what is asked.
_PREFACE_EN = "This week has been chaos, two deadlines, a sick kid and the car in the garage, so my memory is shot. "
_PREFACE_ZH = "这几天忙得团团转，又是搬家又是加班，孩子还感冒了，脑子完全不够用。"

# (position, template): {q}, {ql} (first letter lower), {q0} (no final mark), {a} / {b} (split).
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("none", "{q}"),
        ("none", "Hey, {ql}"),
        ("preface", _PREFACE_EN + "{q}"),
        ("preface", _PREFACE_EN + "We talked about this last time. {q}"),
        ("before", "We chatted about this before — {ql}"),
        ("before", "You'll remember this one: {ql}"),
        ("before", "上次聊过，{q}"),
        ("before", "As I told you a while ago, {ql}"),
        ("inside", "{a}, like I said last time, {b}?"),
        ("inside", "{q0}, the one we talked about?"),
        ("inside", "{q0} — you should remember this?"),
    ],
    "zh": [
        ("none", "{q}"),
        ("none", "请问{q}"),
        ("none", "突然想到，{q}"),
        ("preface", _PREFACE_ZH + "{q}"),
        ("preface", _PREFACE_ZH + "上次跟你说过的，{q}"),
        ("preface", _PREFACE_ZH + "你还记得吗？{q}"),
        ("before", "上次我们聊过这个，{q}"),
        ("before", "我记得之前跟你说过，{q}"),
        ("before", "你还记得吗？{q}"),
        ("before", "那次聊天里提到过，{q}"),
        ("before", "我们聊过的，{q}"),
        ("before", "Last time we talked about this: {q}"),
        ("inside", "{q0}，我记得之前说过？"),
        ("inside", "{q0}，上次聊过的那个？"),
        ("inside", "{q0}，你还记得吗？"),
        ("inside", "{q0}，我们聊过的吧？"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        # the world, with the words of a cue
        "Who won the last World Cup?",
        "Do you remember what year Python 3 came out?",
        "What did people use before refrigerators?",
        "Which region did AWS launch first?",
        "Back in the nineties, what editor did most programmers use?",
        # the probes' subjects asked in general
        "What colour goes well with sage green?",
        "How much notice should a landlord give before a visit?",
        "What's a sensible timeout for a webhook?",
        "Which books on negotiation are worth reading?",
        "What humidity is best for a baby's room?",
        "How often should you see the dentist?",
        # the first person, about now or later
        "My nephew wants to join a football team, what should we look for?",
        "I'm repainting the hallway next month, which finish is easiest to clean?",
        "The build server is slow today, what should I check first?",
        # requests and chit-chat on their words
        "Write a Terraform module for an analytics cluster.",
        "Add a timeout to the payment webhook handler.",
        "Finally painted the hallway, it looks great.",
        "Dentist done, my face is still numb.",
    ],
    "zh": [
        # 关于世界的问题，带着像回忆的词
        "上次世界杯的冠军是哪个国家？",
        "以前的人没有冰箱是怎么保存食物的？",
        "那次阿波罗登月用的是什么火箭？",
        "你还记得诺基亚最火的是哪一款手机吗？",
        "之前很火的那部电视剧叫什么名字来着？",
        # 和探针同一话题的一般问题
        "猫粮一般哪个牌子比较好？",
        "钢琴老师一般怎么收费？",
        "物业费一般每平米多少钱？",
        "Postgres 16 有哪些新功能？",
        "晚饭几点吃比较健康？",
        "驾照到期了去哪里换证？",
        "小孩发烧多少度要去医院？",
        "瑜伽对腰椎有好处吗？",
        # 第一人称，说的是现在或以后
        "我们公司下周要团建，去哪里好？",
        "我爸最近血压有点高，平时吃什么好？",
        "我想开一家奶茶店，要准备多少钱？",
        # 请求和闲聊
        "帮我写一个 nginx 限流的配置。",
        "给奶茶店写一段开业文案。",
        "今天终于把车位的事搞定了。",
        "周会又开了两个小时，累死了。",
    ],
}


def build() -> list[tuple[list, list[dict]]]:
    """The HOMEs: two English, three Chinese, 50 sessions each, every probe asked in each."""
    return hookset.homes(PROBES_EN, PROBES_ZH, (8701, 8702), ("dn", "do"), counts=(2, 3))


def _forms(rng, lang: str, fill: dict) -> list[tuple[str, str]]:
    """Each question with no cue, after a preface (with or without a cue), with a cue before it
    and with a cue inside it, each wording drawn by a fixed seed."""
    return [(position, hookset.drawn(rng, TEMPLATES, lang, position, fill)) for position in ("none", "preface", "before", "inside")]


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts (hookset.prompts, with this set's _forms)."""
    return hookset.prompts(qs, SEED, set_name, home, _forms)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
