"""Whose a sentence's words are: the person's, or somebody else's they talk about.

A question about the person's own thing ("what breed is my dog?", "which city do I live in?",
我老婆叫什么名字？) is asked of a history where the person also tells of other people's in the
question's very words ("my friend's dog is a labrador", "my sister lives in Madrid", 我朋友的老婆叫王芳):
such a sentence holds every word of the question and none of the answer, and wins by holding more
than the turn that states the person's own fact in other words ("we adopted a beagle, and the dog
still chews every cable"). A question word is somebody else's in a sentence when the nearest person
said before it is another: a person the person knows (OTHERS_EN, OTHERS_ZH: kin, friends,
colleagues, neighbours), or he / she / they, and not I / my / we / 我. The people are a closed class
of the language, not the vocabulary of any topic; a word the question itself asks about (the wife
of "my wife's name") is no other person in its sentences.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

# The person themselves (English tokens; a Chinese bigram starting with 我, 我们 too, is the person's).
OWN_EN = frozenset("i my me mine myself we our ours us".split())
# The people one talks about (kin, friends, colleagues, neighbours), in English, each with its
# plural: the one list of them (passage.OTHER_PEOPLE makes its English from it too).
_PEOPLE = ("friend colleague coworker co-worker neighbour neighbor sister brother sibling mum mom mother dad "
           "father parent cousin uncle aunt nephew niece grandma grandmother grandad grandpa grandfather "
           "grandparent partner husband wife boyfriend girlfriend son daughter kid boss manager flatmate "
           "roommate housemate classmate teammate").split()
PEOPLE_EN = frozenset(_PEOPLE + [w + "s" for w in _PEOPLE] + ["child", "children"])
# Another person: the people one talks about, and the third person. When the question asks about one
# of the person's people ("where does my daughter go to school", 我老婆是做什么工作的), he or she (他 or
# 她) of that one's sex is that one ("my youngest started at Hillside, the drop-off with her is chaos",
# 每天送她上学), not another: she for a daughter, he for a son.
OTHERS_EN = PEOPLE_EN | frozenset("he she they his her their him them".split())
_SHE = (frozenset("she her".split()), "她", frozenset("sister mum mom mother grandma grandmother aunt niece wife girlfriend daughter".split()),
        ("老婆", "妻子", "女儿", "妈", "姐", "妹", "阿姨", "姑姑", "奶奶", "外婆"))
_HE = (frozenset("he him his".split()), "他", frozenset("brother dad father grandad grandpa grandfather uncle nephew husband boyfriend son".split()),
       ("老公", "丈夫", "儿子", "爸", "哥", "弟", "叔叔", "舅", "爷爷", "外公"))
# ... in Chinese, as a bigram holds them (爸 in 我爸 爸爸 爸妈; 同事 in 我同 同事): a bigram holding one is another's.
# A character only where it is nearly always a person (not 奶 of 牛奶, 姑 of 姑娘, 爷 of 爷们: those as
# their doubled forms); 他 but not in 其他 (the rest) or 吉他 (NOT_PEOPLE).
OTHERS_ZH = ("朋友", "同事", "邻居", "室友", "同学", "领导", "老板", "老公", "老婆", "丈夫", "妻子", "儿子", "女儿", "孩子", "对象",
             "爸", "妈", "哥", "姐", "弟", "妹", "叔叔", "舅", "阿姨", "姑姑", "爷爷", "奶奶", "外公", "外婆", "侄", "甥", "他", "她")
NOT_PEOPLE = ("其他", "吉他", "其她")


# ... and in Chinese only that close before the question's word (我同事家的狗是, 我表姐住在): Chinese
# leaves the person unsaid, so a person named further off is seldom whose the word is (有了孩子以后只能睡
# 五个小时 is the person's sleep). English says its subject. Tokens are bigrams there: 8 is about a
# clause (measured 4 / 8 / unbounded: docs/benchmarks.md, "Issue 14, session 11").
NEAR = 8


def asked_people(asked: Collection[str]) -> frozenset[str]:
    """The people of OTHERS_ZH the question's own words hold (老婆 of 我老婆叫什么): no other person
    in its sentences; and the third person who is the one asked about (she / her / 她 for "my
    daughter", 我老婆; he / him / his / 他 for a son). Found once per question, not per token of a
    sentence: a token checked against every word of a pasted question was quadratic (a 6,000-character
    question and a 48,000-character record of 他: 21 s a search)."""
    held = frozenset(o for o in OTHERS_ZH if any(o in w for w in asked))
    third: set[str] = set()
    for en, zh, people_en, people_zh in (_SHE, _HE):
        if any(w in people_en for w in asked) or any(p in w for p in people_zh for w in asked):
            third |= en | {zh}
    return held | third


def _other(token: str, asked: Mapping[str, int], held: frozenset[str]) -> bool:
    if token in asked:
        return False
    if token.isascii():
        return token in OTHERS_EN and token not in held
    return token not in NOT_PEOPLE and any(o in token and o not in held for o in OTHERS_ZH)


def _own(token: str) -> bool:
    return token in OWN_EN or token[:1] == "我"


def others(toks: Sequence[str], words: Mapping[str, int], asked: Mapping[str, int],
           held: frozenset[str] | None = None) -> bool:
    """Are the question's words in `toks` (one sentence's tokens; `words`: the question's own words
    and their forms) all somebody else's: another person said before each, with no I / my / 我
    between (in Chinese at most NEAR tokens before it, or before a question word of theirs just
    before it)? A word of the question, its related words included (`asked`), is no other person:
    the wife of "my wife's name", 老婆 for 媳妇. `held`: asked_people(asked), when the caller has it."""
    held = asked_people(asked) if held is None else held
    person, at = "", 0  # the nearest person so far ("own", "other" or none yet) and where
    seen = False
    for k, t in enumerate(toks):
        if t in words and not _own(t):
            if person != "other" or (not t.isascii() and k - at > NEAR):
                return False
            seen, at = True, k
        elif _other(t, asked, held):
            person, at = "other", k
        elif _own(t):
            person, at = "own", k
    return seen
