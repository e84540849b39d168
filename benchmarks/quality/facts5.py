"""facts5: the person's facts of the everyday kinds people tell an assistant, asked in words the
answer does not hold (issue 14, session 13, branch `facts5`). A fifth facts dev set, written before
any rule it measures, with a generator of its own and another shape than `facts2` (the fact between
a filler turn's context and its question), `facts3` (an aside in a chat about one other subject)
and `facts4` (a clause of a ramble turn, "By the way, ..."):

- every session but the topic ones is a long working session on two subjects (a script, a letter,
  a garden, a slide deck, a party, houseplants, a printer), four to eight exchanges; the assistant
  sometimes asks a generic question back ("Anything about you I should keep in mind?"), and the
  person's fact is either their answer to it, given before their next ask, or one item of a list of
  constraints they give ("Some context: ...; ...; ...");
- the question shares no content word with the line that answers it ("Where do I work?" / "I
  started at Halden Logistics three weeks ago", "What's my blood type?" / "I'm O negative, so the
  donor centre texts me", 我对什么过敏 / 一碰芒果就浑身起疹子): the categories people tell an
  assistant about themselves (work, blood, height, weight, birthday, allergies, diet, medication,
  health, studies, commute, sport, hobby, home, pay, holidays, siblings, age, where they grew up);
- per fact two or three topic sessions where the person asks in the question's words and the
  replies explain the topic, and a decoy: somebody else's value in the answer's words ("My sister is
  A positive like our dad"), as a constraint or answer in another working session;
- English and Chinese HOMEs (English 90 and 130 sessions, Chinese 90 and 130).

`build(seed)` returns per HOME (sessions, questions) as make.make_chat takes them (kind user-fact,
lang en / zh). Written for this set only, before the rules it was used to measure.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SEED = 20261208


@dataclass
class Work:
    """A working session's subject: the person's asks and the reply sentences."""
    asks: list[str]
    replies: list[str]


@dataclass
class Fact:
    """A user fact: the question, the line stating it ({v}: one of vals), the topic sessions' asks in
    the question's words and their replies, a decoy of somebody else's value in the answer's words."""
    ask: str
    line: str
    vals: list[str]
    topic: list[str]
    replies: list[str]
    decoy: str


EN_WORK = [
    Work(["Why does my Python script say list index out of range?", "How do I read a CSV file with pandas?",
          "Can you add a progress bar to this loop?", "How do I write the results to a new file?", "Why is the script so slow on big files?"],
         ["The loop runs one step past the end of the list.", "pandas.read_csv takes the path and returns a DataFrame.",
          "tqdm wraps any iterable and prints a bar.", "Open the file in write mode and write one line per row.",
          "Reading the file in chunks keeps memory low.", "Profile first, then fix the slowest part."]),
    Work(["Can you help me write a complaint to the airline about my lost suitcase?", "How firm should the tone be?",
          "Should I mention the compensation rules?", "How long should I wait for a reply before escalating?"],
         ["Say what happened, when, and what you want them to do.", "Firm and factual works better than angry.",
          "Quote the reference number in the first line.", "Give them two weeks, then go to the regulator.",
          "Keep copies of every receipt."]),
    Work(["What can I plant in a shady corner of the garden?", "When should I sow tomatoes?", "How do I stop slugs eating the lettuce?",
          "How often should I water pots in summer?", "Is it too late to plant bulbs?"],
         ["Ferns and hostas cope well with shade.", "Sow tomatoes indoors in early spring.", "Copper tape and beer traps both deter slugs.",
          "Pots in summer may need water every day.", "Bulbs can go in until the ground freezes."]),
    Work(["Can you help me structure a slide deck for the quarterly review?", "How many slides should it be?",
          "What chart shows growth best?", "How do I make the summary slide punchier?", "Should the numbers go in an appendix?"],
         ["Open with the result, then the reasons, then the plan.", "Ten to twelve slides fit half an hour.",
          "A simple line chart shows growth over time.", "One headline number per slide keeps attention.",
          "Detailed tables belong in the appendix."]),
    Work(["What games work for a party of eight-year-olds?", "How much food do I need for fifteen kids?",
          "How long should a children's party last?", "What goes in a party bag these days?"],
         ["Musical statues and a treasure hunt never fail.", "Plan on small portions and plenty of fruit.",
          "Two hours is plenty for that age.", "A small book and a sweet are enough for a party bag."]),
    Work(["Why are the leaves on my fiddle leaf fig going brown?", "How often should I repot a houseplant?",
          "Which plants survive a dark bathroom?", "Can I use tap water on orchids?"],
         ["Brown edges usually mean uneven watering.", "Repot when roots come out of the bottom.",
          "Snake plants and pothos cope with low light.", "Let tap water stand overnight before using it."]),
    Work(["Why does my printer say it is offline?", "How do I print double-sided on a Mac?",
          "The printer prints blank pages, what now?", "Is it worth buying a laser printer instead?"],
         ["Restart the printer and check it is on the same network.", "Tick two-sided in the print dialog.",
          "Run the head cleaning cycle twice.", "Laser printers cost less per page for text."]),
]

