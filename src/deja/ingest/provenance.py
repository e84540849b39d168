"""Provenance: the raw source event behind one record of a session (`deja event`). The one read of
a harness's own file outside the parsers, so it lives on the ingest side (search reads the index,
never the agents' stores); what it finds there is shown redacted."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from deja.errors import NotFound, SourceError
from deja.model import ROLE_CODE, Role
from deja.text.redact import redact, redact_data
from deja.store import SessionRow, Store, StoredRecord
from deja.text.commands import split_command

_EDIT, _CMD = ROLE_CODE[Role.EDIT], ROLE_CODE[Role.COMMAND]
# The raw line an event is matched on: this many characters of the record's most distinctive line.
NEEDLE_CHARS = 80
# An event line larger than this is shown cut (the source holds it whole).
EVENT_MAX_CHARS = 1_000_000


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
    row = store.session(ident)
    recs = store.records(row.sid)
    rec = next((r for r in recs if r.seq == seq), None)
    if rec is None:
        have = f"0–{recs[-1].seq}" if recs else "none"
        shown = store.display_ids([row])[row.key]
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
