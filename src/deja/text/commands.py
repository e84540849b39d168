"""A shell command as deja reads it from a `command` record: split from its exit status, cut into
segments, normalised to how it would be typed again, and the program it runs."""

from __future__ import annotations

import os
import re

from deja.text.clip import LINE_CHARS

_EXIT = re.compile(r"\s+→ exit (-?\d+)\s*$")
SEGMENTS = re.compile(r"\s*(?:&&|\|\||;|\n)\s*")
# Output plumbing that does not change what ran.
_PLUMBING = re.compile(r"\s*(?:\|\s*(?:tail|head|less|more|cat)\b[^|]*|[12]?>&[12]|[12]?>\s*/dev/null)\s*")
ENV = re.compile(r"^(?:[A-Za-z_]\w*=\S*\s+)+")
# Looking, not fixing: left out of what fixed an error.
READ_ONLY = set("ls cat head tail grep rg find pwd echo which wc tree less file stat env printenv type sed awk nl "
                "true sleep date cd".split()) | {f"git {w}" for w in ("status", "diff", "log", "show", "branch", "blame")}
# Words that lead to the real program: `python -m pytest`, `uv run pytest`, `npx tsc`.
_LAUNCHERS = set("python python3 uv uvx npx npm pnpm yarn bunx poetry pipenv sudo time timeout nice exec env "
                 "bash sh hatch -m run exec x".split())


def split_command(text: str) -> tuple[str, int | None]:
    """A `command` record as (the command, its exit status when the store recorded a failure)."""
    m = _EXIT.search(text)
    cmd = text[: m.start()] if m else text
    return (cmd[2:] if cmd.startswith("$ ") else cmd).strip(), int(m.group(1)) if m else None


def normalise_command(cmd: str, cwd: str = "") -> str:
    """A command as it would be typed again: no `cd … &&`, no output plumbing, no absolute prefix
    of the session's own directory, single spaces."""
    if cwd:
        cmd = cmd.replace(cwd.rstrip("/") + "/", "")
    parts = [p for p in SEGMENTS.split(cmd) if p and not re.match(r"cd\s", p)]
    return " ".join(" && ".join(_PLUMBING.sub(" ", p).strip() for p in parts).split())[:LINE_CHARS]


def program(cmd: str) -> tuple[str, ...]:
    """What a command runs: `python -m pytest -q` → (python, -m, pytest); `pytest -q` → (pytest,)."""
    for seg in SEGMENTS.split(cmd):
        words = ENV.sub("", seg.strip()).split()
        if not words or words[0] == "cd":
            continue
        out = [os.path.basename(words[0])]
        for w in words[1:]:
            if out[-1] not in _LAUNCHERS:
                break
            if out[-1] in ("timeout", "nice", "time") and re.fullmatch(r"-?[\d.]+[smhd]?|-n", w):
                continue  # `timeout 60 pytest` runs pytest
            out.append(w if w.startswith("-") else os.path.basename(w))
        return tuple(out)
    return ()