EN_OPEN = ["Anything about you I should keep in mind?", "Tell me a bit about your situation and I can tailor it.",
           "Is there anything else I should know?", "What else is going on for you?"]
EN_TALK = ["Sure.", "That makes sense.", "Happy to help.", "Let me know if that works."]

EN_FACTS = [
    Fact("Where do I work?", "I started at {v} three weeks ago and I am still learning everyone's names",
         ["Halden Logistics", "Brightwater Insurance", "Norcliff Foods", "Tamsin Digital"],
         ["How do I stop checking work email at night?", "Is it normal to feel tired after work every day?", "How do I ask for flexible hours at work?"],
         ["Turn off notifications after a set hour.", "Tiredness after a long day is common; sleep and breaks help.", "Put the request in writing with a trial period."],
         "My brother started at a bank in Leeds and already hates the commute"),
    Fact("What's my blood type?", "I'm {v}, so the donor centre texts me every few months",
         ["O negative", "B negative", "AB negative", "O positive"],
         ["Does blood type matter for diet?", "How can I find out my blood type?", "Which blood type is the rarest?"],
         ["There is no good evidence that blood type should change your diet.", "A donation session or a GP test will tell you.", "AB negative is the rarest group."],
         "My sister is A positive like our dad"),
    Fact("How tall am I?", "at {v} I never fit in these airline seats", ["six foot three", "1.93 m", "190 cm", "six foot four"],
         ["Does being tall make back pain more likely?", "What desk height suits a tall person?"],
         ["Taller people often stoop, which strains the back.", "Raise the desk so your elbows sit at ninety degrees."],
         "My son is already 180 cm at fourteen"),
    Fact("When is my birthday?", "I turn forty on {v} and my sister wants to throw a party",
         ["the 3rd of May", "June 14th", "the 22nd of October", "March 9th"],
         ["What should I do for my birthday this year?", "Is it weird to plan my own birthday?"],
         ["A small dinner with close friends is hard to beat.", "Plenty of people plan their own; it avoids surprises."],
         "My husband turns fifty in August and wants a quiet dinner"),
    Fact("What am I allergic to?", "anything with {v} sets off hives and I carry an EpiPen everywhere",
         ["peanuts", "shellfish", "sesame", "cashews"],
         ["Can you develop an allergy as an adult?", "What is the difference between an allergy and an intolerance?", "Should I tell my employer about an allergy?"],
         ["Yes, allergies can start at any age.", "An intolerance upsets digestion; an allergy involves the immune system.", "It is worth telling whoever orders food at work."],
         "My flatmate gets hives from strawberries"),
    Fact("What diet am I on?", "I'm {v} these days, so the team lunch options are grim",
         ["vegan", "pescatarian", "on keto", "vegetarian"],
         ["Is a high-protein diet healthy?", "How do I stick to a diet when eating out?", "What is the easiest diet to follow?"],
         ["High protein is fine for most healthy adults.", "Look at the menu before you go.", "The easiest one is the one you can keep."],
         "My cousin went vegan in January and lasted a week"),
    Fact("What medication do I take?", "I take {v} every morning before breakfast, so coffee has to wait",
         ["levothyroxine", "metformin", "sertraline", "ramipril"],
         ["Is it safe to drink alcohol on medication?", "What happens if I miss a dose of medication?", "Can I take medication abroad?"],
         ["Check the leaflet; some interact badly with alcohol.", "Take it when you remember unless the next dose is close.", "Carry a copy of the prescription."],
         "My dad takes warfarin and bruises if you look at him"),
    Fact("What health condition do I have?", "my {v} has been playing up since the weather turned cold",
         ["asthma", "eczema", "arthritis", "psoriasis"],
         ["Should I tell my manager about a health condition?", "Do I need to declare a health condition for travel insurance?"],
         ["Only if it affects your work; it is your choice.", "Yes, insurers expect existing conditions to be declared."],
         "My neighbour has diabetes and walks every evening"),
    Fact("What did I study at university?", "I graduated in {v} years ago and have forgotten nearly all of it",
         ["chemistry", "history", "mechanical engineering", "economics"],
         ["Is it worth going back to university at forty?", "What can I study part time?"],
         ["Many people return; pick a course you would finish.", "Evening and online courses suit part-time study."],
         "My niece is doing law at Durham"),
    Fact("How do I get to the office?", "I catch the {v} and get an hour of reading done on the way",
         ["7:40 train", "number 12 bus", "early tram", "eight o'clock ferry"],
         ["How do I ask to spend fewer days in the office?", "What should I keep in my desk drawer at the office?"],
         ["Show what you deliver from home first.", "A charger, painkillers and a spare top."],
         "My wife cycles in every day, rain or shine"),
    Fact("What sport do I play?", "my {v} team lost again on Saturday, so I am sore and grumpy today",
         ["five-a-side", "netball", "hockey", "cricket"],
         ["Which sport is best for fitness over forty?", "How do I avoid injuries when I play sport?"],
         ["Swimming and cycling are gentle on the joints.", "Warm up properly and build up slowly."],
         "My son's rugby club trains on Tuesdays"),
    Fact("What hobby have I taken up?", "most evenings I'm at the {v} class, so I only have mornings free",
         ["pottery", "life drawing", "salsa", "woodworking"],
         ["How do I find a hobby as an adult?", "Is it worth paying for a hobby?"],
         ["Try three things for a month each.", "A hobby you enjoy is worth a fair sum."],
         "My mum took up knitting and makes everyone jumpers"),
    Fact("What kind of home do I live in?", "our {v} has no lift, so carrying the shopping up is a workout",
         ["fourth-floor flat", "top-floor flat", "third-floor flat", "loft apartment"],
         ["How do I make my home feel bigger?", "Is it worth insuring the contents of my home?"],
         ["Mirrors and light colours make rooms feel larger.", "Contents insurance is cheap for what it covers."],
         "My friend lives on a canal boat in London"),
    Fact("How much do I earn?", "I'm on {v} after the raise, which still barely covers the rent",
         ["52k", "48 grand", "41k", "60 grand"],
         ["How do I ask what others earn?", "Should I tell colleagues what I earn?"],
         ["Salary surveys give a fair range.", "It is legal to share, and it helps everyone."],
         "My brother-in-law is on six figures in banking"),
    Fact("Where am I going on holiday?", "we fly to {v} on the 14th, so this needs to be done before then",
         ["Lisbon", "Crete", "Marrakech", "Reykjavik"],
         ["How do I switch off properly on holiday?", "What should I pack for a holiday with hand luggage only?"],
         ["Leave the work laptop at home.", "Roll clothes and take one pair of shoes."],
         "My parents are off to Madeira in March"),
    Fact("How many siblings do I have?", "I have {v} and we are all terrible at keeping in touch",
         ["two brothers", "three sisters", "a twin brother", "two older sisters"],
         ["How do I stay close to siblings who live far away?", "How do siblings split the care of an elderly parent?"],
         ["A regular call on the calendar helps.", "Talk early and write the split down."],
         "My partner is an only child"),
    Fact("Where did I grow up?", "back home in {v} we never had snow like this",
         ["Cork", "Adelaide", "Durban", "Swansea"],
         ["Does where you grow up shape your accent for life?", "How do I explain to my kids where I grew up?"],
         ["Accents shift a little but the roots stay.", "Photos and a visit do more than stories."],
         "My wife was raised in Glasgow"),
]

