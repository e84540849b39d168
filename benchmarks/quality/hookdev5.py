"""A hook set with its own HOMEs (branch `hook5`, issue 14 item 6): new facts said once, in
passing, inside memeval's everyday and technical filler chats (new probes, a new seed), asked
back in every cue position — none, before, after, inside — with cue wordings of their own in
both languages (Chinese: 上次, 之前, 那天, 我记得, 你说过, 我们聊过 …; English: "I swear I told
you", "You helped me with this", "we discussed it last month" …), and new unrelated prompts that
look like history questions without being one: questions about the world, requests that reuse the
probes' words, chit-chat that shares them. Written for `hook5` and tuned against, so not a
judge. Scored like hookblind.py.

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets hookdev5 --hooks-only
"""

from __future__ import annotations

import hookblind
import hookset
from memeval import Probe

SEED = "hookdev5-2026-12-07"
SETS = ("hookdev5",)
P = Probe

PROBES_EN = [
    P("user-fact", "What's the name of my new neighbour?", [("user", "Our new neighbour is called {name}, she moved in with two enormous dogs")],
      {"name": ["Priya", "Gunnar", "Mrs Abernathy", "a lady called Colette"]}, ["The street has been so noisy since the roadworks started"]),
    P("user-fact", "Which guitar did I buy?", [("user", "Picked up a second-hand {g}, the neck feels lovely")],
      {"g": ["Yamaha FG800", "Martin D-28", "Taylor 114ce", "Gibson J-45"]}, ["My fingers are sore from practising chords"]),
    P("user-fact", "Which language am I learning on Duolingo?", [("user", "I'm learning {lang} on Duolingo, a 200-day streak now")],
      {"lang": ["Portuguese", "Korean", "Dutch", "Turkish"]}, ["Languages were never my strong subject at school"]),
    P("user-fact", "What did the dentist say about my wisdom tooth?", [("user", "The dentist said my wisdom tooth {verdict}")],
      {"verdict": ["has to come out before summer", "can stay for now if it stops aching", "needs a root canal first",
                   "is impacted and needs a surgeon"]}, ["I hate the sound of the drill"]),
    P("user-fact", "How much is the rent on the new flat?", [("user", "Rent on the new flat is {price} a month, bills on top")],
      {"price": ["£1,450", "£980", "£1,720", "£1,230"]}, ["Flat hunting in this city is exhausting"]),
    P("user-fact", "Which team does my son play football for?", [("user", "My son plays football for {team} on Saturday mornings")],
      {"team": ["Riverside Juniors", "the Hawks under-tens", "St Mary's Colts", "Eastfield Rovers"]}, ["Saturday mornings are all about kit bags and orange slices"]),
    P("user-fact", "Which kernel version broke the wifi driver?", [("user", "Kernel {v} broke the wifi driver on my laptop, so I pinned the previous one")],
      {"v": ["6.8.2", "6.5.11", "6.9.0", "6.1.74"]}, ["Linux on laptops is still a bit of an adventure"]),
    P("user-fact", "Which bucket holds the nightly database backups?", [("user", "The nightly database backups land in the {bucket} bucket now")],
      {"bucket": ["acme-dumps-eu", "nightly-pg-archive", "ops-backup-cold", "db-snapshots-west"]}, ["Nobody ever tests restoring from backups"]),
    P("user-fact", "What was the root cause of the checkout outage?", [("user", "Postmortem's done: the checkout outage came down to {cause}")],
      {"cause": ["an expired TLS certificate", "connection pool exhaustion", "a bad feature flag rollout", "a full disk on the primary"]},
      ["The checkout page felt slow all week"]),
    P("user-fact", "Which queue did we move the email jobs to?", [("user", "We moved the email jobs onto the {queue} queue so they stop blocking payments")],
      {"queue": ["low-priority", "mailer-bulk", "background-slow", "notifications"]}, ["Our job queues are a bit of a mess"]),
    P("assistant-fact", "Which board game did you suggest for my nephew's party?", [("assistant", "For a party of eight-year-olds try {game}, the rules take two minutes to explain")],
      {"game": ["Dobble", "Outfoxed", "Rhino Hero", "Sushi Go"]}, ["Kids' parties are louder than any concert"]),
    P("assistant-fact", "What index did you suggest for the slow orders query?", [("assistant", "Add {idx} and the orders query should drop well under 50 ms")],
      {"idx": ["a composite index on (customer_id, created_at)", "a partial index on open orders", "a covering index on status and total",
               "a BRIN index on created_at"]}, ["The orders table keeps growing every quarter"]),
    P("assistant-fact", "What temperature did you say to roast the chicken at?", [("assistant", "Roast the chicken at {temp} for about an hour and a quarter, then rest it")],
      {"temp": ["200°C", "180°C", "220°C", "190°C"]}, ["Sunday dinners are a family tradition"]),
    P("time", "When is my driving test?", [("user", "My driving test is on {date}, nervous already")],
      {"date": ["the 14th of June", "the 2nd of October", "the 21st of February", "the 8th of August"]}, ["Parallel parking is my nemesis"]),
    P("update", "Which editor am I using these days?", [("user", "I'm on {~ed} for everything at the moment"), ("user", "Moved over to {ed} this week, the keybindings finally clicked")],
      {"ed": ["Neovim", "Helix", "Zed", "Emacs"]}, answer="last"),
    P("count", "How many times did the office printer jam?", [("user", "The office printer jammed again {when}, paper everywhere")], repeat=(2, 3)),
]

