"""A hook set with its own HOMEs (branch `hook4`, issue 14 item 6): new facts said once, in
passing, inside memeval's everyday and technical filler chats (its themes, new probes and a new
seed), asked back with the cue before, after or inside the question or with no cue at all —
the question about the past by itself ("What was the name of that bakery?", 那个方案后来定了吗？),
in English and in Chinese, every question in every position; and new unrelated prompts that
look like history questions without being one (a past tense about the world: "What was the
Treaty of Versailles about?", 宋朝是哪年灭亡的？), coding requests and chit-chat that share the
probes' words. Written for `hook4` and tuned against, so not a judge. Scored like hookblind.py.

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets hookdev4 --hooks-only
"""

from __future__ import annotations


import hookblind
import hookset
from memeval import Probe

SEED = "hookdev4-2026-12-07"
SETS = ("hookdev4",)
P = Probe

PROBES_EN = [
    P("user-fact", "What was the name of that bakery on the corner?", [("user", "The bakery on the corner is called {name}, their rye loaf is worth the queue")],
      {"name": ["Crumb and Co", "Little Oven", "Hartley's", "The Flour Room"]}, ["I should really stop buying pastries every morning"]),
    P("user-fact", "Which plumber fixed the leak under the sink?", [("user", "{name} came round and fixed the leak under the sink in twenty minutes")],
      {"name": ["Dave from QuickFlow", "a guy called Marek", "Bright Plumbing", "the plumber Sandra"]}, ["The sink is making that gurgling noise again"]),
    P("user-fact", "What did the mechanic say was wrong with the car?", [("user", "The mechanic said the car's problem was {fault}, so it's in the garage till Friday")],
      {"fault": ["a worn clutch plate", "a cracked radiator hose", "the alternator", "a seized brake caliper"]}, ["The car makes a funny noise when it is cold"]),
    P("user-fact", "What's my daughter's teacher called?", [("user", "My daughter's teacher this year is {name}, she is strict but fair")],
      {"name": ["Ms Okafor", "Mr Lindqvist", "Mrs Brannigan", "Miss Tanaka"]}, ["Parents' evening is always such a rush"]),
    P("user-fact", "Which podcast was I listening to on the train?", [("user", "On the train I've been listening to {pod}, it makes the commute fly by")],
      {"pod": ["Hardcore History", "The Rest Is Politics", "99% Invisible", "Search Engine"]}, ["The train was packed again this morning"]),
    P("user-fact", "What colour did we pick for the bathroom tiles?", [("user", "We went with {colour} for the bathroom tiles in the end")],
      {"colour": ["sage green", "terracotta", "a pale grey", "navy blue"]}, ["The bathroom renovation is dragging on forever"]),
    P("user-fact", "Which insurance company is the car with?", [("user", "The car is insured with {co} now, it was cheaper at renewal")],
      {"co": ["Direct Line", "Admiral", "LV", "Aviva"]}, ["Insurance renewals always come at the worst time"]),
    P("user-fact", "What was the name of the restaurant we booked for the anniversary?", [("user", "Booked {name} for our anniversary dinner, fingers crossed it's good")],
      {"name": ["Rosalind's", "Kitchen Table", "Osteria Nonna", "the Blue Heron"]}, ["Anniversaries sneak up on me every year"]),
    P("user-fact", "Which conference did I give the talk at?", [("user", "I gave my talk on service meshes at {conf}, the room was full")],
      {"conf": ["KubeCon Paris", "DevOpsDays Oslo", "QCon London", "PyCon Lithuania"]}, ["Conference travel wears me out"]),
    P("user-fact", "What rate limit did we set on the public API?", [("user", "We set the public API's rate limit to {limit} per key")],
      {"limit": ["600 requests a minute", "50 requests a second", "10,000 requests an hour", "120 requests a minute"]},
      ["Someone hammered the public API again last night"]),
    P("user-fact", "Which migration tool did we settle on for the database?", [("user", "We settled on {tool} for database migrations, it fits the deploy pipeline")],
      {"tool": ["Flyway", "Liquibase", "Alembic", "Atlas"]}, ["Database migrations on Friday afternoons are a bad idea"]),
    P("user-fact", "How much did the new sofa cost?", [("user", "The new sofa was {price} in the end, delivery included")],
      {"price": ["£840", "£1,150", "£620", "£990"]}, ["The old sofa has been sagging for years"]),
    P("user-fact", "Where did my parents go on holiday?", [("user", "My parents are off on holiday to {place} for two weeks")],
      {"place": ["Madeira", "the Amalfi coast", "Crete", "the Scottish Highlands"]}, ["Holidays always feel too short"]),
    P("assistant-fact", "What stretch did you suggest for my lower back?", [("assistant", "For the lower back try {stretch} every morning, slowly, for a minute a side")],
      {"stretch": ["the cat-cow stretch", "a knee-to-chest stretch", "the child's pose", "a supine twist"]}, ["Sitting all day is terrible for the back"]),
    P("assistant-fact", "Which flag did you say to pass to make the build reproducible?", [("assistant", "Pass {flag} to the build so the output is byte for byte reproducible")],
      {"flag": ["--frozen-lockfile", "--no-cache", "-trimpath", "--locked"]}, ["The build is flaky on the CI runners"]),
    P("assistant-fact", "What did you name as the cause of the flaky test?", [("assistant", "The flaky test comes from {cause}; fix that and it will pass every time")],
      {"cause": ["a shared temp directory", "the test order", "a clock that crosses midnight", "an unseeded random generator"]},
      ["The test suite has been red all morning"]),
    P("time", "When is the boiler service booked?", [("user", "The boiler service is booked for {date}, someone has to be home")],
      {"date": ["the 3rd of March", "the 17th of November", "the 9th of January", "the 25th of April"]}, ["The boiler is older than the house's wiring"]),
    P("update", "Which phone do I have these days?", [("user", "I'm still on the {~ph} for now"), ("user", "Switched to the {ph} this week, the battery is so much better")],
      {"ph": ["Pixel 8", "iPhone 15", "Galaxy S23", "Fairphone 5"]}, answer="last"),
    P("count", "How many times did the staging deploy break?", [("user", "The staging deploy broke again {when}, same missing secret")], repeat=(2, 3)),
]

