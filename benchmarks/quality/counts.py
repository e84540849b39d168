"""counts: a dev set for count and total questions across sessions (issue 14, session 8, branch `counts`).

"How many books did I read this year?" is answered by several sessions that each hold one
instance, said in passing inside a chat about something else and mostly by its name, not by the
question's category word: "I just finished The Overstory on the train", "we hiked up Mount Tam on
Saturday", "the dermatologist appointment went fine", 昨晚终于把《活着》看完了. Any of them answers
(a hit when one is ranked first). The haystack is memeval's themes and chatter plus chats on the
same everyday topics as the questions (reading, the outdoors, health, going out, fitness), whose
replies use the category word in general ("a book club picks one book a month"), and decoy lines
in the person's turns that say the category word without an instance ("I keep meaning to read
more books").

Each probe has 4-6 instance lines of its own wording; a HOME says 2-4 of them, each in its own
session; the question is one of the probe's wordings. 3 English HOMEs and 2 Chinese ones of 50
sessions, dated as updates.py dates its own (2-16 days apart over about a year). Every question is kind `count`; a
`total` is a sum asked across sessions ("How much have I spent on car repairs?"). The lines,
wordings and topics are this file's own, written before the ranking change and by the engineer
who made it: a dev set, not a judge. `build()` returns per HOME (sessions, questions, starts).
"""

from __future__ import annotations

import random

from memeval import Bank, Theme, _cap, _Home, fill
from updates import _starts  # 2-16 days apart over about a year, the newest months before today

import memeval_en
import memeval_zh

SEED = 20261208
SESSIONS = 50


class C:
    """A count probe: its wordings (one is asked per HOME), its instance lines (2-4 are said, one per
    session), the decoy lines (the category word, no instance), the kind (count | total)."""

    def __init__(self, asks: list[str], lines: list[str], decoys: tuple[str, ...] = (), kind: str = "count"):
        self.asks, self.lines, self.decoys, self.kind = asks, lines, list(decoys), kind


