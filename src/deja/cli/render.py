"""Output: aligned and coloured on a terminal, plain in a pipe, JSON on request."""

from __future__ import annotations

import json
import sys
from datetime import datetime, timezone

import click

from deja.store import SessionRow


def iso(ts: float) -> str | None:
    if not ts:
        return None
    return datetime.fromtimestamp(ts, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def day(ts: float) -> str:
    if not ts:
        return "----------"
    return datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


def session_json(s: SessionRow) -> dict:
    return {
        "harness": s.harness,
        "id": s.id,
        "project": s.project,
        "path": s.path,
        "title": s.title,
        "started": iso(s.started),
        "updated": iso(s.updated),
        "cwd": s.cwd,
        "parent": s.parent or None,
        "records": s.records,
        "source_gone": bool(s.gone),
    }


def emit_json(obj: dict) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=None))


def marked(text: str, marks: list[tuple[int, int]]) -> str:
    """The text with its matches in bold yellow (a terminal drops no information in a pipe)."""
    if not marks:
        return text
    out, last = [], 0
    for a, b in marks:
        out.append(text[last:a])
        out.append(click.style(text[a:b], fg="yellow", bold=True))
        last = b
    out.append(text[last:])
    return "".join(out)


def header(s: SessionRow) -> str:
    ident = click.style(s.id[:8], fg="cyan")
    harness = click.style(f"{s.harness:<7}", fg="magenta")
    project = click.style(s.project or "-", fg="green")
    gone = click.style("  (source deleted)", dim=True) if s.gone else ""
    return f"{day(s.updated)}  {harness} {ident}  {project}  {s.title}{gone}"


def note(message: str) -> None:
    click.echo(click.style(message, dim=True), err=True)


def progress(message: str) -> None:
    if sys.stderr.isatty():
        click.echo("\r\033[K" + message, err=True, nl=False)
    else:
        click.echo(message, err=True)
