"""zh6: a quantity asked, a figure with its unit answered (issue 14, session 11, branch `zh6`).
A dev set beside zh3, zh4 and zh5, written apart from them: its own themes and chatter, two
Chinese HOMEs of 126 sessions (nine themes, some fourteen sessions each) and one English HOME of
the same shape, so the question's words are said in many same-topic sessions. Each probe is asked
in every HOME of its language, and its answer shares (almost) no word with the question:
- the quantity asked, the figure and its unit answered (多重 / 一百四十八斤, 多高 / 一米三五, 多少钱 /
  两千九百块, 几点 / 六点半, 多久 / 三个多月, 多远 / 五公里, 多大 / 八十九平, 几杯 / 三杯; how much do I
  weigh / 82 kg, how tall / 137 cm, how long / six weeks, what time / 6:30pm);
- a category asked and the instance answered (花 / 茉莉, 水果 / 榴莲, 电脑 / 联想);
- 口语 against 书面 (小时 / 钟头, 下班 / 放人), 汉字 digits against Arabic digits;
- decoy lines in other sessions that hold the question's words and not its answer.
Written for this set only, by the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

from memeval import Bank, Probe, Theme, build_bank

SEED = 20261211

THEMES_ZH = [
    Theme("/home/zhou/kids", [
        "孩子早上起不来，上学老迟到怎么办？", "小孩挑食，只吃肉不吃菜，怎么弄？", "孩子成绩一般，要不要报补习班？",
        "儿子老跟同学打架，怎么教育？", "孩子想养宠物，要不要答应？",
    ], [
        "早上起不来多半是晚上睡太晚，先把睡觉时间往前挪半个钟头",
        "挑食的孩子可以让他一起洗菜做饭，自己动手做的菜更愿意吃",
        "补习班别一下报太多，先问问孩子自己觉得哪门最吃力",
        "打架的事先听孩子把经过讲完，再跟他说哪里做得不对",
        "养宠物之前跟孩子约好谁喂谁遛，说话要算数",
        "孩子需要的是陪伴，不一定是更多的玩具",
        "周末带孩子去公园跑一跑，比在家看电视强",
    ]),
    Theme("/home/zhou/food", [
        "红烧排骨怎么做才入味？", "早餐吃什么又快又有营养？", "夏天没胃口，做点什么开胃的？",
        "面包机做面包总是塌，怎么回事？", "家里来客人，摆几个什么菜？",
    ], [
        "排骨先焯水，炒糖色的时候火别太大，炖的时候汤要没过排骨",
        "早餐可以煮个鸡蛋配一杯牛奶，再来片全麦面包",
        "天热了做个凉拌黄瓜或者酸辣土豆丝，很开胃",
        "面包塌多半是发酵过头了，下次把时间缩短一点",
        "请客的话四菜一汤就够了，荤素搭配着来",
        "买回来的肉分成小份冻起来，用的时候拿一份就行",
        "炒菜少放点油，多用蒸和炖",
    ]),
    Theme("/home/zhou/travel", [
        "五一去哪儿玩人少一点？", "出国要提前多久办签证？", "坐长途火车要带什么？",
        "带孩子去海边要注意什么？", "跟团游还是自由行好？",
    ], [
        "五一的热门城市人挤人，可以去周边的古镇住一晚",
        "签证最好提前一个多月准备材料，旺季审得慢",
        "坐长途车带个颈枕和拖鞋，会舒服很多",
        "海边紫外线强，防晒霜要隔两个小时补一次",
        "自由行更灵活，跟团省心，看你更在意哪一样",
        "出门前把行程截个图存在手机里，没信号也能看",
        "景区门口的东西一般都贵，吃饭走远一点",
    ]),
    Theme("/home/zhou/health", [
        "最近老掉头发，是不是压力太大？", "腰疼要不要去做理疗？", "晚上老做梦，睡不踏实怎么办？",
        "体检说尿酸高，饮食上注意什么？", "一直坐着不动，怎么活动一下？",
    ], [
        "掉头发跟压力和作息都有关系，先别熬夜看看",
        "腰疼先别搬重东西，疼得厉害就去医院拍个片子",
        "睡前一个小时别看手机，卧室的灯调暗一点",
        "尿酸高要少吃海鲜和动物内脏，多喝水",
        "坐一个小时起来走两步，拉伸一下肩膀和腰",
        "身体有问题别自己瞎吃药，去医院让医生看看",
        "饮食清淡一点，少吃外卖",
    ]),
    Theme("/home/zhou/work", [
        "新来的领导不好相处，怎么办？", "面试的时候怎么谈工资？", "工作做不完，天天焦虑怎么办？",
        "同事背后说我坏话，要不要找他谈？", "要不要去考个证？",
    ], [
        "跟新领导先多汇报，搞清楚他最看重什么",
        "谈工资之前先查查同行的行情，报价比期望高一点",
        "事情太多就排个优先级，先做最要紧的三件",
        "背后的话听听就算了，真影响工作了再找他当面说",
        "考证要看对工作有没有实际的用，别为了考而考",
        "工作上的邮件写清楚结论，别让人猜",
        "下班了就把工作放一放，别老惦记着",
    ]),
    Theme("/home/zhou/house", [
        "买房是买新房还是二手房？", "装修要不要请设计师？", "家里网速太慢，怎么弄？",
        "邻居天天吵，怎么跟他说？", "阳台怎么布置好看？",
    ], [
        "新房要等交房，二手房能马上住，但要仔细看房龄",
        "预算不多的话不用请设计师，自己多看看案例",
        "网速慢先重启一下路由器，再看看是不是套餐太低了",
        "跟邻居说的时候客气一点，说清楚几点以后希望安静",
        "阳台放几盆绿植，再摆个小桌子，就很舒服",
        "家里的插座多留几个，后面省得拉插线板",
        "买家电看能效等级，长期用电能省不少",
    ]),
    Theme("/home/zhou/money", [
        "工资不高，怎么存下钱？", "要不要买保险？", "信用卡分期划算吗？",
        "手里有点闲钱，放哪儿好？", "怎么跟家里人商量大笔开销？",
    ], [
        "存钱最简单的办法是发了工资先存，剩下的再花",
        "保险先买保障型的，重疾和医疗险优先",
        "分期的手续费折算下来利率不低，能不分就不分",
        "闲钱可以分几份，一部分放活期，随时能取",
        "大笔开销提前一起商量，把账摊开说",
        "每个月记一下账，看看钱花在哪儿了",
        "别碰那些说稳赚不赔的东西",
    ]),
    Theme("/home/zhou/hobby", [
        "想学画画，从哪儿开始？", "跑步膝盖疼，还能跑吗？", "想学做蛋糕，要买什么工具？",
        "周末在家无聊，干点什么好？", "练字用什么字帖？",
    ], [
        "画画可以先从素描开始，每天画半个小时",
        "跑步膝盖疼先歇几天，换双好一点的跑鞋",
        "做蛋糕先买个打蛋器和电子秤，量准了才不容易失败",
        "周末可以约朋友爬爬山，或者在家看部老电影",
        "练字先从楷书入手，每天写一页",
        "兴趣爱好贵在坚持，不用一开始就买太贵的装备",
        "可以在网上找个同好的群，一起打卡",
    ]),
    Theme("/home/zhou/elders", [
        "爸妈年纪大了，要不要接过来一起住？", "老人总是不舍得花钱，怎么劝？", "怎么教爸妈用智能手机？",
        "老人腿脚不好，家里要怎么改？", "过年给长辈买什么？",
    ], [
        "接爸妈来住要先问问他们的意思，别一厢情愿",
        "老人不舍得花钱是习惯，给他们买了直接送过去就行",
        "教老人用手机一次只教一个功能，写在纸上给他们看",
        "卫生间装个扶手，地上铺防滑垫",
        "过年给长辈买东西不在贵，实用最重要",
        "有空多给家里打个电话，比什么都强",
        "老人体检每年做一次，别拖",
    ]),
]

CHATTER_ZH = [
    "这种情况挺多见的，你别太着急", "可以先试一段时间，不行再换个办法", "有机会问问身边过来人的经验",
    "别一口气全改，挑一件先做起来", "后面有什么变化再跟我说", "其实没有标准答案，看你自己更在乎什么",
    "网上的东西看看就好，别全当真", "慢慢来就行，不用逼自己太紧", "可以拿张纸把要做的事列出来",
]

SMALLTALK_ZH = [
    "哎今天忙得脚不沾地", "说起来最近天气真怪", "刚下班，饭还没吃呢", "刚才在路上堵了半天",
    "这两天有点感冒", "周末又要加班了", "今天心情还不错",
]

COMMON_ZH = {"when": ["上个月底", "前两天", "上周五晚上", "大前天", "这个月初", "上礼拜天", "昨天傍晚"]}

P = Probe
PROBES_ZH = [
    # a quantity asked, the figure and its unit answered
    P("user-fact", "我现在多重来着？", [("user", "早上上秤看了一眼，{w}，比过年那会儿掉了一点")],
      {"w": ["一百四十八斤", "62公斤", "一百三十二斤"]}, ["想减肥但是管不住嘴", "称了一下行李箱，超重了"]),
    P("user-fact", "我儿子现在多高了？", [("user", "小家伙又窜了一截，{h}了，去年的裤子全短了")],
      {"h": ["一米三五", "1米28", "一百四十公分"]}, ["儿子班上的同学都长得好快", "孩子长个子要多喝牛奶吗"]),
    P("user-fact", "我给爸妈买的按摩椅花了多少钱？", [("user", "给老两口挑的那台到了，{p}，送货还包安装")],
      {"p": ["三千二百块", "2899元", "四千出头"]}, ["爸妈总说腰酸背疼", "商场里的按摩椅试坐了一下"]),
    P("user-fact", "我一般几点下班？", [("user", "我们部门一般{t}才放人，领导不走谁也不敢走")],
      {"t": ["六点半", "七点一刻", "5点半"]}, ["下班路上堵得要命", "同事下班以后约我去吃烧烤"]),
    P("user-fact", "我不吃晚饭坚持多久了？", [("user", "晚上那顿我已经戒了{d}了，刚开始饿得睡不着")],
      {"d": ["三个多月", "快半年", "两个月"]}, ["晚饭吃什么好呢", "不吃晚饭对胃不好吧"]),
    P("user-fact", "我家离公司有多远？", [("user", "从我家到单位也就{k}，骑电驴十来分钟")],
      {"k": ["五公里", "三公里多", "8公里"]}, ["公司附近的房子太贵了", "家里到地铁站还得走一段"]),
    P("user-fact", "我家房子有多大？", [("user", "我们住的那套是{a}的两室一厅，放不下太多东西")],
      {"a": ["八十九平", "一百二十平米", "75平"]}, ["房子装修完味道还没散", "买房子首付还差一点"]),
    P("user-fact", "我每天喝几杯咖啡？", [("user", "不来上{n}美式我一整天都是蒙的")],
      {"n": ["三杯", "两杯", "4杯"]}, ["咖啡喝多了会心慌吗", "公司楼下新开了家咖啡店"]),
    P("user-fact", "我一晚上能睡几个小时？", [("user", "最近我每天也就睡{n}钟头，白天老犯困")],
      {"n": ["五个", "四个多", "6个"]}, ["晚上几点睡比较好", "睡前看手机影响睡眠吗"]),
    P("user-fact", "我家猫多大了？", [("user", "我们家橘子今年{n}了，已经是只老猫了")],
      {"n": ["十岁", "8岁", "十二岁"]}, ["猫粮换了个牌子", "楼下的流浪猫又生了一窝"]),
    P("user-fact", "我爸今年多大年纪？", [("user", "老爷子今年都{n}了，身子骨还挺硬朗")],
      {"n": ["七十二岁", "六十八岁", "75岁"]}, ["爸爸最近血压不太稳", "给爸爸买了个新手机"]),
    P("user-fact", "我每个月房贷要还多少？", [("user", "一个月得给银行打过去{p}，压力山大")],
      {"p": ["六千八", "5200块", "七千多块"]}, ["房贷利率又降了", "提前还房贷划不划算"]),
    P("user-fact", "我的车多少钱买的？", [("user", "提车那天一共落地{p}，还送了一年保养")],
      {"p": ["十五万", "12万8", "十八万多"]}, ["车开了两年了还挺省油", "车险快到期了"]),
    # a category asked, the instance answered
    P("user-fact", "我阳台上种的是什么花？", [("user", "阳台上那盆{f}又开了，满屋子都是香味")],
      {"f": ["茉莉", "栀子", "月季"]}, ["花市周末有打折", "阳台晒衣服的架子坏了"]),
    P("preference", "我最爱吃什么水果？", [("user", "{f}我一次能干掉一大盘，怎么吃都吃不腻")],
      {"f": ["榴莲", "车厘子", "芒果"]}, ["水果店的东西越来越贵了", "晚上吃水果会不会胖"]),
    P("user-fact", "我用的什么电脑？", [("user", "我这台{b}笔记本用了五年，开机越来越慢")],
      {"b": ["联想", "戴尔", "华硕"]}, ["电脑桌太矮了坐着难受", "公司的电脑又中病毒了"]),
    P("user-fact", "我女儿在学什么运动？", [("user", "闺女报了个{s}班，每周六上午去")],
      {"s": ["游泳", "轮滑", "跆拳道"]}, ["运动鞋买大一码还是正好", "学校的运动会又要开了"]),
    # what the assistant said
    P("assistant-fact", "你说红烧排骨要炖多久？", [("assistant", "排骨下锅以后小火慢慢咕嘟{t}，筷子一戳就透")],
      {"t": ["四十分钟", "一个钟头", "五十分钟"]}, ["排骨买肋排还是大排", "红烧的颜色老是不好看"]),
    P("assistant-fact", "你说孩子一天玩手机最多多长时间？", [("assistant", "小学生一天{t}就够了，周末可以稍微放宽一点")],
      {"t": ["半个钟头", "四十分钟", "一个小时"]}, ["孩子玩手机玩到半夜", "手机的护眼模式有没有用"]),
    P("assistant-fact", "你建议我每天走多少路？", [("assistant", "你这个情况每天快走{n}就差不多了，别一下走太多")],
      {"n": ["六千步", "八千步", "四公里"]}, ["走路走多了脚底板疼", "每天上下班都是开车"]),
    # times and dates, relative
    P("time", "我是哪天去拔的智齿？", [("user", "{when}去口腔医院把那颗长歪的牙弄掉了，脸肿得像包子")],
      {}, ["智齿到底要不要拔", "拔完牙能不能吃辣"]),
    # counts
    P("count", "我这个月跑了几次步？", [("user", "{when}绕着小区跑了五公里，出了一身汗")], repeat=(2, 3),
      decoys=["跑步机买哪个牌子好", "跑步的时候膝盖有点疼"]),
    # a state that changed
    P("update", "我现在的房租是多少？", [("user", "房租一个月{a}，房东说明年还要涨"), ("user", "搬到小一点的房子了，现在每个月交{b}")],
      {"a": ["四千五", "3800块"], "b": ["两千八百块", "3200元", "三千出头"]},
      ["交房租的日子又到了", "房租合同下个月到期"], answer="last"),
    # nothing holds it
    P("abstain", "我妹妹多高？", [], decoys=["妹妹下个月要来我家住几天"]),
    P("abstain", "我的电动车多少钱买的？", [], decoys=["电动车的电池不行了"]),
]

THEMES_EN = [
    Theme("/home/sam/kids", [
        "My kid won't get out of bed for school, any ideas?", "How do I get a picky eater to try vegetables?",
        "Should we sign up for extra tutoring?", "My son keeps fighting at school, what do I do?",
        "The kids want a pet, should we say yes?",
    ], [
        "Moving bedtime earlier by half an hour usually fixes most of the morning trouble.",
        "Picky eaters often try more when they help wash and cook the food themselves.",
        "Don't sign up for too many classes at once, ask which subject feels hardest first.",
        "Hear the whole story before you tell him what he did wrong.",
        "Agree up front who feeds and walks the pet, and hold everyone to it.",
        "What kids need most is your time, not more toys.",
        "A run around the park at the weekend beats another afternoon of television.",
    ]),
    Theme("/home/sam/food", [
        "How do I make braised ribs really tender?", "What's a quick healthy breakfast?", "It's too hot to eat, any light dishes?",
        "Why does my homemade bread keep collapsing?", "What should I cook for guests?",
    ], [
        "Blanch the ribs first and keep the braising liquid just covering them.",
        "A boiled egg, a glass of milk and a slice of wholemeal toast is plenty.",
        "A cucumber salad with vinegar and garlic is refreshing when it's hot.",
        "Bread that collapses has usually over-proofed, so shorten the rise next time.",
        "Four dishes and a soup is enough for guests, mixing meat and vegetables.",
        "Portion the meat into small bags before freezing it.",
        "Steaming and stewing need much less oil than frying.",
    ]),
    Theme("/home/sam/travel", [
        "Where can we go for the long weekend without crowds?", "How early should I apply for a visa?",
        "What should I pack for a long train ride?", "Tips for the beach with small kids?", "Tour group or on our own?",
    ], [
        "Skip the big cities on a bank holiday and stay a night in a small market town.",
        "Start the visa paperwork a good month ahead, it's slow in peak season.",
        "A neck pillow and slippers make a long train ride much nicer.",
        "The sun is strong by the sea, so reapply sunscreen every two hours.",
        "Travelling on your own is flexible, a tour is less hassle.",
        "Screenshot your itinerary in case there's no signal.",
        "Food right next to the sights is always overpriced, walk a few streets further.",
    ]),
    Theme("/home/sam/health", [
        "I'm losing a lot of hair lately, is it stress?", "Should I try physio for my back?", "I keep waking up at night, any tips?",
        "My uric acid came back high, what should I eat?", "I sit all day, how do I move more?",
    ], [
        "Hair loss often follows stress and late nights, so try sleeping earlier first.",
        "Avoid lifting heavy things, and if the pain gets worse get it scanned.",
        "Put the phone away an hour before bed and dim the bedroom lights.",
        "Cut back on seafood and organ meat and drink more water.",
        "Get up every hour and stretch your shoulders and back.",
        "Don't self-medicate, let a doctor take a look.",
        "Eat lighter and order less takeaway.",
    ]),
    Theme("/home/sam/work", [
        "My new manager is hard to work with, what now?", "How do I negotiate salary in an interview?",
        "I can never finish my work and I'm anxious all the time.", "A colleague talks behind my back, should I confront him?",
        "Is a certification worth it?",
    ], [
        "Report to a new manager often and find out what they care about most.",
        "Check what the market pays before you name a number, and aim a little high.",
        "Rank the work and do the three most important things first.",
        "Let gossip go unless it actually affects your work, then talk face to face.",
        "A certificate is only worth it if your job actually uses it.",
        "Put the conclusion at the top of your emails.",
        "Leave work at work once you log off.",
    ]),
    Theme("/home/sam/house", [
        "New build or an older place?", "Do we need an interior designer?", "Our internet is so slow, what can I do?",
        "The neighbours are noisy every night.", "How do I make the balcony nice?",
    ], [
        "A new build means waiting, an older place you can move into, but check its age.",
        "On a tight budget you can skip the designer and look at examples online.",
        "Restart the router first, then check whether your plan is just too slow.",
        "Be polite with the neighbours and say what time you'd like it quiet.",
        "A few plants and a small table make a balcony lovely.",
        "Put in more sockets than you think you need.",
        "Check the energy rating on appliances, it adds up.",
    ]),
    Theme("/home/sam/money", [
        "I don't earn much, how do I save?", "Do I need insurance?", "Is paying in instalments a good deal?",
        "Where should I put some spare cash?", "How do we talk about big purchases as a family?",
    ], [
        "Save the moment you're paid and spend what's left.",
        "Buy cover that protects you first, health and critical illness.",
        "Instalment fees work out to a high interest rate.",
        "Split spare cash, keep some of it easy to reach.",
        "Talk big purchases through together with the numbers on the table.",
        "Track your spending for a month to see where it goes.",
        "Stay away from anything promising guaranteed returns.",
    ]),
    Theme("/home/sam/hobby", [
        "I want to learn to draw, where do I start?", "My knee hurts when I jog, can I keep going?",
        "What do I need to start baking cakes?", "Bored at home at the weekend, ideas?", "Any tips for calligraphy practice?",
    ], [
        "Start with pencil sketches, half an hour a day.",
        "Rest the knee a few days and get better running shoes.",
        "A whisk and a kitchen scale are the first things to buy for baking.",
        "Go for a hike with friends or watch an old film at home.",
        "Practise one page of regular script a day.",
        "Keep at a hobby before buying expensive gear.",
        "Join an online group and check in together.",
    ]),
    Theme("/home/sam/elders", [
        "Should my parents move in with us?", "My parents never spend money on themselves.",
        "How do I teach my parents to use a smartphone?", "Dad's legs are weak, what should we change at home?",
        "What should I get my grandparents for the holidays?",
    ], [
        "Ask your parents what they want before deciding for them.",
        "Just buy the thing and bring it round, they won't buy it themselves.",
        "Teach one feature at a time and write the steps on paper.",
        "Put a grab rail in the bathroom and non-slip mats on the floor.",
        "Useful beats expensive for a present to older relatives.",
        "Call home more often, it matters more than anything.",
        "A yearly check-up for older parents, don't put it off.",
    ]),
]

CHATTER_EN = [
    "This comes up a lot, so don't worry too much.", "Try it for a couple of weeks and see.",
    "Ask someone who's been through it if you can.", "Don't change everything at once, pick one thing.",
    "Let me know if anything changes.", "There's no single right answer, it depends what matters to you.",
    "Take what you read online with a pinch of salt.", "Go easy on yourself.", "Write the steps down as a list.",
]

SMALLTALK_EN = [
    "What a day.", "The weather's been strange lately.", "Just got home, haven't eaten yet.",
    "Sat in traffic for ages.", "I've got a bit of a cold.", "Working this weekend again.",
]

COMMON_EN = {"when": ["At the end of last month", "A couple of days ago", "Last Friday night", "Earlier this month",
                      "Last Sunday", "Yesterday evening"]}

PROBES_EN = [
    P("user-fact", "How much do I weigh these days?", [("user", "Stepped on the scale this morning: {w}, a bit down from Christmas")],
      {"w": ["82 kg", "176 pounds", "79kg"]}, ["I really want to lose a few", "The suitcase was overweight at check-in"]),
    P("user-fact", "How tall is my son now?", [("user", "The little guy shot up again, he's {h} and none of his trousers fit")],
      {"h": ["137 cm", "4 foot 6", "140cm"]}, ["All the kids in my son's class are growing so fast", "Does milk help a son grow?"]),
    P("user-fact", "How much did the sofa cost me?", [("user", "The new couch finally arrived, {p} including delivery")],
      {"p": ["850 bucks", "$1200", "900 dollars"]}, ["The sofa cushions are already sagging", "We sat on every sofa in the showroom"]),
    P("user-fact", "What time do I usually finish work?", [("user", "They never let us out of the office before {t}")],
      {"t": ["6:30pm", "half six", "7pm"]}, ["Traffic on the way home from work is awful", "My colleagues want drinks after work"]),
    P("user-fact", "How long have I been skipping dinner?", [("user", "I've stuck to no evening meal for {d} now, the first week was brutal")],
      {"d": ["three months", "six weeks", "two months"]}, ["What should I make for dinner tonight?", "Is skipping dinner bad for you?"]),
    P("user-fact", "How far is my place from the office?", [("user", "It's only {k} door to door, ten minutes on the e-bike")],
      {"k": ["5 km", "three miles", "8 kilometres"]}, ["Flats near the office are so expensive", "The office moved floors again"]),
    P("user-fact", "How old is my cat?", [("user", "Mochi turned {n} last week, she's properly senior now")],
      {"n": ["ten years old", "8 years old", "twelve"]}, ["The cat food brand changed its recipe", "The neighbour's cat had kittens"]),
    P("user-fact", "How big is my flat?", [("user", "Our place is about {a}, two bedrooms, nowhere to put anything")],
      {"a": ["65 square metres", "700 sq ft", "80 square meters"]}, ["The flat still smells of paint", "Saving for a flat deposit"]),
    P("user-fact", "How much is my mortgage payment?", [("user", "Every month {p} goes straight to the bank, it's brutal")],
      {"p": ["£1450", "1800 dollars", "$2100"]}, ["Mortgage rates dropped again", "Is it worth paying the mortgage off early?"]),
    P("user-fact", "What kind of flowers do I grow on the balcony?", [("user", "The {f} out front bloomed again, the whole place smells of it")],
      {"f": ["jasmine", "gardenia", "roses"]}, ["The flower market has a sale on", "The balcony drying rack broke"]),
    P("assistant-fact", "How long did you say to braise the ribs?", [("assistant", "Let them simmer gently for {t} until a chopstick slides right in")],
      {"t": ["forty minutes", "an hour", "50 minutes"]}, ["Spare ribs or back ribs?", "My braised dishes never get a good colour"]),
    P("update", "How much is my rent now?", [("user", "Rent is {a} a month and the landlord wants more next year"),
                                             ("user", "Moved somewhere smaller, now paying {b} a month")],
      {"a": ["1500 dollars", "1400 pounds"], "b": ["1100 dollars", "950 pounds", "1200 bucks"]},
      ["Rent day again already", "The rent contract ends next month"], answer="last"),
    P("abstain", "How tall is my sister?", [], decoys=["My sister is staying with us next month"]),
]

KW_ZH = dict(themes=THEMES_ZH, probes=PROBES_ZH, chatter=CHATTER_ZH, smalltalk=SMALLTALK_ZH, common=COMMON_ZH,
             turn=(150, 450), per_home=len(PROBES_ZH))
KW_EN = dict(themes=THEMES_EN, probes=PROBES_EN, chatter=CHATTER_EN, smalltalk=SMALLTALK_EN, common=COMMON_EN,
             turn=(60, 180), per_home=len(PROBES_EN))
ZH = Bank("zh", homes=2, sessions=126, **KW_ZH)  # type: ignore[arg-type]
EN = Bank("en", homes=1, sessions=126, **KW_EN)  # type: ignore[arg-type]


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: two Chinese of 126 sessions, then one English."""
    return build_bank(ZH, seed, "zs") + build_bank(EN, seed, "zt")
