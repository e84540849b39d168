"""facts4: a fact said once in passing inside a long session that wanders over several subjects, and
what the assistant suggested inside a list (issue 14, session 12, branch `facts4`). A fourth dev set
for the two kinds the judges rank lowest at hit@5, with a generator of its own and another shape
than `facts2` (the fact between a filler turn's context and its question) and `facts3` (an aside in
a chat about one other subject):

- every session but the topic ones is a ramble: three or four subjects in a row, each one to three
  exchanges, the way a long working day's chat drifts (a spreadsheet, then a recipe, then a letter);
- a user fact is a clause of one turn of one subject of a ramble ("By the way, ..." or inside the
  context); about half name the question's thing plainly ("my wife is on nights at the hospital
  this week as a midwife", 我家狗是柯基), the others name it otherwise, as people do: the question
  asks for the "car", the turn says "the Skoda Octavia"; "my daughter" / "my youngest"; "pet" / "the
  cat"; "language" / "Portuguese"; 宠物 / 家里的猫; 女儿 / 小的;
- per user fact two to three short sessions on its topic where the person asks in the question's
  words without the value, and two decoys: somebody else's value in the question's words, and a
  ramble turn where the person mentions their own thing without the value;
- an assistant fact is one item of a numbered list of four or five suggestions the assistant gave
  in one subject of a ramble; the question names the item by what it is for ("the book you
  suggested for negotiating", 你推荐的那本讲谈判的书); decoys: other lists of the same kind of thing
  for other needs, and a topic session where the person asks about the need and the reply gives
  general advice with no list;
- English and Chinese HOMEs (English 84 and 126 sessions, Chinese 80 and 120).

`build(seed)` returns per HOME (sessions, questions) as make.make_chat takes them (kinds user-fact
and assistant, lang en / zh). Written for this set only, by the engineer who tunes on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SEED = 20261207


@dataclass
class Subject:
    """A ramble's subject: the person's asks (a context sentence may lead one) and the reply's sentences."""
    asks: list[str]
    context: list[str]
    replies: list[str]


@dataclass
class Fact:
    """A user fact: the question, the clause stating it ({v}: one of vals), the topic sessions' asks
    in the question's words, the person's mention of the thing without the value, a decoy of
    somebody else's value, the topic replies."""
    ask: str
    line: str
    vals: list[str]
    topic: list[str]
    mention: str
    decoy: str
    replies: list[str]


@dataclass
class Pick:
    """An assistant fact: the question; the request that got the list; the list's items (the first
    answers, the others are other needs); the same kind of list for other needs (decoys); the topic
    ask in the question's words and its general reply."""
    ask: str
    request: str
    items: list[str]
    other_lists: list[tuple[str, list[str]]]
    topic: str
    general: list[str] = field(default_factory=list)


