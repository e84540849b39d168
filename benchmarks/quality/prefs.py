"""prefs: requests for a recommendation or advice that name the need, not the preference (issue 14,
session 7, branch `prefs`). "What should I cook for my guests this weekend?" is answered by the one
session where the person said, in passing, "I've been vegetarian for years"; "Any tips for my
commute?" by "I cycle to work". The haystack is memeval's filler chats plus chats on the same
everyday topics as the questions (shows, books, food, getting around, gear), so a topic word alone
does not find the answer; decoy lines share the question's words without the preference.

Built with memeval's machinery (its _Home and slots): 3 English HOMEs and 2 Chinese ones of 50
sessions, every question of kind `preference`. The preference is said in a session on the same
topic (a theme holding one of the probe's NEAR words) when there is one, as a person says "I'm
vegetarian" while asking about a recipe; the decoys go anywhere else. Written for this set only; the lexicon of
search/related.py was written from the everyday words of each need, not from these lines, but
by the same engineer: treat its figures as a dev set's.
"""

from __future__ import annotations

import random
import re

from memeval import Bank, Probe, Theme, _cap, _Home, fill, homes

import memeval_en
import memeval_zh

SEED = 20261207

EN_THEMES = [
    Theme("/home/sam/notes", [
        "Can you explain how streaming services decide what to recommend?",
        "What's a good way to keep track of the shows and books I want to get to?",
        "How do I stop my tv from making every film look like a soap opera?",
        "Is it worth paying for {service} or should I cancel it?",
        "Can you summarise what people liked about {title} without spoilers?",
    ], [
        "Most services recommend from what you finished, not what you started, so abandoning a show still teaches them a little",
        "A simple list in a notes app, with the date you added each title, is enough for most people",
        "That smooth look comes from motion smoothing; turn it off in the picture settings, often called motion or clarity",
        "If you only watch one series a month, rotating subscriptions month by month saves quite a bit",
        "Reviews of {title} mostly praise the pacing and the final episodes, while some found the middle slow",
        "Library apps let you borrow e-books and audiobooks for free with a library card",
        "A film night works best with a short list of three options so nobody spends an hour choosing",
        "Book clubs often pick one novel a month and meet in the last week to talk about it",
        "Subtitles on by default help with fast dialogue and make it easier to follow late at night",
        "If a book has not grabbed you by a hundred pages, it is fine to put it down",
    ], {"service": ["a second streaming service", "the premium tier", "the sports package"],
        "title": ["that new space opera", "the historical drama everyone mentions", "the comedy about a hotel"]}),
    Theme("/home/sam/notes", [
        "How do I plan meals for the week without wasting food?",
        "What's a good way to organise a small kitchen?",
        "How long can cooked rice stay in the fridge?",
        "Can you help me write a shopping list for {event}?",
        "What's the best way to sharpen a kitchen knife?",
    ], [
        "Plan three dinners and leave the other nights for leftovers, it cuts waste a lot",
        "Keep the things you use daily within reach and move the rest to the top shelves",
        "Cooked rice keeps about a day safely, so cool it quickly and eat it soon",
        "For {event}, group the list by aisle so the shop takes half the time",
        "A whetstone at around a thousand grit is enough for most home knives",
        "Batch cooking on Sunday makes weekday dinners ten minutes of reheating",
        "Guests usually eat more bread and less dessert than you expect",
        "A cheap digital scale makes recipes far more repeatable",
        "Cook the grains in bulk and freeze them in portions",
        "A sheet pan and one good pot cover most weeknight recipes",
    ], {"event": ["a birthday party", "a picnic", "a family lunch", "the holidays"]}),
    Theme("/home/sam/notes", [
        "How do I get my car ready for winter?",
        "What should I check before a long drive?",
        "Is it cheaper to lease or buy a car these days?",
        "How do I lock a bike so it does not get stolen in town?",
        "What's the etiquette for reclining on a long train trip?",
    ], [
        "Check the tyre pressure when it gets cold, it drops about one psi for every ten degrees",
        "Before a long drive, check oil, coolant, tyres and wipers, and take water and a charger",
        "Leasing is cheaper per month but you own nothing at the end, so it depends on how long you keep cars",
        "Use a good D lock through the frame and the back wheel, and a cable for the front wheel",
        "On trains, recline slowly and glance back first, most people do not mind if you ask",
        "Traffic is usually lightest before seven in the morning and after seven at night",
        "Winter tyres make more difference than four wheel drive on ice",
        "A season ticket pays off if you travel more than three days a week",
        "Lights and a bright jacket matter more than anything else on dark evenings",
        "Keep a scraper and a blanket in the boot from November on",
    ]),
    Theme("/home/sam/notes", [
        "How do I back up my photos without paying for cloud storage?",
        "Why do my videos look blurry after I upload them?",
        "What's a good way to organise thousands of pictures?",
        "How do I make my phone's battery last on a trip?",
        "Should I shoot in raw or jpeg?",
    ], [
        "Two external drives, one kept somewhere else, is the cheapest backup that survives a fire",
        "Upload at the highest resolution you have; the site compresses less when the source is larger",
        "Folders by year and month, plus a few keywords, beat any clever album scheme",
        "Turn down the screen brightness and switch off background refresh to stretch the battery",
        "Raw gives you more room to fix exposure later, jpeg saves space and time",
        "Clean the lens with a soft cloth before anything else, it fixes half of all soft pictures",
        "A small tripod helps more than a new camera for low light",
        "Export videos at the frame rate you recorded them in to avoid stutter",
        "Rename files with the date first so they sort by time everywhere",
        "Natural light from a window is the easiest way to make portraits look good",
    ]),
]

