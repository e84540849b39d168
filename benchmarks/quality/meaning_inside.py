"""Meaning's gate inside the ranking (session 12, branch `meaning3`): for the questions recency
settles (search/recency.settle), the lexical top 5 within 80 % of the best are re-ordered by the
nearest of the person's statements *before* settle runs (as near-ties, STEP apart, so recency's
lifts still decide among them); for the others, after the ranking (meaning_rerank.py's `gate`).
MARGIN: meaning moves nothing unless its pick is that much nearer (cosine) than the lexical first.
PREF=skip: requests for a preference are left to passage.rescore's preference lift.
PERSON=only: only questions about the person (Query.asks_person): the units are the person's statements.
MODEL: whose vectors (vec-MODEL-*.pkl; static<tag>: meaning_rerank.py --model static --tag <tag>).
Reads meaning_rerank.py's cache (run it first with --units statements, e5), so only sessions in
the unpatched lexical top 5 have vectors (others score -1: they never move up).

    MARGIN=0.02 PREF=skip python benchmarks/quality/meaning_inside.py H zh4,updates4,...   [SHOW=1: the lost]

Columns: lexical (main), `gate` after the ranking for every question, and this rule."""
import json, os, pickle, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks" / "quality"))
import meaning_rerank as mr
from deja.search import recency

STEP = float(os.environ.get("STEP", "0.001"))
MARGIN = float(os.environ.get("MARGIN", "0"))  # 0.01 and 0.02 tried; 0.02 lowers no dev set
CTX = {}


def sim(sid):
    qv = CTX["qv"]
    us = CTX["sess"].get(sid, [])
    return max((sum(x * y for x, y in zip(qv, CTX["vecs"][t])) for r, t in us if r == "u" and t in CTX["vecs"]), default=-1.0)


orig = recency.settle


def settle(store, q, clauses, weights, forms, hits, filters, own):
    CTX["settled"] = True
    if CTX.get("on") and hits and not CTX.get("pref"):
        top = sorted(hits, key=lambda h: -h.score)[:5]
        mx = top[0].score
        close = sorted((h for h in top if h.score >= 0.8 * mx), key=lambda h: -sim(h.session.id))
        if sim(close[0].session.id) - sim(top[0].session.id) < MARGIN:
            close = []
        for i, h in enumerate(close):
            h.score = mx * (1 + STEP * (len(close) - i))
    return orig(store, q, clauses, weights, forms, hits, filters, own)


recency.settle = settle


def main():
    print("| set | questions | lexical | gate after | gate inside |\n|---|---|---|---|---|")
    root, sets, cache = Path(sys.argv[1]), sys.argv[2].split(","), Path(os.environ["CACHE"])
    from deja import paths
    from deja.search import Options, search
    from deja.store import Store
    for name in sets:
        res = {"lex": [0, 0], "gate": [0, 0], "in": [0, 0]}
        n = 0
        for home in mr.homes_of(root, name):
            tag = f"{name}-{home.name}"
            c = pickle.loads((cache / f"cands-statements-{tag}.pkl").read_bytes())
            vecs = pickle.loads((cache / f"vec-{os.environ.get('MODEL', 'e5')}-{tag}.pkl").read_bytes())
            os.environ["HOME"] = str(home)
            store = Store(paths.index_dir(), readonly=True)
            CTX.update(sess=c["sess"], vecs=vecs)
            for r in c["rows"]:
                q = r["q"]
                if q.get("kind") == "abstain":
                    continue
                want = set(q.get("sessions", [q["session"]]))
                CTX["qv"] = vecs[("Q", q["question"])]
                CTX["on"] = True
                from deja.search import query as qm
                pq = qm.parse(q["question"])
                CTX["pref"] = (pq.wants == "preference" and os.environ.get("PREF") == "skip") or (
                    os.environ.get("PERSON") == "only" and not pq.asks_person)
                CTX["settled"] = False
                got = search(store, q["question"], Options(limit=mr.DEPTH))
                ids = [h.session.id for h in got.hits]
                sc = [h.score for h in got.hits]
                sims = [sim(s) for s in r["ids"][:5]]
                gate = mr.order("gate", r["ids"], r["scores"], sims, 5, {}, {})
                if gate and r["ids"] and sim(gate[0]) - sim(r["ids"][0]) < MARGIN:
                    gate = r["ids"]
                from deja.search import query as qmod
                pref = CTX["pref"]
                if not CTX["settled"]:  # not recency's: the gate after the ranking
                    ids = r["ids"] if pref else gate
                rl = next((i + 1 for i, s in enumerate(r["ids"]) if s in want), 0)
                ri = next((i + 1 for i, s in enumerate(ids) if s in want), 0)
                if os.environ.get("SHOW") and rl == 1 and ri != 1:
                    print("LOST", tag, q["question"], "settled" if CTX["settled"] else "after", ri, file=sys.stderr)
                    for s_ in ids[:3]:
                        print("   ", "*" if s_ in want else " ", round(sim(s_), 3), [t for r_, t in c["sess"].get(s_, []) if r_ == "u"][:3], file=sys.stderr)
                for key, order in (("lex", r["ids"]), ("gate", gate), ("in", ids)):
                    rank = next((i + 1 for i, s in enumerate(order) if s in want), 0)
                    res[key][0] += rank == 1
                    res[key][1] += 1 <= rank <= 5
                n += 1
            store.close()
        print(f"| {name} | {n} | " + " | ".join(f"{a / n:.3f} / {b / n:.3f}" for a, b in res.values()) + " |", flush=True)


main()
