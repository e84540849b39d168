"""memeval3: a second held-out question set and hook set (session 7), written apart from every
other set here and from the ranking and hook code, to judge ranking and prompt-hook branches
blind beside memeval2. Shaped after LongMemEval's published design, with its own generator,
personas, topics, facts and wording:

- six HOMEs (HOMES): three English (one large, 130 sessions), two Chinese (one large, 120) and
  one mixed (English and Chinese chats interleaved, questions in both); 44-52 sessions in the
  others; sessions dated over about three to seven months (make.write takes the start times);
- every session is an everyday assistant chat on one topic (advice, explanations, writing,
  planning, coding): 6-25 turns; user turns ramble (an ask with remarks around it); assistant
  replies are written the way chat models write them: an opening line, a heading, a numbered
  list of bold points with explanations, a sub-heading with bullets, a closing offer;
- a fact is said once, mostly by the user in passing inside a session about something else (an
  assistant fact inside a session on its topic); decoy lines in other sessions share the
  question's nouns and not the answer;
- kinds: `user-fact`, `assistant-fact`, `preference` (the question does not name the
  preference), `count` (2-4 sessions; any of them answers), `time` (how long ago / which first /
  between two events: any evidence session answers), `update` (older and newer value: only the
  newer session answers), `abstain` (never said, close to what was: right when deja returns
  nothing, only near misses, or exits 1). More counts and time questions than memeval2.

The hook set: each answerable question with a cue of its language before, after or inside it, or
none when the question itself is about the past; and the unrelated prompts of the HOME's
languages (coding and everyday asks sharing words with the sessions, not about the past);
scored by memeval2's hook scorer (per language and per cue position). Banks: memeval3_en.py,
memeval3_zh.py. Frozen once scored (session 7).

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets memeval3 --baseline
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import memeval2

SEED = 7301
T0 = 1760000000  # 2025-10-09
DAY = 86400
KINDS = ("user-fact", "assistant-fact", "preference", "count", "time", "update", "abstain")
POSITIONS = ("before", "after", "inside", "none")  # memeval2.score's cue positions


@dataclass
class Topic:
    """A chat subject: first asks, follow-up asks, prose lines, list points ("title: explanation"),
    headings and sub-headings."""
    cwd: str
    opens: list[str]
    follows: list[str]
    lines: list[str]
    points: list[str]
    heads: list[str]


@dataclass
class Fact(memeval2.Fact):
    """memeval2's fact (a question and its evidence: `said`, one (user part, assistant part) per
    evidence session, oldest first; `vals`, slot -> pool, {x} this HOME's value, {~x} another of
    its pool; `ask`, wordings split by " | "; `near`, decoys, here user remarks, each in another
    session; `newest`, only the last evidence session answers), with: slots sharing a pool get
    distinct values; `topic`, the cwd of the topic an assistant fact prefers to be said in;
    `gap`, about the days between the first two evidence sessions; `group`, facts of one group
    would contradict each other (two jobs, two languages) and never share a HOME."""
    topic: str = ""
    gap: int = 0
    group: str = ""


@dataclass
class Lang:
    code: str
    topics: list[Topic]
    facts: list[Fact]
    absent: list[str]
    asides: list[str]  # what a user says around an ask
    openers: list[str]  # a reply's first line
    closers: list[str]
    subheads: list[str]
    cues: dict[str, list[str]]  # position -> cues
    unrelated: list[str]


# per HOME: (language, sessions, answerable facts, abstentions) per part
HOMES = [[("en", 48, 32, 3)], [("en", 130, 36, 3)], [("zh", 46, 30, 3)],
         [("zh", 120, 32, 3)], [("en", 30, 18, 2), ("zh", 22, 14, 2)], [("en", 44, 28, 3)]]

_SLOT = re.compile(r"\{(~?)(\w+)\}")


def fill(text: str, vals: dict[str, str], pools: dict[str, list[str]], rng: random.Random) -> str:
    def one(m: re.Match) -> str:
        other, k = m.group(1), m.group(2)
        if not other:
            return vals[k]
        rest = [v for v in pools[k] if v != vals[k]]
        return rng.choice(rest)
    return _SLOT.sub(one, text)


def pick(vals: dict[str, list[str]], rng: random.Random) -> dict[str, str]:
    """A value per slot; slots sharing one pool get distinct values."""
    out: dict[str, str] = {}
    by: dict[tuple[str, ...], list[str]] = {}
    for k, pool in vals.items():
        left = by.setdefault(tuple(pool), list(pool))
        out[k] = left.pop(rng.randrange(len(left)))
    return out


def _point(p: str) -> tuple[str, str]:
    """A list point's title and explanation ("title: explanation", or "标题：解释")."""
    title, _, rest = p.replace("：", ": ", 1).partition(": ")
    return title, rest or title


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _end(s: str, code: str) -> str:
    s = s.strip()
    return s if s[-1:] in ".!?。！？:：" else s + ("." if code == "en" else "。")


