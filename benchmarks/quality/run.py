"""Retrieval quality: hit@1, hit@5 and MRR of the questions in HOME/questions.json, through the
real pipeline (`deja index` in a subprocess with HOME set, then the library's `search`, the path
the CLI, MCP server and hooks share, with default options).

    python benchmarks/quality/run.py --home /tmp/deja-quality [--noise-mb 20] [--json out.json]
    python benchmarks/quality/run.py --home /tmp/deja-quality --no-make --semantic   # deja[semantic]

Builds HOME with make.py first unless --no-make. No tuning to individual questions: the
questions and their sessions are fixed in conversations.py.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent

CODE = r"""
import json, sys
from deja import paths
from deja.search import Options, search
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
rows = []
for q in json.loads(open(sys.argv[1]).read()):
    r = search(store, q["question"], Options(embed=sys.argv[2] == "embed"))
    ids = [(h.session.harness, h.session.id) for h in r.hits]
    want = (q["harness"], q["session"])
    rows.append(q | {"rank": ids.index(want) + 1 if want in ids else 0, "tier": r.tier, "total": r.total})
print(json.dumps(rows, ensure_ascii=False))
"""


def scores(rows: list[dict]) -> dict:
    n = len(rows)
    return {"questions": n,
            "hit_at_1": sum(r["rank"] == 1 for r in rows) / n if n else 0.0,
            "hit_at_5": sum(1 <= r["rank"] <= 5 for r in rows) / n if n else 0.0,
            "mrr": sum(1 / r["rank"] for r in rows if r["rank"]) / n if n else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--noise-mb", type=float, default=20)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--no-make", action="store_true", help="HOME is already built")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--semantic", action="store_true", help="run `deja embed` and search with the semantic tier")
    args = ap.parse_args()
    home = args.home.resolve()
    if not args.no_make:
        for d in (".claude", ".codex", ".pi", ".cache/deja"):
            shutil.rmtree(home / d, ignore_errors=True)
        subprocess.run([sys.executable, str(HERE / "make.py"), "--home", str(home), "--noise-mb", str(args.noise_mb),
                        "--seed", str(args.seed)], check=True, stdout=subprocess.DEVNULL)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env["HOME"] = str(home)
    subprocess.run([sys.executable, "-m", "deja", "index"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if args.semantic:
        env["HF_HUB_OFFLINE"] = "1"
        subprocess.run([sys.executable, "-m", "deja", "embed"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    mode = "embed" if args.semantic else "lexical"
    rows = json.loads(subprocess.run([sys.executable, "-c", CODE, str(home / "questions.json"), mode], env=env,
                                     capture_output=True, text=True, check=True).stdout)
    out = {"all": scores(rows), "literal": scores([r for r in rows if not r["reworded"]]),
           "reworded": scores([r for r in rows if r["reworded"]]), "rows": rows}
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))
    print("| questions | n | hit@1 | hit@5 | MRR |\n|---|---|---|---|---|")
    for name in ("all", "literal", "reworded"):
        s = out[name]
        print(f"| {name} | {s['questions']} | {s['hit_at_1']:.2f} | {s['hit_at_5']:.2f} | {s['mrr']:.2f} |")
    print("\n| question | session | reworded | rank | tier |\n|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['question']} | {r['key']} | {'yes' if r['reworded'] else 'no'} | {r['rank'] or '>15'} | {r['tier']} |")


if __name__ == "__main__":
    main()
