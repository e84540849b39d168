"""said2: what the assistant listed, and advice asked in other words (issue 14, session 11, branch
`assist2`). A third dev set beside `said` and `advice`, in shapes neither has:

- **a list of options**: the person states a need, the reply names three options, each with its
  kind ("{a}, a small guesthouse by the castle; {b}, a hotel with a rooftop pool; …"), and the
  question later names one by its kind or its position ("what was the hotel with the rooftop pool
  you suggested?", "the second podcast you recommended", 你推荐的第三家民宿); kind assistant-fact;
- **a long reply**: the answer is one sentence inside a long reply (8-12 sentences of the topic),
  and the question's words are in it once; kind assistant-fact;
- **advice in other words**: a request that names the need ("which mattress would suit me?") while
  the person's earlier statement says the situation in none of its words ("I sleep on my side and
  wake up with a sore shoulder"); kind preference.

Every probe's topic has several sessions (six topics of this set, about ten sessions each, among
memeval's filler chats): the answer goes into one of them and its decoys into others of the same topic: the
person asking about the same thing in the question's words, and replies that hold the question's
words and name nothing, or list other things. One English HOME of 84 sessions and one Chinese of 84.
Written for this set only, by the engineer who tunes on it: a dev set's figures, not a judge's.
"""

from __future__ import annotations

import random

from memeval import Bank, Theme, _cap, _Home, fill, homes

import memeval_en
import memeval_zh

SEED = 20261211
SESSIONS = 84

Turns = list[tuple[str, str]]


class Probe:
    """One question: its topic, kind, the answering exchange (slots filled per HOME), the decoy
    exchanges (each into another session of the topic) and how long the answering reply runs."""

    def __init__(self, topic: str, kind: str, ask: str, turns: Turns, vals: dict[str, list[str]],
                 decoys: list[Turns], long: bool = False):
        self.topic, self.kind, self.ask, self.turns, self.vals = topic, kind, ask, turns, vals
        self.decoys, self.long = decoys, long


def _theme(cwd: str, topic: str, asks: list[str], says: list[str]) -> Theme:
    t = Theme(cwd, asks, says)
    t.topic = topic  # type: ignore[attr-defined]
    return t


EN_THEMES = [
    _theme("/home/kim/trips", "trips", [
        "How do I find cheap flights without spending hours on it?", "What should I check before booking a holiday rental?",
        "How much should I budget for food on a city break?", "Is it worth getting a rail pass for a week in Europe?",
    ], [
        "Flexible dates save more than any booking trick, so search a whole month at once",
        "Read the cancellation terms and the most recent reviews before anything else",
        "A city break usually costs about a third of its budget in food if you eat out twice a day",
        "A rail pass pays off only with long trips on most days; for two or three journeys buy single tickets",
        "Arriving on a weekday avoids the worst queues at the sights",
        "Travel insurance bought on the day you book covers cancellation from then on",
    ]),
    _theme("/home/kim/reading", "media", [
        "How do I get back into reading after a long break?", "Are audiobooks as good as reading for remembering things?",
        "How do I pick what to listen to on a long drive?", "What's a good way to keep track of what I've read?",
    ], [
        "Short books and a fixed ten minutes before bed bring the habit back faster than a long novel",
        "People remember a story about as well from listening as from reading, less so dense facts",
        "Pick episodes of about the drive's length so you are not left halfway through",
        "A plain list with a line about each book is easier to keep up than any app",
        "Libraries lend audiobooks and e-books for free through their apps",
        "Stopping a book you dislike leaves more time for the ones you will enjoy",
    ]),
    _theme("/home/kim/food", "eating", [
        "How do I plan meals for a week without wasting food?", "What's a quick lunch I can make in ten minutes?",
        "How far ahead should I book a table on a Saturday?", "Is it rude to split the bill by what each person ordered?",
    ], [
        "Plan three dinners and let the other nights use up what is left",
        "Eggs, a tin of beans and some greens make a lunch in under ten minutes",
        "Popular places fill their Saturday tables about a week ahead",
        "Splitting by order is normal among friends as long as it is agreed at the start",
        "Cooking a double batch on Sunday covers two weekday dinners",
        "A freezer full of bread and cooked rice rescues most busy evenings",
    ]),
    _theme("/home/kim/fit", "fitness", [
        "How many rest days do I need a week?", "Should I stretch before or after a run?",
        "How do I stay motivated to exercise in winter?", "Is it better to train in the morning or the evening?",
    ], [
        "Two rest days a week suit most people who train four or five times",
        "Dynamic moves warm you up before a run, and longer stretches belong after it",
        "A fixed time and a friend who expects you do more for motivation than any app",
        "The best time to train is the one you can keep; the body adapts to either",
        "Sleep does more for recovery than any supplement",
        "Adding about a tenth more distance each week keeps injuries away",
    ]),
    _theme("/home/kim/tech", "tools", [
        "How do I back up my photos without paying every month?", "Why is my laptop so slow after a year?",
        "What's the safest way to share a file with a client?", "How do I stop so many notifications on my phone?",
    ], [
        "An external drive and one cloud copy cover almost every way photos get lost",
        "Startup apps and a nearly full disk are the usual reasons a laptop slows down",
        "A link that expires is safer than an attachment for anything confidential",
        "Turning off notifications for every app except messages and calls quietens a phone for good",
        "Updates often fix the very bug that made you put them off",
        "A password manager makes long unique passwords painless",
    ]),
    _theme("/home/kim/home", "house", [
        "How do I get rid of condensation on the windows?", "What's the easiest way to keep a small flat tidy?",
        "How often should I wash my bedding?", "Can you help me plan a weekend of jobs around the house?",
    ], [
        "Condensation means warm wet air meets a cold pane, so air the room after showers and cooking",
        "A place for everything and ten minutes of putting back each evening keep a small flat tidy",
        "Bedding once a week is the usual advice, every two weeks at the outside",
        "Start with the job that needs a shop trip, so the rest can go on while you wait",
        "Opening the windows for ten minutes a day does more for damp than most gadgets",
        "Light colours on the walls make a small room feel bigger",
    ]),
]

