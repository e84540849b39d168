"""A hook set with its own HOMEs (branch `hookdet`, issue 14 item 6): new facts said once, in
passing, inside memeval's everyday and technical filler chats (its themes, new probes and a new
seed), asked back the way a person asks about their own past or present with no cue at all
("What was the name of the vet we used for the cat?", "Which gym did I join?", 我女儿在哪上学？),
with a cue before, after or inside the question (English), or with a Chinese cue inside the
sentence (我之前 / 上回 / 那次 / 当时); and new unrelated prompts — how-to questions, requests and
plans in the first person about the same things (a vet, a gym, a landlord, 健身卡, 房东) that
history must not answer. Written for `hookdet` and tuned against, so not a judge. Scored like
hookblind.py (`score`, `merged`, `table`); each question is asked twice per HOME: once with no
cue (`none`) and once in a cue position drawn by a fixed seed (`before`, `after`, `inside`;
Chinese: `inside` only, each question's own wording).

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets hookdev3 --hooks-only
"""

from __future__ import annotations


import hookblind
import hookset
from memeval import Probe

SEED = "hookdev3-2026-12-01"
SETS = ("hookdev3",)
P = Probe

PROBES_EN = [
    P("user-fact", "What was the name of the vet we used for the cat?", [("user", "We took the cat to {vet} for her jabs, they were lovely with her")],
      {"vet": ["Hillside Vets", "the Oakfield clinic", "Dr Marsh's practice", "Paws and Claws"]}, ["The cat has been sleeping on the radiator all week"]),
    P("user-fact", "Which gym did I join?", [("user", "I finally joined {gym}, it is five minutes from the office")],
      {"gym": ["PureGym on Hill Street", "the Anytime Fitness downtown", "Crunch on Fifth", "the climbing gym at the old mill"]},
      ["I keep saying I will go to the gym more often"]),
    P("user-fact", "What's my landlord's name?", [("user", "My landlord, {name}, still has not fixed the boiler")],
      {"name": ["Mr Petrov", "Gail Hutchins", "Ahmed Saleh", "Mrs Delacroix"]}, ["Rent went up again this year, as usual"]),
    P("user-fact", "Where does my son go to school?", [("user", "My son started at {school} in September and loves the science club")],
      {"school": ["Riverside Primary", "St Columba's", "Greenfield Academy", "the Montessori on Elm Road"]}, ["School runs in the rain are the worst"]),
    P("user-fact", "Which bike did I buy for commuting?", [("user", "I bought a {bike} for the commute and my knees are grateful")],
      {"bike": ["Brompton", "Trek FX 2", "Cannondale Quick", "secondhand Dutch bike"]}, ["Cycling in this city is a bit scary at rush hour"]),
    P("user-fact", "Which hotel did we stay at in Lisbon?", [("user", "We stayed at {hotel} in Lisbon, the rooftop bar was the best part")],
      {"hotel": ["the Memmo Alfama", "Casa do Largo", "the Lumiares", "Hotel Avenida Palace"]}, ["Lisbon has far too many hills for my legs"]),
    P("user-fact", "What is my partner allergic to?", [("user", "My partner is allergic to {allergen}, so I check every label now")],
      {"allergen": ["sesame", "shellfish", "kiwi", "tree nuts"]}, ["Allergy season is starting early this year"]),
    P("user-fact", "How many hours a week do I volunteer?", [("user", "I volunteer {hours} hours a week at the food bank, mostly sorting tins")],
      {"hours": ["three", "four", "six", "two"]}, ["The food bank always needs drivers on Saturdays"]),
    P("user-fact", "Which city is my brother moving to?", [("user", "My brother is moving to {city} for a job in the spring")],
      {"city": ["Rotterdam", "Leeds", "Porto", "Gdansk"]}, ["Moving house is always more work than expected"]),
    P("user-fact", "Which Postgres extension did we install for the fuzzy search?", [("user", "We installed {ext} on the reporting database for the fuzzy search")],
      {"ext": ["pg_trgm", "unaccent", "pgvector", "fuzzystrmatch"]}, ["The reporting database is slow on Monday mornings"]),
    P("assistant-fact", "Which book did you recommend on negotiation?", [("assistant", "If you want one book on negotiation, read {book}; it is short and practical")],
      {"book": ["Never Split the Difference", "Getting to Yes", "Bargaining for Advantage", "Start with No"]}, ["Negotiation is mostly preparation"]),
    P("assistant-fact", "What cron schedule did you give me for the backup job?", [("assistant", "Run the backup job on the schedule {cron}, which avoids the nightly deploy window")],
      {"cron": ["15 3 * * *", "0 4 * * 1-5", "30 2 * * 0", "45 1 * * *"]}, ["Backups nobody restores are not really backups"]),
    P("assistant-fact", "Which Python library did you suggest for parsing dates?", [("assistant", "For messy date strings use {lib}; it handles most formats without a format string")],
      {"lib": ["dateparser", "python-dateutil", "pendulum", "arrow"]}, ["Dates in spreadsheet exports are always a mess"]),
    P("assistant-fact", "How much water did you say to use for the rice?", [("assistant", "Use {ratio} of water for jasmine rice and let it steam off the heat for ten minutes")],
      {"ratio": ["1.25 cups per cup", "1.5 cups per cup", "600 ml for 400 grams", "one and a quarter cups"]}, ["Rice cookers are worth it if you eat rice every day"]),
    P("assistant-fact", "What did you say caused the memory leak in the worker?", [("assistant", "The memory leak in the worker comes from {cause}, so memory grows with every job")],
      {"cause": ["an unbounded LRU cache", "listeners never removed from the event bus", "a global list of job results", "the retry queue holding references"]},
      ["Memory graphs for the workers look like a saw"]),
    P("preference", "What do I usually order at the coffee shop?", [("user", "At the coffee shop I always get {drink}, nothing else")],
      {"drink": ["a flat white", "an oat cortado", "a cold brew", "a chai latte"]}, ["The coffee shop near work closed down"]),
    P("time", "When is my sister's wedding?", [("user", "My sister's wedding is on {date}, so I need that weekend free")],
      {"date": ["the 14th of June", "the 2nd of August", "the 21st of September", "the 30th of May"]}, ["Wedding gifts are so hard to choose"]),
    P("update", "Where do I work now?", [("user", "I work at {~co} for now, but I am interviewing elsewhere"), ("user", "I started at {co} this week, new badge and everything")],
      {"co": ["Northwind", "Globex", "Initech", "Vandelay Industries"]}, answer="last"),
    P("update", "How far do I run on Sundays these days?", [("user", "My Sunday run is {~km} km at the moment"), ("user", "I have built my Sunday run up to {km} km now")],
      {"km": ["8", "10", "12", "15"]}, answer="last"),
    P("count", "How many times did the nightly export job fail?", [("user", "The nightly export job failed again {when}, same timeout as before")],
      repeat=(2, 3)),
    P("assistant-fact", "Which headphones did you help me pick?",
      [("assistant", "For the commute go with the {hp}; the noise cancelling is the best at that price")],
      {"hp": ["Sony WH-1000XM5", "Bose QC Ultra", "Sennheiser Momentum 4", "AirPods Max"]}, ["Headphones make my ears hot after an hour"]),
    # two events, each said in its own session: either session answers
    P("time", "Which came first, the boiler repair or the dentist appointment?",
      [("user", "The boiler repair finally happened {when}, the flat is warm again"), ("user", "Had the dentist appointment {when}, no fillings this time")]),
    P("time", "How many weeks were there between my first swimming lesson and the swimming gala?",
      [("user", "My first swimming lesson was {when}, I swallowed half the pool"), ("user", "The swimming gala was today and I came fourth in my heat")]),
]

