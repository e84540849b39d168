"""meaning: a fact of the person's, asked in words the answer does not hold (issue 14, session 12,
branch `meaning3`). A dev set for meaning search: each English answer line shares no content
word with its question (blood type / "O negative", weigh / "the scale said", work / "started at"),
each Chinese one no character (血型 / 化验单写着 AB 阴性, 体重 / 上秤 148 斤, 上班 / 入职了);
what no lexical rule reaches. Decoy lines in other sessions hold the question's words and not the
answer ("my brother's blood type came up at his checkup", 体重秤的电池没电了).

Built with memeval's machinery (Bank, Probe, build_bank): 2 English and 2 Chinese HOMEs of 60
sessions, memeval's filler chats; every probe asked in every HOME (kind user-fact). Written for
this set only, by the engineer who measures on it: a dev set's figures.
"""

from __future__ import annotations

from memeval import Bank, Probe, build_bank

import memeval_en
import memeval_zh

SEED = 20261212

P = Probe
EN_PROBES = [
    P("user-fact", "What is my blood type?", [("user", "I'm {t}, so the donation centre keeps calling me every few months.")],
      {"t": ["O negative", "AB negative", "B negative"]}, ["My brother's blood type came up at his checkup."]),
    P("user-fact", "How much do I weigh?", [("user", "The scale said {w} this morning, two down since spring.")],
      {"w": ["74 kilos", "68 kilos", "81 kilos"]}, ["The gym has a machine that tells you how much you weigh."]),
    P("user-fact", "Where do I work?", [("user", "I started at {co} last spring as a backend engineer.")],
      {"co": ["Acme Logistics", "Northwind", "Globex"]}, ["Work has been slow this week, nobody answers email."]),
    P("user-fact", "What car do I drive?", [("user", "My {car} needs new tyres before winter comes.")],
      {"car": ["Golf", "Corolla", "Civic"]}, ["Driving to the coast took four hours with the car hire queue."]),
    P("user-fact", "Which city did I grow up in?", [("user", "As a kid in {c} I spent every summer by the river.")],
      {"c": ["Lyon", "Porto", "Leeds"]}, ["The city council wants to close the old market."]),
    P("user-fact", "What pet do I have?", [("user", "My {p} knocked a glass off the table again.")],
      {"p": ["tabby", "parrot", "hamster"]}, ["The pet shop near the station closed down."]),
    P("user-fact", "What instrument do I play?", [("user", "Practised the {inst} for an hour after dinner, my fingers hurt.")],
      {"inst": ["cello", "trumpet", "banjo"]}, ["My nephew wants to play an instrument but cannot pick one."]),
    P("user-fact", "What does my partner do for a living?", [("user", "My wife teaches {subj} at the high school across town.")],
      {"subj": ["chemistry", "history", "maths"]}, ["My partner and I keep arguing about the living room paint."]),
    P("user-fact", "Which language am I learning?", [("user", "Duolingo streak is at 200 days of {lang} lessons.")],
      {"lang": ["Portuguese", "Korean", "Dutch"]}, ["Learning a language at forty is harder than I expected, a colleague says."]),
    P("user-fact", "What am I allergic to?", [("user", "{food} make my throat swell, so I check every label.")],
      {"food": ["Peanuts", "Shellfish", "Sesame seeds"]}, ["The allergic reaction my friend had at the wedding scared everyone."]),
    P("user-fact", "Where did I go on holiday?", [("user", "Those two weeks in {place} the previous summer were the best trip we've had.")],
      {"place": ["Iceland", "Sicily", "Vietnam"]}, ["Holiday pay at my company is calculated strangely."]),
    P("user-fact", "What position do I sleep in?", [("user", "Lying on my {side} is the only way I can nod off.")],
      {"side": ["left side", "stomach", "back"]}, ["The sleep study position paper was long and boring."]),
]

ZH_PROBES = [
    P("user-fact", "我的血型是什么？", [("user", "上次化验单写着{t}，医生说很少见")],
      {"t": ["AB 阴性", "RH 阴性", "O 阴性"]}, ["同事说血型和性格有关系，我不太信"]),
    P("user-fact", "我体重多少？", [("user", "今早上秤，{w}斤，比春天轻了两斤")],
      {"w": ["148", "126", "160"]}, ["体重秤的电池又没电了"]),
    P("user-fact", "我在哪家公司上班？", [("user", "去年春天入职了{co}，做后端开发")],
      {"co": ["字节跳动", "美团", "拼多多"]}, ["公司楼下新开了一家面馆，上班前可以去吃"]),
    P("user-fact", "我开什么车？", [("user", "{car}的轮胎该换了，冬天之前得弄好")],
      {"car": ["卡罗拉", "思域", "高尔夫"]}, ["车库的灯又坏了，开车进去什么都看不见"]),
    P("user-fact", "我小时候在哪个城市长大？", [("user", "老家{c}，童年每年暑假都泡江边")],
      {"c": ["重庆", "洛阳", "厦门"]}, ["这个城市越来越堵了，小时候不是这样"]),
    P("user-fact", "我养了什么宠物？", [("user", "家里那只{p}又把杯子碰到地上")],
      {"p": ["橘猫", "鹦鹉", "仓鼠"]}, ["朋友养的宠物生病了，花了好多钱"]),
    P("user-fact", "我会弹什么乐器？", [("user", "晚饭后练了一小时{inst}，手指都疼")],
      {"inst": ["大提琴", "古筝", "尤克里里"]}, ["乐器店最近在打折，什么都便宜"]),
    P("user-fact", "我对什么过敏？", [("user", "吃{food}喉咙就肿，买零食都要看配料表")],
      {"food": ["花生", "海鲜", "芒果"]}, ["邻居对花粉过敏，春天一直打喷嚏"]),
    P("user-fact", "我爱人做什么工作？", [("user", "老婆在中学教{subj}，天天批卷子到半夜")],
      {"subj": ["数学", "历史", "化学"]}, ["找工作真难，我爱人的表弟投了五十份简历"]),
    P("user-fact", "我在学哪门外语？", [("user", "{lang}打卡已经连续两百天了")],
      {"lang": ["日文", "韩文", "法文"]}, ["外语角每周三晚上有活动"]),
    P("user-fact", "我去年去哪里旅游了？", [("user", "八月份在{place}待的那两周，是最开心的一次出行")],
      {"place": ["云南", "冰岛", "新疆"]}, ["旅游旺季的机票太贵了，去哪里都不划算"]),
    P("user-fact", "我睡觉习惯什么姿势？", [("user", "只有{side}躺着才能入眠，换别的根本不行")],
      {"side": ["侧着", "趴着", "仰着"]}, ["睡觉前别看手机，这个习惯我还没改掉"]),
]

EN = Bank("en", homes=2, per_home=len(EN_PROBES), themes=memeval_en.THEMES, probes=EN_PROBES,
          chatter=memeval_en.CHATTER, smalltalk=memeval_en.SMALLTALK, common=memeval_en.COMMON, turn=(100, 400), sessions=60)
ZH = Bank("zh", homes=2, per_home=len(ZH_PROBES), themes=memeval_zh.THEMES, probes=ZH_PROBES,
          chatter=memeval_zh.CHATTER, smalltalk=memeval_zh.SMALLTALK, common=memeval_zh.COMMON, turn=(180, 650), sessions=60)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    return build_bank(EN, seed, "me") + build_bank(ZH, seed, "mz")
