"""advice: requests for advice whose same-topic neighbours mention the subject without a preference
(issue 14, session 9, branch `prefs2`).

"Any tips for a weekend trip?" is answered by the session where the person said "I hate crowds and
I love long hikes" while planning travel; other travel chats say "weekend trip" too ("my neighbour
keeps telling me about her weekend trip", "what do people usually pack for a weekend trip?"), in
the person's own turns, without saying what the person likes, uses, owns, avoids or is working
towards. 推荐几本睡前看的书 is answered by 我特别喜欢科幻小说, not by 我表妹睡前总是看言情小说.

Built with memeval's machinery (its _Home and slots) on memeval's filler chats plus topic chats of
this set's own (travel, gear, home, money, food; 出行, 买东西, 家里, 理财, 吃饭): 3 English HOMEs and
2 Chinese ones of 50 sessions, every question of kind `preference`. A probe's preference is said
in the person's turn of a chat on its topic; each of its neighbours goes into the person's turn of
another chat on the same topic (and one into an assistant's turn). The person's line shares the
request's subject (a laptop, the garden, 存款) as the neighbours do; the needs are on purpose mostly
outside search/related.py's groups (plants, money, pets, coats, bags): what is measured is the
statement of a preference, not the lexicon. Written for this set only, by the engineer who
tuned on it: treat its figures as a dev set's.
"""

from __future__ import annotations

import random

from memeval import Bank, Theme, _cap, _Home, fill, homes

import memeval_en
import memeval_zh

SEED = 20261209


class Need:
    """One request: its topic (the themes its chats are on), the question, the person's line that
    answers it, and neighbours (same topic, the question's words, no preference)."""

    def __init__(self, topic: str, ask: str, says: str, near: list[str], vals: dict[str, list[str]] | None = None):
        self.topic, self.ask, self.says, self.near, self.vals = topic, ask, says, near, vals or {}


def _theme(cwd: str, topic: str, asks: list[str], says: list[str]) -> Theme:
    t = Theme(cwd, asks, says)
    t.topic = topic  # type: ignore[attr-defined]
    return t


EN_THEMES = [
    _theme("/home/alex/plans", "travel", [
        "How early should I book train tickets to get a decent price?",
        "What's the difference between travel insurance that covers cancellation and the basic kind?",
        "Can you help me work out a budget for a few days away?",
        "Is it better to carry cash or a card abroad?",
    ], [
        "Booking about six weeks ahead usually gets the cheaper advance fares",
        "Cancellation cover pays back what you booked if you have to call the trip off for a listed reason",
        "A simple budget splits travel, a bed, food and a margin of about a tenth for surprises",
        "A card without foreign fees is usually cheaper than changing cash, but keep a little cash for small shops",
        "Midweek departures are often quieter and cheaper than Fridays",
        "Keeping copies of your documents in your email helps if a bag goes missing",
    ]),
    _theme("/home/alex/plans", "gear", [
        "How do I tell whether a zip is good quality?",
        "What does the waterproof rating on a jacket actually mean?",
        "Is it worth paying more for a warranty on electronics?",
        "How do I get a refund if something arrives broken?",
    ], [
        "Metal zips with a brand stamped on the pull tend to last longer than unmarked plastic ones",
        "The rating is how much water pressure the fabric holds back, higher numbers keep out heavier rain",
        "Extended warranties rarely pay off for cheap items, they make more sense for expensive ones",
        "Take photos of the damage and the box before you contact the seller, it speeds refunds up",
        "Reading the one star reviews tells you more about how a product fails than the five star ones",
        "Many shops match a lower price if you ask within two weeks",
    ]),
    _theme("/home/alex/home", "home", [
        "How do I get rid of the damp smell in a cupboard?",
        "What's the easiest way to hang shelves on a plaster wall?",
        "How often should I clean the filter in a dehumidifier?",
        "Can you help me plan a spring clean room by room?",
    ], [
        "A bowl of baking soda and a little air flow clears most cupboard smells in a few days",
        "Use wall plugs sized for the screw and find the studs if the shelf will hold books",
        "Rinse the filter every couple of weeks in the damp months",
        "Start with the rooms you use most and leave storage for a second weekend",
        "Opening the windows for ten minutes a day does more for damp than most gadgets",
        "Light colours on the walls make a small room feel bigger",
    ]),
    _theme("/home/alex/money", "money", [
        "What is the difference between a fixed and a tracker mortgage?",
        "How do I read the fees on a fund fact sheet?",
        "Should I pay off my credit card or save first?",
        "Can you explain how compound interest works with an example?",
    ], [
        "A fixed rate stays the same for the term, a tracker moves with the central bank rate",
        "The ongoing charge is the yearly fee as a share of what you hold, small differences add up",
        "Clearing a card that charges twenty percent beats almost any savings rate",
        "A thousand growing at five percent a year becomes about sixteen hundred after ten years",
        "Automating a small transfer on payday makes saving much easier to keep up",
        "An emergency fund of three months of costs is a common rule of thumb",
    ]),
    _theme("/home/alex/kitchen", "food", [
        "How do I stop pasta from sticking together?",
        "What's the best way to store fresh herbs?",
        "Can you help me scale a recipe from four people to six?",
        "How do I know when oil is hot enough to fry?",
    ], [
        "Plenty of water and a stir in the first minute keeps pasta apart",
        "Soft herbs keep longest standing in a glass of water in the fridge",
        "Multiply every ingredient by one and a half, but go easier on salt and spices",
        "A cube of bread that browns in about a minute means the oil is ready",
        "Reading the recipe through once before you start saves most kitchen mistakes",
        "A sharp knife is safer than a blunt one because it slips less",
    ]),
]

