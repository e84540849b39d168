"""Errors that keep coming back: the same error signature in three or more separate sessions
(`deja friction`). Read from the store only."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from deja.errors import QueryError
from deja.model import ROLE_CODE, Role
from deja.search import project_sids
from deja.store import Filters, SessionRow, Store
from deja.terminal import strip as strip_escapes
from deja.search.work import _CODED, _ERRORISH, _EXC, signature

_TOOL = ROLE_CODE[Role.TOOL_OUTPUT]
# Tool-output records read (newest first) when looking for errors that keep coming back.
FRICTION_RECORDS = 20000
FRICTION_MIN_SESSIONS = 3


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