P = Probe
EN_PROBES = [
    P("preference", "Any tips for my commute this winter?",
      [("user", "I cycle to work most days, it's about {km} kilometres each way")],
      {"km": ["six", "eight", "twelve"]}, ["Winter always makes me want to stay in bed"]),
    P("preference", "What should I cook for my guests this weekend?",
      [("user", "I've been vegetarian for {n} years now, so no meat in anything please")],
      {"n": ["three", "five", "ten"]}, ["We had guests over last weekend and the flat was a mess afterwards"]),
    P("preference", "Can you recommend a show for tonight?",
      [("user", "I binged {genre} last month and loved every gloomy minute of it")],
      {"genre": ["a slow Scandinavian crime series", "a Korean thriller series", "an old British detective drama"]},
      ["Tonight I still have to finish the report"]),
    P("preference", "What should I read on my holiday?",
      [("user", "I'm a huge fan of {author}, I think I've finished every one of her novels")],
      {"author": ["Ursula Le Guin", "Agatha Christie", "Octavia Butler"]}, ["My holiday starts on the fourteenth"]),
    P("preference", "Any suggestions for editing the clips from my trip?",
      [("user", "I do all my editing in {app}, I know it well enough by now")],
      {"app": ["Premiere", "DaVinci Resolve", "Final Cut"]}, ["The trip was fun but the hotel was noisy"]),
    P("preference", "What gear should I bring on my next photo walk?",
      [("user", "I shoot on a {cam} with just the kit lens")],
      {"cam": ["Sony A7 III", "Fujifilm X-T30", "Canon R6"]}, ["The walk along the canal was lovely"]),
    P("preference", "Can you suggest a snack to bring to the office?",
      [("user", "I'm allergic to {nut}, even a trace makes me really ill")],
      {"nut": ["peanuts", "cashews", "sesame"]}, ["The office kitchen is always out of milk"]),
    P("preference", "What exercise would you suggest for me this month?",
      [("user", "I have a bad knee since the ski accident, so I stick to {sport}")],
      {"sport": ["swimming", "the rowing machine", "pilates"]}, ["This month is busy at work"]),
    P("preference", "What should I get my sister for her birthday?",
      [("user", "My sister is obsessed with {hobby} lately, she talks about nothing else")],
      {"hobby": ["pottery", "birdwatching", "bouldering"]}, ["Her birthday dinner is on Friday"]),
    P("preference", "What would you recommend for my drive to the coast?",
      [("user", "I listen to {music} almost all day, it keeps me calm")],
      {"music": ["old jazz records", "classical piano", "ambient electronica"]}, ["The coast road is closed on weekends"]),
    P("preference", "Can you suggest something to order at the café?",
      [("user", "Caffeine makes my heart race these days, so it's {drink} for me")],
      {"drink": ["herbal tea", "hot chocolate", "decaf"]}, ["The café near the station has good wifi"]),
    P("preference", "What dessert should I make for the party?",
      [("user", "I'm lactose intolerant, so I usually bake with {milk}")],
      {"milk": ["oat milk", "almond milk", "coconut milk"]}, ["The party is at my friend's place"]),
    P("preference", "Which laptop should I buy for work?",
      [("user", "I use {os} at home and I'm not switching")],
      {"os": ["Linux", "a Mac", "Windows"]}, ["Work wants the report by Monday"]),
    P("preference", "Any ideas for a game to play this weekend?",
      [("user", "I mostly play {game} on the Switch when I want to unwind")],
      {"game": ["cosy farming games", "puzzle games", "turn based strategy"]}, ["This weekend I'm helping a friend move"]),
    P("preference", "Can you suggest a hobby for the long evenings?",
      [("user", "I've been learning the {inst} for a few months and practise after dinner")],
      {"inst": ["cello", "ukulele", "piano"]}, ["The long evenings make me sleepy"]),
    P("preference", "Where should I stay on my trip to Lisbon?",
      [("user", "I always book {stay} when I travel, hotels feel too impersonal")],
      {"stay": ["small guesthouses", "hostels", "apartments"]}, ["Lisbon is meant to be hilly"]),
]

