"""assist3: what the assistant said, against sessions where the person asked the same and got
something else (issue 14, session 13, branch `assist3`). A dev set beside `said`, `said2` and
`facts4`, with shapes none of them has:

- **a list in a long session**: the answer is one item of a numbered list (four to six items) in
  one reply inside a long chat about something else (a session of eight exchanges or more); the
  question names it by its place ("the third tip you gave me", 你给的第二个建议) or by its kind, often
  in other words than the list ("the restaurant" asked, "a trattoria" listed; 餐厅 / 馆子; 酒店 / 客栈;
  书 / 《…》 with no 书 in the item);
- **the person asked, the assistant gave nothing**: a same-topic session where the person asks in
  the question's own words and the reply declines or gives general advice naming nothing;
- **the person asked, the assistant gave another category**: a same-topic session where the
  reply lists named things of another kind (neighbourhoods for a hotel, courses for a book,
  a cake shop for the restaurant) or for another place;
- **a follow-up**: a later session where the person mentions the same thing in the question's words
  ("back from Lisbon, the hotel was lovely"), and the reply names nothing.

Every probe's topic has about ten sessions among memeval's filler (said2's six topics); the answer
goes into a long session of another topic, the decoys into the topic's sessions. English and
Chinese, two HOMEs each of 90 sessions (the same probes, placed and valued afresh per HOME).
Written for this set only, by the engineer who tunes on it: a dev set's figures, not a judge's.
"""

from __future__ import annotations

import random

from memeval import Bank, _cap, _Home, fill, homes

import memeval_en
import memeval_zh
import said2

SEED = 20261213
SESSIONS = 90

Turns = list[tuple[str, str]]


class Probe:
    """One question: its topic; the person's request and the list's intro and items (the answer
    session's exchange); the decoys: a declined ask, another category's list, a follow-up."""

    def __init__(self, topic: str, ask: str, request: str, intro: str, items: list[str],
                 declined: Turns, other: Turns, follow: Turns):
        self.topic, self.ask, self.request, self.intro, self.items = topic, ask, request, intro, items
        self.declined, self.other, self.follow = declined, other, follow


def _list(intro: str, items: list[str], lang: str) -> str:
    sep = "." if lang == "en" else "、"
    return intro + "\n" + "\n".join(f"{i + 1}{sep} {x}" if lang == "en" else f"{i + 1}{sep}{x}" for i, x in enumerate(items))


