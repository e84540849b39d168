"""What each page of `deja serve` shows, as plain dicts, from the functions the CLI calls.

Every view opens the index read-only for the one request and closes it (a rebuild's new
generation is seen by the next request; nothing stays pinned while nobody asks). No view
refreshes the index: the page answers from what the last `deja index` (or CLI search) wrote,
and says when the stores may have moved on since (`fresh.current`, a replay of stats).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from deja import config, paths, times
from deja.roles import CODE_ROLE, ROLE_CODE, Role
from deja.store import SessionRow, Store

# Roles a session page folds away (a tool's output, the files it read, its commands and edits).
FOLDED = frozenset(ROLE_CODE[r] for r in (Role.TOOL_OUTPUT, Role.FILES, Role.COMMAND, Role.EDIT, Role.DEVELOPER))
NOTES_SHOWN = 50
STALE = "the index may be behind the agents' stores: `deja index` brings in the newest sessions"


@contextmanager
def reading() -> Iterator[Store]:
    """The live index, read-only, for one request."""
    store = Store(paths.index_dir(), readonly=True)
    try:
        yield store
    finally:
        store.close()


def _stale(store: Store) -> str:
    from deja.ingest import fresh

    return "" if fresh.current(store) else STALE


def search(query: str, harness: str | None = None, project: str | None = None, since: str | None = None,
           roles: list[str] | None = None) -> dict:
    """What `deja search QUERY --json` answers, with the same options (the config file's
    defaults filled in the same way), from the same search function, in the same order."""
    from deja.cli import quick
    from deja.search import search as run_search

    opts = quick.options(harness or None, project or None, since or None, roles or ())
    with reading() as store:
        result = run_search(store, query, opts)
        out = quick.result_json(result, _stale(store))
        ids = store.catalog.display_ids(h.session for h in result.hits)
    for hit, h in zip(out["hits"], result.hits):
        hit["key"], hit["shown_id"] = h.session.key, ids.get(h.session.key, h.session.key)
    return out


def session(ident: str) -> dict:
    """What `deja show ID --json` answers: the session and every record, in session order."""
    from deja.cli import render

    with reading() as store:
        row = store.catalog.resolve(ident)
        records = store.records(row.sid)
        shown = store.catalog.display_ids([row]).get(row.key, row.key)
    return {
        "session": render.session_json(row),
        "key": row.key,
        "shown_id": shown,
        "reopen": reopen(row),
        "total": len(records),
        "records": [{"role": CODE_ROLE[r.role].value, "time": times.iso(r.time), "seq": r.seq, "text": r.text,
                     "folded": r.role in FOLDED} for r in records],
    }


def sources() -> dict:
    """What `deja sources --json` answers, and every harness it leaves out: turned off in the
    config file (`off`) or not chosen by DEJA_SOURCES (`not-chosen`)."""
    import os

    from deja.ingest import status as health
    from deja.sources import HARNESSES, available

    off = config.harnesses_off()
    chosen = {w.strip() for w in os.environ.get("DEJA_SOURCES", "").split(",") if w.strip()}
    with reading() as store:
        states = health.source_states(store)
        counts = store.catalog.harness_counts()
    rows: list[dict[str, Any]] = [{"harness": s.harness, "state": s.state, "on": True, "files": s.files, "sessions": s.sessions,
             "records": s.records, "skipped": s.skipped, "redactions": s.redactions, "errors": s.errors,
             "gone": s.gone, "reason": s.reason, "roots": s.roots} for s in states]
    listed = {r["harness"] for r in rows}
    have = set(available())
    for h in HARNESSES:
        if h in listed or h not in have:
            continue
        c = counts.get(h, {})
        why = "off" if h in off else "not-chosen"
        reason = ("turned off in the config file: its sessions leave the index at the next `deja index`"
                  if why == "off" else "DEJA_SOURCES leaves it out")
        rows.append({"harness": h, "state": why, "on": False, "files": c.get("files", 0),
                     "sessions": c.get("sessions", 0), "records": c.get("records", 0), "skipped": c.get("skipped", 0),
                     "redactions": c.get("redactions", 0), "errors": c.get("errors", 0), "gone": c.get("gone", 0),
                     "reason": reason, "roots": []})
    order = {h: i for i, h in enumerate(HARNESSES)}
    rows.sort(key=lambda r: order.get(r["harness"], len(order)))
    return {"sources": rows, "config": str(config.path())}


def notes(limit: int = NOTES_SHOWN) -> dict:
    """The notes `deja remember` wrote, newest first, as the index holds them (one session per
    project and day, `deja last --harness notes`)."""
    from deja.cli import render

    out = []
    with reading() as store:
        rows: list[SessionRow] = store.catalog.recent_sessions(limit, harness="notes")
        for row in rows:
            out.append({"session": render.session_json(row), "key": row.key,
                        "notes": [{"time": times.iso(r.time), "text": r.text}
                                  for r in store.records(row.sid)]})
    return {"days": out, "notes_file": str(paths.notes_file())}


def reopen(row: SessionRow) -> dict:
    """What `deja resume ID` prints for the session: {"line": the agent's own reopen command}, or
    {"refusal": why it cannot be reopened and what works instead}. Shown on the page, never run."""
    from deja.views import resume

    try:
        got = resume.resume(row)
    except resume.UnsafeId as e:
        return {"refusal": str(e)}
    return {"line": got.line} if isinstance(got, resume.Reopen) else {"refusal": str(got)}


def export(ident: str, fmt: str) -> tuple[str, str]:
    """What `deja export ID --format FMT` writes, and the session's id (for a file name)."""
    from deja.views import export as exporting

    if fmt not in exporting.FORMATS:
        from deja.errors import DejaError

        raise DejaError(f"--format is one of {', '.join(exporting.FORMATS)}, not {fmt!r}")
    with reading() as store:
        row = store.catalog.resolve(ident)
        return exporting.export(store, row, fmt), row.id


def stats(by: str = "month") -> dict:
    """What `deja stats --json` answers (deja.views.stats)."""
    from deja.views import stats as counting

    if by not in counting.PERIODS:
        from deja.errors import DejaError

        raise DejaError(f"--by is one of {', '.join(counting.PERIODS)}, not {by!r}")
    with reading() as store:
        return counting.stats(store, by)


def log(n: int = 100) -> dict:
    """What `deja log N --json` answers: what hooks and MCP recall put into agents, newest first."""
    from deja import times
    from deja.views import served

    got, bad = served.entries(n)
    return {"file": str(served.path()), "skipped": bad,
            "entries": [{**e, "time": times.iso(e.get("time"))} for e in got]}