EN_SUBJECTS = [
    Subject(["How do I freeze the top row in a spreadsheet?", "Can you write a formula that sums a column only when the next column says paid?",
             "Why does my chart show the months out of order?"],
            ["I keep the household budget in a spreadsheet.", "The sheet has grown to three hundred rows."],
            ["Use View, then Freeze, then one row.", "SUMIF takes the range to test, the test and the range to add.",
             "The months are text, so they sort alphabetically; use real dates instead.", "Named ranges make long formulas readable."]),
    Subject(["How long do I roast a chicken of two kilos?", "What can I use instead of buttermilk in pancakes?",
             "How do I stop rice sticking to the pan?"],
            ["I am cooking for six on Sunday.", "The oven runs a little hot."],
            ["Roughly twenty minutes per half kilo plus twenty, at 190 degrees.", "Milk with a spoon of lemon juice works like buttermilk.",
             "Rinse the rice first and leave the lid on while it rests.", "Rest roast meat for fifteen minutes before carving."]),
    Subject(["Can you make this cover letter sound less stiff?", "How long should a resignation letter be?",
             "How do I end an email to a manager I have never met?"],
            ["I am applying for a job in logistics.", "I have rewritten this paragraph five times."],
            ["Start with what you did, not with how keen you are.", "Three or four sentences are enough for a resignation letter.",
             "Kind regards is safe for a first email.", "Cut every sentence that would fit any application."]),
    Subject(["Why is my Wi-Fi slow upstairs?", "How do I reset a router without losing the settings?",
             "Is a mesh network worth it for a small house?"],
            ["The router is in the hallway downstairs.", "The internet drops every evening around eight."],
            ["Walls and floors weaken the signal; move the router higher and central.", "Export the settings from the admin page before a reset.",
             "A mesh kit helps when one room is far from the router.", "Change the channel if the neighbours use the same one."]),
    Subject(["How do I get a red wine stain out of a carpet?", "What is the quickest way to descale a kettle?",
             "How often should I wash the bed sheets?"],
            ["We had people round last night.", "The flat is a mess this week."],
            ["Blot, never rub, then use cold water and a little washing-up liquid.", "Boil half water and half vinegar, then rinse twice.",
             "Once a week is the usual advice for sheets.", "Baking soda lifts smells out of fabric."]),
    Subject(["How do I ask for a deadline to be moved?", "What should go in a weekly status update?",
             "How do I say no to a meeting politely?"],
            ["The project is two weeks behind.", "My manager likes everything in writing."],
            ["Ask early and offer a new date with a reason.", "Done, next, blocked: three short lists are enough.",
             "Ask what the meeting needs from you; often a written note will do.", "Keep updates short enough to read on a phone."]),
    Subject(["Why does my bread come out dense?", "How long does dough need to rise in a cold kitchen?",
             "Can I bake bread without a tin?"],
            ["I have started baking at weekends.", "The kitchen is cold in winter."],
            ["Dense bread is usually under-proved or too little water.", "In a cold kitchen the rise can take twice as long.",
             "A free-form loaf on a tray works fine.", "Steam in the first ten minutes gives a better crust."]),
]

