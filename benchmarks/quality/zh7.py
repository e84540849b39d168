"""zh7: everyday Chinese asked otherwise than it was said (issue 14, session 12, branch `zh7`).
A dev set beside zh3-zh6, written apart from them: its own themes and chatter (family, work,
trips, cooking, fitness, study, money, the doctor, asking the assistant to write something), two
Chinese HOMEs of 124 sessions (nine themes, some fourteen sessions each) and one English HOME
(zh6's filler themes, its own probes), so a question's words are said in many same-topic
sessions. Each probe is asked in every HOME of its language, and its answer is put otherwise:
- a figure glued to a Latin unit (79kg, 10km, 9k, 2L, 1500ml, 40min, 3pm) and a clock time (4:30);
- words whose bigrams differ but whose characters overlap (血型 / O型血, 血压 / 高压 低压, 近视 / 度);
- a category asked and its instance said (茶 / 铁观音, 英语 / 雅思, 日本 / 大阪), a name asked
  (教练 / 王磊, 狗 / 豆豆) and a name in the question (王磊 老家);
- 口语 against 书面 (加班 / 留下来改方案, 睡觉 / 上床, 老公 / 我家那位, 过敏 / 起红疹子);
- decoy lines in other sessions that hold the question's words and not its answer.
Written for this set only, by the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

from memeval import Bank, Probe, Theme, build_bank

SEED = 20261212

THEMES_ZH = [
    Theme("/home/lin/family", [
        "婆婆老插手带娃的事，我该怎么说？", "老公回家就躺着刷手机，怎么沟通？", "孩子写作业磨蹭到十点，咋办？",
        "过年回谁家过，两边老人都想让回去", "家里的家务怎么分比较公平？",
    ], [
        "跟婆婆说话的时候让老公出面，比你自己说效果好",
        "沟通挑个双方都不累的时候，别一进门就开吵",
        "作业可以拆成几小块，每做完一块休息五分钟",
        "过年可以轮着来，今年这边明年那边，提前说好",
        "家务列个单子贴冰箱上，谁做哪样写清楚",
        "一家人有分歧很正常，关键是别翻旧账",
        "孩子做得好的时候多夸两句，比骂管用",
    ]),
    Theme("/home/lin/work", [
        "周报老是不知道写啥，有没有模板？", "领导临时加需求，要不要直接拒绝？", "开会的时候老被人打断，怎么办？",
        "年终述职怎么准备？", "想换岗位，怎么跟领导开口？",
    ], [
        "周报按做了什么、结果怎样、下周打算三块来写就行",
        "临时加的需求先问清楚优先级，再说排期",
        "被打断的时候可以说一句我先把这点讲完",
        "述职多讲数据和结果，少讲辛苦",
        "跟领导聊换岗的时候先说清楚你能带来什么",
        "工作群里的消息不用秒回，集中时间处理",
        "项目复盘的时候对事不对人",
    ]),
    Theme("/home/lin/trip", [
        "国庆出去玩，自驾还是坐高铁？", "第一次出国，要准备些啥？", "带老人出去玩，行程怎么排？",
        "住民宿还是住酒店？", "旅游的时候钱包被偷了怎么办？",
    ], [
        "路程四五个小时以内自驾方便，再远坐高铁省心",
        "护照签证先办好，再把银行卡开通境外支付",
        "带老人一天安排一两个景点就够了，别赶",
        "民宿有特色，酒店服务稳当，看你们更看重哪个",
        "证件拍照存一份在手机里，丢了补办快",
        "出门前查一下当地天气，衣服带对了省很多事",
        "热门景点提前在网上预约，到了现场不用排队",
    ]),
    Theme("/home/lin/cook", [
        "清蒸鱼怎么做不腥？", "剩米饭能做点啥？", "孩子不爱吃青菜，怎么做好吃点？",
        "空气炸锅能做哪些菜？", "包饺子皮老破，怎么回事？",
    ], [
        "蒸鱼之前用姜片和料酒腌一会儿，出锅再淋热油",
        "剩米饭打个蛋炒一炒，加点葱花就很香",
        "青菜切碎了包进丸子或者饺子里，孩子吃不出来",
        "空气炸锅烤鸡翅、薯条都很方便，刷一层薄油",
        "饺子皮破多半是馅太湿，拌馅的时候少放点水",
        "做饭前把要用的东西都切好摆出来，手不会乱",
        "调味先少放，尝了再加",
    ]),
    Theme("/home/lin/fitness", [
        "减脂期晚饭吃什么？", "深蹲膝盖响正常吗？", "一周练几次比较合适？",
        "跑步和跳绳哪个减肥快？", "练完第二天浑身酸疼，还练不练？",
    ], [
        "减脂晚饭多吃蔬菜和蛋白质，主食减一半",
        "深蹲的时候膝盖别超过脚尖太多，重心往后坐",
        "刚开始一周三次就够，给身体留恢复的时间",
        "跑步跳绳都行，能坚持下去的那个就是最好的",
        "酸疼的时候可以练别的部位，或者做点拉伸",
        "运动前热身五到十分钟，不容易受伤",
        "练完记得补充点蛋白质",
    ]),
    Theme("/home/lin/study", [
        "背单词老是记不住，有啥办法？", "上班了还想考研，时间怎么挤？", "网课总是看不下去怎么办？",
        "口语不好，怎么练？", "考证报班还是自学？",
    ], [
        "背单词少量多次，第二天一定要复习前一天的",
        "上班考研就得把通勤和午休的时间用起来",
        "网课开倍速看，边看边记笔记，不然容易走神",
        "口语可以每天跟读一段，录下来自己听",
        "自学能力强就自学，拖延的话报个班有人管",
        "学习的时候把手机放另一个屋",
        "定个小目标，比如一周看完一章",
    ]),
    Theme("/home/lin/money", [
        "每个月月光，怎么办？", "基金亏了要不要割肉？", "要不要提前还房贷？",
        "给孩子存教育金，怎么存？", "借钱给朋友，他老不还怎么开口？",
    ], [
        "月光的话先把固定开支列出来，看看哪些能砍",
        "基金亏了先看看是行情问题还是基金本身的问题",
        "房贷利率不高的话，不一定非要提前还",
        "教育金可以每月定投一点，时间长了也不少",
        "朋友借钱不还，可以先问问他最近是不是手头紧",
        "大额消费之前先等三天，冷静一下再决定",
        "应急的钱留够半年的开销",
    ]),
    Theme("/home/lin/doctor", [
        "体检报告好多箭头，要紧吗？", "老是胃胀气，吃什么药？", "颈椎不舒服，去哪个科？",
        "孩子半夜发烧，要不要去急诊？", "牙龈老出血怎么回事？",
    ], [
        "体检的箭头不一定都有问题，拿去给医生看看",
        "胃胀气先注意吃饭慢一点，少喝碳酸饮料",
        "颈椎不舒服可以先挂骨科或者康复科",
        "孩子精神还好的话先物理降温，烧得高再去医院",
        "牙龈出血可能是刷牙太用力，也可能要洗牙了",
        "药按说明书吃，别自己加量",
        "多喝水，早点睡，比什么保健品都强",
    ]),
    Theme("/home/lin/help", [
        "帮我写个请假条", "帮我把这段话翻译成英文", "帮我给客户回个邮件，语气客气点",
        "帮我写个朋友圈文案，周末去爬山了", "帮我想个给同事送别的祝福语",
    ], [
        "请假条写清楚请假的日期、原因，工作怎么交接",
        "翻译的时候我把长句拆短了，读起来更顺",
        "邮件开头先感谢对方，再说正事",
        "朋友圈文案短一点，配上照片就很有感觉",
        "送别的话写点具体的事，比空泛的祝福更打动人",
        "你看看哪里不合适，我再改",
        "语气我调得正式一点了",
    ]),
]

CHATTER_ZH = [
    "这个问题很多人都遇到过，别太担心", "先试一两周看看效果", "可以问问身边有经验的人",
    "一步一步来，别想一口吃成胖子", "有什么新情况再来问我", "每个人情况不一样，你看着调整",
    "网上的说法五花八门，挑靠谱的听", "别给自己太大压力", "实在不行换个思路",
]

SMALLTALK_ZH = [
    "哎今天累死了", "外面下大雨了", "刚到家，还没顾上吃饭", "地铁里挤得要命",
    "嗓子有点疼", "明天又要早起", "今天发工资了开心",
]

COMMON_ZH = {"when": ["上周三晚上", "前天", "上个礼拜五", "大前天晚上", "这周一", "上周末", "昨天夜里"]}

P = Probe
PROBES_ZH = [
    # a figure glued to a Latin unit, or a clock time
    P("user-fact", "我现在体重多少？", [("user", "今天早上一称{w}，比上个月又重了一点")],
      {"w": ["79kg", "65公斤", "58kg"]}, ["体重秤是不是坏了，数字老跳", "减肥到底先练什么"]),
    P("user-fact", "我周末一般跑多远？", [("user", "周六早上沿着江边跑了{k}，跑完浑身舒坦")],
      {"k": ["10km", "八公里", "5km"]}, ["跑步鞋鞋底都磨平了", "跑步的时候戴耳机安不安全"]),
    P("user-fact", "我每个月工资多少？", [("user", "这个月到手{p}，扣完五险一金就剩这么点")],
      {"p": ["9k", "一万二", "15k"]}, ["工资条上的东西看不太懂", "听说今年不发年终奖了"]),
    P("user-fact", "我闺女几点放学？", [("user", "娃学校{t}就放了，我还在上班，只能让奶奶去接")],
      {"t": ["4:30", "三点半", "4点10分"]}, ["放学路上车特别多", "闺女说想学跳舞"]),
    P("user-fact", "我开车上班要多久？", [("user", "早高峰从家开到单位得{d}，堵得人想哭")],
      {"d": ["40min", "四十来分钟", "一个钟头"]}, ["开车上班停车位太难找了", "上班路上听什么播客好"]),
    P("assistant-fact", "你建议我每天喝多少水？", [("assistant", "你这种情况每天喝够{v}就行，分几次喝别一口灌")],
      {"v": ["2L", "两升", "1500ml"]}, ["喝水喝多了老跑厕所", "矿泉水和纯净水有啥区别"]),
    # characters shared, bigrams not
    P("user-fact", "我是什么血型？", [("user", "上回献血护士说我是{b}血，挺好配的")],
      {"b": ["O型", "A型", "AB型"]}, ["血型跟性格到底有没有关系", "验血的单子看不懂"]),
    P("user-fact", "我血压多少？", [("user", "刚才量了一下，高压{a}低压{c}，医生说有点偏高")],
      {"a": ["145", "150", "138"], "c": ["95", "92", "88"]}, ["血压计买哪个牌子的好", "我爸的降压药吃完了"]),
    P("user-fact", "我近视多少度？", [("user", "配眼镜的时候验了光，左眼{a}度右眼{c}度")],
      {"a": ["350", "四百", "275"], "c": ["400", "四百五", "300"]}, ["近视手术做了会不会反弹", "孩子看电视离太近"]),
    # a category asked, the instance said
    P("preference", "我平时喜欢喝什么茶？", [("user", "{t}我每天都得泡一壶，别的喝不惯")],
      {"t": ["铁观音", "普洱", "龙井"]}, ["茶叶放久了会不会坏", "楼下奶茶店排队排了半小时"]),
    P("user-fact", "我英语考了多少分？", [("user", "雅思成绩出来了，{s}，口语还是拖后腿")],
      {"s": ["6.5", "七分", "6分"]}, ["英语单词背了就忘", "考试前一晚紧张得睡不着"]),
    P("assistant-fact", "你推荐我去日本哪个城市？", [("assistant", "第一次去的话我更推荐{c}，节奏慢一点，好吃的也多")],
      {"c": ["大阪", "京都", "福冈"]}, ["日本签证要办多久", "去日本带多少现金合适"]),
    # a name asked, or a name in the question
    P("user-fact", "我的健身教练叫什么？", [("user", "带我练的那个{n}今天又给我加了两组深蹲，腿都软了")],
      {"n": ["王磊", "李娜", "小陈"]}, ["健身教练老推销私教课", "健身房的淋浴间太脏了"]),
    P("user-fact", "我家狗叫什么名字？", [("user", "{n}今天在楼下又追着猫跑，拉都拉不住")],
      {"n": ["豆豆", "旺财", "可乐"]}, ["狗粮换了个牌子它不爱吃", "小区不让遛狗了"]),
    P("user-fact", "我同事王磊老家是哪儿的？", [("user", "王磊是{p}人，过年回去得坐两天火车")],
      {"p": ["黑龙江", "贵州", "新疆"]}, ["王磊今天又迟到了，被领导说了", "老家的房子好久没人住了"]),
    P("user-fact", "我在哪家健身房办的卡？", [("user", "{g}的月卡我办了，离家就几百米")],
      {"g": ["乐刻", "超级猩猩", "威尔仕"]}, ["健身房的器械老有人占着", "健身卡能不能转让"]),
    # 口语 against 书面
    P("user-fact", "我老公是做什么工作的？", [("user", "我家那位在医院当{j}，天天值夜班")],
      {"j": ["麻醉师", "护士", "药剂师"]}, ["老公工作忙得见不着人", "换工作要不要跟家里商量"]),
    P("user-fact", "我对什么过敏？", [("user", "一吃{f}就浑身起红疹子，痒得要命")],
      {"f": ["芒果", "海鲜", "花生"]}, ["过敏药吃了老犯困", "春天花粉过敏的人好多"]),
    P("user-fact", "我一般几点睡觉？", [("user", "我基本过了{t}才上床，刷手机刷得停不下来")],
      {"t": ["12点", "一点", "凌晨1点"]}, ["睡觉打呼噜怎么办", "睡觉前喝牛奶有用吗"]),
    P("user-fact", "我老婆怀孕几个月了？", [("user", "媳妇肚子里的宝宝{m}了，最近天天想吃酸的")],
      {"m": ["五个月", "7个多月", "四个月"]}, ["怀孕了能不能喝咖啡", "老婆最近脾气有点大"]),
    P("assistant-fact", "你帮我写的请假条用的什么理由？", [("assistant", "请假条写好了：因{r}，需请假一天，手头工作已交接给同事")],
      {"r": ["孩子发烧", "家中老人住院", "搬家"]}, ["请假扣不扣全勤奖", "年假还剩几天没休"]),
    P("user-fact", "我孩子上几年级了？", [("user", "我家老大今年{g}了，作业比以前多多了")],
      {"g": ["三年级", "初二", "五年级"]}, ["孩子的班主任换人了", "开家长会又要请假"]),
    # counts
    P("count", "我这个月加了几次班？", [("user", "{when}又被留下来改方案，弄到快十一点才走")], repeat=(2, 3),
      decoys=["加班费到底怎么算", "公司加班的氛围太重了"]),
    # a state that changed
    P("update", "我现在在哪家公司上班？", [("user", "我在{a}做运营，天天盯数据"), ("user", "跳槽的事定了，下周一去{b}报到")],
      {"a": ["美团", "京东"], "b": ["字节", "拼多多", "小红书"]},
      ["公司楼下的食堂又涨价了", "上班的地铁又挤又慢"], answer="last"),
    # nothing holds it
    P("abstain", "我是什么星座？", [], decoys=["星座这种东西你信不信"]),
    P("abstain", "我弟弟多重？", [], decoys=["弟弟最近在减肥，天天不吃晚饭"]),
]

PROBES_EN = [
    P("user-fact", "How much do I weigh?", [("user", "The scale said {w} this morning, up again")],
      {"w": ["79kg", "81kg", "176lbs"]}, ["Our bathroom scale keeps jumping around", "Is weighing yourself daily a bad idea?"]),
    P("user-fact", "How far did I cycle on Saturday?", [("user", "Did a {k} loop along the river on the bike, legs are gone")],
      {"k": ["40km", "25mi", "32km"]}, ["Saturday is the only day I get to myself", "My bike chain keeps slipping"]),
    P("user-fact", "What time does my daughter finish school?", [("user", "She gets out at {t}, so I have to leave the office early")],
      {"t": ["3pm", "3:15pm", "2:45pm"]}, ["School drop-off traffic is a nightmare", "My daughter wants to take dance lessons"]),
    P("assistant-fact", "How much water did you tell me to drink?", [("assistant", "Aim for about {v} spread over the day, not all at once")],
      {"v": ["2L", "1500ml", "2 litres"]}, ["Drinking water makes me run to the toilet", "Is sparkling water as good as still?"]),
    P("user-fact", "How much do I earn?", [("user", "Take-home is about {p} a month after tax, it goes nowhere")],
      {"p": ["3k", "2800 quid", "$4200"]}, ["Earn more or spend less, which is easier?", "I never understand my payslip"]),
    P("user-fact", "What's my blood type?", [("user", "The nurse at the donation session said I'm {b}")],
      {"b": ["O negative", "A positive", "B positive"]}, ["Does blood type say anything about personality?", "My blood test results came back fine"]),
    P("user-fact", "How long is my commute?", [("user", "The drive in takes {d} with the morning traffic")],
      {"d": ["45min", "40 mins", "an hour"]}, ["I listen to podcasts on my commute", "Commute costs are eating my salary"]),
    P("user-fact", "How big is my apartment?", [("user", "It's {a} for two people and a dog, tight")],
      {"a": ["55sqm", "600sqft", "48m2"]}, ["Apartment hunting is exhausting", "Our apartment gets no light"]),
    P("abstain", "How tall is my brother?", [], decoys=["My brother is visiting next week"]),
]

KW_ZH = dict(themes=THEMES_ZH, probes=PROBES_ZH, chatter=CHATTER_ZH, smalltalk=SMALLTALK_ZH, common=COMMON_ZH,
             turn=(150, 450), per_home=len(PROBES_ZH))


def _en() -> Bank:
    import zh6  # the English HOME's filler themes are zh6's; its probes are this set's

    return Bank("en", homes=1, sessions=124, themes=zh6.THEMES_EN, probes=PROBES_EN, chatter=zh6.CHATTER_EN,
                smalltalk=zh6.SMALLTALK_EN, common=zh6.COMMON_EN, turn=(60, 180), per_home=len(PROBES_EN))


ZH = Bank("zh", homes=2, sessions=124, **KW_ZH)  # type: ignore[arg-type]


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: two Chinese of 124 sessions, then one English."""
    return build_bank(ZH, seed, "zq") + build_bank(_en(), seed, "zr")
