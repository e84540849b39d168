"""zh3: Chinese questions as people ask them, about a fact said once in passing (issue 14,
session 8, branch `zh3`). A dev set for the Chinese side of question reading: the `zh` set is
saturated and memeval's Chinese questions are few.

Each probe is one of the ways a Chinese question and its answer put the same thing otherwise:
- other characters for the same word (买 / 入手, 女儿 / 孩子, 上班 / 工作, 住 / 搬到, 老婆 / 爱人);
- a 3-4 character word the answer says with one of its bigrams only (咖啡店 / 咖啡馆, 洗衣机);
- question and measure words (几点 / 几岁 / 几次 / 多少) against the value (六点, 五岁, 3 次);
- mixed Chinese and English (我的 MacBook 是哪年买的？);
- a control whose words the answer holds as asked.
Every probe has decoy lines elsewhere that share the question's words and not the answer.

Built with memeval's machinery (Bank, Probe, Theme, _Home): 3 Chinese HOMEs of 50 sessions,
memeval's Chinese filler chats plus four themes of this set's own on the questions' everyday
topics (children and school, coffee, doctors, home appliances), so a topic word alone does not
find the answer. Written for this set only, by the engineer who tunes on it: a dev set's figures.
"""

from __future__ import annotations

from memeval import Bank, Probe, Theme, build_bank

import memeval_zh

SEED = 20261208

THEMES = [
    Theme("/home/mei/notes", [
        "孩子写作业总是拖拉，怎么办？", "小学生每天看多久屏幕比较合适？", "家长会上老师说孩子上课爱走神，该怎么引导？",
        "怎么给孩子挑课外班？", "孩子不爱吃蔬菜有什么办法？",
    ], [
        "写作业拖拉多半是任务太大，可以拆成十五分钟一段，做完一段休息一下",
        "这个年纪每天看屏幕最好不超过一小时，睡前一小时不要看",
        "上课走神和睡眠关系很大，先保证孩子每天睡够九到十个小时",
        "课外班不用报太多，挑一两个孩子自己真正感兴趣的就够了",
        "蔬菜可以切碎混进饺子馅或者炒饭里，慢慢让孩子习惯味道",
        "和老师沟通的时候先问具体的情况，不要一上来就批评孩子",
        "学校的作业量一般是有规定的，如果明显超出可以和老师反映",
        "周末留一块完整的时间陪孩子玩，比报再多的班都重要",
    ]),
    Theme("/home/mei/notes", [
        "手冲咖啡怎么冲才不苦？", "咖啡豆买回来怎么保存？", "家里想买一台咖啡机，半自动还是全自动好？",
        "冷萃咖啡怎么做？", "喝咖啡会影响睡眠吗？",
    ], [
        "手冲发苦多半是水温太高或者磨得太细，水温九十度左右比较合适",
        "咖啡豆放在密封罐里避光保存，开封后两周内喝完味道最好",
        "半自动机器能玩的花样多，但要自己练打奶泡；全自动省事，适合上班族",
        "冷萃用粗研磨的豆子加冷水，放冰箱泡十二个小时再过滤",
        "咖啡因的作用能持续五六个小时，下午三点以后最好少喝",
        "咖啡店里的拿铁一般是双份浓缩，在家做可以按自己的口味减半",
        "浅烘的豆子酸一些，深烘的更苦更醇，可以先各买一小包试试",
        "磨豆机比咖啡机更值得多花钱，研磨均匀对味道影响最大",
    ]),
    Theme("/home/mei/notes", [
        "感冒一直不好，要不要去医院？", "挂号挂专家号还是普通号？", "体检报告上的箭头要紧吗？",
        "牙龈老出血是怎么回事？", "晚上总是睡不着，有什么办法？",
    ], [
        "感冒超过一周还在发烧，或者咳得越来越厉害，就应该去医院看看",
        "第一次看病挂普通号就可以，医生觉得需要再转专家",
        "体检单上的箭头只是说超出参考范围，要结合其他指标一起看",
        "牙龈出血常见的原因是牙结石，洗一次牙往往就好很多",
        "睡前一小时放下手机，卧室保持暗和凉，对入睡帮助很大",
        "医院的线上预约一般提前七天放号，早上八点抢的人最多",
        "复查的时候把上次的检查单带上，医生能对比变化",
        "小毛病可以先去社区医院，排队时间短很多",
    ]),
    Theme("/home/mei/notes", [
        "洗衣机有异味怎么清洗？", "冰箱买多大容量的合适？", "扫地机器人值得买吗？", "空调一晚上要用多少电？",
        "家电坏了是修还是换？",
    ], [
        "洗衣机有味道多半是内筒藏了污垢，每个月空转一次加清洁剂就好",
        "两三口人的话，四百升左右的冰箱基本够用",
        "扫地机器人适合地面空旷的家，家具多的话经常会卡住",
        "一级能效的变频空调，一晚上大概用三到五度电",
        "家电用了八年以上，维修费超过新机一半的话，就不如直接换新的",
        "买大家电的时候注意看安装费和旧机回收，有时候差价不小",
        "滚筒洗衣机比波轮的省水，但洗一次时间更长",
        "很多品牌的延保其实不太划算，主要部件本来就保修十年",
    ]),
]

