"""The best passage of a record: how much of a question one stretch of a turn holds.

A record's BM25 is normalised by its length, so an answer said in passing inside a long turn (one
sentence of an assistant's eight) scores below a short line that merely shares a word or two
with the question. The passage score is the rarity (idf) of the distinct content clauses found
together in one sentence (at most WINDOW tokens of it), on the scale of BM25 for a short record
holding each once (PASSAGE_SCALE): a long turn is judged by its best sentence, as if that sentence
were a turn of its own, not diluted by the rest of it.

A question that asks for a time, a person, a number, a reason, a preference or a choice ("when
did we…", "who is…", "how many…", "why did…", "can you recommend…", "which … did we pick") is
answered by a sentence that holds one:
a record whose best sentence holds it weighs ANSWER_LIFT more (the expected kind of answer, told
from the question by search.query). A question about how things stand now ("what is my rent
now") is answered by a sentence that states a change as well (CHANGE: "raised", "switched to",
"no longer", 换成, 不再). For a question about the person's state, now or not ("where do I
work"), the person's own sentence that states a change weighs CHANGE_LIFT more. For a question
about what the assistant picked ("which laptop did you tell me to buy"), a reply's sentence that
names the pick (NAMED) weighs NAMED_LIFT more, and so does the person's turn holding the question's
words when the reply right after it names one (its session lifted by PICKED).
"""

from __future__ import annotations

import re
from bisect import bisect
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from deja.plain import Plain
from deja.search.query import FIRST_PERSON, ORDINAL
from deja.search.whose import PEOPLE_EN, asked_people, others
from deja.text.tokenizer import MEASURE_ZH, tokens

if TYPE_CHECKING:
    from deja.store import Store

# Tokens in a passage at most: about a sentence (CJK: characters, as bigrams).
WINDOW = 24
# What a word held once weighs in a very short record, against its idf: (k1 + 1) / (1 + k1 (1 - b))
# with the text index's BM25 (tantivy: k1 1.2, b 0.75).
PASSAGE_SCALE = 2.2 / 1.3
# A sentence holding the kind of answer the question asks for.
ANSWER_LIFT = 1.25
# A sentence of the person's own turn that states a change, for a question about the person's state
# (search.recency.asks_state): "I started my new job at …" answers "Where do I work?" though an older
# "I work at …" holds more of its words. Only when that sentence holds CHANGE_SHARE of the question's
# weight (not a change said beside one word of it). Measured 2, 3, 4: docs/benchmarks.md, "Issue 14,
# session 7: knowledge updates".
CHANGE_LIFT = 3.0
CHANGE_SHARE = 0.3
# For a question that counts across sessions (Query.counts) or asks about a fact (Query.fact, of the
# person): a record whose best sentences are all questions ("What should I ask at a doctor's
# appointment?", "Which dog breed is calm enough for a flat?", 周末爬山要带什么？) asks about the topic,
# it holds no instance or fact of it: its weight is scaled by ASKED. (Measured for facts on the
# `facts` dev set, docs/benchmarks.md "Issue 14, session 9".)
ASKED = 0.3
# A sentence ending with a question mark is a question only up to this many tokens: people chain
# statements unpunctuated before a question ("my sister named the starter Sir Rise-a-lot how long
# should I feed it?"; `chat` lost that answer to 2nd without it).
ASKS_TOKENS = 20
# ... and a leading session has this many records read for their passages, not 3: a chat asking about
# the category in many turns would have its fourth ask stand in for the three scaled down.
COUNT_RECORDS = 6
# A question's leading sessions whose leading records are judged by their best passage too (rescore),
# and how many of each session's leading records.
PASSAGE_SESSIONS = 20
PASSAGE_RECORDS = 3
# A request for a recommendation or advice (Query.wants "preference": "any tips for a weekend trip",
# 推荐几本睡前看的书) is answered by the session where the person states a like, habit or constraint
# ("I hate crowds and love long hikes", 我特别喜欢科幻小说: ANSWERS["preference"]) in a turn about
# the request's subject; its same-topic neighbours only mention the subject ("my neighbour's weekend
# trip", "what do people usually pack for a weekend trip?"). A session whose person's turn holds
# such a statement (holding a word of the request, its own or a related one) and one of the
# request's own words is lifted by STATED (measured 1.5 / 2 / 3: docs/benchmarks.md, "Issue 14,
# session 9"); a turn holding only related words is not (related words order, they never pass the
# request's own words). Its records read for their passages are COUNT_RECORDS, not PASSAGE_RECORDS
# (the statement is one turn among the topic's questions), and a turn whose best sentences only ask
# about the world, not about the person ("what do people usually pack …?"), states nothing: ASKED.
STATED = 2.0
# For a fact about the person (Matcher.whose): a record of theirs whose best sentences hold the
# question's words only as somebody else's ("my friend's dog is a labrador", "my sister lives in
# Madrid", 我朋友的老婆叫王芳; search.whose) tells another's fact, not theirs: its weight is scaled by OTHERS.
# Measured 0.15 / 0.3 / 0.5 (docs/benchmarks.md, "Issue 14, session 11"). A session whose person's
# records read tell the question's words only so (none of them the person's own, questions aside) weighs
# OTHERS whole when each of those lines opens on one of the person's people, its subject (OTHER_PEOPLE:
# "My colleague joined …", 我同事家的狗…): its session BM25 and coverage count that line too, and a chat
# with one such line led the person's own fact said in other words (docs/benchmarks.md, "Issue 14,
# session 12").
OTHERS = 0.3
# ... and a session whose person states one in a turn holding only related words of the request ("I shoot
# my kids' football matches" for "can you recommend a camera") by RELATED_STATED: less than STATED, so a
# statement holding the request's own words still passes it (session 7's rule: related words order, they
# never pass own words; its saffron test holds). Measured 1.0 / 1.2 / 1.4 / 1.6 / 2.0, in-process: prefs
# 0.611 / 0.648 / 0.685 / 0.667 / 0.630 hit@1, advice 0.708 at all but 2.0 (0.688), said2's requests
# 0.167 / 0.250 / 0.333 / 0.333 / 0.333 (docs/benchmarks.md, "Issue 14, session 11").
RELATED_STATED = 1.4

