"""Hostile mutations of a harness store, for the fuzz tests: values of the wrong type, huge and
far-future numbers where times belong, nesting deeper than any decoder allows, torn files.

`mutate_file(path, rng)` changes one store file in place (JSON lines, whole JSON, Markdown or
SQLite) and says what it did; the same seed gives the same mutation.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

# What a value may be replaced with: every JSON type, and numbers no time can be.
HOSTILE: list[object] = [
    5, -1, 0, 1.5, 1e300, -1e300, 10**30, -(10**30), 10**400, 1e17, 2**63, 2**64 + 1,
    "", "x", "1e300", "99999999999999999999", "9999-12-31T23:59:59Z", "0001-01-01T00:00:00+14:00", "²", "nan",
    [], [5], [None, {}], {}, {"text": 5}, {"type": "text", "text": 5}, None, True, False,
]
# Numbers (and strings) for keys that hold times.
BAD_TIMES: list[object] = [1e17, 1e300, 10**30, 10**400, -5, 0.5, "1e300", "99999999999999999999", "²",
                           "9999-12-31T23:59:59-12:00", 2**63 - 1, 1.7e18]
_TIME_KEY = re.compile(r"time|^ts$|At$|_at$|created|updated|date|started|ended", re.I)
DEEP = 100_000  # past msgspec's (and Python's) recursion limit: the line cannot decode
_DEEP_MARK = "\x00deep\x00"
_NEAR_MARK = "\x00near\x00"


def _positions(obj: object, out: list, depth: int = 0) -> list:
    if depth > 60:
        return out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append((obj, k))
            _positions(v, out, depth + 1)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.append((obj, i))
            _positions(v, out, depth + 1)
    return out


def mutate_value(obj: object, rng: random.Random, n: int = 3, times: bool = False) -> object:
    """Replace `n` values anywhere in `obj` (times only: the values of time-like keys)."""
    spots = _positions(obj, [])
    if times:
        spots = [(c, k) for c, k in spots if isinstance(k, str) and _TIME_KEY.search(k)]
    for container, key in rng.sample(spots, min(n, len(spots))):
        container[key] = rng.choice(BAD_TIMES if times else HOSTILE + [_DEEP_MARK, _NEAR_MARK])
    return obj


def dumps(obj: object) -> str:
    """JSON, with the deep markers expanded into nesting past (or just under) the decoders' limit."""
    text = json.dumps(obj, ensure_ascii=False)
    text = text.replace(json.dumps(_DEEP_MARK), "[" * DEEP + "]" * DEEP)
    return text.replace(json.dumps(_NEAR_MARK), '{"a":' * 900 + "1" + "}" * 900)


def _mutate_lines(data: bytes, rng: random.Random, kind: str) -> bytes:
    lines = data.split(b"\n")
    idx = [i for i, ln in enumerate(lines) if ln.strip()]
    if kind == "truncate":
        cut = rng.randrange(len(data) // 2, max(len(data) // 2 + 1, len(data) - 1))
        return data[:cut]
    if kind == "deep-line":
        at = rng.choice(idx) if idx else 0
        lines.insert(at + 1, ("[" * DEEP + "]" * DEEP).encode())
        lines.insert(at + 1, ('{"type":"user","message":' * DEEP + "1" + "}" * DEEP).encode())
        return b"\n".join(lines)
    for i in rng.sample(idx, min(len(idx), rng.randint(1, 4))):
        try:
            obj = json.loads(lines[i])
        except ValueError:
            continue
        lines[i] = dumps(mutate_value(obj, rng, rng.randint(1, 3), times=kind == "times")).encode()
    return b"\n".join(lines)


def _mutate_json(data: bytes, rng: random.Random, kind: str) -> bytes:
    if kind == "truncate":
        return data[: rng.randrange(1, max(2, len(data)))]
    try:
        obj = json.loads(data)
    except ValueError:
        return data
    if kind == "deep-line":  # nesting that still decodes, where the parser walks
        for container, key in rng.sample(_positions(obj, []), min(3, len(_positions(obj, [])))):
            container[key] = _NEAR_MARK
        return dumps(obj).encode()
    return dumps(mutate_value(obj, rng, rng.randint(2, 6), times=kind == "times")).encode()


def _mutate_sqlite(path: Path, rng: random.Random, kind: str) -> None:
    if kind == "truncate":
        for p in (path, Path(f"{path}-wal")):
            if p.exists():
                data = p.read_bytes()
                p.write_bytes(data[: rng.randrange(len(data) // 2, len(data))] if data else data)
        return
    db = sqlite3.connect(path)
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE '%VIRTUAL%'")]
        for table in tables:
            if table.startswith("sqlite_") or "_fts" in table:
                continue
            cols = [(r[1], (r[2] or "").upper()) for r in db.execute(f'PRAGMA table_info("{table}")')]
            rows = db.execute(f'SELECT rowid, * FROM "{table}"').fetchall()
            for row in rows:
                if rng.random() > 0.5:
                    continue
                for (col, ctype), value in zip(cols, row[1:]):
                    new = value
                    if isinstance(value, str) and value[:1] in "{[" and kind != "times":
                        try:
                            new = dumps(mutate_value(json.loads(value), rng, rng.randint(1, 3)))
                        except ValueError:
                            continue
                    elif isinstance(value, str) and value[:1] in "{[":
                        try:
                            new = dumps(mutate_value(json.loads(value), rng, 2, times=True))
                        except ValueError:
                            continue
                    elif _TIME_KEY.search(col) and kind == "times":
                        new = rng.choice([1e17, 1e300, -5, 2**63 - 1, "1e300", 1.7e18])
                    if new is not value:
                        try:
                            db.execute(f'UPDATE "{table}" SET "{col}" = ? WHERE rowid = ?', (new, row[0]))
                        except (sqlite3.Error, OverflowError):
                            pass
        db.commit()
    finally:
        db.close()


KINDS = ("types", "times", "truncate", "deep-line")


def mutate_file(path: Path, rng: random.Random, kind: str | None = None) -> str:
    """Mutate one store file in place; returns the kind of mutation."""
    kind = kind or rng.choice(KINDS)
    head = path.read_bytes()[:16]
    if head.startswith(b"SQLite format 3"):
        _mutate_sqlite(path, rng, kind)
    elif path.suffix == ".jsonl":
        path.write_bytes(_mutate_lines(path.read_bytes(), rng, kind))
    elif path.suffix == ".json":
        path.write_bytes(_mutate_json(path.read_bytes(), rng, kind))
    else:  # Markdown (aider): torn, or timestamps no clock shows
        data = path.read_text()
        if kind == "truncate":
            data = data[: rng.randrange(len(data) // 2, len(data))]
        else:
            data = re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", lambda m: rng.choice(
                ["9999-12-31 23:59:59", "0001-01-01 00:00:00", "2026-13-45 99:99:99", m.group(0)]), data)
        path.write_text(data)
    return kind
