"""The blind hook set (issue 14 item 6): judges the prompt hook without having seen how it
recognises a history question. Frozen on 2026-12-01 before any hook change was read; do not tune
the hook to it and do not edit it to fit the hook (write a new set instead).

History prompts are the answerable questions of `memeval` and `chat-heldout` inside a template
that points back at an earlier conversation, the way people write it: the cue before the
question, after it, or in the middle of the prompt (between a preamble and the question, or
between the question and a follow-up), and some with no cue word at all, only a question about
the person's own past ("What car do I drive?" is already one). Each question gets one template,
drawn by a fixed seed per set and HOME, so every run asks the same prompts. Unrelated prompts are
requests, how-to and general-knowledge questions a developer or a person types to an agent; some
use words the HOMEs' sessions use too (Dockerfile, Postgres, pool, sleep, 苏州, 应急资金 …) and
none points at the past. The hook should inject the answering session for the first and nothing
for the second. The cues and prompts here are new: none is in hookset.py or memeval.py.
"""

from __future__ import annotations

import random

SEED = "hookblind-2026-12-01"
SETS = ("memeval", "chat-heldout")  # the sets whose questions it asks (their sessions answer)
POSITIONS = ("before", "after", "middle", "none")

# (position, template): {q} is the question as written, {ql} the same with a lower-case first letter
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("before", "Think back to our earlier conversations: {q}"),
        ("before", "From what I shared with you a while ago, {ql}"),
        ("before", "Can you dig up what we said a few weeks back? {q}"),
        ("before", "I'm sure this came up between us once. {q}"),
        ("before", "You helped me with this months ago, {ql}"),
        ("before", "Pull it from our chat history: {q}"),
        ("before", "Refresh my memory: {q}"),
        ("after", "{q} I mentioned it to you at some point."),
        ("after", "{q} We covered that in an older session, I think."),
        ("after", "{q} You should have it from when we talked before."),
        ("after", "{q} It was in one of our past chats."),
        ("after", "{q} Didn't we settle this a while back?"),
        ("middle", "I need this for a form. Going by what I told you earlier, {ql} Thanks."),
        ("middle", "Sorry to ask again, we sorted it out in a previous chat and I forgot: {ql} Just the answer, please."),
        ("middle", "Quick check. Back when we discussed it, {ql} I want to be sure before I reply to someone."),
        ("none", "{q}"),
        ("none", "Hey, {ql}"),
        ("none", "I can't find my own note on this. {q}"),
        ("none", "Quick one: {q}"),
    ],
    "zh": [
        ("before", "帮我回忆一下，{q}"),
        ("before", "咱们早先讨论过这个：{q}"),
        ("before", "查一下我们的历史对话，{q}"),
        ("before", "我好像跟你提过，{q}"),
        ("before", "几周前问过你的事：{q}"),
        ("before", "当初你帮我弄过这个，{q}"),
        ("before", "最近记性不好，你提醒我一下：{q}"),
        ("after", "{q}我之前跟你讲过的。"),
        ("after", "{q}咱们以前聊过这个吧？"),
        ("after", "{q}那会儿你给过我建议。"),
        ("after", "{q}记得我前阵子提过。"),
        ("after", "{q}上个月我们对话里说到过。"),
        ("middle", "填表要用，按我早先告诉你的，{q}谢谢。"),
        ("middle", "不好意思又问一遍，{q}我们说过的，我忘了。"),
        ("middle", "问一下，在那次对话里，{q}我想确认一下再回复别人。"),
        ("none", "{q}"),
        ("none", "问一下，{q}"),
        ("none", "我自己的笔记找不到了，{q}"),
        ("none", "急问：{q}"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        "Write a Dockerfile for a Node.js app with a multi-stage build.",
        "How do I tune the connection pool size in SQLAlchemy?",
        "Explain what VACUUM does in Postgres.",
        "Write a Kubernetes liveness probe for an HTTP service on port 8080.",
        "Give me a 12-week training plan for a first marathon.",
        "How long should I steep green tea?",
        "Explain the difference between Redis and Memcached.",
        "Write a migration that adds a nullable created_at column to the orders table.",
        "Why would a SQL query use a sequential scan instead of an index?",
        "What does baker's percentage mean in bread recipes?",
        "Recommend a good code editor for Rust beginners.",
        "How do I renew a passport by mail?",
        "Write a polite email asking my landlord to fix the heating.",
        "What are common symptoms of a vitamin D deficiency?",
        "Translate 'where is the train station' into Japanese.",
        "Explain how a car's timing belt works.",
        "What is the boiling point of water at 2000 metres?",
        "Write a Python script that renames photos by their EXIF date.",
        "How do I set up a pre-commit hook that runs ruff?",
        "Create a bash alias that shows the git log as a graph.",
        "What does the nice value of a Linux process mean?",
        "Compare PostgreSQL and MySQL for a small web shop.",
        "How do I rotate an API key without downtime?",
        "Explain canary releases versus blue-green deployments.",
        "Write a cron expression that runs every weekday at 7:30.",
        "How do I train a puppy to walk on a leash?",
        "Suggest a chord progression for a sad folk song.",
        "What's a healthy breakfast that keeps me full until lunch?",
        "Write a React component that shows a countdown timer.",
        "How do I read a CSV file with pandas and skip bad lines?",
        "Explain eventual consistency in two paragraphs.",
        "What are the rules of pickleball?",
        "Give me a recipe for vegetarian chili.",
        "How do I calculate compound interest on a savings account?",
        "Write a commit message for a change that fixes a race condition in the cache.",
        "What's the difference between a mutex and a semaphore?",
        "How many hours of sleep do teenagers need?",
        "Generate a .gitignore for a Python project.",
        "Explain what an index-only scan is in Postgres.",
        "How do I make my laptop battery last longer?",
        "Write a short bedtime story about a dragon who is afraid of the dark.",
        "What should I check before buying a used electric car?",
        "Rewrite this paragraph in a more formal tone.",
        "How does TLS session resumption work?",
    ],
    "zh": [
        "帮我写一个多阶段构建的 Dockerfile。",
        "Redis 的持久化有哪几种方式？",
        "怎么给 MySQL 的大表加索引又不锁表？",
        "解释一下 Kubernetes 里 Deployment 和 StatefulSet 的区别。",
        "用 Python 写一个读取 Excel 的脚本。",
        "新手跑半马需要准备多久？",
        "红烧肉怎么做才不腻？",
        "帮我写一封请假邮件。",
        "怎么查看 Linux 上哪个进程占用了 8080 端口？",
        "给我讲讲什么是分布式事务。",
        "猫咪多大可以打疫苗？",
        "北京到上海的高铁要坐几个小时？",
        "怎么用 git rebase 合并多个提交？",
        "写一个 Shell 脚本，每天凌晨备份数据库。",
        "推荐几本入门机器学习的书。",
        "租房合同里要注意哪些条款？",
        "帮我把这段代码的变量名改得更清楚。",
        "如何提高睡眠质量？",
        "解释一下 HTTP 缓存里的 ETag 是怎么用的。",
        "写一个 Vue 组件，显示倒计时。",
        "怎么计算房贷的月供？",
        "过敏性鼻炎平时要注意什么？",
        "用 SQL 查出每个部门工资最高的员工。",
        "讲一个适合五岁孩子的睡前故事。",
        "帮我写个正则，校验手机号。",
        "Nginx 怎么配置反向代理？",
        "什么是灰度发布？",
        "如何防止接口被重复提交？",
        "给我推荐一款适合写 Go 的编辑器。",
        "怎样煮出好喝的手冲咖啡？",
        "帮我把这份周报润色一下。",
        "苏州园林有什么特点？",
        "汽车保养一般多久做一次？",
        "怎么用 pandas 按日期分组求和？",
        "消息队列有什么用？",
        "帮我想一个团队年会的节目。",
        "JWT 和 Session 有什么区别？",
        "Python 里的装饰器怎么写？",
        "怎么把 Docker 镜像做得更小？",
        "学吉他从哪里开始比较好？",
        "应急资金一般建议存多少？",
        "写一个函数判断某一年是不是闰年。",
        "上传大文件时怎么做断点续传？",
    ],
}


