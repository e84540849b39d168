"""A hook set with its own HOMEs (branch `hook3`, issue 14 item 6): new facts said once, in
passing, inside memeval's everyday and technical filler chats (its themes, new probes), asked
back the way a person asks about their own past — with a cue before, after or inside the
question, or with none (the question as asked, or behind a lead-in that is no cue: "Quick one:",
问一下，) — and new unrelated prompts: how-to questions and requests on the same topics as the
facts (a spare key, a physio, a webhook timeout, 备用钥匙, 体检) that history must not answer.
Written for `hook3` and tuned against, so not a judge. Scored like hookblind.py (`score`,
`merged`, `table`); each question is asked once per position: `before`, `after`, `inside`,
`none`.

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets hookdev2 --hooks-only
"""

from __future__ import annotations


import hookblind
import hookset
from memeval import Probe

SEED = "hookdev2-2026-12-01"
SETS = ("hookdev2",)
P = Probe

PROBES_EN = [
    P("user-fact", "Where did I hide the spare key?", [("user", "Note to self, more or less: the spare key is now under the {spot} by the back door")],
      {"spot": ["blue flowerpot", "loose brick", "boot scraper", "garden gnome"]}, ["I keep forgetting my keys at the office lately"]),
    P("user-fact", "What's my physiotherapist called?", [("user", "My physio, {physio}, says the knee needs another six weeks of squats")],
      {"physio": ["Annika Berg", "Tomasz Wilk", "Roisin Kelly", "Dev Mehta"]}, ["A friend of mine is training to become a physiotherapist"]),
    P("user-fact", "Which laptop did I end up buying?", [("user", "In the end I bought the {laptop}, the battery alone was worth it")],
      {"laptop": ["ThinkPad X13", "Framework 13", "MacBook Air M3", "Dell XPS 14"]}, ["Laptop prices seem to go up every autumn"]),
    P("user-fact", "How much was the quote for fixing the roof?", [("user", "The roofer quoted {price} euros to replace the flashing and two rows of tiles")],
      {"price": ["2,400", "3,150", "1,870", "4,600"]}, ["The neighbours had their roof redone last summer, it took weeks"]),
    P("user-fact", "What's my daughter's swimming teacher's name?", [("user", "My daughter adores her swimming teacher, {coach}, she finally floats on her back")],
      {"coach": ["Miss Haddad", "Coach Ferreira", "Mr Okafor", "Ms Lindqvist"]}, ["The public pool is closed for repairs until March"]),
    P("user-fact", "Which airline did I fly with to the wedding?", [("user", "I flew {airline} to my cousin's wedding and they lost my suitcase for a day")],
      {"airline": ["KLM", "Aegean", "Icelandair", "TAP Air Portugal"]}, ["Wedding season means every weekend is booked"]),
    P("user-fact", "What grade did I get on the statistics exam?", [("user", "Got my statistics exam back, a {grade}, better than I feared")],
      {"grade": ["B+", "A-", "72 out of 100", "second class"]}, ["Statistics always felt harder than calculus to me"]),
    P("user-fact", "What did I name my sourdough starter?", [("user", "I named my sourdough starter {starter}, it bubbles like crazy in the warm kitchen")],
      {"starter": ["Clint Yeastwood", "Bubbles", "Doughzilla", "Gerald"]}, ["A neighbour gave me some rye flour for baking"]),
    P("assistant-fact", "Which stretch did you recommend for my lower back?", [("assistant", "For the lower back, try the {stretch} twice a day, holding it for thirty seconds without bouncing")],
      {"stretch": ["cat-cow", "knee-to-chest hold", "child's pose", "supine twist"]}, ["Back pain after sitting all day is very common"]),
    P("assistant-fact", "What timeout did you suggest for the payments webhook?", [("assistant", "Set the payments webhook timeout to {secs} seconds and retry with backoff; the provider gives up after three attempts")],
      {"secs": ["8", "12", "15", "20"]}, ["Webhooks from that provider arrive out of order sometimes"]),
    P("assistant-fact", "Which port did you say the staging database listens on?", [("assistant", "The staging database listens on port {port}, not the default, because the old cluster still holds 5432")],
      {"port": ["6543", "5433", "15432", "7432"]}, ["The staging environment gets reset every Sunday night"]),
    P("assistant-fact", "What was the cause of the login loop you found?", [("assistant", "The login loop came from the {cause}, so the session cookie was dropped on every redirect")],
      {"cause": ["SameSite=Strict cookie setting", "clock skew on the auth server", "trailing slash in the callback URL", "stale CSRF token cache"]},
      ["Login pages are where most support tickets start"]),
    P("preference", "What kind of tea do I drink in the evening?", [("user", "In the evenings I only drink {tea}, anything with caffeine keeps me up")],
      {"tea": ["rooibos", "chamomile", "peppermint tea", "lemon balm"]}, ["My aunt grows her own tea plants in a greenhouse"]),
    P("time", "When did I start the new job?", [("user", "First day at the new job was on {date}, the onboarding was a blur")],
      {"date": ["the 3rd of March", "the 14th of April", "the 2nd of June", "the 9th of September"]}, ["Job interviews make me nervous every time"]),
    P("user-fact", "How old is my nephew?", [("user", "My nephew just turned {age} and already beats me at chess")],
      {"age": ["seven", "nine", "eleven", "six"]}, ["Chess clubs for kids are popular around here"]),
    P("assistant-fact", "How long did you say to rest the brisket?", [("assistant", "Rest the brisket wrapped for at least {rest} before slicing, or the juices run out onto the board")],
      {"rest": ["an hour", "ninety minutes", "two hours", "forty-five minutes"]}, ["Brisket is one of the hardest cuts to get right"]),
]