P = Probe
PROBES = [
    # other characters for the same word
    P("user-fact", "我女儿在哪个学校上学？", [("user", "孩子这学期转到{school}了，离家近多了，早上能多睡半小时")],
      {"school": ["实验二小", "育才小学", "外国语附小"]}, ["学校门口那条路又在修了", "同事家的女儿也在找学校"]),
    P("user-fact", "我的 MacBook 是哪年买的？", [("user", "这台 MacBook 是{year}年入手的，电池已经有点不行了")],
      {"year": ["2019", "2020", "2021"]}, ["公司发的电脑是 ThinkPad，键盘挺好用", "MacBook 的充电器又找不到了"]),
    P("user-fact", "我现在在哪家公司上班？", [("user", "我在{company}工作快两年了，最近项目特别多")],
      {"company": ["字节跳动", "一家做跨境电商的公司", "美团"]}, ["上班路上堵了四十分钟", "朋友的公司在招人"]),
    P("user-fact", "我住在哪个小区？", [("user", "上个月刚搬到{estate}，离地铁站走路五分钟")],
      {"estate": ["阳光花园", "翠湖苑", "金地名园"]}, ["小区门口新开了一家便利店"]),
    P("user-fact", "我老婆是做什么工作的？", [("user", "我爱人是{job}，经常要值夜班，家里的事我多管一点")],
      {"job": ["急诊科护士", "机场地勤", "派出所民警"]}, ["工作的事情先放一放，周末好好休息"]),
    P("user-fact", "我弟弟在哪个城市工作？", [("user", "我弟去年去{city}上班了，过年才回来一次")],
      {"city": ["深圳", "杭州", "苏州"]}, ["弟弟的同学来家里吃饭了"]),
    P("user-fact", "我儿子几岁了？", [("user", "孩子今年{n}岁了，刚上幼儿园大班，每天问题特别多")],
      {"n": ["五", "六", "4"]}, ["邻居家的儿子考上大学了"]),
    P("time", "我是什么时候换的工作？", [("user", "今天是我去新公司报到的第一天，工位还没收拾好")],
      {}, ["同事说想换个工作环境"]),
    # a 3-4 character word, its bigrams also in other words
    P("user-fact", "我上次说的那家咖啡店叫什么？", [("user", "我常去公司楼下那家叫{cafe}的咖啡馆，拿铁做得不错")],
      {"cafe": ["青柠", "半糖", "慢岛"]}, ["咖啡店的拿铁又涨价了", "店里的咖啡豆卖完了"]),
    P("user-fact", "我买的洗衣机是什么牌子？", [("user", "上周入手了一台{brand}的滚筒，洗得挺干净，就是有点吵")],
      {"brand": ["小天鹅", "西门子", "海尔"]}, ["洗衣机的排水管有点漏水", "衣服晾在阳台总是不干"]),
    P("user-fact", "我家狗是什么品种的？", [("user", "我家那只{breed}每天要遛两次，不然就在家拆沙发")],
      {"breed": ["柯基", "柴犬", "边牧"]}, ["楼下有人遛狗不拴绳"]),
    P("user-fact", "我养的猫叫什么名字？", [("user", "我家那只橘猫叫{cat}，胖得跳不上桌子了")],
      {"cat": ["年糕", "包子", "土豆"]}, ["同事家的猫走丢了，找了三天"]),
    # question and measure words against the value
    P("update", "我现在每天几点起床？", [("user", "我一般{t1}点起床，洗漱完就出门"), ("user", "为了赶早班车，我现在每天{t2}点就起了")],
      {"t1": ["七", "八"], "t2": ["六", "五点半"]}, ["周末总是睡到中午才起床"], answer="last"),
    P("assistant-fact", "你建议我每周跑几次步？", [("assistant", "膝盖刚恢复的话，每周跑{n}次就够了，中间一定要留休息日")],
      {"n": ["两", "三", "3"]}, ["楼下的跑道在翻修"]),
    P("user-fact", "我每个月房租多少钱？", [("user", "现在的房子一个月{rent}，押一付三，压力不小")],
      {"rent": ["4500", "三千八", "6200 块"]}, ["房东说明年可能要涨房租"]),
    P("count", "我一共去过几次医院？", [("user", "{when}又去医院复查了一趟，排队排了一上午")], repeat=(2, 4),
      decoys=["医院旁边新开了一家超市"]),
    P("count", "我看了几场电影？", [("user", "{when}去电影院看了{film}，比预想的好看")],
      {"film": ["那部科幻片", "一部老片重映", "那部动画片"]}, repeat=(2, 3), decoys=["电影票越来越贵了"]),
    # mixed Chinese and English
    P("user-fact", "我的 GitHub 用户名是什么？", [("user", "我 GitHub 上的账号叫 {name}，你搜一下就能看到那个仓库")],
      {"name": ["mei-dev", "catlover88", "plainrice"]}, ["GitHub 今天好像又挂了一会儿"]),
    P("user-fact", "我的 Kindle 是在哪买的？", [("user", "Kindle 是在{shop}买的二手，比官网便宜一半")],
      {"shop": ["闲鱼", "京东", "拼多多"]}, ["Kindle 里的书太多，一本都没看完"]),
    P("assistant-fact", "你推荐我用哪个 VPN 客户端？", [("assistant", "公司内网的话，推荐你用 {client}，配置文件导进去就能连")],
      {"client": ["WireGuard", "OpenVPN", "Tailscale"]}, ["VPN 连上以后网速很慢"]),
    # an assistant said it, question word against the name
    P("assistant-fact", "你之前推荐的那本书是哪本？", [("assistant", "想入门理财的话，我推荐你先读《{book}》，写得很浅显")],
      {"book": ["小狗钱钱", "穷爸爸富爸爸", "财务自由之路"]}, ["书架上的书已经放不下了"]),
    P("assistant-fact", "你说记账用什么软件好？", [("assistant", "记账的话可以试试{app}，分类做得很清楚，还能导出表格")],
      {"app": ["钱迹", "随手记", "鲨鱼记账"]}, ["这个月花钱有点多，得省着点"]),
    # controls: the answer says the question's words
    P("user-fact", "我买房的首付是多少？", [("user", "首付付了{n}万，剩下的贷了三十年")], {"n": ["八十", "120", "六十五"]}),
    P("preference", "我喝咖啡喜欢加什么？", [("user", "我喝咖啡一定要加{milk}，不加就喝不下去")],
      {"milk": ["燕麦奶", "椰奶", "很多糖"]}, ["咖啡机又该除垢了"]),
    P("user-fact", "我体检哪项指标偏高？", [("user", "体检报告出来了，{item}偏高，医生让我少吃油")],
      {"item": ["血脂", "尿酸", "转氨酶"]}, ["公司今年的体检安排在下个月"]),
    # nothing holds it
    P("abstain", "我的自行车是什么颜色的？", [], decoys=["小区的自行车棚又满了"]),
    P("abstain", "我女儿学的是什么乐器？", [], decoys=["同事的儿子在学钢琴"]),
]

BANK = Bank("zh", homes=3, per_home=len(PROBES), themes=memeval_zh.THEMES + THEMES, probes=PROBES, chatter=memeval_zh.CHATTER,
            smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650))


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set."""
    return build_bank(BANK, seed, "zz")