ZH_THEMES = [
    _theme("/home/lin/trips", "trips", [
        "怎么不花太多时间找到便宜机票？", "订民宿之前要看什么？", "城市短途游吃饭预算怎么算？", "一周欧洲火车通票值不值？",
    ], [
        "日期灵活比任何订票技巧都省钱，可以按整个月来搜", "先看退订规则和最近的评价",
        "短途游每天在外面吃两顿，吃饭大概占预算的三分之一", "只有几乎每天都坐长途才值得买通票，两三段的话单买就行",
        "工作日到达可以避开景点最长的队", "订行程当天买的保险从那天起就能保退订",
    ]),
    _theme("/home/lin/reading", "media", [
        "很久没看书了怎么重新捡起来？", "听书和看书记得一样牢吗？", "开长途车听点什么怎么选？", "怎么记录自己看过的书？",
    ], [
        "先读薄一点的书，每天睡前固定十分钟，比啃大部头更容易找回习惯", "听故事和读故事记得差不多，干货类的听起来记得少一些",
        "选和车程差不多长的节目，免得听到一半", "一个简单的清单，每本书写一句话，比什么应用都好坚持",
        "图书馆的应用可以免费借电子书和有声书", "不喜欢的书就放下，留时间给喜欢的",
    ]),
    _theme("/home/lin/food", "eating", [
        "怎么安排一周的饭菜不浪费？", "十分钟能做什么午饭？", "周六吃饭要提前多久订位？", "按各自点的菜分账算不算失礼？",
    ], [
        "计划三顿晚饭，其余几天把剩下的用掉", "鸡蛋、一罐豆子加点青菜，十分钟就是一顿午饭",
        "热门的店周六的位子一般提前一周就订满了", "朋友之间说好了按点的菜分账很正常",
        "周日做双份，工作日能吃两顿", "冰箱里冻点馒头和米饭，忙的晚上能救急",
    ]),
    _theme("/home/lin/fit", "fitness", [
        "一周要休息几天？", "跑步前拉伸还是跑完拉伸？", "冬天怎么坚持锻炼？", "早上练还是晚上练好？",
    ], [
        "一周练四五次的话休息两天比较合适", "跑前做动态热身，静态拉伸留到跑完",
        "固定时间再约个朋友，比什么打卡应用都管用", "能坚持的时间就是最好的时间，身体两种都能适应",
        "睡眠对恢复的作用比任何补剂都大", "每周跑量增加一成左右不容易受伤",
    ]),
    _theme("/home/lin/tech", "tools", [
        "照片怎么备份不用每月付费？", "笔记本用了一年为什么这么卡？", "给客户发文件怎么最安全？", "手机通知太多怎么办？",
    ], [
        "一块移动硬盘加一份云端备份，基本能防住照片丢失", "开机启动项太多和硬盘快满是变卡最常见的原因",
        "会过期的链接比邮件附件更适合发机密文件", "除了消息和电话，其他应用的通知全关掉，手机就清净了",
        "更新经常修的正是让你拖着不更新的那个问题", "用密码管理器，长密码也不费劲",
    ]),
    _theme("/home/lin/home", "house", [
        "窗户上总是起水雾怎么办？", "小房子怎么保持整洁？", "床单多久洗一次？", "帮我安排一个周末的家务。",
    ], [
        "水雾是热的湿空气碰到冷玻璃，洗澡做饭后要通风", "东西都有固定位置，每天晚上花十分钟归位，小房子就不会乱",
        "床单一般一周洗一次，最多两周", "先做需要去买东西的活，等的时候可以干别的",
        "每天开窗通风十分钟比很多除湿小电器都管用", "墙面用浅色会让小房间显得大一些",
    ]),
]

