"""A hook set with its own HOMEs (branch `hook6`, issue 14 item 6): new facts said once, in
passing, inside memeval's everyday and technical filler chats (new probes, a new seed), asked back
mostly with no cue at all (two wordings), a cue before, or a cue inside the question; questions
about the person's own facts and about what the assistant said, English and Chinese, with cue
wordings none of hookdev2-5 used ("From one of our old conversations — …", "…, if you recall,
…?", 翻翻以前的聊天记录，…, …，上回说的那个？); and unrelated prompts that look like questions and
share words with the history (questions about the world, the same subject asked in general, the
first person about now, requests). Written for `hook6` and measured against, so not a judge.
Scored like hookblind.py.

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets hookdev6 --hooks-only
"""

from __future__ import annotations

import hookblind
import hookset
from memeval import Probe

SEED = "hookdev6-2026-12-07"
SETS = ("hookdev6",)
P = Probe

PROBES_EN = [
    P("user-fact", "What's my cousin's café called?", [("user", "My cousin finally opened her café, it's called {cafe} and the flat whites are great")],
      {"cafe": ["The Copper Kettle", "Bean There", "Little Ember", "Morning Glory"]}, ["Every high street seems to have five coffee shops now"]),
    P("user-fact", "Which bank did I open the savings account with?", [("user", "Opened a fixed savings account with {bank} at 4.1 percent")],
      {"bank": ["Nationwide", "Monzo", "Santander", "First Direct"]}, ["Interest rates keep moving every month"]),
    P("user-fact", "What's my blood type?", [("user", "The donation centre told me my blood type is {bt}, apparently they always need it")],
      {"bt": ["O negative", "AB positive", "B negative", "A positive"]}, ["I nearly fainted at my first blood test"]),
    P("user-fact", "Which village is the cottage we rented in?", [("user", "We rented a cottage in {village} for the half-term week")],
      {"village": ["Grasmere", "Port Isaac", "Castle Combe", "Robin Hood's Bay"]}, ["Half-term always sneaks up on us"]),
    P("user-fact", "Which vaccine did the puppy get at the vet?", [("user", "The vet gave the puppy the {vax} jab today, she was very brave")],
      {"vax": ["leptospirosis", "kennel cough", "parvovirus booster", "rabies"]}, ["The puppy chewed another shoe this morning"]),
    P("user-fact", "What port did we move the admin panel to?", [("user", "We moved the admin panel to port {port} behind the VPN")],
      {"port": ["8443", "9090", "7001", "10443"]}, ["Our firewall rules are a maze"]),
    P("user-fact", "Which feature flag gates the new onboarding flow?", [("user", "The new onboarding flow sits behind the {flag} flag until launch")],
      {"flag": ["onboarding_v2", "welcome_wizard", "new_signup_steps", "guided_setup"]}, ["Onboarding drop-off has been bad this quarter"]),
    P("user-fact", "What did the plumber charge for the boiler?", [("user", "The plumber charged {price} to sort the boiler pressure")],
      {"price": ["£140", "£95", "£210", "£175"]}, ["Old houses are a money pit"]),
    P("assistant-fact", "What did you suggest I plant in the shady bed?", [("assistant", "For a bed that gets almost no sun, try {plant}, it copes with shade and damp")],
      {"plant": ["hostas", "ferns", "hellebores", "foxgloves"]}, ["The garden is mostly clay"]),
    P("assistant-fact", "Which command did you give me to clear the docker cache?", [("assistant", "Run `{cmd}` to reclaim the space the build cache takes")],
      {"cmd": ["docker builder prune -af", "docker system prune --volumes", "docker image prune -a", "docker buildx prune --all"]},
      ["The CI runner's disk keeps filling up"]),
    P("assistant-fact", "How long did you say to steep the cold brew?", [("assistant", "Steep the cold brew for {hours} in the fridge, then filter it twice")],
      {"hours": ["16 hours", "12 hours", "20 hours", "18 hours"]}, ["Summer mornings need iced coffee"]),
    P("assistant-fact", "What name did you come up with for the newsletter?", [("assistant", "How about calling the newsletter {name}? Short and easy to remember")],
      {"name": ["The Monday Loop", "Field Notes", "Small Batch", "The Dispatch"]}, ["Nobody reads long newsletters"]),
    P("assistant-fact", "Which exercise did you suggest for my knee?", [("assistant", "For the knee, start with {ex}, three sets of ten, no pain allowed")],
      {"ex": ["wall sits", "straight leg raises", "step-ups", "terminal knee extensions"]}, ["Stairs have been hard since the ski trip"]),
    P("time", "When does my passport expire?", [("user", "Just noticed my passport expires in {when}, need to renew it")],
      {"when": ["March next year", "September", "early January", "late May"]}, ["The passport office queues are legendary"]),
    P("update", "Which class am I doing at the gym now?", [("user", "I've been doing {~cls} classes at the gym"), ("user", "Switched to {cls} at the gym, much better for my back")],
      {"cls": ["pilates", "spin", "yoga", "boxing"]}, answer="last"),
    P("count", "How many times did the dishwasher leak?", [("user", "The dishwasher leaked all over the kitchen floor again")], repeat=(2, 3)),
]