PROBES_ZH = [
    P("user-fact", "我新邻居叫什么？", [("user", "新搬来的邻居叫{name}，养了两条大狗")],
      {"name": ["小林", "王姐", "老陈", "阿梅"]}, ["这条街自从修路以来就特别吵"]),
    P("user-fact", "我买的是哪把吉他？", [("user", "二手淘了一把{g}，琴颈手感很好")],
      {"g": ["雅马哈F310", "马丁D28", "泰勒114", "卡马D1"]}, ["练和弦练得手指都疼"]),
    P("user-fact", "我在学哪门外语？", [("user", "最近在用多邻国学{lang}，已经连续打卡两百天")],
      {"lang": ["西班牙语", "日语", "法语", "德语"]}, ["上学的时候外语一直不好"]),
    P("user-fact", "牙医说我的智齿怎么处理？", [("user", "牙医说我的智齿{verdict}")],
      {"verdict": ["要在暑假前拔掉", "先观察半年", "得先做根管", "是阻生的要找外科"]}, ["最怕牙钻的声音"]),
    P("user-fact", "新房子的房租多少？", [("user", "新租的房子房租每月{price}，水电另算")],
      {"price": ["四千五", "六千", "三千八", "五千二"]}, ["在这个城市找房子太累了"]),
    P("user-fact", "我儿子在哪个球队踢球？", [("user", "儿子周六上午在{team}踢球")],
      {"team": ["少年宫队", "星火俱乐部", "东湖小学队", "蓝天足球学校"]}, ["周六上午全是球鞋和水壶"]),
    P("user-fact", "结算服务那次故障的根本原因是什么？", [("user", "结算服务故障复盘完了，根因是{cause}")],
      {"cause": ["证书过期", "连接池耗尽", "功能开关推错了", "主库磁盘满了"]}, ["结算页面一整周都很慢"]),
    P("user-fact", "邮件任务挪到哪个队列了？", [("user", "邮件任务挪到了{queue}队列，不再堵着支付")],
      {"queue": ["低优先级", "批量邮件", "后台慢速", "通知"]}, ["我们的任务队列有点乱"]),
    P("assistant-fact", "你建议侄子的生日会玩什么桌游？", [("assistant", "八岁小孩的聚会可以玩{game}，规则两分钟就能讲完")],
      {"game": ["德国心脏病", "璀璨宝石", "卡坦岛", "妙探寻凶"]}, ["小孩的聚会比演唱会还吵"]),
    P("assistant-fact", "烤鸡你说用多少度？", [("assistant", "烤鸡用{temp}烤一个多小时，出炉后静置一会儿")],
      {"temp": ["两百度", "一百八十度", "两百二十度", "一百九十度"]}, ["周日晚饭是家里的传统"]),
    P("time", "我的科目二考试约在哪天？", [("user", "科目二约在了{date}，已经开始紧张了")],
      {"date": ["六月十四号", "十月二号", "二月二十一号", "八月八号"]}, ["侧方停车是我的噩梦"]),
    P("update", "我现在用的是哪个编辑器？", [("user", "目前所有东西都用{~ed}写"), ("user", "这周换成了{ed}，快捷键终于顺手了")],
      {"ed": ["Neovim", "Helix", "Zed", "Emacs"]}, answer="last"),
    P("count", "办公室打印机卡纸了几次？", [("user", "办公室的打印机又卡纸了，纸撒了一地")], repeat=(2, 3)),
]