EN: list[Probe] = [
    Probe("trips", "What was the hotel you recommended in Lisbon?",
          "We fly to Lisbon for our anniversary in June, where should we stay for four nights?",
          "Here are the places I would shortlist:",
          ["Casa do Largo, a family-run guesthouse on a quiet square in Alfama",
           "Memmo Principe Real, small and modern, with a terrace over the city",
           "a rented flat in Graca if you want a kitchen",
           "Pousada de Lisboa on the main square, the grand option"],
          [("user", "Can you recommend a hotel in Lisbon for our anniversary?"),
           ("assistant", "I can't see prices or availability, so I would rather not name one; filter by reviews from the last six months and check the walk up the hill")],
          [("user", "Which part of Lisbon should we stay in?"),
           ("assistant", "Chiado is central and flat, Alfama is old and steep, and Belem is quiet but far from the nightlife")],
          [("user", "Back from Lisbon! The hotel was lovely but the hills nearly killed my knees"),
           ("assistant", "Glad it went well, steep towns catch everyone out the first time")]),
    Probe("media", "Which book did you suggest for learning Rust?",
          "I keep bouncing off Rust's borrow checker, what should I read to finally learn the language?",
          "Four that people get on with, in order of depth:",
          ["Programming Rust by Blandy and Orendorff, thorough and clear",
           "Rust in Action, which learns by building small systems",
           "the Rustlings exercises next to whatever you read",
           "Rust for Rustaceans once the basics are comfortable"],
          [("user", "Is there a book worth buying for learning Rust?"),
           ("assistant", "Honestly the free official guide covers what most people need, so I would start there before buying anything")],
          [("user", "Are there any video courses for learning Rust?"),
           ("assistant", "Jon Gjengset's Crust of Rust streams and the Ardan Labs course are the two people mention most")],
          [("user", "I'm halfway through the Rust book now and the lifetimes chapter is brutal"),
           ("assistant", "Lifetimes are where most people slow down, it clicks with practice")]),
    Probe("fitness", "Remind me of the third tip you gave me for sleeping better",
          "I've been waking up at 4am most nights and can't get back to sleep, it's wrecking my week",
          "A few things that help most people, roughly in order of effect:",
          ["get daylight in your eyes within an hour of waking",
           "keep the same wake-up time, weekends included",
           "stop caffeine after midday, even decaf has some",
           "keep the bedroom cool, around eighteen degrees",
           "if you are awake for twenty minutes, get up and read in dim light"],
          [("user", "Any tips for sleeping better?"),
           ("assistant", "If poor sleep goes on for weeks it is worth talking to a doctor rather than guessing at tips")],
          [("user", "What are your tips for a better nap?"),
           ("assistant", "Keep naps under twenty-five minutes and before three in the afternoon")],
          [("user", "I've been sleeping better since we talked about my sleep, thanks"),
           ("assistant", "That's great to hear, keep going with what works")]),
    Probe("eating", "What was the restaurant you recommended for my mum's birthday?",
          "It's my mum's seventieth next Saturday, she loves Italian food but hates loud places",
          "For a quiet Italian dinner I would look at these:",
          ["Trattoria Nonna Lia, tiny and calm, with handmade pasta",
           "Da Piero, a family bistro with a garden room",
           "Osteria Verde if she likes vegetables and wine"],
          [("user", "Can you recommend a restaurant for my mum's birthday?"),
           ("assistant", "I don't know your area well enough to pick one, so ask where her friends went for their own birthdays")],
          [("user", "Where should I order the cake for my mum's birthday?"),
           ("assistant", "Maison Dore and the Crumb Bakery both take orders a week ahead and write names on top")],
          [("user", "My mum's birthday dinner went really well, the restaurant even sang"),
           ("assistant", "Lovely, a good birthday dinner stays with people")]),
    Probe("tools", "Which laptop did you tell me to get for video editing?",
          "I've started editing 4K videos for my channel and my old laptop stutters on every cut",
          "Three machines I would consider at different budgets:",
          ["the MacBook Pro 14 with the M3 Pro chip, the smoothest for editing",
           "the ASUS ProArt P16, a Windows option with a great screen",
           "a refurbished Dell XPS 15 if the budget is tight"],
          [("user", "What laptop should I get for video editing?"),
           ("assistant", "It depends on the software you use, so tell me that and your budget before I suggest anything")],
          [("user", "Which external monitor is good for video editing?"),
           ("assistant", "The Dell U2723QE and the BenQ SW272U both show colour accurately for the price")],
          [("user", "The new laptop arrived and video editing is so much faster now"),
           ("assistant", "Nice, render times are the first thing people notice")]),
    Probe("media", "What was the second podcast you suggested for my long runs?",
          "I'm training for a half marathon and get bored on the long Sunday runs",
          "Some podcasts that fill a long run well:",
          ["Hardcore History, hours long and gripping",
           "Fall of Civilizations, slow and atmospheric",
           "Search Engine, shorter stories that pull you along",
           "The Rest Is History for something lighter"],
          [("user", "Can you suggest a podcast for my long runs?"),
           ("assistant", "Anything you enjoy works; some runners prefer music for the last few miles anyway")],
          [("user", "What music should I play on my long runs?"),
           ("assistant", "Playlists at about 170 beats a minute, like the Running Beats mixes, keep a steady cadence")],
          [("user", "Did my long run on Sunday, the podcast made two hours fly by"),
           ("assistant", "Good, a long run with a good story feels half as long")]),
    Probe("house", "Which plant did you recommend for the dark bathroom?",
          "Our bathroom has no window at all and I'd like something green in there",
          "These cope with low light and humidity:",
          ["a snake plant, almost impossible to kill",
           "a ZZ plant, which needs water once a month",
           "pothos, trailing from a shelf",
           "a Boston fern if there is a little daylight from the hall"],
          [("user", "Can you recommend a plant for a dark bathroom?"),
           ("assistant", "A room with no window will starve any plant in the end, so an artificial one might honestly be kinder")],
          [("user", "Which plants are safe if we get a cat?"),
           ("assistant", "Calathea, spider plants and parlour palms are safe around cats")],
          [("user", "The bathroom plant is still alive after a month, I'm amazed"),
           ("assistant", "Well done, the first month is the hardest for a plant")]),
    Probe("house", "What was the board game you recommended for four players?",
          "We host a games night on Friday, four of us, and we're bored of Monopoly",
          "For four people who want something new:",
          ["Ticket to Ride, easy to teach in ten minutes",
           "Azul, a quick tile game with pretty pieces",
           "Cascadia, calm and clever",
           "Codenames if you want to laugh a lot"],
          [("user", "Can you recommend a board game for four players?"),
           ("assistant", "Tastes vary too much to pick one blind; a local board game cafe will let you try before you buy")],
          [("user", "What's a good card game for two players?"),
           ("assistant", "Jaipur and Lost Cities are both great with two")],
          [("user", "Games night was fun, the board game was a hit with all four of us"),
           ("assistant", "Great, a good games night is worth keeping every month")]),
    Probe("fitness", "Remind me of the last stretch you showed me for my neck",
          "My neck is stiff every evening from looking down at the laptop all day",
          "Try these each evening, slowly, without forcing:",
          ["chin tucks, ten times, pulling the head straight back",
           "ear to shoulder on each side for thirty seconds",
           "a doorway chest stretch to open the shoulders",
           "the levator scapulae stretch, nose towards the armpit, thirty seconds each side"],
          [("user", "Can you show me a stretch for my neck?"),
           ("assistant", "Neck pain that has lasted weeks should be checked by a physio before you stretch it")],
          [("user", "What's a good stretch for my lower back?"),
           ("assistant", "The cat cow and the child's pose are gentle on the lower back")],
          [("user", "My neck feels a lot better since I started the stretches"),
           ("assistant", "Good to hear, keep them going for a few weeks")]),
    Probe("tools", "Which app did you suggest for learning Spanish?",
          "We're moving to Valencia next year and I know maybe ten words of Spanish",
          "A mix works better than one thing:",
          ["Pimsleur in the car for speaking and listening",
           "Anki with a frequency deck for vocabulary",
           "italki for a weekly tutor once you have the basics"],
          [("user", "Is there an app for learning Spanish that actually works?"),
           ("assistant", "No app alone will get you to fluency, speaking with people every week matters more")],
          [("user", "Which app is good for learning French?"),
           ("assistant", "Coffee Break French and Lingoda are popular for French")],
          [("user", "Still learning Spanish every day, the app streak is at sixty days"),
           ("assistant", "Sixty days is a real habit, well done")]),
    Probe("eating", "What wine did you suggest with the lamb?",
          "I'm doing a slow-roast lamb shoulder for eight on Sunday, what should we drink?",
          "Lamb loves a red with some grip:",
          ["a Rioja Reserva, the safe crowd-pleaser",
           "a Cotes du Rhone, cheaper and juicy",
           "an Argentinian Malbec if people like it bold"],
          [("user", "What wine goes with lamb?"),
           ("assistant", "Drink what your guests like, matching wine to food matters less than people think")],
          [("user", "What wine goes with fish on Friday?"),
           ("assistant", "A Picpoul de Pinet or a Muscadet is lovely with white fish")],
          [("user", "The lamb on Sunday was a triumph, the wine went fast too"),
           ("assistant", "Sounds like a great lunch")]),
    Probe("tools", "What was the first thing you told me to check when my bike chain kept slipping?",
          "My bike chain keeps slipping when I push hard uphill, it's getting dangerous",
          "Check these in order, cheapest first:",
          ["the barrel adjuster on the rear derailleur, a quarter turn at a time",
           "chain wear, with a chain checker tool",
           "the rear cassette's teeth for shark-fin wear",
           "the derailleur hanger, which bends easily"],
          [("user", "Why does my bike chain keep slipping?"),
           ("assistant", "Lots of things cause it, a bike shop can check in five minutes, it isn't worth guessing")],
          [("user", "What should I check when my bike brakes squeal?"),
           ("assistant", "Clean the rotors with isopropyl alcohol and check the pads for glazing")],
          [("user", "Rode up the big hill today and the bike chain didn't slip once"),
           ("assistant", "Great, enjoy the hills")]),
]

