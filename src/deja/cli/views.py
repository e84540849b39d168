"""`deja resume|handoff|export|share|stats|log`: render what deja.views finds."""

from __future__ import annotations

import os
from pathlib import Path

import click

from deja.cli import render
from deja.search import SCHEMA_VERSION
from deja.harnesses import HARNESSES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.store import SessionRow, Store
    from deja.views.resume import Refusal


def _open() -> Store:
    return render.open_fresh(quiet=True)[0]


def _refuse(message: str, code: int) -> None:
    """One line on stderr, and out with `code` (2: the input is wrong; 1: it cannot be done)."""
    render.echo(f"Error: {message}", err=True)
    raise click.exceptions.Exit(code)


def _refused(r: Refusal) -> None:
    _refuse(str(r), 1)


def _row(store: Store, ident: str) -> SessionRow:
    return store.catalog.resolve(ident)


@click.command()
@click.argument("ident", metavar="ID")
@click.option("--exec", "run", is_flag=True, help="Run the command (in the session's directory) instead of printing it.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def resume(ident, run, as_json) -> None:
    """The command that reopens a session in its own agent (--exec runs it).

    The command that reopens session ID in its own agent, with a `cd` to the session's
    directory where the agent finds sessions only from there (Claude Code, Codex, Gemini, …).

    Agents that cannot reopen a session (aider, Roo, Zed, DeepSeek, notes) say why and what works
    instead. An id holding characters that are not safe on a command line is refused (exit 2).
    """
    from deja.views import resume as lib

    store = _open()
    try:
        row = _row(store, ident)
    finally:
        store.close()
    try:
        got = lib.resume(row)
    except lib.UnsafeId as e:
        _refuse(str(e), 2)
        return
    if isinstance(got, lib.Refusal):
        if as_json:
            render.emit_json({"schema_version": SCHEMA_VERSION, "harness": row.harness, "id": row.id,
                              "refused": got.reason, "instead": got.instead})
            raise click.exceptions.Exit(1)
        _refused(got)
        return
    if run:
        if got.cwd and not os.path.isdir(got.cwd):
            _refuse(f"the session's directory {got.cwd} is not there any more; `cd` where it moved, then run "
                    f"{' '.join(got.argv[:2])} …", 1)
        lib.run(got)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "harness": row.harness, "id": row.id,
                          "argv": list(got.argv), "cwd": got.cwd or None, "command": got.line})
        return
    render.echo(got.line)


@click.command()
@click.argument("ident", metavar="[ID]", required=False)
@click.option("--to", "agent", type=click.Choice([h for h in HARNESSES if h != "notes"]),
              help="Print the command that starts this agent with the brief as its first prompt.")
@click.option("--exec", "run", is_flag=True, help="With --to: start the agent (in the session's directory when it is there).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def handoff(ident, agent, run, as_json) -> None:
    """A short brief of a session for the next agent (--to AGENT starts it).

    A short redacted brief of session ID (default: the latest session of the current
    project): goal, decisions, files touched, commands that worked, what was left open.

    With --to AGENT, the command that starts AGENT with the brief as its first prompt; with
    --exec as well, it is run.
    """
    from deja.views import handoff as lib
    from deja.views import resume

    if run and not agent:
        _refuse("--exec starts an agent: give it with --to AGENT", 2)
    store = _open()
    try:
        row = _row(store, ident) if ident else lib.latest(store, os.getcwd())
        b = lib.brief(store, row)
    finally:
        store.close()
    start = resume.start_with(agent, b.markdown, row.cwd) if agent else None
    if run and start is not None:
        if isinstance(start, resume.Refusal):
            _refused(start)
            return
        resume.run(start)
    if as_json:
        out: dict = {"schema_version": SCHEMA_VERSION, "harness": row.harness, "id": row.id, "goal": b.goal,
                     "decisions": b.decisions, "files": b.files, "commands": b.commands, "open": b.open,
                     "markdown": b.markdown}
        if isinstance(start, resume.Reopen):
            out["start"] = {"argv": list(start.argv), "cwd": start.cwd or None, "command": start.line}
        elif start is not None:
            out["start"] = {"refused": start.reason, "instead": start.instead}
        render.emit_json(out)
        return
    render.echo(b.markdown, nl=False)
    if isinstance(start, resume.Reopen):
        render.echo("")
        render.echo(start.line)
    elif start is not None:
        _refused(start)


def _write(text: str, out: str | None) -> None:
    """`text` to stdout, or to the file `out` (created 0600: a transcript is private)."""
    if not out or out == "-":
        render.echo(text, nl=False)
        return
    path = Path(out)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        _refuse(f"cannot write {out}: {(e.strerror or str(e)).lower()}", 1)
    render.note(f"wrote {path}")


@click.command()
@click.argument("ident", metavar="ID")
@click.option("--format", "fmt", type=click.Choice(["md", "html", "json"]), default="md", show_default=True,
              help="Markdown, one self-contained HTML file (no script), or JSON.")
@click.option("-o", "--output", "out", metavar="FILE", help="Write to FILE (mode 0600) instead of stdout.")
def export(ident, fmt, out) -> None:
    """A session as markdown, one HTML file or JSON, secrets redacted.

    Session ID as markdown, HTML or JSON: secrets redacted, terminal escapes removed."""
    from deja.views import export as lib

    store = _open()
    try:
        text = lib.export(store, _row(store, ident), fmt)
    finally:
        store.close()
    _write(text, out)


@click.command()
@click.argument("ident", metavar="ID")
@click.option("-o", "--output", "out", metavar="FILE", help="Write to FILE (mode 0600) instead of stdout.")
def share(ident, out) -> None:
    """A session as markdown for a colleague: redacted, home paths as ~.

    Session ID as markdown for a colleague: redacted as an export, and home directories
    shown as `~`, this machine's name as `host`, the store file's path left out."""
    from deja.views import export as lib

    store = _open()
    try:
        text = lib.export(store, _row(store, ident), "md", share=True)
    finally:
        store.close()
    _write(text, out)


@click.command()
@click.option("--by", type=click.Choice(["month", "week"]), default="month", show_default=True,
              help="Count sessions per month or per ISO week (of their last update).")
@click.option("--top", default=10, type=click.IntRange(1, 100), show_default=True, help="Files and commands to list.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output (what the web page charts).")
def stats(by, top, as_json) -> None:
    """Sessions per agent and project over time, busiest files, commands, redactions.

    Sessions and records per agent and project over time, the busiest files, the most-run
    commands, and the redactions the index made."""
    from deja.views import stats as lib

    store = _open()
    try:
        data = lib.stats(store, by, top)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, **data})
        return
    render.echo(_stats_table(data))


