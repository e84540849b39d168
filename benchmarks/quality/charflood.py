"""Would a character-level fallback reach the Chinese answers that hold none of the question's
bigrams, or flood? (issue 14, session 12, branch `zh7`.) For each answerable Chinese question of the
HOMEs run.py built under ROOT (every ROOT/SET/h*/ with a questions.json) whose answering sessions hold
none of its content bigrams (not a candidate): does an answer hold a sibling of one (a bigram with
the same second character, the head of a Chinese compound: 血压 -> 高压 低压), and what share of all
the HOME's sessions holds one. Function characters and question words are left out on both sides.

    python benchmarks/quality/run.py --home R --sets zh3,zh4,zh5,zh6,zh7 --inproc --no-hooks
    PYTHONPATH=src python benchmarks/quality/charflood.py R
"""

from __future__ import annotations

import glob
import json
import os
import sys

from deja.search.query import parse
from deja.text.tokenizer import FUNCTION_CHARS_ZH, is_cjk, tokens

SKIP = FUNCTION_CHARS_ZH | set("多少几什么哪每最")


def _bigrams(home: str) -> dict[str, set[str]]:
    out = {}
    for f in glob.glob(os.path.join(home, ".claude/projects/*/*.jsonl")):
        held: set[str] = set()
        for line in open(f, encoding="utf-8"):
            c = (json.loads(line).get("message") or {}).get("content")
            text = c if isinstance(c, str) else " ".join(p.get("text", "") for p in c or [] if isinstance(p, dict))
            held.update(t for t in tokens(text) if is_cjk(t[0]) and len(t) == 2 and not set(t) & SKIP)
        out[os.path.basename(f)[:-6]] = held
    return out


def main(root: str) -> None:
    asked = missing = reached = 0
    shares = []
    for home in sorted(glob.glob(f"{root}/*/h*/")):
        qf = os.path.join(home, "questions.json")
        qs = [q for q in json.load(open(qf)) if q.get("kind") != "abstain" and not q["question"].isascii()] if os.path.exists(qf) else []
        if not qs:
            continue
        held = _bigrams(home)
        for q in qs:
            content = parse(q["question"]).content or ()
            words = {c[0] for c in content if len(c) == 1 and len(c[0]) == 2 and is_cjk(c[0][0]) and not set(c[0]) & SKIP}
            answers = [s for s in q.get("sessions", [q["session"]]) if s in held]
            if not words or not answers:
                continue
            asked += 1
            if any(words & held[a] for a in answers):
                continue
            missing += 1

            def siblings(toks: set[str]) -> set[str]:
                return {t for t in toks for w in words if t != w and t[1] == w[1]}

            found = set().union(*(siblings(held[a]) for a in answers))
            share = sum(1 for toks in held.values() if siblings(toks)) / len(held)
            shares.append(share)
            reached += bool(found)
            print(f"{q['question']} {sorted(words)} answer's siblings {sorted(found)[:6]}; sessions holding one {share:.2f}")
    print(f"\n{asked} questions with content bigrams; {missing} whose answer holds none; {reached} of those hold a sibling;"
          f" a session holds one on average {sum(shares) / max(1, len(shares)):.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
