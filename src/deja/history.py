"""Session navigation and the files of the work: timeline, workspaces, what one session touched,
its lineage, the raw source event behind a record, the spans an edit replaced, the files a topic
touched, and the errors that keep coming back.

Everything here reads the store (the catalog's session rows and the text index's records); only
`event` goes back to the harness's own file, and prints what it finds there redacted. The CLI
(`deja timeline|workspaces|touched|trace|event|restore|files|friction`) only renders these.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from deja.errors import NotFound, QueryError, SourceError
from deja.model import ROLE_CODE, Role
from deja.redact import redact, redact_data
from deja import projects
from deja.search import Options, project_sids, search
from deja.store import Filters, SessionRow, Store, StoredRecord
from deja.terminal import strip as strip_escapes
from deja.tokenizer import tokens
from deja.work import (
    _CODED,
    _ERRORISH,
    _EXC,
    _parts,
    signature,
    split_command,
)

_FILES, _EDIT, _CMD = ROLE_CODE[Role.FILES], ROLE_CODE[Role.EDIT], ROLE_CODE[Role.COMMAND]
_TOOL = ROLE_CODE[Role.TOOL_OUTPUT]

# Edit records read for one path (newest first); more than any file collects in practice.
RESTORE_RECORDS = 2000
# Sessions about a topic whose files are counted, and files/edit records read per file to
# count how many sessions overall touched it.
FILES_SESSIONS = 30
FILES_DF_RECORDS = 2000
# Tool-output records read (newest first) when looking for errors that keep coming back.
FRICTION_RECORDS = 20000
FRICTION_MIN_SESSIONS = 3
# The raw line an event is matched on: this many characters of the record's most distinctive line.
NEEDLE_CHARS = 80
# An event line larger than this is shown cut (the source holds it whole).
EVENT_MAX_CHARS = 1_000_000


def _sessions(store: Store, project: str | None, harness: str | None, since: float | None) -> list[SessionRow]:
    """Every session passing the filters, newest first."""
    rows = store.catalog.select_sessions(projects.resolve(store.catalog, project))
    rows = [r for r in rows if (not harness or r.harness == harness) and (since is None or r.updated >= since)]
    return sorted(rows, key=lambda r: (-r.updated, r.id))


def resolve(path: str, cwd: str) -> str:
    """A path as a session meant it: a relative one joined to the session's directory."""
    p = path.strip()
    if cwd and p and not p.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", p):
        return os.path.normpath(os.path.join(cwd, p))
    return p


def _paths_of(rec: StoredRecord) -> list[str]:
    """The paths a files or edit record names."""
    if rec.role == _EDIT:
        return [rec.text.split("\n", 1)[0]]
    return [p for p in rec.text.splitlines() if p.strip()]


# -- timeline / workspaces
def timeline(store: Store, project: str | None = None, harness: str | None = None, since: float | None = None,
             limit: int = 50, origin: str | None = None) -> tuple[list[SessionRow], int]:
    """Sessions newest first, and how many passed the filters in all; `origin` is `--from`
    (a machine's name, or `local`: Catalog.origin)."""
    rows = _sessions(store, project, harness, since)
    if origin is not None:
        where = store.catalog.origin(origin)
        rows = [r for r in rows if r.origin == where]
    return rows[:limit], len(rows)


@dataclass
class Workspace:
    """One project: every session whose project path (git root, else working directory) is `path`."""

    project: str
    path: str = ""
    sessions: int = 0
    records: int = 0
    harnesses: dict[str, int] = field(default_factory=dict)
    cwds: list[str] = field(default_factory=list)
    first: float = 0.0
    last: float = 0.0
    gone: int = 0  # sessions whose source file was deleted


def workspaces(store: Store, harness: str | None = None, since: float | None = None,
               limit: int = 50) -> tuple[list[Workspace], int]:
    """Projects by last activity, with their session and record counts and harnesses."""
    out: dict[str, Workspace] = {}
    for r in _sessions(store, None, harness, since):
        where = r.root or r.project or ""
        w = out.get(where)
        if w is None:
            w = out[where] = Workspace(projects.name_of(r.root) or r.project or "", r.root)
        w.sessions += 1
        w.records += r.records
        w.gone += bool(r.gone)
        w.harnesses[r.harness] = w.harnesses.get(r.harness, 0) + 1
        if r.cwd and r.cwd not in w.cwds:
            w.cwds.append(r.cwd)
        w.last = max(w.last, r.updated)
        w.first = min(w.first, r.started) if w.first and r.started else (w.first or r.started)
    ranked = sorted(out.values(), key=lambda w: (-w.last, w.project))
    return ranked[:limit], len(ranked)


# -- touched
@dataclass
class Touch:
    """One file one session touched."""

    path: str
    count: int
    read: int  # files records naming it (read, listed or changed by a tool call)
    edited: int  # edit records (a replaced span)
    first: float
    last: float


