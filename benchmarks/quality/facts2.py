"""facts2: the person's facts, said once inside a long turn about something else, asked later in
other words (issue 14, session 10, branch `facts2`). A second dev set for the judges' weakest kind
beside `facts`, with a generator of its own (not memeval's `_Home`) and other phrasing, so that a
rule fitted to one set shows on the other:

- the fact is one sentence inside a long turn of the person's about another subject (a budget
  spreadsheet, a cover letter, a trip), between that subject's context and its question: "The rent on
  our flat is 1,450 a month, so that is the biggest line. Which formula sums a column only when...";
- the fact's own topic has sessions of its own (two to four per probe), in which the person asks
  the assistant about that topic in the question's words ("How can I make a long commute less
  tiring?") and the replies explain it in them;
- the fact shares one of the question's words, at most two, the rest said otherwise ("How long is
  my commute?" / "my commute is forty minutes door to door"); values are numbers, names, places;
- one decoy statement per probe about somebody else ("my colleague's commute is two hours");
- HOMEs of 60 to 150 sessions: English 60, 100, 150; Chinese 60 and 100.

`build(seed)` returns per HOME (sessions, questions) as make.make_chat takes them; every probe of the
HOME's language asked once per HOME (kind user-fact, lang en / zh). Written for this set only, by
the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SEED = 20261210


@dataclass
class Topic:
    """A subject people ask about: the person's questions, context lines they give, the replies' sentences."""
    cwd: str
    asks: list[str]
    context: list[str]
    says: list[str]


@dataclass
class Fact:
    """A user fact: the question, the sentence that states it ({slot}s from vals), the topic whose
    sessions ask about the same thing, and a decoy about someone else."""
    ask: str
    line: str
    vals: dict[str, list[str]]
    topic: Topic
    decoy: str
    extra: dict[str, list[str]] = field(default_factory=dict)


EN_FILLER = [
    Topic("/home/sam/finance", [
        "Which spreadsheet formula sums a column only when the next column says paid?",
        "How do I split a shared bill in a spreadsheet so everyone sees what they owe?",
        "What is a sensible emergency fund for a household?",
        "How should I categorise spending so the budget is not a mess?",
    ], [
        "I am trying to sort out the household budget this weekend.", "My spreadsheet has grown to twelve tabs and nobody else understands it.",
        "We want to save for a holiday next summer.", "Every month the numbers never quite add up.",
    ], [
        "SUMIF takes the range to test, the condition, and the range to add, in that order.",
        "Keep one row per transaction and let a pivot table do the grouping.",
        "Three months of fixed costs is a common target for an emergency fund.",
        "Categories work best when there are fewer than ten of them.",
        "Freeze the header row so the column names stay visible while you scroll.",
        "A separate tab for recurring costs makes the monthly total easy to check.",
        "Round numbers in a budget are fine; the point is the direction, not the cents.",
        "Conditional formatting can colour every overdue line red automatically.",
    ]),
    Topic("/home/sam/writing", [
        "Can you tighten the opening paragraph of my cover letter?",
        "How long should a cover letter be these days?",
        "Is it fine to mention a career break in an application?",
        "How do I end an email asking for a reference?",
    ], [
        "I am applying for a team lead position and the deadline is Friday.", "My draft sounds stiff and a bit desperate.",
        "The recruiter said they read every letter.", "I have rewritten this paragraph four times already.",
    ], [
        "Open with the one result you are proudest of, not with the job title you are applying for.",
        "Three short paragraphs are enough for most cover letters.",
        "A career break needs one honest sentence, not an apology.",
        "Cut every sentence that would fit any company equally well.",
        "End with a concrete offer, such as a time you could talk next week.",
        "Active verbs make the letter sound like someone who gets things done.",
        "Read the letter aloud once; stiff phrasing is easier to hear than to see.",
        "Thank the reader for their time in the last line and stop there.",
    ]),
    Topic("/home/sam/trips", [
        "What should I pack for four days of hiking in changeable weather?",
        "How early should I book train tickets for a summer trip?",
        "Is travel insurance worth it for a short European trip?",
        "How do I plan a city weekend without rushing everything?",
    ], [
        "We are planning a long weekend away in June.", "Last time we overpacked and carried half of it back unused.",
        "The forecast for that week keeps changing.", "I would like at least one slow morning on the trip.",
    ], [
        "Layers beat one heavy jacket when the weather keeps changing.",
        "Advance tickets usually open about three months ahead and are cheapest then.",
        "Insurance matters most for the things you cannot easily pay for yourself, such as medical care abroad.",
        "Plan one fixed thing per day and leave the rest open.",
        "A small first aid kit and blister plasters earn their place in any pack.",
        "Booking the first night's stay takes the pressure off arriving late.",
        "Walking between sights shows you more of a city than the metro does.",
        "Keep digital copies of tickets and documents in case the phone dies.",
    ]),
    Topic("/home/sam/src/app", [
        "Why does my Python script get slower as the list grows?",
        "How do I read a large CSV file without running out of memory?",
        "What is the cleanest way to retry a flaky HTTP request?",
        "How should I structure tests for a small command line tool?",
    ], [
        "I am writing a small tool that cleans up exported data.", "The script worked fine on the sample file.",
        "My colleague reviews the code tomorrow morning.", "I would rather not pull in another dependency.",
    ], [
        "Checking membership in a list is linear; a set makes each check constant time.",
        "Read the file in chunks, or iterate over the rows instead of loading them all.",
        "Retry with a growing delay and a cap on the number of attempts.",
        "Test the command line through its main function with a temporary directory.",
        "Profile before optimising; the slow part is rarely where you expect.",
        "A generator keeps only the current row in memory.",
        "Log the failing response body once before retrying, or you will never know why it failed.",
        "Small pure functions are the easiest part of a tool to test.",
    ]),
    Topic("/home/sam/home", [
        "How do I fix a dripping kitchen tap?", "What is the best way to get rid of mould in the bathroom?",
        "Which paint finish is easiest to clean in a hallway?", "How do I stop the front door from sticking in winter?",
    ], [
        "The landlord takes weeks to answer, so I am doing small repairs myself.", "I have a basic toolbox and a free Saturday.",
        "The problem started after the cold spell.", "I do not want to make it worse before a professional sees it.",
    ], [
        "A dripping tap usually needs a new washer or cartridge, which costs very little.",
        "Turn off the water under the sink before you open anything.",
        "Mould comes back unless the room gets ventilated after every shower.",
        "Satin or eggshell paint wipes clean far better than matt.",
        "Wood swells with damp, so a sticking door often needs its hinges tightened, not planing.",
        "Take a photo of every part as you remove it, so it goes back the same way.",
        "A bucket and an old towel under the work save a lot of mopping.",
        "If a fix needs a tool you would use once, renting it is cheaper than buying it.",
    ]),
    Topic("/home/sam/cooking", [
        "How do I make a weeknight curry that is not bland?", "What can I batch cook on Sunday for the whole week?",
        "How do I keep rice from going sticky?", "Which knife should I buy if I only buy one?",
    ], [
        "I only have about half an hour to cook after work.", "We eat a lot of the same five dishes.",
        "I am trying to spend less on takeaways.", "My kitchen is tiny, with two hobs and no real oven.",
    ], [
        "Toast the spices in oil before anything else goes in; that is where the flavour comes from.",
        "Soups, stews and grain salads keep well for four or five days.",
        "Rinse the rice until the water runs clear, then leave the lid on while it rests.",
        "A good chef's knife of about twenty centimetres covers nearly every job.",
        "Cook the onions longer than you think; sweetness takes ten minutes at least.",
        "A squeeze of lemon at the end lifts most dishes more than extra salt does.",
        "Label the containers with the date so nothing hides at the back of the fridge.",
        "Frozen vegetables are picked ripe and are fine for most weeknight cooking.",
    ]),
]

ZH_FILLER = [
    Topic("/home/lin/finance", [
        "表格里怎么只汇总状态是已付的那一列？", "合租的账单怎么在表格里分清楚每人该出多少？", "家里的应急资金留多少合适？", "每月的开销怎么分类比较清楚？",
    ], [
        "这个周末想把家里的账理一理。", "我的表格已经有十几个工作表了，别人都看不懂。", "我们想为明年夏天的旅行存点钱。", "每个月的数字总是对不上。",
    ], [
        "条件求和先写要判断的范围，再写条件，最后写要加总的范围。", "每笔开销一行，分组交给数据透视表来做。",
        "应急资金一般留三个月的固定开销。", "分类最好不要超过十个，多了就没人愿意填。", "把标题行冻结，往下翻的时候列名还在。",
        "固定开销单独放一个工作表，每月的总数一眼就能核对。", "预算里的数字不用精确到分，重要的是趋势。", "用条件格式可以把逾期的行自动标红。",
    ]),
    Topic("/home/lin/writing", [
        "帮我改一下求职信的第一段？", "现在求职信写多长合适？", "申请里提到离职休息的那段时间可以吗？", "请人写推荐信的邮件怎么结尾？",
    ], [
        "我在申请一个组长的职位，周五截止。", "我写的初稿读起来很生硬。", "招聘的人说每封信都会看。", "这一段我已经改了四遍了。",
    ], [
        "开头先写你最自豪的一个成果，而不是你要申请的职位名称。", "大多数求职信三段就够了。", "中间休息的那段时间一句话说清楚就好，不用道歉。",
        "放在哪家公司都成立的句子，全部删掉。", "结尾给一个具体的提议，比如下周哪天可以聊。", "多用主动的动词，读起来像一个做事的人。",
        "写完大声读一遍，生硬的地方耳朵比眼睛先发现。", "最后一句谢谢对方的时间，就可以收尾了。",
    ]),
    Topic("/home/lin/trips", [
        "天气多变的时候徒步四天要带什么？", "暑假的火车票要提前多久订？", "短途出国旅行有必要买保险吗？", "周末去一个城市玩，怎么安排才不赶？",
    ], [
        "我们打算六月出去玩一个长周末。", "上次带的东西太多，一半都原样背回来了。", "那一周的天气预报一直在变。", "这次想至少有一个早上可以慢慢来。",
    ], [
        "天气多变的时候，多穿几层比一件厚外套管用。", "火车票一般提前三个月开售，那时候最便宜。", "保险最重要的是自己付不起的部分，比如在国外看病。",
        "每天只定一件必须做的事，剩下的时间留空。", "小药包和防磨脚贴一定要带。", "第一晚的住处先订好，晚到也不慌。", "在城市里走路比坐地铁看到的多。",
        "车票和证件都存一份电子版，手机没电也有备份。",
    ]),
    Topic("/home/lin/src/app", [
        "为什么列表越大我的 Python 脚本越慢？", "怎么读一个很大的 CSV 文件又不爆内存？", "不稳定的 HTTP 请求怎么重试最干净？", "一个小命令行工具的测试怎么组织？",
    ], [
        "我在写一个清洗导出数据的小工具。", "脚本在样例文件上跑得好好的。", "同事明天上午要看代码。", "不太想再多加一个依赖。",
    ], [
        "在列表里查找是线性的，换成集合每次查找都是常数时间。", "分块读取文件，或者逐行遍历，不要一次全部读进来。", "重试的时候间隔逐渐加长，并且限制重试次数。",
        "命令行工具就从主函数测，用临时目录。", "先做性能分析再优化，慢的地方很少在你以为的地方。", "生成器只在内存里保留当前这一行。",
        "重试之前把失败的响应记一次日志，不然永远不知道为什么失败。", "小的纯函数是工具里最好测的部分。",
    ]),
    Topic("/home/lin/cooking", [
        "工作日晚上怎么做一个不寡淡的咖喱？", "周日可以提前做哪些菜吃一整周？", "米饭怎么煮才不粘？", "只买一把刀的话买哪种？",
    ], [
        "下班以后我只有半个小时做饭。", "我们家翻来覆去就吃那五个菜。", "想少点几次外卖。", "厨房很小，只有两个灶眼，没有烤箱。",
    ], [
        "先用油把香料炒香，味道都是从这一步来的。", "汤、炖菜和杂粮沙拉都能放四五天。", "米淘到水清为止，煮好以后盖着盖子焖一会儿。",
        "一把二十厘米左右的主厨刀几乎什么都能做。", "洋葱要比你想的炒得更久，至少十分钟才出甜味。", "出锅前挤一点柠檬汁，比多放盐更提味。",
        "饭盒上写好日期，冰箱里就不会有被遗忘的剩菜。", "冷冻蔬菜是成熟的时候采摘的，平时做饭完全够用。",
    ]),
]


EN_FACTS = [
    Fact("How long is my commute?",
         "My commute is {n} door to door on the train, so I do most of my reading there",
         {"n": ["forty minutes", "about an hour", "twenty-five minutes", "an hour and a quarter", "fifty minutes"]},
         Topic("/home/sam/notes", ["How can I make a long commute less tiring?", "Is it worth moving closer to work to cut a commute?",
                                "What can I do on a long commute besides scrolling?"],
            ["I spend a lot of time getting to work and back."],
            ["A long commute is easier when part of it is protected time for something you enjoy.",
             "People underestimate how much a long commute costs them in sleep.",
             "Moving closer only pays off if the rent difference is smaller than what the commute costs you.",
             "Podcasts and audiobooks turn a commute into time you actually look forward to."]),
         "My colleague's commute is two hours each way and he is exhausted"),
    Fact("What car do I drive?",
         "The garage says my {car} needs new brake pads before winter, which I had not budgeted for",
         {"car": ["2014 Skoda Octavia", "old Honda Jazz", "Toyota Prius", "Volkswagen Golf estate", "Mazda 3"]},
         Topic("/home/sam/notes", ["Should my next car be electric?", "How often should I service a car I drive mostly in town?",
                                "Is it cheaper to drive or take the train for a long trip?"],
            ["I drive mostly short distances in town."],
            ["An electric car suits you best if you can charge at home and mostly drive short distances.",
             "A car driven only in town needs its oil changed by time, not just by mileage.",
             "For one person the train is often cheaper than driving once parking is counted.",
             "Tyre pressure checked monthly saves fuel and tyres alike."]),
         "My neighbour drives a huge pickup truck that blocks the whole street"),
    Fact("Where does my brother live?",
         "My brother moved to {city} in the spring, so the family group chat is now in two time zones",
         {"city": ["Lisbon", "Toronto", "Melbourne", "Edinburgh", "Osaka"]},
         Topic("/home/sam/notes", ["What should I get my brother for his birthday?", "My brother and I hardly talk any more, how do I reconnect?",
                                "How do I tell my brother he owes me money without a fight?"],
            ["My brother and I used to be close."],
            ["Siblings often reconnect through a shared project more easily than through a serious talk.",
             "A gift that brings back a shared memory means more to a brother than an expensive one.",
             "Money between siblings goes better when you name the amount and a date, calmly and once.",
             "Regular short calls keep a relationship alive better than rare long visits."]),
         "My friend's brother lives in a van and travels all year"),
    Fact("What instrument am I learning?",
         "I started learning the {inst} in January and I practise every evening after dinner",
         {"inst": ["cello", "saxophone", "ukulele", "piano", "violin"]},
         Topic("/home/sam/notes", ["What is the easiest instrument for an adult beginner?", "How long should an adult practise an instrument each day?",
                                "Is it too late to start learning an instrument at forty?"],
            ["I have always wanted to play music."],
            ["Adults learn an instrument faster than they expect because they practise on purpose.",
             "Twenty focused minutes a day beat two unfocused hours at the weekend.",
             "The easiest instrument is the one whose music you already love listening to.",
             "A teacher for the first few months prevents habits that are hard to unlearn."]),
         "My nephew is learning the drums and the whole house can hear it"),
    Fact("How much is my rent?",
         "The rent on our flat is {amt} a month, so that is by far the biggest line",
         {"amt": ["1,450", "980", "2,100", "1,275", "1,600"]},
         Topic("/home/sam/notes", ["Is it better to rent or buy at my age?", "How do I negotiate rent with a landlord?",
                                "What share of my income should go on rent?"],
            ["Housing costs keep going up around here."],
            ["A common rule is to keep rent under a third of take-home pay.",
             "Landlords often accept a smaller rise from a reliable tenant than risk an empty month.",
             "Renting is not throwing money away; it buys flexibility and no repair bills.",
             "Ask what similar flats nearby rent for before you negotiate."]),
         "A friend pays a ridiculous rent for a tiny room in the centre"),
    Fact("What am I allergic to?",
         "I am allergic to {food}, so I always have to check the labels when we eat out",
         {"food": ["peanuts", "shellfish", "sesame", "kiwi", "eggs"]},
         Topic("/home/sam/notes", ["What are the most common food allergies in adults?", "Can you develop an allergy later in life?",
                                "How do I explain a food allergy to a restaurant without sounding fussy?"],
            ["Eating out gets complicated with allergies."],
            ["Adults can develop a food allergy at any age, even to something they ate for years.",
             "Tell the restaurant when you book and again when you order; kitchens prefer to know early.",
             "The most common adult allergies are to shellfish, nuts and fish.",
             "An allergy card in the local language helps when travelling."]),
         "My cousin says she is allergic to cats but keeps two of them"),
    Fact("What is my daughter's name?",
         "My daughter {name} starts school in September, so mornings are about to get busy",
         {"name": ["Maya", "Olivia", "Freya", "Isla", "Chloe"]},
         Topic("/home/sam/notes", ["How do I get my daughter to eat vegetables?", "My daughter is shy with new children, should I worry?",
                                "How much screen time is fine for a five year old daughter?"],
            ["Parenting advice online contradicts itself."],
            ["Children usually accept a vegetable after tasting it eight or ten times, so keep offering it.",
             "Shyness at five is common and usually fades once a child has one close friend.",
             "An hour of screen time a day with a parent nearby is a common guideline at that age.",
             "Name what your daughter did well rather than calling her clever."]),
         "My friend named her daughter after a character in a book"),
    Fact("Which city did I grow up in?",
         "Back in {city}, where I grew up, nobody ate dinner before nine",
         {"city": ["Seville", "Naples", "Porto", "Valencia", "Palermo"]},
         Topic("/home/sam/notes", ["Is it normal to feel homesick for the city you grew up in?", "How do I make a new city feel like home?",
                                "Should I move back to the city I grew up in?"],
            ["I moved away for work years ago."],
            ["Homesickness for the place you grew up is common even decades later.",
             "A new city feels like home once you have a routine there: a café, a walk, a friend.",
             "Moving back works best when you know what you would do there, not only who you would see.",
             "Visiting the city you grew up in as a tourist can show you it has changed too."]),
         "My manager grew up on a farm and still wakes at five"),
    Fact("How far do I run each week?",
         "These days I run {n} kilometres a week, mostly on the canal path",
         {"n": ["thirty", "twenty-five", "forty", "eighteen", "fifty"]},
         Topic("/home/sam/notes", ["How far should a beginner run each week?", "How do I run further without getting injured?",
                                "Is it better to run every day or three times a week?"],
            ["I want to run a half marathon one day."],
            ["Add no more than about ten percent to your weekly distance at a time.",
             "Most of your running should be slow enough to hold a conversation.",
             "Three runs a week with rest days between suits most beginners better than daily runs.",
             "A beginner does well with fifteen to twenty kilometres a week."]),
         "My sister runs marathons and thinks anything under twenty kilometres is a warm-up"),
    Fact("What do I do for work?",
         "In my work as a {job} I am on my feet for ten hours, so evenings are for the sofa",
         {"job": ["nurse", "chef", "pharmacist", "paramedic", "vet"]},
         Topic("/home/sam/notes", ["How do I ask for a raise at work?", "How do I stop thinking about work in the evenings?",
                                "Is it normal to feel bored at work after five years?"],
            ["Work has been intense lately."],
            ["Ask for a raise with a list of what you did this year, not with what you need.",
             "A fixed ritual at the end of the work day tells your head the shift is over.",
             "Boredom after years in a role often means you have mastered it, not that you chose wrong.",
             "Talk to your manager about new work before you go looking elsewhere."]),
         "My partner's work is so flexible he never knows what day it is"),
    Fact("What is my cat called?",
         "Our cat {name} walked across the keyboard and deleted half a paragraph, hence the mess",
         {"name": ["Biscuit", "Mochi", "Pepper", "Luna", "Ziggy"]},
         Topic("/home/sam/notes", ["Why does my cat wake me up at five every morning?", "How do I get my cat to use a scratching post?",
                                "Is it cruel to keep a cat indoors?"],
            ["The cat runs the house, honestly."],
            ["A cat that wakes you at dawn has learned that it works; feed it later and ignore the calls.",
             "Put the scratching post where the cat already scratches, then reward it there.",
             "Indoor cats live longer, as long as they get play and places to climb.",
             "Cats sleep most of the day and are most active at dawn and dusk."]),
         "My neighbour's cat comes into our garden every afternoon"),
    Fact("What medication do I take for my blood pressure?",
         "I take {med} every morning for my blood pressure, so I skip grapefruit",
         {"med": ["amlodipine", "lisinopril", "ramipril", "losartan", "bisoprolol"]},
         Topic("/home/sam/notes", ["How can I lower my blood pressure without more medication?", "When is the best time to measure blood pressure?",
                                "Does coffee raise blood pressure?"],
            ["My doctor wants my numbers lower."],
            ["Less salt, regular walking and less alcohol each lower blood pressure a little; together they add up.",
             "Measure blood pressure at the same time each day, seated, after five quiet minutes.",
             "Coffee raises blood pressure briefly, less so in people who drink it every day.",
             "Never change a medication dose without talking to your doctor."]),
         "My dad refuses to take any medication for his blood pressure"),
    Fact("When is my mum's birthday?",
         "Mum turns seventy on {date}, so I want something special booked by then",
         {"date": ["the twelfth of March", "the third of October", "the twenty-first of June", "the ninth of August", "the first of May"]},
         Topic("/home/sam/notes", ["What is a thoughtful birthday present for a mum who says she wants nothing?",
                                "How do I organise a surprise birthday party without the birthday person finding out?",
                                "Ideas for a birthday dinner that suits older guests?"],
            ["Birthdays in our family are a big deal."],
            ["A mum who wants nothing usually wants time: a day out together planned entirely by you.",
             "A surprise party needs one accomplice close to the birthday person.",
             "A quiet restaurant with a set menu makes a birthday dinner easy for older guests.",
             "A book of photos and notes from the family is a present people keep for years."]),
         "My friend's birthday is the same week as mine so we always celebrate together"),
    Fact("Where does my partner work?",
         "My partner works at {place} and her shifts change every week",
         {"place": ["the children's hospital", "a bakery on the high street", "the city library", "an airport hotel", "the fire station"]},
         Topic("/home/sam/notes", ["How do couples cope when they work different shifts?", "My partner works too much, how do I bring it up?",
                                "How do we share chores when we both work full time?"],
            ["We barely see each other some weeks."],
            ["Couples on different shifts do better with one fixed evening together each week.",
             "Bring up overwork as a worry about them, not a complaint about you.",
             "Split chores by who hates what least rather than by halves.",
             "A shared calendar stops the same argument about plans every week."]),
         "My friend's partner works from home and never leaves the house"),
]

ZH_FACTS = [
    Fact("我通勤要多久？", "我每天通勤单程大概{n}，都是坐地铁，所以书基本在车上看",
         {"n": ["四十分钟", "一个小时", "二十五分钟", "一个半小时", "五十分钟"]},
         Topic("/home/lin/notes", ["通勤时间太长怎么利用起来？", "为了缩短通勤搬家值得吗？", "通勤路上除了刷手机还能干什么？"], ["每天上下班路上花的时间太多了。"],
            ["通勤时间长的话，把其中一段固定用来做自己喜欢的事会好受很多。", "很多人低估了长时间通勤对睡眠的影响。",
             "只有房租的差价比通勤的成本小，搬家才划算。", "播客和有声书能让通勤变成期待的时间。"]),
         "我同事通勤单程两个小时，天天累得不行"),
    Fact("我哥哥住在哪个城市？", "我哥哥春天搬去了{city}，家里的群现在有两个时区",
         {"city": ["里斯本", "多伦多", "墨尔本", "大阪", "温哥华"]},
         Topic("/home/lin/notes", ["哥哥生日送什么礼物好？", "我和哥哥现在很少说话，怎么重新亲近起来？", "怎么跟哥哥提他欠我的钱又不吵架？"], ["我和哥哥以前关系很好。"],
            ["兄弟姐妹一起做一件事，往往比认真谈一次更容易重新亲近。", "能唤起共同回忆的礼物，比贵的礼物更让哥哥高兴。",
             "兄弟之间谈钱，心平气和地说清楚数目和日期，只说一次。", "经常打个短电话，比很久见一次面更能维持关系。"]),
         "我朋友的哥哥住在房车里，一年到头到处跑"),
    Fact("我对什么过敏？", "我对{food}过敏，所以在外面吃饭都要先问清楚配料",
         {"food": ["花生", "虾", "芝麻", "猕猴桃", "鸡蛋"]},
         Topic("/home/lin/notes", ["成年人最常见的食物过敏有哪些？", "长大以后还会突然过敏吗？", "怎么跟餐厅说过敏又不显得挑剔？"], ["在外面吃饭对过敏的人来说很麻烦。"],
            ["成年人任何年龄都可能出现食物过敏，哪怕是吃了很多年的东西。", "订位的时候说一次，点菜的时候再说一次，厨房都希望早点知道。",
             "成年人最常见的是对贝类、坚果和鱼过敏。", "出国旅行带一张当地语言写的过敏卡片很有用。"]),
         "我表姐说她对猫过敏，可是家里养了两只"),
    Fact("我女儿叫什么名字？", "我女儿{name}九月就要上小学了，早上马上要忙起来了",
         {"name": ["朵朵", "安安", "乐乐", "小雨", "悠悠"]},
         Topic("/home/lin/notes", ["女儿不爱吃蔬菜怎么办？", "女儿见到陌生小朋友很害羞，要担心吗？", "五岁的女儿每天看多久屏幕合适？"], ["网上的育儿建议互相矛盾。"],
            ["孩子一般要尝八到十次才会接受一种蔬菜，所以要一直放在桌上。", "五岁害羞很常见，有了一个好朋友以后通常就好了。",
             "这个年龄每天一个小时屏幕时间、大人在旁边，是常见的建议。", "夸女儿具体做得好的地方，而不是夸她聪明。"]),
         "我朋友用书里一个角色的名字给女儿起了名"),
    Fact("我房租多少钱？", "我们这套房子每个月房租{amt}，是开销里最大的一项",
         {"amt": ["四千五", "三千二", "六千八", "五千", "二千八"]},
         Topic("/home/lin/notes", ["我这个年纪租房还是买房划算？", "怎么跟房东谈房租？", "房租占收入多少比较合适？"], ["这边的房价一直在涨。"],
            ["一般建议房租不要超过到手收入的三分之一。", "房东通常宁愿少涨一点租金，也不想房子空一个月。",
             "租房不是白扔钱，它买的是灵活，还不用管维修。", "谈之前先打听一下附近差不多的房子租多少。"]),
         "我朋友在市中心租一个小单间，房租贵得离谱"),
    Fact("我在学什么乐器？", "我从一月开始学{inst}，每天吃完晚饭练一会儿",
         {"inst": ["大提琴", "萨克斯", "尤克里里", "钢琴", "古筝"]},
         Topic("/home/lin/notes", ["成年人学什么乐器最容易上手？", "成年人学乐器每天练多久合适？", "四十岁开始学乐器晚不晚？"], ["我一直想学点音乐。"],
            ["成年人学乐器比想象的快，因为他们练得有目的。", "每天专心练二十分钟，比周末糊弄两个小时强。",
             "最容易的乐器，就是你本来就爱听的那种音乐用的乐器。", "头几个月找个老师，能避免以后很难改的坏习惯。"]),
         "我外甥在学架子鼓，全楼都听得见"),
    Fact("我开的是什么车？", "修车厂说我那辆{car}入冬前得换刹车片，这笔钱我没算进去",
         {"car": ["大众朗逸", "丰田卡罗拉", "本田飞度", "比亚迪秦", "马自达三"]},
         Topic("/home/lin/notes", ["下一辆车买电车好吗？", "平时只在市区开的车多久保养一次？", "长途出行开车和坐高铁哪个便宜？"], ["我平时开车主要在市区短途。"],
            ["能在家充电、平时短途为主的话，电车最合适。", "只在市区开的车，机油要按时间换，不能只看里程。",
             "一个人出行的话，算上停车费，高铁往往比开车便宜。", "每个月查一次胎压，省油也省轮胎。"]),
         "我邻居开一辆很大的皮卡，把整条路都堵了"),
    Fact("我一周跑多少公里？", "现在我的跑量是一周{n}公里左右，大多在河边跑",
         {"n": ["三十", "二十五", "四十", "十八", "五十"]},
         Topic("/home/lin/notes", ["新手一周跑多少公里合适？", "怎么跑得更远又不受伤？", "每天跑好还是一周跑三次好？"], ["我想有一天跑个半马。"],
            ["每周的跑量一次最多加百分之十左右。", "大部分的跑步应该慢到还能说话。",
             "对新手来说，一周跑三次、中间休息，比天天跑更合适。", "新手一周跑十五到二十公里就很好。"]),
         "我姐姐跑马拉松，觉得二十公里以下都只是热身"),
]

EN_CHATTER = [
    "That is a common situation, so you are in good company.", "Let me know if you want me to go through it step by step.",
    "It is worth trying the simplest version first.", "There is no single right answer here, but there is a sensible default.",
    "Happy to look at it again once you have tried this.", "Small changes you keep up beat big ones you drop after a week.",
]
ZH_CHATTER = [
    "这种情况很常见，不用太担心。", "需要的话我可以一步一步带你过一遍。", "先试最简单的办法。", "这里没有唯一正确的答案，但有一个稳妥的默认做法。",
    "你试过以后我们再看。", "能坚持的小改变比坚持不了的大改变管用。",
]


class _Gen:
    """One HOME: sessions as lists of turns, each turn (role, sentences)."""

    def __init__(self, lang: str, n: int, filler: list[Topic], facts: list[Fact], chatter: list[str], rng: random.Random):
        self.lang, self.rng, self.chatter = lang, rng, chatter
        self.topics: list[Topic] = []
        for f in facts:  # the fact's topic: two to four sessions of its own
            self.topics += [f.topic] * rng.randint(2, 4)
        self.topics += [filler[i % len(filler)] for i in range(max(0, n - len(self.topics)))]
        rng.shuffle(self.topics)
        self.turns = [self._session(t) for t in self.topics]
        self.used: set[int] = set()

    def _join(self, sents: list[str]) -> str:
        en = self.lang == "en"
        sents = [s if s[-1:] in ".!?。！？" else s + ("." if en else "。") for s in sents]
        return (" " if en else "").join(sents)

    def _session(self, t: Topic) -> list[tuple[str, list[str]]]:
        rng, turns = self.rng, []
        asks = rng.sample(t.asks, len(t.asks))
        for i in range(rng.randint(3, 7)):
            user = [asks[i % len(asks)]]
            if rng.random() < 0.4:
                user.insert(0, rng.choice(t.context))
            turns.append(("user", user))
            k = rng.randint(4, 8)
            says = rng.sample(t.says, min(k, len(t.says))) + rng.sample(self.chatter, rng.randint(0, 2))
            rng.shuffle(says)
            turns.append(("assistant", says))
        return turns

    def place(self, f: Fact, value: dict[str, str]) -> int:
        """The fact inside a long user turn of a filler session: that subject's context, the fact, its question."""
        rng = self.rng
        free = [i for i, t in enumerate(self.topics) if t is not f.topic and i not in self.used and t.cwd.split("/")[-1] != "notes"]
        at = rng.choice(free)
        self.used.add(at)
        t = self.topics[at]
        users = [i for i, (r, _) in enumerate(self.turns[at]) if r == "user"]
        u = rng.choice(users)
        line = f.line.format(**value)
        ctx = rng.sample(t.context, 2)
        self.turns[at][u] = ("user", [ctx[0], line, ctx[1], self.turns[at][u][1][-1]])
        return at

    def decoy(self, f: Fact, avoid: int) -> None:
        rng = self.rng
        at = rng.choice([i for i in range(len(self.turns)) if i != avoid])
        users = [i for i, (r, _) in enumerate(self.turns[at]) if r == "user"]
        u = rng.choice(users)
        self.turns[at][u][1].insert(0, f.decoy)


def _build(lang: str, sizes: list[int], filler: list[Topic], facts: list[Fact], chatter: list[str], seed: int, tag: str) -> list:
    out = []
    for h, n in enumerate(sizes):
        rng = random.Random(seed * 100 + h + (0 if lang == "en" else 50))
        g = _Gen(lang, n, filler, facts, chatter, rng)
        keys = [f"{tag}{h}-{i + 1:03d}" for i in range(len(g.turns))]
        qs = []
        for f in facts:
            value = {k: rng.choice(v) for k, v in f.vals.items()}
            at = g.place(f, value)
            g.decoy(f, at)
            qs.append({"question": f.ask, "keys": [keys[at]], "kind": "user-fact", "lang": lang})
        sessions = [(keys[i], g.topics[i].cwd, [(r, g._join(s)) for r, s in g.turns[i]]) for i in range(len(g.turns))]
        out.append((sessions, qs))
    return out


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones (60, 100, 150 sessions), then the Chinese ones (60, 100)."""
    return (_build("en", [60, 100, 150], EN_FILLER, EN_FACTS, EN_CHATTER, seed, "fe")
            + _build("zh", [60, 100], ZH_FILLER, ZH_FACTS, ZH_CHATTER, seed, "fz"))
