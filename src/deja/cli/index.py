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
    render.echo(
        f"indexed {report.parsed} changed file(s) of {report.files} ({report.appended} appended, "
        f"{report.gone} deleted by their harness and kept) in {report.seconds:.2f}s: "
        f"{report.records} records, {report.redactions} redaction(s), {report.errors} unreadable; "
        f"index holds {sessions} sessions, {records} records"
    )


@click.command()
@click.option("--json", "as_json", is_flag=True)
def sources(as_json) -> None:
    """Every harness deja reads, and what its store gave."""
    store, note = fresh.open_fresh(paths.index_dir(), None if as_json else render.progress)
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
    if note:
        render.note(note)
    colours = {"ok": "green", "missing": None, "unreadable": "red", "parsed-zero": "yellow"}
    for s in states:
        state = render.style(f"{s.state:<11}", fg=colours[s.state])
        render.echo(
            f"{s.harness:<12} {state} files={s.files:<6} sessions={s.sessions:<6} records={s.records:<8} "
            f"skipped={s.skipped:<4} redacted={s.redactions}"
        )
        if s.reason:
            render.echo(render.style(f"{'':<12} {s.reason}", dim=True))


@click.command()
@click.option("--json", "as_json", is_flag=True)
def status(as_json) -> None:
    """Where the index is, how big, and how fresh."""
    d = paths.index_dir()
    exists = (d / "catalog.sqlite").exists()
    size = sum(f.stat().st_size for f in d.rglob("*") if f.is_file()) if d.exists() else 0
    files = sessions = records = 0
    if exists:
        from deja.store import Store

        store = Store(d, readonly=True)
        try:
            files, sessions, records = store.catalog.totals()
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
        "redaction": redact.enabled(),
        "notes_file": str(paths.notes_file()),
    }
    if as_json:
        render.emit_json(info)
        return
    if not exists:
        render.echo(f"no index yet at {d}; `deja index` builds it")
        return
    render.echo(f"index     {d} ({size / 1e6:.1f} MB, {INDEX_VERSION})")
    render.echo(f"contents  {sessions} sessions, {records} records from {files} files")
    render.echo(f"notes     {paths.notes_file()}")
    if not redact.enabled():
        render.echo("redaction OFF (DEJA_NO_REDACT=1): unsafe")