def touched(store: Store, ident: str) -> tuple[SessionRow, list[Touch]]:
    """The files one session touched (files and edit records, relative paths resolved against
    its directory), in the order it first touched them."""
    row = store.catalog.resolve(ident)
    out: dict[str, Touch] = {}
    for r in store.text.session_records(row.sid):
        if r.role not in (_FILES, _EDIT):
            continue
        for p in _paths_of(r):
            full = resolve(p, row.cwd)
            t = out.setdefault(full, Touch(full, 0, 0, 0, float(r.time), float(r.time)))
            t.count += 1
            t.edited += r.role == _EDIT
            t.read += r.role == _FILES
            t.first, t.last = min(t.first, float(r.time)), max(t.last, float(r.time))
    return row, list(out.values())


# -- trace
@dataclass
class Node:
    session: SessionRow
    children: list[Node] = field(default_factory=list)


@dataclass
class Lineage:
    session: SessionRow
    ancestors: list[SessionRow]  # the root first, the direct parent last
    missing_parent: str  # a parent id the store names but did not index ("" when none)
    children: list[Node]


def trace(store: Store, ident: str) -> Lineage:
    """A session's parents up to the root and its children (subagents, sidechains, forks)
    recursively, as far as the harness records who spawned whom."""
    row = store.catalog.resolve(ident)
    everyone = store.catalog.select_sessions()
    by_id: dict[tuple[str, str], SessionRow] = {(r.harness, r.id): r for r in everyone}
    kids: dict[tuple[str, str], list[SessionRow]] = {}
    for r in everyone:
        if r.parent:
            kids.setdefault((r.harness, r.parent), []).append(r)
    ancestors: list[SessionRow] = []
    missing, cur, seen = "", row, {row.key}
    while cur.parent:
        up = by_id.get((cur.harness, cur.parent))
        if up is None:
            missing = cur.parent
            break
        if up.key in seen:  # a cycle in the store's records: stop, do not loop
            break
        seen.add(up.key)
        ancestors.insert(0, up)
        cur = up

    def grow(r: SessionRow, path: set[str]) -> list[Node]:
        out = []
        for k in sorted(kids.get((r.harness, r.id), []), key=lambda k: (k.started, k.id)):
            if k.key not in path and k.key != r.key:
                out.append(Node(k, grow(k, path | {k.key})))
        return out

    return Lineage(row, ancestors, missing, grow(row, {row.key}))


# -- event
@dataclass
class RawLine:
    line: int  # 1-based line number in the source file
    match: bool  # the line the record came from (the others are context)
    event: object  # the decoded JSON (redacted), or None when the line is not JSON
    raw: str  # the line as text (redacted), when it is not JSON


@dataclass
class Event:
    session: SessionRow
    record: StoredRecord
    source: str
    status: str  # found | gone | not-lines | not-found
    message: str
    lines: list[RawLine]


def _core(rec: StoredRecord) -> str:
    """The part of a record's text that the harness wrote verbatim."""
    if rec.role == _CMD:
        return split_command(rec.text)[0]
    if rec.role == _EDIT:
        parts = rec.text.split("\n", 1)
        return parts[1] if len(parts) > 1 and parts[1].strip() else parts[0]
    return rec.text


_SPEAKER = {ROLE_CODE[Role.USER]: "user", ROLE_CODE[Role.ASSISTANT]: "assistant"}


def needle(rec: StoredRecord) -> str:
    """A distinctive piece of the record's text: the start of its longest line that held no secret."""
    lines = [ln.strip() for ln in _core(rec).splitlines() if ln.strip() and "[redacted:" not in ln]
    if not lines:
        return ""
    best = max(lines, key=len)
    return best[:NEEDLE_CHARS]


def _strings(obj: object, out: list[str]) -> list[str]:
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def _strings_of_line(line: str) -> list[str]:
    """A source line as its strings (JSON decoded, so escapes do not hide a match)."""
    try:
        return _strings(json.loads(line), [])
    except ValueError:
        return [line]


def _raw(n: int, text: str, match: bool) -> RawLine:
    """One source line, redacted as decoded data: in the raw bytes JSON escapes its quotes, so
    `"password": "…"` inside a string reads `\\"password\\": …` there and no text rule sees it."""
    cut = text if len(text) <= EVENT_MAX_CHARS else text[:EVENT_MAX_CHARS]
    try:
        decoded = json.loads(cut)
    except ValueError:
        return RawLine(n, match, None, redact(cut)[0])
    return RawLine(n, match, redact_data(decoded)[0], "")