ZH_WORK = [
    Work(["Python脚本报列表索引越界是怎么回事？", "怎么用pandas读CSV文件？", "能给这个循环加个进度条吗？", "结果怎么写到一个新文件里？", "大文件跑起来为什么这么慢？"],
         ["循环多跑了一步，超出了列表末尾。", "用read_csv传路径，返回一个表。", "tqdm包住循环就能显示进度。", "用写模式打开文件，一行写一条。", "分块读文件内存占用小。", "先测一下哪里慢，再改最慢的地方。"]),
    Work(["能帮我给航空公司写个丢行李的投诉吗？", "语气要多强硬？", "要不要提赔偿规定？", "多久没回复就升级投诉？"],
         ["写清楚发生了什么、什么时候、你要他们做什么。", "冷静讲事实比发火有用。", "第一行写上报失编号。", "等两周，不行就找民航局。", "所有票据都留好。"]),
    Work(["花园背阴的角落种什么好？", "番茄什么时候播种？", "怎么防止蜗牛吃生菜？", "夏天花盆多久浇一次水？", "现在种球根还来得及吗？"],
         ["蕨类和玉簪比较耐阴。", "早春在室内育苗。", "铜胶带和啤酒陷阱都能防蜗牛。", "夏天花盆可能每天都要浇。", "地面冻住之前都能种。"]),
    Work(["季度汇报的幻灯片怎么安排结构？", "做多少页合适？", "什么图最能体现增长？", "总结页怎么写得更有力？", "数字要不要放附录？"],
         ["先讲结果，再讲原因，最后讲计划。", "半小时十到十二页就够。", "简单的折线图最能看出增长。", "每页一个核心数字。", "详细表格放附录。"]),
    Work(["八岁小孩的派对玩什么游戏好？", "十五个小孩要准备多少吃的？", "儿童派对办多长时间合适？", "回礼袋里现在放什么？"],
         ["抢椅子和寻宝游戏永远不会错。", "每份少一点，多准备水果。", "这个年纪两个小时就够了。", "一本小书加一块糖就行。"]),
    Work(["琴叶榕的叶子发黄发黑怎么办？", "盆栽多久换一次盆？", "暗的卫生间养什么植物？", "兰花能直接浇自来水吗？"],
         ["叶子边缘发黑一般是浇水不均匀。", "根从盆底长出来就该换盆了。", "虎尾兰和绿萝比较耐阴。", "自来水放一晚再浇。"]),
    Work(["打印机显示离线是怎么回事？", "苹果电脑怎么双面打印？", "打印机打出来是白纸怎么办？", "值不值得换激光打印机？"],
         ["重启打印机，确认在同一个网络。", "在打印设置里勾选双面。", "清洗两次打印头。", "打文字的话激光打印机每页更便宜。"]),
]