EN_FACTS = [
    Fact("What car do I drive?", "the {v} is in the garage again, so I am getting the bus all week",
         ["Skoda Octavia", "Toyota Yaris", "Honda Jazz", "Ford Focus"], ["Which car is cheapest to run?", "How often should a car be serviced?", "Is it worth buying an electric car?"],
         "I hardly use the car in winter.", "My brother just bought a car, a Tesla, and talks about nothing else",
         ["Small petrol cars are usually cheapest to run.", "A service once a year keeps most cars healthy.", "Electric cars cost less per mile but more up front."]),
    Fact("What breed is my dog?", "the dog is {v} and needs two long walks a day, so my evenings are short", ["a whippet", "a spaniel", "a beagle", "a greyhound"],
         ["What dog breed is best for a flat?", "How much exercise does a dog need?", "How do I stop my dog pulling on the lead?"],
         "My dog sleeps on the sofa all afternoon.", "My neighbour's dog is a husky and howls at night",
         ["Small calm breeds cope best in flats.", "Most dogs need an hour or more of walking a day.", "Stop walking whenever the lead goes tight."]),
    Fact("Which gym did I join?", "I signed up at {v} last month and the classes start at six", ["PureGym", "Anytime Fitness", "The Gym Group", "Better Leisure"],
         ["Is a gym membership worth it?", "What should I do on my first day at the gym?", "How often should a beginner go to the gym?"],
         "I keep finding excuses not to go to the gym.", "My colleague joined a gym called Iron House and quit after a week",
         ["A membership pays off if you go twice a week or more.", "Start with machines and a short plan on day one.", "Three sessions a week is plenty for a beginner."]),
    Fact("Where does my daughter go to school?", "my youngest started at {v} in September and the drop-off is chaos",
         ["Hillside Primary", "St Anne's", "Brook Lane Primary", "Meadow Park School"],
         ["How do I help my daughter settle at a new school?", "What should a school report tell me?", "How much homework is normal at primary school?"],
         "My daughter reads every night before bed.", "My sister's daughter goes to a boarding school in York",
         ["Settling takes most children half a term.", "A report should say what comes next, not only marks.", "Ten to twenty minutes a night is common at primary school."]),
    Fact("What pet do I have?", "{v} knocked a mug off the desk this morning, so this keyboard is sticky",
         ["the cat", "our parrot", "the rabbit", "the ferret"],
         ["Which pet is easiest to look after?", "How much does a pet cost each month?", "Can I leave a pet alone for a weekend?"],
         "The pet insurance renewal came in higher this year.", "My friend has a pet snake that eats frozen mice",
         ["Fish and cats need the least daily time.", "Food, insurance and vets add up to a fair sum each month.", "Most pets need someone to check on them daily."]),
    Fact("What instrument does my son play?", "my son practises {v} in the next room every evening, so I work with headphones on",
         ["the trumpet", "the cello", "the drums", "the violin"],
         ["At what age should my son start music lessons?", "How long should a child practise an instrument?", "Is it worth buying an instrument or renting?"],
         "My son wants to join a band at school.", "My nephew plays the bagpipes, to the neighbours' despair",
         ["Six or seven is a common age to start lessons.", "Short daily practice beats a long weekly one.", "Rent an instrument for the first year."]),
    Fact("Where did I go on my honeymoon?", "the last proper week off I had was our honeymoon in {v}, years ago now",
         ["Crete", "the Azores", "Lake Como", "Kyoto"],
         ["Where is good for a honeymoon in spring?", "How much does a honeymoon usually cost?", "Should we book the honeymoon through an agent?"],
         "We still talk about our honeymoon.", "My cousin went to the Maldives on her honeymoon",
         ["Southern Europe is warm and quiet in spring.", "Costs vary hugely; set a budget first.", "An agent helps with long multi-stop trips."]),
    Fact("What is my wife's job?", "my wife is on nights at the hospital this week as {v}, so I do the school run",
         ["a midwife", "an anaesthetist", "a radiographer", "a ward nurse"],
         ["How do couples cope when one works nights?", "How can I support my wife in a stressful job?", "Is it normal for my wife to be tired all the time?"],
         "My wife loves her job but it is exhausting.", "My friend's wife is a pilot and is never home",
         ["Shared calendars and protected sleep help with night work.", "Ask what would help, rather than guessing.", "Long-term tiredness is worth a check with a doctor."]),
    Fact("Which language am I learning?", "I do twenty minutes of {v} on the train each morning", ["Portuguese", "Korean", "Dutch", "Greek"],
         ["What is the fastest way to learn a language?", "Are language apps any good?", "How long does it take to learn a language?"],
         "I keep forgetting the language vocabulary I learn.", "My boss is learning Mandarin for a posting in Shanghai",
         ["Speaking early and often is fastest.", "Apps help with vocabulary, less with speaking.", "Basic conversation takes months, fluency years."]),
    Fact("What is my cat's name?", "my cat {v} walked across the keyboard and sent that half-finished message, sorry",
         ["Miso", "Pepper", "Tofu", "Juniper"],
         ["How do I stop my cat scratching the sofa?", "How often should a cat see the vet?", "Why does my cat wake me at five?"],
         "My cat ignores every toy I buy.", "My mum's cat is called Sir Whiskers",
         ["A scratching post near the sofa redirects most cats.", "A yearly check is enough for a healthy adult cat.", "Cats wake early for food; feed later in the evening."]),
]