def event(store: Store, ident: str, seq: int, before: int = 0, after: int = 0) -> Event:
    """The raw, unabridged source event behind record `seq` of a session (and `before`/`after`
    lines around it), found by matching a distinctive piece of the record's text in the decoded
    lines of the session's source file. Redacted like everything deja shows."""
    row = store.catalog.resolve(ident)
    recs = store.text.session_records(row.sid)
    rec = next((r for r in recs if r.seq == seq), None)
    if rec is None:
        have = f"0–{recs[-1].seq}" if recs else "none"
        shown = store.catalog.display_ids([row])[row.key]
        raise NotFound(f"session {shown} has no record {seq} (records: {have}); `deja show {shown}` lists them")
    ev = Event(row, rec, row.path, "found", "", [])
    path = Path(row.path)
    if row.gone or not path.is_file():
        ev.status, ev.message = "gone", f"the source file is gone: {row.path}"
        return ev
    with open(path, "rb") as f:
        head = f.read(16)
    if head.startswith(b"SQLite format 3"):
        ev.status, ev.message = "not-lines", f"the source is a SQLite database, not a line-based log: {row.path}"
        return ev
    want = needle(rec)
    if not want:
        ev.status, ev.message = "not-found", "the record has no text to look for in the source"
        return ev
    # The same text can occur in several records (a command run twice): take the occurrence with
    # the record's rank among the session's records holding it.
    rank = sum(1 for r in recs if r.seq < seq and want in _core(r))
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            raw = f.read().splitlines()
    except OSError as e:
        raise SourceError(f"cannot read {row.path}: {e}", path) from e
    hits: list[int] = []
    said: list[int] = []  # lines that also name the speaker: a harness's queue or echo lines do not
    word = _SPEAKER.get(rec.role)
    for i, ln in enumerate(raw):
        strings = _strings_of_line(ln)
        if want in ln or any(want in x for x in strings):
            hits.append(i)
            if word and word in strings:
                said.append(i)
    if not hits:
        ev.status = "not-found"
        ev.message = f"no line of {row.path} holds this record's text (the harness may have rewritten it)"
        return ev
    hits = said or hits
    at = hits[min(rank, len(hits) - 1)]
    if len(raw) == 1 or (raw and raw[0].lstrip().startswith(("{", "[")) and _whole_json(raw)):
        ev.message = "the source is one JSON document, not a line-based log: showing the line that holds it"
    lo, hi = max(0, at - before), min(len(raw), at + after + 1)
    ev.lines = [_raw(i + 1, raw[i], i == at) for i in range(lo, hi)]
    return ev


def _whole_json(lines: list[str]) -> bool:
    if len(lines) < 2:
        return False
    try:
        json.loads(lines[0])
        return False  # the first line is a document of its own: JSONL
    except ValueError:
        return True


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
        for r in store.text.session_records(row.sid):
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


# -- friction
@dataclass
class Friction:
    signature: str
    sessions: int
    occurrences: int
    harnesses: dict[str, int]
    projects: list[str]
    example: str  # the line as it appeared, newest
    first: float
    last: float
    recent: list[SessionRow]  # newest sessions that hit it


def error_line(text: str) -> str:
    """The line of a tool output that reads as an error ("" when none does)."""
    lines = [ln.strip() for ln in strip_escapes(text).splitlines() if ln.strip()]
    excs = [m.group() for m in map(_EXC.search, reversed(lines)) if m and ":" in m.group()]
    if excs:
        return excs[0]
    return next((ln for ln in lines if _CODED.search(ln)), "") or next((ln for ln in lines if _ERRORISH.search(ln)), "")


def friction(store: Store, project: str | None = None, harness: str | None = None, since: float | None = None,
             limit: int = 20, min_sessions: int = FRICTION_MIN_SESSIONS) -> tuple[list[Friction], bool]:
    """Errors (by signature, as `deja fix` matches them) that hit `min_sessions` or more separate
    sessions, most sessions first. Returns them and whether more tool output matched than was read."""
    # A scan, not a term query: `ModuleNotFoundError` holds no token `error`.
    it = store.text.scan(Filters(harness, project_sids(store, project), since, [_TOOL]))
    recs = list(islice(it, FRICTION_RECORDS))
    capped = next(it, None) is not None
    rows = store.catalog.sessions_by_sid({r.sid for r in recs})
    groups: dict[str, Friction] = {}
    seen: dict[str, set[int]] = {}
    for r in recs:  # newest first
        row = rows.get(r.sid)
        line = error_line(r.text) if row else ""
        if not line or row is None:
            continue
        try:
            sig = signature(line)
        except QueryError:
            continue
        g = groups.setdefault(sig, Friction(sig, 0, 0, {}, [], line[:240], float(r.time), float(r.time), []))
        g.occurrences += 1
        g.first = min(g.first, float(r.time))
        if r.sid in seen.setdefault(sig, set()):
            continue
        seen[sig].add(r.sid)
        g.sessions += 1
        g.harnesses[row.harness] = g.harnesses.get(row.harness, 0) + 1
        if row.project and row.project not in g.projects:
            g.projects.append(row.project)
        if len(g.recent) < 5:
            g.recent.append(row)
    out = sorted((g for g in groups.values() if g.sessions >= min_sessions), key=lambda g: (-g.sessions, -g.last, g.signature))
    return out[:limit], capped


__all__ = [
    "Event",
    "Friction",
    "Lineage",
    "Node",
    "RawLine",
    "Span",
    "TopicFile",
    "Touch",
    "Workspace",
    "event",
    "files",
    "friction",
    "needle",
    "resolve",
    "restore",
    "timeline",
    "touched",
    "trace",
    "workspaces",
    "write_span",
]
