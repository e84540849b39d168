"""Output: aligned and coloured on a terminal, plain in a pipe, JSON on request."""

from __future__ import annotations

import os
import re
import sys

from deja import redact, times
from deja.store import SessionRow
from deja.terminal import visible

# What click.style and click.echo do, without importing click (a search should not pay for it).
_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}
# deja's own styles are written with this stand-in for ESC, unknown outside this process: echo
# shows every control character a transcript holds as an escape (deja.terminal.visible), then
# turns only these into colour on a terminal (or drops them in a pipe). A transcript can't forge it.
_SGR = "\ue000" + os.urandom(6).hex() + "["
_OWN = re.compile(re.escape(_SGR) + r"[0-9;]*m")


def style(text: str, fg: str | None = None, bold: bool | None = None, dim: bool | None = None) -> str:
    """Styling as click.style writes it (shown by `echo` only)."""
    bits = [f"{_SGR}{_COLOURS[fg]}m"] if fg else []
    if bold is not None:
        bits.append(f"{_SGR}{1 if bold else 22}m")
    if dim is not None:
        bits.append(f"{_SGR}{2 if dim else 22}m")
    return "".join(bits) + text + f"{_SGR}0m"


def safe(message: str) -> str:
    """What any text front shows: redacted (a second pass over what the index holds, for an
    index written before a rule existed) and with control characters made visible."""
    if redact.enabled():
        message = redact.redact(message)[0]
    return visible(message)


def echo(message: str = "", err: bool = False, nl: bool = True, exact: bool = False) -> None:
    """One line to stdout (stderr), made safe (`safe`), styles dropped unless it is a terminal, as
    click.echo does. `exact`: in a pipe, the text goes out as it is (a span restored to a file)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    if nl:
        message += "\n"
    isatty = getattr(stream, "isatty", None)
    tty = bool(isatty and isatty())
    if not (exact and not tty):
        message = safe(message)
    if _SGR in message:
        message = message.replace(_SGR, "\033[") if tty else _OWN.sub("", message)
    stream.write(message)
    stream.flush()


def iso(ts: float) -> str | None:
    return times.iso(ts)


def day(ts: float) -> str:
    return times.local(ts, unknown="----------")


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


# Characters JSON leaves raw with ensure_ascii=False that a terminal may obey: DEL and C1.
_JSON_RAW_CONTROL = re.compile(r"[\x7f-\x9f]")


def emit_json(obj: dict) -> None:
    """`obj` as one line of JSON, its strings redacted; exact otherwise (JSON escapes C0, and
    DEL and C1 are written as \\u escapes too, so a terminal never sees them raw)."""
    import json  # only a --json run pays for it

    if redact.enabled():
        obj = redact.redact_data(obj)[0]  # type: ignore[assignment]
    text = json.dumps(obj, ensure_ascii=False, indent=None)
    if _JSON_RAW_CONTROL.search(text):
        text = _JSON_RAW_CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def marked(text: str, marks: list[tuple[int, int]]) -> str:
    """The text with its matches in bold yellow (a terminal drops no information in a pipe).
    A text that still holds a secret is shown unmarked: a mark inside it would hide it from
    the redaction `echo` makes."""
    if not marks or (redact.enabled() and redact.redact(text)[1]):
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
        sys.stderr.write("\r\033[K" + visible(message))  # deja's own line rewrite, then the text made safe
        sys.stderr.flush()
    else:
        echo(message, err=True)
