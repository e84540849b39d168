"""Why an answer ranked 2nd-5th: the score parts of the first hit and of the answering session.

    python benchmarks/quality/run.py --home H --sets memeval,facts --inproc --no-hooks --json out.json
    python benchmarks/quality/why.py out.json H [memeval,facts]      # RANKS=2-5 by default

For each such question, through the library (search._rank's parts, read after passage.rescore): the
best record (after its passage lift), the next records, the session-level BM25, the lift (freshness,
coverage ** COVERAGE_EXPONENT, decision, reuse, note), the coverage, the session's records; then
the share of the gap between the two that each part makes up (the gap left when the first hit's part
is replaced by the answer's): `best`, `extra`, `sess`, `cov`, `dec`, and the part that makes up the
most of it. A summary per set counts those parts.
"""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = r'''
import json, sys, time
from deja import paths
import deja.search as S
from deja.search import passage, Options, search
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
cap = {}
orig = passage.rescore
def rescore(store_, m, ranked, heavy, hw, other=1.0):
    orig(store_, m, ranked, heavy, hw, other)
    cap["ranked"] = ranked
passage.rescore = rescore
out = []
for q in json.loads(sys.argv[1]):
    cap.clear()
    r = search(store, q["question"], Options(embed=False))
    ids = [h.session.id for h in r.hits]
    want = [s for s in q.get("sessions", [q["session"]]) if s in ids]
    final = {h.session.id: h.score for h in r.hits}
    rows = []
    for h, items, ss, lift in cap.get("ranked", []):
        if ids and h.session.id in (ids[0], *want):
            sc = [x for x, _ in items]
            rows.append(dict(id=h.session.id, first=h.session.id == ids[0], best=sc[0], role=items[0][1].role,
                             extra=sum(sc[1:1 + S.EXTRA_RECORDS]), n=len(items), sess=ss, lift=lift, cov=h.coverage,
                             recs=h.session.records, dec=bool(h.session.decision), score=final.get(h.session.id, 0.0)))
    out.append(dict(q=q["question"], kind=q.get("kind"), rank=q["rank"], rows=rows,
                    exp=S.COVERAGE_EXPONENT, lift=S.DECISION_LIFT))
print(json.dumps(out))
'''


def shares(t: dict, a: dict, exp: float, dec_lift: float) -> dict[str, float]:
    """Each part's share of the gap between the first hit `t` and the answer `a`."""
    w = 0.0 if abs((t["best"] + t["sess"]) * t["lift"] - t["score"]) < 0.02 else 0.25  # FACT_EXTRA_RECORD_WEIGHT or not

    def total(x: dict, cov: float | None = None, nodec: bool = False) -> float:
        lift = x["lift"] / max(x["cov"], 1e-9) ** exp * (x["cov"] if cov is None else cov) ** exp
        if nodec and x["dec"]:
            lift /= dec_lift
        return (x["best"] + w * x["extra"] + x["sess"]) * lift

    gap = total(t) - total(a)
    if not gap:
        return {}
    out = {p: (gap - (total(t | {p: a[p]}) - total(a))) / gap for p in ("best", "extra", "sess")}
    out["cov"] = (gap - (total(t, cov=a["cov"]) - total(a))) / gap
    out["dec"] = (gap - (total(t, nodec=True) - total(a, nodec=True))) / gap if t["dec"] != a["dec"] else 0.0
    return out


def main() -> None:
    res = json.loads(Path(sys.argv[1]).read_text())
    root = Path(sys.argv[2])
    sets = sys.argv[3].split(",") if len(sys.argv) > 3 else list(res)
    lo, hi = (int(x) for x in os.environ.get("RANKS", "2-5").split("-"))
    summary: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for name in sets:
        byhome: dict[str, list] = {}
        for r in res[name]["rows"]:
            if lo <= r["rank"] <= hi:
                byhome.setdefault(r["home"], []).append(r)
        for home, qs in byhome.items():
            h = root / name / home if home[:1] == "h" and home[1:].isdigit() else root / name
            env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))} | {"HOME": str(h)}
            p = subprocess.run([sys.executable, "-c", WORKER, json.dumps(qs)], env=env, capture_output=True, text=True)
            if p.returncode:
                print(p.stderr[-2000:])
                continue
            for o in json.loads(p.stdout):
                print(f"[{name}/{home}] rank {o['rank']} {o['kind']}: {o['q']}")
                rows = sorted(o["rows"], key=lambda x: not x["first"])
                for x in rows:
                    print(f"   {'first ' if x['first'] else 'answer'} best={x['best']:6.2f} role={x['role']} extra={x['extra']:6.2f} "
                          f"n={x['n']:3d} sess={x['sess']:6.2f} lift={x['lift']:.3f} cov={x['cov']:.2f} dec={x['dec']} recs={x['recs']}")
                if len(rows) == 2 and (s := shares(rows[0], rows[1], o["exp"], o["lift"])):
                    top = max(s, key=lambda k: s[k])
                    summary[name][top] += 1
                    print("   gap shares:", " ".join(f"{k}={v:+.2f}" for k, v in s.items()), "->", top)
    print("\nthe part that makes up most of the gap, per set:")
    for name, c in summary.items():
        print(f"  {name}: {dict(c.most_common())}")
    print(f"  all: {dict(sum(summary.values(), collections.Counter()).most_common())}")


if __name__ == "__main__":
    main()