EN_NEEDS = [
    Need("travel", "Any tips for a weekend trip?", "Whenever I plan a trip I remember that I hate crowds and I love long hikes, the quieter the better",
         ["My neighbour keeps telling me about her weekend trip to the coast", "What do people usually pack for a weekend trip?"]),
    Need("travel", "Where should I go for a few days in {month}?", "I can't stand long flights, anything over three hours wipes me out for days",
         ["My brother went somewhere hot for a few days last {month} and loved it", "Are prices higher in {month} for a few days away?"],
         {"month": ["April", "October", "March"]}),
    Need("gear", "Can you suggest a laptop bag?", "I bike to work every day with a 16-inch laptop on my back",
         ["The laptop bag my colleague bought fell apart within a month", "Which laptop bag brands do reviewers rate well?"]),
    Need("gear", "What kind of coat should I buy for winter?", "I get cold very easily in winter and I walk twenty minutes to the station each morning",
         ["Winter coat sales usually start in January, don't they?", "My sister bought a coat for winter that she never wears"]),
    Need("gear", "Help me pick a new phone.", "I mostly use my phone for photos of the kids and I really dislike huge screens",
         ["My dad dropped his new phone on the first day", "How long do phone batteries usually last before they fade?"]),
    Need("gear", "Any recommendations for headphones?", "I prefer wired headphones, I always forget to charge anything with a battery",
         ["My flatmate's headphones leak so much sound I can hear his music", "Do headphones really need a burn in period?"]),
    Need("home", "What plants would you recommend for my flat?", "I always forget to water my plants and my flat gets almost no sun",
         ["My mum's plants have taken over her whole balcony", "Do plants really clean the air in a flat?"]),
    Need("home", "Which dog breed would suit me?", "I live in a tiny studio and I work long hours, so a dog would be alone a lot",
         ["The dog breed my cousin got sheds hair everywhere", "How does a kennel club decide what counts as a dog breed?"]),
    Need("home", "Any advice for my garden this spring?", "I only grow vegetables in my garden, flowers have never interested me",
         ["The garden next door gets flooded every spring", "When does the garden centre usually open in spring?"]),
    Need("money", "What should I do with my savings?", "I really dislike risk with my savings, I'd rather earn less than watch the value swing",
         ["A friend put his savings into a crypto coin and lost half", "How do banks decide what rate to pay on savings?"]),
    Need("money", "Can you suggest a way to budget each month?", "I'm paid weekly and I'm saving towards a deposit on a house, so every month is tight",
         ["My parents never kept a budget and they seem fine", "Is a spreadsheet or an app better to budget with?"]),
    Need("food", "Any ideas for dinner tonight?", "I'm lactose intolerant, so cheese and cream are out for me at dinner",
         ["My roommate ordered takeaway for dinner three nights in a row", "Why does dinner always take longer than the recipe says?"]),
    Need("food", "Suggest a restaurant for our anniversary.", "My partner and I both avoid spicy food and we adore seafood restaurants",
         ["The restaurant where we had our first date has closed", "Do restaurants need a booking for an anniversary dinner?"]),
    Need("food", "What should I bake for the office party?", "I've been baking sourdough every weekend for two years now",
         ["Last year's office party ran out of food in an hour", "How far ahead can I bake things for a party?"]),
    Need("money", "Which credit card should I get?", "I travel abroad for work almost every month and I never carry a balance on my card",
         ["My uncle has a credit card with a fee he never notices", "What happens to my credit score when I open a credit card?"]),
    Need("home", "Can you recommend a vacuum cleaner?", "I have two long-haired cats and a flat full of rugs that my old vacuum cleaner gives up on",
         ["The vacuum cleaner at my parents' place is twenty years old", "Why do vacuum cleaner bags cost so much?"]),
]

