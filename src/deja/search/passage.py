"""The best passage of a record: how much of a question one stretch of a turn holds.

A record's BM25 is normalised by its length, so an answer said in passing inside a long turn (one
sentence of an assistant's eight) scores below a short line that merely shares a word or two
with the question. The passage score is the rarity (idf) of the distinct content clauses found
together in one sentence (at most WINDOW tokens of it), on the scale of BM25 for a short record
holding each once (PASSAGE_SCALE): a long turn is judged by its best sentence, as if that sentence
were a turn of its own, not diluted by the rest of it.

A question that asks for a time, a person or a number ("when did we…", "who is…", "how many…")
is answered by a sentence that holds one: a record whose best sentence holds it weighs ANSWER_LIFT
more (the expected kind of answer, told from the question by search.query).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from deja.tokenizer import tokens

# Tokens in a passage at most: about a sentence (CJK: characters, as bigrams).
WINDOW = 24
# What a word held once weighs in a very short record, against its idf: (k1 + 1) / (1 + k1 (1 - b))
# with the text index's BM25 (tantivy: k1 1.2, b 0.75).
PASSAGE_SCALE = 2.2 / 1.3
# A sentence holding the kind of answer the question asks for.
ANSWER_LIFT = 1.25

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
# What answers each kind of question (search.query.Query.wants), in a sentence as written.
ANSWERS = {
    "time": re.compile(
        rf"\b(?:{_MONTHS}|{_DAYS}|\d{{1,2}}(?:st|nd|rd|th)|\d{{4}}-\d\d(?:-\d\d)?|\d{{1,2}}[:.]\d\d|\d{{1,2}}\s*(?:am|pm)|"
        r"yesterday|today|tomorrow|tonight|weekend|ago|(?:last|next|this|that)\s+(?:week|month|year|quarter|sprint|night|"
        r"morning|evening|time|spring|summer|autumn|fall|winter))\b|[周礼][一二三四五六日天]|星期|\d+\s*[月号日点]|昨天|前天|今天|明天|上周|下周|上个月",
        re.IGNORECASE),
    # a capitalised word inside a sentence; in Chinese, a common surname after 和/跟/与/找/问…
    "person": re.compile(r"(?<=[\w,;:] )[A-Z][a-z]+\b|\b(?:Mr|Mrs|Ms|Dr)\b|(?:和|跟|与|同|找|问|让|叫|请)"
                         r"[王李张刘陈杨黄赵吴周徐孙朱胡郭林罗郑梁谢宋唐韩冯邓曹彭曾肖董袁潘蒋蔡杜叶程苏魏吕丁沈姚卢姜崔钟谭陆汪廖贾夏韦邹孟熊秦邱]"),
    "number": re.compile(r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty|hundred|"
                         r"thousand|dozen|half|twice|once|percent)\b|[$€£¥]|[一二三四五六七八九十百千万两]\s*[次个天块元%]",
                         re.IGNORECASE),
}
_SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*|\n+")


def score(text: str, clauses: Sequence[Sequence[str]], weights: Sequence[float],
          forms: Mapping[str, Sequence[str]], wants: str = "") -> tuple[float, float]:
    """The best sentence's summed weight of the distinct clauses it holds in a window (a word in
    any of its `forms`; a phrase as its tokens in order), and the lift for the record:
    ANSWER_LIFT when a sentence holding the best share of them also holds the kind of answer
    `wants` (time | person | number), else 1."""
    answer = ANSWERS.get(wants)
    best = lifted = 0.0
    for sentence in _SENTENCE.split(text):
        s = _window(tokens(sentence), clauses, weights, forms) if sentence else 0.0
        best = max(best, s)
        if s and answer is not None and answer.search(sentence):
            lifted = max(lifted, s)
    return best * PASSAGE_SCALE, ANSWER_LIFT if lifted and lifted >= best * 0.999 else 1.0


def _window(toks: list[str], clauses: Sequence[Sequence[str]], weights: Sequence[float],
            forms: Mapping[str, Sequence[str]]) -> float:
    if not toks:
        return 0.0
    single: dict[str, int] = {}
    phrases = []
    for i, c in enumerate(clauses):
        if len(c) == 1:
            for w in (c[0], *forms.get(c[0], ())):
                single.setdefault(w, i)
        elif c:
            phrases.append((i, tuple(c)))
    events = [(p, single[t]) for p, t in enumerate(toks) if t in single]
    for i, c in phrases:
        n = len(c)
        events += [(p, i) for p in range(len(toks) - n + 1) if toks[p] == c[0] and tuple(toks[p : p + n]) == c]
    if not events:
        return 0.0
    events.sort()
    held: dict[int, int] = {}
    best = total = 0.0
    lo = 0
    for pos, i in events:
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
        best = max(best, total)
    return best