# A question about what the assistant picked or advised (Query.asks_assistant, wants "choice": "which
# laptop did you tell me to buy", 你推荐的密码管理器是哪个) is answered by a reply that names the
# pick: a sentence holding a named thing (NAMED) besides the pick's words weighs NAMED_LIFT more. The
# reply that answers often holds one of the question's words ("the Dell XPS 13 is the laptop I would
# pick"), the replies on the topic all of them ("buy a laptop with sixteen gigabytes").
NAMED_LIFT = 1.6
# (the months and days: a time, not a named thing, though English capitalises them)
_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# A named thing as a reply writes it: a capitalised word inside a sentence (a title, a brand, a
# place; not a month or a day: "book ahead for a Friday night" names no pick), a word with a digit
# (1Password, XPS 13), a command's option or path (-R, --soft, HEAD~1, /srv/app), a quoted or titled name ("…", 《…》, 「…」), a Latin word in a Chinese sentence. (The
# word before Chinese is tried only where a run of ASCII word characters starts, and runs no
# further: tried at every letter, a long word cost its length squared — 20,000 letters, 5 s.)
NAMED = (r"(?-i:(?<=[\w,;:] )(?!I\b|I['’]|(?i:" + _MONTHS + "|" + _DAYS + r")\b)[A-Z][\w'’-]*)|\b[A-Za-z]*\d[\w.-]*|(?<!\w)--?[A-Za-z][\w-]*|\w[~/:]\w|/\w+/|`[^`]+`"
         r"|[《「“\"][^》」”\"]{1,40}[》」”\"]|(?<=[\u3400-\u9fff])\s*[A-Za-z][\w-]+|(?<![A-Za-z0-9_-])[A-Za-z][A-Za-z0-9_-]+\s*(?=[\u3400-\u9fff])")

# ... and the session where a reply right after the person's turn holding the question's words (the
# situation: "I travel a lot and need a new laptop") names a pick ("the ThinkPad X1 Carbon is the one I
# would pick") is lifted by PICKED: the reply holds none of the question's words and the session's score
# counts the replies' (search._graded), so its neighbours on the topic, whose replies hold every word
# and name nothing, lead by coverage alone; the answering session often has no other record holding the
# question's words (no session score, one record), its neighbours several. So is the session whose
# reply names the pick in the sentence holding the question's words ("For a small team I would keep
# passwords in 1Password"). Session 9 kept 2.0 (3.0 moved one question on `said` and one on `facts`);
# with the replies that propose a pick in more forms (ANSWERS["choice"], ORDERED), measured 2.0 / 2.5 /
# 3.0 / 4.0 in-process: said 0.500 / 0.500 / 0.562 / 0.562 hit@1, said2's assistant questions 0.550 /
# 0.550 / 0.600 / 0.600, facts 0.593 but at 4.0 (0.583). The reply's own lift then, 1.5 / 2.0 / 3.0:
# facts 0.611 / 0.639 / 0.667 hit@1 (0.778 / 0.843 / 0.861 hit@5, from 0.750), said hit@5 0.656 →
# 0.688 at 3.0; every other dev set level (docs/benchmarks.md, "Issue 14, session 11").
PICKED = 3.0
# A reply that lists in order ("First, go to …; second, spend an afternoon at …; and finish at …", "do a
# plank, then bridges, and then a stretch", 先…然后…最后): two of these in one sentence. For a question
# naming a pick by its place ("the third exercise you told me", 你推荐的第三家), such a reply names its
# picks whether or not they are written as names (passage.named_pick).
ORDERED = (r"\b(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|after\s+that|finally|start\s+with)\b"
           r"|先|然后|再|最后|第[一二三四五]")
