"""`deja how`, `deja blame`, `deja fix`, `deja ctx`, and `deja mcp`: render what deja.search.work finds."""

from __future__ import annotations

import sys
import time

import click

from deja.search import work as lib
from deja import times
from deja.cli import render
from deja.search import SCHEMA_VERSION
from deja.search.query import parse_since
from deja.sources import HARNESSES


def _since(since: str | None) -> float | None:
    return parse_since(since, time.time()) if since else None


def _filters(f):
    f = click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")(f)
    f = click.option("--since", help="Only records newer than this: 30d, 12h, 2w, or a date.")(f)
    f = click.option("--harness", type=click.Choice(HARNESSES), help="Only this harness's sessions.")(f)
    return click.option("--project", help="Only sessions of this project (its directory name).")(f)


def _limit(default: int):
    return click.option("--limit", default=default, show_default=True, type=click.IntRange(1, 1000), help="How many to show.")


@click.command()
@click.argument("tool", nargs=-1, required=True)
@_filters
@_limit(20)
def how(tool, project, harness, since, limit, as_json) -> None:
    """The real invocations of a tool on this machine, by number of sessions, newest first."""
    store = render.fresh_store(as_json)
    try:
        res = lib.how(store, " ".join(tool), project, harness, _since(since), limit)
    finally:
        store.close()
    if as_json:
        render.emit_json({
            "schema_version": SCHEMA_VERSION, "tool": res.query, "total": res.total, "capped": res.capped,
            "invocations": [
                {"command": i.command, "sessions": i.sessions, "runs": i.runs, "failed": i.failed,
                 "last": times.iso(i.last), "example": i.example, "session": render.session_json(i.session)}
                for i in res.items
            ],
        })
        return
    if not res.items:
        render.echo(f"No command ran {res.query!r}.")
        raise click.exceptions.Exit(1)
    for i in res.items:
        failed = render.style(f", {i.failed} failed", fg="red") if i.failed else ""
        render.echo(f"{render.style(i.command, bold=True)}")
        render.echo(f"    {render.plural(i.sessions, 'session')}, {render.plural(i.runs, 'run')}{failed}; "
                    f"last {times.when(i.last)} in {render.ref(i.session)}")
    if res.total > len(res.items):
        render.note(f"{render.plural(res.total - len(res.items), 'more invocation')}; --limit N to see them")


@click.command()
@click.argument("path")
@_filters
@_limit(10)
def blame(path, project, harness, since, limit, as_json) -> None:
    """Sessions that touched or discussed a file, most specific mention first, with what was decided."""
    store = render.fresh_store(as_json)
    try:
        res = lib.blame(store, path, project, harness, _since(since), limit)
    finally:
        store.close()
    if as_json:
        render.emit_json({
            "schema_version": SCHEMA_VERSION, "path": res.query, "total": res.total, "capped": res.capped,
            "sessions": [
                {"session": render.session_json(m.session), "specificity": m.specificity, "touched": m.touched,
                 "roles": m.roles, "count": m.count, "first": times.iso(m.first), "last": times.iso(m.last),
                 "mention": m.mention, "decision": m.decision}
                for m in res.items
            ],
        })
        return
    if not res.items:
        render.echo(f"No session mentions {path!r}.")
        raise click.exceptions.Exit(1)
    for m in res.items:
        how_ = "touched" if m.touched else "discussed"
        render.echo(render.header(m.session))
        render.echo(f"    {how_} {render.style(m.mention, fg='yellow')} ({m.specificity}; {', '.join(m.roles)}; {m.count}×)")
        if m.decision:
            render.echo(f"    decided: {m.decision}")
    if res.total > len(res.items):
        render.note(f"{render.plural(res.total - len(res.items), 'more session')}; --limit N to see them")


@click.command()
@click.argument("error", nargs=-1)
@_filters
@_limit(5)
def fix(error, project, harness, since, limit, as_json) -> None:
    """What ran after this error in sessions where it did not come back (ERROR, or `-`/nothing: stdin)."""
    text = " ".join(error)
    if not text or text == "-":
        if sys.stdin.isatty():
            raise click.UsageError("give the error text, or pipe it in: `pytest 2>&1 | deja fix`")
        text = sys.stdin.read()
    store = render.fresh_store(as_json)
    try:
        res = lib.fix(store, text, project, harness, _since(since), limit)
    finally:
        store.close()
    if as_json:
        render.emit_json({
            "schema_version": SCHEMA_VERSION, "signature": res.signature, "unresolved": res.unresolved,
            "capped": res.capped,
            "commands": [{"command": c.command, "sessions": c.sessions, "verified": c.verified, "last": times.iso(c.last)}
                         for c in res.commands],
            "sessions": [
                {"session": render.session_json(f.session), "error": f.error, "failed": f.failed,
                 "commands": f.commands, "edited": f.edited, "verified": f.verified, "time": times.iso(f.time)}
                for f in res.sessions
            ],
        })
        return
    if not res.sessions:
        render.echo(f"No session got past {res.signature!r}.")
        raise click.exceptions.Exit(1)
    render.note(f"signature: {res.signature}")
    for c in res.commands:
        ok = render.style(f", it passed after in {c.verified}", fg="green") if c.verified else ""
        render.echo(f"{render.style(c.command, bold=True)}    {render.plural(c.sessions, 'session')}{ok}")
    render.echo("")
    for f in res.sessions:
        render.echo(render.header(f.session))
        if f.failed:
            render.echo(f"    {f.failed} failed: {f.error}")
        for cmd in f.commands:
            render.echo(f"    $ {cmd}")
        if f.edited:
            render.echo(f"    edited {', '.join(f.edited)}")
        if f.verified and f.failed:
            render.echo(render.style(f"    then {f.failed} passed", fg="green"))


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--harness", type=click.Choice(HARNESSES), help="Only this harness's sessions.")
@click.option("--project", help="Only sessions of this project (its directory name).")
@click.option("--max-bytes", default=lib.DIGEST_BYTES, show_default=True, type=click.IntRange(512, 65536))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def ctx(query, harness, project, max_bytes, as_json) -> None:
    """A markdown digest of the best session for QUERY (question, decision, commands, files), for a prompt."""
    store = render.fresh_store(True)
    try:
        d = lib.digest(store, " ".join(query), harness, project, max_bytes)
    finally:
        store.close()
    if as_json:
        body = None if d is None else {
            "session": render.session_json(d.session), "tier": d.tier, "question": d.question,
            "decision": d.decision, "answer": d.answer, "commands": d.commands, "files": d.files,
            "markdown": d.markdown,
        }
        render.emit_json({"schema_version": SCHEMA_VERSION, "query": " ".join(query), "digest": body})
        return
    if d is None:
        render.echo(f"No session matches {' '.join(query)!r}.", err=True)
        raise click.exceptions.Exit(1)
    render.echo(d.markdown, nl=False)


@click.command()
def mcp() -> None:
    """Serve deja's memory to agents over MCP (stdio)."""
    from deja.mcp import start as mcp_start

    raise click.exceptions.Exit(mcp_start.run())
