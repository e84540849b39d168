"""`deja search`, `deja show`, `deja last`."""

from __future__ import annotations

import time

import click

from deja import fresh, paths
from deja.cli import render
from deja.model import CODE_ROLE
from deja.search import SCHEMA_VERSION, Options, record_recalls, roles_from_names, search as run_search
from deja.search.query import parse_since
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
@click.option("--limit", default=15, show_default=True, type=click.IntRange(1, 10_000), help="Sessions to show.")
@click.option("--all", "all_", is_flag=True, help="Every matching session, not just the first --limit.")
@click.option("--re", "regex", is_flag=True, help="QUERY is a regular expression (scans records; slower).")
@click.option("--rebuild", is_flag=True, help="Rebuild the index from scratch first.")
@click.option("--explain", is_flag=True, help="Show how the query was read.")
@click.option("--no-embed", "no_embed", is_flag=True, help="Words only: no semantic re-ranking (`deja embed`).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def search(query, harness, project, since, roles, limit, all_, regex, rebuild, explain, no_embed, as_json) -> None:
    """Find sessions: words are ANDed, "quoted words" are a phrase."""
    text = " ".join(query)
    opts = Options(
        harness=harness,
        project=project.rstrip("/").rsplit("/", 1)[-1] if project else None,
        since=parse_since(since, time.time()) if since else None,
        roles=roles_from_names(roles),
        limit=limit,
        all=all_,
        regex=regex,
        embed=not no_embed,
    )
    if rebuild:
        from deja import indexer

        store, lock = indexer.open_for_write(paths.index_dir(), notice=render.progress)  # type: ignore[misc]
        try:
            indexer.refresh(store, rebuild=True, progress=render.progress)
            store.text.close()
        finally:
            lock.release()
    else:
        store = _open_fresh(quiet=as_json)
    try:
        result = run_search(store, text, opts)
        record_recalls(store, result.hits)
    finally:
        store.close()
    if as_json:
        render.emit_json(
            {
                "schema_version": SCHEMA_VERSION,
                "query": result.query,
                "tier": result.tier,
                "total": result.total,
                "capped": result.capped,
                "hits": [
                    {
                        "session": render.session_json(h.session),
                        "count": h.count,
                        "snippets": [s.text for s in h.snippets],
                        "snippet_roles": [s.role for s in h.snippets],
                        "score": h.score,
                        "decision": h.decision or None,
                        "state": h.state or None,
                    }
                    for h in result.hits
                ],
            }
        )
        return
    if explain:
        render.note(f"query: {result.parsed}")
    if result.tier == "none":
        click.echo(f"No session matches {text!r}.")
        raise click.exceptions.Exit(1)
    if result.tier == "semantic":
        click.echo(click.style("No session has these words; the nearest in meaning:", fg="yellow"))
    elif result.tier == "relevance":
        click.echo(click.style("No session has every word; the nearest ones:", fg="yellow"))
    elif result.tier in ("stemmed", "close"):
        kind = "other forms of the words" if result.tier == "stemmed" else "close spellings of the words"
        click.echo(click.style(f"No session has every word as typed; matched {kind}:", fg="yellow"))
    for h in result.hits:
        state = f"  {click.style('[' + h.state + ']', fg='red' if h.state != 'accepted' else 'green')}" if h.state else ""
        click.echo(render.header(h.session) + state)
        for s in h.snippets:
            click.echo(f"    {click.style(s.role, dim=True)}: {render.marked(s.text, s.marks)}")
        if h.decision:
            click.echo(f"    {click.style('decided', dim=True)}: {h.decision}")
    more = result.total - len(result.hits)
    if more > 0:
        render.note(f"{more} more session(s); --limit N or --all to see them")


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
    click.echo(render.header(row))
    click.echo(click.style(f"{row.path}", dim=True))
    for r in records:
        role = CODE_ROLE[r.role].value
        colour = {"user": "green", "assistant": "blue"}.get(role)
        click.echo("")
        click.echo(click.style(f"[{r.seq}] {role}  {render.day(r.time)}", fg=colour, bold=True))
        click.echo(r.text)


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
        click.echo(render.header(r))