# ... and a reply that numbers its picks, two lines or more each opening on a number ("1. Casa do Largo,
# a family-run guesthouse", "2) a snake plant", 1、巷子里的小馆子, （2）, 三、): the form an assistant gives
# options or steps in, whatever the items are written in (a lowercase name, a Chinese one). For a
# question about what the assistant picked, such a reply names its picks (named_pick). Not a bulleted
# one ("- "): replies put any prose in bullets (`chat-heldout` lost two answers to bulleted chatter).
LISTED = re.compile(r"^[ \t]*(?:\d{1,2}[.)、．]|[（(]\d{1,2}[)）]|[一二三四五六七八九十][、.．])[ \t]*\S", re.MULTILINE)
_FULL_STOP = re.compile(r"(?<=[.!?。！？])\s*|\n+")

# What answers each kind of question (search.query.Query.wants), in a sentence as written.
ANSWERS = {
    "time": (rf"\b(?:{_MONTHS}|{_DAYS}|\d{{1,2}}(?:st|nd|rd|th)|\d{{4}}-\d\d(?:-\d\d)?|\d{{1,2}}[:.]\d\d|\d{{1,2}}\s*(?:am|pm)|"
             r"yesterday|today|tomorrow|tonight|weekend|ago|(?:last|next|this|that)\s+(?:week|month|year|quarter|sprint|night|"
             r"morning|evening|time|spring|summer|autumn|fall|winter))\b|[周礼][一二三四五六日天]|星期|\d+\s*[月号日点]|昨天|前天|今天|明天|上周|下周|上个月"),
    # a capitalised word inside a sentence; in Chinese, a common surname after 和/跟/与/找/问…
    "person": (r"(?-i:(?<=[\w,;:] )[A-Z][a-z]+\b)|\b(?:mr|mrs|ms|dr)\b|(?:和|跟|与|同|找|问|让|叫|请)"
               r"[王李张刘陈杨黄赵吴周徐孙朱胡郭林罗郑梁谢宋唐韩冯邓曹彭曾肖董袁潘蒋蔡杜叶程苏魏吕丁沈姚卢姜崔钟谭陆汪廖贾夏韦邹孟熊秦邱]"),
    "number": (r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty|hundred|"
               r"thousand|dozen|half|twice|once|percent)\b|[$€£¥]|[一二三四五六七八九十百千万两半]\s*[元%" + MEASURE_ZH + "]"),
    # a cause given: "because", "the root cause was", "due to", "it turned out", "after we …"
    "reason": (r"\b(?:because|caused|cause\s+(?:of|was|is)|due\s+to|the\s+reason|turned\s+out|thanks\s+to|the\s+(?:problem|issue|culprit)"
               r"\s+(?:was|is)|after\s+(?:we|i|you|they)|so\s+that)\b|因为|由于|原因|导致|所以"),
    # what the person likes, does as a habit or cannot have: what answers a request for a
    # recommendation or advice ("I'm vegetarian", "I cycle to work", "I loved …", 我对花生过敏, 我一般骑车)
    "preference": (r"\bi(?:'m|\s+am)\s+(?:\w+\s+){0,2}(?:vegetarian|vegan|allergic|intolerant|fan|into|obsessed|hooked|learning|"
                   r"training|saving|paid|trying|not\s+(?:a|big|much))\b|\bi(?:'ve|\s+have)\s+been\s+(?:\w+\s+){0,2}(?:vegetarian|vegan|\w+ing)\b"
                   r"|\bi\s+(?:\w+ly\s+|only\s+|still\s+|both\s+|also\s+|just\s+)?(?:love|loved|like|liked|enjoy|enjoyed|prefer|adore|hate|"
                   r"hated|dislike|avoid|can'?t\s+(?:stand|eat|drink|have|do|handle|sleep|focus|sit|tolerate)|don'?t\s+(?:eat|drink|like|do|"
                   r"own|drive|fly|enjoy)|never|always|usually|mostly|mainly|normally|tend\s+to|stick\s+to|cycle|bike|walk|drive|swim|run|"
                   r"play|shoot|use|edit|read|listen|watch|cook|bake|binged?|practi[cs]e|live|work|travel|commute|ride|grow|wear|own|drink|eat|"
                   r"get\s+(?:\w+\s+)?(?:cold|hot|bored|tired|sick|seasick|carsick|anxious))\b|\bmy\s+favou?rite\b|\b(?:huge|big)\s+fan\b"
                   r"|\bi\s+do\s+all\s+my\b|\bi\b[^.!?]{0,40}\b(?:every|most|each)\s+(?:day|days|morning|evening|night|week|weekend|"
                   r"weekends|month)\b"
                   r"|我(?:特别|比较|更|最|很|超|真的|一直|不|不太|也)?(?:喜欢|爱|偏爱|习惯|怕)|我(?:一般|平时|通常|每天|一直|都是|基本|经常|总是|"
                   r"每周|几乎)|我对.{1,8}过敏|我住(?:的是|在)|宁可|宁愿|只(?:喝|吃|用|听|看|穿|骑|坐)"
                   r"|我.{0,6}?(?:吃素|不吃|不能吃|不喝|不碰)|受不了|迷上|最爱|一直用|是.{0,4}迷"),
    # an instance of what a count question counts, as people report one in passing: an event in the
    # past said by the person ("we hiked up …", "saw a cardiologist", "just finished …", "again",
    # "another", "on Saturday"), or a number (a total: "the garage charged me 320"); 了 / 过 / 完 / 又
    "count": (r"\b(?:i|we)\s+(?:\w+\s+){0,2}?(?:\w+ed|went|saw|did|got|had|took|made|ran|swam|read|ate|flew|drove|rode|caught|"
              r"bought|spent|paid|met|won|wrote|began|finished|tried|visited)\b|^\W*(?:just\s+|finally\s+|also\s+)?(?:\w+ed|went|saw|did|"
              r"got|had|took|made|ran|swam|read|ate|flew|drove|caught|bought|spent|paid|stood|tried|finished|done)\b|\b(?:again|another|"
              rf"yesterday|tonight|last\s+(?:night|week|weekend|month)|this\s+(?:morning|afternoon|week|weekend)|on\s+(?:{_DAYS}))\b"
              r"|\d|[$€£¥]|了|过|完|又|刚"),
    # a pick or advice (and, added in _answer, text.decision's decision lines)
    "choice": (r"\b(?:ended\s+up|went\s+with|go\s+with|settled\s+on|picked|chose|chosen|booked|opted|i\s+suggested|i\s+recommend(?:ed)?|"
               r"i'?d\s+(?:take|make|go|use|pick|do|try)|i\s+would\s+(?:take|make|go|use|pick|do|try)|you\s+should|my\s+advice)\b"
               r"|\bi(?:'d|\s+would)\s+(?:suggest|recommend|keep|start|choose|get|look\s+at|put\s+on|book)\b|\bhow\s+about\b|\bstart\s+with\b"
               # advice as a reply proposes it: "you could try", "worth a look", and a sentence opening on the
               # verb of what to do ("Install X and …", "Try X for …", "Set up X tonight")
               r"|\byou\s+(?:could|might|can)\s+(?:try|go|look|use|get|read|book|start)\b|\bworth\s+(?:a\s+)?(?:look|try|visit|reading|watching)\b"
               r"|^\W*(?:(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|then|next|finally|and\s+then)\W+)?(?:try|install|set\s+up|pick|choose|book|visit|go\s+(?:to|for|with)|put\s+on)\b"
               r"|选了|选定|定了|决定|推荐|建议你|我会选|可以试试|不妨|就叫|可以(?:考虑|看看|去|选|用|装|买|听|读|放)|装一个|试试|先(?:看|读|听|用|去)"),
}
# Someone else in the person's life, as a sentence makes them its subject ("my cousin's camera broke",
# "a colleague heats up fish for lunch", "our neighbours went on holiday", 表姐的相机, 同事中午热鱼吃): a
# request's neighbour on its topic that holds its words and says nothing of the person's own likes or
# situation (passage._score: ASKED, when no "I" or 我 of the person's own is in the sentence and the
# request names no one; "what should I get my sister" is answered by what the sister likes).
# The English people are search.whose's list (one home); the Chinese are written as a sentence
# names them (whose reads bigrams instead).
OTHER_PEOPLE = (r"\b(?:my|our|a|an|his|her|their)\s+(?:\w+\s+)?(?:"
                + "|".join(re.escape(w) for w in sorted(PEOPLE_EN, key=len, reverse=True)) + r")\b|(?:我的?|表|堂)(?:哥|姐|弟|妹)|"
                r"我的?(?:爸|妈)|爸妈|父母|老公|老婆|爱人|儿子|女儿|叔叔|阿姨|舅舅|姑姑|侄子|侄女|外甥|同事|邻居|朋友|室友|老板|同学")
