"""`deja stats`: what the index holds, over time — a plain dict the terminal table and the web
page's chart both draw from.

Sessions and records per agent and per project in each period (month or ISO week, by the
session's last update, local time), the busiest files (sessions that read or edited each), the
most-run commands (as `deja how` would type them again), and the redactions the index made (per
harness, as `deja sources` counts them).
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict

from deja.roles import ROLE_CODE, Role

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.store import Store

PERIODS = ("month", "week")
TOP = 10
_FILES, _EDIT, _CMD = ROLE_CODE[Role.FILES], ROLE_CODE[Role.EDIT], ROLE_CODE[Role.COMMAND]


def period_of(t: float, by: str = "month") -> str:
    """`2026-11` (month) or `2026-W48` (ISO week) of a time, local; "undated" when unknown."""
    from deja.times import valid

    v = valid(t)
    if not v:
        return "undated"
    lt = time.localtime(v)
    if by == "week":
        import datetime

        y, w, _ = datetime.date(lt.tm_year, lt.tm_mon, lt.tm_mday).isocalendar()
        return f"{y}-W{w:02d}"
    return f"{lt.tm_year}-{lt.tm_mon:02d}"


def stats(store: Store, by: str = "month", top: int = TOP) -> dict:
    """Everything `deja stats` shows, as plain data (lists and dicts of str and int):

    - `periods`: the periods with sessions, oldest first; `by`: month or week
    - `harnesses` / `projects`: [{name, sessions, records, by_period: {period: {sessions, records}}}], most first
    - `files`: [{path, sessions, edited, read}] the `top` touched by most sessions
    - `commands`: [{command, runs, sessions, failed}] the `top` run most
    - `redactions`: {total, by_harness: {harness: n}}
    - `totals`: {sessions, records}
    """
    if by not in PERIODS:
        raise ValueError(f"period {by!r}: one of {', '.join(PERIODS)}")
    from deja.search.sessions import _paths_of, resolve
    from deja.store import Filters
    from deja.text.commands import normalise_command, split_command

    rows = [r for r in store.catalog.select_sessions() if r.harness != "notes"]
    groups: dict[str, dict[str, dict]] = {"harnesses": {}, "projects": {}}
    periods: set[str] = set()
    for r in rows:
        p = period_of(r.updated or r.started, by)
        periods.add(p)
        for kind, name in (("harnesses", r.harness), ("projects", r.project or "-")):
            g = groups[kind].setdefault(name, {"name": name, "sessions": 0, "records": 0, "by_period": {}})
            g["sessions"] += 1
            g["records"] += r.records
            slot = g["by_period"].setdefault(p, {"sessions": 0, "records": 0})
            slot["sessions"] += 1
            slot["records"] += r.records
    by_sid = {r.sid: r for r in rows}
    touched: dict[str, dict[str, set[int]]] = defaultdict(lambda: {"edited": set(), "read": set()})
    runs: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    ran_in: dict[str, set[int]] = defaultdict(set)
    for rec in store.text.scan(Filters(roles=(_FILES, _EDIT, _CMD))):
        row = by_sid.get(rec.sid)
        if row is None:
            continue
        if rec.role == _CMD:
            cmd, code = split_command(rec.text)
            line = normalise_command(cmd.split("\n", 1)[0], row.cwd)
            if line:
                runs[line] += 1
                failed[line] += bool(code)
                ran_in[line].add(rec.sid)
            continue
        for path in _paths_of(rec):
            touched[resolve(path, row.cwd)]["edited" if rec.role == _EDIT else "read"].add(rec.sid)
    files = sorted(touched.items(), key=lambda kv: (-len(kv[1]["edited"] | kv[1]["read"]), kv[0]))[:top]
    redactions = {h: c["redactions"] for h, c in store.catalog.harness_counts().items() if c["redactions"]}

    def ranked(kind: str) -> list[dict]:
        return sorted(groups[kind].values(), key=lambda g: (-g["sessions"], g["name"]))

    return {
        "by": by,
        "periods": sorted(periods),
        "totals": {"sessions": len(rows), "records": sum(r.records for r in rows)},
        "harnesses": ranked("harnesses"),
        "projects": ranked("projects"),
        "files": [{"path": p, "sessions": len(s["edited"] | s["read"]), "edited": len(s["edited"]), "read": len(s["read"])}
                  for p, s in files],
        "commands": [{"command": c, "runs": n, "sessions": len(ran_in[c]), "failed": failed[c]}
                     for c, n in sorted(runs.items(), key=lambda kv: (-kv[1], kv[0]))[:top]],
        "redactions": {"total": sum(redactions.values()), "by_harness": dict(sorted(redactions.items()))},
    }
