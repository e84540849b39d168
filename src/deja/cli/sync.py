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


@sync.command("export", epilog="\b\nExample:\n  deja sync export /mnt/usb/deja")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--full", is_flag=True, help="Send everything, not only what is newer than the last export.")
@click.option("--to", "destination", default="files", hidden=True, help="Whose watermarks apply (deja sync ssh).")
@click.option("--pending", is_flag=True, hidden=True, help="Leave the watermarks for `deja sync commit DIR`.")
@click.option("--for", "for_", default="", hidden=True, help="The machine it is for: its own records stay here.")
@click.option("--json", "as_json", is_flag=True)
def export_(directory: Path, full: bool, destination: str, pending: bool, for_: str, as_json: bool) -> None:
    """Write this machine's new history, and what it imported, as a batch in DIRECTORY.

    \b
    The batch is deja-sync-<machine>-<timestamp>.jsonl: one redacted record per line. Only what
    is newer than the last export is written (a watermark per source); --full writes it all.
    The machine name: DEJA_MACHINE, else `machine` in the config file, else the host name.
    """
    from deja.sync import export

    path, ex = export.export_dir(directory, full=full, destination=destination, pending=pending,
                                  skip_origin=for_)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "batch": str(path) if path else None,
                          "machine": ex.me, "records": ex.exported, "sessions": ex.sessions})
        return
    if path is None:
        render.echo(f"nothing new to export from {ex.me} (--full exports everything)")
        return
    render.echo(f"exported {render.plural(ex.exported, 'record')} of {render.plural(ex.sessions, 'session')} "
                f"to {path}")


@sync.command("import", epilog="\b\nExample:\n  deja sync import /mnt/usb/deja")
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


@sync.command("commit", hidden=True)
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
def commit(directory: Path) -> None:
    """Move the watermarks a `deja sync export --pending DIR` left (its batch arrived)."""
    from deja.sync import export

    if not export.commit_pending(directory):
        from deja.errors import DejaError

        raise DejaError(f"no pending export in {directory}")


@sync.command("machine", hidden=True)
def machine() -> None:
    """This machine's name, as its records carry it (what `deja sync ssh` asks the remote)."""
    from deja.sync import format

    render.echo(format.machine())


@sync.command("ssh", epilog="\b\nExamples:\n  deja sync ssh devbox --both\n  deja sync ssh me@10.0.0.5:2222 --pull")
@click.argument("host")
@click.option("--pull", "mode", flag_value="pull", help="Only bring HOST's new history here.")
@click.option("--both", "mode", flag_value="both", help="Send, then bring HOST's new history here.")
@click.option("--full", is_flag=True, help="Send everything, not only what is new since the last sync with HOST.")
@click.option("--json", "as_json", is_flag=True)
def ssh(host: str, mode: str | None, full: bool, as_json: bool) -> None:
    """Sync with HOST over ssh and scp: send this machine's new history (and what it imported).

    \b
    HOST is an ssh config alias or [user@]host[:port]. deja must be installed there (on PATH, or
    ~/.local/bin/deja). DEJA_SSH_OPTS adds options to ssh and scp (e.g. "-i ~/.ssh/id_sync");
    DEJA_SSH / DEJA_SCP name other commands. Watermarks are kept per HOST.
    """
    from deja.sync import ssh as over

    r = over.run(host, mode or "push", full)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "host": r.host, "pushed": r.pushed,
                          "remote": r.remote or None, "pulled": r.pulled,
                          "local": r.local.as_dict() if r.local is not None else None})
        return
    if (mode or "push") in ("push", "both"):
        if not r.pushed:
            render.echo(f"nothing new to send to {r.host}")
        else:
            added, dup, own = (r.remote.get(k, "?") for k in ("added", "duplicate", "own"))
            render.echo(f"sent {render.plural(r.pushed, 'record')} to {r.host}: {added} new there, {dup} already there"
                        + (f", {own} its own" if own else ""))
    if r.local is not None:
        render.echo(f"from {r.host}: " + _counts_line(r.local) if r.pulled else f"nothing new from {r.host}")


# The team hub (branch `hub`): push, pull, share, unshare, shared.
from deja.cli import hub as _hub  # noqa: E402

for _command in _hub.COMMANDS:
    sync.add_command(_command)