ZH_OPEN = ["关于你的情况，有什么我需要注意的吗？", "说说你的情况，我好给你调整一下。", "还有什么我应该知道的吗？", "你最近还有什么情况？"]
ZH_TALK = ["好的。", "有道理。", "没问题。", "试试看效果。"]

ZH_FACTS = [
    Fact("我在哪上班？", "我三周前进了{v}，同事的名字还没认全", ["顺丰", "美团", "招商银行", "京东"],
         ["下班以后怎么才能不看工作消息？", "每天上班都很累正常吗？", "怎么跟领导申请弹性上班？"],
         ["到点就关掉通知。", "每天累一点很正常，注意睡觉和休息。", "写下来申请，先试行一段时间。"],
         "我哥刚进了一家银行，已经开始抱怨了"),
    Fact("我是什么血型？", "我是{v}血，献血站隔几个月就给我发短信", ["O型", "A型", "B型", "AB型"],
         ["血型跟饮食有关系吗？", "怎么查自己的血型？", "哪种血型最稀有？"],
         ["没有可靠证据说血型要影响饮食。", "献血或者去医院验一下就知道。", "熊猫血最稀有。"],
         "我姐是A型血，跟我爸一样"),
    Fact("我身高多少？", "我{v}，坐经济舱腿都伸不开", ["一米八五", "一米九", "一米八八", "188公分"],
         ["个子高是不是更容易腰疼？", "个子高的人桌子多高合适？"],
         ["高个子容易弯腰驼背，腰更累。", "桌子调到手肘九十度就行。"],
         "我儿子十四岁已经一米八了"),
    Fact("我生日是哪天？", "{v}我就满四十了，我姐非要给我办个派对", ["5月3号", "6月14号", "10月22号", "3月9号"],
         ["今年生日怎么过好？", "自己给自己办生日会奇怪吗？"],
         ["跟几个好朋友吃顿饭最舒服。", "很多人自己办，省得惊喜变惊吓。"],
         "我老公八月满五十，只想安安静静吃顿饭"),
    Fact("我对什么过敏？", "我一碰{v}就浑身起疹子，嘴还会肿", ["芒果", "花生", "海鲜", "菠萝"],
         ["成年以后还会突然过敏吗？", "过敏和不耐受有什么区别？", "过敏要不要告诉公司？"],
         ["会的，什么年纪都可能开始。", "不耐受是消化问题，过敏是免疫反应。", "最好告诉订餐的同事。"],
         "我室友一吃草莓就起疹子"),
    Fact("我平时用什么药？", "我每天早上空腹一片{v}，咖啡只能晚点喝", ["优甲乐", "二甲双胍", "氨氯地平", "阿托伐他汀"],
         ["用药期间能喝酒吗？", "药漏了一次怎么办？", "出国能带药吗？"],
         ["看说明书，有些跟酒精冲突。", "想起来就补上，快到下一次就别补了。", "带上处方复印件。"],
         "我爸每天吃华法林，一碰就青"),
    Fact("我有什么基础病？", "天一冷我的{v}就犯，最近又不舒服了", ["哮喘", "湿疹", "关节炎", "偏头痛"],
         ["基础病要不要告诉领导？", "买保险要申报基础病吗？"],
         ["不影响工作的话可以不说。", "要，保险公司要求如实告知。"],
         "我邻居有糖尿病，每天晚上都去散步"),
    Fact("我大学学的什么专业？", "我当年念的是{v}，现在基本全忘光了", ["化学", "历史", "机械工程", "经济学"],
         ["四十岁再读个专业值得吗？", "在职能读什么专业？"],
         ["很多人回去读，选一个能读完的。", "夜校和网课适合在职读。"],
         "我侄女在武汉读法学"),
    Fact("我怎么去公司？", "我每天坐{v}，路上能看一个小时书", ["7点40的高铁", "12路公交", "地铁2号线", "早班轮渡"],
         ["怎么跟领导申请少去几天公司？", "公司抽屉里该备点什么？"],
         ["先证明在家也能把活干好。", "充电器、止痛药和一件外套。"],
         "我老婆每天骑车，刮风下雨都骑"),
    Fact("我平时做什么运动？", "周六{v}又输了，腿到现在还疼", ["踢球", "打篮球", "打羽毛球", "打网球"],
         ["四十岁以后做什么运动好？", "运动怎么避免受伤？"],
         ["游泳和骑车对关节友好。", "热身做足，慢慢加量。"],
         "我儿子的橄榄球队每周二训练"),
    Fact("我一个月工资多少？", "税后到手{v}，房贷一交就没剩多少了", ["一万二", "八千五", "两万", "一万五"],
         ["怎么打听同行的工资？", "要不要跟同事说自己的工资？"],
         ["看看行业的薪资调查。", "说不说都行，透明对大家有好处。"],
         "我小舅子在券商，一年好几十万"),
    Fact("我住的是什么房子？", "我们那套{v}没电梯，每天拎菜上楼跟健身一样", ["六楼老公房", "顶楼的老房子", "五楼步梯房", "老小区七楼"],
         ["怎么让房子显得大一点？", "房子里的东西值得买保险吗？"],
         ["镜子和浅色让房间显大。", "财产险不贵，保的东西多。"],
         "我朋友在郊区租了个带院子的平房"),
    Fact("我有几个兄弟姐妹？", "我上面有{v}，过年总被拿来比较", ["两个哥哥", "三个姐姐", "一个哥哥一个姐姐", "两个姐姐"],
         ["兄弟姐妹住得远怎么保持联系？", "兄弟姐妹怎么分担照顾老人？"],
         ["定期约个视频。", "早点商量，分工写下来。"],
         "我对象是独生子女"),
    Fact("我是在哪长大的？", "我老家在{v}，那边冬天从来不下这么大的雪", ["湛江", "厦门", "桂林", "海口"],
         ["小时候住的地方会影响口音一辈子吗？", "怎么跟孩子讲我小时候的事？"],
         ["口音会变一点，底子还在。", "看照片、回去走一趟比讲故事管用。"],
         "我老婆是在哈尔滨长大的"),
]