ZH_THEMES = [
    Theme("/home/lin/notes", [
        "视频网站的推荐算法是怎么工作的？", "电视画面太假，像肥皂剧一样，怎么调？", "会员要不要续费？",
        "怎么记录想看的书和剧？", "{title}好看在哪里，别剧透。",
    ], [
        "推荐系统主要看你看完了什么，中途放弃的影响比较小", "画面发假多半是运动补偿开了，在画质设置里关掉就好",
        "如果一个月只看一部剧，按月轮换会员能省不少钱", "用备忘录记一个清单，写上添加日期就够用了",
        "大家对{title}的评价主要是节奏好，结尾几集尤其精彩", "图书馆的应用可以免费借电子书和有声书",
        "看电影的时候先挑三部备选，就不会花一个小时纠结", "读书会一般一个月读一本，月底聚一次讨论",
    ], {"title": ["那部太空歌剧", "那部历史剧", "那部酒店喜剧"]}),
    Theme("/home/lin/notes", [
        "一周的饭怎么安排才不浪费？", "小厨房怎么收纳？", "剩饭在冰箱能放多久？", "帮我列一个{event}的采购清单。",
    ], [
        "一周计划三顿正餐，其余几天吃剩菜，能少浪费很多", "常用的东西放在顺手的位置，其他的放到高处",
        "剩米饭最好一天内吃完，放凉后尽快冷藏", "{event}的清单按超市区域分组，采购时间能省一半",
        "周日集中备菜，工作日热一下十分钟就能吃饭", "一个电子秤能让菜谱做出来更稳定",
        "请客的时候主食往往比甜点消耗得多", "一口好锅加一个烤盘，能应付大部分家常菜",
    ], {"event": ["生日聚会", "野餐", "家庭聚餐"]}),
    Theme("/home/lin/notes", [
        "冬天开车要注意什么？", "长途自驾前要检查哪些东西？", "自行车在市区怎么锁才不会丢？", "坐高铁有什么省钱的办法？",
    ], [
        "天冷了胎压会下降，出门前检查一下", "长途之前检查机油、冷却液、轮胎和雨刷，带上水和充电器",
        "用U型锁锁住车架和后轮，前轮再加一根钢缆", "提前买票和选择工作日出行，高铁票会便宜一些",
        "早上七点前和晚上七点后路上最不堵", "冬季胎在冰面上比四驱更有用",
    ]),
]

