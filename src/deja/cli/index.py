"""`deja index`, `deja sources`, `deja status`."""

from __future__ import annotations

import click

from deja import fresh, health, paths, redact
from deja.cli import render
from deja.search import SCHEMA_VERSION
from deja.store import INDEX_VERSION


@click.command()
@click.option("--rebuild", is_flag=True, help="Drop the index and build it again from the stores (deleted sources' history is kept).")
@click.option("--background", is_flag=True, hidden=True, help="Run quietly (the detached refresh a search starts).")
@click.option("--json", "as_json", is_flag=True)
def index(rebuild, background, as_json) -> None:
    """Bring the index up to date with every agent's history (with progress)."""
    if not redact.enabled() and not background:
        render.note("DEJA_NO_REDACT=1: secrets are written to the index unredacted (unsafe)")
    quiet = as_json or background
    from deja.lock import open_for_write

    opened = open_for_write(paths.index_dir(), wait=True, notice=None if quiet else render.progress)
    assert opened is not None
    store, lock = opened
    try:
        report = fresh.refresh(store, rebuild=rebuild, progress=None if quiet else render.progress)
        render.end_progress()
        store.text.close()
        files, sessions, records = store.catalog.totals()
    finally:
        store.close()
        lock.release()
    if background:
        return
    if as_json:
        d = report.as_dict()
        render.emit_json({"schema_version": SCHEMA_VERSION, **d, "index": {"files": files, "sessions": sessions, "records": records}})
        return
    click.echo(
        f"indexed {report.parsed} changed {'file' if report.parsed == 1 else 'files'} of {report.files} "
        f"({report.appended} appended, {report.gone} deleted by their harness and kept) in {report.seconds:.2f}s: "
        f"{render.plural(report.records, 'record')}, {render.plural(report.redactions, 'redaction')}, "
        f"{report.errors} unreadable; index holds {render.plural(sessions, 'session')}, {render.plural(records, 'record')}"
    )


@click.command()
@click.option("--json", "as_json", is_flag=True)
def sources(as_json) -> None:
    """Every harness deja reads, and what its store gave."""
    store = render.open_fresh(quiet=as_json)
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
    for s in states:
        state = click.style(f"{s.state:<11}", fg=colours[s.state])
        click.echo(
            f"{s.harness:<12} {state} files={s.files:<6} sessions={s.sessions:<6} records={s.records:<8} "
            f"skipped={s.skipped:<4} redacted={s.redactions}"
        )
        if s.reason:
            click.echo(click.style(f"{'':<12} {s.reason}", dim=True))


def _ago(ts: float) -> str:
    import time

    s = max(0, int(time.time() - ts))
    for unit, n in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if s >= n:
            return f"{render.plural(s // n, unit)} ago"
    return "just now"


@click.command()
@click.option("--json", "as_json", is_flag=True)
def status(as_json) -> None:
    """Where the index is, how big, and how fresh."""
    d = paths.index_dir()
    exists = (d / "catalog.sqlite").exists()
    size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) if d.exists() else 0
    files = sessions = records = 0
    last = 0.0
    if exists:
        from deja.store import Store

        store = Store(d, readonly=True)
        try:
            files, sessions, records = store.catalog.totals()
            last = store.catalog.last_indexed()
        finally:
            store.close()
    info = {
        "schema_version": SCHEMA_VERSION,
        "index_dir": str(d),
        "exists": exists,
        "index_version": INDEX_VERSION,
        "bytes": size,
        "files": files,
        "sessions": sessions,
        "records": records,
        "last_indexed": render.iso(last),
        "redaction": redact.enabled(),
        "notes_file": str(paths.notes_file()),
    }
    if as_json:
        render.emit_json(info)
        return
    if not exists:
        click.echo(f"no index yet at {d}; `deja index` builds it")
        return
    click.echo(f"index     {d} ({size / 1e6:.1f} MB, {INDEX_VERSION})")
    click.echo(f"contents  {render.plural(sessions, 'session')}, {render.plural(records, 'record')} from "
               f"{render.plural(files, 'file')}")
    click.echo(f"indexed   {render.day(last)} ({_ago(last)})" if last else "indexed   never")
    click.echo(f"notes     {paths.notes_file()}")
    if not redact.enabled():
        click.echo("redaction OFF (DEJA_NO_REDACT=1): unsafe")


