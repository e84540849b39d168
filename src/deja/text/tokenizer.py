"""The ONE tokenizer, shared by the write path and the read path.

CJK runs become overlapping bigrams (广告点击 -> 广告 告点 点击) so that a two-character term
matches inside a longer run; a lone CJK character stays a token of its own, and so does the first
character of a run right after Arabic digits (12点才睡 -> 12 点 点才 才睡: the unit a number is
said in). Latin, digit and other letter runs become lowercased words, split on `_` and on every
punctuation mark, and a number glued to its unit is two (79kg -> 79 kg, 7pm, 10km; a token of ASCII
digits then ASCII letters only, so hashes, versions and names like x86 or iphone15 stay whole).
Version 3 (session 12) added those two; an index of version 2 is rebuilt.

The word splitting runs in tantivy (its simple tokenizer, a length filter, a lowercaser), on the
index writer's threads: Python only rewrites CJK runs into space-separated bigrams first. The
query side calls the very same analyzer, so the two cannot drift. (Measured: 14.0 s -> 9.2 s
cold on 100 MiB against Python's `re.findall` on the main thread.)
Changing anything here changes what is in the index: bump TOKENIZER_VERSION (forces a rebuild).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache

import tantivy

from deja.native import NATIVE

TOKENIZER_VERSION = 3

# Tokens longer than this (in UTF-8 bytes) are base64 blobs, minified code or hashes of hashes:
# nobody searches them, and they bloat the term dictionary. Dropped on both sides, so phrases
# stay consistent.
MAX_TOKEN_CHARS = 80

_CJK = (
    "\u3040-\u30ff"  # hiragana, katakana
    "\u3100-\u312f\u31a0-\u31bf"  # bopomofo
    "\u3400-\u4dbf\u4e00-\u9fff"  # CJK unified ideographs (+ ext. A)
    "\uf900-\ufaff"  # compatibility ideographs
    "\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"  # hangul
    "\U00020000-\U0002fa1f"  # ideographs ext. B-F, compatibility supplement
)
_CJK_RANGES = tuple((ord(a), ord(b)) for a, b in re.findall(r"(.)-(.)", _CJK))


def is_cjk(ch: str) -> bool:
    """Is this character one the tokenizer bigrams?"""
    o = ord(ch)
    return o >= 0x1100 and any(a <= o <= b for a, b in _CJK_RANGES)


@lru_cache(maxsize=1)
def _cjk_split() -> re.Pattern[str]:
    # Compiled on first use: it costs ~6 ms, which a search for ASCII words need not pay.
    return re.compile(rf"([{_CJK}]+)")


# The analyzer the text index runs on every record (registered under ANALYZER_NAME) and the
# query side runs on every query: split on anything not a letter or digit, drop over-long
# tokens, lowercase. Tokenizing inside tantivy puts it on the writer's threads, off Python's.
ANALYZER_NAME = "deja"
ANALYZER = (
    tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
    .filter(tantivy.Filter.remove_long(MAX_TOKEN_CHARS + 1))  # drops tokens of >= n bytes
    .filter(tantivy.Filter.lowercase())
    .build()
)


def _bigrams(run: str, after_digit: bool = False) -> str:
    if len(run) == 1:
        return f" {run} "
    lead = f" {run[0]}" if after_digit else ""
    return lead + " " + " ".join(run[i : i + 2] for i in range(len(run) - 1)) + " "


_DIGITS = frozenset("0123456789")


def _has_digit(text: str) -> bool:
    return not _DIGITS.isdisjoint(text)


@lru_cache(maxsize=1)
def _glued_unit() -> re.Pattern[str]:
    # A token of ASCII digits then ASCII letters only (79kg 7pm 10km 2L; not 3fa85f64, iphone15,
    # x86): the place between the two. "Token" as the analyzer reads it, where a CJK character
    # stands apart (体重79kg了); a letter or digit of any other script runs on.
    other = f"[^\\W_{_CJK}]"
    return re.compile(f"(?<!{other})[0-9]+(?=[A-Za-z]+(?!{other}))")


def analyzer_input_py(text: str) -> str:
    """What the analyzer reads for `text`: a number glued to its unit split from it (79kg -> 79 kg),
    CJK runs rewritten as space-separated bigrams, and a run after Arabic digits led by its first
    character alone too (12点才睡 -> 12 点 点才 才睡: the unit a number is said in). (The Python twin
    of `_native.cjk_bigrams`, which `analyzer_input` is where it was built.)"""
    if _has_digit(text):
        text = _glued_unit().sub(lambda m: m.group() + " ", text)
    if text.isascii():  # O(1) in CPython: the common case costs nothing
        return text
    # Line by line: most lines of a log or a diff are ASCII, and `isascii` spares them the
    # regex scan (1.6 -> 1.0 s per 100 MiB of the benchmark corpus).
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        if not line.isascii():
            parts = _cjk_split().split(line)
            if len(parts) > 1:
                for j in range(1, len(parts), 2):
                    parts[j] = _bigrams(parts[j], parts[j - 1][-1:] in _DIGITS)
                lines[i] = "".join(parts)
                changed = True
    return "\n".join(lines) if changed else text


analyzer_input: Callable[[str], str] = NATIVE.cjk_bigrams if NATIVE else analyzer_input_py


def tokens(text: str) -> list[str]:
    """The tokens of `text`, in order (exactly what the index holds for it). A lone surrogate (an
    argument's undecodable byte, `deja how $'\\xff'`) is read as U+FFFD: the analyzer takes UTF-8."""
    try:
        return ANALYZER.analyze(analyzer_input(text))
    except UnicodeEncodeError:
        return ANALYZER.analyze(analyzer_input(text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")))


def _word_char(text: str, i: int) -> bool:
    """Is text[i] part of a non-CJK token (a letter or digit, not `_`)?"""
    return 0 <= i < len(text) and text[i].isalnum() and not is_cjk(text[i])


def find_terms(text: str, clauses: Sequence[Sequence[str]], limit: int = 200) -> list[tuple[int, int]]:
    """Where the query's clauses occur in raw text, case-insensitively, without tokenizing it:
    a word only as a whole token, a phrase as its words with punctuation between, a CJK run
    anywhere. For highlighting."""
    if not clauses:
        return []
    pattern = _alternation(tuple(tuple(c) for c in clauses))
    out: list[tuple[int, int]] = []
    glued: set[int] | None = None  # where a number and its unit part (79|kg), found on first need
    for m in pattern.finditer(text):
        s, e = m.span()
        if (not is_cjk(text[s]) and _word_char(text, s - 1)) or (
            not is_cjk(text[e - 1]) and _word_char(text, e)
        ):
            if glued is None:
                glued = {g.end() for g in _glued_unit().finditer(text)} if _has_digit(text) else set()
            if (not is_cjk(text[s]) and _word_char(text, s - 1) and s not in glued) or (
                not is_cjk(text[e - 1]) and _word_char(text, e) and e not in glued
            ):
                continue  # inside a longer word
        out.append((s, e))
        if len(out) >= limit:
            break
    return out


@lru_cache(maxsize=64)
def _alternation(clauses: tuple[tuple[str, ...], ...]) -> re.Pattern[str]:
    parts: set[str] = set()
    for c in clauses:
        if all(len(t) == 2 and is_cjk(t[0]) for t in c):
            parts.add(re.escape(c[0] + "".join(t[1] for t in c[1:])))  # bigrams back into their run
        else:
            parts.add(_raw(c))
    return re.compile("|".join(sorted(parts, key=len, reverse=True)), re.IGNORECASE)


def _raw(clause: Sequence[str]) -> str:
    """A phrase's tokens as the raw text may hold them: words with punctuation between, a number
    glued to its unit (79 kg of 79kg) or to a CJK run, a CJK run's bigrams back into the run."""
    out = re.escape(clause[0])
    for prev, t in zip(clause, clause[1:]):
        if is_cjk(t[0]) and is_cjk(prev[-1]) and len(t) == 2 and t[0] == prev[-1]:
            out += re.escape(t[1])
        elif is_cjk(t[0]) or is_cjk(prev[-1]) or (prev[-1] in _DIGITS and t[0] not in _DIGITS):
            out += r"[\W_]*" + re.escape(t)
        else:
            out += r"[\W_]+" + re.escape(t)
    return out


# -- filler: words a question is made of that say nothing about what it asks for. They need not
# match; a query of nothing else still matches them. One home for the lists: the query side
# (search.query) and the prompt hook (hooks.question.keywords) both read them from here.

# (Talking about the conversation itself, "as we discussed", "you mentioned", is filler too.)
FILLER_EN = frozenset(
    """a about above after again ago all also am an and any anyone anything are as at be been before being
    between both but by can chat chatted could d did didn discuss discussed discussing do does doesn doing don done during each earlier else ever few for
    from had hadn has hasn have haven having he her here hers herself him himself his how i if in into
    is isn it its itself just last ll let lets m me mention mentioned might mine more most much must my myself no nor
    not now o of off on once one only or other our ours ourselves out over own please previously re
    recall remember remind s same say said says she should so some such t talk talked talking tell than that the their theirs
    them themselves then there these they this those through time times to told too under until up us
    ve very was wasn we were weren what whatever when where whether which while who whom whose why will
    with won would wouldn y yesterday yet you your yours yourself""".split()
)
# Chinese function words, question words and cues about the past. CJK is indexed as bigrams, so a
# Chinese question is cut at these (longest first) and only the rest is searched. Single
# characters only where they are almost never inside a word (not 对 of 对账, 过 of 过期). 做什么 干什么
# 干嘛: "do what", the verb a question word asks with (王磊是做什么的), which the answer never says.
FILLER_ZH = tuple(sorted(
    """上次 上回 上一次 之前 昨天 以前 前天 前些天 那天 上周 上个月 那次 曾经 先前 早些时候 以往 前几天 当时 还记得 记得 记不记得
    什么时候 什么 怎么样 怎么 怎样 如何 为什么 为何 哪个 哪些 哪里 哪儿 哪种 哪一个 多少 几个 是不是 有没有 能不能
    可不可以 是谁 谁 我们 你们 他们 她们 咱们 自己 这个 那个 这些 那些 这里 那里 一下 一个 一些 可以 应该 时候
    到底 还是 或者 然后 所以 因为 但是 不是 没有 已经 就是 也是 都是 请问 帮我 告诉我 告诉 说过 提过 聊过 谈过 讨论过
    关于 对于 有关 至于 以及 比较 老是 一直 总是 平时 平常 平日 通常 经常 一起 最后 现在 目前 如今 最近 一共 总共 几次 几本 几家 几趟 几场 几回 几遍 几位 多少次 今年 这个月 来着 多久 多长时间 哪天 哪一天 跟谁 和谁 是什么 叫什么 做什么 干什么 干嘛 的 了 吗 呢 吧 啊 呀 么 是 把 被 请 我 你 他 她 它 谁 哪""".split(),
    key=len, reverse=True,
))


# Characters that stand next to a one-character word rather than inside a word with it: function
# characters, pronouns, measure words (的车 车是 那只猫 猫很). A question's lone content character
# is searched in its bigrams with these (search.query), not in compounds (停车, 车贷: other words).
FUNCTION_CHARS_ZH = frozenset("的了吗呢吧啊呀么是在有和就都也还要这那个只辆条本件位张台把被给让对从跟与又才再很太不没我你他她它谁")


def is_function_char(ch: str) -> bool:
    """Does this CJK character stand beside a one-character word rather than form a word with it?"""
    return ch in FUNCTION_CHARS_ZH


def lone_contexts(ch: str, others: Collection[str] = (), counted: bool = False) -> list[str]:
    """The bigrams a text holds a one-character word `ch` in: with a function character, or one
    of the `others` (the question's other one-character words), on either side (车 -> 的车 车是 …);
    a `counted` measure word (几点 of a question) after a number too (六点 两点)."""
    around = FUNCTION_CHARS_ZH.union(others) - {ch}
    numbers = {n + ch for n in NUMBERS_ZH} if counted else set()
    return sorted({f + ch for f in around} | {ch + f for f in around} | numbers)


# Question scaffolding: words a question about the past is built with ("which database did we
# *pick*", "what *date* is the race", "what did you *recommend*") that its answer seldom repeats
# ("we went with Postgres", "on October 12", "I'd take the train"). Unlike filler they are kept and
# may match, but they weigh a fraction of a content word (search.SCAFFOLD_WEIGHT): neither they
# nor their absence decides which session answers. So are the words that place a question in time
# ("what is my rent *now*", "my *current* manager", "how many *days* between"): the answer states
# the value, seldom "current" (search.query reads them as a question about the present). (Chinese:
# 选/用/决定 are mostly in the answer itself, so there is no Chinese list; 现在/目前/最近 are filler.)
SCAFFOLD_EN = frozenset(
    """advice advise advised answer called chose choose chosen date day decide decided decision end ended
    feel felt gave get give got go going happen happened idea ideas keep kept kind made make name named opinion pick picked
    plan planned propose proposed recommend recommended recommendation recommendations selected select settle settled
    suggest suggested suggestion suggestions thing things think thought tip tips type use used view views way went
    current currently moment nowadays presently latest recent recently lately still anymore days weeks months years
    week month year total altogether""".split()
)


def is_scaffold(token: str) -> bool:
    """Is this query token question scaffolding (kept, weighed low)?"""
    return token in SCAFFOLD_EN


def is_filler(token: str) -> bool:
    """Is this query token filler (English function word, or a Chinese one as a token)?"""
    return token in FILLER_EN or token in _FILLER_ZH_SET


_FILLER_ZH_SET = frozenset(FILLER_ZH)


# A count or a choice asked with a measure word (几点 几岁 几场, 哪本 哪家): 几 before a measure
# word asks for a number, which the answer states with the measure word (六点, 5 岁, 两场): the
# measure word is kept, searched as a one-character word with the numbers (NUMBERS_ZH) around it;
# 哪 before one asks which, and the measure word says nothing the answer repeats (哪本书 -> 书;
# not 那家 of 那家咖啡店, which the answer may say too). (Not 几 alone: 广告点几, a typo, is no question.)
MEASURE_ZH = "点岁年月号天周场本家位口遍趟回次个斤块台部件首条张只辆层楼所款种杯碗瓶"
NUMBERS_ZH = "一二两三四五六七八九十百半"
_WHICH = "哪[本家位口台部件首条张只辆所款种]"
_HOW_MANY = "几(?=[" + MEASURE_ZH + "])"


@lru_cache(maxsize=1)
def _zh_filler() -> re.Pattern[str]:
    # the first alternative that matches wins: 哪本 before 哪, 几个 before 几(点)
    return re.compile("|".join([_WHICH, *map(re.escape, FILLER_ZH), _HOW_MANY]))


def zh_split(run: str) -> list[tuple[str, bool]]:
    """A CJK run as its parts in order, each (text, is filler): cut at Chinese filler words."""
    out: list[tuple[str, bool]] = []
    at = 0
    for m in _zh_filler().finditer(run):
        if m.start() > at:
            out.append((run[at : m.start()], False))
        out.append((m.group(), True))
        at = m.end()
    if at < len(run):
        out.append((run[at:], False))
    return out


def content_pieces(run: str) -> list[str]:
    """A CJK run cut at Chinese filler words: the pieces that carry what it is about, in order."""
    return [p for p, filler in zh_split(run) if not filler]


def cjk_runs(text: str) -> list[tuple[int, str]]:
    """The CJK runs of `text` with their offsets."""
    if text.isascii():
        return []
    return [(m.start(), m.group()) for m in _cjk_split().finditer(text)]


def without_cjk(text: str) -> str:
    """`text` with each CJK run replaced by a space: what is left for Latin-word rules."""
    return text if text.isascii() else _cjk_split().sub(" ", text)


def index_form(text: str) -> str:
    """The token stream as the text index holds it: tokens joined by single spaces."""
    return " ".join(tokens(text))
