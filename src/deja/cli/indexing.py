"""`deja index`, without click: run by people after a change and by the background refresh a
search starts, so its start-up counts (`deja index` with no option but --json / --background
comes here straight from `deja.cli.main`; `--rebuild` and `--help` go through click, which calls
`run` too)."""

from __future__ import annotations

import os
import time

from deja import paths, times
from deja.cli import render
from deja.ingest import fresh
from deja.text import redact

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.ingest import status as health


def run(rebuild: bool = False, background: bool = False, as_json: bool = False, last: bool = False) -> None:
    """The whole of `deja index`: the refresh (or a rebuild) under the writer lock, then its
    one-line summary, the first run's overview, or the JSON report. `last`: the process ends
    right after (deja.cli.main), so the catalog is left open, as a search leaves it (cli/quick):
    its close would checkpoint the WAL (a copy and two fsyncs, 10-30 ms after an append) that a
    later writer's automatic checkpoint does anyway; every commit is in the WAL already."""
    if not redact.enabled() and not background:
        render.note("DEJA_NO_REDACT=1: secrets are written to the index unredacted (unsafe)")
    quiet = as_json or background
    root = paths.index_dir()
    progress = None if quiet else render.progress
    deadline = None
    if background:
        seconds, grace = fresh.refresh_deadline()
        deadline = time.monotonic() + seconds
        fresh.watchdog(seconds + grace)
    from deja.errors import IndexDamaged, IndexOutdated
    from deja.ingest.lock import WriterLock, open_locked
    from deja.store import Store, generations

    first = rebuild or not generations.exists(root)
    lock = WriterLock(root)
    # a background refresh never queues behind another writer: that one picks the changes up,
    # or the next search starts another
    if not lock.acquire(wait=not background, notice=progress):
        return
    outcome = None
    try:
        try:
            store = None if rebuild else open_locked(root)
        except (IndexDamaged, IndexOutdated) as e:
            if not quiet:
                render.note(f"{e}" if isinstance(e, IndexOutdated) else f"the index is damaged ({e.reason}): rebuilding it")
            store = None
        if store is None:
            outcome = _rebuild(root, progress)
            report = outcome.report
            store = Store(root, readonly=True)
        else:
            try:
                report = fresh.refresh(store, progress=progress, deadline=deadline)
                store.text.close()
            except BaseException:
                store.close()
                raise
        render.end_progress()
        try:
            files, sessions, records = store.catalog.totals(keep=True)
            seen = None
            if (first or as_json) and not background:
                from deja.ingest import status as health

                seen = health.found(store)
        finally:
            if not last:
                store.close()
    finally:
        lock.release()
    if background:
        os._exit(0)  # nothing to say; and a pool stopped at the deadline is not waited for
    if as_json:
        d = report.as_dict()
        assert seen is not None
        extra = {"rebuild": outcome.as_dict()} if outcome is not None else {}
        from deja.search import SCHEMA_VERSION

        render.emit_json({"schema_version": SCHEMA_VERSION, **d, **extra,
                          "index": {"files": files, "sessions": sessions, "records": records},
                          "agents": [{"harness": a.harness, "sessions": a.sessions, "first": times.iso(a.first),
                                      "last": times.iso(a.last)} for a in seen.agents],
                          "not_found": seen.missing, "example_query": seen.example or None})
        return
    if outcome is not None and outcome.summary():
        render.note(outcome.summary())
    if seen is not None:
        _first_run(report, seen, records)
        return
    render.echo(
        f"indexed {report.parsed} changed {'file' if report.parsed == 1 else 'files'} of {report.files} "
        f"({report.appended} appended, {report.gone} deleted by their harness and kept) in {report.seconds:.2f}s: "
        f"{render.plural(report.records, 'record')}, {render.plural(report.redactions, 'redaction')}, "
        f"{report.errors} unreadable; index holds {render.plural(sessions, 'session')}, {render.plural(records, 'record')}"
    )


def keep_patterns(root: str) -> None:
    """After a whole `deja index` process: deja's compiled patterns written beside the index
    when the file is missing or outdated (deja.cli.patterns), in a process of its own that compiled
    nothing but deja's constants. Waited for: it runs once per upgrade, ~0.2 s."""
    from deja.cli import patterns

    if not patterns.stale(root):
        return
    import subprocess
    import sys

    try:
        subprocess.run([sys.executable, "-m", "deja.cli.patterns", root], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        pass  # a convenience: searches compile as before


def _rebuild(root, progress):
    from deja.ingest import rebuild

    return rebuild.run(root, progress)


def _first_run(report, seen: health.Found, records: int) -> None:
    """After the first index: one line per agent found, those not found in one line, and a
    query to try taken from the user's own history."""
    unread = (f"{render.plural(report.errors, 'store file')} could not be read: `deja sources` says which, "
              "`deja doctor` what to do") if report.errors else ""
    if not seen.agents:
        if unread:  # a store is there, and none of it could be read: not "no history"
            render.echo(f"no session indexed: {unread}")
            return
        render.echo(f"no agent history found on this machine (deja reads {', '.join(seen.missing)}); "
                   "`deja index` again once an agent has run")
        return
    total = sum(a.sessions for a in seen.agents)
    render.echo(f"indexed {render.plural(total, 'session')} from {render.plural(len(seen.agents), 'agent')} "
               f"in {report.seconds:.1f}s: {render.plural(records, 'record')}, "
               f"{render.plural(report.redactions, 'secret')} redacted")
    width = max(len(a.harness) for a in seen.agents)
    count = max(len(render.plural(a.sessions, "session")) for a in seen.agents)
    for a in seen.agents:
        first, last = times.when(a.first)[:10], times.when(a.last)[:10]
        span = first if first == last else f"{first} to {last}"
        render.echo(f"  {render.style(a.harness.ljust(width), fg='magenta')}  {render.plural(a.sessions, 'session').rjust(count)}  {span}")
    if seen.missing:
        render.echo(render.style(f"not found here: {', '.join(seen.missing)}", dim=True))
    if unread:
        render.echo(unread)
    if seen.example:
        q = seen.example if seen.example.isalnum() else repr(seen.example)
        render.echo(f"try: deja {q}")
