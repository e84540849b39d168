"""`deja remember`: a note for later recall, appended to the notes file (primary data)."""

from __future__ import annotations

import os

import click

from deja import work
from deja.cli import render
from deja.search import SCHEMA_VERSION


@click.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--project", help="The project it belongs to (default: this directory).")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--json", "as_json", is_flag=True)
def remember(text, project, tags, as_json) -> None:
    """Write down something worth finding later: a decision, a command, a fact."""
    entry, searchable = work.remember(" ".join(text), project or os.getcwd(), list(tags))
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "note": entry, "searchable": searchable})
        return
    render.echo(f"remembered for {entry['project']}" + ("" if searchable else " (searchable after the next index)"))