ZH_PROBES = [
    P("preference", "周末请朋友来家里吃饭，做什么菜好？", [("user", "我吃素已经{n}年了，肉一概不碰")],
      {"n": ["三", "五", "十"]}, ["上周末朋友来家里玩，收拾了半天"]),
    P("preference", "通勤路上有什么建议？", [("user", "我每天骑车上班，单程大概{km}公里")],
      {"km": ["五", "八", "十二"]}, ["路上总是很堵，烦死了"]),
    P("preference", "今晚有什么剧推荐？", [("user", "我特别喜欢{genre}，越压抑越好")],
      {"genre": ["北欧的犯罪片", "日本推理片", "英国侦探片"]}, ["今晚还得加班写报告"]),
    P("preference", "假期带什么书看好？", [("user", "{author}的小说我基本都看完了")],
      {"author": ["刘慈欣", "东野圭吾", "余华"]}, ["假期从下周开始"]),
    P("preference", "剪旅行视频有什么建议？", [("user", "我剪片子一直用{app}，已经很熟了")],
      {"app": ["剪映", "达芬奇", "Premiere"]}, ["这次旅行玩得很开心，就是酒店有点吵"]),
    P("preference", "给办公室买点零食，有什么推荐？", [("user", "我对{nut}过敏，一点都不能碰")],
      {"nut": ["花生", "腰果", "芒果"]}, ["办公室的咖啡机又坏了"]),
    P("preference", "想找个运动锻炼一下，推荐什么？", [("user", "我膝盖不好，平时只{sport}")],
      {"sport": ["游泳", "做瑜伽", "骑动感单车"]}, ["最近工作太忙了"]),
    P("preference", "给我妹妹挑个生日礼物吧，有什么建议？", [("user", "我妹妹最近迷上了{hobby}，天天在说")],
      {"hobby": ["陶艺", "攀岩", "观鸟"]}, ["她的生日聚餐定在周五"]),
    P("preference", "去咖啡馆喝什么好？", [("user", "我现在一喝咖啡就心慌，只喝{drink}")],
      {"drink": ["花茶", "热可可", "大麦茶"]}, ["那家店离地铁站很近"]),
    P("preference", "开车去海边，路上听点什么好？", [("user", "我平时主要听{music}，能让我平静下来")],
      {"music": ["爵士乐", "古典钢琴", "民谣"]}, ["海边那条路周末封了"]),
]

EN_BANK = Bank("en", homes=3, per_home=12, themes=memeval_en.THEMES + EN_THEMES * 2, probes=EN_PROBES,
               chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 400))
ZH_BANK = Bank("zh", homes=2, per_home=9, themes=memeval_zh.THEMES + ZH_THEMES * 2, probes=ZH_PROBES,
               chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650))


# A probe's topic: a session whose theme says one of these words holds its preference.
NEAR = {
    "commute": "drive train bike car", "cook": "dinner recipe cook kitchen", "show": "show film series watch",
    "read": "book novel read", "editing": "video videos photos", "photo": "photo lens camera", "snack": "dinner kitchen food",
    "exercise": "run running", "sister": "email birthday", "drive": "drive car", "café": "coffee breakfast food",
    "dessert": "bake cake recipe", "laptop": "python script docker", "game": "shows film", "hobby": "evenings book books",
    "Lisbon": "trip travel", "吃饭": "做 菜", "通勤": "开车 高铁 自行车", "剧": "剧 电影", "书": "书", "视频": "视频 剧",
    "零食": "菜 饭", "运动": "跑步", "礼物": "邮件", "咖啡": "菜 饭", "开车": "开车",
}


def _near(p: Probe) -> list[str]:
    return next((w.split() for k, w in NEAR.items() if k in p.ask), [])


def build_bank(bank: Bank, seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        topic = [" ".join(t.asks + t.says).lower() for t in home.themes]
        words = [set(re.findall(r"[a-z]+", t)) for t in topic]
        probes = rng.sample(bank.probes, min(bank.per_home, len(bank.probes)))
        qs = []
        for p in probes:
            vals = {k: rng.choice(v) for k, v in p.vals.items()}
            near = _near(p)
            same = {i for i in range(home.n) if any(w in words[i] if w.isascii() else w in topic[i] for w in near)}
            at = home.pick(set(range(home.n)) - same if same - home.busy else set())
            side, line = p.evidence[0]
            home.put(at, side, fill(line, vals, p.vals, home.words(home.themes[at]), rng))
            home.busy.add(at)
            for d in p.decoys:
                other = rng.choice([i for i in range(home.n) if i != at])
                home.put(other, rng.choice(["user", "assistant"]), fill(d, vals, p.vals, home.words(home.themes[other]), rng))
            qs.append({"question": _cap(fill(p.ask, vals, p.vals, {}, rng)), "keys": [keys[at]], "kind": p.kind, "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return build_bank(EN_BANK, seed, "pe") + build_bank(ZH_BANK, seed, "pz")