EN_PICKS = [
    Pick("Which book did you suggest for getting better at negotiating?",
         "Can you suggest some books for the train? I want to get better at work things.",
         ["Never Split the Difference, on negotiating", "Deep Work, on focus", "The Manager's Path, on leading a team",
          "Made to Stick, on explaining ideas", "Atomic Habits, on routines"],
         [("Any books for a long flight? I like history.", ["SPQR, a history of Rome", "The Silk Roads, on trade", "Salt, a history of a mineral", "Guns, Germs and Steel"]),
          ("What books would my nephew like? He is twelve.", ["Holes", "Wonder", "The Hobbit", "Percy Jackson"])],
         "How do I get better at negotiating a salary?",
         ["Know your market rate before the conversation.", "Let them name a number first if you can.", "Practise the words aloud."]),
    Pick("What was the hotel you recommended in Lisbon?",
         "We have three nights in Lisbon and one in Porto. Where should we stay?",
         ["Lisbon: Memmo Alfama, small with a view over the river", "Porto: Torel Avantgarde, above the Douro",
          "Sintra for a day trip: no need to stay over", "Lisbon budget option: Lisboa Central Hostel"],
         [("Where should we stay in Madrid for a weekend?", ["Hotel Urban", "Only You Boutique", "Room Mate Oscar", "Hostal Adria"]),
          ("Any hotel in Seville with a pool?", ["Hotel Alfonso XIII", "EME Catedral", "Hotel Colón", "Casa del Poeta"])],
         "Is it better to stay in Alfama or Baixa in Lisbon?",
         ["Baixa is flatter and central.", "Alfama is charming but steep.", "Both are walkable to the river."]),
    Pick("Which podcast did you recommend for learning about economics?",
         "I need some podcasts for my runs, a mix of things.",
         ["Planet Money, on economics", "Radiolab, on science stories", "99% Invisible, on design", "Hardcore History, long history episodes"],
         [("Podcasts for a road trip with the kids?", ["Wow in the World", "Brains On", "Story Pirates", "Circle Round"]),
          ("Any comedy podcasts?", ["Comedy Bang Bang", "My Dad Wrote a Porno", "Off Menu", "The Adam Buxton Podcast"])],
         "How do I start learning about economics?",
         ["Start with supply and demand.", "Read a short introduction first.", "Follow one topic in the news for a month."]),
    Pick("What laptop stand did you suggest for my neck pain?",
         "Can you list some things for my home desk? My neck hurts by the afternoon.",
         ["Roost laptop stand, to raise the screen to eye level", "a separate keyboard and mouse", "a footrest", "a daylight desk lamp"],
         [("Ideas for a small kitchen?", ["a magnetic knife strip", "stacking pans", "an over-sink board", "a wall rail"]),
          ("What should I buy for a new baby?", ["a sling", "a car seat", "muslins", "a baby monitor"])],
         "Why does my neck hurt after working at a laptop?",
         ["Looking down at a screen strains the neck.", "Raise the screen and take breaks.", "Stretch every hour."]),
    Pick("Which film did you recommend for a rainy Sunday?",
         "Give me some films for the week: tonight something scary, a rainy Sunday, and one for the kids.",
         ["for a rainy Sunday: Paddington 2", "tonight, scary: The Babadook", "with the kids: Coco", "if you want a classic: Casablanca"],
         [("Any films about space?", ["Apollo 13", "Interstellar", "The Martian", "Gravity"]),
          ("Films for learning Spanish?", ["Roma", "Volver", "Pan's Labyrinth", "The Motorcycle Diaries"])],
         "What should I do on a rainy Sunday?",
         ["Bake something slow.", "Go to a museum early.", "Finish a puzzle."]),
    Pick("What running shoes did you suggest for my flat feet?",
         "I need new shoes: running on flat feet, something for the office, and hiking boots.",
         ["for running with flat feet: Brooks Adrenaline", "for the office: plain leather derbies", "for hiking: Salomon X Ultra", "for the gym: any flat trainers"],
         [("Which trail shoes for mud?", ["Inov-8 Mudclaw", "Salomon Speedcross", "La Sportiva Bushido", "Hoka Speedgoat"]),
          ("Shoes for a wedding?", ["brown brogues", "black oxfords", "loafers", "suede chukkas"])],
         "Can I run with flat feet?",
         ["Most people with flat feet run fine.", "Build up slowly.", "See a physio if it hurts."]),
]

