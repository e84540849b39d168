"""The hidden hook commands agents call: `deja hook-context|hook-prompt|hook-tool|hook-precompact`.

Each reads the host's JSON payload on stdin and prints the host's hook output (or nothing).
They always exit 0: a hook must never block or break the agent that runs it.
"""

from __future__ import annotations

import sys

import click

_SETTINGS = {"ignore_unknown_options": True, "allow_extra_args": True, "help_option_names": []}


def _hook(kind: str) -> None:
    from deja import hooks

    out = hooks.run(kind, hooks.read_stdin())
    if out:
        try:
            sys.stdout.write(out + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            pass


@click.command(context_settings=_SETTINGS, hidden=True)
def hook_context() -> None:
    """Session start: this project's recent sessions and notes."""
    _hook("context")


@click.command(context_settings=_SETTINGS, hidden=True)
def hook_prompt() -> None:
    """Prompt submitted: recall when history has something relevant."""
    _hook("prompt")


@click.command(context_settings=_SETTINGS, hidden=True)
def hook_tool() -> None:
    """Before a tool runs: the file's or command's history, when it shows a pattern."""
    _hook("tool")


@click.command(context_settings=_SETTINGS, hidden=True)
def hook_precompact() -> None:
    """Before compaction: index the live transcript."""
    _hook("precompact")
