"""Session navigation: timeline, workspaces, what one session touched, and its lineage. Everything
here reads the store (the catalog's session rows and the text index's records); the CLI
(`deja timeline|workspaces|touched|trace`) only renders these. The files of the work are in
search.files, the errors that keep coming back in search.friction."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from deja.model import ROLE_CODE, Role
from deja import projects
from deja.store import SessionRow, Store, StoredRecord

_FILES, _EDIT = ROLE_CODE[Role.FILES], ROLE_CODE[Role.EDIT]


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
        where = store.origin(origin)
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
    row = store.session(ident)
    out: dict[str, Touch] = {}
    for r in store.records(row.sid):
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
    row = store.session(ident)
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
