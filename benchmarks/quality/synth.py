"""Generated multi-session chats for retrieval quality: a deterministic generator of user <->
assistant conversations in which one session holds a fact, other sessions reuse its words
without holding it (decoys), and filler sessions talk about everything else in common words.
Each fact is asked about later in other words, as a person would ask a memory ("When did we
move the billing worker to the new queue?", "我们上次给计费服务选了哪个数据库？").

A bank is a list of Fact templates plus filler phrases; `build(bank, seed)` returns the sessions
(key, cwd, turns) and the questions (question, key). Banks: `en` and `zh` (tuning), and the
held-out banks in heldout.py (other templates, other seed; scored only at the end).
Nothing here comes from a public benchmark: every template is written for deja.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field


@dataclass
class Fact:
    slots: dict[str, list[str]]
    evidence: list[tuple[str, str]]  # the turns that hold the fact
    questions: list[str]  # asked later, in other words
    decoys: list[list[tuple[str, str]]]  # turns that reuse the slots without the fact
    instances: int = 6


@dataclass
class Bank:
    name: str
    facts: list[Fact]
    filler_user: list[str]
    filler_assistant: list[str]
    fills: dict[str, list[str]] = field(default_factory=dict)  # {x} in filler lines
    projects: list[str] = field(default_factory=lambda: ["api", "web", "infra", "data", "life"])
    filler_sessions: int = 80


_SLOT = re.compile(r"\{(\w+)\}")


def _fill(text: str, values: dict[str, str], rng: random.Random, fills: dict[str, list[str]]) -> str:
    def one(m: re.Match) -> str:
        k = m.group(1)
        if k in values:
            return values[k]
        return rng.choice(fills[k])
    return _SLOT.sub(one, text)


def _filler_turns(bank: Bank, rng: random.Random, n: int) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        out.append(("user", _fill(rng.choice(bank.filler_user), {}, rng, bank.fills)))
        out.append(("assistant", " ".join(_fill(rng.choice(bank.filler_assistant), {}, rng, bank.fills)
                                          for _ in range(rng.randint(1, 4)))))
    return out


def _session(bank: Bank, rng: random.Random, core: list[tuple[str, str]]) -> list[tuple[str, str]]:
    before, after = _filler_turns(bank, rng, rng.randint(0, 5)), _filler_turns(bank, rng, rng.randint(0, 6))
    return before + core + after


def build(bank: Bank, seed: int) -> tuple[list[tuple[str, str, list]], list[tuple[str, str]]]:
    rng = random.Random(seed)
    sessions: list[tuple[str, str, list]] = []
    questions: list[tuple[str, str]] = []

    def add(turns: list) -> str:
        key = f"{bank.name}{len(sessions) + 1:04d}"
        sessions.append((key, f"/home/dev/{rng.choice(bank.projects)}", turns))
        return key

    for fi, fact in enumerate(bank.facts):
        pools = {k: rng.sample(v, len(v)) for k, v in fact.slots.items()}
        n = fact.instances
        for i in range(n):
            # each instance its own values; a decoy uses another instance's values for some slots
            values = {k: pool[i % len(pool)] for k, pool in pools.items()}
            other = {k: pool[(i + n) % len(pool) if len(pool) >= 2 * n else (i + 1) % len(pool)] for k, pool in pools.items()}
            ev = [(r, _fill(t, values, rng, bank.fills)) for r, t in fact.evidence]
            key = add(_session(bank, rng, ev))
            q = fact.questions[i % len(fact.questions)]
            questions.append((_fill(q, values, rng, bank.fills), key))
            for d in fact.decoys:
                # half the slots as in the fact, half from another instance: shares words, not the answer
                mixed = {k: (values[k] if j % 2 == (i % 2) else other[k]) for j, k in enumerate(sorted(values))}
                add(_session(bank, rng, [(r, _fill(t, mixed, rng, bank.fills)) for r, t in d]))
    for _ in range(bank.filler_sessions):
        add(_filler_turns(bank, rng, rng.randint(2, 10)))
    order = list(range(len(sessions)))
    rng.shuffle(order)  # dates follow this order, so evidence is not always older than decoys
    return [sessions[i] for i in order], questions


# -- the English tuning bank

_SERVICES = "billing invoicing thumbnail notification payments ingest reporting export mailer scheduler geocoder webhook analytics search audit".split()
_QUEUES = "SQS RabbitMQ Kafka NATS Redis-streams Pulsar Beanstalkd Celery ZeroMQ Kinesis".split()
_PROJECTS = "atlas borealis cascade dynamo ember falcon granite harbor iris juniper kepler lumen".split()
_DB = ["Postgres", "MySQL", "SQLite", "CockroachDB", "MongoDB", "DynamoDB", "ClickHouse", "Cassandra", "TimescaleDB", "MariaDB", "Redis", "Neo4j"]
_CHART = ["Recharts", "Chart.js", "Highcharts", "ECharts", "Plotly", "Vega-Lite", "Nivo", "ApexCharts", "Victory", "D3"]
_THINGS = ["pull requests", "support tickets", "flaky tests", "blog drafts", "job interviews", "design docs", "code reviews", "release notes"]
_PEOPLE = ["Priya", "Marcus", "Elena", "Tomasz", "Aiko", "Rafael", "Ingrid", "Kwame", "Sofia", "Dmitri", "Leila", "Oskar"]
_TEAMS = ["the platform team", "security", "the mobile squad", "finance", "legal", "the data team", "design", "support"]
_TOPICS = ["the monorepo split", "feature flags", "the on-call rotation", "pair programming", "the Friday freeze", "GraphQL", "microservices", "code ownership", "trunk-based development", "estimation poker"]
_OPINIONS = ["it slows everyone down more than it helps", "it is worth it only for the payments code", "we should drop it after the launch",
             "it works when the owner writes the checklist", "nobody reads the output, so it is wasted effort", "it should be opt-in per team",
             "juniors learn more from it than from docs", "it only pays off above ten engineers"]
_COMPONENTS = ["image resizer", "PDF renderer", "search crawler", "cron runner", "CSV importer", "chat gateway", "ledger sync", "map tiler"]
_CAUSES = ["a file descriptor leak in the retry loop", "an unbounded cache keyed by user agent", "a race between two shutdown hooks",
           "daylight saving time in the scheduler", "a missing timeout on the upstream call", "a font that was not installed in the image",
           "an integer overflow in the page counter", "a stale DNS entry cached forever"]
_PETS = ["kitten", "puppy", "parrot", "rabbit", "hamster", "tortoise", "ferret", "goldfish"]
_PETNAMES = ["Mochi", "Pixel", "Biscuit", "Nimbus", "Pepper", "Tofu", "Waffles", "Juno", "Ziggy", "Clover", "Sprocket", "Maple"]
_CITIES = ["Lisbon", "Kyoto", "Reykjavik", "Tbilisi", "Oaxaca", "Porto", "Hanoi", "Tallinn", "Cusco", "Ljubljana", "Valparaiso", "Zanzibar"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October"]
_SETTINGS = ["connection timeout", "batch size", "retry limit", "cache TTL", "worker concurrency", "log retention", "session lifetime", "upload limit"]
_VALUES = ["45 seconds", "250", "seven", "90 minutes", "sixteen", "14 days", "12 hours", "64 megabytes", "three", "500", "2 seconds", "30 days"]
_HOBBIES = ["pottery", "bouldering", "sourdough baking", "chess", "salsa dancing", "birdwatching", "woodworking", "calligraphy", "sailing", "beekeeping"]
_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

EN = Bank(
    name="en",
    facts=[
        Fact({"svc": _SERVICES, "old": _QUEUES, "new": _QUEUES, "day": _WEEKDAYS},
             [("user", "Quick update: on {day} we finally moved the {svc} worker off {old} and onto {new}."),
              ("assistant", "Good call. With {new} the {svc} jobs get retries and a dead letter queue for free; watch the backlog for a few days.")],
             ["When did we move the {svc} worker to the new queue?", "Which queue does the {svc} worker run on now?"],
             [[("user", "The {svc} worker is slow again this morning, the logs are full of timeouts."),
               ("assistant", "Probably the {svc} database; {new} is not involved. Let's profile it first.")],
              [("user", "Should we try {old} for the new {svc} export jobs someday?"),
               ("assistant", "Maybe later; for now the worker setup is fine.")]]),
        Fact({"project": _PROJECTS, "db": _DB},
             [("user", "For {project} I want something boring and reliable for storage."),
              ("assistant", "Then let's go with {db} for {project}: mature tooling, easy backups, and the team knows it.")],
             ["Which database did we pick for {project}?", "What storage did we settle on for the {project} project?"],
             [[("user", "{project} needs a new landing page, can you sketch one?"),
               ("assistant", "Sure, a hero section, three feature cards and a pricing table for {project}.")],
              [("user", "How do {db} backups work in general?"),
               ("assistant", "{db} supports snapshots and point in time recovery; pick a retention that matches your needs.")]]),
        Fact({"thing": _THINGS, "n": ["three", "four", "five", "six", "seven", "eight", "nine", "eleven", "twelve", "fifteen", "seventeen", "twenty"]},
             [("user", "I am exhausted, I went through {n} {thing} today alone."),
              ("assistant", "That is a lot. Maybe block two hours tomorrow with no {thing} at all.")],
             ["How many {thing} did I go through that day?", "What was the number of {thing} I said I handled?"],
             [[("user", "Do you have tips for writing better {thing}?"),
               ("assistant", "Keep them short, state the goal first, and link the context.")]]),
        Fact({"topic": _TOPICS, "opinion": _OPINIONS},
             [("user", "My honest take on {topic}: {opinion}."),
              ("assistant", "That is a fair position; you could propose a trial period and measure it.")],
             ["What did I say about {topic}?", "What was my opinion on {topic}?"],
             [[("user", "Can you summarise the arguments for {topic}?"),
               ("assistant", "People like {topic} for consistency and speed; critics point to overhead.")]]),
        Fact({"person": _PEOPLE, "team": _TEAMS, "comp": _COMPONENTS},
             [("user", "Had a long call with {person} from {team} about the {comp} rewrite."),
              ("assistant", "Sounds productive. Did {person} agree on the timeline for the {comp}?")],
             ["Who did I talk to about rewriting the {comp}?", "Which person from {team} did I have a call with?"],
             [[("user", "The {comp} rewrite is blocked on review."),
               ("assistant", "Ping the reviewers and split the change into smaller parts.")],
              [("user", "{person} is out next week, who covers for them?"),
               ("assistant", "Check the team calendar; usually someone from the same group.")]]),
        Fact({"comp": _COMPONENTS, "cause": _CAUSES},
             [("user", "The {comp} kept crashing overnight, any idea?"),
              ("assistant", "Found it: the crashes came from {cause}. I patched it and added a regression test.")],
             ["Why did the {comp} keep crashing?", "What was the root cause of the {comp} outage?"],
             [[("user", "Can we add metrics to the {comp}?"),
               ("assistant", "Yes, a counter per request and a histogram of durations.")]]),
        Fact({"pet": _PETS, "petname": _PETNAMES},
             [("user", "Big news, I adopted a {pet} this weekend! I named her {petname}."),
              ("assistant", "Congratulations! {petname} is a lovely name for a {pet}.")],
             ["What's the name of my {pet}?", "What did I call the {pet} I adopted?"],
             [[("user", "My neighbour's {pet} keeps escaping into our garden."),
               ("assistant", "A taller fence or a friendly word with the neighbour might help.")]]),
        Fact({"city": _CITIES, "month": _MONTHS},
             [("user", "Back from {city}! The trip in {month} was exactly what I needed."),
              ("assistant", "Welcome back. {city} in {month} sounds wonderful; what was the highlight?")],
             ["Where did I travel in {month}?", "Which city did I visit on vacation in {month}?"],
             [[("user", "What should I pack for {city}?"),
               ("assistant", "Layers, comfortable shoes, and an adapter for the plugs.")]]),
        Fact({"setting": _SETTINGS, "value": _VALUES, "svc": _SERVICES},
             [("user", "For the {svc} service, what should the {setting} be?"),
              ("assistant", "Use {value} for the {setting} on {svc}; anything lower caused errors in the load test.")],
             ["What value did we end up using for the {setting} on {svc}?", "How was the {setting} configured for {svc}?"],
             [[("user", "What does {setting} mean exactly?"),
               ("assistant", "It bounds how the service behaves under load; the default is usually conservative.")]]),
        Fact({"hobby": _HOBBIES, "day": _WEEKDAYS},
             [("user", "I signed up for a {hobby} class, every {day} evening starting next week."),
              ("assistant", "Fun! {hobby} is a great way to switch off after work.")],
             ["What class did I sign up for on {day} evenings?", "Which evening is my {hobby} class?"],
             [[("user", "Is {hobby} expensive to get into?"),
               ("assistant", "The basics are cheap; equipment adds up later.")]]),
    ],
    filler_user=[
        "When did you say the {noun} is due? We should move it to {day} if we can.",
        "Can you help me write a short email about the {noun}?",
        "What do you think about the new {noun} we talked about?",
        "I need to decide what to do with the {noun} before the weekend.",
        "Did we ever finish the {noun}? I can't remember.",
        "How do I make the {noun} faster without breaking anything?",
        "Remind me what the plan was for the {noun} this week.",
        "Which one is better for a {noun}, the old way or the new way?",
        "I'm planning dinner for friends, any quick ideas?",
        "My laptop battery dies fast lately, what can I check?",
        "Can you explain how {noun} works in simple terms?",
        "What did the team say about the deadline?",
    ],
    filler_assistant=[
        "Sure, here is a short plan: first list what matters, then pick the smallest change that helps.",
        "I would keep it simple for now and revisit it when the {noun} grows.",
        "Good question. It depends on how often you need it and who else uses it.",
        "We could move the {noun} to {day}, which leaves time for review.",
        "The new version is usually better, but test it on a small case first.",
        "Here is a draft you can adapt: thanks for the update, the {noun} looks good, let's talk on {day}.",
        "That happens a lot; check the settings and restart it once.",
        "In short: it reads the input, keeps what it needs, and writes the result.",
        "I don't have strong feelings either way, both options are fine for a first version.",
        "Let's decide after we see the numbers from this week.",
    ],
    fills={"noun": ["report", "budget", "roadmap", "dashboard", "backlog", "newsletter", "workshop", "offsite", "migration plan",
                    "onboarding doc", "release", "queue", "worker pool", "team meeting", "garden", "apartment", "car"],
           "day": _WEEKDAYS},
)


# -- the Chinese tuning bank

_ZH_SVC = ["计费", "支付", "日志", "推送", "搜索", "报表", "导出", "审计", "对账", "风控", "消息", "调度"]
_ZH_DB = ["PostgreSQL", "MySQL", "TiDB", "MongoDB", "ClickHouse", "达梦数据库", "OceanBase", "Redis", "SQLite", "Elasticsearch"]
_ZH_PROJ = ["北极星", "长城", "青鸟", "飞鱼", "云梯", "灯塔", "星河", "磐石", "锦鲤", "白鹭", "雪莲", "松果"]
_ZH_PEOPLE = ["王磊", "李娜", "张伟", "刘洋", "陈静", "赵敏", "孙浩", "周婷", "吴昊", "郑爽", "冯雪", "韩梅"]
_ZH_COMP = ["图片压缩服务", "短信网关", "定时任务", "导入脚本", "缓存集群", "订单同步", "地图切片", "文件上传"]
_ZH_CAUSE = ["连接池没有释放", "时区换算错误", "内存泄漏在重试逻辑里", "证书过期没有续签", "磁盘被日志写满", "死锁出现在两个事务之间", "配置文件被覆盖", "上游接口没有设置超时"]
_ZH_CITY = ["成都", "大理", "厦门", "西安", "青岛", "桂林", "哈尔滨", "苏州", "拉萨", "昆明"]
_ZH_PET = ["小猫", "小狗", "鹦鹉", "兔子", "仓鼠", "乌龟"]
_ZH_PETNAME = ["豆豆", "团子", "毛球", "可乐", "布丁", "年糕", "花卷", "芝麻", "橘子", "汤圆", "饺子", "栗子"]
_ZH_HOBBY = ["陶艺", "攀岩", "书法", "围棋", "游泳", "摄影", "烘焙", "吉他"]

ZH = Bank(
    name="zh",
    facts=[
        Fact({"svc": _ZH_SVC, "q": ["Kafka", "RabbitMQ", "RocketMQ", "Pulsar", "NATS", "SQS"]},
             [("user", "跟你说一下，{svc}服务的后台任务已经迁到{q}上了。"),
              ("assistant", "好的，换成{q}以后{svc}任务可以自动重试，失败的消息会进死信队列。")],
             ["我们上次是什么时候把{svc}任务迁到新队列的？", "{svc}服务现在用的是哪个消息队列？"],
             [[("user", "{svc}服务今天又很慢，日志里全是超时。"),
               ("assistant", "可能是数据库的问题，先看一下慢查询。")]]),
        Fact({"project": _ZH_PROJ, "db": _ZH_DB},
             [("user", "{project}项目的存储要稳定可靠，你有什么建议？"),
              ("assistant", "那就决定用{db}吧：工具成熟，备份方便，团队也熟悉。")],
             ["我们给{project}项目最后选了哪个数据库？", "之前{project}项目的存储定的是什么？"],
             [[("user", "{project}项目需要一个新的首页设计。"),
               ("assistant", "可以做一个大图加三个功能卡片的布局。")]]),
        Fact({"person": _ZH_PEOPLE, "comp": _ZH_COMP},
             [("user", "今天和{person}开了很长的会，讨论{comp}重构的事。"),
              ("assistant", "听起来很有收获，{person}同意排期了吗？")],
             ["我之前跟谁讨论过{comp}重构？", "上次关于{comp}的会是和谁开的？"],
             [[("user", "{comp}的重构卡在代码评审上了。"),
               ("assistant", "可以拆成几个小的改动分别评审。")]]),
        Fact({"comp": _ZH_COMP, "cause": _ZH_CAUSE},
             [("user", "{comp}昨晚一直崩溃，怎么回事？"),
              ("assistant", "找到了，原因是{cause}，已经修复并加了回归测试。")],
             ["{comp}为什么老是崩溃？", "上次{comp}出故障的根本原因是什么？"],
             [[("user", "能给{comp}加一些监控指标吗？"),
               ("assistant", "可以，按请求计数，再加一个耗时分布。")]]),
        Fact({"pet": _ZH_PET, "petname": _ZH_PETNAME},
             [("user", "告诉你个好消息，我周末领养了一只{pet}，给它起名叫{petname}。"),
              ("assistant", "恭喜！{petname}这个名字很可爱。")],
             ["我领养的{pet}叫什么名字？", "我给那只{pet}起的名字是什么？"],
             [[("user", "邻居家的{pet}老是跑到我们院子里。"),
               ("assistant", "可以和邻居商量一下，或者把围栏加高。")]]),
        Fact({"city": _ZH_CITY, "month": ["一月", "三月", "四月", "五月", "七月", "八月", "十月", "十二月"]},
             [("user", "刚从{city}回来，{month}去的这趟旅行太棒了。"),
              ("assistant", "欢迎回来！{month}的{city}一定很美，最难忘的是什么？")],
             ["我{month}去哪里旅行了？", "我{month}度假去的是哪个城市？"],
             [[("user", "去{city}要带些什么？"),
               ("assistant", "带几件外套、舒服的鞋和充电器。")]]),
        Fact({"hobby": _ZH_HOBBY, "day": ["周一", "周二", "周三", "周四", "周五", "周六"]},
             [("user", "我报名了一个{hobby}课，每{day}晚上上课。"),
              ("assistant", "真不错，{hobby}很适合下班后放松。")],
             ["我每{day}晚上上的是什么课？", "我的{hobby}课是星期几？"],
             [[("user", "学{hobby}贵不贵？"),
               ("assistant", "入门不贵，设备以后会越来越贵。")]]),
    ],
    filler_user=[
        "你觉得这个{noun}怎么样？我们要不要改一下？",
        "帮我写一封关于{noun}的简短邮件。",
        "我们之前说的{noun}计划是什么来着？",
        "周末之前我得决定{noun}的事情。",
        "怎么让{noun}更快一点，又不出问题？",
        "今天晚饭吃什么比较好？",
        "我的电脑最近很卡，该检查什么？",
        "你能简单解释一下{noun}是怎么回事吗？",
    ],
    filler_assistant=[
        "好的，先列出最重要的事情，然后选一个最小的改动。",
        "我建议先保持简单，等{noun}变大了再调整。",
        "这要看你多久用一次，还有谁会用到它。",
        "可以把{noun}挪到下周，这样有时间评审。",
        "新版本通常更好，但最好先小范围试一下。",
        "这种情况很常见，检查一下设置然后重启一次。",
        "两种方案都可以，第一版先随便选一个。",
        "等这周的数据出来以后再决定吧。",
    ],
    fills={"noun": ["报告", "预算", "路线图", "仪表盘", "需求列表", "周报", "培训", "团建", "迁移方案", "发布", "队列", "会议", "花园", "房子"]},
)

BANKS = {"en": (EN, 42), "zh": (ZH, 43)}
