"""Curation: `deja promote` distils a session into a note and gives it a state.

The note (its question, decision, commands and files, with provenance) goes through the notes
file, which is primary data; the state is recorded in the catalog by session key, so it travels
with every later hit of that session and outlives rebuilds.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from deja import paths
from deja.ingest import fresh
from deja.ingest import notes
from deja.errors import DejaError, StoreError
from deja.model import ROLE_CODE, Role
from deja.sources.base import parse_time
from deja.sources.notes import session_id
from deja.store import Curation, SessionRow, Store
from deja.text.clip import clip
from deja.text.commands import split_command
from deja.text.decision import conclusion

STATES = ("accepted", "rejected", "superseded", "stale")
# A promoted note stays short: it is the answer, the transcript keeps the rest.
QUESTION_CHARS = 400
NOTE_COMMANDS = 8
NOTE_FILES = 12

_USER, _CMD = ROLE_CODE[Role.USER], ROLE_CODE[Role.COMMAND]
_EDIT, _FILES = ROLE_CODE[Role.EDIT], ROLE_CODE[Role.FILES]


@dataclass
class Promoted:
    session: SessionRow
    state: str
    note: dict  # the line written to the notes file
    note_key: str  # the notes session that holds it
    searchable: bool


def distil(row: SessionRow, records, state: str, why: str) -> str:
    """The note's text: what was asked, what was decided, what ran, what was touched, and where
    it came from."""
    question = next((r.text.strip() for r in records if r.role == _USER and r.text.strip()), "")
    decision = row.decision or conclusion(records)
    commands: list[str] = []
    files: list[str] = []
    for r in records:
        if r.role == _CMD:
            cmd = split_command(r.text)[0].split("\n", 1)[0]
            if cmd and cmd not in commands:
                commands.append(cmd)
        elif r.role in (_EDIT, _FILES):
            for p in (r.text.split("\n", 1)[:1] if r.role == _EDIT else r.text.splitlines()):
                if p and p not in files:
                    files.append(p)
    lines = [f"[{state}] {row.title or row.id}"]
    if why:
        lines.append(f"Why: {why}")
    if question:
        lines.append(f"Question: {clip(question, QUESTION_CHARS)}")
    if decision:
        lines.append(f"Decision: {decision}")
    if commands:
        lines.append("Commands: " + "; ".join(f"`{c}`" for c in commands[-NOTE_COMMANDS:]))
    if files:
        lines.append("Files: " + ", ".join(files[:NOTE_FILES]))
    lines.append(f"From: {row.harness} session {row.id} ({row.path})")
    return "\n".join(lines)


def promote(ident: str, state: str = "accepted", why: str = "", tags: Sequence[str] = (),
            directory: Path | None = None) -> Promoted:
    """Distil session `ident` into a note and record `state` for it."""
    if state not in STATES:
        raise DejaError(f"unknown state {state!r}: use one of {', '.join(STATES)}")
    directory = directory or paths.index_dir()
    store, _ = fresh.open_fresh(directory)
    try:
        if store.readonly:
            raise StoreError("another deja process is updating the index; promote again in a moment")
        row = store.session(ident)
        if row.harness == "notes":
            raise DejaError(f"{row.key} is a notes session already; promote the transcript it came from")
        text = distil(row, store.records(row.sid), state, why.strip())
    finally:
        store.close()
    project = row.cwd or row.project
    provenance = {"promoted": {"harness": row.harness, "session": row.id, "path": row.path, "state": state}}
    entry, searchable = notes.remember(text, project, ["promoted", *tags], directory=directory, extra=provenance)
    note_key = f"notes:{session_id(project, parse_time(entry['ts']))}"
    store = Store(directory)
    try:
        store.catalog.set_curation(Curation(row.key, state, why.strip(), " ".join(tags), note_key, time.time()))
    finally:
        store.close()
    return Promoted(row, state, entry, note_key, searchable)


__all__ = ["promote", "distil", "Promoted", "STATES"]
