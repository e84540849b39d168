"""`deja search` (its body is deja.cli.quick's), `deja show`, `deja last`."""

from __future__ import annotations

import click

from deja import fresh, paths
from deja.cli import quick, render
from deja.model import CODE_ROLE
from deja.search import SCHEMA_VERSION
from deja.sources import HARNESSES
from deja.store import Store


def _open_fresh(quiet: bool = False) -> Store:
    store, msg = fresh.open_fresh(paths.index_dir(), None if quiet else render.progress)
    if msg and not quiet:
        render.note(msg)
    return store


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--harness", type=click.Choice(HARNESSES), help="Only this harness's sessions.")
@click.option("--project", help="Only sessions of this project (its directory name).")
@click.option("--since", help="Only records newer than this: 30d, 12h, 2w, or a date.")
@click.option("--role", "roles", multiple=True, help="user, assistant, tool, files, command, edit (repeatable).")
@click.option("--limit", default=15, show_default=True, type=click.IntRange(1, quick.LIMIT_MAX), help="Sessions to show.")
@click.option("--all", "all_", is_flag=True, help="Every matching session, not just the first --limit.")
@click.option("--re", "regex", is_flag=True, help="QUERY is a regular expression (scans records; slower).")
@click.option("--rebuild", is_flag=True, help="Rebuild the index from scratch first.")
@click.option("--explain", is_flag=True, help="Show how the query was read.")
@click.option("--no-embed", "no_embed", is_flag=True, help="Words only: no semantic re-ranking (`deja embed`).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def search(**kwargs) -> None:
    """Find sessions: words are ANDed, "quoted words" are a phrase."""
    # The plain case never gets here: deja.cli.quick reads it without click (same options).
    rc = quick.search(**kwargs)
    if rc:
        raise click.exceptions.Exit(rc)


@click.command()
@click.argument("ident", metavar="ID")
@click.option("--offset", default=0, type=click.IntRange(0), help="Skip this many records.")
@click.option("--limit", default=0, type=click.IntRange(0), help="Show at most this many records (0: all).")
@click.option("--json", "as_json", is_flag=True)
def show(ident, offset, limit, as_json) -> None:
    """Print one session (ID or a unique prefix of it)."""
    from deja.work import find_session

    store = _open_fresh(quiet=True)
    try:
        row = find_session(store, ident)
        records = store.text.session_records(row.sid)
    finally:
        store.close()
    total = len(records)
    records = records[offset : offset + limit if limit else None]
    if as_json:
        render.emit_json(
            {
                "schema_version": SCHEMA_VERSION,
                "session": render.session_json(row),
                "total": total,
                "offset": offset,
                "records": [
                    {"role": CODE_ROLE[r.role].value, "time": render.iso(r.time), "seq": r.seq, "text": r.text}
                    for r in records
                ],
            }
        )
        return
    render.echo(render.header(row))
    render.echo(render.style(f"{row.path}", dim=True))
    for r in records:
        role = CODE_ROLE[r.role].value
        colour = {"user": "green", "assistant": "blue"}.get(role)
        render.echo("")
        render.echo(render.style(f"[{r.seq}] {role}  {render.day(r.time)}", fg=colour, bold=True))
        render.echo(r.text)


@click.command()
@click.argument("n", default=10, type=click.IntRange(1, 10_000))
@click.option("--harness", type=click.Choice(HARNESSES))
@click.option("--project")
@click.option("--json", "as_json", is_flag=True)
def last(n, harness, project, as_json) -> None:
    """The N most recently updated sessions."""
    store = _open_fresh(quiet=as_json)
    try:
        rows = store.catalog.recent_sessions(n, harness, project)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "sessions": [render.session_json(r) for r in rows]})
        return
    for r in rows:
        render.echo(render.header(r))


