"""`deja search`: its body, which the click command shares, and a reader for its arguments that
runs the plain case without importing click.

`parse` takes only what the click command would read the same way (words, the search options
with valid values, `--`). Anything else (help, an unknown option, a bad value, no words) is left
to click, so help and usage errors read as they do for every other command.
"""

from __future__ import annotations

import time

from deja import config, paths
from deja.ingest import fresh
from deja.cli import COMMANDS, HIDDEN, render
from deja.roles import roles_from_names
from deja.search import SCHEMA_VERSION, Options, record_recalls, search as run_search
from deja.search.query import QUERY_CHARS, parse_since
from deja.sources import HARNESSES

LIMIT_MAX = config.LIMIT_MAX  # --limit's range is 1..LIMIT_MAX, as the config file's `limit` and `last`
_FLAGS = {"--all": "all_", "--re": "regex", "--rebuild": "rebuild", "--explain": "explain", "--no-embed": "no_embed",
          "--json": "as_json"}
_VALUES = {"--harness": "harness", "--project": "project", "--since": "since", "--role": "roles", "--limit": "limit",
           "--from": "origin"}


def parse(args: list[str]) -> dict | None:
    """`search`'s keyword arguments from `deja [search] …`, or None to leave the arguments to click."""
    if args and args[0] == "search":
        args = args[1:]
    elif not args or args[0] in COMMANDS or args[0] in HIDDEN or args[0] in ("--help", "-h", "--version"):
        return None
    out: dict = {"query": [], "roles": [], "limit": None}
    rest = iter(args)
    for a in rest:
        if not a.startswith("-") or a == "-":
            out["query"].append(a)
        elif a == "--":
            out["query"] += rest
        elif a in _FLAGS:
            out[_FLAGS[a]] = True
        else:
            name, eq, value = a.partition("=")
            if name not in _VALUES:
                return None
            if not eq:
                following = next(rest, None)
                if following is None:
                    return None
                value = following
            if name == "--role":
                out["roles"].append(value)
            elif name == "--limit":
                try:
                    out["limit"] = int(value)
                except ValueError:
                    return None
                if not 1 <= out["limit"] <= LIMIT_MAX:
                    return None
            elif name == "--harness" and value not in HARNESSES:
                return None
            else:
                out[_VALUES[name]] = value
    return out if out["query"] else None


def options(harness: str | None = None, project: str | None = None, since: str | None = None, roles=(),
            limit: int | None = None, all_: bool = False, regex: bool = False, no_embed: bool = False,
            origin: str | None = None) -> Options:
    """A search's options from its arguments, the config file's defaults filled in: what every
    front that searches as `deja search` does (the CLI, the web page)."""
    if limit is None:
        limit = config.number("limit")
    if not roles:
        roles = config.get("roles")[0] or ()
    if not no_embed and config.get("semantic")[0] is False:
        no_embed = True
    return Options(
        harness=harness,
        project=project,
        since=parse_since(since, time.time()) if since else None,
        roles=roles_from_names(roles),
        limit=limit,
        all=all_,
        regex=regex,
        embed=not no_embed,
        origin=origin,
    )


def result_json(result, notice: str = "") -> dict:  # result: deja.search.Result
    """`deja search --json`'s answer for a result (before the redaction `render.json_text` makes)."""
    return {
        "schema_version": SCHEMA_VERSION,
        "query": result.query,
        "tier": result.tier,
        "total": result.total,
        "capped": result.capped,
        # a rebuild running, a refresh in the background: the answer may be behind
        "rebuilding": fresh.rebuild_note(paths.index_dir()) != "",
        "notice": notice or None,
        "hits": [
            {
                "session": render.session_json(h.session),
                "count": h.count,
                "snippets": [s.text for s in h.snippets],
                "snippet_roles": [s.role for s in h.snippets],
                "score": h.score,
                "answer": h.answer.text if h.answer is not None else None,
                "coverage": round(h.coverage, 3),
                "decision": h.decision or None,
                "state": h.state or None,
            }
            for h in result.hits
        ],
    }


