"""The recall log (`deja log`): what hooks and the MCP server's recall put into agents.

Each answer that served something appends one JSON line to `served.jsonl` under the index
directory: when, which front (`hook` or `mcp`), to which agent (the hook's name and event, or
the MCP client's name), for what (the prompt or query, redacted and clipped to PROMPT_CHARS; not
hashed: a hash cannot tell a person what was asked), which sessions, and how many bytes. One
open, one write, one close, no fsync: a hook must not wait on a disk. Past MAX_BYTES the file
is renamed to `served.jsonl.1` (the one older generation kept), so the log stays under twice
that. The file is created 0600: prompts are private.

Imported by hooks: nothing at import time but the standard library's os and json.
"""

from __future__ import annotations

import json
import os
import time

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

NAME = "served.jsonl"
MAX_BYTES = 1 << 20
PROMPT_CHARS = 200
SESSIONS_MAX = 20


def path() -> Path:
    from deja import paths

    return paths.index_dir() / NAME


def record(front: str, agent: str, prompt: str, sessions: Sequence[str], size: int = 0, what: str = "") -> None:
    """Append one entry. Never raises (a log must not break an answer); never creates the index
    directory (no index: nothing was served)."""
    try:
        from deja.text import redact
        from deja.text.clip import clip

        text = clip(prompt, PROMPT_CHARS)
        if redact.enabled():
            text = redact.redact(text)[0]
        entry = {"time": round(time.time(), 3), "front": front, "agent": clip(agent, 80), "what": what,
                 "prompt": text, "sessions": list(sessions)[:SESSIONS_MAX], "bytes": size}
        line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8", "replace")
        target = str(path())
        fd = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            os.write(fd, line)
            end = os.fstat(fd).st_size
        finally:
            os.close(fd)
        if end > int(os.environ.get("DEJA_TEST_SERVED_MAX") or MAX_BYTES):
            os.replace(target, target + ".1")
    except Exception:  # noqa: BLE001 - the answer matters, the log line does not
        return


def entries(n: int = 20) -> tuple[list[dict], int]:
    """The newest `n` entries, newest first, and how many lines could not be read (skipped)."""
    base = path()
    out: list[dict] = []
    bad = 0
    for p in (base, base.with_name(NAME + ".1")):
        try:
            lines = p.read_bytes().splitlines()
        except OSError:
            continue
        for raw in reversed(lines):
            if len(out) >= n:
                return out, bad
            try:
                got = json.loads(raw)
            except ValueError:
                bad += 1
                continue
            if isinstance(got, dict):
                out.append(got)
            else:
                bad += 1
    return out, bad
