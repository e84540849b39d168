"""memeval: a third question set, written apart from `chat` and `chat-heldout`, to judge recall work
that was tuned on those. It is shaped like the public long-term-memory chat benchmarks, with its
own generator, templates and vocabulary (nothing taken from any dataset):

- several HOMEs (English ones and Chinese ones), each a haystack of 50 long user <-> assistant chat
  sessions about everyday and technical themes (assistant turns of 100-400 words, or about
  180-650 characters in Chinese);
- per question one or a few evidence sessions that say the answer once, in passing, inside a chat
  about something else; decoy lines elsewhere share the question's words without the answer;
- question kinds: `user-fact` (the user said it), `assistant-fact` (the assistant said it),
  `preference`, `count` (several sessions mention it; any of them answers), `time` ("when did I",
  "how many days between": any evidence session answers), `update` (an older and a newer value: only
  the newer session answers) and `abstain` (no session holds it: right when nothing is returned).

`build(seed)` returns per HOME (sessions, questions): sessions as make.write takes them, questions
as dicts (question, keys, kind, lang). The banks are memeval_en.py and memeval_zh.py; the hook
prompts (cues and unrelated requests) are CUES and UNRELATED below. Frozen once scored.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field

SEED = 20261201
SESSIONS = 50
KINDS = ("user-fact", "assistant-fact", "preference", "count", "time", "update", "abstain")


@dataclass
class Theme:
    """A filler chat: what the user asks, what the assistant says, their slot words."""
    cwd: str
    asks: list[str]
    says: list[str]
    words: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Probe:
    """One question and its evidence. `evidence` is (side, line) per session, oldest first;
    `answer` is "all" (any evidence session answers) or "last" (the newest one only).
    `decoys` are lines with the question's words and not the answer, each in another session.
    Slots: {x} is this HOME's value of x, {~x} another value of x."""
    kind: str
    ask: str
    evidence: list[tuple[str, str]]
    vals: dict[str, list[str]] = field(default_factory=dict)
    decoys: list[str] = field(default_factory=list)
    answer: str = "all"
    repeat: tuple[int, int] = (1, 1)  # a count probe's one evidence line, said in 2-4 sessions


@dataclass
class Bank:
    lang: str
    homes: int
    per_home: int  # probes asked per HOME (sampled from the bank)
    themes: list[Theme]
    probes: list[Probe]
    chatter: list[str]  # assistant sentences any theme uses
    smalltalk: list[str]  # user lines any theme uses
    common: dict[str, list[str]]
    turn: tuple[int, int]  # an assistant turn's length, in words (en) or characters (zh)
    sessions: int = SESSIONS  # per HOME


_SLOT = re.compile(r"\{(~?)(\w+)\}")


def fill(text: str, vals: dict[str, str], pools: dict[str, list[str]], words: dict[str, list[str]],
         rng: random.Random) -> str:
    def one(m: re.Match) -> str:
        other, k = m.group(1), m.group(2)
        if other:
            return rng.choice([v for v in pools[k] if v != vals[k]])
        if k in vals:
            return vals[k]
        return rng.choice(words[k])
    return _SLOT.sub(one, text)


def _size(text: str, lang: str) -> int:
    return len(text.split()) if lang == "en" else len(text)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


class _Home:
    def __init__(self, bank: Bank, rng: random.Random):
        self.bank, self.rng = bank, rng
        self.n = bank.sessions
        themes = [bank.themes[i % len(bank.themes)] for i in range(self.n)]
        rng.shuffle(themes)
        self.themes = themes
        self.turns: list[list[tuple[str, list[str]]]] = [self._session(t) for t in themes]
        self.busy: set[int] = set()

    def words(self, t: Theme) -> dict[str, list[str]]:
        return self.bank.common | t.words

    def sessions(self, keys: list[str]) -> list:
        """The HOME's sessions as make.py writes them: key, cwd, (role, text) turns."""
        return [(keys[i], self.themes[i].cwd, [(r, self.text(r, s)) for r, s in self.turns[i]]) for i in range(self.n)]

    def _session(self, t: Theme) -> list[tuple[str, list[str]]]:
        rng, b, w = self.rng, self.bank, self.words(t)
        turns: list[tuple[str, list[str]]] = []
        for _ in range(rng.randint(5, 12)):
            asks = [_cap(fill(rng.choice(t.asks), {}, {}, w, rng))]
            if rng.random() < 0.25:
                asks.append(_cap(fill(rng.choice(b.smalltalk), {}, {}, w, rng)))
            turns.append(("user", asks))
            target, says, n, said = rng.randint(*b.turn), [], 0, set()
            while n < target:
                pool = t.says if rng.random() < 0.72 else b.chatter
                s = rng.choice([x for x in pool if x not in said] or pool)  # no sentence twice in a turn
                said.add(s)
                says.append(_cap(fill(s, {}, {}, w, rng)))
                n += _size(says[-1], b.lang)
            turns.append(("assistant", says))
        return turns

    def pick(self, avoid: set[int]) -> int:
        free = [i for i in range(self.n) if i not in self.busy and i not in avoid]
        return self.rng.choice(free or [i for i in range(self.n) if i not in avoid])

    def put(self, at: int, side: str, line: str) -> None:
        """The line said in passing: inside a user turn, or one sentence of an assistant turn."""
        idx = [i for i, (r, _) in enumerate(self.turns[at]) if r == side]
        sents = self.turns[at][self.rng.choice(idx)][1]
        lo = 0 if side == "user" else 1
        sents.insert(self.rng.randint(lo, len(sents)), _cap(line))

    def text(self, role: str, sents: list[str]) -> str:
        en = self.bank.lang == "en"
        joint = " " if en else ""
        sents = [s if s[-1:] in ".!?。！？" else s + ("." if en else "。") for s in sents]
        if role == "assistant" and len(sents) > 6 and self.rng.random() < 0.4:
            cut = len(sents) // 2
            return joint.join(sents[:cut]) + "\n\n" + joint.join(sents[cut:])
        return joint.join(sents)