A, P = "assistant-fact", "preference"

EN: list[Probe] = [
    Probe("trips", A, "What was the hotel with the rooftop pool you suggested?",
          [("user", "We have four nights in Lisbon in May and still need somewhere to stay"),
           ("assistant", "Three places are worth a look: {a}, a small guesthouse below the castle; {b}, a hotel with a rooftop pool in Chiado; and {c}, an apartment with a kitchen in Alfama")],
          {"a": ["Casa Amora", "Pensao Lima"], "b": ["Hotel Miradouro", "The Lumiares"], "c": ["Alfama Flats", "Santa Cruz Rooms"]},
          [[("user", "Do hotels with a pool charge extra for towels?"), ("assistant", "Most hotels include pool towels, a few resort hotels charge a deposit for them")],
           [("user", "Is a rooftop bar worth it in summer?"), ("assistant", "A rooftop is lovely at sunset but the drinks cost about double")]]),
    Probe("trips", A, "Which was the second place you recommended for the Kyoto trip?",
          [("user", "Planning three days in Kyoto in autumn, what should we not miss?"),
           ("assistant", "First, go to {a} early in the morning before the crowds; second, spend an afternoon at {b}; and finish at {c} in the evening when the lanterns are lit")],
          {"a": ["Fushimi Inari", "Kiyomizu-dera"], "b": ["Arashiyama", "Nanzen-ji"], "c": ["Gion", "Pontocho"]},
          [[("user", "My friend says Kyoto is too crowded in autumn"), ("assistant", "Autumn is the busiest season there, so early starts are the one reliable trick")],
           [("user", "Should I take the train or a bus between cities in Japan?"), ("assistant", "The train is faster and the pass covers most of it, buses are cheaper for short hops")]]),
    Probe("media", A, "What was the second podcast you recommended?",
          [("user", "I want something to listen to on my commute about history, any podcasts?"),
           ("assistant", "Try {a} for short stories from the past, then {b}, which goes deep on one war at a time, and {c} if you like interviews")],
          {"a": ["Past Tense", "Old Times Daily"], "b": ["Frontline Years", "The Long Campaign"], "c": ["Voices Then", "Archive Hour"]},
          [[("user", "My brother only listens to true crime podcasts"), ("assistant", "True crime is the biggest podcast genre, so there is plenty to choose from")],
           [("user", "How do podcasts make money?"), ("assistant", "Most podcasts earn from adverts read by the host, some from listener subscriptions")]]),
    Probe("media", A, "What was the sci-fi novel you suggested for my book club?",
          [("user", "My book club wants something different next month, we usually read crime"),
           ("assistant", "You could try {a}, a quiet literary novel set in a seaside town; {b}, a sci-fi novel about a generation ship; or {c}, a memoir of a chef")],
          {"a": ["The Salt Years", "Low Tide"], "b": ["Far Harbour", "The Long Drift"], "c": ["Knife and Flame", "Service"]},
          [[("user", "Half my book club never finishes the book"), ("assistant", "Shorter novels and a date set well ahead help a book club finish")],
           [("user", "Is sci-fi hard to get into as an adult?"), ("assistant", "Start with near-future novels, they read like thrillers")]]),
    Probe("eating", A, "Which was the cheap restaurant in the list you gave me?",
          [("user", "Some friends are coming to town and we want to eat out in the centre on Friday"),
           ("assistant", "For a group in the centre I would look at {a}, which is lively and takes bookings; {b}, cheap and cheerful with long tables; and {c}, a bit smarter, with a set menu")],
          {"a": ["Brasa", "Ollie's"], "b": ["Noodle Yard", "Taqueria Sol"], "c": ["Fennel", "The Orchard Room"]},
          [[("user", "Why is every restaurant in the centre so expensive now?"), ("assistant", "Rents in the centre went up, so cheap places moved a few streets out")],
           [("user", "Can you give me a list of things to bring to a picnic?"), ("assistant", "A blanket, a knife, napkins, a bin bag and something cold to drink cover most picnics")]]),
    Probe("fitness", A, "What was the third exercise you told me to do for my back?",
          [("user", "My lower back aches after sitting all day at the desk"),
           ("assistant", "Do three things each evening: {a} for a minute, then {b} ten times, and then {c} on each side for thirty seconds")],
          {"a": ["a plank", "a dead bug"], "b": ["glute bridges", "bird dogs"], "c": ["a hip flexor stretch", "a figure four stretch"]},
          [[("user", "Is it normal for my back to hurt after the gym?"), ("assistant", "Some stiffness the next day is normal, sharp pain in the back is not")],
           [("user", "How many exercises should a beginner do in one session?"), ("assistant", "Four to six exercises are plenty for a beginner's session")]]),
    Probe("tools", A, "Which backup app did you recommend?",
          [("user", "I lost a folder of work last week and I have no backups at all"),
           ("assistant", "{long}")],
          {"long": ["Set up {a} tonight; it runs every hour without asking", "Install {a} and point it at your documents folder"],
           "a": ["Duplicati", "Restic", "Borg"]},
          [[("user", "Is a backup on the same disk any use?"), ("assistant", "A backup on the same disk dies with the disk, so keep one elsewhere")],
           [("user", "Which app do you recommend for notes?"), ("assistant", "Any notes app that exports to plain text is a safe choice")]], long=True),
    Probe("house", A, "What colour did you say to paint the hallway?",
          [("user", "Our hallway is narrow and dark, I want it to feel less gloomy"),
           ("assistant", "{long}")],
          {"long": ["I would paint the walls {c} and the ceiling white", "Go for {c} on the walls and keep the woodwork a shade lighter"],
           "c": ["a pale sage green", "a warm off-white", "a soft butter yellow"]},
          [[("user", "Do dark colours make a room look smaller?"), ("assistant", "Dark colour on every wall makes a room close in, one dark wall can add depth")],
           [("user", "How many coats of paint does a wall need?"), ("assistant", "Two coats cover most walls, three if you paint light over dark")]], long=True),
    Probe("eating", A, "What was the spice you told me to add to the lentil soup?",
          [("user", "My lentil soup always tastes flat, what am I doing wrong?"),
           ("assistant", "{long}")],
          {"long": ["Fry a spoon of {s} in the oil before the onions go in", "Stir in {s} at the end with a squeeze of lemon"],
           "s": ["smoked paprika", "ground cumin", "sumac"]},
          [[("user", "How long does lentil soup keep in the fridge?"), ("assistant", "Lentil soup keeps four days in the fridge and freezes well")],
           [("user", "Which spice goes off fastest?"), ("assistant", "Ground spices lose their flavour in months, whole ones last years")]], long=True),
    Probe("media", A, "What was the film you said I should watch with my dad?",
          [("user", "My dad is visiting and he only likes old westerns and war stories"),
           ("assistant", "{long}")],
          {"long": ["For the two of you I would put on {f} on the first night", "Start with {f}, it is slow but he will love the ending"],
           "f": ["Rio Bravo", "The Great Escape", "Shane"]},
          [[("user", "My dad falls asleep during every film"), ("assistant", "Watch in the afternoon, it is the evening film that sends people to sleep")],
           [("user", "Should I watch films in the original language with subtitles?"), ("assistant", "Subtitles keep the actors' own voices, which most films are better for")]], long=True),
    Probe("house", P, "Which mattress would suit me?",
          [("user", "I sleep on my side and keep waking up with a sore shoulder")],
          {}, [[("user", "My parents bought a mattress that turned out far too firm")],
               [("user", "How long is a mattress supposed to last?")]]),
    Probe("tools", P, "Can you recommend a camera?",
          [("user", "Most weekends I shoot my kids' football matches from the sideline, and the phone photos are always blurry")],
          {}, [[("user", "My cousin's camera broke on the first day of her holiday")],
               [("user", "What does the sensor size on a camera actually change?")]]),
    Probe("eating", P, "Any ideas for a lunch I can bring to work?",
          [("user", "I'm gluten free and there's no fridge or microwave at my office")],
          {}, [[("user", "A colleague heats up fish for lunch at work and the whole floor smells of it")],
               [("user", "Is it cheaper to bring lunch to work than to buy it?")]]),
    Probe("trips", P, "Where should we go on holiday this summer?",
          [("user", "We have a toddler who still naps twice a day, and neither of us drives")],
          {}, [[("user", "Our neighbours went on holiday to Greece last summer and came back sunburnt")],
               [("user", "Is summer the most expensive time to go on holiday?")]]),
    Probe("fitness", P, "What sport should I take up?",
          [("user", "I hate being stuck indoors and my knees complain after running")],
          {}, [[("user", "My nephew wants to take up a sport at school but can't decide")],
               [("user", "Which sport burns the most calories per hour?")]]),
    Probe("tools", P, "Help me choose a new keyboard.",
          [("user", "I type all day and my wrists start to ache by the afternoon")],
          {}, [[("user", "The keyboard my flatmate bought is so loud I can hear it through the wall")],
               [("user", "Why do some people build their own keyboard?")]]),
]