def lang_of(q: dict) -> str:
    """A question's language: memeval's rows say it; chat-heldout is English."""
    return q.get("lang") or "en"


def history(qs: list[dict], set_name: str, home: str, templates: dict | None = None, seed: str = SEED) -> list[dict]:
    """The history prompts of one HOME: each answerable question in one template, drawn by the
    fixed seed of (set, HOME); the row keeps the question's answering sessions. (hookdev.py
    draws its own `templates` with its own `seed` the same way.)"""
    templates = TEMPLATES if templates is None else templates
    rng = random.Random(f"{seed}:{set_name}:{home}")
    out = []
    for q in qs:
        if q.get("kind") == "abstain" or not (q.get("sessions") or [q.get("session")])[0]:
            continue
        lang = lang_of(q)
        pos, tpl = rng.choice(templates[lang])
        text = q["question"]
        out.append({"prompt": tpl.format(q=text, ql=text[:1].lower() + text[1:]), "lang": lang, "position": pos,
                    "sessions": q.get("sessions") or [q["session"]]})
    return out


def unrelated(qs: list[dict], prompts: dict | None = None) -> list[dict]:
    """The unrelated prompts asked in a HOME: those of its questions' language(s)."""
    prompts = UNRELATED if prompts is None else prompts
    return [{"prompt": p, "lang": lang} for lang in sorted({lang_of(q) for q in qs}) for p in prompts[lang]]


