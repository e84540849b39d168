"""updates2: knowledge updates told in other words (issue 14, session 8, branch `updates2`).

The class session 7's `updates` left: the newer line shares FEW of the question's words. The older
line answers the question in its words ("my commute is 40 minutes by bus to the office"); the newer
one reports the change the way people do, naming the subject by what the older line said around
the value (the office, the bus, the flat, the photo account), by the old value itself ("the
ThinkPad died, replaced it with …"), or by one of the question's words among many others. Only the
newest session answers. Each probe is asked without and with a time word (kinds `update`,
`update-now`), English and Chinese.

Decoys: lines with the question's words and no value, and lines in the person's own words that
state some other change beside a word of the older line ("the bus timetable changed again"):
what following the older line's words must not take for the update.

The haystack and the HOMEs' layout are updates.py's (memeval's themes and chatter, 45 dated
sessions per HOME); the probes, wordings and values are this file's own.
"""

from __future__ import annotations

from memeval_en import BANK as EN_BANK
from memeval_zh import BANK as ZH_BANK
from updates import U, _bank, _home

KINDS = ("update", "update-now")

EN = [
    U("What's my commute like?", "What's my commute like these days?",
      [("user", "My commute is {n1} minutes by bus to the office, I read on the way"),
       ("user", "Since the move I just cycle to the office, {n2} minutes door to door")],
      {"n1": ["40", "45", "50"], "n2": ["10", "12", "15"]},
      ("The commute home was miserable in the rain", "The bus timetable changed again, so annoying")),
    U("How much do I pay for rent?", "How much rent am I paying now?",
      [("user", "I pay {r1} a month in rent for the flat, bills on top"),
       ("user", "The landlord put it up to {r2} a month for the flat at renewal")],
      {"r1": ["1,900", "1,750"], "r2": ["2,100", "2,050"]},
      ("Rent prices in this city are absurd", "We repainted the flat over the weekend")),
    U("What laptop do I use?", "What laptop am I using at the moment?",
      [("user", "I use a {lp1} laptop for everything, work and games"),
       ("user", "The {lp1} finally died, replaced it with a {lp2}")],
      {"lp1": ["ThinkPad X1", "Dell XPS"], "lp2": ["MacBook Air", "Framework 13", "Surface Pro"]},
      ("My laptop fan is loud when I compile",)),
    U("How many followers do I have?", "How many followers do I have now?",
      [("user", "I have about {n1} followers on my photo account, mostly bird shots"),
       ("user", "The photo account just passed {n2}, people really like the bird shots")],
      {"n1": ["800", "950"], "n2": ["2,000", "2,400"]},
      ("Followers come and go, I try not to care",)),
    U("Who is my manager?", "Who is my manager now?",
      [("user", "My manager is {p1}, she runs the data team"),
       ("user", "{p1} moved to the platform group and {p2} runs the data team")],
      {"p1": ["Priya", "Helen"], "p2": ["Marco", "Tomasz", "Kenji"]},
      ("Managers always want another status report",)),
    U("What instrument do I play?", "What instrument do I play these days?",
      [("user", "I play the {i1} in a community band on Thursdays"),
       ("user", "I gave up the {i1} and took up the {i2}, the band let me switch")],
      {"i1": ["trumpet", "clarinet"], "i2": ["saxophone", "trombone", "flute"]},
      ("Which instrument is easiest for a child to start on",)),
    U("How much do I weigh?", "How much do I weigh now?",
      [("user", "I weigh {w1} kg, the doctor wants me lower"),
       ("user", "Down to {w2} kg after three months of running, the doctor is pleased")],
      {"w1": ["92", "88"], "w2": ["81", "79"]}, ("The bathroom scale needs a new battery",)),
    U("How many hours do I sleep a night?", "How many hours do I sleep these days?",
      [("user", "I sleep about {h1} hours a night, in bed by eleven"),
       ("user", "With the baby here I'm lucky to get {h2} hours, broken into pieces")],
      {"h1": ["eight", "seven"], "h2": ["five", "four"]}, ("Sleep trackers are mostly guesswork",)),
    U("What's my 5k time?", "What's my 5k time now?",
      [("user", "My 5k time is {t1}, not bad for a beginner"),
       ("user", "Knocked it down to {t2} at parkrun on Saturday, a new best")],
      {"t1": ["31:40", "29:55"], "t2": ["26:10", "25:30"]}, ("Parkrun was cancelled because of ice",)),
    U("How much do I spend on groceries?", "How much do I spend on groceries each week now?",
      [("user", "I spend about {g1} a week on groceries for the two of us"),
       ("user", "Batch cooking cut the food shop to {g2} a week for the two of us")],
      {"g1": ["120", "140"], "g2": ["85", "90"]}, ("Groceries at the corner shop cost a fortune",)),
    U("Which gym am I a member of?", "Which gym do I go to now?",
      [("user", "I'm a member at {y1}, the one by the station"),
       ("user", "Cancelled {y1} and joined {y2}, it has a pool")],
      {"y1": ["PureGym", "FitLab"], "y2": ["Anytime Fitness", "Virgin Active"]}, ("The gym was packed at six",)),
    U("What do I do for work?", "What is my job now?",
      [("user", "I work as a {j1} at a logistics firm, long hours"),
       ("user", "Left the logistics firm, I'm a {j2} at a school now")],
      {"j1": ["payroll clerk", "dispatcher"], "j2": ["teaching assistant", "lab technician"]},
      ("Work is quiet this week",)),
    U("Where do I park my car?", "Where do I park these days?",
      [("user", "I park my car on {st1} most nights, it is free after six"),
       ("user", "Got a resident permit, the car lives in the {st2} car park now")],
      {"st1": ["Elm Street", "Mill Road"], "st2": ["Quayside", "Market Hall"]}, ("Parking in town is a nightmare",)),
    U("What phone plan am I on?", "What phone plan do I have now?",
      [("user", "My phone plan is {pl1} with 10 GB of data"),
       ("user", "Moved to {pl2}, unlimited data for less than the old plan")],
      {"pl1": ["Vodafone Basic", "EE Lite"], "pl2": ["Three Unlimited", "giffgaff"]}, ("The phone signal at home is poor",)),
]

