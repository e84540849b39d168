"""Where the prompt hook loses history prompts, by class (branch `hook3`): for each history prompt
of a hook set that does not inject an answering session, one of

- `gate:request` — `asking` read it as no question about history (ordinary exact-tier recall);
- `gate:strong` — a `personal` question whose best session fell short of payload.STRONG;
- `gate:tier` — the search found only the weak tier or nothing;
- `rank` — injected, but the answering session ranked past the sessions shown (its rank given);
- `text` — as `rank` or a gate, and the question as written would have ranked the answer within
  the sessions shown: what was searched (`question_text`) differs from the question for the worse.

    python benchmarks/quality/hookwhy.py --home DIR --set hookdev2 [--module hookdev2] [--list]

DIR is a run.py --home whose set was built and indexed (run.py --sets SET --hooks-only first).
"""

from __future__ import annotations

import argparse
import collections
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

PROBE = r"""
import json, sys
from deja import paths
from deja.errors import QueryError
from deja.hooks import handlers, payload
from deja.hooks import question as reading
from deja.search import Options, search
from deja.store import Store

store = Store(paths.index_dir(), readonly=True)
out = []
for row in json.loads(sys.argv[1]):
    p, sessions, question = row["prompt"], row["sessions"], row["question"]
    kind = reading.asking(p)
    asked = reading.question_text(p)
    def ranked(text):
        try:
            r = search(store, text, Options(limit=20))  # 20 places: the answer below the sessions named or not found at all
        except QueryError:
            return None, [], 0
        ids = [h.session.id for h in r.hits]
        rank = min([ids.index(s) + 1 for s in sessions if s in ids] or [0])
        return r, ids, rank
    res, ids, rank = ranked(asked)
    _, _, plain = ranked(question)
    try:  # the searched text decides too since branch hookdet (a question joining two events)
        from deja.search.query import parse

        try:
            counts = parse(asked).counts
        except QueryError:
            counts = False
        try:  # a count given as the parsed Query's since branch hook6
            strong = bool(kind) and res is not None and handlers.strong(kind, res.hits, res.tier, asked, counts=counts)
        except TypeError:
            strong = bool(kind) and res is not None and handlers.strong(kind, res.hits, res.tier, asked)
    except TypeError:  # an older hook
        strong = bool(kind) and res is not None and handlers.strong(kind, res.hits, res.tier)
    hits = res.hits if res else []
    cov = hits[0].coverage if hits else 0.0
    margin = hits[0].score / hits[1].score if len(hits) > 1 and hits[1].score > 0 else 9.0
    first = next((x for x in hits[0].snippets if x.text.strip()), None) if hits else None
    out.append({"kind": kind, "asked": asked, "tier": res.tier if res else "refused", "rank": rank,
                "cov2": round(hits[1].coverage, 3) if len(hits) > 1 else 0.0, "role": first.role if first else "",
                "said": bool(first) and first.role == "user" and not handlers._ASKED.search(first.text),
                "plain": plain, "strong": strong, "cov": round(cov, 3), "margin": round(margin, 3),
                "total": res.total if res else 0})
print(json.dumps(out))
"""


def classify(r: dict, shown: int) -> str:
    if r["kind"] and r["strong"] and 1 <= r["rank"] <= shown:
        return "ok"
    if 1 <= r["plain"] <= shown and not (1 <= r["rank"] <= shown):
        return "text"
    if not r["kind"]:
        return "gate:request"
    if r["tier"] in ("weak", "none", "refused"):
        return "gate:tier"
    if not r["strong"]:
        return "gate:strong"
    return "rank"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--set", required=True)
    ap.add_argument("--module", default="hookdev2", help="the hook set's module (hookdev2, hookdev, hookblind, hookinside)")
    ap.add_argument("--list", action="store_true", help="list each lost prompt with its class")
    ap.add_argument("--shown", type=int, default=3, help="sessions the hook is taken to show (3 in full; up to 5 with the short lines)")
    ap.add_argument("--dump", type=Path, help="write every history and unrelated prompt's features here (JSON lines)")
    args = ap.parse_args()
    mod = importlib.import_module(args.module)
    counts: collections.Counter = collections.Counter()
    by_pos: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for home in sorted((args.home / args.set).glob("h[0-9]*")):
        qs = json.loads((home / "questions.json").read_text())
        hist = mod.history(qs, args.set, home.name)
        by_q = {tuple(q.get("sessions") or [q["session"]]): q["question"] for q in qs}
        rows = [{"prompt": h["prompt"], "sessions": h["sessions"], "question": by_q[tuple(h["sessions"])]} for h in hist]
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))} | {"HOME": str(home)}
        got = json.loads(subprocess.run([sys.executable, "-c", PROBE, json.dumps(rows)], env=env,
                                        capture_output=True, text=True, check=True).stdout)
        other = [{"prompt": u["prompt"], "sessions": [], "question": u["prompt"]} for u in mod.unrelated(qs)]
        if args.dump:
            got_other = json.loads(subprocess.run([sys.executable, "-c", PROBE, json.dumps(other)], env=env,
                                                  capture_output=True, text=True, check=True).stdout)
            with args.dump.open("a") as f:
                for h, r in zip(hist, got):
                    f.write(json.dumps(r | {"prompt": h["prompt"], "lang": h["lang"], "position": h["position"], "history": True}, ensure_ascii=False) + "\n")
                for u, r in zip(other, got_other):
                    f.write(json.dumps(r | {"prompt": u["prompt"], "history": False}, ensure_ascii=False) + "\n")
        for h, r in zip(hist, got):
            c = classify(r, args.shown)
            key = f"{h['lang']}:{h['position']}"
            counts[(h["lang"], c)] += 1
            by_pos[key][c] += 1
            if args.list and c != "ok":
                print(f"{c:13} {key:10} rank {r['rank']} (as written {r['plain']}) {r['kind'] or '-':8} {r['tier']:8} "
                      f"cov {r['cov']:.2f} margin {r['margin']:.2f} "
                      f"{h['prompt']!r} -> {r['asked']!r}")
    for key in sorted(by_pos):
        n = sum(by_pos[key].values())
        print(f"{key:10} n={n:3} " + " ".join(f"{c}={v}" for c, v in sorted(by_pos[key].items())))


if __name__ == "__main__":
    main()
