"""Redaction throughput and false positives over a HOME's stores (the benchmark corpus, or the
real-agent fixtures).

    python benchmarks/redact_bench.py --home CORPUS_HOME [--compare OLD_REDACT.py] [--rounds 3]

Every store is parsed once and cleaned as the indexer does (prepare.clean, NFC); then redaction
alone is timed (CPU seconds, best of --rounds) over every record's text and every title. Prints MiB/s and what was redacted,
by kind (on a corpus without secrets every redaction is a false positive). `--compare` times
another copy of redact.py on the same texts (e.g. the one before a change).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import time
import unicodedata
from collections import Counter
from pathlib import Path


def _texts(home: Path) -> list[str]:
    os.environ["HOME"] = str(home)
    for k in [k for k in os.environ if k.startswith(("XDG_", "DEJA_")) or k.endswith(("_HOME", "_ROOT"))]:
        if k != "HOME":
            del os.environ[k]
    from deja import sources
    from deja.ingest import prepare

    out: list[str] = []
    for src in sources.enabled():
        try:
            found = src.discover()
        except OSError:
            continue
        for path in found:
            try:
                parsed = src.parse(path, 0)
            except Exception:  # noqa: BLE001 - a file that does not parse is not redaction's business
                continue
            for s in parsed.sessions:
                if s.title:
                    out.append(s.title)
                for r in s.records:
                    t = prepare.clean(r.text, r.role)
                    if t:
                        out.append(unicodedata.normalize("NFC", t))
    return out


def _load(path: str):
    spec = importlib.util.spec_from_file_location(f"redact_{abs(hash(path))}", path)
    mod = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def _run(mod, texts: list[str], rounds: int) -> tuple[float, Counter]:
    best = float("inf")
    kinds: Counter = Counter()
    for i in range(rounds):
        t0 = time.process_time()  # CPU time: the machine may be shared
        outs = [mod.redact(t) for t in texts]
        best = min(best, time.process_time() - t0)
        if i == 0:
            for text, (red, n) in zip(texts, outs):
                if n:
                    kinds.update(re.findall(r"\[redacted:([a-z0-9-]+)\]", red))
    return best, kinds


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--compare", help="another redact.py to time on the same texts")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--show", type=int, default=0, help="print this many redacted lines per kind")
    args = ap.parse_args()
    texts = _texts(args.home)
    mib = sum(len(t.encode("utf-8", "surrogatepass")) for t in texts) / 2**20
    import deja.text.redact as current

    report: dict = {"texts": len(texts), "mib": round(mib, 1)}
    for name, mod in [("current", current)] + ([("compare", _load(args.compare))] if args.compare else []):
        secs, kinds = _run(mod, texts, args.rounds)
        report[name] = {"seconds": round(secs, 2), "mib_per_s": round(mib / secs, 1), "redactions": dict(kinds)}
    print(json.dumps(report, indent=1))
    if args.show:
        seen: Counter = Counter()
        for t in texts:
            red, n = current.redact(t)
            if n:
                for line in red.splitlines():
                    for k in re.findall(r"\[redacted:([a-z0-9-]+)\]", line):
                        if seen[k] < args.show:
                            seen[k] += 1
                            print(k, "|", line[:200])


if __name__ == "__main__":
    main()