PROBES_ZH = [
    P("user-fact", "楼下那家面包店叫什么名字？", [("user", "楼下那家面包店叫{name}，他们的碱水包要排队")],
      {"name": ["麦香坊", "巴黎贝甜", "好利来", "原麦山丘"]}, ["每天早上路过面包店都忍不住买"]),
    P("user-fact", "那个方案后来定了哪个？", [("user", "方案最后定了{plan}，下周开始实施")],
      {"plan": ["先迁移订单库", "双写过渡", "按城市灰度", "直接切换"]}, ["开会讨论了一下午还没结论"]),
    P("user-fact", "修车师傅说车哪里坏了？", [("user", "修车师傅说是{fault}坏了，周五才能取车")],
      {"fault": ["离合片", "水箱管", "发电机", "刹车卡钳"]}, ["车子天冷的时候有异响"]),
    P("user-fact", "我女儿的班主任姓什么？", [("user", "女儿这学期的班主任姓{x}，很严格")],
      {"x": ["周", "郑", "唐", "冯"]}, ["家长会总是很赶"]),
    P("user-fact", "卫生间的瓷砖选的什么颜色？", [("user", "卫生间瓷砖最后选了{colour}")],
      {"colour": ["豆绿色", "陶土色", "浅灰色", "藏青色"]}, ["装修拖得太久了"]),
    P("user-fact", "车险买的是哪家？", [("user", "车险今年换成了{co}，续保便宜一些")],
      {"co": ["平安", "人保", "太平洋", "大地保险"]}, ["保险续费总是赶在月底"]),
    P("user-fact", "纪念日订的是哪家餐厅？", [("user", "纪念日晚饭订了{name}，希望不踩雷")],
      {"name": ["新荣记", "外婆家", "大董", "甬府"]}, ["每年纪念日都差点忘"]),
    P("user-fact", "公开接口的限流设的多少？", [("user", "公开接口的限流设成了每个密钥{limit}")],
      {"limit": ["每分钟六百次", "每秒五十次", "每小时一万次", "每分钟一百二十次"]}, ["昨晚又有人狂刷公开接口"]),
    P("user-fact", "新沙发最后多少钱？", [("user", "新沙发最后花了{price}，包送货")],
      {"price": ["四千二", "六千八", "三千五", "五千九"]}, ["旧沙发早就塌了"]),
    P("user-fact", "我爸妈去哪儿旅游了？", [("user", "我爸妈去{place}旅游两周")],
      {"place": ["三亚", "大理", "新疆", "青岛"]}, ["假期总是太短"]),
    P("assistant-fact", "你建议我腰疼做什么拉伸？", [("assistant", "腰疼的话每天早上做{stretch}，左右各一分钟")],
      {"stretch": ["猫牛式", "抱膝拉伸", "婴儿式", "仰卧扭转"]}, ["整天坐着对腰很不好"]),
    P("assistant-fact", "你说那个不稳定的测试是什么原因？", [("assistant", "那个测试不稳定是因为{cause}，改掉就好了")],
      {"cause": ["共用了临时目录", "测试顺序", "时钟跨过了午夜", "随机数没有固定种子"]}, ["测试一上午都是红的"]),
    P("time", "锅炉保养约在哪天？", [("user", "锅炉保养约在{date}，那天家里得有人")],
      {"date": ["三月三号", "十一月十七号", "一月九号", "四月二十五号"]}, ["锅炉比房子的电线还老"]),
    P("count", "预发环境的部署挂了几次？", [("user", "预发环境的部署又挂了，还是缺密钥")], repeat=(2, 3)),
]

