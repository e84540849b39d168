"""`deja promote`: distil a session into a note and give it a state."""

from __future__ import annotations

import click

from deja.ingest import promote as curate
from deja.cli import render
from deja.search import SCHEMA_VERSION


@click.command()
@click.argument("ident", metavar="ID")
@click.option("--state", type=click.Choice(curate.STATES), default="accepted", show_default=True,
              help="What the session's outcome is worth now.")
@click.option("--note", "why", default="", help="Why: shown with the note.")
@click.option("--tag", "tags", multiple=True, help="A tag for the note (repeatable).")
@click.option("--json", "as_json", is_flag=True)
def promote(ident, state, why, tags, as_json) -> None:
    """Distil a session into a note (question, decision, commands, files); its state travels with its hits."""
    p = curate.promote(ident, state, why, tags)
    if as_json:
        render.emit_json({
            "schema_version": SCHEMA_VERSION,
            "session": render.session_json(p.session),
            "state": p.state,
            "note": p.note,
            "note_session": p.note_key,
            "searchable": p.searchable,
        })
        return
    render.echo(f"promoted {p.session.harness} {p.session.id} as {p.state}; note in {p.note_key}"
               + ("" if p.searchable else " (searchable after the next index)"))
