"""`deja index`, `deja sources`, `deja status`."""

from __future__ import annotations

import click

from deja import paths
from deja.cli import indexing
from deja.ingest import status as health
from deja.text import redact
from deja import times
from deja.cli import render
from deja.search import SCHEMA_VERSION
from deja.store import INDEX_VERSION


@click.command()
@click.option("--rebuild", is_flag=True, help="Build the index again from the stores beside the live one, then swap it in (searches answer from the old one meanwhile; deleted sources' history is kept).")
@click.option("--background", is_flag=True, hidden=True, help="Run quietly (the detached refresh a search starts).")
@click.option("--json", "as_json", is_flag=True)
def index(rebuild, background, as_json) -> None:
    """Bring the index up to date with every agent's history (with progress)."""
    indexing.run(rebuild, background, as_json)


@click.command()
@click.option("--json", "as_json", is_flag=True)
def sources(as_json) -> None:
    """Every harness deja reads, and what its store gave."""
    store = render.fresh_store(quiet=as_json)
    try:
        states = health.source_states(store)
    finally:
        store.close()
    if as_json:
        render.emit_json(
            {
                "schema_version": SCHEMA_VERSION,
                "sources": [
                    {
                        "harness": s.harness, "state": s.state, "files": s.files, "sessions": s.sessions,
                        "records": s.records, "skipped": s.skipped, "redactions": s.redactions,
                        "errors": s.errors, "gone": s.gone, "reason": s.reason, "roots": s.roots,
                    }
                    for s in states
                ],
            }
        )
        return
    colours = {"ok": "green", "missing": None, "unreadable": "red", "parsed-zero": "yellow"}
    missing = [s.harness for s in states if s.state == "missing" and not s.sessions]
    for s in states:
        if s.harness in missing:
            continue
        state = render.style(f"{s.state:<11}", fg=colours[s.state])
        render.echo(
            f"{s.harness:<12} {state} files={s.files:<6} sessions={s.sessions:<6} records={s.records:<8} "
            f"skipped={s.skipped:<4} redacted={s.redactions}"
        )
        if s.reason:
            render.echo(render.style(f"{'':<12} {s.reason}", dim=True))
    if missing:
        render.echo(render.style(f"{'missing':<12} not on this machine: {', '.join(missing)}", dim=True))


@click.command()
@click.option("--json", "as_json", is_flag=True)
def status(as_json) -> None:
    """Where the index is, how big, and how fresh."""
    from deja.errors import IndexDamaged, StoreError
    from deja.store import Store, generations

    d = paths.index_dir()
    gen = generations.live(d)
    exists = gen is not None
    size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) if d.exists() else 0
    files = sessions = records = 0
    damaged = ""
    last = 0.0
    if exists:
        try:
            store = Store(d, readonly=True)
            try:
                store.verify()
                files, sessions, records = store.catalog.totals()
                last = store.catalog.last_indexed()
            finally:
                store.close()
        except IndexDamaged as e:
            damaged = e.reason
        except StoreError as e:
            damaged = str(e)
    rebuilding = generations.rebuilding(d) is not None
    info = {
        "schema_version": SCHEMA_VERSION,
        "index_dir": str(d),
        "live": str(gen) if gen else None,
        "exists": exists,
        "damaged": damaged or None,
        "rebuilding": rebuilding,
        "index_version": INDEX_VERSION,
        "bytes": size,
        "files": files,
        "sessions": sessions,
        "records": records,
        "last_indexed": times.iso(last),
        "redaction": redact.enabled(),
        "notes_file": str(paths.notes_file()),
    }
    if as_json:
        render.emit_json(info)
        if damaged:
            raise click.exceptions.Exit(1)
        return
    if not exists:
        render.echo(f"no index yet at {d}; `deja index` builds it")
        return
    render.echo(f"index     {gen} ({size / 1e6:.1f} MB, {INDEX_VERSION})")
    if damaged:
        render.echo(render.style(f"DAMAGED   {damaged}; run `deja index --rebuild`", fg="red"))
    else:
        render.echo(f"contents  {render.plural(sessions, 'session')}, {render.plural(records, 'record')} from "
                    f"{render.plural(files, 'file')}")
    render.echo(f"indexed   {times.when(last)} ({times.ago(last)})" if last else "indexed   never")
    if rebuilding:
        render.echo("rebuild   running: searches answer from this index until it is done")
    render.echo(f"notes     {paths.notes_file()}")
    if not redact.enabled():
        render.echo("redaction OFF (DEJA_NO_REDACT=1): unsafe")
    if damaged:
        raise click.exceptions.Exit(1)
