"""`deja remember`: a note for later recall, appended to the notes file (primary data)."""

from __future__ import annotations

import os

import click

from deja.ingest import notes
from deja.cli import render
from deja.search import SCHEMA_VERSION


def _project(arg: str | None) -> str:
    """The exact project path a note is for: this directory's project, a path given, or the one
    indexed project a name means (several: the error lists them)."""
    from deja import paths, projects

    if not arg:
        return projects.root_of(projects.normalise(os.getcwd()))
    from deja.store import Store

    if Store.exists(paths.index_dir()) and "/" not in arg and not arg.startswith(("~", ".")):
        with Store(paths.index_dir(), readonly=True) as store:
            return projects.resolve(store.catalog, arg) or arg
    return projects.root_of(projects.normalise(arg))


@click.command()
@click.argument("text", nargs=-1, required=True)
@click.option("--project", help="The project it belongs to (default: this directory).")
@click.option("--tag", "tags", multiple=True, help="A tag (repeatable).")
@click.option("--json", "as_json", is_flag=True)
def remember(text, project, tags, as_json) -> None:
    """Write down something worth finding later: a decision, a command, a fact."""
    entry, searchable = notes.remember(" ".join(text), _project(project), list(tags))
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "note": entry, "searchable": searchable})
        return
    render.echo(f"remembered for {entry['project']}" + ("" if searchable else " (searchable after the next index)"))


