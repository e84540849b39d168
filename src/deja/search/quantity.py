"""A question that asks for a quantity, and the unit its answer states it in (issue 14).

"我现在多重" is answered by "早上上秤，一百四十八斤", "how tall is my son" by "he's 137 cm now":
the answer holds a figure and a unit of the kind asked (weight, height, distance, area, price,
time of day, a span of time, age) and seldom the question's words. The one home of these kinds,
Chinese and English alike: `groups` gives each kind a question asks for as its units, in the
tokens the index holds them in, and search._graded searches them together as one clause of the
question's own (TOKEN: a session that states the figure holds it); `cues` gives the question's
words that only name the quantity (多重, 体重, "tall" of "how tall"), which weigh as scaffolding:
a chat that says 体重秤不准 names the quantity and answers nothing.

A one-character Chinese unit is indexed inside its bigrams: after a number in 汉字 (一百四十八斤 ->
十斤, 六点半 -> 六点), alone after Arabic digits and before punctuation (148斤。 -> 斤), or with
the character after it (148斤了 -> 斤了); a unit of two characters is its own bigram (公斤 个月).
English units are words (82 kg, 176 pounds), and so are the Latin symbols either language writes
after a figure (79kg 10km 9k 2L 40min 7pm: the tokenizer splits a number from the letters glued to
it, and leads a Chinese run after Arabic digits with its first character alone, 12点才睡 -> 点);
currency signs the tokenizer drops.
"""

from __future__ import annotations

import re

from deja.text.tokenizer import NUMBERS_ZH

# (kind, what asks for it in Chinese, in English, its units in Chinese, in English, the Latin
# symbols both write glued to a figure). A Chinese unit of one character is searched in its bigrams
# (_zh_forms); 万 千 of a price as the numbers before them; k and w of a Chinese price are thousand and
# 万 (月薪9k); not of an English one, where 5k is a run as often as a sum.
_KINDS: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("weight", r"多重|体重|几斤|多少斤|多少公斤", r"\bweigh(?:s|ed)?\b|\bweight\b|\bhow\s+heavy\b",
     "斤 公斤 千克", "kilos kilograms pounds lbs stone", "kg lb lbs"),
    ("height", r"多高|身高|个子|个头", r"\bhow\s+tall\b|\bheight\b",
     "米 公分 厘米", "centimetres centimeters foot feet ft inches metres meters", "cm"),
    ("distance", r"多远|距离|多少公里|[走跑骑]多少|多少路|多少步", r"\bhow\s+far\b|\bdistance\b",
     "公里 米 站 步", "kilometres kilometers miles mile metres meters steps", "km mi"),
    ("area", r"(?:房子?|屋|[厅室]|面积|套)[^，。？?]{0,3}多大|面积|多少平", r"\bhow\s+(?:big|large)\b|\bsquare\s+(?:feet|metres|meters)\b",
     "平 平米 平方", "square sq", "sqm sqft"),
    # a sum: asked outright, or after a verb of paying or a noun of money (房租 工资 房贷 学费 … 多少)
    # ("how much" … a word of money in one clause: from the clause's first "how much" only, (?>…), as
    # a later one finds nothing the first does not; tried from each, each scanned the rest, quadratic)
    ("price", r"多少钱|多贵|价格|价钱|[花还交付赚挣]了?多少|多少块|[租薪资贷供费价款][^，。？?]{0,3}多少",
     r"(?:^|(?<=\?))(?>[^?]*?\bhow\s+much\b)[^?]*\b(?:cost|costs|pay|paid|spend|spent|price|rent|mortgage|payment|charge|charged|earn|salary)\b"
     r"|\bprice\b",
     "块 元 块钱 万 千 k w", "dollars bucks quid pounds euros grand", ""),
    ("clock", r"几点", r"\bwhat\s+time\b",
     "点 点半 点钟 一刻", "o'clock half", "am pm"),
    ("hours", r"几个(?:小时|钟头)|多少(?:个)?(?:小时|钟头)", r"\bhow\s+many\s+hours\b",
     "小时 钟头 分钟", "hours minutes", "h hr hrs min mins"),
    ("span", r"多久|多长时间|多长|几个月|几年(?!级)|几天|几周|几个星期", r"\bhow\s+long\b",
     "个月 多月 年 天 周 星期 礼拜 小时 钟头 分钟", "minutes hours days weeks months years", "h hr hrs min mins"),
    ("age", r"几岁|多大|年纪|岁数", r"\bhow\s+old\b|\bage\b",
     "岁", "years", ""),
)
# The token of a question's units clause: no tokenizer output starts with "~" (as search.related.MARK).
TOKEN = "~q"
_RX = [(kind, re.compile(zh), re.compile(en, re.IGNORECASE), zhu.split() + sym.split(), enu.split() + sym.split())
       for kind, zh, en, zhu, enu, sym in _KINDS]
# What follows a one-character unit inside its bigram, after Arabic digits (148斤了, 8岁多, 10点左右).
_AFTER = "了多左半"
# The words of a question that only name the quantity asked: "tall" of "how tall", 多重 of 我现在多重,
# 体重 of 我现在体重多少 (多久 多少 are filler already: tokenizer.FILLER_ZH).
_CUE = re.compile(r"\bhow\s+(tall|far|long|old|big|large|heavy)\b|\b(weigh|weight|height|distance|price|cost|costs)\b"
                  r"|(多[重高远大长贵]|体重|身高|个子|个头|距离|面积|价格|价钱|年纪|岁数)", re.IGNORECASE)


def cues(text: str) -> frozenset[str]:
    """The tokens of a question that name the quantity it asks for ("tall" of "how tall", 多高)."""
    return frozenset(next(g for g in m if g).lower() for m in _CUE.findall(text))


def _zh_forms(unit: str) -> list[str]:
    if len(unit) > 1 or unit.isascii():
        return [unit]
    return [unit, *(n + unit for n in NUMBERS_ZH), *(unit + a for a in _AFTER)]


def groups(text: str) -> list[list[str]]:
    """For each kind the question asks for, its units as index tokens: a Chinese question's in
    Chinese (one-character units in their bigrams), an English question's in English. 多大 of a
    home (房子有多大) asks its area, not an age."""
    zh = not text.isascii()
    found: list[tuple[str, list[str]]] = []
    for kind, zrx, erx, zhu, enu in _RX:
        if zh and zrx.search(text):
            found.append((kind, list(dict.fromkeys(f for u in zhu for f in _zh_forms(u)))))
        elif erx.search(text):
            found.append((kind, enu))
    return [units for kind, units in found if not (kind == "age" and any(k == "area" for k, _ in found))]
