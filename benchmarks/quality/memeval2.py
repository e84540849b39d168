"""memeval2: a held-out question set and hook set, written apart from every other set here (and
from the ranking code) to judge ranking and prompt-hook work blind. Shaped like the public
long-term-memory chat benchmarks, with its own generator, topics, facts and wording:

- six HOMEs: three English, two Chinese, one mixed (English chats with some Chinese ones among
  them, and Chinese questions about those); 50-56 sessions each, spread over about seven months
  (the session timestamps are real dates: make.write takes them);
- every session is a long help chat on one topic (cooking, travel, running, money, Python, the
  web, gardening, writing, history, repairs, pets, photography, careers, languages, ...): 8-20
  turns, assistant replies of about 150-500 words (300-900 characters in Chinese); the same topics
  recur, so the sessions around an answer talk about the same things;
- a fact is said once, mostly by the user and in passing, inside a session about something else;
  decoy lines elsewhere share the question's words and not the answer;
- kinds: `user-fact`, `assistant-fact` (what the assistant recommended or told), `preference` (the
  question does not name the preference), `count` (2-4 sessions; any of them answers), `time`
  (when / which first / how long between: any evidence session answers), `update` (an older and a
  newer session: only the newer answers), `abstain` (nothing holds it: right when deja returns
  nothing, only near misses, or exits 1).

The hook set: each answerable question behind a cue (before it, after it, inside it, or none
when the question itself points at the past), in the HOME's language, and unrelated requests
(coding and everyday asks that share words with the sessions, not about the past), scored like
run.py scores hooks. Banks: memeval2_en.py, memeval2_zh.py. Frozen once scored (session 6).

    python benchmarks/quality/run.py --home "$(mktemp -d)" --sets memeval2 --baseline
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from memeval import _cap, _size, fill  # the slot filler and text helpers of memeval (machinery, no questions)

SEED = 6120
T0 = 1769904000  # 2026-02-01T00:00:00Z
DAY = 86400
KINDS = ("user-fact", "assistant-fact", "preference", "count", "time", "update", "abstain")


@dataclass
class Topic:
    """A filler chat subject: the user's first ask, follow-ups, the assistant's sentences, slot words."""
    cwd: str
    opens: list[str]
    follows: list[str]
    lines: list[str]
    slots: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Fact:
    """A question and its evidence: `said` is one (user part, assistant part) per evidence session,
    oldest first ("" for none). `near` are decoy lines (the question's words, not the answer), each in
    another session. `newest`: only the last evidence session answers (an update).
    Slots: {x} this HOME's value of x, {~x} another value of x's pool. `ask` may hold several
    wordings separated by " | " (one is asked per HOME)."""
    kind: str
    ask: str
    said: list[tuple[str, str]]
    vals: dict[str, list[str]] = field(default_factory=dict)
    near: list[str] = field(default_factory=list)
    newest: bool = False


@dataclass
class Lang:
    code: str
    topics: list[Topic]
    facts: list[Fact]
    absent: list[str]  # questions no session answers
    glue: list[str]  # assistant sentences for any topic
    asides: list[str]  # user remarks for any topic
    openers: list[str]  # how an assistant reply starts
    closers: list[str]
    slots: dict[str, list[str]]
    reply: tuple[int, int]  # an assistant reply's length: words (en) or characters (zh)
    cues: dict[str, list[str]]  # position -> cues; "inside" cues are put after a question's opening
    unrelated: list[str]


# (language, sessions, answerable facts, abstain questions) per part of a HOME
HOMES = [[("en", 54, 30, 3)], [("en", 52, 30, 3)], [("en", 56, 30, 3)],
         [("zh", 52, 30, 3)], [("zh", 54, 30, 3)], [("en", 40, 18, 1), ("zh", 14, 10, 1)]]

def _end(s: str, code: str) -> str:
    return s if s[-1:] in ".!?。！？:：" else s + ("." if code == "en" else "。")


class Chat:
    """One session being written: rounds of (user sentences, assistant sentences)."""

    def __init__(self, lang: Lang, topic: Topic, rng: random.Random):
        self.lang, self.topic, self.rng = lang, topic, rng
        self.words = lang.slots | topic.slots
        self.about = {k: rng.choice(v) for k, v in topic.slots.items()}  # one dish, place, race … per session
        self.rounds: list[tuple[list[str], list[str]]] = []
        for r in range(rng.randint(4, 10)):  # 8-20 turns
            ask = self.fill(rng.choice(topic.opens if r == 0 else topic.follows))
            user = [_cap(ask)]
            for _ in range(rng.choice((0, 0, 1, 1, 2))):  # remarks around the ask
                user.insert(rng.randint(0, len(user)), _cap(self.fill(rng.choice(lang.asides))))
            self.rounds.append((user, self._reply()))

    def fill(self, text: str) -> str:
        return fill(text, self.about, {}, self.words, self.rng)

    def _reply(self) -> list[str]:
        """An opener, then topic sentences (and a few general ones) up to the reply's length, no
        sentence twice; shorter when every sentence is used."""
        rng, lang = self.rng, self.lang
        target, out, n = rng.randint(*lang.reply), [_cap(self.fill(rng.choice(lang.openers)))], 0
        left = {"topic": list(self.topic.lines), "glue": list(lang.glue)}
        while n < target and (left["topic"] or left["glue"]):
            pool = left["topic"] if left["topic"] and (rng.random() < 0.75 or not left["glue"]) else left["glue"]
            out.append(_cap(self.fill(pool.pop(rng.randrange(len(pool))))))
            n += _size(out[-1], lang.code)
        if rng.random() < 0.6:
            out.append(_cap(self.fill(rng.choice(lang.closers))))
        return out

    def plant(self, user: str, assistant: str) -> None:
        """A fact said in passing: a user part inside one of the user's turns (never alone), an
        assistant part inside the reply to it."""
        r = self.rng.randrange(len(self.rounds))
        asks, says = self.rounds[r]
        if user:
            asks.insert(self.rng.randint(0, len(asks)), _cap(user))
        if assistant:
            says.insert(self.rng.randint(1, max(1, len(says) - 1)), _cap(assistant))

    def turns(self) -> list[tuple[str, str]]:
        code, out = self.lang.code, []
        joint = " " if code == "en" else ""
        for asks, says in self.rounds:
            out.append(("user", joint.join(_end(s, code) for s in asks)))
            says = [_end(s, code) for s in says]
            paras, i = [], 0
            while i < len(says):  # paragraphs of 2-5 sentences
                k = self.rng.randint(2, 5)
                paras.append(joint.join(says[i:i + k]))
                i += k
            out.append(("assistant", "\n\n".join(paras)))
        return out


def build_home(h: int, parts: list[tuple[Lang, int, int, int]], seed: int) -> tuple[list, list[dict], dict[str, int]]:
    """One HOME: (sessions as make.write takes them, questions, session key -> start time)."""
    rng = random.Random(seed * 1000 + h)
    order = [lang for lang, n, _, _ in parts for _ in range(n)]
    rng.shuffle(order)  # a mixed HOME's languages interleave in time
    chats: list[Chat] = []
    deck: dict[str, list[Topic]] = {}
    for lang in order:
        if not deck.get(lang.code):
            deck[lang.code] = rng.sample(lang.topics, len(lang.topics))
        chats.append(Chat(lang, deck[lang.code].pop(), rng))
    keys = [f"m2h{h}-{i + 1:03d}" for i in range(len(chats))]
    busy: set[int] = set()
    qs: list[dict] = []
    for lang, _, n_facts, n_absent in parts:
        mine = [i for i, c in enumerate(chats) if c.lang is lang]
        for f in rng.sample(lang.facts, n_facts):
            vals = {k: rng.choice(v) for k, v in f.vals.items()}
            free = [i for i in mine if i not in busy]
            free = free if len(free) >= len(f.said) else mine  # a fact to a session of its own while there are any
            ats = sorted(rng.sample(free, len(f.said)))  # oldest first: an update's newer value is said later
            for at, (user, assistant) in zip(ats, f.said):
                c = chats[at]
                c.plant(fill(user, vals, f.vals, c.words, rng), fill(assistant, vals, f.vals, c.words, rng))
                busy.add(at)
            for d in f.near:
                at = rng.choice([i for i in mine if i not in ats])
                c = chats[at]
                line = fill(d, vals, f.vals, c.words, rng)
                c.plant(line, "") if rng.random() < 0.5 else c.plant("", line)
            answer = ats[-1:] if f.newest else ats
            ask = rng.choice(f.ask.split(" | "))  # a fact may be asked in several wordings
            qs.append({"question": _cap(fill(ask, vals, f.vals, {}, rng)), "keys": [keys[i] for i in answer],
                       "kind": f.kind, "lang": lang.code})
        for q in rng.sample(lang.absent, n_absent):
            qs.append({"question": q, "keys": [], "kind": "abstain", "lang": lang.code})
    start, t = {}, T0 + h * 2 * DAY
    for k in keys:
        t += int(rng.uniform(1.5, 6.0) * DAY) + rng.randint(-4, 4) * 3600
        start[k] = t - t % DAY + rng.randint(7, 22) * 3600 + rng.randint(0, 59) * 60
    sessions = [(keys[i], c.topic.cwd, c.turns()) for i, c in enumerate(chats)]
    return sessions, qs, start


def langs() -> dict[str, Lang]:
    import memeval2_en
    import memeval2_zh

    return {"en": memeval2_en.LANG, "zh": memeval2_zh.LANG}


def build(seed: int = SEED) -> list[tuple[list, list[dict], dict[str, int]]]:
    """Every HOME of the set, in order h0 … h5."""
    by = langs()
    return [build_home(h, [(by[c], n, f, a) for c, n, f, a in parts], seed) for h, parts in enumerate(HOMES)]


# -- the hook set

POSITIONS = ("before", "after", "inside", "none")
_OPENING_EN = re.compile(r"^([^.?!]{6,60}?\b)(what|which|where|who|when|how|whether|if)\b", re.I)
_ZH_MARK = re.compile(r"是|叫|在|对|开|报|用|跑|读|去|什么|多少|几|哪")


def _cued(question: str, cue: str, where: str, code: str) -> str:
    """The question with the cue before, after or inside it. Inside, English: between an opening
    and its question word ("Can you remind me — as I said before — where …"), else before the
    question mark ("What's X, as I said before?"); Chinese: after the first clause, or before the
    question's verb or question word (the cue set off by commas)."""
    if where == "before":
        return cue + (question[:1].lower() + question[1:] if code == "en" and cue.rstrip()[-1:] == "," else question)
    if where == "after":
        return question + cue
    if where == "inside":
        if code == "en":
            m = _OPENING_EN.match(question)
            if m:
                return m.group(1) + f"— {cue} — " + question[m.end(1):]
            if "?" in question:
                i = question.index("?")
                return question[:i] + f", {cue}" + question[i:]
        elif "，" in question[:-1]:
            i = question.index("，") + 1
            return question[:i] + cue + question[i:]
        else:
            m = _ZH_MARK.search(question, 2)
            if m:
                return question[:m.start()] + "，" + cue + question[m.start():]
        return cue + question
    return question


def history(qs: list[dict], home: str, seed: int = SEED) -> list[dict]:
    """One history prompt per answerable question: the question behind a cue of its language, the
    cue's position cycling through before, after, inside and none."""
    rng = random.Random(f"{seed}-{home}")
    by, out = langs(), []
    for i, q in enumerate(x for x in qs if x.get("kind") != "abstain"):
        where = POSITIONS[(i + rng.randrange(4)) % 4]
        cues = by[q["lang"]].cues
        cue = rng.choice(cues[where]) if where != "none" else ""
        out.append({"prompt": _cued(q["question"], cue, where, q["lang"]), "lang": q["lang"], "cue": where,
                    "sessions": q["sessions"]})
    return out


def unrelated(qs: list[dict], by: dict | None = None) -> list[dict]:
    """Every unrelated prompt of the HOME's languages (of memeval2's banks, or of `by`: code -> a
    bank with .unrelated)."""
    by = by or langs()
    return [{"prompt": p, "lang": c} for c in sorted({q["lang"] for q in qs}) for p in by[c].unrelated]


def score(hist: list[dict], hist_got: list[str], other: list[dict], other_got: list[str]) -> dict:
    """run.py's hook figures, plus the history share per language and per cue position."""
    ok = [any(s in text for s in p["sessions"]) for p, text in zip(hist, hist_got)]
    out = {"history": len(hist), "history_answered": sum(ok) / len(hist),
           "history_injected": sum(bool(t) for t in hist_got) / len(hist),
           "unrelated": len(other), "unrelated_injected": sum(bool(t) for t in other_got) / len(other),
           "missed": [p["prompt"] for p, y in zip(hist, ok) if not y],
           "noisy": [p["prompt"] for p, t in zip(other, other_got) if t], "by": {}}
    for key in sorted({f"lang:{p['lang']}" for p in hist}) + [f"cue:{w}" for w in POSITIONS]:
        kind, v = key.split(":")
        sel = [y for p, y in zip(hist, ok) if p["lang" if kind == "lang" else "cue"] == v]
        out["by"][key] = {"history": len(sel), "history_answered": sum(sel) / len(sel) if sel else 0.0}
    for c in sorted({p["lang"] for p in other}):
        sel = [bool(t) for p, t in zip(other, other_got) if p["lang"] == c]
        out["by"][f"unrelated:{c}"] = {"unrelated": len(sel), "unrelated_injected": sum(sel) / len(sel)}
    return out


def merged_by(parts: list[dict]) -> dict:
    """The per-language / per-cue slices of several HOMEs' hook results, counts summed, shares weighted
    (run.py merges the totals)."""
    def share(rows: list[dict], n: str, s: str) -> float:
        tot = sum(r[n] for r in rows)
        return sum(r[s] * r[n] for r in rows) / tot if tot else 0.0

    out = {}
    for key in sorted({k for p in parts for k in p.get("by", {})}):
        rows = [p["by"][key] for p in parts if key in p.get("by", {})]
        n, s = ("unrelated", "unrelated_injected") if key.startswith("unrelated:") else ("history", "history_answered")
        out[key] = {n: sum(r[n] for r in rows), s: share(rows, n, s)}
    return out


def table(by: dict) -> str:
    """The per-language / per-cue hook breakdown as a markdown table."""
    rows = ["| slice | prompts | share (history: an answering session injected; unrelated: anything injected) |", "|---|---|---|"]
    for k, v in by.items():
        if "history" in v:
            rows.append(f"| {k} | {v['history']} | {v['history_answered']:.3f} |")
        else:
            rows.append(f"| {k} (unrelated) | {v['unrelated']} | {v['unrelated_injected']:.3f} |")
    return "\n".join(rows)