EN = [
    C(["How many books did I read this year?", "How many books have I finished recently?"],
      ["I just finished The Overstory on the train, what an ending",
       "Stayed up way too late to get through the last chapters of Piranesi",
       "Finally done with Middlemarch, only took me four months",
       "Our book club read Klara and the Sun and I actually finished it on time",
       "I started Circe on Friday and had read the whole thing by Sunday night"],
      ("I keep meaning to read more books but the phone wins every evening",)),
    C(["How many times did I go hiking?", "How many hikes have I done so far?"],
      ["We hiked up Mount Tam on Saturday, the fog cleared right at the top",
       "Did the ridge trail loop with my brother on Sunday, about twelve miles",
       "Spent the bank holiday walking in the Peak District, my boots finally broke in",
       "Reached the summit of Snowdon yesterday morning, my legs are jelly",
       "Took the dog on the coastal path from the lighthouse to the cove and back"],
      ("A friend keeps asking me to go hiking with her group",)),
    C(["How many different doctors have I seen?", "How many doctor appointments have I had?"],
      ["My dermatologist appointment went fine, the mole is nothing to worry about",
       "Saw a cardiologist this morning, the heart scan came back normal",
       "The GP gave me antibiotics for the ear infection",
       "The orthopaedic surgeon thinks my knee will heal without an operation",
       "Had my eyes checked by the ophthalmologist, the pressure is fine"],
      ("My mum thinks I should find a doctor closer to home",)),
    C(["How many concerts have I been to?", "How many gigs did I go to?"],
      ["Saw Radiohead at the arena on Friday, my ears are still ringing",
       "The jazz quartet at the Blue Note last night was incredible",
       "We went to the Phoebe Bridgers show and sang along the whole time",
       "Caught the symphony's Mahler night with my aunt",
       "Stood in the front row for a tiny punk band at the pub downstairs"],
      ("Concert tickets are getting ridiculously expensive",)),
    C(["How many new restaurants have I tried?", "How many places did I eat out at?"],
      ["We finally tried the ramen place on Elm Street, the broth was amazing",
       "Took my partner to Bistro Lune for our anniversary dinner",
       "Had lunch at that Ethiopian spot everyone raves about, so much injera",
       "The new taco truck by the station is worth the queue",
       "Booked the tasting menu at Fern and Fig for my dad's birthday"],
      ("I want to eat out less and cook at home more",)),
    C(["How many museums have I visited?", "How many museum visits have I mentioned?"],
      ["Spent the afternoon at the Tate Modern looking at the big installations",
       "Took the kids to the science museum, they loved the space hall",
       "The Van Gogh exhibition at the national gallery was packed",
       "Wandered round the natural history museum while it rained",
       "We did the maritime museum on our last morning in Amsterdam"]),
    C(["How many times did I bake this month?", "How often have I been baking lately?"],
      ["Baked a sourdough loaf this morning and the crumb was perfect",
       "Made banana bread with the brown bananas again",
       "Tried my first focaccia today, loads of rosemary",
       "Whipped up a batch of cinnamon rolls for the neighbours",
       "The lemon drizzle cake I made for work vanished in ten minutes"],
      ("My oven is too small for proper baking",)),
    C(["How many trips have I taken this year?", "How many times have I travelled this year?"],
      ["Just got back from a long weekend in Lisbon, the custard tarts were worth it",
       "Flew to Berlin for my cousin's wedding on Thursday",
       "Spent four days in Edinburgh, it rained every single day",
       "Took the night train to Vienna and stayed three nights",
       "Drove up to the lakes for a week in a cabin with no signal"],
      ("Travel insurance is a racket, my colleague says",)),
    C(["How many times did I go to the gym?", "How many gym sessions have I done?"],
      ["Leg day this morning, I can barely walk down the stairs",
       "Did a spin class after work, the instructor was brutal",
       "Hit a new deadlift record at lunch, 120 kilos",
       "Swam forty lengths at the leisure centre before breakfast",
       "Went to the Tuesday circuits class with my flatmate"],
      ("The gym membership went up again this year",)),
    C(["How much have I spent on car repairs in total?", "How much did the car cost me in repairs?"],
      ["The garage charged me 320 for new brake pads",
       "Paid 90 to get the wiper motor replaced",
       "Another 150 at the mechanic because the exhaust was rattling",
       "The clutch job came to 780, I nearly cried",
       "Two new tyres set me back 210"],
      ("My car is due for its annual inspection",), kind="total"),
    C(["How many films did I see at the cinema?", "How many movies have I watched in theatres?"],
      ["Saw Dune Part Two on the IMAX screen, the sound shook my seat",
       "We watched the new Pixar one at the multiplex with my nephew",
       "Caught a late screening of Past Lives, I cried at the end",
       "Went to the little arthouse place for a Kurosawa double bill"],
      ("Cinema snacks cost more than the ticket these days",)),
    C(["How many races have I run?", "How many running events did I do?"],
      ["Ran the city 10k on Sunday in 51 minutes",
       "Finished the half marathon in 1:52, a new best",
       "Did my first parkrun this morning, lovely crowd",
       "The trail race through the woods was muddy but fun"],
      ("I should really get proper running shoes",)),
]

