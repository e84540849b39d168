"""Output: aligned and coloured on a terminal, plain in a pipe, JSON on request."""

from __future__ import annotations

import re
import sys
from datetime import datetime, timezone

from deja.store import SessionRow

# What click.style and click.echo do, without importing click (a search should not pay for it).
_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}
_ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


def style(text: str, fg: str | None = None, bold: bool | None = None, dim: bool | None = None) -> str:
    """ANSI styling, as click.style writes it."""
    bits = [f"\033[{_COLOURS[fg]}m"] if fg else []
    if bold is not None:
        bits.append(f"\033[{1 if bold else 22}m")
    if dim is not None:
        bits.append(f"\033[{2 if dim else 22}m")
    return "".join(bits) + text + "\033[0m"


def echo(message: str = "", err: bool = False, nl: bool = True) -> None:
    """One line to stdout (stderr), styles dropped unless it is a terminal, as click.echo does."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    if nl:
        message += "\n"
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()):
        message = _ANSI.sub("", message)
    stream.write(message)
    stream.flush()


def plural(n: int, word: str) -> str:
    """`1 session`, `2 sessions`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
    """Every `--json` answer: one line of UTF-8 JSON (no `\\u` escapes: Chinese text costs a third
    of the bytes), whatever the locale says stdout's encoding is."""
    import json  # only a --json run pays for it

    data = (json.dumps(obj, ensure_ascii=False, indent=None) + "\n").encode("utf-8", "replace")
    stream = sys.stdout
    if stream is None:
        return
    stream.flush()
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # a text-only stream (a test harness's): it takes str
        stream.write(data.decode("utf-8"))
    else:
        buffer.write(data)
    stream.flush()
    if buffer is not None:
        buffer.flush()


def marked(text: str, marks: list[tuple[int, int]]) -> str:
    """The text with its matches in bold yellow (a terminal drops no information in a pipe)."""
    if not marks:
        return text
    out, last = [], 0
    for a, b in marks:
        out.append(text[last:a])
        out.append(style(text[a:b], fg="yellow", bold=True))
        last = b
    out.append(text[last:])
    return "".join(out)


def header(s: SessionRow) -> str:
    ident = style(s.id[:8], fg="cyan")
    harness = style(f"{s.harness:<7}", fg="magenta")
    project = style(s.project or "-", fg="green")
    gone = style("  (source deleted)", dim=True) if s.gone else ""
    return f"{day(s.updated)}  {harness} {ident}  {project}  {s.title}{gone}"


def note(message: str) -> None:
    echo(style(message, dim=True), err=True)


def progress(message: str) -> None:
    if sys.stderr.isatty():
        echo("\r\033[K" + message, err=True, nl=False)
    else:
        echo(message, err=True)