# The CPU seconds a `--re` search may take: a pattern that backtracks without end on some record
# (`(a|aa)+$` against a run of `a`s) otherwise never answers. Python's regex engine checks for
# signals as it matches, so a CPU timer stops it (main thread only; elsewhere no bound).
REGEX_CPU = 60.0


def _searched(store, text: str, opts):  # -> deja.search.Result
    import signal
    import threading

    from deja.errors import QueryError

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        return run_search(store, text, opts)

    def stop(*_):
        raise QueryError(f"the regular expression ran {REGEX_CPU:g} s of CPU without an answer (a pattern like "
                         "(a|aa)+ backtracks without end on some text): make it simpler")

    before = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, REGEX_CPU)
    try:
        return run_search(store, text, opts)
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, before)


def search(query, harness=None, project=None, since=None, roles=(), limit=None, all_=False, regex=False, rebuild=False,
           explain=False, no_embed=False, as_json=False, last=False, origin=None) -> int:
    """Find sessions: words are ANDed, "quoted words" are a phrase. Returns the exit code.

    `last`: the process ends right after (deja.cli.main), so the store is left open: closing the
    catalog's last connection checkpoints its WAL (a write and two fsyncs, 1-8 ms on a busy disk)
    that a later writer's automatic checkpoint does anyway; SQLite reads an open WAL as it reads a
    crashed writer's.
    """
    text = " ".join(query)
    opts = options(harness, project, since, roles, limit, all_, regex, no_embed, origin)
    msg = ""
    if rebuild:
        from deja.ingest import rebuild as rebuilding
        from deja.ingest.lock import WriterLock
        from deja.store import Store

        lock = WriterLock(paths.index_dir())
        lock.acquire(wait=True, notice=render.progress)
        try:
            rebuilding.run(paths.index_dir(), render.progress)
        finally:
            lock.release()
        store = Store(paths.index_dir())
    else:
        store, msg = render.open_fresh(quiet=as_json)
    if not regex and len(text) > QUERY_CHARS:  # (search.query.bounded)
        cut = f"the query is read up to its first {QUERY_CHARS:,} characters"
        msg = f"{msg}; {cut}" if msg else cut
        if not as_json:
            render.note(cut)
    try:
        result = _searched(store, text, opts) if regex else run_search(store, text, opts)
        if result.tier != "weak":
            record_recalls(store, result.hits)
        if not as_json:
            render.prepare(store.catalog, [h.session for h in result.hits])
    except BaseException:
        store.close()
        raise
    if not last:
        store.close()
    if as_json:
        render.emit_json(result_json(result, msg))
        return 0
    echo, style = render.echo, render.style
    if explain:
        render.note(f"query: {result.parsed}")
    if result.tier == "none":
        echo(f"No session matches {result.query!r}.")
        return 1
    if result.tier == "weak":
        echo(f"No session matches {result.query!r} well.")
        echo(style("Near misses, low confidence (they miss part of what was asked):", fg="yellow"))
    elif result.tier == "semantic":
        echo(style("No session has these words; the nearest in meaning:", fg="yellow"))
    elif result.tier == "relevance":
        echo(style("No session has every word; the nearest ones:", fg="yellow"))
    elif result.tier in ("stemmed", "close"):
        kind = "other forms of the words" if result.tier == "stemmed" else "close spellings of the words"
        echo(style(f"No session has every word as typed; matched {kind}:", fg="yellow"))
    for h in result.hits:
        state = f"  {style('[' + h.state + ']', fg='red' if h.state != 'accepted' else 'green')}" if h.state else ""
        echo(render.header(h.session) + state)
        for s in h.snippets:
            echo(render.snippet(s.role, s.text, s.marks))
        if h.answer is not None and all(s.seq != h.answer.seq for s in h.snippets):
            echo(render.snippet("answer", h.answer.text, h.answer.marks))
        if h.decision:
            echo(render.snippet("decided", h.decision, []))
    more = result.total - len(result.hits)
    if more > 0:
        render.note(f"{render.plural(more, 'more session')}; --limit N or --all to see them")
    return 1 if result.tier == "weak" else 0
