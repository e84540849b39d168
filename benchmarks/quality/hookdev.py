"""The hook set branch `hook2` iterated on (issue 14 item 6): new templates around the answerable
questions of `memeval`, `chat` and `chat-heldout`, and new unrelated prompts. Not a judge: it was
tuned against (the judges are hookblind.py, written blind, and the lead's memeval2).

History prompts put a question into a template the way people point back at an earlier chat — a
cue before it, after it, in the middle of a longer prompt, or none (the question alone or behind
a word like "Hmm,"). None of the templates is in hookset.py, memeval.py or hookblind.py. Unrelated
prompts are requests, how-to and general questions, many in the HOMEs' own vocabulary (a dog, a
commute, sourdough hydration, a connection pool, an accent wall, 应急资金, 红烧排骨) and many with
"I" or "my", so that a hook which searches every question must tell a question about the past from
a question on the same topic. Scored like hookblind.py (its `score`, `merged`, `table`).
"""

from __future__ import annotations

import hookblind

SEED = "hookdev-2026-12-01"
SETS = ("memeval", "chat", "chat-heldout")

TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("before", "Jog my memory: {q}"),
        ("before", "Help me remember something. {q}"),
        ("before", "This is from one of our old conversations: {q}"),
        ("before", "Search our past sessions for this: {q}"),
        ("before", "I think we chatted about it last spring. {q}"),
        ("before", "Going off what you said back then, {ql}"),
        ("before", "Can you check your notes from our earlier talks? {q}"),
        ("before", "Weeks ago I brought this up with you. {q}"),
        ("after", "{q} I'm pretty sure I said it once."),
        ("after", "{q} It should be somewhere in our history."),
        ("after", "{q} We went through it a couple of months ago."),
        ("after", "{q} You told me before but I lost track."),
        ("after", "{q} Check what we discussed previously."),
        ("middle", "Before I book anything, one thing from an old chat of ours: {ql} Thanks in advance."),
        ("middle", "I know we've been over this. {q} Short answer is fine."),
        ("middle", "Context: it came up in a previous conversation. {q} I need it for tonight."),
        ("none", "{q}"),
        ("none", "Hmm, {ql}"),
        ("none", "Can you tell me: {ql}"),
        ("none", "I forgot. {q}"),
    ],
    "zh": [
        ("before", "帮我想一想，{q}"),
        ("before", "你翻翻我们以前的对话，{q}"),
        ("before", "我记不清了，{q}"),
        ("before", "之前某次聊天里说过，{q}"),
        ("before", "麻烦查一下历史记录：{q}"),
        ("before", "前阵子跟你说过一件事，{q}"),
        ("before", "以前问过你，{q}"),
        ("before", "你还有印象吗？{q}"),
        ("after", "{q}我以前告诉过你的。"),
        ("after", "{q}好像几个月前说过。"),
        ("after", "{q}你之前跟我说过来着。"),
        ("after", "{q}应该在我们的聊天记录里。"),
        ("after", "{q}印象中我们聊过。"),
        ("middle", "有件事想确认，之前跟你聊过的：{q}简单说就行。"),
        ("middle", "我又忘了，{q}你那时候怎么说的？"),
        ("middle", "订票前问一句，上回提到的，{q}谢谢。"),
        ("none", "{q}"),
        ("none", "对了，{q}"),
        ("none", "请问{q}"),
        ("none", "我忘了，{q}"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        "What is a good hydration percentage for a beginner's sourdough?",
        "How do I keep my dog from barking at the mailman?",
        "What's the best way to store coffee beans?",
        "Write a function that checks whether a string is a palindrome.",
        "Explain how a hash map handles collisions.",
        "Should I pay off my credit card or build savings first?",
        "How do I photograph the moon with a phone?",
        "List some good stretches after a long run.",
        "Write a Dockerfile healthcheck for a Go service.",
        "How big should a database connection pool be for a small API?",
        "What paint finish is best for a kitchen wall?",
        "How do I ask for a raise by email?",
        "Give me three ideas for my sister's birthday present.",
        "Which is faster for commuting, a bike or an e-scooter?",
        "Explain the offside rule in football.",
        "What time zone is Lisbon in?",
        "Write a SQL query that finds duplicate emails in the users table.",
        "How do I fix a leaking kitchen tap?",
        "Write a unit test for a function that parses durations like 1h30m.",
        "What is the difference between a Roth IRA and a traditional IRA?",
        "How do I make my bread crust crispier?",
        "Summarise the plot of Hamlet in three sentences.",
        "Create a TypeScript type for a paginated API response.",
        "What are good beginner houseplants that tolerate low light?",
        "How do I set up SSH keys for GitHub?",
        "Is it safe to run a marathon with a cold?",
        "Write a shell loop that retries a command five times.",
        "What should I pack for a weekend trek in the mountains?",
        "How can I stop procrastinating on my thesis?",
        "Explain what a Python generator is with an example.",
        "What is the best way to learn to play the ukulele?",
        "Draft a message to my team about moving the standup to 10am.",
        "How do I choose the right size of hiking boots?",
        "Convert this list of dictionaries to a pandas DataFrame.",
        "What causes a car battery to drain overnight?",
        "How do I remove a stripped screw?",
        "Write a GitHub Actions job that caches pip downloads.",
        "Which wine goes well with mushroom risotto?",
        "What is a reasonable budget for a week in Portugal?",
        "Explain database normalisation up to third normal form.",
        "How do I cancel a gym membership politely?",
        "Give me a packing checklist for a flight with a toddler.",
        "What's the best aperture for portrait photos?",
        "How do I change a Postgres column from integer to bigint without downtime?",
        "Tell me a fun fact about octopuses.",
        "Why does my sourdough starter smell like acetone?",
        "Recommend a podcast about history.",
        "How often should I water a cactus?",
        "Write an nginx config that redirects http to https.",
        "What is my best option for learning Spanish in three months?",
        "How do I tell my landlord I'm moving out?",
        "Which running shoes are good for flat feet?",
    ],
    "zh": [
        "帮我写一个判断回文字符串的函数。",
        "咖啡豆应该怎么保存？",
        "狗狗老是对着门叫怎么办？",
        "解释一下哈希表是怎么处理冲突的。",
        "信用卡还款和存钱哪个优先？",
        "用手机怎么拍月亮？",
        "跑完步应该做哪些拉伸？",
        "小型接口的数据库连接池设多大合适？",
        "厨房墙面用什么漆比较好？",
        "怎么写邮件跟老板提加薪？",
        "给姐姐买什么生日礼物好？",
        "里斯本在哪个时区？",
        "写一条 SQL 找出 users 表里重复的邮箱。",
        "水龙头漏水怎么修？",
        "面包的外皮怎么烤得更脆？",
        "用三句话概括一下《红楼梦》。",
        "有哪些适合新手养的绿植？",
        "怎么给 GitHub 配置 SSH 密钥？",
        "感冒了还能跑马拉松吗？",
        "周末去山里徒步要带什么？",
        "论文总是拖延怎么办？",
        "Python 的生成器是什么？举个例子。",
        "帮我给团队发个通知，站会改到十点。",
        "汽车电瓶一晚上就没电是什么原因？",
        "滑丝的螺丝怎么拧出来？",
        "蘑菇烩饭配什么酒？",
        "去葡萄牙玩一周大概要多少预算？",
        "解释一下数据库的第三范式。",
        "带小孩坐飞机要准备什么？",
        "拍人像用多大的光圈？",
        "讲一个关于章鱼的冷知识。",
        "仙人掌多久浇一次水？",
        "写一个 nginx 配置把 http 跳转到 https。",
        "怎么跟房东说要退租？",
        "扁平足适合穿什么跑鞋？",
        "红烧排骨怎么做好吃？",
        "应急资金放在哪里比较好？",
        "我想学古筝，从哪里开始？",
    ],
}


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts: each answerable question in one of these templates."""
    return hookblind.history(qs, set_name, home, TEMPLATES, SEED)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