def _stats_table(d: dict) -> str:
    style = render.style
    periods = d["periods"][-6:]  # the latest six fit a terminal
    t = d["totals"]
    out = [style(f"{render.plural(t['sessions'], 'session')}, {render.plural(t['records'], 'record')}", bold=True), ""]
    for kind, label in (("harnesses", "agent"), ("projects", "project")):
        groups = d[kind][:12]
        if not groups:
            continue
        wide = max(len(label), *(len(g["name"]) for g in groups))
        out.append(style(f"{label:<{wide}}  {'sessions':>8} {'records':>8}  " + " ".join(f"{p:>8}" for p in periods),
                         bold=True))
        for g in groups:
            cells = " ".join(f"{g['by_period'].get(p, {}).get('sessions', 0):>8}" for p in periods)
            out.append(f"{g['name']:<{wide}}  {g['sessions']:>8} {g['records']:>8}  {cells}")
        more = len(d[kind]) - len(groups)
        out += [style(f"… {render.plural(more, 'more ' + label)} (--json lists every one)", dim=True)] if more > 0 else []
        out.append("")
    if periods:
        out[-1:] = [style(f"(sessions per {d['by']}, the latest {len(periods)})", dim=True), ""]
    if d["files"]:
        out.append(style("busiest files (sessions: edited/read)", bold=True))
        out += [f"  {f['sessions']:>5}  {f['edited']}/{f['read']}  {f['path']}" for f in d["files"]]
        out.append("")
    if d["commands"]:
        out.append(style("most-run commands (runs, sessions, failed)", bold=True))
        out += [f"  {c['runs']:>5} {c['sessions']:>4} {c['failed']:>4}  {c['command']}" for c in d["commands"]]
        out.append("")
    r = d["redactions"]
    out.append(style(f"redactions: {r['total']}", bold=True)
               + (" (" + ", ".join(f"{h} {n}" for h, n in r["by_harness"].items()) + ")" if r["by_harness"] else ""))
    return "\n".join(out)


@click.command()
@click.argument("n", required=False, default=20, type=click.IntRange(1, 10000))
@click.option("--last", "newest", is_flag=True, help="The newest entry in full.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def log(n, newest, as_json) -> None:
    """What hooks and MCP recall put into your agents, newest first.

    What hooks and MCP recall put into your agents, newest first: when, to which agent, for
    which prompt (redacted, clipped), which sessions. The log is private (0600) and bounded."""
    from deja import times
    from deja.views import served

    got, bad = served.entries(1 if newest else n)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "file": str(served.path()), "skipped": bad,
                          "entries": [{**e, "time": times.iso(e.get("time"))} for e in got]})
        return
    if not got:
        render.echo(f"Nothing served yet ({served.path()} is empty or not there).")
        return
    for e in got:
        when = times.local(e.get("time"), "%Y-%m-%d %H:%M:%S")
        listed = e.get("sessions")
        sessions: list = listed if isinstance(listed, list) else []
        if newest:
            for k, v in (("time", when), ("front", e.get("front")), ("agent", e.get("agent")), ("what", e.get("what")),
                         ("prompt", e.get("prompt")), ("bytes", e.get("bytes"))):
                render.echo(f"{k:<8} {v if v not in (None, '') else '-'}")
            render.echo("sessions" + ("" if sessions else " -"))
            for s in sessions:
                render.echo(f"  {s}")
            continue
        what = f" {e.get('what')}" if e.get("what") else ""
        render.echo(f"{render.style(when, dim=True)}  {e.get('front', '?')}{what}  {e.get('agent') or '-'}  "
                    f"{render.plural(len(sessions), 'session')}  {render.style(str(e.get('prompt') or ''), dim=True)}")
    if bad:
        render.note(f"{render.plural(bad, 'line')} of the log could not be read (skipped)")