def score(hist: list[dict], hist_out: list[str], other: list[dict], other_out: list[str]) -> dict:
    """Counts per language (and per cue position): a history prompt is answered when its injection
    names a session that answers it; any non-empty injection counts as injected."""
    out: dict = {}
    for h, text in zip(hist, hist_out, strict=True):
        ok = any(s in text for s in h["sessions"])
        for key in (h["lang"], f"{h['lang']}:{h['position']}"):
            c = out.setdefault(key, {"history": 0, "answered": 0, "injected": 0, "unrelated": 0, "noisy": 0})
            c["history"] += 1
            c["answered"] += ok
            c["injected"] += bool(text.strip())
        if not ok:
            out.setdefault("missed", []).append(h["prompt"])
    for u, text in zip(other, other_out, strict=True):
        c = out.setdefault(u["lang"], {"history": 0, "answered": 0, "injected": 0, "unrelated": 0, "noisy": 0})
        c["unrelated"] += 1
        if text.strip():
            c["noisy"] += 1
            out.setdefault("injected", []).append(u["prompt"])
    return out


def merged(parts: list[dict]) -> dict:
    """The counts of several HOMEs (or sets) added up."""
    out: dict = {}
    for p in parts:
        for k, v in p.items():
            if isinstance(v, list):
                out.setdefault(k, []).extend(v)
            else:
                c = out.setdefault(k, dict.fromkeys(v, 0))
                for f, n in v.items():
                    c[f] += n
    return out


def table(name: str, res: dict) -> str:
    """The markdown rows of one set's (or all sets') result: per language, then per cue position."""
    rows = []
    for k in sorted((k for k in res if not isinstance(res[k], list)), key=lambda k: (":" in k, k)):
        c = res[k]
        h = f"{c['answered'] / c['history']:.3f} ({c['answered']}/{c['history']})" if c["history"] else "-"
        i = f"{c['injected'] / c['history']:.3f}" if c["history"] else "-"
        u = f"{c['noisy'] / c['unrelated']:.3f} ({c['noisy']}/{c['unrelated']})" if c["unrelated"] else "-"
        rows.append(f"| {name} | {k} | {h} | {i} | {u} |")
    return "\n".join(rows)


HEADER = ("| set | language[:cue position] | history: answering session injected | history: anything injected"
          " | unrelated: injected |\n|---|---|---|---|---|")