PROBES_ZH = [
    P("user-fact", "我表姐开的咖啡店叫什么？", [("user", "表姐的咖啡店终于开业了，叫{cafe}，拿铁很好喝")],
      {"cafe": ["铜壶咖啡", "慢半拍", "小火苗", "晨光"]}, ["街上的咖啡店越来越多了"]),
    P("user-fact", "我在哪家银行存的定期？", [("user", "在{bank}存了一笔三年定期，利率还行")],
      {"bank": ["招商银行", "建设银行", "工商银行", "交通银行"]}, ["利率每个月都在变"]),
    P("user-fact", "我的血型是什么？", [("user", "献血站说我是{bt}，让我有空常去")],
      {"bt": ["O型血", "AB型血", "B型血", "A型血"]}, ["第一次抽血差点晕过去"]),
    P("user-fact", "我们租的民宿在哪个村？", [("user", "国庆租了{village}的一个民宿，院子很大")],
      {"village": ["西递村", "宏村", "袁家村", "周庄"]}, ["假期总是一眨眼就到了"]),
    P("user-fact", "管理后台挪到哪个端口了？", [("user", "管理后台挪到了{port}端口，只能走内网访问")],
      {"port": ["8443", "9090", "7001", "10443"]}, ["防火墙规则一团乱"]),
    P("user-fact", "修热水器花了多少钱？", [("user", "师傅上门修热水器收了{price}")],
      {"price": ["三百二", "一百八", "四百五", "两百六"]}, ["老房子毛病真多"]),
    P("assistant-fact", "你建议我背阴的花坛种什么？", [("assistant", "几乎晒不到太阳的花坛可以种{plant}，耐阴也耐湿")],
      {"plant": ["玉簪", "蕨类", "铁筷子", "绣球"]}, ["院子里的土全是黏土"]),
    P("assistant-fact", "清理 docker 缓存你给我的命令是什么？", [("assistant", "运行 `{cmd}` 就能把构建缓存占的空间清出来")],
      {"cmd": ["docker builder prune -af", "docker system prune --volumes", "docker image prune -a", "docker buildx prune --all"]},
      ["CI 机器的磁盘老是满"]),
    P("assistant-fact", "冷萃你说要泡多久？", [("assistant", "冷萃放冰箱泡{hours}，然后过滤两遍")],
      {"hours": ["十六个小时", "十二个小时", "二十个小时", "十八个小时"]}, ["夏天早上就想喝冰咖啡"]),
    P("assistant-fact", "你帮我给公众号起的名字是什么？", [("assistant", "公众号可以叫{name}，短一点好记")],
      {"name": ["周一回路", "田野笔记", "小批量", "慢电台"]}, ["长文章现在没人看"]),
    P("time", "我的护照什么时候到期？", [("user", "刚发现护照{when}就到期了，得去换")],
      {"when": ["明年三月", "今年九月", "一月初", "五月底"]}, ["出入境大厅排队排得人崩溃"]),
    P("count", "洗碗机漏了几次水？", [("user", "洗碗机又漏水了，厨房地上全是水")], repeat=(2, 3)),
]

