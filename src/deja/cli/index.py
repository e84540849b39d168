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

    first = rebuild or not (paths.index_dir() / "catalog.sqlite").exists()

    opened = open_for_write(paths.index_dir(), wait=True, notice=None if quiet else render.progress)
    assert opened is not None
    store, lock = opened
    try:
        report = fresh.refresh(store, rebuild=rebuild, progress=None if quiet else render.progress)
        store.text.close()
        files, sessions, records = store.catalog.totals()
        seen = health.found(store) if first or as_json else None
    finally:
        store.close()
        lock.release()
    if background:
        return
    if as_json:
        d = report.as_dict()
        assert seen is not None
        render.emit_json({"schema_version": SCHEMA_VERSION, **d, "index": {"files": files, "sessions": sessions, "records": records},
                          "agents": [{"harness": a.harness, "sessions": a.sessions, "first": render.iso(a.first),
                                      "last": render.iso(a.last)} for a in seen.agents],
                          "not_found": seen.missing, "example_query": seen.example or None})
        return
    if seen is not None:
        _first_run(report, seen, records)
        return
    click.echo(
        f"indexed {report.parsed} changed file(s) of {report.files} ({report.appended} appended, "
        f"{report.gone} deleted by their harness and kept) in {report.seconds:.2f}s: "
        f"{report.records} records, {report.redactions} redaction(s), {report.errors} unreadable; "
        f"index holds {sessions} sessions, {records} records"
    )


def _first_run(report, seen: health.Found, records: int) -> None:
    """After the first index: one line per agent found, those not found in one line, and a
    query to try taken from the user's own history."""
    if not seen.agents:
        click.echo(f"no agent history found on this machine (deja reads {', '.join(seen.missing)}); "
                   "`deja index` again once an agent has run")
        return
    total = sum(a.sessions for a in seen.agents)
    click.echo(f"indexed {render.plural(total, 'session')} from {render.plural(len(seen.agents), 'agent')} "
               f"in {report.seconds:.1f}s: {render.plural(records, 'record')}, "
               f"{render.plural(report.redactions, 'secret')} redacted")
    width = max(len(a.harness) for a in seen.agents)
    count = max(len(render.plural(a.sessions, "session")) for a in seen.agents)
    for a in seen.agents:
        first, last = render.day(a.first)[:10], render.day(a.last)[:10]
        span = first if first == last else f"{first} to {last}"
        click.echo(f"  {click.style(a.harness.ljust(width), fg='magenta')}  {render.plural(a.sessions, 'session').rjust(count)}  {span}")
    if seen.missing:
        click.echo(click.style(f"not found here: {', '.join(seen.missing)}", dim=True))
    if seen.example:
        q = seen.example if seen.example.isalnum() else repr(seen.example)
        click.echo(f"try: deja {q}")


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
    missing = [s.harness for s in states if s.state == "missing" and not s.sessions]
    for s in states:
        if s.harness in missing:
            continue
        state = click.style(f"{s.state:<11}", fg=colours[s.state])
        click.echo(
            f"{s.harness:<12} {state} files={s.files:<6} sessions={s.sessions:<6} records={s.records:<8} "
            f"skipped={s.skipped:<4} redacted={s.redactions}"
        )
        if s.reason:
            click.echo(click.style(f"{'':<12} {s.reason}", dim=True))
    if missing:
        click.echo(click.style(f"{'missing':<12} not on this machine: {', '.join(missing)}", dim=True))


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
        click.echo(f"no index yet at {d}; `deja index` builds it")
        return
    click.echo(f"index     {d} ({size / 1e6:.1f} MB, {INDEX_VERSION})")
    click.echo(f"contents  {sessions} sessions, {records} records from {files} files")
    click.echo(f"notes     {paths.notes_file()}")
    if not redact.enabled():
        click.echo("redaction OFF (DEJA_NO_REDACT=1): unsafe")