ZH: list[Probe] = [
    Probe("trips", A, "你推荐的那家带屋顶泳池的酒店叫什么？",
          [("user", "五月要去里斯本住四晚，还没订住的地方"),
           ("assistant", "有三个可以看看：{a}，城堡下面的小客栈；{b}，希亚多区一家带屋顶泳池的酒店；还有{c}，阿尔法玛区带厨房的公寓")],
          {"a": ["阿莫拉之家", "利马旅舍"], "b": ["观景台酒店", "光明酒店"], "c": ["老城公寓", "圣十字公寓"]},
          [[("user", "酒店的泳池毛巾要另外收钱吗？"), ("assistant", "大部分酒店泳池毛巾是免费的，少数度假酒店要押金")],
           [("user", "夏天去屋顶酒吧值不值？"), ("assistant", "屋顶看日落很美，但酒水差不多贵一倍")]]),
    Probe("trips", A, "你推荐的第三家民宿是哪家？",
          [("user", "国庆想去大理住几天，帮我看看住哪里"),
           ("assistant", "可以考虑这三家：第一家{a}在古城里，出门就是小吃街；第二家{b}在洱海边，看日出方便；第三家{c}在喜洲，安静，适合发呆")],
          {"a": ["南门小院", "古城客栈"], "b": ["海边小筑", "听海居"], "c": ["喜林苑", "麦田小屋"]},
          [[("user", "民宿和酒店哪个更干净？"), ("assistant", "民宿差别很大，看最近的评价和照片比看星级靠谱")],
           [("user", "朋友说国庆的大理人太多了"), ("assistant", "国庆是最挤的时候，早点出门是唯一靠得住的办法")]]),
    Probe("media", A, "你推荐的第二个播客叫什么？",
          [("user", "通勤路上想听点历史类的播客，有推荐吗？"),
           ("assistant", "可以先听{a}，每期讲一个小故事；再听{b}，一场战争讲好几期；喜欢访谈的话还有{c}")],
          {"a": ["历史的温度", "故事小馆"], "b": ["长河", "战史漫谈"], "c": ["对谈录", "旧时声音"]},
          [[("user", "我哥只听悬疑类的播客"), ("assistant", "悬疑是播客里最大的类别，可选的非常多")],
           [("user", "播客是怎么赚钱的？"), ("assistant", "大部分播客靠主播口播广告，也有靠听众订阅的")]]),
    Probe("media", A, "你给读书会推荐的那本科幻小说叫什么？",
          [("user", "读书会下个月想换换口味，我们平时都读推理"),
           ("assistant", "可以试试《{a}》，一本安静的海边小镇小说；《{b}》，讲世代飞船的科幻小说；或者《{c}》，一位厨师的回忆录")],
          {"a": ["盐的年月", "退潮"], "b": ["远港", "漫长漂流"], "c": ["刀与火", "后厨"]},
          [[("user", "读书会一半的人都读不完书"), ("assistant", "选短一点的小说，提前定好日期，读书会更容易读完")],
           [("user", "成年人开始看科幻难不难？"), ("assistant", "从近未来的科幻小说开始，读起来像惊悚小说")]]),
    Probe("eating", A, "你列的那几家里便宜的是哪家？",
          [("user", "周五几个朋友来玩，想在市中心找地方吃饭"),
           ("assistant", "一群人在市中心吃的话可以看看{a}，热闹，能订位；{b}，便宜实惠，长桌子；还有{c}，稍微高档一点，有套餐")],
          {"a": ["炭火小馆", "老街烧烤"], "b": ["面馆大院", "阿妈米线"], "c": ["茴香", "果园餐厅"]},
          [[("user", "为什么市中心的饭店都这么贵了？"), ("assistant", "市中心房租涨了，便宜的店都搬到外面几条街了")],
           [("user", "帮我列一下野餐要带的东西"), ("assistant", "毯子、刀、纸巾、垃圾袋，再带点冰饮，野餐基本够了")]]),
    Probe("fitness", A, "你让我练腰的第三个动作是什么？",
          [("user", "整天坐在办公桌前，腰下面老是酸"),
           ("assistant", "每天晚上做三件事：先{a}一分钟，然后{b}十次，最后每边{c}三十秒")],
          {"a": ["平板支撑", "死虫式"], "b": ["臀桥", "鸟狗式"], "c": ["髋屈肌拉伸", "四字拉伸"]},
          [[("user", "健身以后腰疼正常吗？"), ("assistant", "第二天腰有点僵是正常的，刺痛就不正常了")],
           [("user", "新手一次练几个动作合适？"), ("assistant", "新手一次练四到六个动作就够了")]]),
    Probe("tools", A, "你推荐的那个备份软件叫什么？",
          [("user", "上周丢了一个工作文件夹，我一个备份都没有"),
           ("assistant", "{long}")],
          {"long": ["今晚就装上 {a}，它每小时自动跑一次", "装一个 {a}，把文档文件夹加进去"],
           "a": ["Duplicati", "Restic", "Borg"]},
          [[("user", "备份放在同一块硬盘上有用吗？"), ("assistant", "同一块硬盘坏了备份也一起没了，要另外放一份")],
           [("user", "记笔记用什么软件好？"), ("assistant", "能导出纯文本的笔记软件都是稳妥的选择")]], long=True),
    Probe("house", A, "你说走廊刷什么颜色来着？",
          [("user", "我家走廊又窄又暗，想让它看起来不那么压抑"),
           ("assistant", "{long}")],
          {"long": ["墙刷成{c}，天花板用白色", "墙面用{c}，踢脚线再浅一个色号"],
           "c": ["浅灰绿色", "暖白色", "奶油黄"]},
          [[("user", "深色会让房间显小吗？"), ("assistant", "四面都是深色会显得压抑，一面深色墙反而有层次")],
           [("user", "墙要刷几遍漆？"), ("assistant", "一般两遍就够了，浅色盖深色要三遍")]], long=True),
    Probe("eating", A, "你让我在扁豆汤里加的香料是什么？",
          [("user", "我煮的扁豆汤总是没味道，哪里做错了？"),
           ("assistant", "{long}")],
          {"long": ["下洋葱之前先用油炒一勺{s}", "出锅前加点{s}，再挤一点柠檬汁"],
           "s": ["烟熏辣椒粉", "孜然粉", "漆树粉"]},
          [[("user", "扁豆汤在冰箱能放几天？"), ("assistant", "扁豆汤冷藏能放四天，冷冻也可以")],
           [("user", "哪种香料最容易走味？"), ("assistant", "香料粉几个月就没味了，整粒的能放好几年")]], long=True),
    Probe("media", A, "你说适合和我爸一起看的那部电影是哪部？",
          [("user", "我爸要来住几天，他只爱看老西部片和战争片"),
           ("assistant", "{long}")],
          {"long": ["第一个晚上可以放《{f}》", "先看《{f}》，节奏慢，但结尾他会喜欢"],
           "f": ["赤胆屠龙", "大逃亡", "原野奇侠"]},
          [[("user", "我爸看什么电影都会睡着"), ("assistant", "下午看，晚上的电影最容易让人睡着")],
           [("user", "看外国电影要不要看原声加字幕？"), ("assistant", "原声能听到演员自己的声音，大部分电影原声更好")]], long=True),
    Probe("house", P, "什么样的床垫适合我？",
          [("user", "我习惯侧着睡，每天早上起来肩膀都疼")],
          {}, [[("user", "我爸妈买的床垫太硬了")], [("user", "床垫一般能用几年？")]]),
    Probe("tools", P, "推荐一台相机吧。",
          [("user", "周末经常在场边拍孩子踢球，手机拍出来总是糊的")],
          {}, [[("user", "表姐的相机旅游第一天就坏了")], [("user", "相机的传感器尺寸到底有什么影响？")]]),
    Probe("eating", P, "上班带什么午饭好？",
          [("user", "我不能吃麸质，公司也没有冰箱和微波炉")],
          {}, [[("user", "同事上班中午热鱼吃，整层楼都是味")], [("user", "自己带午饭比在外面买便宜吗？")]]),
    Probe("trips", P, "今年夏天去哪里度假好？",
          [("user", "我们家孩子还小，一天要睡两次午觉，我们俩都不会开车")],
          {}, [[("user", "邻居去年夏天去海南度假，晒得脱皮")], [("user", "夏天是不是度假最贵的时候？")]]),
    Probe("fitness", P, "我适合练什么运动？",
          [("user", "我讨厌一直待在室内，跑步以后膝盖就不舒服")],
          {}, [[("user", "侄子想在学校选个运动，一直定不下来")], [("user", "什么运动每小时消耗的热量最多？")]]),
    Probe("tools", P, "帮我挑一个新键盘。",
          [("user", "我一天到晚都在打字，下午手腕就开始酸")],
          {}, [[("user", "室友买的键盘声音大得隔着墙都能听见")], [("user", "为什么有人要自己组装键盘？")]]),
]