# ... and the person's own "I" in a sentence: then it is about them too ("my partner and I both avoid …").
_SELF = r"(?-i:\bI\b(?:['’](?:m|ve|d|ll)\b)?)|我(?!们)"
# A sentence that states a change, as people report one ("switched to", "we finally moved", "sold the
# old car and got a …", "that's twelve in total", 换成 / 入职 / 一共): what answers a question about how
# things stand now (Query.present) or about the person's state when an older session holds the old
# value in more of the question's words. ("the new" is not one: "the new coffee place".)
CHANGE = (r"\b(?:switched|switching|changed|change\s+of|moved|upgraded|downgraded|migrated|replaced|raised|"
          r"increased|went\s+up|went\s+from|dropped|lowered|cut|no\s+longer|not\s+any\s*more|anymore|instead|from\s+now\s+on|"
          r"(?:my|our)\s+new|update:|updated|now\s+(?:is|are|it'?s|runs?|on|at|uses?|using)|is\s+now|are\s+now|"
          r"left|quit|stopped|started|starting|took\s+over|finally|bought|sold|got\s+(?:a|an|the|my|our)|adopted|joined|"
          r"signed\s+up|picked\s+up|gave\s+up|took\s+up|traded|cancell?ed|knocked|settled\s+on|ever\s+since|since\s+(?:the|we|i)|"
          r"in\s+total|(?:up|down)\s+to\s+\d|put\s+(?:it|them|the\s+\w+)\s+up|(?:passed|hit|reached|crossed)\s+\d|now(?=\s*[.!,;]|\s*$))\b"
          r"|换成|换了|改成|改为|改用|改骑|改坐|改喝|不再|升级|降级|涨到|涨了|降到|瘦到|胖到|刚过|突破|变成|调去|调到|调走|跳槽|辞职|搬到|搬家以后|"
          r"新的|新工作|入职|终于|卖了|卖掉|退了|领养|报了(?:一?个|名)|一共|最后")