ZH_THEMES = [
    _theme("/home/lin/plans", "travel", [
        "火车票一般提前多久买比较便宜？", "旅游保险有必要买吗？", "出门几天的预算怎么算？", "出国带现金还是刷卡？",
    ], [
        "提前一个月左右买票通常能买到折扣票", "保险主要看能不能退改，行程不确定的话可以买",
        "预算可以分成交通、住宿、吃饭，再留一成应急", "刷卡一般比换现金划算，但小店还是要备一点现金",
        "工作日出发人少，价格也便宜", "证件拍照存在邮箱里，丢了也方便补办",
    ]),
    _theme("/home/lin/plans", "gear", [
        "拉链怎么看质量好不好？", "衣服上的防水指数是什么意思？", "电子产品要不要买延保？", "东西到了是坏的怎么退款？",
    ], [
        "金属拉链而且拉头上有牌子的一般更耐用", "防水指数是面料能挡住的水压，数字越大越能挡大雨",
        "便宜的东西买延保一般不划算，贵的可以考虑", "先拍下包装和损坏的地方再联系卖家，退款会快很多",
        "看差评比看好评更能知道东西会怎么坏", "很多店两周内降价可以申请补差价",
    ]),
    _theme("/home/lin/home", "home", [
        "柜子里有霉味怎么去掉？", "石膏墙上怎么装搁板？", "除湿机的滤网多久洗一次？", "帮我安排一下大扫除的顺序。",
    ], [
        "放一碗小苏打再通通风，几天就没味了", "用合适的膨胀管，放书的话最好打到龙骨上",
        "潮湿的季节两周冲洗一次滤网就行", "先打扫最常用的房间，储物间可以留到下周",
        "每天开窗通风十分钟比很多除湿小电器都管用", "墙面用浅色会让小房间显得大一些",
    ]),
    _theme("/home/lin/money", "money", [
        "固定利率和浮动利率的房贷有什么区别？", "基金的管理费怎么看？", "先还信用卡还是先存钱？", "复利能举个例子讲讲吗？",
    ], [
        "固定利率整个期限不变，浮动利率跟着基准利率走", "管理费是每年按持有金额收的比例，差一点长期也不少",
        "信用卡利息很高，先还清比存钱划算", "一千块每年涨百分之五，十年后大约一千六",
        "发工资当天自动转一小笔出来，存钱更容易坚持", "应急资金一般准备三个月的开销",
    ]),
    _theme("/home/lin/kitchen", "food", [
        "面条怎么煮才不坨？", "新鲜香菜怎么保存？", "四人份的菜谱怎么改成六人份？", "油温怎么看够不够？",
    ], [
        "水要多，下锅后第一分钟搅一搅就不会粘", "香菜插在水杯里放冰箱能放很久",
        "每样材料乘一点五，盐和调料少放一点", "筷子插进油里冒小泡就说明油温够了",
        "做菜前先把菜谱从头看一遍能少犯很多错", "刀快反而更安全，不容易打滑",
    ]),
]