PROBES_ZH = [
    P("user-fact", "我把备用钥匙放哪了？", [("user", "顺便记一下，备用钥匙现在放在{spot}")],
      {"spot": ["门口的鞋柜里", "阳台花盆底下", "电表箱上面", "信箱里"]}, ["最近老是忘带钥匙，已经叫过两次开锁了"]),
    P("user-fact", "我的康复师叫什么？", [("user", "我的康复师{name}说膝盖还要练六周")],
      {"name": ["王医生", "李老师", "陈教练", "赵医生"]}, ["朋友在读康复治疗专业，说很辛苦"]),
    P("user-fact", "我最后买的是哪款笔记本？", [("user", "最后还是买了{laptop}，续航真的好")],
      {"laptop": ["联想小新", "华为MateBook", "ThinkPad X1", "小米笔记本"]}, ["笔记本电脑每年秋天都涨价"]),
    P("user-fact", "修屋顶报价多少钱？", [("user", "师傅报价{price}块，换防水层和两排瓦")],
      {"price": ["八千", "一万二", "六千五", "九千八"]}, ["邻居家去年夏天修了屋顶，修了好几周"]),
    P("user-fact", "我女儿的钢琴老师姓什么？", [("user", "我女儿特别喜欢她的钢琴老师，姓{t}，教得很耐心")],
      {"t": ["周", "孙", "吴", "郑"]}, ["小区里的琴行最近在搞活动"]),
    P("user-fact", "我去参加婚礼坐的哪家航空公司？", [("user", "去表哥婚礼坐的是{air}，行李还晚到了一天")],
      {"air": ["东方航空", "海南航空", "南方航空", "春秋航空"]}, ["最近婚礼特别多，每个周末都有"]),
    P("assistant-fact", "你推荐我腰疼做什么拉伸？", [("assistant", "腰疼的话可以试试{stretch}，每天两次，每次保持三十秒")],
      {"stretch": ["猫牛式", "抱膝式", "婴儿式", "仰卧扭转"]}, ["久坐腰疼很常见"]),
    P("assistant-fact", "支付回调的超时你建议设多少秒？", [("assistant", "支付回调的超时建议设成{secs}秒，失败了按指数退避重试")],
      {"secs": ["八", "十二", "十五", "二十"]}, ["那家支付的回调有时候顺序是乱的"]),
    P("preference", "我晚上一般喝什么茶？", [("user", "我晚上只喝{tea}，有咖啡因的会睡不着")],
      {"tea": ["菊花茶", "大麦茶", "玫瑰花茶", "荞麦茶"]}, ["我姑姑自己在院子里种茶"]),
    P("time", "我是哪天入职新公司的？", [("user", "新公司是{date}入职的，第一天特别忙")],
      {"date": ["三月三号", "四月十四号", "六月二号", "九月九号"]}, ["找工作面试每次都紧张"]),
    P("user-fact", "我外甥今年几岁？", [("user", "我外甥刚满{age}岁，下棋已经能赢我了")],
      {"age": ["七", "九", "十一", "六"]}, ["小区里的少儿象棋班很火"]),
    P("user-fact", "我的体检报告哪项不正常？", [("user", "体检报告出来了，{item}偏高，医生让我少吃油")],
      {"item": ["血脂", "尿酸", "转氨酶", "血糖"]}, ["公司每年组织一次体检"]),
]

