"""`deja search` (its body is deja.cli.quick's), `deja show`, `deja last`."""

from __future__ import annotations

import click

from deja.cli import quick, render
from deja.model import CODE_ROLE
from deja.search import SCHEMA_VERSION
from deja.sources import HARNESSES
from deja.store import Store


def _open_fresh(quiet: bool = False) -> Store:
    return render.open_fresh(quiet)[0]


@click.command()
@click.argument("query", nargs=-1, required=True)
@click.option("--harness", type=click.Choice(HARNESSES), help="Only this harness's sessions.")
@click.option("--project", help="Only sessions of this project (its directory name).")
@click.option("--from", "origin", metavar="MACHINE", help="Only sessions from this machine (`deja sync`), or `local`.")
@click.option("--since", help="Only records newer than this: 30d, 12h, 2w, or a date.")
@click.option("--role", "roles", multiple=True, help="user, assistant, tool, files, command, edit (repeatable).")
@click.option("--limit", type=click.IntRange(1, quick.LIMIT_MAX), help="Sessions to show (default 15, or the config file's `limit`).")
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
@click.option("--role", "roles", multiple=True, help="Only these roles: user, assistant, tool, files, command, edit, developer (repeatable).")
@click.option("--offset", default=0, type=click.IntRange(0), help="Skip this many records (after --role).")
@click.option("--limit", default=0, type=click.IntRange(0), help="Show at most this many records (0: all).")
@click.option("--json", "as_json", is_flag=True)
def show(ident, roles, offset, limit, as_json) -> None:
    """Print one session (ID, harness:ID or a unique prefix); on a terminal through $PAGER."""
    from deja.roles import ROLE_CODE
    from deja.roles import roles_from_names

    wanted = {ROLE_CODE[r] for r in roles_from_names(roles)}
    store = _open_fresh(quiet=True)
    try:
        row = store.session(ident)
        records = store.records(row.sid)
        render.prepare(store.catalog, [row])
    finally:
        store.close()
    if wanted:
        records = [r for r in records if r.role in wanted]
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
    style = render.style
    out = [render.header(row), style(f"{row.path}", dim=True)]
    for r in records:
        role = CODE_ROLE[r.role].value
        colour = {"user": "green", "assistant": "blue"}.get(role)
        out += ["", style(f"[{r.seq}] {role}  {render.day(r.time)}", fg=colour, bold=True), r.text]
    shown = offset + len(records)
    if shown < total or offset:
        out += ["", style(f"records {offset + 1}-{shown} of {total}" if records else f"no records past {offset} of {total}",
                          dim=True)]
    render.page("\n".join(out) + "\n")


@click.command()
@click.argument("n", required=False, type=click.IntRange(1, quick.LIMIT_MAX))
@click.option("--harness", type=click.Choice(HARNESSES))
@click.option("--project", help="Only this project: a path, or a directory name.")
@click.option("--from", "origin", metavar="MACHINE", help="Only sessions from this machine (`deja sync`), or `local`.")
@click.option("--json", "as_json", is_flag=True)
def last(n, harness, project, origin, as_json) -> None:
    """The N most recently updated sessions (default 10, or the config file's `last`)."""
    from deja import config, projects

    store = _open_fresh(quiet=as_json)
    try:
        root = projects.resolve(store.catalog, project)
        where = store.origin(origin) if origin is not None else None
        rows = store.recent(n or int(config.get("last")[0]), harness, root, where)
        render.prepare(store.catalog, rows)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "sessions": [render.session_json(r) for r in rows]})
        return
    for r in rows:
        render.echo(render.header(r))
