"""The `deja` command line: parse arguments, call the library, render. Nothing else.

Commands are click commands (`deja.cli.app`), except that `deja QUERY` / `deja search QUERY`
is read without importing click when its arguments are the plain kind (`deja.cli.quick`): a
search is run by people and agents all day, and click costs a third of its time.
"""

from __future__ import annotations

import os
import sys

from deja.errors import DejaError


# name -> (module, one-line help). Commands are imported only when run: a hook or a search
# should not pay for importing every other command. The one-line help is the first paragraph of
# the command's docstring, copied here so `deja --help` imports nothing; a test keeps them equal.
COMMANDS: dict[str, tuple[str, str]] = {
    "search": ("deja.cli.search", "Find sessions: words are ANDed, \"quoted words\" are a phrase."),
    "show": ("deja.cli.search", "Print one session (ID, harness:ID or a unique prefix); on a terminal through $PAGER."),
    "last": ("deja.cli.search", "The N most recently updated sessions (default 10, or the config file's `last`)."),
    "embed": ("deja.cli.embed", "Embed sessions for search by meaning (incremental; resumes after an interruption)."),
    "index": ("deja.cli.index", "Bring the index up to date with every agent's history (with progress)."),
    "sources": ("deja.cli.index", "Every harness deja reads, and what its store gave."),
    "status": ("deja.cli.index", "Where the index is, how big, and how fresh."),
    "config": ("deja.cli.app", "Every setting in force and where it came from: default, file, env or flag."),
    "version": ("deja.cli.app", "The version of deja, and of what it runs on."),
    "completion": ("deja.cli.app", "Print a completion script for SHELL: commands, options and their values complete."),
    "remember": ("deja.cli.notes", "Write down something worth finding later: a decision, a command, a fact."),
    "forget": ("deja.cli.forget", "Remove sessions from the index for good; no later index brings them back."),
    "how": ("deja.cli.work", "The real invocations of a tool on this machine, by number of sessions, newest first."),
    "blame": ("deja.cli.work", "Sessions that touched or discussed a file, most specific mention first, with what was decided."),
    "fix": ("deja.cli.work", "What ran after this error in sessions where it did not come back (ERROR, or `-`/nothing: stdin)."),
    "ctx": ("deja.cli.work", "A markdown digest of the best session for QUERY (question, decision, commands, files), for a prompt."),
    "promote": ("deja.cli.curate", "Distil a session into a note (question, decision, commands, files); its state travels with its hits."),
    "mcp": ("deja.cli.work", "Serve deja's memory to agents over MCP (stdio)."),
    "files": ("deja.cli.history", "The files the work on a subject touched, the most specific to it first."),
    "friction": ("deja.cli.history", "Errors that hit three or more separate sessions, with the harnesses."),
    "restore": ("deja.cli.history", "Spans an agent's edits replaced in a file, newest first; never writes over the original."),
    "timeline": ("deja.cli.history", "Sessions newest first: title, harness, project, when, how many records."),
    "workspaces": ("deja.cli.history", "Projects with their session and record counts, harnesses and last activity."),
    "touched": ("deja.cli.history", "The files one session touched, with counts, first and last time."),
    "trace": ("deja.cli.history", "Lineage: a session's parents and its children (subagents, sidechains, forks), recursively."),
    "event": ("deja.cli.history", "The raw, unabridged source event behind record SEQ of a session (seq as `deja show` numbers it)."),
    "install": ("deja.cli.install", "Wire deja's MCP server (and with --hooks or --auto its hooks) into your agents."),
    "uninstall": ("deja.cli.install", "Remove deja's MCP server, hooks and skill from your agents' config, and nothing else."),
    "doctor": ("deja.cli.install", "Check the index, every agent's store, and deja's wiring into each agent."),
    "sync": ("deja.cli.sync", "Share history between machines: batches of redacted records (export, import), over ssh."),
    "resume": ("deja.cli.views", "The command that reopens a session in its own agent (--exec runs it)."),
    "handoff": ("deja.cli.views", "A short brief of a session for the next agent (--to AGENT starts it)."),
    "export": ("deja.cli.views", "A session as markdown, one HTML file or JSON, secrets redacted."),
    "share": ("deja.cli.views", "A session as markdown for a colleague: redacted, home paths as ~."),
    "stats": ("deja.cli.views", "Sessions per agent and project over time, busiest files, commands, redactions."),
    "log": ("deja.cli.views", "What hooks and MCP recall put into your agents, newest first."),
    "serve": ("deja.web.command", "A local web page on 127.0.0.1: search as you type, sessions, sources, notes."),
}

