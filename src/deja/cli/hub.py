"""`deja sync push|pull|share|unshare|shared`: the team hub on PostgreSQL (deja.hub).

Added to the `sync` group by deja.cli.sync. psycopg is imported only by push and pull.
"""

from __future__ import annotations

import click

from deja.cli import render
from deja.search import SCHEMA_VERSION

_DSN_HELP = "DSN: a libpq connection string (postgresql://user@host/db); else DEJA_HUB_DSN, else `dsn` under [hub] in the config."


@click.command()
@click.argument("dsn", required=False)
@click.option("--full", is_flag=True, help="Send every shared record again, not only what is new for this hub.")
@click.option("--json", "as_json", is_flag=True)
def push(dsn: str | None, full: bool, as_json: bool) -> None:
    """Send the projects you shared (deja sync share) to a team hub; nothing else leaves.

    \b
    Records are redacted, keyed as `deja sync export` keys them, and appended: pushing again,
    or two machines at once, adds nothing twice. Only what is new since this machine's last
    push to that hub is sent; --full sends it all (the hub keeps one copy).
    """
    from deja.hub import shared, transfer

    r = transfer.push(shared.dsn(dsn), full=full)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "hub": r.hub, "machine": r.machine,
                          "projects": r.projects, "records": r.sent, "sessions": r.sessions,
                          "added": r.added, "duplicate": r.duplicate})
        return
    if not r.sent:
        render.echo(f"nothing new to push from {r.machine} to {r.hub} (--full sends everything shared)")
        return
    render.echo(f"pushed {render.plural(r.sent, 'record')} of {render.plural(r.sessions, 'session')} from "
                f"{r.machine} to {r.hub}: {r.added:,} added, {r.duplicate:,} already there")


@click.command()
@click.argument("dsn", required=False)
@click.option("--full", is_flag=True, help="Fetch everything on the hub again, not only what arrived since the last pull.")
@click.option("--json", "as_json", is_flag=True)
def pull(dsn: str | None, full: bool, as_json: bool) -> None:
    """Import what other machines pushed to a team hub; search them here like your own.

    \b
    Pulled sessions are imported ones: their ids end in @<machine>, `--from MACHINE` finds them,
    and search never waits on the hub. Pulling again adds nothing.
    """
    from deja.pg import dsn as dsn_rule
    from deja.hub import shared, transfer

    given = shared.dsn(dsn)
    c = transfer.pull(given, full=full)
    label = dsn_rule.label(given)
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "hub": label, **c.as_dict()})
        return
    parts = [f"{c.added:,} added", f"{c.duplicate:,} already here"]
    if c.forgotten:
        parts.append(f"{c.forgotten:,} of forgotten sessions")
    if c.skipped:
        parts.append(f"{c.skipped:,} unreadable skipped")
    total = c.added + c.duplicate + c.forgotten + c.skipped + c.own
    render.echo(f"pulled {render.plural(total, 'record')} from {label}: {', '.join(parts)}")


@click.command()
@click.argument("path")
@click.option("--json", "as_json", is_flag=True)
def share(path: str, as_json: bool) -> None:
    """Share a project with the team hub: `deja sync push` sends its sessions from now on.

    \b
    PATH is a project directory (its git root is the project). Nothing is shared by default;
    the list is kept under [hub] in deja's config file.
    """
    from deja.hub import shared

    project, changed = shared.share(path)
    _said(project, changed, as_json, f"sharing {project}: `deja sync push` sends its sessions",
          f"{project} is already shared")


@click.command()
@click.argument("path")
@click.option("--json", "as_json", is_flag=True)
def unshare(path: str, as_json: bool) -> None:
    """Stop sharing a project: later pushes leave it out.

    \b
    What was pushed already stays on the hub (its table is append-only).
    """
    from deja.hub import shared

    project, changed = shared.unshare(path)
    _said(project, changed, as_json,
          f"no longer sharing {project}; what was pushed before stays on the hub",
          f"{project} was not shared (`deja sync shared` lists what is)")


@click.command("shared")
@click.option("--json", "as_json", is_flag=True)
def shared_(as_json: bool) -> None:
    """The projects `deja sync push` sends (nothing else ever leaves)."""
    from deja.hub import shared

    paths = shared.shared()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "shared": paths})
        return
    for p in paths:
        render.echo(p)
    if not paths:
        render.echo("nothing is shared: `deja sync push` sends nothing until `deja sync share PATH`")


def _said(project: str, changed: bool, as_json: bool, done: str, already: str) -> None:
    if as_json:
        from deja.hub import shared

        render.emit_json({"schema_version": SCHEMA_VERSION, "project": project, "changed": changed,
                          "shared": shared.shared()})
        return
    render.echo(done if changed else already)


COMMANDS = (push, pull, share, unshare, shared_)