# (position, template): {q}, {ql} (first letter lower), {q0} (no final mark), {a} / {b} (split).
TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("none", "{q}"),
        ("none", "Quick question — {ql}"),
        ("none", "Sorry if this is random: {ql}"),
        ("none", "{q} Need it for a form."),
        ("before", "We covered this in a chat a while back. {q}"),
        ("before", "You'll have this somewhere in our history: {q}"),
        ("before", "From one of our old conversations — {ql}"),
        ("before", "I'm fairly sure I brought this up before. {q}"),
        ("inside", "{a}, as I'm sure I mentioned, {b}?"),
        ("inside", "{a} (we went over it a while back) {b}?"),
        ("inside", "{a}, if you recall, {b}?"),
    ],
    "zh": [
        ("none", "{q}"),
        ("none", "问一下，{q}"),
        ("none", "{q}急用。"),
        ("none", "想确认一下，{q}"),
        ("before", "咱们之前聊过这事，{q}"),
        ("before", "前阵子跟你说过，{q}"),
        ("before", "翻翻以前的聊天记录，{q}"),
        ("before", "这个我跟你提过的，{q}"),
        # the cue in the question's own sentence, at its end (hookinside.split's cut falls inside
        # a word as often as not in Chinese)
        ("inside", "{q0}，上回说的那个？"),
        ("inside", "{q0}，之前提过的吧？"),
        ("inside", "{q0}，你应该记得吧？"),
    ],
}

UNRELATED: dict[str, list[str]] = {
    "en": [
        # questions about the world, some in the past tense
        "Which bank was the first to offer online banking?",
        "When was the first vaccine developed?",
        "What was the original name of Docker?",
        "Who opened the first café in London?",
        "What did the Romans use to heat their baths?",
        # the probes' subjects asked in general
        "What's a good name for a café?",
        "Which blood type is the universal donor?",
        "Which vaccines does a puppy need?",
        "Why do dishwashers leak from the door?",
        "How long does cold brew keep in the fridge?",
        "What plants grow well in shade?",
        "Is pilates or yoga better for back pain?",
        "Which port does HTTPS use by default?",
        "How do feature flags work in a CI pipeline?",
        "What does a plumber usually charge for a boiler service?",
        "How early should you renew a passport before travelling?",
        "Which exercises strengthen the knee after an injury?",
        "What makes a newsletter name memorable?",
        # the first person, about now or later
        "My knee clicks when I climb stairs, is that normal?",
        "I'm thinking of renting a cottage for half-term, what should I check?",
        "My passport photo was rejected, what are the rules?",
        "My savings account rate dropped, where should I look next?",
        # requests and coding that share the words
        "Write a docker compose file for a Flask app with Redis.",
        "Add a feature flag check to the signup handler.",
        "Move the admin routes behind an auth middleware.",
        "Write a shell script that prunes old docker images every night.",
        "Draft a welcome email for the newsletter's first issue.",
        # chit-chat that shares them
        "The puppy slept through the night for once!",
        "Cold brew turned out great this time, thanks.",
        "Back from the gym, legs are jelly.",
    ],
    "zh": [
        # 关于世界的问题
        "第一家咖啡馆是在哪里开的？",
        "疫苗是谁发明的？",
        "最早的银行是哪个国家的？",
        # 和探针同一话题的一般问题
        "哪种血型是万能献血者？",
        "背阴的地方适合种什么花？",
        "冷萃咖啡能放几天？",
        "洗碗机为什么会漏水？",
        "护照到期前多久要换？",
        "HTTPS 默认用哪个端口？",
        "热水器一般多久要保养一次？",
        "公众号起什么名字比较好记？",
        # 第一人称，说的是现在或以后
        "我膝盖上楼梯的时候响，正常吗？",
        "我想国庆去住民宿，要注意什么？",
        # 请求
        "写一个每天清理旧 docker 镜像的脚本。",
        "给注册接口加一个功能开关。",
        "帮我写一篇公众号的开篇文章。",
        # 闲聊
        "小狗今晚终于一觉睡到天亮了。",
        "冷萃这次泡得很成功，谢谢。",
    ],
}


def build() -> list[tuple[list, list[dict]]]:
    """The HOMEs: three English, two Chinese, 50 sessions each, every probe asked in each."""
    return hookset.homes(PROBES_EN, PROBES_ZH, (8601, 8602), ("dl", "dm"))


def _forms(rng, lang: str, fill: dict) -> list[tuple[str, str]]:
    """Each question twice with no cue (two wordings), once with a cue before it and once with a
    cue inside it, each wording drawn by a fixed seed."""
    none = rng.sample([t for pos, t in TEMPLATES[lang] if pos == "none"], 2)
    return ([("none", t.format(**fill)) for t in none]
            + [(position, hookset.drawn(rng, TEMPLATES, lang, position, fill)) for position in ("before", "inside")])


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts (hookset.prompts, with this set's _forms)."""
    return hookset.prompts(qs, SEED, set_name, home, _forms)


def unrelated(qs: list[dict]) -> list[dict]:
    return hookblind.unrelated(qs, UNRELATED)