ZH_NEEDS = [
    Need("travel", "周末出去玩有什么建议？", "周末出去玩我最怕人多，比较喜欢爬山，越清静越好",
         ["同事周末出去玩了一趟海边，回来一直在说", "周末出去玩一般要带些什么？"]),
    Need("gear", "推荐一个电脑包吧。", "我每天骑车上班，背着一台十六寸的笔记本电脑",
         ["我哥买的电脑包用了一个月就坏了", "电脑包哪个牌子口碑比较好？"]),
    Need("home", "推荐几本睡前看的书。", "我特别喜欢科幻小说，尤其是硬科幻",
         ["我表妹睡前总是看言情小说看到很晚", "睡前看手机是不是对睡眠不好？"]),
    Need("home", "家里养什么花好？", "我经常出差，家里阳台也晒不到太阳，养的花总是死",
         ["我妈养的花把整个阳台都占满了", "养花用什么土比较好？"]),
    Need("money", "存款怎么打理比较好？", "存款方面我不喜欢冒险，宁可收益低一点也要稳",
         ["朋友把存款都投进了币圈，亏了一半", "银行的存款利率是怎么定的？"]),
    Need("food", "晚饭做点什么好？", "我不吃辣，也受不了香菜的味道，晚饭一般吃得很清淡",
         ["室友连着三天晚饭都点外卖", "晚饭为什么总比菜谱上说的时间长？"]),
    Need("gear", "买什么手机好？", "我平时主要用手机拍孩子，不喜欢屏幕太大的",
         ["我爸新买的手机第一天就摔了", "手机电池一般用多久会不行？"]),
    Need("home", "养什么狗比较合适？", "我住的是小公寓，每天上班到很晚才回家，养狗怕它太孤单",
         ["表哥养的狗掉毛掉得满屋都是", "狗的品种是怎么认定的？"]),
    Need("gear", "冬天买什么外套好？", "冬天我特别怕冷，每天早上要走二十分钟去地铁站",
         ["冬天的外套一般一月份打折吧？", "我姐买的外套一次都没穿过"]),
    Need("food", "纪念日去哪家餐厅好？", "我和我爱人都不吃辣，去餐厅特别爱点海鲜",
         ["我们第一次约会的那家餐厅已经关门了", "纪念日去餐厅要提前订位吗？"]),
    Need("money", "办哪张信用卡好？", "我几乎每个月都出国出差，信用卡每期都还清",
         ["我叔叔的信用卡有年费他一直没注意", "办信用卡会影响征信吗？"]),
    Need("gear", "推荐一副耳机吧。", "耳机我更喜欢有线的，带电池的东西我总忘了充电",
         ["室友的耳机漏音漏得我都能听见", "新耳机真的需要煲机吗？"]),
]

EN_BANK = Bank("en", homes=3, per_home=10, themes=memeval_en.THEMES + EN_THEMES * 3, probes=[],
               chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 400))
ZH_BANK = Bank("zh", homes=2, per_home=9, themes=memeval_zh.THEMES + ZH_THEMES * 3, probes=[],
               chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650))


def build_bank(bank: Bank, needs: list[Need], seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        qs = []
        for need in rng.sample(needs, min(bank.per_home, len(needs))):
            vals = {k: rng.choice(v) for k, v in need.vals.items()}
            same = [i for i in range(home.n) if getattr(home.themes[i], "topic", "") == need.topic]
            at = home.pick(set(range(home.n)) - set(same))
            home.put(at, "user", fill(need.says, vals, need.vals, {}, rng))
            home.busy.add(at)
            others = [i for i in same if i != at] or [i for i in range(home.n) if i != at]
            for j, line in enumerate(need.near):  # a neighbour: the question's subject, no preference
                n = rng.choice(others)
                home.put(n, "user", fill(line, vals, need.vals, {}, rng))
            n = rng.choice(others)  # and the assistant saying the subject
            home.put(n, "assistant", fill(need.near[-1].rstrip("?？"), vals, need.vals, {}, rng))
            qs.append({"question": _cap(fill(need.ask, vals, need.vals, {}, rng)), "keys": [keys[at]],
                       "kind": "preference", "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return build_bank(EN_BANK, EN_NEEDS, seed, "ae") + build_bank(ZH_BANK, ZH_NEEDS, seed, "az")