Plant = Callable[["_Home", random.Random, list[str]], list[dict]]


def homes(bank: Bank, seed: int, tag: str, plant: Plant) -> list[tuple[list, list[dict]]]:
    """Every HOME of `bank`, each a fresh `_Home` with its own seed and keys `<tag><home>-<n>`:
    `plant(home, rng, keys)` puts the set's evidence and decoys into it and returns its questions."""
    out = []
    for h in range(bank.homes):
        rng = random.Random(seed * 100 + h + (0 if bank.lang == "en" else 50))
        home = _Home(bank, rng)
        keys = [f"{tag}{h}-{i + 1:03d}" for i in range(home.n)]
        qs = plant(home, rng, keys)
        out.append((home.sessions(keys), qs))
    return out


def build_bank(bank: Bank, seed: int, tag: str) -> list[tuple[list, list[dict]]]:
    def plant(home: _Home, rng: random.Random, keys: list[str]) -> list[dict]:
        probes = rng.sample(bank.probes, min(bank.per_home, len(bank.probes)))
        qs = []
        for p in probes:
            vals = {k: rng.choice(v) for k, v in p.vals.items()}
            lines = p.evidence * rng.randint(*p.repeat)
            ats: list[int] = []
            for _ in lines:
                ats.append(home.pick(set(ats)))
            ats.sort()  # evidence in time order: an update's newer value is said later
            for at, (side, line) in zip(ats, lines):
                home.put(at, side, fill(line, vals, p.vals, home.words(home.themes[at]), rng))
                home.busy.add(at)
            for d in p.decoys:
                at = rng.choice([i for i in range(home.n) if i not in ats])
                home.put(at, rng.choice(["user", "assistant"]), fill(d, vals, p.vals, home.words(home.themes[at]), rng))
            answer = ats[-1:] if p.answer == "last" else ats
            qs.append({"question": _cap(fill(p.ask, vals, p.vals, {}, rng)), "keys": [keys[i] for i in answer],
                       "kind": p.kind, "lang": bank.lang})
        return qs

    return homes(bank, seed, tag, plant)


def build(seed: int = SEED) -> list[tuple[list, list[dict]]]:
    """Every HOME of the set: the English ones, then the Chinese ones."""
    import memeval_en
    import memeval_zh

    return build_bank(memeval_en.BANK, seed, "me") + build_bank(memeval_zh.BANK, seed, "mz")


# -- the hook set: a cue pointing at the past, then the question; and requests history does not
# answer (several share a word with the HOMEs' themes). Its own words, not hookset.py's.

CUES = {"en": ["Quick question about something from before: ", "You might recall this. ", "Going back to an older chat, ",
               "I told you about this at some point. ", "Can you look back and tell me: "],
        "zh": ["我们之前聊到过，", "你还记不记得，", "翻一下以前的记录，", "那次我跟你说过，", "回头看一下，"]}

UNRELATED = {
    "en": [
        "Write a haiku about autumn leaves.",
        "Convert 72 degrees Fahrenheit to Celsius.",
        "Give me a regular expression for a UK postcode.",
        "What does HTTP status 418 mean?",
        "Explain recursion to a ten year old.",
        "Write a shell loop that renames every .jpeg file to .jpg.",
        "Summarise the plot of Hamlet in three sentences.",
        "Suggest five names for a bakery.",
        "How do I reverse a string in Go?",
        "Write a unit test for a function that adds two numbers.",
        "What's the difference between TCP and UDP?",
        "Draft a short thank-you note to a colleague who covered my shift.",
        "Proofread this sentence: their going to the park tomorow.",
        "List the planets in order from the sun.",
        "Make a packing checklist for a weekend at the beach.",
        "Explain what a hash map is.",
        "Write a SQL statement that creates a users table with an email column.",
        "Give me a ten minute stretching routine.",
        "How many tablespoons are in a cup?",
        "Turn this list of numbers into a bar chart with matplotlib.",
    ],
    "zh": [
        "写一首关于秋天的短诗。",
        "华氏七十二度是多少摄氏度？",
        "解释一下 TCP 和 UDP 的区别。",
        "给面包店想五个名字。",
        "用 Go 怎么反转字符串？",
        "帮我列一个周末去海边的行李清单。",
        "什么是哈希表？",
        "写一条建用户表的 SQL 语句。",
        "推荐一套十分钟的拉伸动作。",
        "帮我把这句话改得更礼貌一些。",
        "太阳系有哪几颗行星？",
        "用三句话概括一下《西游记》。",
    ],
}
