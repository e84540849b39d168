"""What the index on disk is made of: per tantivy file kind, the catalog's tables and indexes
(SQLite's dbstat), and everything else under the index directory (WAL, dictionary, pointers).

    python benchmarks/index_size.py --home H            # H indexed by `deja index`
    python benchmarks/index_size.py --home H --json out.json

The corpus is the harness stores under H (.claude, .codex, .pi: what gen_corpus.py writes). Not
part of the test suite; reads H only.
"""

from __future__ import annotations

import argparse
import collections
import json
import sqlite3
from pathlib import Path

STORES = (".claude", ".codex", ".pi")
M = 2**20


def du(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def breakdown(index_dir: Path) -> dict:
    kinds: collections.Counter[str] = collections.Counter()
    other: collections.Counter[str] = collections.Counter()
    for p in index_dir.rglob("*"):
        if not p.is_file():
            continue
        size = p.stat().st_size
        stem, _, ext = p.name.partition(".")
        if p.parent.name == "text" and len(stem) == 32:  # a segment file: <segment id>.<kind>
            kinds["del" if ext.endswith("del") else ext] += size
        else:
            other[p.name if p.parent == index_dir else f"{p.parent.name.split('.')[0]}/{p.name}"] += size
    tables: dict[str, int] = {}
    for cat in index_dir.glob("index.*/catalog.sqlite"):
        db = sqlite3.connect(f"file:{cat}?mode=ro", uri=True)
        try:
            for name, size in db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC"):
                tables[name] = tables.get(name, 0) + size
        except sqlite3.OperationalError:  # SQLite built without dbstat
            pass
        finally:
            db.close()
    return {"total": du(index_dir), "segment_files": dict(kinds.most_common()), "other": dict(other.most_common()),
            "catalog": tables}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    corpus = sum(du(args.home / s) for s in STORES if (args.home / s).exists())
    out = breakdown(args.home / ".cache" / "deja")
    out["corpus"] = corpus
    print(f"index {out['total'] / M:.2f} MiB of a {corpus / M:.1f} MiB corpus ({100 * out['total'] / max(corpus, 1):.1f}%)")
    print("| part | MiB | % of corpus |\n|---|---|---|")
    rows = [(f"text .{k}", v) for k, v in out["segment_files"].items()] + list(out["other"].items())
    for name, size in rows:
        if size >= 10_000:
            print(f"| {name} | {size / M:.2f} | {100 * size / max(corpus, 1):.1f} |")
    big = [(n, s) for n, s in out["catalog"].items() if s >= 50_000]
    if big:
        print("\ncatalog.sqlite by table and index: " + ", ".join(f"{n} {s / M:.2f} MiB" for n, s in big))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