class _Home:
    """One HOME's sessions: working sessions (two subjects each) and topic sessions, as turn lists."""

    def __init__(self, lang: str, n: int, facts: list[Fact], rng: random.Random):
        self.lang, self.rng = lang, rng
        self.work = EN_WORK if lang == "en" else ZH_WORK
        self.talk = EN_TALK if lang == "en" else ZH_TALK
        self.open = EN_OPEN if lang == "en" else ZH_OPEN
        self.sessions: list[list[tuple[str, str]]] = []
        working: list[int] = []
        for f in facts:  # the fact's topic: two or three short sessions in the question's words
            for _ in range(rng.randint(2, 3)):
                k = rng.randint(1, min(2, len(f.topic)))
                self.sessions.append(self._topic(rng.sample(f.topic, k), f.replies))
        while len(self.sessions) < n:
            working.append(len(self.sessions))
            self.sessions.append(self._working())
        order = list(range(len(self.sessions)))
        rng.shuffle(order)
        self.sessions = [self.sessions[i] for i in order]
        where = {old: new for new, old in enumerate(order)}
        self.free = [where[i] for i in working]
        rng.shuffle(self.free)

    def _join(self, sents: list[str]) -> str:
        return (" " if self.lang == "en" else "").join(sents)

    def _end(self, s: str) -> str:
        return s[0].upper() + s[1:] + "." if self.lang == "en" else s + "。"

    def _topic(self, asks: list[str], replies: list[str]) -> list[tuple[str, str]]:
        turns = []
        for a in asks:
            turns.append(("user", a))
            turns.append(("assistant", self._join(self.rng.sample(replies, min(2, len(replies))) + [self.rng.choice(self.talk)])))
        return turns

    def _working(self) -> list[tuple[str, str]]:
        rng, turns = self.rng, []
        for w in rng.sample(self.work, 2):
            for a in rng.sample(w.asks, rng.randint(2, min(4, len(w.asks)))):
                turns.append(("user", a))
                turns.append(("assistant", self._join(rng.sample(w.replies, 3) + [rng.choice(self.talk)])))
        return turns

    def plant(self, line: str) -> int:
        """`line` in a working session: the person's answer to a generic question the assistant asks
        back (given before their next ask), or one item of the constraints they list before an ask."""
        rng = self.rng
        at = self.free.pop()
        turns = self.sessions[at]
        users = [i for i, (r, _) in enumerate(turns) if r == "user"]
        u = rng.choice(users[1:] or users)
        ask = turns[u][1]
        if rng.random() < 0.5:
            prev = turns[u - 1][1]
            turns[u - 1] = ("assistant", self._join([prev, rng.choice(self.open)]))
            turns[u] = ("user", self._join([self._end(line), ask]))
        else:
            other = rng.choice([w for w in self.work if ask not in w.asks])
            if self.lang == "en":
                turns[u] = ("user", f"Some context first: {line}; the deadline is Friday; {other.asks[0][0].lower()}{other.asks[0][1:-1]} is on my list too. {ask}")
            else:
                turns[u] = ("user", f"先说下情况：{line}；周五要交；{other.asks[0][:-1]}这事也还没弄。{ask}")
        return at


def _build(lang: str, sizes: list[int], seed: int, tag: str) -> list:
    facts = EN_FACTS if lang == "en" else ZH_FACTS
    out = []
    for h, n in enumerate(sizes):
        rng = random.Random(seed * 10 + h + (0 if lang == "en" else 5))
        home = _Home(lang, n, facts, rng)
        keys = [f"{tag}{h}-{i + 1:03d}" for i in range(len(home.sessions))]
        qs = []
        for f in facts:
            at = home.plant(f.line.format(v=rng.choice(f.vals)))
            home.plant(f.decoy[0].lower() + f.decoy[1:] if lang == "en" else f.decoy)
            qs.append({"question": f.ask, "keys": [keys[at]], "kind": "user-fact", "lang": lang})
        cwd = "/home/sam/work" if lang == "en" else "/home/lin/work"
        out.append(([(keys[i], cwd, home.sessions[i]) for i in range(len(home.sessions))], qs))
    return out


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME: English (90 and 130 sessions), then Chinese (90 and 130)."""
    return _build("en", [90, 130], seed, "ge") + _build("zh", [90, 130], seed, "gz")
