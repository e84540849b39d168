"""The click group: every command, imported only when it runs (`deja.cli.COMMANDS`); and the
small commands about deja itself (`config`, `version`, `completion`)."""

from __future__ import annotations

import importlib
import os

import click

from deja import __version__
from deja.cli import COMMANDS, EXAMPLES, HIDDEN, render


class LazyGroup(click.Group):
    """`deja QUERY` is `deja search QUERY`; subcommands load on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module = importlib.import_module(COMMANDS[name][0])
        cmd: click.Command = getattr(module, name.replace("-", "_"))
        if name in EXAMPLES and not cmd.epilog:
            cmd.epilog = f"\b\nExample:\n  {EXAMPLES[name]}"
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, help_) for name, (_, help_) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in COMMANDS and args[0] not in HIDDEN and args[0] not in ("--help", "-h", "--version"):
            args = ["search", *args]
        return super().parse_args(ctx, args)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="\b\nExamples:\n  deja \"connection refused\"\n  deja last\n  deja show 465046b8")
@click.version_option(__version__, prog_name="deja")
@click.option("--color", type=click.Choice(render.COLOR_MODES), expose_value=False, is_eager=True,
              callback=lambda ctx, _p, v: render.set_colour(v) if v else None,
              help="Colour: auto (a terminal, unless NO_COLOR or TERM=dumb), always, never. Any command takes it.")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """A memory of everything your coding agents said and did on this machine.

    deja QUERY searches it (same as `deja search QUERY`).
    """
    ctx.color = render.colour_on()  # click.echo and click.style in every command follow it


@click.command()
@click.option("--json", "as_json", is_flag=True)
def version(as_json) -> None:
    """The version of deja, and of what it runs on."""
    import platform
    import sqlite3
    from importlib.metadata import version as dist_version

    info = {"deja": __version__, "python": platform.python_version(), "tantivy": dist_version("tantivy"),
            "sqlite": sqlite3.sqlite_version}
    if as_json:
        from deja.search import SCHEMA_VERSION

        render.emit_json({"schema_version": SCHEMA_VERSION, **info})
        return
    click.echo(f"deja {info['deja']} (Python {info['python']}, tantivy {info['tantivy']}, SQLite {info['sqlite']})")


@click.command()
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell) -> None:
    """Print a completion script for SHELL: commands, options and their values complete.

    \b
    bash: deja completion bash >> ~/.bashrc
    zsh:  deja completion zsh >> ~/.zshrc
    fish: deja completion fish > ~/.config/fish/completions/deja.fish
    """
    from click.shell_completion import get_completion_class

    cls = get_completion_class(shell)
    assert cls is not None
    click.echo(cls(cli, {}, "deja", "_DEJA_COMPLETE").source())


@click.command()
@click.option("--json", "as_json", is_flag=True)
def config(as_json) -> None:
    """Every setting in force and where it came from: default, file, env or flag."""
    from deja import config as cfg
    from deja.sources import HARNESSES, available

    colour, colour_from = render.colour_mode()
    rows: list[tuple[str, object, str]] = [("color", colour, colour_from)]
    for key in ("roles", "semantic", "limit", "last"):
        value, origin = cfg.get(key)
        if key == "roles" and value is None:
            from deja.roles import SPEECH_ROLES

            value = [r.value for r in SPEECH_ROLES]
        rows.append((key, value, origin))
    off = cfg.harnesses_off()
    only = {w.strip() for w in os.environ.get("DEJA_SOURCES", "").split(",") if w.strip()}
    have = set(available())
    for h in HARNESSES:
        if h in off:
            rows.append((f"harnesses.{h}", False, "file"))
        elif only and h not in only:
            rows.append((f"harnesses.{h}", False, "env (DEJA_SOURCES)"))
        else:
            rows.append((f"harnesses.{h}", h in have, "default"))
    rows += _hub_rows()
    if as_json:
        from deja.search import SCHEMA_VERSION

        render.emit_json({"schema_version": SCHEMA_VERSION, "file": str(cfg.path()), "exists": cfg.path().exists(),
                          "settings": [{"key": k, "value": v, "from": o} for k, v, o in rows]})
        return
    where = cfg.path()
    # (the file's own values, shown as any text is: render.echo redacts them and escapes what a
    # terminal would obey or draw as nothing)
    render.echo(f"config file  {where}" + ("" if where.exists() else " (none: every value is a default)"))
    wide = max(len(k) for k, _, _ in rows)
    for k, v, o in rows:
        shown = ", ".join(map(str, v)) if isinstance(v, list) else str(v).lower() if isinstance(v, bool) else str(v)
        render.echo(f"{k:<{wide}}  {shown:<24} {render.style(o, dim=True)}")


def _hub_rows() -> list[tuple[str, object, str]]:
    """The team hub's settings: its DSN shown as its label (never the password), the shared
    projects."""
    from deja import config as cfg
    from deja.pg import dsn

    table = cfg.load().get("hub") or {}
    env = os.environ.get("DEJA_HUB_DSN", "").strip()
    if env:
        hub: tuple[object, str] = (dsn.label(env), "env (DEJA_HUB_DSN)")
    elif table.get("dsn"):
        hub = (dsn.label(table["dsn"]), "file")
    else:
        hub = ("", "default")
    return [("hub.dsn", *hub), ("hub.shared", list(table.get("shared") or []), "file" if "shared" in table else "default")]