_BREAK = "dejasentencebreak"
_SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")


@lru_cache(maxsize=8)
def _answer(wants: str, present: bool = False) -> re.Pattern[str] | None:
    # compiled on first use: a search that asks for no kind of answer does not pay for it
    kinds = [ANSWERS[wants]] if wants in ANSWERS else []
    if wants == "choice":  # a pick or advice, or what text.decision reads as a decision
        from deja.text.decision import DECISION

        kinds.append(DECISION.pattern)
    if present:  # how things stand now: a change stated answers too
        kinds.append(CHANGE)
    return re.compile("|".join(kinds), re.IGNORECASE) if kinds else None


@lru_cache(maxsize=1)
def _named() -> re.Pattern[str]:
    return re.compile(NAMED)


def names(sentence: str) -> list[str]:
    """The Latin words and figures of the named things `sentence` writes (NAMED): "David Lloyd" as
    David and Lloyd, "XPS 13", Chrome in 用Chrome浏览器 (not the Chinese a match runs into)."""
    return [w for x in _named().findall(sentence) for w in _LATIN.findall(x)]


_LATIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+'’-]*")


@lru_cache(maxsize=1)
def _ordered() -> re.Pattern[str]:
    return re.compile(ORDERED, re.IGNORECASE)


@lru_cache(maxsize=1)
def _others() -> re.Pattern[str]:
    return re.compile(OTHER_PEOPLE, re.IGNORECASE)


@lru_cache(maxsize=1)
def _self() -> re.Pattern[str]:
    return re.compile(_SELF)


def _about_others(others: re.Pattern[str], sentence: str) -> bool:
    """Is this sentence about someone else (OTHER_PEOPLE), with no "I" or 我 of the person's own in it?"""
    return bool(others.search(sentence)) and not _self().search(others.sub(" ", sentence))


def _opens_on_others(sentence: str) -> bool:
    """Does this sentence open on one of the person's people (OTHER_PEOPLE), its subject: "My colleague
    joined a gym", 我同事家的狗是拉布拉多, 我表姐说…? Not "I flew to my cousin's wedding", 去表哥婚礼坐的是…
    (the person went: the wedding is the cousin's, the flight theirs), 孩子出生以后每晚只能睡四个小时 (the
    person's sleep, the subject unsaid)."""
    s = sentence.lstrip()
    own = s[2:] if s.startswith("我的") else s[1:] if s.startswith("我") else s
    return bool(_others().match(s) or _others().match(own))


def states_change(sentence: str) -> bool:
    """Does `sentence` state a change, as people report one (CHANGE)?"""
    return bool(_change().search(sentence))


