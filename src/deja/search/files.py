"""The files of the work: the spans an agent's edits replaced in a file (`deja restore`) and the
files the work on a topic touched, most specific first (`deja files`). Read from the store only."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path

from deja.errors import QueryError
from deja.model import ROLE_CODE, Role
from deja.search import Options, project_sids, search
from deja.store import Filters, SessionRow, Store, StoredRecord
from deja.text.tokenizer import tokens
from deja.search.work import _parts
from deja.search.sessions import _paths_of, resolve

_FILES, _EDIT = ROLE_CODE[Role.FILES], ROLE_CODE[Role.EDIT]
# Edit records read for one path (newest first); more than any file collects in practice.
RESTORE_RECORDS = 2000
# Sessions about a topic whose files are counted, and files/edit records read per file to
# count how many sessions overall touched it.
FILES_SESSIONS = 30
FILES_DF_RECORDS = 2000


# -- restore
@dataclass
class Span:
    number: int  # 1 = newest
    path: str
    text: str
    time: float
    session: SessionRow


def _suffix_match(want: list[str], got: list[str]) -> bool:
    return len(got) >= len(want) and got[len(got) - len(want):] == want


def restore(store: Store, path: str, project: str | None = None, harness: str | None = None,
            since: float | None = None) -> list[Span]:
    """The spans agents' edits replaced in a file, newest first, numbered from 1. PATH is the full
    path or a trailing part of it that names one file only."""
    want = _parts(path.strip())
    toks = tuple(tokens(want[-1])) if want else ()
    if not toks:
        raise QueryError("name a file: `deja restore src/client.py`")
    absolute = path.strip().startswith("/")
    cands, _ = store.text.search([toks], Filters(harness, project_sids(store, project), since, [_EDIT]), RESTORE_RECORDS, newest=True)
    recs = store.text.bodies([c.addr for c in cands])
    rows = store.catalog.sessions_by_sid({r.sid for r in recs})
    spans: list[tuple[str, StoredRecord, SessionRow]] = []
    for r in recs:
        row = rows.get(r.sid)
        if row is None or "\n" not in r.text:
            continue
        full = resolve(r.text.split("\n", 1)[0], row.cwd)
        got = _parts(full)
        if (got == want) if absolute else _suffix_match(want, got):
            spans.append((full, r, row))
    files = sorted({f for f, _, _ in spans})
    if len(files) > 1:
        raise QueryError(f"{path!r} names {len(files)} files; give more of the path: " + ", ".join(files[:8]))
    spans.sort(key=lambda s: (-s[1].time, -s[1].sid, -s[1].seq))
    return [Span(i + 1, f, r.text.split("\n", 1)[1], float(r.time), row) for i, (f, r, row) in enumerate(spans)]


def write_span(span: Span, out: Path) -> Path:
    """Write a span to a new file; never over an existing one (the original included)."""
    if out.exists() or out.is_symlink():
        raise QueryError(f"{out} exists; deja restore never writes over a file (choose a new name)")
    if os.path.abspath(out) == os.path.abspath(span.path):
        raise QueryError("deja restore never writes over the original; choose another file")
    try:
        with open(out, "x", encoding="utf-8") as f:
            f.write(span.text)
    except FileExistsError as e:
        raise QueryError(f"{out} exists; deja restore never writes over a file") from e
    except OSError as e:
        raise QueryError(f"cannot write {out}: {e}") from e
    return out


# -- files
@dataclass
class TopicFile:
    path: str
    sessions: int  # sessions about the topic that touched it
    overall: int  # sessions that touched it at all (as far as read)
    edited: bool
    score: float
    last: float
    examples: list[SessionRow]


def files(store: Store, topic: str, project: str | None = None, harness: str | None = None,
          since: float | None = None, limit: int = 20) -> tuple[list[TopicFile], int, int]:
    """The files the work on TOPIC touched: across the sessions that match it (the normal
    search), ranked by how many of them touched each file times how specific the file is to
    them (few sessions overall touched it). Returns the files, how many in all, and the sessions read."""
    res = search(store, topic, Options(harness=harness, project=project, since=since, limit=FILES_SESSIONS))
    found: dict[str, TopicFile] = {}
    for hit in res.hits:
        row, mine = hit.session, set()
        for r in store.records(row.sid):
            if r.role not in (_FILES, _EDIT):
                continue
            for p in _paths_of(r):
                full = resolve(p, row.cwd)
                f = found.setdefault(full, TopicFile(full, 0, 0, False, 0.0, 0.0, []))
                f.edited |= r.role == _EDIT
                f.last = max(f.last, float(r.time))
                if full not in mine:
                    mine.add(full)
                    f.sessions += 1
                    f.examples.append(row)
    total = max(len(store.catalog.select_sessions()), 1)
    # Specificity is counted for the files most sessions share first; the rest are cut anyway.
    ranked = sorted(found.values(), key=lambda f: (-f.sessions, -f.edited, -f.last, f.path))[: max(limit * 3, 60)]
    for f in ranked:
        f.overall = max(_sessions_touching(store, f.path), f.sessions)
        f.score = f.sessions * math.log(1 + total / f.overall) * (1.2 if f.edited else 1.0)
    ranked.sort(key=lambda f: (-f.score, -f.last, f.path))
    return ranked[:limit], len(found), len(res.hits)


def _sessions_touching(store: Store, full: str) -> int:
    toks = tuple(tokens(os.path.basename(full)))
    if not toks:
        return 1
    cands, _ = store.text.search([toks], Filters(roles=[_FILES, _EDIT]), FILES_DF_RECORDS, newest=True)
    recs = store.text.bodies([c.addr for c in cands])
    rows = store.catalog.sessions_by_sid({r.sid for r in recs})
    sids = {r.sid for r in recs if r.sid in rows and any(resolve(p, rows[r.sid].cwd) == full for p in _paths_of(r))}
    return len(sids)
