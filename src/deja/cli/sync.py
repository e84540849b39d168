"""`deja sync`: share history between machines by files (`export`, `import`) and ssh (`ssh`).
The record format, keys and watermarks: deja.sync and docs/sync.md."""

from __future__ import annotations

from pathlib import Path

import click

from deja.cli import render
from deja.search import SCHEMA_VERSION


@click.group()
def sync() -> None:
    """Share history between machines: batches of redacted records (export, import), over ssh.

    \b
    Each record keeps the machine it came from; imported sessions are searchable like your own
    (`--from MACHINE|local` filters search, last and timeline) and never clobber them.
    """


def _counts_line(c) -> str:  # c: deja.sync.imports.Counts
    parts = [f"imported {render.plural(c.added, 'record')}", f"{c.duplicate:,} already here"]
    if c.own:
        parts.append(f"{c.own:,} from this machine itself (not imported)")
    if c.forgotten:
        parts.append(f"{c.forgotten:,} of forgotten sessions")
    if c.skipped:
        parts.append(f"{c.skipped:,} unreadable line(s) skipped")
    line = ", ".join(parts) + f" (from {render.plural(c.batches, 'batch', 'batches')})"
    if c.truncated:
        line += f"; cut short: {', '.join(c.truncated)}"
    return line


@sync.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--full", is_flag=True, help="Send everything, not only what is newer than the last export.")
@click.option("--json", "as_json", is_flag=True)
def export_(directory: Path, full: bool, as_json: bool) -> None:
    """Write this machine's new history, and what it imported, as a batch in DIRECTORY.

    \b
    The batch is deja-sync-<machine>-<timestamp>.jsonl: one redacted record per line. Only what
    is newer than the last export is written (a watermark per source); --full writes it all.
    The machine name: DEJA_MACHINE, else `machine` in the config file, else the host name.
    """
    from deja.sync import export

    path, ex = export.export_dir(directory, full=full)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "batch": str(path) if path else None,
                          "machine": ex.me, "records": ex.exported, "sessions": ex.sessions})
        return
    if path is None:
        render.echo(f"nothing new to export from {ex.me} (--full exports everything)")
        return
    render.echo(f"exported {render.plural(ex.exported, 'record')} of {render.plural(ex.sessions, 'session')} "
                f"to {path}")


@sync.command("import")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True)
def import_(directory: Path, as_json: bool) -> None:
    """Import every batch in DIRECTORY (deja-sync-*.jsonl); importing one again adds nothing.

    \b
    Imported sessions keep their harness and the machine they came from; their ids end in
    @<machine>. They are kept under ~/.local/share/deja/imported (your data, not the cache).
    """
    from deja.sync import imports

    counts = imports.import_dir(directory)
    if counts.added:
        imports.reindex()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, **counts.as_dict()})
        return
    render.echo(_counts_line(counts))


# The team hub (branch `hub`): push, pull, share, unshare, shared.
from deja.cli import hub as _hub  # noqa: E402

for _command in _hub.COMMANDS:
    sync.add_command(_command)
