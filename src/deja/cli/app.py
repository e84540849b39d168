"""The click group: every command, imported only when it runs (`deja.cli.COMMANDS`)."""

from __future__ import annotations

import importlib

import click

from deja import __version__
from deja.cli import COMMANDS, HIDDEN


class LazyGroup(click.Group):
    """`deja QUERY` is `deja search QUERY`; subcommands load on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module = importlib.import_module(COMMANDS[name][0])
        return getattr(module, name.replace("-", "_"))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in COMMANDS and args[0] not in HIDDEN and args[0] not in ("--help", "-h", "--version"):
            args = ["search", *args]
        return super().parse_args(ctx, args)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deja")
def cli() -> None:
    """A memory of everything your coding agents said and did on this machine.

    deja QUERY searches it (same as `deja search QUERY`).
    """
