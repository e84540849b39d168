"""A plain baseline for the long-chat sets: session-level BM25 over content words, the way a
lexical-only peer ranks (filler out, light stems, one document per session, no tiers, no
passages, no signals), against deja's own ranking on the same indexes, in-process.

    python benchmarks/quality/run.py --home /tmp/q --sets chat --inproc --no-hooks   # builds the HOMEs
    python benchmarks/quality/plain.py /tmp/q/chat [--misses]

Each HOME's records (speech roles: the person, the assistant, tool output) are read back from
deja's own index (`TextIndex.scan`), tokenised with deja's tokenizer, filler dropped
(tokenizer.is_filler) and stemmed (search.signals.stem); a session is one bag of words. Prints
hit@1 / hit@5 / MRR for the plain ranking and for deja (`search()` with default options, no
recalls counted), and with --misses the questions where the two disagree on rank 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bm25  # noqa: E402  (the one BM25 scorer of the baselines)
from run import rank_of  # noqa: E402


def _bags(store) -> dict[str, Counter]:
    from deja.roles import ROLE_CODE, SPEECH_ROLES
    from deja.search.signals import stem
    from deja.store import Filters
    from deja.text.tokenizer import is_filler, tokens

    keys = {r.sid: r.id for r in store.catalog.select_sessions()}
    bags: dict[str, Counter] = {}
    for rec in store.text.scan(Filters(roles=[ROLE_CODE[r] for r in SPEECH_ROLES])):
        sid = keys.get(rec.sid)
        if sid is None:
            continue
        bag = bags.setdefault(sid, Counter())
        bag.update(stem(t) for t in tokens(rec.text) if not is_filler(t))
    return bags


def plain_rank(question: str, index: bm25.Index) -> list[str]:
    from deja.search.signals import stem
    from deja.text.tokenizer import is_filler, tokens

    return index.search_terms([stem(t) for t in tokens(question) if not is_filler(t)])


def _scores(ranks: list[int]) -> str:
    n = len(ranks) or 1
    return (f"{sum(r == 1 for r in ranks) / n:.3f} | {sum(1 <= r <= 5 for r in ranks) / n:.3f} | "
            f"{sum(1 / r for r in ranks if r) / n:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir", type=Path, help="a set's HOME, or a long-chat set's directory (HOMEs h0, h1, …), built and indexed")
    ap.add_argument("--misses", action="store_true", help="list the questions the two rank differently (at 1 or within 5)")
    args = ap.parse_args()
    plain, ours, diff = [], [], []
    for home in sorted(args.set_dir.glob("h[0-9]*")) or [args.set_dir]:  # a long-chat set's HOMEs, or one HOME
        for k in [k for k in os.environ if k.startswith(("XDG_", "DEJA_"))]:
            del os.environ[k]
        os.environ["HOME"] = str(home)
        from deja import paths
        from deja.search import Options, search
        from deja.store import Store

        store = Store(paths.index_dir(), readonly=True)
        index = bm25.Index(_bags(store))
        for q in json.loads((home / "questions.json").read_text()):
            p = rank_of(q, plain_rank(q["question"], index))
            o = rank_of(q, [h.session.id for h in search(store, q["question"], Options()).hits])
            plain.append(p)
            ours.append(o)
            if (p == 1) != (o == 1) or (1 <= p <= 5) != (1 <= o <= 5):
                diff.append(f"- {home.name} {q['question']}: plain {p or '>15'}, deja {o or '>15'}")
        store.close()
    print(f"| ranking | questions | hit@1 | hit@5 | MRR |\n|---|---|---|---|---|\n"
          f"| plain session BM25 | {len(plain)} | {_scores(plain)} |\n| deja | {len(ours)} | {_scores(ours)} |")
    if args.misses:
        print("\n".join(diff))


if __name__ == "__main__":
    sys.exit(main())