# One example per command: the last line of its help (deja.cli.app).
EXAMPLES: dict[str, str] = {
    'search': 'deja search "connection refused" --project ~/src/api --since 2w',
    'show': 'deja show 465046b8 --role user --limit 20',
    'last': 'deja last 5 --harness codex',
    'embed': 'deja embed',
    'index': 'deja index',
    'sources': 'deja sources',
    'status': 'deja status',
    'config': 'deja config',
    'version': 'deja version',
    'completion': 'deja completion bash >> ~/.bashrc',
    'remember': 'deja remember "staging deploys need VPN" --tag ops',
    'forget': 'deja forget --project ~/src/old-shop --dry-run',
    'how': 'deja how pytest',
    'blame': 'deja blame src/client.py',
    'fix': 'pytest 2>&1 | deja fix',
    'ctx': 'deja ctx "flaky login test" | pbcopy',
    'promote': "deja promote 465046b8 --note 'the fix we kept'",
    'mcp': 'deja mcp',
    'files': 'deja files "payment retries"',
    'friction': 'deja friction --since 30d',
    'restore': 'deja restore src/client.py --span 1 -o /tmp/client.py',
    'timeline': 'deja timeline --project . --since 7d',
    'workspaces': 'deja workspaces',
    'touched': 'deja touched 465046b8',
    'trace': 'deja trace 465046b8',
    'event': 'deja event 465046b8 3 --after 1',
    'sync': 'deja sync ssh devbox --both',
    'install': 'deja install claude-code --hooks',
    'uninstall': 'deja uninstall --all',
    'doctor': 'deja doctor',
    'resume': 'deja resume 465046b8',
    'handoff': 'deja handoff --to codex',
    'export': 'deja export 465046b8 --format html -o session.html',
    'share': 'deja share 465046b8 -o for-review.md',
    'stats': 'deja stats --by week',
    'log': 'deja log 5',
    'serve': 'deja serve --port 8787',
}

# Commands agents call, not people: never listed, run without click (deja.cli.hooks, docs/hooks.md).
HIDDEN = frozenset({"hook-context", "hook-prompt", "hook-tool", "hook-precompact"})


def main(argv: list[str] | None = None) -> None:
    args = list(argv if argv is not None else sys.argv[1:])
    debug = os.environ.get("DEJA_DEBUG") == "1"
    try:
        if os.environ.get("_DEJA_COMPLETE"):  # the shell asking for completions (deja completion)
            from deja.cli.app import cli

            cli.main(args=args, prog_name="deja")
        args = _colour_flag(args) or ["--help"]  # bare `deja`: the help
        # a search (`deja search …` or `deja QUERY`) may be the plain kind; any other command
        # must not pay for importing the search path
        first = args[0]
        root = _patterns(first) if argv is None and (first in HIDDEN or not first.startswith("-")) else ""
        if first in HIDDEN:
            from deja.cli import hooks

            hooks.run(first)
            sys.exit(0)
        if args == ["mcp"]:  # agents start it and wait for its handshake: no click, no search path
            from deja.mcp import start as mcp_start

            sys.exit(mcp_start.run())
        if first == "index" and len(set(args)) == len(args) and set(args[1:]) <= {"--json", "--background"}:
            from deja.cli import indexing  # the common case without click (`--rebuild`, `--help`: below)

            indexing.run(background="--background" in args, as_json="--json" in args, last=argv is None)
            if root:
                indexing.keep_patterns(root)
            if argv is None:  # the whole process, as after a search: no close, no teardown
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(0)
            sys.exit(0)
        searching = first == "search" or not (first in COMMANDS or first in HIDDEN or first.startswith("-"))
        plain = None
        if searching:
            from deja.cli import quick

            if root:
                _patterns_missed(root)
            plain = quick.parse(args)
        if plain is not None:
            rc = quick.search(**plain, last=argv is None)
            if argv is None:  # the whole process: its store is closed, its output written
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(rc)  # the interpreter's teardown would cost a search ~6 ms more
            sys.exit(rc)
        from deja.cli.app import cli

        rc = cli.main(args=args, prog_name="deja", standalone_mode=False)
        sys.exit(rc if isinstance(rc, int) else 0)
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001 - every way out is one line, one exit code
        sys.exit(_failed(e, debug))
    finally:
        if argv is not None:  # called by a process that goes on (a test, a program): start clean
            _end_run()


