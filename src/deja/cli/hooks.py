"""The hidden hook commands agents call: `deja hook-context|hook-prompt|hook-tool|hook-precompact`.

Each reads the host's JSON payload on stdin and prints the host's hook output (or nothing).
They always exit 0: a hook must never block or break the agent that runs it. They take no
options (arguments a host appends are ignored), so they run without click: an agent waits for
every one of them.

- hook-context: session start: this project's recent sessions and notes.
- hook-prompt: prompt submitted: recall when history has something relevant.
- hook-tool: before a tool runs: the file's or command's history, when it shows a pattern.
- hook-precompact: before compaction: index the live transcript.
"""

from __future__ import annotations

import sys


def run(command: str) -> None:
    """Run `hook-<kind>` on stdin's payload and print what the host should see."""
    from deja.hooks import handlers as hooks

    out = hooks.run(command.removeprefix("hook-"), hooks.read_stdin())
    if out:
        try:
            sys.stdout.write(out + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):
            pass
