"""The `deja` command line: parse arguments, call the library, render. Nothing else."""

from __future__ import annotations

import os
import sys
import traceback

import click

from deja import __version__
from deja.errors import DejaError


class DefaultGroup(click.Group):
    """`deja QUERY` is `deja search QUERY`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["search", *args]
        return super().parse_args(ctx, args)


@click.group(cls=DefaultGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deja")
def cli() -> None:
    """A memory of everything your coding agents said and did on this machine.

    deja QUERY searches it (same as `deja search QUERY`).
    """


def _register() -> None:
    from deja.cli import forget, index, notes, search

    for module in (search, index, notes, forget):
        for cmd in module.COMMANDS:
            cli.add_command(cmd)


def main(argv: list[str] | None = None) -> None:
    _register()
    debug = os.environ.get("DEJA_DEBUG") == "1"
    try:
        rc = cli.main(args=argv, prog_name="deja", standalone_mode=False)
        sys.exit(rc if isinstance(rc, int) else 0)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.exceptions.Abort:
        click.echo("Error: interrupted", err=True)
        sys.exit(130)
    except click.ClickException as e:
        if debug:
            traceback.print_exc()
        hint = " (see `deja --help`)" if isinstance(e, click.UsageError) else ""
        click.echo(f"Error: {e.format_message()}{hint}", err=True)
        sys.exit(e.exit_code)
    except DejaError as e:
        if debug:
            traceback.print_exc()
        click.echo(f"Error: {e}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("Error: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(0)
    except Exception as e:  # a bug: still one line, unless asked for more
        if debug:
            traceback.print_exc()
        click.echo(f"Error: internal error: {type(e).__name__}: {e} (DEJA_DEBUG=1 shows the traceback)", err=True)
        sys.exit(1)