ZH_SUBJECTS = [
    Subject(["表格里怎么冻结第一行？", "怎么写一个公式只加已付款的那几行？", "图表里的月份为什么顺序是乱的？"],
            ["家里的账都记在一个表格里。", "这个表已经三百多行了。"],
            ["点视图，再点冻结首行。", "用SUMIF，先写条件区域，再写条件和求和区域。", "月份是文字，所以按拼音排序，改成日期就好。", "给区域起名字，公式会好读很多。"]),
    Subject(["两公斤的鸡烤多久？", "做松饼没有酪乳用什么代替？", "米饭怎么才不粘锅？"],
            ["周日要做六个人的饭。", "我家烤箱温度偏高。"],
            ["大概每半公斤二十分钟，再加二十分钟，一百九十度。", "牛奶加一勺柠檬汁可以代替酪乳。", "米先淘一下，焖的时候别开盖。", "烤肉出炉后静置十五分钟再切。"]),
    Subject(["这封求职信能不能改得自然一点？", "辞职信写多长合适？", "给没见过的领导发邮件怎么结尾？"],
            ["我在申请一个物流方面的工作。", "这一段我已经改了五遍了。"],
            ["先写你做成了什么，不要先说你有多想要。", "辞职信三四句话就够了。", "第一次发邮件写此致敬礼比较稳妥。", "每句放在哪份申请里都成立的话就删掉。"]),
    Subject(["为什么楼上的网特别慢？", "路由器怎么重置又不丢设置？", "小房子值得买网状路由吗？"],
            ["路由器放在一楼走廊里。", "每天晚上八点左右网就断。"],
            ["墙和楼板会削弱信号，路由器放高一点、放中间。", "重置前先在管理页面导出设置。", "有房间离路由器很远的时候，网状路由才有用。", "邻居用同一个信道的话就换一个。"]),
    Subject(["地毯上的红酒渍怎么去掉？", "水壶除垢最快的办法是什么？", "床单多久洗一次？"],
            ["昨晚家里来了客人。", "这周家里乱得不行。"],
            ["先用纸吸，千万别搓，再用冷水加一点洗洁精。", "一半水一半白醋烧开，再冲两遍。", "床单一般一周洗一次。", "小苏打能去掉布料上的味道。"]),
    Subject(["怎么跟领导说要推迟截止日期？", "周报应该写些什么？", "怎么礼貌地拒绝一个会？"],
            ["项目已经落后两周了。", "我们领导什么都要书面的。"],
            ["早点说，给一个新日期和理由。", "做完的、下一步、卡住的，三条就够了。", "问清楚会上需要你什么，很多时候写个说明就行。", "周报短到手机上能看完最好。"]),
    Subject(["面包为什么烤出来很实？", "厨房冷的时候面团要发多久？", "没有模具能烤面包吗？"],
            ["我周末开始学着烤面包。", "冬天厨房特别冷。"],
            ["面包发实一般是发酵不够或者水太少。", "厨房冷的话发酵时间可能要翻倍。", "直接放烤盘上烤一个圆面包也行。", "前十分钟加点蒸汽，外皮会更好。"]),
]