ZH = [
    C(["我一共去过几次健身房？", "我最近去了几次健身房？"],
      ["今天下班去练了腿，现在下楼都腿软", "早上去健身房跑了五公里才上班", "晚上上了一节动感单车课，教练太狠了",
       "中午去撸铁，卧推破了个人纪录", "周末和室友一起去上了搏击操"],
      ("健身卡又涨价了，有点不想续",)),
    C(["我今年读了几本书？", "我最近看完了几本书？"],
      ["昨晚终于把《三体》第三部看完了，结尾太震撼", "地铁上把《活着》看完了，差点哭出来", "读书会这个月选的《百年孤独》我按时读完了",
       "周末一口气看完了《解忧杂货店》", "《人类简史》拖了三个月总算读完"],
      ("总说要多看书，结果每天都在刷手机",)),
    C(["我看了几次医生？", "我去了几次医院？"],
      ["今天去医院看了皮肤科，说没什么大问题", "上午去口腔医院拔了智齿，脸肿了", "体检报告出来了，医生说血脂有点高",
       "去中医那里扎了针灸，腰好多了", "眼科大夫说我的近视又加深了"],
      ("我妈总让我找个离家近的医生",)),
    C(["我去爬了几次山？", "我今年徒步了几次？"],
      ["周六去爬了香山，人特别多", "上周末和朋友徒步了十五公里，脚都磨破了", "去泰山看了日出，凌晨两点就开始爬",
       "国庆去走了武功山，草甸太美了", "和同事去爬了梧桐山，下山的时候下雨了"],
      ("朋友老叫我周末一起去爬山",)),
    C(["我去电影院看了几次电影？", "我最近看了几场电影？"],
      ["周五去看了《流浪地球2》，特效真好", "和女朋友去看了一场IMAX，座位太靠前了", "带侄子去看了新出的动画片",
       "一个人去看了午夜场，整个厅就三个人"],
      ("电影院的爆米花比票还贵",)),
    C(["我修车一共花了多少钱？", "车子修理总共花了多少？"],
      ["换刹车片花了八百块", "补胎花了五十", "保养加换机油又花了六百", "空调不制冷，修了一千二"],
      ("车子快到年检的时间了",), kind="total"),
    C(["我今年出去旅游了几次？", "我出去玩了几趟？"],
      ["刚从厦门玩回来，鼓浪屿人太多了", "五一去了趟西安，吃了三天面", "周末自驾去了千岛湖",
       "春节带爸妈去了三亚，晒黑了一圈", "出差顺便在成都多待了两天，吃了好几顿火锅"],
      ("旅游保险到底要不要买",)),
    C(["我去了几家新餐厅？", "我最近打卡了几家店？"],
      ["昨天去吃了那家新开的云南菜，汽锅鸡很好吃", "周末打卡了一家日料店，人均三百", "和同事中午去了楼下新开的湘菜馆",
       "朋友推荐的那家烤肉店终于去了，排了一个小时"],
      ("想少出去吃，多在家做饭",)),
]

# Chats on the questions' topics, in general: their replies say the category word without an instance.
EN_THEMES = [
    Theme("/home/sam/notes", [
        "How do I get back into reading books after a long break?",
        "What's a good way to keep track of books I want to read?",
        "Is an e-reader worth it compared to paper books?",
        "How do book clubs usually choose what to read?",
    ], [
        "Start with short books and read ten pages a night; the habit matters more than the pace",
        "A simple list with the date you added each book is enough, and it shows what you keep skipping",
        "E-readers are light and easy on the eyes, paper books are easier to lend and flick through",
        "Most book clubs pick one book a month and meet in the last week of it",
        "Audiobooks count as reading for most people, and they fit a commute well",
        "If a novel has not grabbed you in fifty pages, it is fine to stop",
    ]),
    Theme("/home/sam/notes", [
        "What should I pack for a day hike?",
        "How do I pick hiking boots that won't give me blisters?",
        "Any tips for hiking in the rain?",
        "How do I find good hiking trails near a city?",
    ], [
        "For a day hike take water, a snack, a layer, a map and a charged phone",
        "Try boots on in the afternoon when your feet are bigger, with the socks you will hike in",
        "A waterproof jacket and a spare pair of socks make hiking in the rain bearable",
        "Trail apps list hikes by length and climb, and the reviews say how muddy they get",
        "Start early; most trails are quiet before nine and the light is better",
    ]),
    Theme("/home/sam/notes", [
        "How often should I see a doctor for a check-up?",
        "What should I ask at a doctor's appointment?",
        "How do I find a good dentist?",
        "Is it worth paying for a private health check?",
    ], [
        "Most adults see a doctor for a check-up every year or two, more often with a condition",
        "Write your questions down before the appointment; ten minutes goes fast",
        "Ask friends for a dentist they trust and check whether they take new patients",
        "Bring a list of the medicines you take, doses included, to every appointment",
        "A private health check mostly repeats what your own doctor would test for free",
    ]),
    Theme("/home/sam/notes", [
        "How do I get cheaper concert tickets?",
        "What's a good way to plan a night out in town?",
        "How do I keep a workout routine going through winter?",
        "Is a gym membership worth it if I only go twice a week?",
    ], [
        "Presales for concert tickets open earlier if you sign up to the venue's mailing list",
        "Book the restaurant first, then pick a film or a show near it",
        "A fixed gym slot in the calendar beats willpower in winter",
        "Twice a week at the gym already makes a real difference to strength",
        "Museums are often free on the first Sunday of the month",
        "Earplugs at concerts save your hearing and you still hear the music",
    ]),
]