# Each Chinese question with a cue before it, after it and inside its sentence, as a person
# would say it (the no-cue form is the question itself, or in a template).
CUED_ZH = {
    "楼下那家面包店叫什么名字？": ("上次跟你说过，楼下那家面包店叫什么名字？", "楼下那家面包店叫什么名字？之前聊过的。", "我之前说的楼下那家面包店叫什么名字？"),
    "那个方案后来定了哪个？": ("之前讨论过，那个方案后来定了哪个？", "那个方案后来定了哪个？我记得跟你说过。", "我们之前说的那个方案后来定了哪个？"),
    "修车师傅说车哪里坏了？": ("前几天聊过这个，修车师傅说车哪里坏了？", "修车师傅说车哪里坏了？上回提过。", "上次修车师傅说车哪里坏了来着？"),
    "我女儿的班主任姓什么？": ("你还记得吗，我女儿的班主任姓什么？", "我女儿的班主任姓什么？之前告诉过你。", "我女儿的班主任，之前说过的，姓什么？"),
    "卫生间的瓷砖选的什么颜色？": ("回忆一下，卫生间的瓷砖选的什么颜色？", "卫生间的瓷砖选的什么颜色？前阵子说过。", "卫生间的瓷砖当时选的什么颜色？"),
    "车险买的是哪家？": ("之前说过的，车险买的是哪家？", "车险买的是哪家？我以前提过。", "我上回说车险买的是哪家？"),
    "纪念日订的是哪家餐厅？": ("上次聊到过，纪念日订的是哪家餐厅？", "纪念日订的是哪家餐厅？之前说过的。", "纪念日那次订的是哪家餐厅来着？"),
    "公开接口的限流设的多少？": ("之前讨论过，公开接口的限流设的多少？", "公开接口的限流设的多少？上回定过的。", "公开接口的限流当时设的多少？"),
    "新沙发最后多少钱？": ("上次跟你说过，新沙发最后多少钱？", "新沙发最后多少钱？我记得说过。", "我之前说的新沙发最后多少钱？"),
    "我爸妈去哪儿旅游了？": ("前几天提过，我爸妈去哪儿旅游了？", "我爸妈去哪儿旅游了？之前聊过。", "我上次说我爸妈去哪儿旅游了？"),
    "你建议我腰疼做什么拉伸？": ("之前问过你，你建议我腰疼做什么拉伸？", "你建议我腰疼做什么拉伸？上回说过的。", "你上次建议我腰疼做什么拉伸？"),
    "你说那个不稳定的测试是什么原因？": ("之前聊过，你说那个不稳定的测试是什么原因？", "你说那个不稳定的测试是什么原因？前阵子讨论过。", "你当时说那个不稳定的测试是什么原因？"),
    "锅炉保养约在哪天？": ("之前说过，锅炉保养约在哪天？", "锅炉保养约在哪天？我记得提过。", "我之前说锅炉保养约在哪天来着？"),
    "预发环境的部署挂了几次？": ("回顾一下，预发环境的部署挂了几次？", "预发环境的部署挂了几次？之前说过。", "之前预发环境的部署一共挂了几次？"),
}

