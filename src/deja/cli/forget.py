"""`deja forget`: remove sessions for good (and keep them out)."""

from __future__ import annotations

import time

import click

from deja import paths
from deja.ingest import forget as retention
from deja.ingest.lock import open_for_write
from deja import times
from deja.cli import render
from deja.search import SCHEMA_VERSION
from deja.search.query import parse_since


@click.command()
@click.option("--session", "session", metavar="ID", help="One session, by id or unique prefix.")
@click.option("--project", help="Every session of this project (name or full path).")
@click.option("--before", metavar="DATE", help="Every session last updated before this date (or 90d ago).")
@click.option("--dry-run", is_flag=True, help="Show what would be forgotten; change nothing.")
@click.option("--list", "list_", is_flag=True, help="List forgotten sessions (their tombstones).")
@click.option("--unforget", metavar="ID", help="Drop a tombstone; the session returns if its source still exists.")
@click.option("--json", "as_json", is_flag=True)
def forget(session, project, before, dry_run, list_, unforget, as_json) -> None:
    """Remove sessions from the index for good; no later index brings them back."""
    opened = open_for_write(paths.index_dir(), wait=True, notice=render.progress)
    assert opened is not None
    store, lock = opened
    try:
        if list_:
            stones = store.catalog.tombstones()
            if as_json:
                render.emit_json({"schema_version": SCHEMA_VERSION, "forgotten": [
                    {"key": k, "path": p, "title": t, "forgotten_at": times.iso(c)} for k, p, t, c in stones]})
            for k, p, t, c in stones if not as_json else []:
                render.echo(f"{times.when(c)}  {k}  {t}")
            return
        if unforget:
            path = retention.unforget(store, unforget)
            render.echo(f"unforgotten; {path or 'its source'} is read again on the next search or `deja index`")
            return
        cutoff = parse_since(before, time.time(), "--before") if before else None
        rows = retention.select(store, session, project, cutoff)
        if not dry_run:
            retention.forget(store, rows)
    finally:
        store.close()
        lock.release()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "dry_run": dry_run,
                          "sessions": [render.session_json(r) for r in rows]})
        return
    for r in rows:
        render.echo(render.header(r))
    verb = "would forget" if dry_run else "forgot"
    render.echo(f"{verb} {render.plural(len(rows), 'session')}")