PROBES_ZH = [
    P("user-fact", "我女儿在哪上学？", [("user", "我女儿现在在{school}上学，每天走路十分钟")],
      {"school": ["实验小学", "育才小学", "外国语学校", "第二中学"]}, ["接送孩子上学太费时间了"]),
    P("user-fact", "我们家猫看的是哪家宠物医院？", [("user", "带猫去了{vet}打疫苗，医生很温柔")],
      {"vet": ["瑞鹏宠物医院", "安安宠物诊所", "芭比堂", "爱诺宠物医院"]}, ["猫最近老是掉毛"]),
    P("user-fact", "我报的健身房是哪家？", [("user", "我报了{gym}的年卡，离公司很近")],
      {"gym": ["乐刻", "超级猩猩", "威尔仕", "一兆韦德"]}, ["说好要健身，结果一直没去"]),
    P("user-fact", "我房东姓什么？", [("user", "房东姓{x}，热水器坏了一周还没来修")],
      {"x": ["刘", "黄", "何", "林"]}, ["今年房租又涨了"]),
    P("assistant-fact", "你推荐的那本讲谈判的书叫什么？", [("assistant", "想读一本讲谈判的书，推荐{book}，很实用")],
      {"book": ["《掌控谈话》", "《谈判力》", "《沃顿谈判课》", "《优势谈判》"]}, ["谈判主要靠准备"]),
    P("assistant-fact", "备份任务的定时你建议怎么设？", [("assistant", "备份任务建议设成{cron}，避开每晚的发布窗口")],
      {"cron": ["每天凌晨三点十五", "工作日凌晨四点", "每周日凌晨两点半", "每天凌晨一点四十五"]}, ["备份从来没恢复过，等于没有备份"]),
    P("preference", "我在咖啡店一般点什么？", [("user", "去咖啡店我一般只点{drink}")],
      {"drink": ["燕麦拿铁", "美式", "澳白", "生椰拿铁"]}, ["公司楼下的咖啡店关门了"]),
    P("time", "我妹妹的婚礼是哪天？", [("user", "我妹妹的婚礼定在{date}，那个周末要空出来")],
      {"date": ["五月二十号", "十月一号", "六月八号", "九月十五号"]}, ["婚礼份子钱越来越多了"]),
    P("update", "我现在在哪家公司上班？", [("user", "我现在还在{~co}，不过在面试"), ("user", "这周入职{co}了，工牌都领了")],
      {"co": ["字节", "美团", "腾讯", "京东"]}, answer="last"),
    P("user-fact", "我弟弟要搬去哪个城市？", [("user", "我弟弟春天要搬去{city}工作")],
      {"city": ["成都", "杭州", "深圳", "西安"]}, ["搬家总是比想象的累"]),
    P("user-fact", "我们给报表库装的是哪个扩展？", [("user", "我们给报表库装了{ext}，做模糊搜索")],
      {"ext": ["pg_trgm", "unaccent", "pgvector", "fuzzystrmatch"]}, ["报表库周一早上特别慢"]),
    P("count", "夜间导出任务失败了几次？", [("user", "夜间导出任务又失败了，还是超时")], repeat=(2, 3)),
    P("assistant-fact", "你给我推荐的那款降噪耳机是哪个牌子？", [("assistant", "通勤用的话，推荐{brand}的降噪耳机，地铁里效果最明显")],
      {"brand": ["索尼", "Bose", "森海塞尔", "华为"]}, ["耳机戴久了耳朵会疼"]),
    P("user-fact", "我想买的那辆电动车是什么牌子？", [("user", "我看中了{ev}的电动车，打算年底买")],
      {"ev": ["比亚迪", "小鹏", "蔚来", "理想"]}, ["小区里的充电桩总是被占"]),
    P("time", "锅炉维修和看牙医，哪个在前？", [("user", "锅炉终于修好了，家里暖和了"), ("user", "今天去看了牙医，这次没有蛀牙")]),
    P("time", "我第一节游泳课和游泳比赛隔了多久？", [("user", "第一节游泳课上完了，呛了好几口水"), ("user", "今天游泳比赛拿了小组第四")]),
]