# (position, template): {q}, {ql} (first letter lower), {q0} (no final mark), {a} / {b} (split).
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("none", "{q}"),
        ("none", "Quick question: {ql}"),
        ("none", "{q} Can't find it anywhere."),
        ("none", "Um, {ql}"),
        ("before", "I know we covered this. {q}"),
        ("before", "Thinking back to an older chat, {ql}"),
        ("before", "You might remember this one: {q}"),
        ("after", "{q} I'm sure I mentioned it."),
        ("after", "{q} It was in one of our conversations."),
        ("after", "{q0}, do you remember?"),
        ("inside", "{a}, as I said before, {b}?"),
        ("inside", "{a} — I told you once — {b}?"),
        ("inside", "{a} (we talked about it) {b}?"),
    ],
    "zh": [
        ("none", "{q}"),
        ("none", "问一下，{q}"),
        ("none", "{q}想不起来了。"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        # questions about the world in the past tense: no history question
        "What was the Treaty of Versailles about?",
        "Who was the first person to climb Everest?",
        "When did the Berlin Wall fall?",
        "Why did the Roman Empire collapse?",
        "What was the name of the ship that sank in 1912?",
        "Which company made the first smartphone?",
        "How did medieval bakers leaven their bread?",
        "What caused the 2008 financial crisis?",
        # questions that share the probes' words
        "What is a good rye sourdough recipe?",
        "How much should a plumber charge to fix a leaking sink?",
        "What are the signs of a worn clutch?",
        "Which podcasts are good for learning history?",
        "What colour tiles make a small bathroom look bigger?",
        "Is it cheaper to insure a car for a year or monthly?",
        "What's a good restaurant gift card amount for an anniversary?",
        "How long should a conference talk on service meshes be?",
        "What rate limit is sensible for a public API?",
        "Flyway or Liquibase for a Java project?",
        "How do I make a Docker build reproducible?",
        "Why are flaky tests so common in CI?",
        "How often should a boiler be serviced?",
        "Which phone has the best battery life right now?",
        # coding requests
        "Write a token bucket rate limiter in Go.",
        "Add a retry with backoff to the staging deploy script.",
        "Refactor this test to use a temp directory per test.",
        "Write an Alembic migration that adds an index on orders.created_at.",
        "Generate a SQL query for the ten most expensive sofas in the catalogue.",
        "Convert this bash loop into a Python script.",
        # chit-chat
        "Good morning! The bakery smell on my street is amazing today.",
        "Thanks, that worked perfectly.",
        "I'm off to the mechanic now, talk later.",
        "Haha, my daughter just drew a picture of her teacher.",
        "Ugh, the train is late again.",
        "Nice, the tests are green now.",
        # the first person, about now or later
        "My lower back hurts after cycling, what stretches help?",
        "My parents want a quiet holiday in Europe, any ideas?",
        "We're redoing the bathroom, should the grout be light or dark?",
        "I'm giving a talk next month, how do I calm my nerves?",
        "My car insurance is up for renewal, what should I compare?",
        "Our staging deploy keeps failing on a missing secret, how do I debug it?",
    ],
    "zh": [
        # 关于世界的过去时：不是问历史
        "宋朝是哪年灭亡的？",
        "第一台电脑是谁发明的？",
        "唐朝的首都在哪里？",
        "金融危机是怎么发生的？",
        "长城是什么时候修建的？",
        # 和探针共用字词的问题
        "碱水包怎么做？",
        "离合片一般多久换一次？",
        "小卫生间铺什么颜色的瓷砖显大？",
        "车险哪家性价比高？",
        "公开接口的限流一般设多少合适？",
        "腰疼有哪些拉伸动作？",
        "测试不稳定通常是什么原因？",
        "锅炉多久保养一次？",
        # 写代码的请求
        "用 Python 写一个令牌桶限流器。",
        "给预发环境的部署脚本加上重试。",
        "写一个 SQL 查询最贵的十个沙发。",
        # 闲聊
        "早上好！今天楼下面包店好香。",
        "谢谢，搞定了。",
        "哈哈，我女儿画了她的班主任。",
        "测试终于全绿了。",
        # 第一人称，说的是现在或以后
        "我爸妈想找个安静的地方旅游，有推荐吗？",
        "我们在装修卫生间，美缝用深色还是浅色？",
        "我车险快到期了，要比较哪些？",
        "我们的预发部署一直缺密钥，怎么排查？",
    ],
}


def build() -> list[tuple[list, list[dict]]]:
    """The HOMEs: three English, two Chinese, 50 sessions each, every probe asked in each."""
    return hookset.homes(PROBES_EN, PROBES_ZH, (8401, 8402), ("dh", "di"))


def _forms(rng, lang: str, fill: dict) -> list[tuple[str, str]]:
    """Each question in every cue position (none, before, after, inside; English: a template of
    that position drawn by a fixed seed; Chinese: its own wordings, and the no-cue form in a
    template)."""
    none = hookset.drawn(rng, TEMPLATES, lang, "none", fill)
    if lang == "zh":
        before, after, inside = CUED_ZH[fill["q"]]
    else:
        before, after, inside = (hookset.drawn(rng, TEMPLATES, lang, p, fill) for p in ("before", "after", "inside"))
    return [("none", none), ("before", before), ("after", after), ("inside", inside)]


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts (hookset.prompts, with this set's _forms)."""
    return hookset.prompts(qs, SEED, set_name, home, _forms)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