ZH_THEMES = [
    Theme("/home/lin/notes", [
        "很久没看书了，怎么重新养成读书的习惯？", "电子书和纸质书哪个好？", "读书会一般怎么选书？",
    ], [
        "先从薄一点的书开始，每天睡前看十页，习惯比速度重要", "电子书轻便，纸质书更适合做笔记和借给朋友",
        "读书会一般一个月读一本书，月底聚在一起讨论", "一本书看了五十页还进不去，放下也没关系",
    ]),
    Theme("/home/lin/notes", [
        "第一次去健身房应该练什么？", "周末爬山要带什么？", "体检一般多久做一次？",
    ], [
        "刚去健身房先练大肌群，每次四十分钟就够了", "爬山带够水、一件外套和充电宝，鞋子要防滑",
        "成年人一般一两年体检一次，有慢性病要更频繁", "去看医生前把想问的问题写下来，时间过得很快",
        "健身房办年卡之前先买几次体验课试试",
    ]),
]


def _bank(base: Bank, themes: list[Theme], homes: int) -> Bank:
    return Bank(base.lang, homes=homes, per_home=0, themes=base.themes + themes, probes=[], chatter=base.chatter,
                smalltalk=base.smalltalk, common=base.common, turn=base.turn, sessions=SESSIONS)


def _home(bank: Bank, probes: list[C], h: int, tag: str, per_home: int) -> tuple[list, list[dict], dict[str, int]]:
    rng = random.Random(SEED * 100 + h + (0 if bank.lang == "en" else 50))
    home = _Home(bank, rng)
    keys = [f"{tag}{h}-{i + 1:03d}" for i in range(home.n)]
    qs = []
    for p in rng.sample(probes, min(per_home, len(probes))):
        lines = rng.sample(p.lines, rng.randint(2, min(4, len(p.lines))))
        ats: list[int] = []
        for _ in lines:
            ats.append(home.pick(set(ats)))
        for at, line in zip(ats, lines):
            home.put(at, "user", fill(line, {}, {}, home.words(home.themes[at]), rng))
            home.busy.add(at)
        for d in p.decoys:
            at = rng.choice([i for i in range(home.n) if i not in ats])
            home.put(at, "user", d)
        qs.append({"question": _cap(rng.choice(p.asks)), "keys": [keys[i] for i in sorted(ats)], "kind": p.kind,
                   "lang": bank.lang})
    sessions = home.sessions(keys)
    return sessions, qs, _starts(rng, keys)


def build() -> list[tuple[list, list[dict], dict[str, int]]]:
    en, zh = _bank(memeval_en.BANK, EN_THEMES, 3), _bank(memeval_zh.BANK, ZH_THEMES, 2)
    return ([_home(en, EN, h, "ce", 10) for h in range(en.homes)]
            + [_home(zh, ZH, h, "cz", 7) for h in range(zh.homes)])
