"""`deja resume`: the command that reopens a session in its own agent, with a `cd` to its
directory where the agent finds sessions only from there; or why it cannot be reopened.

Each harness's command is declared by its source (`Source.resume_argv`, `resume_scoped`,
`cannot_resume`, `prompt_argv`); this module checks the id, quotes, and runs.
"""

from __future__ import annotations

import os
import re
import shlex

from deja.plain import Plain

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NoReturn

    from deja.store import SessionRow

# An id deja puts on a command line: letters, digits and the punctuation real agents' ids use
# (uuids, `1796055022255_x2732`, `agent:main:main`, `session-2026-…`). Anything else (a quote, a
# space, `$`, a newline, a non-ASCII letter) is refused, not quoted: an id from a store is data.
SAFE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@+=,-]*")
# What works for a session its agent cannot reopen.
INSTEAD = "`deja show {id}` prints it; `deja handoff {id} --to AGENT` starts another agent with its brief"


class Reopen(Plain):
    """A command to run: `argv` in directory `cwd` ("" when the agent does not care where).
    `line` is the same as one shell line (`cd DIR && agent …`), every word quoted."""

    __slots__ = ("harness", "argv", "cwd", "line")

    def __init__(self, harness: str, argv: tuple[str, ...], cwd: str = ""):
        self.harness, self.argv, self.cwd = harness, argv, cwd
        cmd = shlex.join(argv)
        self.line = f"cd {shlex.quote(cwd)} && {cmd}" if cwd else cmd


class Refusal(Plain):
    """Why a session cannot be reopened (or an agent started), and what works instead."""

    __slots__ = ("harness", "reason", "instead")

    def __init__(self, harness: str, reason: str, instead: str = ""):
        self.harness, self.reason, self.instead = harness, reason, instead

    def __str__(self) -> str:
        return f"{self.reason}; {self.instead}" if self.instead else self.reason


class UnsafeId(ValueError):
    """An id (or a path) deja will not put on a command line."""


def safe_id(value: str) -> str:
    """`value` when it may stand on a command line as one word; UnsafeId otherwise."""
    if not SAFE_ID.fullmatch(value):
        raise UnsafeId(f"the session id {value!r} holds characters deja will not put on a command line")
    return value


def resume(row: SessionRow) -> Reopen | Refusal:
    """How to reopen `row` in its own agent. UnsafeId for an id that is not one shell word."""
    from deja.sources import HARNESSES, load

    instead = INSTEAD.format(id=row.id if SAFE_ID.fullmatch(row.id) else row.key)
    if row.harness not in HARNESSES:
        return Refusal(row.harness, f"{row.harness} sessions were not written by an agent on this machine", instead)
    origin = getattr(row, "origin", "")  # set on sessions `deja sync import` brought from another machine
    if origin:
        return Refusal(row.harness, f"this session was imported from {origin}: its agent's store is on that machine "
                                    f"(`deja resume` there reopens it)", instead)
    if row.gone:
        return Refusal(row.harness, f"{row.harness} no longer holds this session (its file was deleted; deja kept "
                                    "its history)", instead)
    source = load(row.harness)
    if source.cannot_resume:
        return Refusal(row.harness, source.cannot_resume, instead)
    safe_id(row.id)
    got = source.resume_command(row.id, row.path)
    if isinstance(got, str):
        return Refusal(row.harness, got, instead)
    cwd = _directory(row) if source.resume_scoped else ""
    if source.resume_scoped and not cwd:
        return Refusal(row.harness, f"{row.harness} reopens a session only from its project directory, "
                                    "and this session's directory is not recorded", instead)
    return Reopen(row.harness, got, cwd)


def start_with(harness: str, prompt: str, cwd: str = "") -> Reopen | Refusal:
    """The command that starts `harness`'s agent with `prompt` as its first message, in `cwd`."""
    from deja.sources import HARNESSES, load

    if harness not in HARNESSES:
        return Refusal(harness, f"unknown agent {harness!r}; one of {', '.join(HARNESSES)}")
    source = load(harness)
    if not source.prompt_argv:
        return Refusal(harness, f"{harness} takes no first prompt on its command line",
                       "paste the brief `deja handoff` prints into it")
    argv = tuple(a.replace("{prompt}", prompt) for a in source.prompt_argv)
    return Reopen(harness, argv, cwd if cwd and os.path.isdir(cwd) else "")


def run(r: Reopen) -> NoReturn:
    """Replace this process with the command (after a chdir to its directory)."""
    if r.cwd:
        os.chdir(r.cwd)
    os.execvp(r.argv[0], list(r.argv))


def _directory(row: SessionRow) -> str:
    """The directory the session ran in, when it is recorded as an absolute path."""
    for d in (row.cwd, row.root):
        if d and os.path.isabs(d):
            return d
    return ""