# (position, template): {q} the question, {ql} with a lower-case first letter, {q0} without its
# final mark, {a} / {b} its two halves (hookinside.split).
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("before", "Something from a while back: {q}"),
        ("before", "You'll have this from one of our earlier sessions. {q}"),
        ("before", "I asked you about this once. {q}"),
        ("before", "From our past conversations, {ql}"),
        ("after", "{q} I'm sure I told you at some point."),
        ("after", "{q} We discussed it a few weeks ago."),
        ("after", "{q} It should be in our old chats."),
        ("inside", "{a}, as I said before, {b}?"),
        ("inside", "{a} (we talked about it a while ago) {b}?"),
        ("inside", "{q0}, remember?"),
        ("none", "{q}"),
        ("none", "Quick one: {ql}"),
        ("none", "{q} Just the short answer."),
        ("none", "Out of curiosity, {ql}"),
        ("none", "I need this for a form. {q}"),
    ],
    "zh": [
        ("before", "之前跟你说过一件事，{q}"),
        ("before", "翻一下我们以前的聊天，{q}"),
        ("after", "{q}我好像跟你提过。"),
        ("after", "{q}几周前聊过的。"),
        ("inside", "{a}，之前说过的，{b}？"),
        ("inside", "{q0}，还记得吗？"),
        ("none", "{q}"),
        ("none", "问一下，{q}"),
        ("none", "{q}说个大概就行。"),
        ("none", "顺便问下，{q}"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        "Where is a safe place to hide a spare key outside the house?",
        "How do I find a good physiotherapist for a knee injury?",
        "Which laptop is best for programming under 1500 euros?",
        "How much does it usually cost to fix a leaking roof?",
        "How do I teach a child to float on her back in the pool?",
        "Which airline has the best record for lost luggage?",
        "Explain the difference between a t-test and a chi-squared test.",
        "How do I revive a sourdough starter that smells off?",
        "What stretches help with lower back pain from sitting?",
        "What is a sensible timeout for a webhook receiver?",
        "Write a docker-compose file with Postgres on a non-default port.",
        "Why would a login page redirect in a loop?",
        "Which teas have no caffeine at all?",
        "Write a polite email to my new manager before my first day.",
        "What chess openings are good for a nine year old?",
        "How long should I rest a brisket after smoking it?",
        "I want to bake a rye loaf this weekend, give me a recipe.",
        "Write a Python script that renames photos by the date they were taken.",
        "Draft a complaint to an airline about a delayed suitcase.",
        "How do I set SameSite on a cookie in Express?",
        "My knee hurts after squats, what could be causing it?",
        "Make a packing list for a wedding weekend abroad.",
        "What should my daughter bring to her first swimming lesson?",
        "Give me a weekly study plan for a statistics exam.",
        "Compare chamomile and peppermint tea for sleep.",
        "How do I check which process is listening on a port?",
        "Summarise the pros and cons of replacing roof tiles myself.",
        "Write a retry with exponential backoff in TypeScript.",
        "What is a fair price for a used ThinkPad?",
        "Tell me how onboarding at a new job usually goes in the first week.",
    ],
    "zh": [
        "备用钥匙放在门外哪里比较安全？",
        "膝盖受伤了怎么找靠谱的康复师？",
        "一万块以内写代码用什么笔记本好？",
        "修屋顶漏水一般要多少钱？",
        "小孩学钢琴几岁开始比较合适？",
        "哪家航空公司行李丢得最少？",
        "久坐腰疼做什么拉伸有用？",
        "支付回调的超时一般设多少合适？",
        "哪些茶不含咖啡因？",
        "入职新公司第一周要注意什么？",
        "七岁小孩适合学什么棋？",
        "体检报告血脂偏高要注意什么？",
        "帮我写一封给航空公司的投诉信，行李晚到了。",
        "写一个带指数退避的重试函数。",
        "帮我列一个参加婚礼的行李清单。",
        "怎么查看哪个进程占用了端口？",
        "菊花茶和大麦茶哪个更助眠？",
        "帮我做一个一周的统计学复习计划。",
        "登录页面一直重定向是什么原因？",
        "自己换屋顶的瓦片难不难？",
    ],
}


def build() -> list[tuple[list, list[dict]]]:
    """The HOMEs: three English, two Chinese, 50 sessions each, every probe asked in each."""
    return hookset.homes(PROBES_EN, PROBES_ZH, (7301, 7302), ("de", "dz"))


def _forms(rng, lang: str, fill: dict) -> list[tuple[str, str]]:
    """Each question once per cue position, in a template of that position drawn by a fixed seed."""
    return [(position, hookset.drawn(rng, TEMPLATES, lang, position, fill)) for position in ("before", "after", "inside", "none")]


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts (hookset.prompts, with this set's _forms)."""
    return hookset.prompts(qs, SEED, set_name, home, _forms)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