def valued(wants: str, sentence: str) -> bool:
    """Does `sentence` state a value of the person's state (search.recency.newest_value)? For a
    question asking how many or how much a figure (ANSWERS["number"]), for "who" a person
    (ANSWERS["person"]) or a name, for any other a name or a figure (NAMED): "the Pixel 9", "Ten of
    us", 换成小米15. A time is no value ("on Saturdays", "last week", 3月): it is cut out first."""
    rx, time = _value(wants)
    return bool(rx.search(sentence)) and bool(rx.search(time.sub(" ", sentence)))


@lru_cache(maxsize=4)
def _value(wants: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    kinds = [ANSWERS["number"]] if wants == "number" else [ANSWERS["person"], NAMED] if wants == "person" else [NAMED, ANSWERS["number"]]
    time = rf"\b(?:{_MONTHS}|{_DAYS})s?\b|{ANSWERS['time']}"
    return re.compile("|".join(f"(?:{k})" for k in kinds), re.IGNORECASE), re.compile(time, re.IGNORECASE)


@lru_cache(maxsize=1)
def _change() -> re.Pattern[str]:
    return re.compile(CHANGE, re.IGNORECASE)


class Matcher(Plain):
    """A question's clauses as the passage score reads them, built once per search: each word
    and its `forms` -> its clause, the phrases, the clauses' weights, the kind of answer wanted,
    for a question about the person's state (`state`) the change that answers it, and whether only
    statements answer it (`statements`: a count, or a fact about the person; a record that only asks
    weighs ASKED)."""

    __slots__ = ("single", "phrases", "weights", "answer", "change", "share", "statements", "counts", "prefers", "related", "named",
                 "whose", "people", "others", "ordered")

    def __init__(self, clauses: Sequence[Sequence[str]], weights: Sequence[float],
                 forms: Mapping[str, Sequence[str]], wants: str = "", present: bool = False, state: bool = False,
                 share: float = CHANGE_SHARE, statements: bool = False, named: bool = False, text: str = ""):
        self.counts = wants == "count"
        self.statements = statements or self.counts
        self.prefers = wants == "preference"
        self.related: set[int] = set()  # a related clause (search.related's token) is no word of the request
        if self.prefers:
            from deja.search.related import MARK

            self.related = {i for i, c in enumerate(clauses) if len(c) == 1 and c[0].startswith(MARK)}
        self.single: dict[str, int] = {}
        self.phrases: list[tuple[int, tuple[str, ...]]] = []
        for i, c in enumerate(clauses):
            if len(c) == 1:
                for w in (c[0], *forms.get(c[0], ())):
                    self.single.setdefault(w, i)
            elif c:
                self.phrases.append((i, tuple(c)))
        self.weights, self.answer = weights, _answer(wants, present)
        self.change = _change() if state else None
        self.share = share
        self.named = _named() if named and wants == "choice" else None  # a pick the assistant named: NAMED_LIFT
        # a fact about the person: the question's own words (not its related ones), whose holder a
        # sentence names (search.whose); not for "who", whose answer is another person
        self.whose: dict[str, int] | None = None
        if statements and not named and wants != "person":
            from deja.search.related import MARK

            mine = {i for i, c in enumerate(clauses) if not (len(c) == 1 and c[0].startswith(MARK))}
            self.whose = {w: i for w, i in self.single.items() if i in mine}
        self.people = asked_people(self.single) if self.whose else frozenset()  # (whose.others' `held`)
        # a pick asked by its place in the assistant's list: a reply listing in order names it (named_pick)
        self.ordered = _ordered() if self.named is not None and ORDINAL.search(text) else None
        # a request that names no one else (`text`, the question): a sentence about someone else answers nothing
        self.others = _others() if self.prefers and not _others().search(text) else None


def score(m: Matcher, text: str, own: bool = True) -> tuple[float, float]:
    """The best sentence's summed weight of the distinct clauses it holds in a window (a word in
    any of its forms; a phrase as its tokens in order), and the lift for the record: ANSWER_LIFT
    when a sentence holding the best share of them also holds the kind of answer wanted (for a
    request, m.prefers: any statement of the person's holding a clause; ASKED for a turn that only
    asks about the world); times CHANGE_LIFT when the record is the `own` side's (the person's, for
    a question about them) and such a sentence states a change (m.change) and holds m.share
    (CHANGE_SHARE) of the question."""
    p, lift, _, _ = _score(m, text, own)
    return p, lift


def _score(m: Matcher, text: str, own: bool) -> tuple[float, float, float, str]:
    """score's passage and lift, and its session's lift: for a request (m.prefers), when the person
    states a preference here, STATED if the turn holds one of the request's own words, RELATED_STATED
    if only related ones; for a question about the assistant's pick, PICKED when the reply's best
    sentence names one (the kind of answer wanted and a named thing); else 1. And what the record
    tells for a fact (m.statements): "asks" (its best sentences only ask), "theirs" (they tell the
    question's words as somebody else's, opening on one of the person's people: OTHERS), "guess" (as
    somebody else's otherwise: OTHERS too), "" otherwise."""
    sentences, per = _held(m, text)
    if not per:
        return 0.0, 1.0, 1.0, ""
    best = max(per.values())
    lift = 1.0
    tells = ""
    if m.answer is None and m.change is None and not m.statements:
        return best * PASSAGE_SCALE, lift, 1.0, tells
    # the sentences holding the best share: where the kind of answer and a change are looked for
    top = [sentences[k] for k, v in per.items() if v >= best * 0.999 and k < len(sentences)]
    if m.statements:  # a fact or an instance is stated, not asked about
        top = [t for t in top if not _asks(t)]
        if not top:
            return best * PASSAGE_SCALE, ASKED, 1.0, "asks"
        if m.whose and own and all(others(tokens(t), m.whose, m.single, m.people) for t in top):
            # (for its session: "theirs" only when each opens on one of the person's people, its subject)
            lift, tells = OTHERS, "theirs" if all(_opens_on_others(t) for t in top) else "guess"
    if m.answer is None and m.change is None:
        return best * PASSAGE_SCALE, lift, 1.0, tells
    stated = 1.0
    if m.prefers and own and m.answer is not None:  # a statement anywhere in the turn, not a question
        if any(not _marked_question(t := sentences[k]) and m.answer.search(t) for k in per if k < len(sentences)):
            lift, stated = ANSWER_LIFT, RELATED_STATED if held(m, text) <= m.related else STATED
        elif all(_marked_question(t) and not FIRST_PERSON.search(t) for t in top) or (
                m.others is not None and all(_about_others(m.others, t) for t in top)):
            lift = ASKED
    elif m.answer is not None and best and any(m.answer.search(t) for t in top):
        lift *= ANSWER_LIFT
        if m.named is not None and own and any(m.named.search(t) for t in top):  # the reply names the pick
            stated = PICKED
    if m.named is not None and own and best and any(m.named.search(t) for t in top):  # the reply names it
        lift *= NAMED_LIFT
    if m.change is not None and own and best >= m.share * sum(m.weights) and any(m.change.search(t) for t in top):
        lift *= CHANGE_LIFT
    return best * PASSAGE_SCALE, lift, stated, tells


def rescore(store: Store, m: Matcher, hits: list, heavy: int, heavy_weight: float, other: float = 1.0) -> None:
    """A long turn judged by its best stretch: the leading records of the leading sessions
    (`hits`: search._rank's (hit, [(score, record)], session score, lift), re-sorted in place) score
    at least their best passage's weight (a record of the `heavy` side weighs `heavy_weight`, of
    the other `other`), times the lift `score` gives it; a request's session where the person
    states a preference in a turn holding the request's own words (m.prefers) has its lift times
    STATED (RELATED_STATED when the turn holds only related words); for a question about what the
    assistant picked (m.named), a person's turn holding the question's words whose reply right after
    it names a pick (named_pick) scores as that reply would if it held them, and its session's lift
    is times PICKED, as is a session whose reply names the pick where it holds the question's words.
    A session's records past the ones read
    score at most the lowest read one: they ranked below all of them, and reading must not let one
    that was never read stand in for them (a chat asking about the topic in seven turns has three
    read as questions, ASKED; its fourth kept its whole score and led the person's fact)."""
    hits.sort(key=lambda h: -(h[1][0][0] + h[2]) * h[3])
    per = COUNT_RECORDS if m.counts or m.prefers else PASSAGE_RECORDS
    todo = [(i, j) for i, (_, items, _, _) in enumerate(hits[:PASSAGE_SESSIONS]) for j in range(min(per, len(items)))]
    stated: dict[int, float] = {}  # a session -> its lift: a request's statement (STATED), a pick (PICKED)
    theirs: dict[int, bool] = {}  # a session -> whether the person's records read tell the fact only as another's
    asked: dict[tuple[int, int], tuple[int, int, float]] = {}  # a person's turn a pick may answer: (session, seq) -> (i, j, passage)
    for (i, j), b in zip(todo, store.text.bodies([hits[i][1][j][1].addr for i, j in todo])):
        items = hits[i][1]
        sc, c = items[j]
        own = c.role == heavy
        p, lift, said, tells = _score(m, b.text, own)
        if said > stated.get(i, 1.0):
            stated[i] = said
        if own and p and m.whose and tells not in ("asks", "guess"):
            theirs[i] = tells == "theirs" and theirs.get(i, True)
        if m.named is not None and not own and p:
            asked[(b.sid, b.seq)] = (i, j, p)
        items[j] = (max(sc, p * (heavy_weight if own else other)) * lift, c)
    if asked:  # the reply right after the person's turn that holds the situation, when it names a pick
        for key, reply in store.text.replies(list(asked), heavy).items():
            if named_pick(m, reply.text):
                i, j, p = asked[key]
                sc, c = hits[i][1][j]
                hits[i][1][j] = (max(sc, p * heavy_weight * ANSWER_LIFT * NAMED_LIFT), c)
                stated[i] = PICKED
    for i, t in theirs.items():  # the session's own words are another's too: it weighs OTHERS whole
        if t:
            stated[i] = stated.get(i, 1.0) * OTHERS
    for i, up in stated.items():
        hit, items, session, lift = hits[i]
        hits[i] = (hit, items, session, lift * up)
    for _, items, _, _ in hits[:PASSAGE_SESSIONS]:
        if len(items) > per:  # an unread record ranked below every read one: it stays below them
            floor = min(sc for sc, _ in items[:per])
            items[per:] = [(min(sc, floor), c) for sc, c in items[per:]]
        items.sort(key=lambda x: -x[0])


def named_pick(m: Matcher, text: str) -> bool:
    """Does a sentence of this reply name a pick: the kind of answer wanted and a named thing (NAMED)?
    Does it lay its picks out as a list (LISTED)? For a question naming the pick by its place (m.ordered), does a sentence list in order (ORDERED)?"""
    if m.named is None or m.answer is None:
        return False
    if _lists(text):
        return True
    if any(m.answer.search(t) and m.named.search(t) for t in _SENTENCE.split(text)):
        return True
    return m.ordered is not None and any(len(m.ordered.findall(t)) >= 2 for t in _FULL_STOP.split(text))


def _lists(text: str) -> bool:
    """Does this reply number a list: two lines or more opening on a number (LISTED)?"""
    return len(LISTED.findall(text, 0, 20000)) >= 2


def _marked_question(sentence: str) -> bool:
    """Does this sentence end with a question mark (ASCII or full-width)?"""
    return sentence.rstrip().endswith(("?", "？"))


def _asks(sentence: str) -> bool:
    """Is this sentence a question: ends with a question mark and is at most ASKS_TOKENS long (a
    longer one is statements run together before a question, "… she calls it Sir Rise-a-lot how
    long should I feed it?")?"""
    return _marked_question(sentence) and len(tokens(sentence)) <= ASKS_TOKENS


def best_sentence(m: Matcher, text: str) -> tuple[str, float]:
    """The statement of `text` (a sentence that asks nothing: an answer is not a question) holding
    the most of the question's weight, and that weight."""
    sentences, per = _held(m, text)
    said = [k for k in per if k < len(sentences) and not _marked_question(sentences[k])]
    if not said:
        return "", 0.0
    k = max(said, key=lambda k: (per[k], -k))
    return sentences[k], per[k]


def held(m: Matcher, text: str) -> set[int]:
    """The clauses (their indexes) `text` holds anywhere."""
    toks = tokens(text)
    out = {i for t in toks if (i := m.single.get(t)) is not None}
    return out | {i for i, c in m.phrases if any(tuple(toks[p : p + len(c)]) == c for p in range(len(toks) - len(c) + 1))}


def _held(m: Matcher, text: str) -> tuple[list[str], dict[int, float]]:
    """The sentences of `text`, and per sentence holding any clause its best window's weight."""
    sentences = _SENTENCE.split(text)
    # one analyzer call per record, the sentences kept apart by a token no text holds
    toks = tokens(f" {_BREAK} ".join(sentences))
    events: list[tuple[int, int]] = []  # (position, clause)
    single = m.single
    for p, t in enumerate(toks):
        i = single.get(t)
        if i is not None:
            events.append((p, i))
    for i, c in m.phrases:
        n = len(c)
        events += [(p, i) for p in range(len(toks) - n + 1) if toks[p] == c[0] and tuple(toks[p : p + n]) == c]
    if not events:
        return sentences, {}
    events.sort()
    breaks = [p for p, t in enumerate(toks) if t == _BREAK]
    per: dict[int, float] = {}  # sentence -> its best window
    weights = m.weights
    held: dict[int, int] = {}
    total = 0.0
    lo = 0
    sentence = -1
    for k, (pos, i) in enumerate(events):
        at = bisect(breaks, pos)
        if at != sentence:  # a window never spans two sentences
            sentence, held, total, lo = at, {}, 0.0, k
        while events[lo][0] <= pos - WINDOW:
            j = events[lo][1]
            held[j] -= 1
            if not held[j]:
                del held[j]
                total -= weights[j]
            lo += 1
        if i not in held:
            held[i] = 0
            total += weights[i]
        held[i] += 1
        per[sentence] = max(per.get(sentence, 0.0), total)
    return sentences, per