# Each Chinese question with a cue inside its own sentence, as a person would say it.
INSIDE_ZH = {
    "我女儿在哪上学？": "我上回说我女儿在哪上学来着？",
    "我们家猫看的是哪家宠物医院？": "那次带猫去的是哪家宠物医院？",
    "我报的健身房是哪家？": "我之前报的健身房是哪家？",
    "我房东姓什么？": "上回跟你吐槽的房东姓什么？",
    "你推荐的那本讲谈判的书叫什么？": "你当时推荐的那本讲谈判的书叫什么？",
    "备份任务的定时你建议怎么设？": "备份任务的定时你上回建议怎么设？",
    "我在咖啡店一般点什么？": "我之前说过在咖啡店一般点什么？",
    "我妹妹的婚礼是哪天？": "我之前说的妹妹婚礼是哪天？",
    "我现在在哪家公司上班？": "那次说的新公司是哪家？",
    "我弟弟要搬去哪个城市？": "当时说我弟弟要搬去哪个城市？",
    "我们给报表库装的是哪个扩展？": "我们当时给报表库装的是哪个扩展？",
    "夜间导出任务失败了几次？": "之前夜间导出任务一共失败了几次？",
    "锅炉维修和看牙医，哪个在前？": "上回说的锅炉维修和看牙医，哪个在前？",
    "你给我推荐的那款降噪耳机是哪个牌子？": "你上回给我推荐的那款降噪耳机是哪个牌子？",
    "我想买的那辆电动车是什么牌子？": "我之前说想买的那辆电动车是什么牌子？",
    "我第一节游泳课和游泳比赛隔了多久？": "我之前说的第一节游泳课和游泳比赛隔了多久？",
}