_EN_BANK = Bank("en", homes=1, per_home=0, themes=memeval_en.THEMES + EN_THEMES * 4, probes=[],
                chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 300),
                sessions=SESSIONS)
_ZH_BANK = Bank("zh", homes=1, per_home=0, themes=memeval_zh.THEMES + ZH_THEMES * 4, probes=[],
                chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 500),
                sessions=SESSIONS)


def _exchange(home: _Home, at: int, turns: Turns, long: bool) -> None:
    """The exchange inside session `at` after one of its replies: a person's turn alone, or a turn and
    its reply, the reply's line among sentences of the session's topic (8-12 of them when long)."""
    rng, t = home.rng, home.themes[at]
    w = home.words(t)
    spots = [i + 1 for i, (r, _) in enumerate(home.turns[at]) if r == "assistant"]
    pos = rng.choice(spots)
    new: list[tuple[str, list[str]]] = []
    for side, line in turns:
        if side == "user":
            new.append(("user", [_cap(line)]))
        else:
            n = rng.randint(8, 12) if long else rng.randint(2, 4)
            pool = t.says + home.bank.chatter
            around = [_cap(fill(s, {}, {}, w, rng)) for s in rng.sample(pool, min(n, len(pool)))]
            around.insert(rng.randint(1, len(around)), _cap(line))
            new.append(("assistant", around))
    home.turns[at][pos:pos] = new


def _build(bank: Bank, probes: list[Probe], seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        qs = []
        for p in probes:
            vals = {k: rng.choice(v) for k, v in p.vals.items()}
            vals = {k: fill(v, vals, p.vals, {}, rng) for k, v in vals.items()}  # a slot's value may hold slots
            same = {i for i in range(home.n) if getattr(home.themes[i], "topic", "") == p.topic}
            at = home.pick(set(range(home.n)) - same)
            home.busy.add(at)
            _exchange(home, at, [(s, fill(fill(x, vals, p.vals, {}, rng), vals, p.vals, {}, rng)) for s, x in p.turns], p.long)
            for d in p.decoys:  # into other sessions of the topic, busy or not
                other = rng.choice(sorted(same - {at}))
                _exchange(home, other, d, False)
            qs.append({"question": p.ask, "keys": [keys[at]], "kind": p.kind, "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English one, then the Chinese one."""
    return _build(_EN_BANK, EN, seed, "te") + _build(_ZH_BANK, ZH, seed, "tz")
