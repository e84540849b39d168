"""Where the prompt hook loses each history prompt (branch `hook7`): every history and unrelated
prompt of the dev hook sets through the real prompt hook (`handlers.run`, one process per HOME),
then read again (`asking`, `question_text`), searched to 20 places and gated (`handlers.strong`).
One JSON line per prompt, with its class:

- `read:no-question` — `asking` read it as no question about history;
- `gate:tier` / `gate:strong` — the search found the answer (in the first 7 of a weak tier, in the
  top 3 of a strong-bar miss) and the hook gated it off;
- `rank:shown-without` / `rank:tier` / `rank:strong` — the search missed: injected without the
  answer among the sessions named, or the answer past those places (a ranking miss);
- `noisy` — an unrelated prompt that got an injection.

    python benchmarks/quality/hookmiss.py --home DIR --out rows.jsonl [--pairs SET:MODULE,...]

DIR is a run.py --home whose sets were built (run.py --sets ... --hooks-only first); a pair is a
set and the module that words its prompts (hookdev2-7 their own; memeval, chat and chat-heldout
with hookdev, hookblind, hookinside). Its answered / injected figures equal run.py's."""
import argparse
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
Q = Path(__file__).parent
sys.path.insert(0, str(Q))

PROBE = r"""
import json, os, sys
from deja import paths
from deja.errors import QueryError
from deja.hooks import handlers
from deja.hooks import question as reading
from deja.search import Options, search
from deja.search.query import parse
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
out = []
for i, row in enumerate(json.loads(sys.argv[1])):
    p, sessions = row["prompt"], row["sessions"]
    payload = {"hook_event_name": "UserPromptSubmit", "session_id": f"why-{os.getpid()}-{i}", "cwd": "/home/dev/bench", "prompt": p}
    text = handlers.run("prompt", json.dumps(payload), budget=None)
    kind = reading.asking(p)
    asked = reading.question_text(p)
    rank, tier, cov, margin, strong, cov2 = 0, "refused", 0.0, 0.0, False, 0.0
    try:
        q = parse(asked)
        r = search(store, asked, Options(limit=20), q)
        ids = [h.session.id for h in r.hits]
        rank = min([ids.index(s) + 1 for s in sessions if s in ids] or [0])
        tier = r.tier
        hits = r.hits
        if hits:
            cov = hits[0].coverage
            cov2 = hits[1].coverage if len(hits) > 1 else 0
            margin = hits[0].score / hits[1].score if len(hits) > 1 and hits[1].score > 0 else 9.0
        strong = bool(kind) and handlers.strong(kind, hits, r.tier, asked, counts=q.counts)
    except QueryError:
        pass
    out.append({"kind": kind, "asked": asked, "tier": tier, "rank": rank, "cov": round(cov, 3), "cov2": round(cov2, 3),
                "margin": round(margin, 3), "strong": strong, "injected": bool(text),
                "answered": any(s in text for s in sessions) if sessions else False})
print(json.dumps(out, ensure_ascii=False))
"""

def cls(r, hist):
    if not hist:
        return "noisy" if r["injected"] else "ok"
    if r["answered"]:
        return "ok"
    if not r["kind"]:
        return "read:no-question"
    if r["injected"]:
        return "rank:shown-without"  # injected, the answer not among
    if r["tier"] in ("weak", "none", "refused"):
        return "gate:tier" if 1 <= r["rank"] <= 7 else "rank:tier"
    if not r["strong"]:
        return "gate:strong" if 1 <= r["rank"] <= 3 else "rank:strong"
    return "other"

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--pairs", default="hookdev2:hookdev2,hookdev3:hookdev3,hookdev4:hookdev4,hookdev5:hookdev5,hookdev6:hookdev6,hookdev7:hookdev7,memeval:hookdev,chat:hookdev,chat-heldout:hookdev,memeval:hookblind,chat-heldout:hookblind,memeval:hookinside,chat-heldout:hookinside")
    a = ap.parse_args()
    with a.out.open("w") as f:
        for pair in a.pairs.split(","):
            setname, modname = pair.split(":")
            mod = importlib.import_module(modname)
            base = a.home / setname
            if not base.exists():
                continue
            for home in sorted(base.glob("h[0-9]*")):
                qs = json.loads((home / "questions.json").read_text())
                hist = mod.history(qs, setname, home.name)
                other = mod.unrelated(qs)
                rows = [{"prompt": h["prompt"], "sessions": h["sessions"]} for h in hist] + [{"prompt": u["prompt"], "sessions": []} for u in other]
                env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))} | {"HOME": str(home)}
                got = json.loads(subprocess.run([sys.executable, "-c", PROBE, json.dumps(rows)], env=env, capture_output=True, text=True, check=True).stdout)
                for i, (row, r) in enumerate(zip(rows, got)):
                    h = i < len(hist)
                    meta = hist[i] if h else other[i - len(hist)]
                    r |= {"set": f"{setname}/{modname}", "home": home.name, "lang": meta.get("lang", "en"), "position": meta.get("position", "-"),
                          "prompt": row["prompt"], "history": h}
                    r["class"] = cls(r, h)
                    f.write(json.dumps(r, ensure_ascii=False) + "\n")
                print(setname, modname, home.name, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
