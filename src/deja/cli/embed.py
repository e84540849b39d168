"""`deja embed`: vectors for search by meaning (the `semantic` extra, deja/search/semantic.py)."""

from __future__ import annotations

import sys

import click

from deja import paths
from deja.ingest import fresh
from deja.search import semantic
from deja.cli import render
from deja.errors import DejaError
from deja.search import SCHEMA_VERSION


@click.command()
@click.option("--json", "as_json", is_flag=True)
def embed(as_json) -> None:
    """Embed sessions for search by meaning (incremental; resumes after an interruption)."""
    if not semantic.available():
        raise DejaError("semantic recall needs the extra: pip install 'deja[semantic]'")
    store, msg = fresh.open_fresh(paths.index_dir(), None if as_json else render.progress)
    if msg and not as_json:
        render.note(msg)
    try:
        stats = semantic.embed(store, progress=None if as_json else render.progress)
    finally:
        store.close()
        if not as_json and sys.stderr.isatty():
            render.echo("\r\033[K", err=True, nl=False)  # clear the progress line
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "model": semantic.embedder().name, **stats.as_dict()})
        return
    if stats.rebuilt:
        render.note(f"the old sidecar was {stats.rebuilt}: rebuilt it")
    work = stats.seconds - stats.load_seconds
    rate = f" ({stats.units / work:.0f} units/s after {stats.load_seconds:.1f}s loading the model)" if stats.units and work > 0 else ""
    render.echo(
        f"embedded {render.plural(stats.embedded, 'session')}, {render.plural(stats.units, 'unit')} in {stats.seconds:.1f}s{rate}; "
        f"{stats.total_units} units for {stats.sessions} sessions"
    )
