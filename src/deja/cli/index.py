"""`deja index`, `deja sources`, `deja status`."""

from __future__ import annotations

import os
import time

import click

from deja import paths
from deja.ingest import fresh
from deja.ingest import status as health
from deja.text import redact
from deja import times
from deja.cli import render
from deja.search import SCHEMA_VERSION
from deja.store import INDEX_VERSION


@click.command()
@click.option("--rebuild", is_flag=True, help="Build the index again from the stores beside the live one, then swap it in (searches answer from the old one meanwhile; deleted sources' history is kept).")
@click.option("--background", is_flag=True, hidden=True, help="Run quietly (the detached refresh a search starts).")
@click.option("--json", "as_json", is_flag=True)
def index(rebuild, background, as_json) -> None:
    """Bring the index up to date with every agent's history (with progress)."""
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
            files, sessions, records = store.catalog.totals()
            seen = health.found(store) if (first or as_json) and not background else None
        finally:
            store.close()
    finally:
        lock.release()
    if background:
        os._exit(0)  # nothing to say; and a pool stopped at the deadline is not waited for
    if as_json:
        d = report.as_dict()
        assert seen is not None
        extra = {"rebuild": outcome.as_dict()} if outcome is not None else {}
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


def _rebuild(root, progress):
    from deja.ingest import rebuild

    return rebuild.run(root, progress)


def _first_run(report, seen: health.Found, records: int) -> None:
    """After the first index: one line per agent found, those not found in one line, and a
    query to try taken from the user's own history."""
    if not seen.agents:
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
    if seen.example:
        q = seen.example if seen.example.isalnum() else repr(seen.example)
        render.echo(f"try: deja {q}")


@click.command()
@click.option("--json", "as_json", is_flag=True)
def sources(as_json) -> None:
    """Every harness deja reads, and what its store gave."""
    store = render.fresh_store(quiet=as_json)
    try:
        states = health.source_states(store)
    finally:
        store.close()
    if as_json:
        render.emit_json(
            {
                "schema_version": SCHEMA_VERSION,
                "sources": [
                    {
                        "harness": s.harness, "state": s.state, "files": s.files, "sessions": s.sessions,
                        "records": s.records, "skipped": s.skipped, "redactions": s.redactions,
                        "errors": s.errors, "gone": s.gone, "reason": s.reason, "roots": s.roots,
                    }
                    for s in states
                ],
            }
        )
        return
    colours = {"ok": "green", "missing": None, "unreadable": "red", "parsed-zero": "yellow"}
    missing = [s.harness for s in states if s.state == "missing" and not s.sessions]
    for s in states:
        if s.harness in missing:
            continue
        state = render.style(f"{s.state:<11}", fg=colours[s.state])
        render.echo(
            f"{s.harness:<12} {state} files={s.files:<6} sessions={s.sessions:<6} records={s.records:<8} "
            f"skipped={s.skipped:<4} redacted={s.redactions}"
        )
        if s.reason:
            render.echo(render.style(f"{'':<12} {s.reason}", dim=True))
    if missing:
        render.echo(render.style(f"{'missing':<12} not on this machine: {', '.join(missing)}", dim=True))


@click.command()
@click.option("--json", "as_json", is_flag=True)
def status(as_json) -> None:
    """Where the index is, how big, and how fresh."""
    from deja.errors import IndexDamaged, StoreError
    from deja.store import Store, generations

    d = paths.index_dir()
    gen = generations.live(d)
    exists = gen is not None
    size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) if d.exists() else 0
    files = sessions = records = 0
    damaged = ""
    last = 0.0
    if exists:
        try:
            store = Store(d, readonly=True)
            try:
                store.verify()
                files, sessions, records = store.catalog.totals()
                last = store.catalog.last_indexed()
            finally:
                store.close()
        except IndexDamaged as e:
            damaged = e.reason
        except StoreError as e:
            damaged = str(e)
    rebuilding = generations.rebuilding(d) is not None
    info = {
        "schema_version": SCHEMA_VERSION,
        "index_dir": str(d),
        "live": str(gen) if gen else None,
        "exists": exists,
        "damaged": damaged or None,
        "rebuilding": rebuilding,
        "index_version": INDEX_VERSION,
        "bytes": size,
        "files": files,
        "sessions": sessions,
        "records": records,
        "last_indexed": times.iso(last),
        "redaction": redact.enabled(),
        "notes_file": str(paths.notes_file()),
    }
    if as_json:
        render.emit_json(info)
        if damaged:
            raise click.exceptions.Exit(1)
        return
    if not exists:
        render.echo(f"no index yet at {d}; `deja index` builds it")
        return
    render.echo(f"index     {gen} ({size / 1e6:.1f} MB, {INDEX_VERSION})")
    if damaged:
        render.echo(render.style(f"DAMAGED   {damaged}; run `deja index --rebuild`", fg="red"))
    else:
        render.echo(f"contents  {render.plural(sessions, 'session')}, {render.plural(records, 'record')} from "
                    f"{render.plural(files, 'file')}")
    render.echo(f"indexed   {times.when(last)} ({times.ago(last)})" if last else "indexed   never")
    if rebuilding:
        render.echo("rebuild   running: searches answer from this index until it is done")
    render.echo(f"notes     {paths.notes_file()}")
    if not redact.enabled():
        render.echo("redaction OFF (DEJA_NO_REDACT=1): unsafe")
    if damaged:
        raise click.exceptions.Exit(1)