ZH = [
    U("我通勤要多久？", "我现在通勤要多久？",
      [("user", "我每天坐公交去公司通勤，单程{n1}分钟"), ("user", "搬家以后改骑车去公司了，{n2}分钟就到")],
      {"n1": ["四十", "五十"], "n2": ["十", "十五"]}, ("通勤路上太挤了", "公交又改线路了，真烦")),
    U("我每个月房租多少？", "我现在房租多少？",
      [("user", "我每个月房租{r1}，房东人不错"), ("user", "房东说下个月起涨到{r2}")],
      {"r1": ["三千二", "两千八"], "r2": ["三千五", "三千一"]}, ("这边的房租太贵了",)),
    U("我开什么车？", "我现在开什么车？",
      [("user", "我开一辆{car1}上下班"), ("user", "那辆{car1}卖掉了，换了{car2}")],
      {"car1": ["卡罗拉", "速腾"], "car2": ["比亚迪汉", "小鹏P7", "理想L6"]}, ("开车上班太堵了",)),
    U("我在哪家公司？", "我现在在哪家公司？",
      [("user", "我在{c1}做会计，离家很近"), ("user", "从{c1}辞职了，下周去{c2}报到")],
      {"c1": ["华通科技", "蓝海集团"], "c2": ["星云互动", "青禾医疗"]}, ("公司年会又要表演节目",)),
    U("我的摄影账号有多少粉丝？", "我的摄影账号现在有多少粉丝？",
      [("user", "我的摄影账号有{n1}个粉丝，主要拍鸟"), ("user", "拍鸟的视频火了，账号刚过{n2}")],
      {"n1": ["八百", "九百"], "n2": ["两千", "三千"]}, ("粉丝多少无所谓，开心就好",)),
    U("我每天睡几个小时？", "我现在每天睡几个小时？",
      [("user", "我每天睡{h1}个小时左右，十一点上床"), ("user", "有了孩子以后只能睡{h2}个小时")],
      {"h1": ["八", "七"], "h2": ["五", "四"]}, ("睡眠手环的数据不太准",)),
    U("我用什么笔记本电脑？", "我现在用什么笔记本电脑？",
      [("user", "我用{lp1}笔记本，工作打游戏都用它"), ("user", "{lp1}坏了，换成了{lp2}")],
      {"lp1": ["联想小新", "戴尔XPS"], "lp2": ["MacBook Air", "华为MateBook"]}, ("笔记本风扇声音太大",)),
    U("我的经理是谁？", "我现在的经理是谁？",
      [("user", "我的经理是{p1}，管数据组"), ("user", "{p1}调走了，数据组归{p2}管了")],
      {"p1": ["王芳", "李静"], "p2": ["陈磊", "周涛"]}, ("经理又要周报了",)),
    U("我体重多少？", "我现在体重多少？",
      [("user", "我体重{w1}公斤，医生让我减一点"), ("user", "跑了三个月步，瘦到{w2}公斤了，医生很满意")],
      {"w1": ["九十二", "八十八"], "w2": ["八十一", "七十九"]}, ("体重秤该换电池了",)),
    U("我在哪个健身房？", "我现在去哪个健身房？",
      [("user", "我办的是{y1}的卡，就在地铁站旁边"), ("user", "把{y1}的卡退了，办了{y2}，有游泳池")],
      {"y1": ["乐刻", "威尔士"], "y2": ["超级猩猩", "一兆韦德"]}, ("健身房六点人太多",)),
]


def build() -> list[tuple[list, list[dict], dict[str, int]]]:
    en, zh = _bank(EN_BANK, 3), _bank(ZH_BANK, 2)
    return [_home(en, EN, h, "ve") for h in range(en.homes)] + [_home(zh, ZH, h, "vz") for h in range(zh.homes)]
