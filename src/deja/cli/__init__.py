"""The `deja` command line: parse arguments, call the library, render. Nothing else."""

from __future__ import annotations

import importlib
import os
import sys
import traceback

import click

from deja import __version__
from deja.errors import DejaError


# name -> (module, one-line help). Commands are imported only when run: a hook or a search
# should not pay for importing every other command.
COMMANDS: dict[str, tuple[str, str]] = {
    "search": ("deja.cli.search", "Find sessions: words are ANDed, \"quoted words\" are a phrase."),
    "show": ("deja.cli.search", "Print one session (ID or a unique prefix of it)."),
    "last": ("deja.cli.search", "The N most recently updated sessions."),
    "embed": ("deja.cli.embed", "Embed sessions for search by meaning (needs deja[semantic])."),
    "index": ("deja.cli.index", "Bring the index up to date with every agent's history."),
    "sources": ("deja.cli.index", "Every harness deja reads, and what its store gave."),
    "status": ("deja.cli.index", "Where the index is, how big, and how fresh."),
    "remember": ("deja.cli.notes", "Write down something worth finding later."),
    "forget": ("deja.cli.forget", "Remove sessions from the index for good."),
    "how": ("deja.cli.work", "The real invocations of a tool: pytest, docker build, cargo test."),
    "blame": ("deja.cli.work", "Sessions that touched or discussed a file, with what was decided."),
    "fix": ("deja.cli.work", "What ran after this error where it did not come back."),
    "ctx": ("deja.cli.work", "A markdown digest of the best session for a query, for a prompt."),
    "promote": ("deja.cli.curate", "Distil a session into a note and mark it accepted, rejected, superseded or stale."),
    "mcp": ("deja.cli.work", "Serve deja's memory to agents over MCP (stdio)."),
    "files": ("deja.cli.history", "The files the work on a subject touched, most specific first."),
    "friction": ("deja.cli.history", "Errors that hit three or more separate sessions, with the harnesses."),
    "restore": ("deja.cli.history", "Spans an agent's edits replaced in a file; never writes over it."),
    "timeline": ("deja.cli.history", "Sessions newest first (--project P)."),
    "workspaces": ("deja.cli.history", "Projects with their session and record counts."),
    "touched": ("deja.cli.history", "The files one session touched, with counts and times."),
    "trace": ("deja.cli.history", "A session's lineage: parent and children (subagents, sidechains)."),
    "event": ("deja.cli.history", "The raw source event behind one record of a session."),
    "install": ("deja.cli.install", "Wire deja into your agents (MCP server; --auto adds the hooks)."),
    "uninstall": ("deja.cli.install", "Remove deja's entries from your agents' config, nothing else."),
    "doctor": ("deja.cli.install", "Check the index, the stores, the agents' wiring; say what to fix."),
}

# Commands agents call, not people: resolvable, never listed (docs/hooks.md).
HIDDEN: dict[str, str] = {
    "hook-context": "deja.cli.hooks",
    "hook-prompt": "deja.cli.hooks",
    "hook-tool": "deja.cli.hooks",
    "hook-precompact": "deja.cli.hooks",
}


class LazyGroup(click.Group):
    """`deja QUERY` is `deja search QUERY`; subcommands load on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS and name not in HIDDEN:
            return None
        module = importlib.import_module(COMMANDS[name][0] if name in COMMANDS else HIDDEN[name])
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


def main(argv: list[str] | None = None) -> None:
    if not (argv if argv is not None else sys.argv[1:]):
        argv = ["--help"]  # bare `deja`: the help, not an error
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