ZH_FACTS = [
    Fact("我开的是什么车？", "我那辆{v}又进修理厂了，这一周只能坐公交", ["丰田卡罗拉", "大众朗逸", "本田思域", "日产轩逸"],
         ["什么车养起来最便宜？", "车多久保养一次？", "现在买电动车值不值？"], "冬天我基本不怎么开车。", "我哥刚买了一辆车，特斯拉，天天挂在嘴上",
         ["排量小的燃油车一般养起来最便宜。", "大部分车一年保养一次就够了。", "电动车每公里便宜，但买的时候贵。"]),
    Fact("我家狗是什么品种？", "我家狗是{v}，每天早晚要遛两次，所以晚上基本没空", ["柯基", "柴犬", "比熊", "边牧"],
         ["住公寓养什么品种的狗好？", "狗每天要运动多久？", "狗遛的时候老往前拽怎么办？"], "我家狗一下午都睡在沙发上。", "我邻居家的狗是哈士奇，半夜老叫",
         ["性格安静的小型犬最适合住公寓。", "大部分狗每天要遛一个小时以上。", "绳子一绷紧就停下来别走。"]),
    Fact("我在哪家健身房办的卡？", "上个月在{v}办了年卡，团课六点开始", ["乐刻", "超级猩猩", "威尔仕", "一兆韦德"],
         ["健身房办卡值不值？", "第一次去健身房练什么？", "新手一周去几次健身房？"], "我老是找借口不去健身房。", "我同事在铁馆办了卡，去了一周就不去了",
         ["一周去两次以上，办卡才划算。", "第一天先用器械，定个简单的计划。", "新手一周三次足够了。"]),
    Fact("我女儿在哪上学？", "小的九月份进了{v}，每天送她上学都跟打仗一样", ["实验小学", "育才小学", "外国语小学", "东风路小学"],
         ["女儿刚转学怎么帮她适应？", "成绩单应该看什么？", "小学生每天作业多少算正常？"], "我女儿每天睡前都要看书。", "我姐姐的女儿在上海读寄宿学校",
         ["大部分孩子半个学期就能适应。", "成绩单要看下一步，不只是分数。", "小学每天二十分钟左右的作业很常见。"]),
    Fact("我养的是什么宠物？", "{v}早上把杯子从桌上碰下去了，键盘现在黏糊糊的", ["家里的猫", "我们的鹦鹉", "那只兔子", "家里的仓鼠"],
         ["哪种宠物最好养？", "养宠物一个月要花多少钱？", "周末能把宠物单独留在家吗？"], "宠物保险今年续费又涨了。", "我朋友养了一条蛇，喂冻老鼠",
         ["鱼和猫每天花的时间最少。", "粮食、保险、看病加起来每个月不少钱。", "大部分宠物每天都得有人去看看。"]),
    Fact("我儿子学的什么乐器？", "我儿子每天晚上在隔壁练{v}，我只好戴着耳机工作", ["小号", "大提琴", "架子鼓", "小提琴"],
         ["儿子几岁开始学乐器好？", "孩子每天练琴练多久？", "乐器买还是租划算？"], "我儿子想参加学校的乐队。", "我外甥学风笛，邻居快疯了",
         ["六七岁开始学比较常见。", "每天短时间练比一周练一次长的好。", "第一年先租乐器。"]),
    Fact("我老婆是做什么工作的？", "我老婆这周在医院上夜班，她是{v}，所以我负责接送孩子", ["助产士", "麻醉师", "放射科技师", "病房护士"],
         ["一个人上夜班夫妻怎么安排？", "老婆工作压力大我能做什么？", "老婆总是很累正常吗？"], "我老婆很喜欢她的工作，就是太累。", "我朋友的老婆是飞行员，几乎不在家",
         ["共享日历，保证睡觉时间，夜班就好过一些。", "问她需要什么，别自己猜。", "一直很累的话最好去看看医生。"]),
    Fact("我在学哪门语言？", "我每天早上在地铁上学二十分钟{v}", ["葡萄牙语", "韩语", "荷兰语", "希腊语"],
         ["学语言最快的方法是什么？", "学语言的软件有用吗？", "学一门语言要多久？"], "我学的语言单词老是记不住。", "我们老板在学普通话，要外派到上海",
         ["早开口、多开口最快。", "软件对背单词有用，对说话帮助小。", "日常对话几个月，流利要几年。"]),
]