# (position, template): {q}, {ql} (first letter lower), {q0} (no final mark), {a} / {b} (split).
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("none", "{q}"),
        ("none", "Okay so {ql}"),
        ("none", "{q} Asking for a friend, well, for me."),
        ("none", "Random one, {ql}"),
        ("before", "I swear I told you this already. {q}"),
        ("before", "This came up in an earlier session: {q}"),
        ("before", "You helped me with this a few weeks ago. {q}"),
        ("before", "Going from what we discussed last month, {ql}"),
        ("after", "{q} We discussed it last month."),
        ("after", "{q} You said it in an earlier chat."),
        ("after", "{q} I'm sure we talked about it."),
        ("after", "{q0} — I mentioned it the other day."),
        ("inside", "{a}, like I told you, {b}?"),
        ("inside", "{a} — this was in an old chat — {b}?"),
        ("inside", "{a}, and I know I said it before, {b}?"),
    ],
    "zh": [
        ("none", "{q}"),
        ("none", "对了，{q}"),
        ("none", "诶，{q}"),
        ("none", "{q}有点急。"),
        ("before", "上次跟你提到过，{q}"),
        ("before", "之前我们聊过这个，{q}"),
        ("before", "那天说到过，{q}"),
        ("before", "我记得跟你讲过，{q}"),
        ("before", "我们聊过的，{q}"),
        ("before", "你说过的，{q}"),
        ("after", "{q}上次说过的。"),
        ("after", "{q}我记得之前提过。"),
        ("after", "{q}我们聊过。"),
        ("after", "{q0}，你说过的。"),
        ("after", "{q}那天聊到过。"),
        # the cue in the question's own sentence, at its end (a cut inside a Chinese sentence
        # falls between characters of a word as often as not: hookinside.split)
        ("inside", "{q0}来着？"),
        ("inside", "{q0}，你还记得吗？"),
        ("inside", "{q0}，之前聊过的吧？"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        # questions about the world, some in the past tense
        "Who wrote the first Portuguese dictionary?",
        "When was the electric guitar invented?",
        "What did Darwin conclude about finches?",
        "Which team won the first football World Cup?",
        "How did the Great Fire of London start?",
        "What was the first programming language?",
        # questions that share the probes' words
        "How do I get my new neighbour's dogs to stop barking?",
        "Is a Martin or a Taylor better for a beginner guitarist?",
        "What's the fastest way to learn Korean?",
        "Does a wisdom tooth always have to come out?",
        "What share of income should rent be?",
        "At what age should kids start playing football in a team?",
        "How do I roll back a kernel update on Ubuntu?",
        "How long should database backups be kept?",
        "What usually causes a checkout outage on Black Friday?",
        "Which board games work for a party of eight-year-olds?",
        "How hot should the oven be for a roast chicken?",
        "How many lessons does it take to pass a driving test?",
        "Is Helix worth learning if I already know Vim?",
        "Why does a printer jam so often with cheap paper?",
        # coding requests
        "Write a Python script that uploads the nightly backup to an S3 bucket.",
        "Add a composite index migration for the orders table.",
        "Move the email sending into a background queue with Celery.",
        "Write a bash one-liner that prints the running kernel version.",
        "Write a unit test for the checkout total with a discount code.",
        "Refactor the printer driver wrapper to retry on a jam.",
        # chit-chat that shares the probes' words
        "Morning! Just heard the neighbour's dogs again, ha.",
        "Finally learned my first barre chord on the guitar.",
        "My son's football match got rained off today.",
        "Roast chicken tonight, can't wait.",
        "Driving test practice went fine today.",
        "Ugh, the printer is jammed again.",
        "Cheers, the backups look good now.",
        "Thanks a lot, that fixed the wifi.",
        # the first person, about now or later
        "My rent is going up next month, how do I negotiate with the landlord?",
        "I'm hosting a party for my nephew, what snacks do kids like?",
        "My wisdom tooth is aching tonight, what can I take for it?",
        "I want to switch editors, which one has the gentlest learning curve?",
    ],
    "zh": [
        # 关于世界的问题，有的是过去时
        "吉他是什么时候发明的？",
        "第一届世界杯是哪个国家赢的？",
        "明朝的第一个皇帝是谁？",
        "第一门编程语言是什么？",
        # 和探针共用字词的问题
        "邻居家的狗总叫怎么办？",
        "新手买雅马哈还是卡马的吉他？",
        "学日语多久能看懂动漫？",
        "智齿一定要拔吗？",
        "房租占收入多少比较合适？",
        "小孩几岁开始踢球比较好？",
        "烤鸡一般烤多少度？",
        "科目二侧方停车有什么技巧？",
        "打印机为什么老是卡纸？",
        "八岁小孩适合玩什么桌游？",
        # 写代码的请求
        "写一个脚本把夜间备份传到对象存储。",
        "给订单表加一个联合索引。",
        "用 Celery 把发邮件挪到后台队列。",
        "写一个结算金额的单元测试。",
        # 闲聊
        "早啊，邻居家的狗又叫了一早上。",
        "今天终于学会了横按和弦。",
        "儿子的球赛今天下雨取消了。",
        "谢谢，备份没问题了。",
        # 第一人称，说的是现在或以后
        "我房租下个月要涨，怎么跟房东谈？",
        "我想换个编辑器，哪个上手最快？",
    ],
}


def build() -> list[tuple[list, list[dict]]]:
    """The HOMEs: three English, two Chinese, 50 sessions each, every probe asked in each."""
    return hookset.homes(PROBES_EN, PROBES_ZH, (8501, 8502), ("dj", "dk"))


def _forms(rng, lang: str, fill: dict) -> list[tuple[str, str]]:
    """Each question in every cue position, each in a template of that position drawn by a fixed seed."""
    return [(position, hookset.drawn(rng, TEMPLATES, lang, position, fill)) for position in ("none", "before", "after", "inside")]


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts (hookset.prompts, with this set's _forms)."""
    return hookset.prompts(qs, SEED, set_name, home, _forms)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
