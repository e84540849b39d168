"""`deja timeline|workspaces|touched|trace|event|restore|files|friction`: render what
deja.search.sessions, .files and .friction find (`event`: deja.ingest.provenance)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from deja.ingest import provenance
from deja.search import files as files_lib, friction as friction_lib, sessions as lib
from deja import times
from deja.cli import render
from deja.cli.work import _filters, _limit, _since
from deja.model import CODE_ROLE
from deja.search import SCHEMA_VERSION
from deja.sources import HARNESSES


def _more(shown: int, total: int, what: str) -> None:
    if total > shown:
        render.note(f"{render.plural(total - shown, 'more ' + what)}; --limit N to see them")


@click.command()
@_filters
@_limit(50)
@click.option("--from", "origin", metavar="MACHINE", help="Only sessions from this machine (`deja sync`), or `local`.")
def timeline(project, harness, since, limit, origin, as_json) -> None:
    """Sessions newest first: title, harness, project, when, how many records."""
    store = render.fresh_store(as_json)
    try:
        rows, total = lib.timeline(store, project, harness, _since(since), limit, origin)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "total": total,
                          "sessions": [render.session_json(r) for r in rows]})
        return
    if not rows:
        render.echo("No sessions.")
        raise click.exceptions.Exit(1)
    for r in rows:
        render.echo(f"{render.header(r)}  ({r.records} records)")
    _more(len(rows), total, "session")


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option("--since", help="Only sessions active since: 30d, 12h, 2w, or a date.")
@click.option("--harness", type=click.Choice(HARNESSES), help="Only this harness's sessions.")
@_limit(50)
def workspaces(harness, since, limit, as_json) -> None:
    """Projects with their session and record counts, harnesses and last activity."""
    store = render.fresh_store(as_json)
    try:
        items, total = lib.workspaces(store, harness, _since(since), limit)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "total": total, "workspaces": [
            {"project": w.project, "path": w.path, "sessions": w.sessions, "records": w.records, "harnesses": w.harnesses,
             "cwds": w.cwds, "first": times.iso(w.first), "last": times.iso(w.last), "source_gone": w.gone}
            for w in items]})
        return
    if not items:
        render.echo("No sessions.")
        raise click.exceptions.Exit(1)
    for w in items:
        hs = ", ".join(f"{h} {n}" for h, n in sorted(w.harnesses.items(), key=lambda x: -x[1]))
        render.echo(f"{times.when(w.last)}  {render.style(w.project or '-', fg='green', bold=True)}  "
                   f"{render.plural(w.sessions, 'session')}, {render.plural(w.records, 'record')}  ({hs})  {render.style(w.path, dim=True)}")
    _more(len(items), total, "project")


@click.command()
@click.argument("ident", metavar="ID")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def touched(ident, as_json) -> None:
    """The files one session touched, with counts, first and last time."""
    store = render.fresh_store(as_json)
    try:
        row, items = lib.touched(store, ident)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "session": render.session_json(row), "files": [
            {"path": t.path, "count": t.count, "read": t.read, "edited": t.edited,
             "first": times.iso(t.first), "last": times.iso(t.last)} for t in items]})
        return
    render.echo(render.header(row))
    if not items:
        render.echo("    touched no files (as far as the harness records)")
        return
    for t in items:
        edited = render.style(f", edited {t.edited}×", fg="yellow") if t.edited else ""
        render.echo(f"    {t.path}  {t.count}×{edited}  {times.when(t.first)} → {times.when(t.last)}")


def _node_json(n: lib.Node) -> dict:
    return {"session": render.session_json(n.session), "children": [_node_json(c) for c in n.children]}


@click.command()
@click.argument("ident", metavar="ID")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def trace(ident, as_json) -> None:
    """Lineage: a session's parents and its children (subagents, sidechains, forks), recursively."""
    store = render.fresh_store(as_json)
    try:
        lin = lib.trace(store, ident)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "session": render.session_json(lin.session),
                          "ancestors": [render.session_json(a) for a in lin.ancestors],
                          "missing_parent": lin.missing_parent or None,
                          "children": [_node_json(c) for c in lin.children]})
        return
    depth = 0
    if lin.missing_parent:
        render.echo(render.style(f"(parent {lin.missing_parent} is not in the index)", dim=True))
        depth = 1
    for a in lin.ancestors:
        render.echo("  " * depth + render.header(a))
        depth += 1
    render.echo("  " * depth + render.style("▶ ", bold=True) + render.header(lin.session))

    def show(nodes: list[lib.Node], d: int) -> None:
        for n in nodes:
            render.echo("  " * d + "└ " + render.header(n.session))
            show(n.children, d + 1)

    show(lin.children, depth + 1)
    if not lin.ancestors and not lin.children and not lin.missing_parent:
        render.note("no parent or children recorded for this session")