ZH_PICKS = [
    Pick("你推荐的那本讲谈判的书叫什么？", "推荐几本地铁上看的书吧，想提高一下工作能力。",
         ["《掌控谈话》，讲谈判的", "《深度工作》，讲专注", "《格鲁夫给经理人的第一课》，讲带团队", "《让创意更有黏性》，讲表达", "《掌控习惯》，讲习惯"],
         [("长途飞行看什么书？我喜欢历史。", ["《人类简史》", "《丝绸之路》", "《万历十五年》", "《枪炮、病菌与钢铁》"]),
          ("我外甥十二岁，适合看什么书？", ["《小王子》", "《草房子》", "《夏洛的网》", "《哈利波特》"])],
         "怎么提高谈工资的能力？", ["谈之前先了解市场价。", "尽量让对方先报数。", "把要说的话先练几遍。"]),
    Pick("你推荐的成都那家酒店叫什么？", "我们在成都三晚、重庆一晚，住哪里好？",
         ["成都：博舍，在太古里旁边", "重庆：解放碑附近的来福士洲际", "都江堰一日游：不用住", "成都便宜一点的：梦之旅青年旅舍"],
         [("西安周末住哪里好？", ["钟楼饭店", "西安索菲特", "书院青年旅舍", "曲江宾馆"]),
          ("厦门有没有带泳池的酒店？", ["厦门康莱德", "鼓浪屿别墅酒店", "海悦山庄", "日月谷温泉"])],
         "成都住春熙路还是宽窄巷子方便？", ["春熙路交通方便。", "宽窄巷子晚上比较安静。", "两边打车都不贵。"]),
    Pick("你推荐的讲经济学的播客是哪个？", "跑步的时候想听点播客，什么类型的都来一点。",
         ["《得到·经济学》，讲经济学", "《忽左忽右》，讲历史", "《随机波动》，聊文化", "《故事FM》，讲真实故事"],
         [("带孩子自驾听什么播客？", ["《凯叔讲故事》", "《小灯塔》", "《博物》", "《少年得到》"]),
          ("有什么搞笑的播客？", ["《谐星聊天会》", "《没理想》", "《日谈公园》", "《大内密谈》"])],
         "怎么开始了解经济学？", ["先从供给和需求开始。", "先读一本薄的入门书。", "跟着新闻关注一个话题一个月。"]),
    Pick("你推荐我治脖子疼买的那个支架是什么？", "家里书桌还缺点什么？下午脖子就疼。",
         ["绿联笔记本支架，把屏幕抬到眼睛高度", "单独的键盘和鼠标", "脚踏板", "护眼台灯"],
         [("小厨房怎么收纳？", ["磁吸刀架", "叠放锅具", "水槽上的砧板", "墙上挂杆"]),
          ("新生儿要买什么？", ["背带", "安全座椅", "纱布巾", "婴儿监视器"])],
         "为什么用笔记本电脑脖子会疼？", ["低头看屏幕脖子最受累。", "把屏幕垫高，定时休息。", "每小时拉伸一下。"]),
    Pick("你推荐的下雨天看的电影是哪部？", "这周给我推荐几部电影：今晚看个恐怖的，下雨天看一部，再来一部陪孩子看的。",
         ["下雨天看：《海街日记》", "今晚恐怖的：《招魂》", "陪孩子：《寻梦环游记》", "想看经典的：《卡萨布兰卡》"],
         [("有什么讲太空的电影？", ["《阿波罗13号》", "《星际穿越》", "《火星救援》", "《地心引力》"]),
          ("学西班牙语看什么电影？", ["《罗马》", "《回归》", "《潘神的迷宫》", "《摩托日记》"])],
         "下雨天在家做点什么好？", ["做点慢慢烤的东西。", "一早去博物馆。", "拼完一幅拼图。"]),
]

EN_TALK = ["Sure.", "That makes sense.", "Happy to help with that.", "Let me know if that works.", "Good idea."]
ZH_TALK = ["好的。", "有道理。", "没问题。", "试试看效果。", "这个想法不错。"]


def _numbered(items: list[str], lang: str) -> str:
    if lang == "en":
        return "Here are some options: " + " ".join(f"{i + 1}. {x}." for i, x in enumerate(items))
    return "可以看看这几个：" + "".join(f"{i + 1}. {x}。" for i, x in enumerate(items))