ZH: list[Probe] = [
    Probe("eating", "你上次推荐的那家餐厅叫什么？",
          "下周末想带爸妈出去吃顿饭，他们口味清淡，不喜欢吵的地方",
          "清淡又安静的话，我会看这几家：",
          ["巷子里的小馆子「老灶台」，做家常菜，少油少盐",
           "湖边的「素心斋」，素菜做得精致",
           "「半山茶舍」，有包间，适合说话"],
          [("user", "能给我推荐一家带爸妈去吃的餐厅吗？"),
           ("assistant", "我不太了解你那边的店，没法替你挑，可以问问身边的人最近去过哪里")],
          [("user", "带爸妈吃完饭去哪里散步好？"),
           ("assistant", "滨江步道和植物园晚上都有灯，平路多，适合老人")],
          [("user", "带爸妈去吃的那家餐厅，他们特别满意"),
           ("assistant", "太好了，老人吃得舒服最重要")]),
    Probe("media", "你推荐的学Python的书是哪本？",
          "想自学Python做数据分析，零基础，从哪里开始？",
          "按顺序来的话：",
          ["《Python编程：从入门到实践》，先把基础打牢",
           "《利用Python进行数据分析》，讲pandas讲得最透",
           "配合Kaggle上的小练习一起做"],
          [("user", "学Python有什么好书推荐吗？"),
           ("assistant", "其实官方教程就够用了，先别急着买书")],
          [("user", "学Python有什么视频课程推荐？"),
           ("assistant", "B站上小甲鱼和莫烦的课程看的人最多")],
          [("user", "那本Python的书我已经看了一半了，函数那章有点难"),
           ("assistant", "函数那章是个坎，多写几遍就好了")]),
    Probe("fitness", "你给我的改善睡眠的建议第三条是什么？",
          "最近老是凌晨四点醒，醒了就睡不着，白天一点精神都没有",
          "下面几条对大多数人有用：",
          ["每天早上起床后一小时内晒晒太阳",
           "周末也固定同一个时间起床",
           "中午以后不要再喝咖啡和浓茶",
           "卧室温度保持在十八度左右",
           "醒了二十分钟还睡不着就起来在暗光下看会儿书"],
          [("user", "有什么改善睡眠的建议吗？"),
           ("assistant", "如果失眠持续好几周，最好去看医生，不要自己瞎试")],
          [("user", "午睡有什么建议？"),
           ("assistant", "午睡别超过半小时，下午三点以前睡")],
          [("user", "按你说的改善睡眠，这周睡得好多了"),
           ("assistant", "太好了，坚持下去")]),
    Probe("trips", "你说去成都住哪家酒店来着？",
          "五一要去成都玩四天，帮我看看住哪儿方便",
          "成都住这几个地方都不错：",
          ["宽窄巷子旁边的「见素客栈」，院子很安静",
           "春熙路附近的「锦里小筑」，吃东西最方便",
           "玉林路的「隐庐民宿」，有小酒馆街"],
          [("user", "去成都住哪家酒店好？"),
           ("assistant", "我查不到实时价格和房态，没法替你定，可以看最近半年的评价")],
          [("user", "去成都有哪些必吃的小吃？"),
           ("assistant", "钟水饺、龙抄手、甜水面都值得一试")],
          [("user", "从成都回来了，酒店挺好的，就是太能吃了"),
           ("assistant", "成都就是这样，回来多运动几天就好")]),
    Probe("media", "你推荐我跑步时听的第二个播客叫什么？",
          "在练半马，周日的长距离跑太无聊了",
          "这些播客很适合长距离跑：",
          ["「文化有限」，聊书聊电影",
           "「忽左忽右」，历史和时事都有",
           "「故事FM」，一期一个真实故事",
           "「随机波动」，三个女生聊天"],
          [("user", "跑步时听什么播客好？"),
           ("assistant", "听自己喜欢的就行，有人最后几公里还是更喜欢听音乐")],
          [("user", "跑步时听什么歌好？"),
           ("assistant", "每分钟一百七十拍左右的歌单，比如「跑步节奏」系列，能保持步频")],
          [("user", "周日跑了两个小时，边跑边听播客一点都不累"),
           ("assistant", "好故事配长距离，时间过得特别快")]),
    Probe("house", "你推荐的放卫生间的植物是什么？",
          "我家卫生间没有窗户，想放点绿色的东西",
          "这几种耐阴又耐潮：",
          ["虎尾兰，基本养不死",
           "金钱树，一个月浇一次水",
           "绿萝，放在架子上垂下来"],
          [("user", "卫生间适合放什么植物？"),
           ("assistant", "完全没有窗户的话，什么植物最后都会饿死，放个仿真的可能更省心")],
          [("user", "养猫的话哪些植物是安全的？"),
           ("assistant", "吊兰、竹芋、袖珍椰子对猫都是安全的")],
          [("user", "卫生间的植物放了一个月还活着"),
           ("assistant", "第一个月最难，撑过去就好了")]),
    Probe("house", "你推荐的四个人玩的桌游是哪个？",
          "周五家里聚会，四个人，大富翁玩腻了",
          "四个人想换新鲜的话：",
          ["「车票之旅」，十分钟就能教会",
           "「花砖物语」，拼瓷砖，节奏快",
           "「机密代号」，最能让大家笑"],
          [("user", "有没有适合四个人玩的桌游推荐？"),
           ("assistant", "口味差别太大，不好盲选，可以去桌游店先试试再买")],
          [("user", "两个人玩什么卡牌游戏好？"),
           ("assistant", "「斋浦尔」和「失落的城市」两个人玩都很好")],
          [("user", "周五的聚会很开心，那个桌游大家都说好玩"),
           ("assistant", "太好了，可以每个月玩一次")]),
    Probe("eating", "你说炖羊肉配什么酒？",
          "周日要给八个人炖一锅羊肉，喝点什么好？",
          "羊肉配有点涩感的红酒最好：",
          ["里奥哈珍藏，最稳妥",
           "罗讷河谷的红，便宜又好喝",
           "阿根廷马尔贝克，喜欢浓的就选它"],
          [("user", "羊肉配什么酒？"),
           ("assistant", "客人喜欢喝什么就喝什么，配酒没有大家想的那么重要")],
          [("user", "周五吃鱼配什么酒？"),
           ("assistant", "白葡萄酒比如密斯卡岱配白肉鱼很好")],
          [("user", "周日炖的羊肉大家都说好吃，酒也喝完了"),
           ("assistant", "听起来是一顿很成功的午饭")]),
    Probe("fitness", "你教我的最后一个护颈的动作是什么？",
          "天天低头看电脑，每天晚上脖子都很僵",
          "每天晚上慢慢做这几个，不要用力拉：",
          ["收下巴，做十次，头往正后方推",
           "耳朵贴肩，每边三十秒",
           "门框扩胸，打开肩膀",
           "肩胛提肌拉伸，鼻子朝腋下，每边三十秒"],
          [("user", "有什么护颈的动作吗？"),
           ("assistant", "脖子疼了好几周的话，先让康复师看看再练")],
          [("user", "腰不舒服做什么拉伸？"),
           ("assistant", "猫牛式和婴儿式对腰比较温和")],
          [("user", "做了一段时间护颈的动作，脖子舒服多了"),
           ("assistant", "很好，再坚持几周")]),
    Probe("tools", "你推荐学西班牙语的应用叫什么？",
          "明年要搬去瓦伦西亚，西班牙语我只会十个词",
          "几样搭配着用比只用一个好：",
          ["Pimsleur，开车的时候练听说",
           "Anki配高频词卡片背单词",
           "italki每周找一次老师"],
          [("user", "有没有真正有用的学西班牙语的应用？"),
           ("assistant", "光靠应用学不出来，每周和人说话更重要")],
          [("user", "学法语用什么应用好？"),
           ("assistant", "学法语的话Coffee Break French和Lingoda用的人多")],
          [("user", "每天都在学西班牙语，应用已经连续打卡六十天了"),
           ("assistant", "六十天已经是习惯了，厉害")]),
]