def _patterns(command: str) -> str:
    """The index directory, deja's compiled patterns kept there put into `re`'s cache before
    the command's modules are imported (deja.cli.patterns: a search's alone for a search, every
    one for the rest); "" when there is no index directory."""
    from deja import paths
    from deja.cli import patterns

    try:
        root = str(paths.index_dir())
    except DejaError:
        return ""  # HOME unset: the command says so itself
    patterns.load(root, every=command != "search" and (command in COMMANDS or command in HIDDEN))
    return root


def _patterns_missed(root: str) -> None:
    """After the search path's imports: what they compiled that the file lacked is noted for the
    next `deja index` (deja was upgraded or edited since the file was written)."""
    from deja.cli import patterns

    if patterns.missed():
        patterns.mark_stale(root)


def _end_run() -> None:
    """Drop the state one run left in deja's modules, so that the next `main(argv)` in this
    process runs as a fresh process would. A module keeping such state (a flag's setting, a
    once-per-run notice, an open reader) defines `end_run()`; caches that check what they cache
    against the file (its size and mtime) are kept, as a long-lived process (the MCP server) keeps
    them. The real command never calls it: its process ends."""
    for name, module in list(sys.modules.items()):
        hook = getattr(module, "end_run", None) if name.startswith("deja.") and module is not None else None
        if hook is not None and getattr(hook, "__module__", None) == name:
            hook()


def _colour_flag(args: list[str]) -> list[str]:
    """Take `--color auto|always|never` (or `--color=…`) out of the arguments, wherever it
    stands before a `--`, and set it for this run: every command reads it the same way."""
    out, rest = [], iter(args)
    for a in rest:
        if a == "--":
            out += [a, *rest]
            break
        name, eq, value = a.partition("=")
        if name != "--color":
            out.append(a)
            continue
        if not eq:
            value = next(rest, "")
        from deja.cli import render

        if value not in render.COLOR_MODES:
            raise DejaError(f"--color takes auto, always or never, not {value!r}")
        render.set_colour(value)
    return out


def _failed(e: BaseException, debug: bool) -> int:
    """Say what went wrong in one line (the traceback with DEJA_DEBUG=1); the exit code."""
    click = sys.modules.get("click")  # its exceptions can only come from a click command
    if click is not None and isinstance(e, click.exceptions.Exit):
        return e.exit_code
    if isinstance(e, KeyboardInterrupt) or (click is not None and isinstance(e, click.exceptions.Abort)):
        _say("Error: interrupted")
        return 130
    if isinstance(e, BrokenPipeError):
        sys.stderr.close()
        return 0
    if not isinstance(e, Exception):
        raise e
    if debug:
        import traceback

        traceback.print_exception(e)
    if click is not None and isinstance(e, click.ClickException):
        hint = " (see `deja --help`)" if isinstance(e, click.UsageError) else ""
        _say(f"Error: {e.format_message()}{hint}")
        return e.exit_code
    if isinstance(e, DejaError):
        _say(f"Error: {e}")
        return 1
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and type(e) is sqlite3.DatabaseError:  # a page of the catalog is torn
        from deja.errors import IndexDamaged

        _say(f"Error: {IndexDamaged(f'its catalog cannot be read ({e})')}")
        return 1
    # a bug: still one line, unless asked for more
    _say(f"Error: internal error: {type(e).__name__}: {e} (DEJA_DEBUG=1 shows the traceback)")
    return 1


def _say(message: str) -> None:
    from deja.terminal import visible  # an error may quote a path or an argument: shown, not obeyed

    sys.stderr.write(visible(message) + "\n")
    sys.stderr.flush()
