"""`deja serve`, the command: here rather than in deja.cli, so that the web front may use the
CLI's funnels (deja.cli.render, deja.cli.quick) without a cycle; deja.cli names it only by its
module path (deja.cli.COMMANDS)."""

from __future__ import annotations

import click

from deja.errors import DejaError
from deja.web.server import DEFAULT_PORT, HOST, HOSTS_ALLOWED


@click.command()
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535),
              help="The port on 127.0.0.1 (0: any free one; the URL printed says which).")
@click.option("--host", default=HOST, show_default=True,
              help="Only 127.0.0.1 (or localhost): the page shows your whole history.")
@click.option("--no-open", "no_open", is_flag=True, help="Do not open a browser; just print the URL.")
def serve(port, host, no_open) -> None:
    """A local web page on 127.0.0.1: search as you type, sessions, sources, notes.

    A local web page: search as you type, sessions, sources and their switches, notes, stats.

    It listens on 127.0.0.1 only and prints a URL holding a random token; a request without the
    token is refused. It reads the index, never refreshes it (run `deja index`) and writes
    nothing but the config file's [harnesses] switches. Ctrl-C stops it.
    """
    if host not in HOSTS_ALLOWED:
        raise DejaError(f"deja serve listens on 127.0.0.1 only, not {host!r}: the page shows your whole history "
                        f"(to open it from another machine, forward the port: ssh -L {port}:{HOST}:{port} HOST)")
    from deja.web import server

    server.serve(port, open_browser=not no_open)