_EN_BANK = Bank("en", homes=2, per_home=0, themes=memeval_en.THEMES + said2.EN_THEMES * 4, probes=[],
                chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 300),
                sessions=SESSIONS)
_ZH_BANK = Bank("zh", homes=2, per_home=0, themes=memeval_zh.THEMES + said2.ZH_THEMES * 4, probes=[],
                chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 500),
                sessions=SESSIONS)


def _exchange(home: _Home, at: int, turns: Turns, middle: bool = False) -> None:
    """The exchange inside session `at` after one of its replies (one in the middle third when
    `middle`), each reply line among one to three sentences of the session's topic."""
    rng, t = home.rng, home.themes[at]
    w = home.words(t)
    spots = [i + 1 for i, (r, _) in enumerate(home.turns[at]) if r == "assistant"]
    if middle:
        spots = spots[len(spots) // 3: max(len(spots) // 3 + 1, 2 * len(spots) // 3)]
    pos = rng.choice(spots)
    new: list[tuple[str, list[str]]] = []
    for side, line in turns:
        if side == "user":
            new.append(("user", [_cap(line)]))
        else:
            pool = t.says + home.bank.chatter
            around = [_cap(fill(s, {}, {}, w, rng)) for s in rng.sample(pool, rng.randint(1, 3))]
            around.insert(rng.randint(0, len(around)), _cap(line))
            new.append(("assistant", around))
    home.turns[at][pos:pos] = new


def _build(bank: Bank, probes: list[Probe], seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        qs = []
        for p in probes:
            same = {i for i in range(home.n) if getattr(home.themes[i], "topic", "") == p.topic}
            long = {i for i in range(home.n) if len(home.turns[i]) >= 16}  # eight exchanges or more
            at = home.pick(set(range(home.n)) - (long - same))
            home.busy.add(at)
            items = list(p.items)
            _exchange(home, at, [("user", p.request), ("assistant", _list(p.intro, items, bank.lang))], middle=True)
            for d in (p.declined, p.other):  # into other sessions of the topic
                _exchange(home, rng.choice(sorted(same - {at})), d)
            later = [i for i in range(at + 1, home.n)] or [i for i in range(home.n) if i != at]
            _exchange(home, rng.choice(later), p.follow)  # a later session
            qs.append({"question": p.ask, "keys": [keys[at]], "kind": "assistant-fact", "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return _build(_EN_BANK, EN, seed, "ae") + _build(_ZH_BANK, ZH, seed, "az")