# (position, template), as hookdev2.TEMPLATES: {q}, {ql}, {q0}, {a} / {b}.
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("none", "{q}"),
        ("none", "Hey, quick one: {ql}"),
        ("none", "{q} Need it for an email."),
        ("none", "Sorry to bother you, {ql}"),
        ("before", "We went through this once. {q}"),
        ("before", "From one of our chats: {q}"),
        ("before", "Remind me, {ql}"),
        ("after", "{q} I told you about it."),
        ("after", "{q} It came up in a chat of ours."),
        ("after", "{q} We talked about this a while back."),
        ("inside", "{a}, as far as I remember telling you, {b}?"),
        ("inside", "{q0}, if you recall?"),
    ],
    "zh": [
        ("none", "{q}"),
        ("none", "请问，{q}"),
        ("none", "{q}急用。"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        "How do I find a good vet for an anxious cat?",
        "Which gym membership is worth it for a beginner?",
        "Write a letter to my landlord asking him to fix the boiler.",
        "What should a kid pack for the first day at a new school?",
        "Is a road bike or a hybrid better for commuting?",
        "Which neighbourhood in Lisbon is best to stay in?",
        "How do I read food labels for a sesame allergy?",
        "How can I start volunteering at a food bank?",
        "Give me three negotiation tips for a salary talk.",
        "Write a cron expression for every Sunday at 2am.",
        "Which Python library parses ISO dates fastest?",
        "How much water do I need for basmati rice?",
        "What's the difference between a flat white and a latte?",
        "Help me write a toast for my sister's wedding.",
        "I'm starting a new job next week, how should I prepare?",
        "Make me a training plan to run 15 km on Sundays.",
        "Why would a nightly cron job fail silently?",
        "Explain what pg_trgm does in Postgres.",
        "What is it like to live in Rotterdam?",
        "How do I find a memory leak in a Node.js worker?",
        "I want to join a climbing gym, what gear do I need?",
        "My cat hates the carrier, how do I get her to the vet calmly?",
        "Write a Python function that retries a failing export job.",
        "What questions should I ask a landlord before signing a lease?",
        "Draft an email to the school about my son's science project.",
        "Which coffee drinks have the most caffeine?",
        "I'm thinking of moving to Porto, what should I know first?",
        "Add the pg_trgm extension to a Postgres Docker image.",
        "My partner and I are planning a trip to Lisbon in May, suggest an itinerary.",
        "What's a good weekly volunteering schedule for a busy parent?",
        # the first person, about now or later: no history question
        "My sister's wedding is coming up, what's a nice gift?",
        "My landlord wants to raise the rent by ten percent, is that legal?",
        "My son's school has a science fair, any project ideas?",
        "We're getting a second cat, how do we introduce them?",
        "My Sunday runs leave my calves sore, why is that?",
        "Our nightly export job runs at 3am, will it clash with the backups?",
        "My brother's new flat has damp in the bathroom, what helps?",
        "I'm at the gym right now, give me a twenty minute routine.",
        "My partner is allergic to sesame, what can we cook for friends?",
        "Our worker's memory keeps growing, where do I start looking?",
    ],
    "zh": [
        "怎么给孩子选小学？",
        "宠物医院怎么选比较靠谱？",
        "健身房年卡值得办吗？",
        "帮我写一条催房东修热水器的消息。",
        "谈判有什么技巧？",
        "写一个每周日凌晨两点运行的 cron 表达式。",
        "燕麦拿铁和普通拿铁有什么区别？",
        "帮我写一段妹妹婚礼上的祝酒词。",
        "跳槽前要做哪些准备？",
        "成都和杭州哪个城市更适合年轻人？",
        "Postgres 的 pg_trgm 扩展是干什么的？",
        "定时任务失败了怎么自动报警？",
        "猫咪不肯进航空箱怎么办？",
        "我下个月要搬家，帮我列个清单。",
        "我想办一张健身卡，要注意什么？",
        "咖啡喝多了会怎样？",
        "怎么写一封辞职信？",
        "搬家时书怎么打包比较好？",
        "小学生每天作业做多久合适？",
        "数据库备份一般保留多久？",
        # 第一人称，说的是现在或以后：不是问历史
        "我妹妹下个月结婚，送什么礼物好？",
        "我房东要涨房租，合理吗？",
        "我女儿学校有科学展，有什么项目点子？",
        "我们家猫最近不吃饭，是什么原因？",
        "我弟弟搬家要我帮忙，要准备什么？",
        "我们的夜间导出任务和备份会冲突吗？",
    ],
}


def build() -> list[tuple[list, list[dict]]]:
    """The HOMEs: three English, two Chinese, 50 sessions each, every probe asked in each."""
    return hookset.homes(PROBES_EN, PROBES_ZH, (8301, 8302), ("df", "dg"))


def _forms(rng, lang: str, fill: dict) -> list[tuple[str, str]]:
    """Each question with no cue, and once more with a cue (English: a template of a position
    drawn by a fixed seed; Chinese: the cue inside its sentence)."""
    none = hookset.drawn(rng, TEMPLATES, lang, "none", fill)
    if lang == "zh":
        return [("none", none), ("inside", INSIDE_ZH[fill["q"]])]
    position = rng.choice(("before", "after", "inside"))
    return [("none", none), (position, hookset.drawn(rng, TEMPLATES, lang, position, fill))]


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts (hookset.prompts, with this set's _forms)."""
    return hookset.prompts(qs, SEED, set_name, home, _forms)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