class _Home:
    """One HOME's sessions: rambles (three or four subjects each) and topic sessions, as turn lists."""

    def __init__(self, lang: str, n: int, facts: list[Fact], picks: list[Pick], rng: random.Random):
        self.lang, self.rng = lang, rng
        self.subjects = EN_SUBJECTS if lang == "en" else ZH_SUBJECTS
        self.talk = EN_TALK if lang == "en" else ZH_TALK
        self.sessions: list[list[tuple[str, str]]] = []
        self.rambles: list[int] = []
        for f in facts:  # the fact's topic: two or three short sessions in the question's words
            for _ in range(rng.randint(2, 3)):
                self.sessions.append(self._topic(rng.sample(f.topic, 2), f.replies, f.mention if rng.random() < 0.5 else ""))
        for p in picks:
            self.sessions.append(self._topic([p.topic], p.general, ""))
        while len(self.sessions) < n:
            self.rambles.append(len(self.sessions))
            self.sessions.append(self._ramble())
        order = list(range(len(self.sessions)))
        rng.shuffle(order)
        self.sessions = [self.sessions[i] for i in order]
        where = {old: new for new, old in enumerate(order)}
        self.rambles = [where[i] for i in self.rambles]
        self.free = list(self.rambles)
        rng.shuffle(self.free)

    def _join(self, sents: list[str]) -> str:
        return (" " if self.lang == "en" else "").join(sents)

    def _topic(self, asks: list[str], replies: list[str], mention: str) -> list[tuple[str, str]]:
        turns = []
        for i, a in enumerate(asks):
            turns.append(("user", self._join(([mention] if mention and i == 0 else []) + [a])))
            turns.append(("assistant", self._join(self.rng.sample(replies, min(3, len(replies))) + [self.rng.choice(self.talk)])))
        return turns

    def _ramble(self) -> list[tuple[str, str]]:
        rng, turns = self.rng, []
        for s in rng.sample(self.subjects, rng.randint(3, 4)):
            for a in rng.sample(s.asks, rng.randint(1, 3)):
                user = ([rng.choice(s.context)] if rng.random() < 0.5 else []) + [a]
                turns.append(("user", self._join(user)))
                turns.append(("assistant", self._join(rng.sample(s.replies, 3) + [rng.choice(self.talk)])))
        return turns

    def _ramble_turn(self, role: str) -> tuple[int, int]:
        at = self.free.pop()
        turns = [i for i, (r, _) in enumerate(self.sessions[at]) if r == role]
        return at, self.rng.choice(turns[1:-1] or turns)

    def fact(self, f: Fact, value: str) -> int:
        """The fact in passing, inside one turn of a ramble: the turn's own ask stays its last sentence."""
        at, u = self._ramble_turn("user")
        line = f.line.format(v=value)
        ask = self.sessions[at][u][1]
        if self.lang == "en":
            line = (self.rng.choice(["By the way, ", "Quick aside: ", ""]) + line)
            line = line[0].upper() + line[1:] + "."
            text = f"{line} {ask}" if self.rng.random() < 0.5 else f"{ask} {line}"
        else:
            line = self.rng.choice(["顺便说一句，", "对了，", ""]) + line + "。"
            text = line + ask if self.rng.random() < 0.5 else ask + line
        self.sessions[at][u] = ("user", text)
        for extra in (f.decoy + ("." if self.lang == "en" else "。"), f.mention):  # somebody else's value; the person's own thing without it
            d, du = self._ramble_turn("user")
            self.sessions[d][du] = ("user", self._join([extra, self.sessions[d][du][1]]))
        return at

    def pick(self, p: Pick) -> int:
        """The list as one exchange of a ramble, in the middle; the same kind of list for other needs in two more."""
        keys = []
        for request, items in [(p.request, p.items), *p.other_lists]:
            at, u = self._ramble_turn("user")
            shown = list(items)
            self.rng.shuffle(shown)
            self.sessions[at][u] = ("user", request)
            self.sessions[at][u + 1] = ("assistant", _numbered(shown, self.lang))
            keys.append(at)
        return keys[0]


def _build(lang: str, sizes: list[int], seed: int, tag: str) -> list:
    facts, picks = (EN_FACTS, EN_PICKS) if lang == "en" else (ZH_FACTS, ZH_PICKS)
    out = []
    for h, n in enumerate(sizes):
        rng = random.Random(seed * 10 + h + (0 if lang == "en" else 5))
        home = _Home(lang, n, facts, picks, rng)
        keys = [f"{tag}{h}-{i + 1:03d}" for i in range(len(home.sessions))]
        qs = []
        for f in facts:
            at = home.fact(f, rng.choice(f.vals))
            qs.append({"question": f.ask, "keys": [keys[at]], "kind": "user-fact", "lang": lang})
        for p in picks:
            at = home.pick(p)
            qs.append({"question": p.ask, "keys": [keys[at]], "kind": "assistant", "lang": lang})
        cwd = "/home/alex/chat" if lang == "en" else "/home/chen/chat"
        out.append(([(keys[i], cwd, home.sessions[i]) for i in range(len(home.sessions))], qs))
    return out


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME: English (84 and 126 sessions), then Chinese (80 and 120)."""
    return _build("en", [84, 126], seed, "fe") + _build("zh", [80, 120], seed, "fz")