@click.command()
@click.argument("ident", metavar="ID")
@click.argument("seq", type=click.IntRange(0))
@click.option("--before", default=0, type=click.IntRange(0, 100), help="Also this many source lines before it.")
@click.option("--after", default=0, type=click.IntRange(0, 100), help="Also this many source lines after it.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def event(ident, seq, before, after, as_json) -> None:
    """The raw, unabridged source event behind record SEQ of a session (seq as `deja show` numbers it)."""
    store = render.fresh_store(as_json)
    try:
        ev = provenance.event(store, ident, seq, before, after)
    finally:
        store.close()
    if as_json:
        render.emit_json({
            "schema_version": SCHEMA_VERSION, "session": render.session_json(ev.session), "seq": ev.record.seq,
            "role": CODE_ROLE[ev.record.role].value, "source": ev.source, "status": ev.status,
            "message": ev.message or None,
            "lines": [{"line": ln.line, "match": ln.match, "event": ln.event, "raw": ln.raw or None} for ln in ev.lines],
        })
        if ev.status != "found":
            raise click.exceptions.Exit(1)
        return
    if ev.status != "found":
        render.echo(f"{ev.message}", err=True)
        raise click.exceptions.Exit(1)
    if ev.message:
        render.note(ev.message)
    render.note(f"{ev.source}")
    for ln in ev.lines:
        mark = render.style(f"{ln.line}:", fg="cyan", bold=ln.match)
        body = json.dumps(ln.event, ensure_ascii=False) if ln.event is not None else ln.raw
        render.echo(f"{mark} {body}")


@click.command()
@click.argument("path")
@click.option("--span", type=click.IntRange(1), help="Print only span N (1 = newest).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the span to this new file (never over an existing one).")
@_filters
@_limit(20)
def restore(path, span, output, project, harness, since, limit, as_json) -> None:
    """Spans an agent's edits replaced in a file, newest first; never writes over the original."""
    store = render.fresh_store(as_json or bool(span))
    try:
        spans = files_lib.restore(store, path, project, harness, _since(since))
    finally:
        store.close()
    if (span or output) and not spans:
        raise click.ClickException(f"no edit replaced anything in {path!r}")
    if output and not span and len(spans) > 1:
        raise click.UsageError(f"{len(spans)} spans: choose one with --span N")
    if span and span > len(spans):
        raise click.ClickException(f"there are {render.plural(len(spans), 'span')} of {path!r}; --span 1 is the newest")
    chosen = spans[(span or 1) - 1:(span or 1)] if (span or output) else spans[:limit]
    if output:
        files_lib.write_span(chosen[0], output)
        render.note(f"wrote span {chosen[0].number} of {chosen[0].path} to {output}")
        return
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "path": path, "total": len(spans), "spans": [
            {"span": s.number, "path": s.path, "time": times.iso(s.time), "text": s.text,
             "session": render.session_json(s.session)} for s in chosen]})
        return
    if not spans:
        render.echo(f"No edit replaced anything in {path!r}.")
        raise click.exceptions.Exit(1)
    if span:
        render.echo(chosen[0].text, nl=not chosen[0].text.endswith("\n"), exact=True)
        return
    for s in chosen:
        render.echo(render.style(f"[{s.number}] ", bold=True) + f"{times.when(s.time)}  {s.path}  {render.ref(s.session)}")
        for line in s.text.splitlines()[:12]:
            render.echo(f"    {line}")
        if len(s.text.splitlines()) > 12:
            render.echo(render.style(f"    … {len(s.text.splitlines()) - 12} more lines (--span {s.number})", dim=True))
    _more(len(chosen), len(spans), "span")


@click.command()
@click.argument("topic", nargs=-1, required=True)
@_filters
@_limit(20)
def files(topic, project, harness, since, limit, as_json) -> None:
    """The files the work on a subject touched, the most specific to it first."""
    store = render.fresh_store(as_json)
    try:
        items, total, sessions = files_lib.files(store, " ".join(topic), project, harness, _since(since), limit)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "topic": " ".join(topic), "sessions": sessions,
                          "total": total, "files": [
            {"path": f.path, "sessions": f.sessions, "overall": f.overall, "edited": f.edited,
             "score": round(f.score, 4), "last": times.iso(f.last),
             "examples": [render.session_json(s) for s in f.examples[:3]]} for f in items]})
        return
    if not items:
        render.echo(f"No file touched in {render.plural(sessions, 'session')} about {' '.join(topic)!r}.")
        raise click.exceptions.Exit(1)
    for f in items:
        edited = render.style(" edited", fg="yellow") if f.edited else ""
        render.echo(f"{render.style(f.path, bold=True)}{edited}  in {f.sessions} of these sessions, "
                   f"{f.overall} overall; last {times.when(f.last)}")
    _more(len(items), total, "file")


@click.command()
@_filters
@_limit(20)
@click.option("--min-sessions", default=friction_lib.FRICTION_MIN_SESSIONS, show_default=True, type=click.IntRange(2),
              help="Only errors that hit at least this many sessions.")
def friction(project, harness, since, limit, as_json, min_sessions) -> None:
    """Errors that hit three or more separate sessions, with the harnesses."""
    store = render.fresh_store(as_json)
    try:
        items, capped = friction_lib.friction(store, project, harness, _since(since), limit, min_sessions)
    finally:
        store.close()
    if as_json:
        render.emit_json({"schema_version": SCHEMA_VERSION, "capped": capped, "errors": [
            {"signature": g.signature, "sessions": g.sessions, "occurrences": g.occurrences, "harnesses": g.harnesses,
             "projects": g.projects, "example": g.example, "first": times.iso(g.first), "last": times.iso(g.last),
             "recent": [render.session_json(s) for s in g.recent]} for g in items]})
        return
    if not items:
        render.echo(f"No error hit {min_sessions} or more sessions.")
        raise click.exceptions.Exit(1)
    for g in items:
        hs = ", ".join(f"{h} {n}" for h, n in sorted(g.harnesses.items(), key=lambda x: -x[1]))
        render.echo(render.style(g.signature, fg="red", bold=True))
        render.echo(f"    {g.sessions} sessions ({hs}), {g.occurrences}×; last {times.when(g.last)}"
                   f" in {render.ref(g.recent[0])}")
    if capped:
        render.note("only the newest tool output was read; narrow with --since or --project")
