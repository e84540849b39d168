"""`deja handoff`: a short brief of a session for the next agent (or person) to pick it up.

Goal (the first thing the user asked), decisions (the lines where the assistant settled
something: the one rule, `text.decision.DECISION`), files touched, commands that worked (exit 0
and not followed by a fix of the same program), and what was left open (the last user ask when
no substantive answer followed it, and TODO-like lines of the last answer). Every text is
redacted and made plain (`export.clean`); the brief is markdown within MAX_BYTES.
"""

from __future__ import annotations

import re

from deja.plain import Plain
from deja.roles import ROLE_CODE, Role
from deja.text.clip import LINE_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.store import SessionRow, Store, StoredRecord

MAX_BYTES = 6000
LIST_MAX = 12
# An answer this short is not an answer (an acknowledgement, "ok").
ANSWER_MIN_CHARS = 40
_USER, _ASSISTANT = ROLE_CODE[Role.USER], ROLE_CODE[Role.ASSISTANT]
_CMD, _EDIT, _FILES = ROLE_CODE[Role.COMMAND], ROLE_CODE[Role.EDIT], ROLE_CODE[Role.FILES]
# A line that leaves something for later.
_OPEN = re.compile(r"\b(TODO|FIXME|XXX|not yet|still (?:need|fail|missing|broken|to do)|left to do|next step|"
                   r"remaining|follow[- ]up|open question|unresolved|later)\b|待办|还没|尚未|未完成|下一步",
                   re.IGNORECASE)


class Brief(Plain):
    __slots__ = ("session", "goal", "decisions", "files", "commands", "open", "markdown")

    def __init__(self, session: SessionRow, goal: str, decisions: list[str], files: list[str], commands: list[str],
                 open_: list[str]):
        self.session, self.goal, self.decisions, self.files = session, goal, decisions, files
        self.commands, self.open = commands, open_
        self.markdown = ""


def latest(store: Store, cwd: str) -> SessionRow:
    """The newest session of the project `cwd` is in (not a note); NotFound when it has none."""
    from deja import projects
    from deja.errors import NotFound

    root = projects.root_of(cwd)
    for row in store.catalog.recent_sessions(5, root=root):
        if row.harness != "notes":
            return row
    raise NotFound(f"no session of the project {root} is indexed; give an ID (`deja last` lists recent sessions)")


def brief(store: Store, row: SessionRow) -> Brief:
    """The brief of session `row` (its records read whole)."""
    recs = store.records(row.sid)
    b = Brief(row, _goal(recs), _decisions(recs), _files(recs, row.cwd), _commands(recs, row.cwd), _open(recs))
    b.markdown = markdown(b)
    return b


def _clip(text: str, n: int = LINE_CHARS) -> str:
    """`text` cleaned for output (export.clean) and cut to one line of `n` characters."""
    from deja.text.clip import clip
    from deja.views.export import clean

    return clip(clean(text), n)


def _goal(recs: list[StoredRecord]) -> str:
    return next((_clip(r.text, 600) for r in recs if r.role == _USER and r.text.strip()), "")


def _decisions(recs: list[StoredRecord]) -> list[str]:
    from deja.text.decision import DECISION, prose

    out: list[str] = []
    for r in recs:
        if r.role != _ASSISTANT:
            continue
        for line in prose(r.text):
            if DECISION.search(line):
                c = _clip(line)
                if c not in out:
                    out.append(c)
    return out[-LIST_MAX:]  # the latest decisions stand


def _files(recs: list[StoredRecord], cwd: str) -> list[str]:
    from deja.search.sessions import _paths_of, resolve

    seen: dict[str, str] = {}
    for r in recs:
        if r.role in (_FILES, _EDIT):
            for p in _paths_of(r):
                full = resolve(p, cwd)
                if r.role == _EDIT or full not in seen:
                    seen[full] = "edited" if r.role == _EDIT else seen.get(full, "read")
    ranked = sorted(seen.items(), key=lambda kv: kv[1] != "edited")  # edited first, then in order
    return [f"{_clip(p)} ({kind})" for p, kind in ranked]


def _commands(recs: list[StoredRecord], cwd: str) -> list[str]:
    """Commands that worked: no failure recorded, and no later failure of the same program
    (a later failure means this run did not settle it)."""
    from deja.text.commands import normalise_command, program, split_command

    ran = [(i, *split_command(r.text)) for i, r in enumerate(recs) if r.role == _CMD]
    out: list[str] = []
    for n, (_, cmd, code) in enumerate(ran):
        if code:
            continue
        prog = program(cmd)
        later = [c for _, c2, c in ran[n + 1:] if program(c2) == prog] if prog else []
        if any(later):  # the same program failed again later: this run did not settle it
            continue
        line = _clip(normalise_command(cmd.split("\n", 1)[0], cwd), 200)
        if line and line not in out:
            out.append(line)
    return out[-LIST_MAX:]


def _open(recs: list[StoredRecord]) -> list[str]:
    from deja.text.decision import prose

    out: list[str] = []
    users = [i for i, r in enumerate(recs) if r.role == _USER and r.text.strip()]
    if users:
        last = users[-1]
        answered = any(r.role == _ASSISTANT and len(r.text.strip()) >= ANSWER_MIN_CHARS for r in recs[last + 1:])
        if not answered:
            out.append("unanswered: " + _clip(recs[last].text, 400))
    said = [r for r in recs if r.role == _ASSISTANT and r.text.strip()]
    if said:
        out += [_clip(x) for x in prose(said[-1].text) if _OPEN.search(x)]
    return out[:LIST_MAX]


def markdown(b: Brief, max_bytes: int = MAX_BYTES) -> str:
    """The brief as markdown: lists shortened until it fits in `max_bytes`."""
    from deja import times

    s = b.session
    title = _clip(s.title, 100) or _clip(b.goal, 100) or s.id
    head = [f"# Handoff: {title}", "",
            f"From a {s.harness} session `{s.id}` · project `{_clip(s.project) or '-'}`"
            + (f" · `{_clip(s.cwd)}`" if s.cwd else "") + f" · {times.local(s.updated)}", ""]

    def section(name: str, items: list[str], n: int, code: bool = False) -> list[str]:
        if not items or not n:
            return []
        shown = [f"- `{x}`" if code else f"- {x}" for x in items[:n]]
        more = [f"- … {len(items) - n} more"] if len(items) > n else []
        return [f"## {name}", "", *shown, *more, ""]

    md = ""
    for n in (LIST_MAX, 6, 3, 1, 0):
        out = head + (["## Goal", "", b.goal, ""] if b.goal else [])
        out += section("Decisions", b.decisions, n) + section("Files touched", b.files, n)
        out += section("Commands that worked", b.commands, n, code=True) + section("Left open", b.open, n)
        md = "\n".join(out).rstrip() + "\n"
        if len(md.encode()) <= max_bytes:
            return md
    return md.encode()[:max_bytes].decode("utf-8", "ignore")
