"""Writing notes. The notes file is primary data: appended to, never rewritten or deleted;
`remember` appends a note and indexes the notes file (only it) at once."""

from __future__ import annotations

import fcntl
import json
import os
import time
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from deja import paths
from deja.text import redact
from deja.errors import DejaError


def append(text: str, project: str, tags: list[str], extra: dict | None = None) -> dict:
    """Append a note; `extra` adds fields to its line (e.g. a promoted note's provenance)."""
    text = text.strip()
    if not text:
        raise DejaError("nothing to remember: give the text of the note")
    if redact.enabled():  # every field of the line: the project and tags are the caller's too
        text, _ = redact.redact(text)
        project, _ = redact.redact(project)
        tags = [redact.redact(t)[0] for t in tags]
    entry = {
        "ts": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        "project": project,
        "text": text,
        "tags": [t for t in tags if t],
        **(extra or {}),
    }
    f = paths.notes_file()
    f.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    text_line = json.dumps(entry, ensure_ascii=False) + "\n"
    try:
        line = text_line.encode()
    except UnicodeEncodeError:  # a lone surrogate (an argument's or a directory name's undecodable byte): U+FFFD
        line = text_line.encode("utf-8", "surrogatepass").decode("utf-8", "replace").encode()
    fd = os.open(f, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, line)
    finally:
        os.close(fd)
    return entry


def remember(text: str, project: str, tags: Sequence[str] = (), directory: Path | None = None,
             wait: float = 3.0, extra: dict | None = None) -> tuple[dict, bool]:
    """Write a note and index the notes file (only it) right away; returns the note and whether it
    is searchable now (not when another writer holds the index longer than `wait` seconds)."""
    from deja import sources
    from deja.ingest import indexer
    from deja.ingest.lock import open_for_write

    entry = append(text, project, list(tags), extra)
    directory = directory or paths.index_dir()
    from deja.store import generations

    if not generations.exists(directory):
        return entry, False  # no index yet: the first build reads the notes file with the rest
    deadline = time.monotonic() + wait
    while (opened := open_for_write(directory, wait=False)) is None:
        if time.monotonic() >= deadline:
            return entry, False
        time.sleep(0.05)
    store, lock = opened
    try:
        src, known = sources.load("notes"), store.catalog.files()
        indexer.apply(store, indexer.Plan([indexer.Task(src, p, indexer.file_stat(p), old=known.get(str(p))) for p in src.discover()]))
        store.text.close()
    finally:
        store.close()
        lock.release()
    return entry, True
