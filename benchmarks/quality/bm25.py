"""A plain lexical baseline, a stand-in for the lexical peer: session-level BM25 over content words.

Each Claude Code session under HOME/.claude/projects is one document (the text of its user and
assistant turns and tool calls). English: lowercased words, stop words out, a light suffix
stemmer; Chinese: the character bigrams of each CJK run (a lone character as itself), the bigrams
of function characters, question words and cues out. No tiers, no phrases, no model. `rank(home, questions)` returns, per question, the ids of the
top sessions (none when no content word of the question occurs anywhere).

    python benchmarks/quality/run.py --home /tmp/q --sets memeval --baseline
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

K1, B, TOP = 1.2, 0.75, 15

STOP = set("""a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing done down during each few for from further get got had has have
having he her here hers herself him himself his how i if in into is it its itself just last let like me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such
than that the their theirs them themselves then there these they this those through to too under until up very
was we were what when where which while who whom why will with would you your yours yourself yourselves
ago already also always anything back before earlier ever first going know maybe much one really remember
remind said say something still tell thing things think time times told way well went yes yet""".split())

# function characters and the question words and cues people put around a Chinese question
ZH_FUNC = set("的了吗呢吧啊呀么是在有和就都也还要这那个我你他她它们什怎哪几谁吗把被给让对从跟与又才再很太")
ZH_STOP = {"我们", "你们", "什么", "怎么", "哪个", "哪些", "哪里", "哪天", "几次", "多少", "多久", "是不", "不是", "上次", "之前",
           "以前", "记得", "还记", "一下", "一个", "时候", "现在", "平时", "最近", "一共", "说过", "告诉", "那个", "这个"}

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u9fff]+")


def stem(w: str) -> str:
    if w.endswith("'s"):
        w = w[:-2]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith("sses"):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    for suf in ("ing", "ed"):
        if len(w) > len(suf) + 3 and w.endswith(suf):
            w = w[: -len(suf)]
            if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]
            return w
    return w


def terms(text: str) -> list[str]:
    out = []
    for tok in _WORD.findall(text.lower()):
        if tok[0] < "\u3400":
            if tok not in STOP and len(tok) > 1:
                out.append(stem(tok))
            continue
        if len(tok) == 1:
            if tok not in ZH_FUNC:
                out.append(tok)
            continue
        for a, b in zip(tok, tok[1:]):
            bg = a + b
            if bg not in ZH_STOP and not (a in ZH_FUNC and b in ZH_FUNC):
                out.append(bg)
    return out


def _session_text(path: Path) -> str:
    parts = []
    for raw in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rec = json.loads(raw)
        except ValueError:
            continue
        content = (rec.get("message") or {}).get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            for block in content:
                if block.get("type") == "text":
                    parts.append(block.get("text", ""))
                elif block.get("type") == "tool_use":
                    parts.append(json.dumps(block.get("input", {}), ensure_ascii=False))
                elif block.get("type") == "tool_result" and isinstance(block.get("content"), str):
                    parts.append(block["content"])
    return "\n".join(parts)


class Index:
    """BM25 over one bag of terms per session (bm25.py's terms, or any other tokenisation)."""

    def __init__(self, bags: dict[str, Counter]):
        self.ids = list(bags)
        self.tf = list(bags.values())
        self.len = [sum(c.values()) for c in self.tf]
        self.avg = sum(self.len) / max(len(self.len), 1)
        df: Counter = Counter()
        for c in self.tf:
            df.update(c.keys())
        n = len(self.ids)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}

    def search(self, query: str, top: int = TOP) -> list[str]:
        return self.search_terms(terms(query), top)

    def search_terms(self, words: list[str], top: int = TOP) -> list[str]:
        q = [t for t in dict.fromkeys(words) if t in self.idf]
        scored = []
        for i, (tf, n) in enumerate(zip(self.tf, self.len)):
            s = 0.0
            for t in q:
                f = tf.get(t, 0)
                if f:
                    s += self.idf[t] * f * (K1 + 1) / (f + K1 * (1 - B + B * n / self.avg))
            if s > 0:
                scored.append((s, i))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [self.ids[i] for _, i in scored[:top]]


def index(home: Path) -> Index:
    return Index({p.stem: Counter(terms(_session_text(p))) for p in sorted((home / ".claude/projects").glob("*/*.jsonl"))})


def rank(home: Path, questions: list[str]) -> list[list[str]]:
    ix = index(home)
    return [ix.search(q) for q in questions]
