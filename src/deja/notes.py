"""Writing notes. The notes file is primary data: appended to, never rewritten or deleted."""

from __future__ import annotations

import fcntl
import json
import os
from datetime import datetime, timezone

from deja import paths, redact
from deja.errors import DejaError


def remember(text: str, project: str, tags: list[str], extra: dict | None = None) -> dict:
    """Append a note; `extra` adds fields to its line (e.g. a promoted note's provenance)."""
    text = text.strip()
    if not text:
        raise DejaError("nothing to remember: give the text of the note")
    if redact.enabled():
        text, _ = redact.redact(text)
    entry = {
        "ts": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        "project": project,
        "text": text,
        "tags": [t for t in tags if t],
        **(extra or {}),
    }
    f = paths.notes_file()
    f.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    line = (json.dumps(entry, ensure_ascii=False) + "\n").encode()
    fd = os.open(f, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, line)
    finally:
        os.close(fd)
    return entry
