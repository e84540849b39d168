"""A hook set with the cue inside the question sentence (branch `hookin`): between its words
("What was, as I mentioned before, my finishing time …?", "Which theme did — I think last month —
we go with …?", 我的通勤，我记得之前说过，单程要多久？) or trailing in the same sentence ("…, as I told
you before?", "…来着？"). The questions are those of `memeval` and `chat-heldout`; a question is
split after its first auxiliary (was, did, is, 's …; for Chinese before its first verb of being,
wanting, calling …), else after its first word (half way for Chinese). Written for branch `hookin` and tuned against, so
not a judge. Scored like hookblind.py (`score`, `merged`, `table`); positions `inside`, `trailing`.
"""

from __future__ import annotations

import random
import re

import hookblind
import hookdev

SEED = "hookinside-2026-12-01"
SETS = ("memeval", "chat-heldout")

TEMPLATES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("inside", "{a}, as I mentioned before, {b}?"),
        ("inside", "{a} — I think we talked about it last month — {b}?"),
        ("inside", "{a} (you told me once, I'm sure) {b}?"),
        ("inside", "{a}, if you remember from our earlier chat, {b}?"),
        ("inside", "{a}, going back a few weeks, {b}?"),
        ("trailing", "{q0}, as I told you before?"),
        ("trailing", "{q0} — we went over it a while back, didn't we?"),
        ("trailing", "{q0}, from our conversation last week?"),
        ("trailing", "{q0}, do you remember?"),
    ],
    "zh": [
        ("inside", "{a}，我记得之前说过，{b}？"),
        ("inside", "{a}上次{b}来着？"),
        ("inside", "{a}，前阵子跟你提过的，{b}？"),
        ("inside", "{a}（以前聊过）{b}？"),
        ("trailing", "{q0}来着？"),
        ("trailing", "{q0}，我们以前聊过吧？"),
        ("trailing", "{q0}，你还记得吗？"),
    ],
}

_AUX_EN = re.compile(r"\b(?:was|were|is|are|am|did|do|does|have|has|had)\b|'s\b", re.I)
_VERB_ZH = re.compile(r"是|要|叫|(?<!现)在|去|建议|说|喜欢|有|过了|平时|用|开|点了")


def split(question: str, lang: str) -> tuple[str, str, str]:
    """(the question without its final mark, its first part, the rest) for the templates."""
    q0 = question.rstrip("?？。. ")
    if lang == "zh":
        m = _VERB_ZH.search(q0, 1)
        cut = m.start() if m else len(q0) // 2
    else:
        m = _AUX_EN.search(q0)
        cut = m.end() if m else (q0.find(" ") if " " in q0 else len(q0))
    return q0, q0[:cut].strip(), q0[cut:].strip()


def history(qs: list[dict], set_name: str, home: str) -> list[dict]:
    """One HOME's history prompts: each answerable question with a cue inside or trailing."""
    rng = random.Random(f"{SEED}:{set_name}:{home}")
    out = []
    for q in qs:
        if q.get("kind") == "abstain" or not (q.get("sessions") or [q.get("session")])[0]:
            continue
        lang = hookblind.lang_of(q)
        pos, tpl = rng.choice(TEMPLATES[lang])
        q0, a, b = split(q["question"], lang)
        out.append({"prompt": tpl.format(q0=q0, a=a, b=b), "lang": lang, "position": pos,
                    "sessions": q.get("sessions") or [q["session"]]})
    return out


def unrelated(qs: list[dict]) -> list[dict]:
    """hookdev's unrelated prompts (requests and general questions in the HOMEs' vocabulary)."""
    return hookdev.unrelated(qs)