_QUESTION = re.compile(r"^(what|how|is|can|could|should|does|do|why|which|any|are|would|ok and|explain)\b|吗|什么|怎么|多少|哪|几|要不要|有没有|能不能|是不是|好不好", re.I)


def _ask(s: str, code: str, rng: random.Random) -> str:
    """A question as people type it: a question mark, most of the time."""
    if _QUESTION.search(s) and (code == "zh" or rng.random() < 0.7):
        return s + ("？" if code == "zh" else "?")
    return s


class Chat:
    """One session: rounds of (user parts, reply blocks)."""

    def __init__(self, lang: Lang, topic: Topic, rng: random.Random):
        self.lang, self.topic, self.rng = lang, topic, rng
        self.rounds: list[tuple[list[str], list[str]]] = []
        for r in range(rng.randint(3, 12)):  # 6-24 turns
            user = [_ask(rng.choice(topic.opens if r == 0 else topic.follows), lang.code, rng)]
            for _ in range(rng.choice((0, 1, 1, 2, 3))):  # rambling around the ask
                user.insert(rng.randint(0, len(user)), rng.choice(lang.asides))
            self.rounds.append((user, self._reply(r == 0)))

    def _reply(self, first: bool) -> list[str]:
        """Blocks: an opener, (a heading,) prose, a numbered list of bold points, maybe a
        sub-heading with bullets, maybe a closer."""
        rng, t, zh = self.rng, self.topic, self.lang.code == "zh"
        colon = "：" if zh else " — "
        blocks = [rng.choice(self.lang.openers)]
        if first or rng.random() < 0.5:
            blocks.append("## " + rng.choice(t.heads))
        blocks.append(("" if zh else " ").join(_end(s, self.lang.code) for s in rng.sample(t.lines, min(len(t.lines), rng.randint(2, 4)))))
        pts = rng.sample(t.points, min(len(t.points), rng.randint(3, 6)))
        blocks.append("\n".join(f"{i}. **{_point(p)[0]}**{colon}{_point(p)[1]}" for i, p in enumerate(pts, 1)))
        if rng.random() < 0.6:
            rest = [p for p in t.points if p not in pts] or t.points
            bul = rng.sample(rest, min(len(rest), rng.randint(2, 4)))
            blocks.append("### " + rng.choice(self.lang.subheads) + "\n" + "\n".join("- " + _end(_cap(_point(p)[1]), self.lang.code) for p in bul))
        if rng.random() < 0.7:
            blocks.append(rng.choice(self.lang.closers))
        return blocks

    def plant(self, user: str, assistant: str) -> None:
        """A fact said in passing: the user part among the user's remarks of one round (never
        alone), the assistant part as a prose block inside the reply to it."""
        asks, says = self.rounds[self.rng.randrange(len(self.rounds))]
        if user:
            asks.insert(self.rng.randint(0, len(asks)), user)
        if assistant:
            says.insert(self.rng.randint(1, max(1, len(says) - 1)), assistant)

    def turns(self) -> list[tuple[str, str]]:
        code = self.lang.code
        joint = "" if code == "zh" else " "
        return [t for asks, says in self.rounds
                for t in (("user", joint.join(_end(_cap(s), code) for s in asks)), ("assistant", "\n\n".join(says)))]


def build_home(h: int, parts: list[tuple[Lang, int, int, int]], seed: int = SEED) -> tuple[list, list[dict], dict[str, int]]:
    """One HOME: (sessions for make.write, questions, session key -> start epoch seconds)."""
    rng = random.Random(seed * 100 + h)
    order = [lang for lang, n, _, _ in parts for _ in range(n)]
    rng.shuffle(order)
    deck: dict[str, list[Topic]] = {}
    chats = []
    for lang in order:
        if not deck.get(lang.code):
            deck[lang.code] = rng.sample(lang.topics, len(lang.topics))
        chats.append(Chat(lang, deck[lang.code].pop(), rng))
    keys = [f"m3h{h}-{i + 1:03d}" for i in range(len(chats))]
    starts, t = [], T0 + h * 3 * DAY
    for _ in keys:  # one to three sessions a day or a few days apart; 9:00-23:00
        t += int(rng.choice((0.4, 0.8, 1, 1, 2, 3, 4)) * DAY)
        starts.append(t - t % DAY + rng.randint(9, 22) * 3600 + rng.randint(0, 59) * 60)
    starts.sort()
    busy: set[int] = set()
    qs: list[dict] = []
    for lang, _, n_facts, n_absent in parts:
        mine = [i for i, c in enumerate(chats) if c.lang is lang]
        for f in _facts(lang.facts, n_facts, rng):
            vals = pick(f.vals, rng)
            ats = _places(f, chats, mine, busy, starts, rng)
            for at, (user, assistant) in zip(ats, f.said):
                chats[at].plant(fill(user, vals, f.vals, rng), fill(assistant, vals, f.vals, rng))
                busy.add(at)
            for d in f.near:
                c = chats[rng.choice([i for i in mine if i not in ats])]
                c.plant(fill(d, vals, f.vals, rng), "")
            answer = ats[-1:] if f.newest else ats
            ask = rng.choice(f.ask.split(" | "))
            qs.append({"question": _cap(fill(ask, vals, f.vals, rng)), "keys": [keys[i] for i in answer],
                       "kind": f.kind, "lang": lang.code})
        for q in rng.sample(lang.absent, n_absent):
            qs.append({"question": q, "keys": [], "kind": "abstain", "lang": lang.code})
    sessions = [(keys[i], c.topic.cwd, c.turns()) for i, c in enumerate(chats)]
    return sessions, qs, dict(zip(keys, starts))


