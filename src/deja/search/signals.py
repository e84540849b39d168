"""The word variants the `close` and `stemmed` tiers try when nothing matches exactly. (What a
session settled, read at index time, is deja.text.decision.)"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from deja.text.tokenizer import is_cjk, lone_contexts

# Words shorter than this are not fuzzed: one edit turns most short words into other words.
FUZZY_MIN_CHARS = 5
# Words shorter than this have no useful word forms (`is`, `bed`, `sing`).
STEM_MIN_CHARS = 4
_LATIN_WORD = re.compile(r"^[a-z]+$")
_VOWEL = re.compile(r"[aeiouy]")
# Nouns and prepositions whose -ing is no suffix: "evening" is not a form of "even", nor "morning"
# of "morn", "nothing" of "noth" (a request for "the long evenings" matched "even a trace").
_ING_WORDS = frozenset("evening morning nothing something anything everything ceiling during wedding pudding".split())


def fuzzable(token: str) -> bool:
    """A token the `close` tier may match within one edit: long enough, and never CJK (a CJK
    bigram one edit away is a different word)."""
    return (len(token) >= FUZZY_MIN_CHARS and not token.isdigit()
            and not any(is_cjk(ch) for ch in token))


def stem(word: str) -> str:
    """A light English stem: plural, -ing, -ed, -er (`migrations` → `migration`, `running` →
    `run`, `queries` → `query`). Deliberately conservative: a wrong stem only costs a tier."""
    w = word
    if w in _ING_WORDS or (w.endswith("s") and w[:-1] in _ING_WORDS):
        return w[:-1] if w.endswith("s") else w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    for suffix in ("ings", "ing", "ers", "er", "ed", "es", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3 and _VOWEL.search(w[: -len(suffix)]):
            if suffix == "s" and w.endswith(("ss", "us", "is")):
                continue
            w = w[: -len(suffix)]
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # running → run, stopped → stop
            return w
    return w


# Forms no suffix rule reaches: irregular verbs (the question says "buy", the session "bought")
# and British against American spelling ("colour" ~ "color", "organise" ~ "organize").
_IRREGULAR = """buy bought|bring brought|think thought|teach taught|catch caught|fight fought|seek sought
go went gone goes going|do did done|eat ate eaten|drive drove driven|ride rode ridden|write wrote written
take took taken|give gave given|get got gotten|make made|see seen|come came|run ran|swim swam swum
sing sang sung|drink drank drunk|begin began begun|speak spoke spoken|break broke broken|choose chose chosen
wear wore worn|tear tore torn|fly flew flown|grow grew grown|know knew known|throw threw thrown|draw drew drawn
forget forgot forgotten|hide hid hidden|bite bit bitten|sell sold|tell told|feel felt|keep kept
sleep slept|meet met|send sent|spend spent|lend lent|build built|lose lost|hold held|find found
pay paid|say said|lay laid|stand stood|understand understood|sit sat|win won|hang hung|feed fed
hear heard|mean meant|mouse mice|child children|person people|foot feet|tooth teeth
woman women|man men|knife knives|life lives|wife wives|leaf leaves|shelf shelves|half halves
colour color colours colors coloured colored|favourite favorite favourites favorites|flavour flavor flavours flavors
honour honor|humour humor|labour labor|neighbour neighbor neighbours neighbors|behaviour behavior|harbour harbor
rumour rumor|organise organize organised organized organising organizing|realise realize realised realized
recognise recognize recognised recognized|apologise apologize apologised apologized|prioritise prioritize
customise customize customised customized|optimise optimize optimised optimized optimising optimizing
summarise summarize summarised summarized|minimise minimize|maximise maximize|finalise finalize
analyse analyze analysed analyzed analysing analyzing|centre center centres centers|theatre theater|metre meter
litre liter litres liters|fibre fiber|travelling traveling|travelled traveled|traveller traveler travellers travelers
cancelled canceled|cancelling canceling|modelling modeling|labelled labeled|grey gray|cosy cozy|programme program
catalogue catalog|dialogue dialog|aluminium aluminum|mum mom|pyjamas pajamas|licence license|defence defense
jewellery jewelry|sceptical skeptical|mould mold|moustache mustache|aeroplane airplane
plough plow|kerb curb|nappy diaper|flat apartment|holiday vacation"""
_IRREGULAR_OF: dict[str, tuple[str, ...]] = {}


def _irregular(word: str) -> tuple[str, ...]:
    if not _IRREGULAR_OF:
        for group in _IRREGULAR.replace("\n", "|").split("|"):
            ws = tuple(group.split())
            for w in ws:
                _IRREGULAR_OF[w] = tuple(dict.fromkeys((*_IRREGULAR_OF.get(w, ()), *(x for x in ws if x != w))))
    return _IRREGULAR_OF.get(word, ())


def forms(word: str) -> list[str]:
    """Other forms of an English word that the `stemmed` tier also accepts (not the word itself):
    its suffixes, and the irregular and other-spelling forms of _IRREGULAR."""
    odd = _irregular(word) if _LATIN_WORD.match(word) else ()
    if len(word) < STEM_MIN_CHARS or not _LATIN_WORD.match(word):
        return sorted(odd)
    base = stem(word)
    bases = {base, base + "e"} if not base.endswith("e") else {base, base[:-1]}
    if base.endswith("y"):
        bases.add(base[:-1] + "ie")
    out: set[str] = set()
    for b in bases:
        if b.endswith("e"):
            out.update((b, b + "s", b + "d", b + "r", b + "rs", b[:-1] + "ing"))
        else:
            out.update((b, b + "s", b + "es", b + "ing", b + "ed", b + "er", b + "ers"))
        if len(b) >= 3 and b[-1] not in "aeiouywx" and b[-2] in "aeiou" and b[-3] not in "aeiou":
            out.update((b + b[-1] + "ing", b + b[-1] + "ed", b + b[-1] + "er"))  # run → running
    out.update(odd)
    out.discard(word)
    if base not in _ING_WORDS:  # "even" is no form of "evening"
        out -= _ING_WORDS
    return sorted(x for x in out if len(x) >= 3 or x in odd)


# At most this many one-character words (and reduplicated ones) get their bigrams: each lone
# character's bigrams take every other one in, so a pasted paragraph of hundreds was quadratic in
# index look-ups (400: 1.1 s, 1,600: 18 s for one search); a question holds a handful.
LONE_MAX = 24


def zh_forms(clauses: Sequence[Sequence[str]], lone: Collection[str], counted: Collection[str],
             doc_freq: Callable[[tuple[str, ...]], int]) -> dict[str, list[str]]:
    """The forms a Chinese question's words are held in, those some record holds: a one-character
    word in its bigrams with function characters (的车 车是) or another of the question's lone
    characters (报 and 课 in 课报上了); a reduplicated word (妈妈 爸爸 哥哥 宝宝) also as its one
    character, which is how people say it with a pronoun (我妈 他爸 我哥: 妈妈 is rarely written
    after 我)."""
    out: dict[str, list[str]] = {}
    lone = sorted(lone)[:LONE_MAX]
    for ch in lone:
        if around := [b for b in lone_contexts(ch, lone, ch in counted) if doc_freq((b,))]:
            out[ch] = around
    doubled = 0
    for c in clauses:
        w = c[0]
        if len(c) == 1 and len(w) == 2 and w[0] == w[1] and is_cjk(w[0]) and w not in out and doubled < LONE_MAX:
            doubled += 1
            if held := [b for b in lone_contexts(w[0], lone) if b != w and doc_freq((b,))]:
                out[w] = held
    return out