def _facts(facts: list[Fact], n: int, rng: random.Random) -> list[Fact]:
    """n facts drawn at random, at most one of each group."""
    out, groups = [], set()
    for f in rng.sample(facts, len(facts)):
        if len(out) < n and not (f.group and f.group in groups):
            out.append(f)
            groups.add(f.group)
    return out


def _places(f: Fact, chats: list[Chat], mine: list[int], busy: set[int], starts: list[int], rng: random.Random) -> list[int]:
    """The evidence sessions of a fact, oldest first: free ones while there are any; an
    assistant fact in a session of its topic when one is free; the second about `gap` days after
    the first."""
    free = [i for i in mine if i not in busy]
    free = free if len(free) >= len(f.said) else mine
    if f.topic:
        on = [i for i in free if chats[i].topic.cwd == f.topic]
        if on and len(f.said) == 1:
            return [rng.choice(on)]
    if f.gap and len(f.said) == 2:
        first = rng.choice(free[: max(1, len(free) * 2 // 3)])
        later = [i for i in free if starts[i] > starts[first]] or [i for i in mine if i != first]
        second = min(later, key=lambda i: abs(starts[i] - starts[first] - f.gap * DAY))
        return sorted((first, second))
    return sorted(rng.sample(free, len(f.said)))


def langs() -> dict[str, Lang]:
    import memeval3_en
    import memeval3_zh

    return {"en": memeval3_en.LANG, "zh": memeval3_zh.LANG}


def build(seed: int = SEED) -> list[tuple[list, list[dict], dict[str, int]]]:
    """Every HOME of the set, h0 … h5."""
    by = langs()
    return [build_home(h, [(by[c], n, f, a) for c, n, f, a in parts], seed) for h, parts in enumerate(HOMES)]


# -- the hook set (scored by memeval2.score / merged_by / table)

def cued(question: str, cue: str, where: str, code: str) -> str:
    """The question with a cue before it, after it, or inside it (English: set off by commas after
    the question's first I/you/my, else before the question mark; Chinese: after a leading 我 (not
    我们) or the first comma, else in front, set off by a comma)."""
    if where == "before":
        low = code == "en" and cue.endswith((", ", "— "))
        return cue + (question[:1].lower() + question[1:] if low else question)
    if where == "after":
        return question.rstrip("?？") + cue
    if where != "inside":
        return question
    if code == "en":
        m = re.search(r"\b(I|you|my)\b", question)
        if m and m.end() < len(question) - 8:
            return question[:m.end()] + f", {cue}," + question[m.end():]
        return question.rstrip("?") + f", {cue}?"
    if question.startswith("我") and not question.startswith("我们"):
        return "我" + cue + "，" + question[1:]
    if "，" in question[:-2]:
        i = question.index("，") + 1
        return question[:i] + cue + "，" + question[i:]
    return cue + "，" + question


PAST = ("count", "time", "assistant-fact")  # kinds whose wording is about the past without a cue


def history(qs: list[dict], home: str, seed: int = SEED) -> list[dict]:
    """One history prompt per answerable question, its cue position drawn per question (no cue
    only for a question that is about the past by itself)."""
    rng = random.Random(f"{seed}/{home}")
    by, out = langs(), []
    for q in qs:
        if q.get("kind") == "abstain":
            continue
        where = rng.choice(POSITIONS if q["kind"] in PAST else POSITIONS[:3])
        cue = rng.choice(by[q["lang"]].cues[where]) if where != "none" else ""
        out.append({"prompt": cued(q["question"], cue, where, q["lang"]), "lang": q["lang"], "cue": where,
                    "sessions": q["sessions"]})
    return out


def unrelated(qs: list[dict]) -> list[dict]:
    """Every unrelated prompt of the HOME's languages."""
    return memeval2.unrelated(qs, langs())
