"""Output: aligned, coloured and fitted to the width on a terminal, plain in a pipe, JSON on request.

Colour: `--color always|never|auto` (deja.cli.main reads it for every command), else the config
file's `color`, else auto: off when `NO_COLOR` is set or `TERM=dumb`, on when the stream is a
terminal. Click commands get the same answer through their context (deja.cli.app).
"""

from __future__ import annotations

import os
import re
import sys

from deja import times
from deja.text import redact
from deja.store import SessionRow, session_json  # noqa: F401 (the CLI's name for it)
from deja.terminal import JSON_RAW, json_escape, visible

# What click.style and click.echo do, without importing click (a search should not pay for it).
_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}
# deja's own styles are written with this stand-in for ESC, unknown outside this process: echo
# shows every control character a transcript holds as an escape (deja.terminal.visible), then
# turns only these into colour on a terminal (or drops them in a pipe). A transcript can't forge it.
_SGR = "\ue000" + os.urandom(6).hex() + "["


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


COLOR_MODES = ("auto", "always", "never")
_mode: str | None = None  # from --color (deja.cli.main); None: the config file's, else auto


def set_colour(mode: str | None) -> None:
    global _mode
    _mode = mode


def colour_mode() -> tuple[str, str]:
    """The colour mode in force and where it came from (flag, env, file, default)."""
    if _mode:
        return _mode, "flag"
    if os.environ.get("NO_COLOR"):
        return "never", "env (NO_COLOR)"
    if os.environ.get("TERM") == "dumb":
        return "never", "env (TERM=dumb)"
    from deja import config

    value, origin = config.get("color")
    return str(value), origin


def colour_on(stream=None) -> bool:
    """Whether styles reach `stream` (stdout by default)."""
    mode = colour_mode()[0]
    if mode != "auto":
        return mode == "always"
    return _tty(stream or sys.stdout)


def _tty(stream) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def echo(message: str = "", err: bool = False, nl: bool = True, exact: bool = False) -> None:
    """One line to stdout (stderr), made safe (`safe`), styles dropped unless colour is on for it
    (`colour_on`). `exact`: in a pipe, the text goes out as it is (a span restored to a file)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    end_progress()
    if nl:
        message += "\n"
    if not (exact and not _tty(stream)):
        message = safe(message)
    stream.write(_styles(message, stream))
    stream.flush()


def _styles(text: str, stream) -> str:
    """deja's own styles in `text` turned into colour when colour is on for `stream`, else dropped."""
    if _SGR not in text:
        return text
    if colour_on(stream):
        return text.replace(_SGR, "\033[")
    return _unstyled(text)


def _unstyled(text: str) -> str:
    """`text` without deja's own styles: each `_SGR`, digits and semicolons, `m` dropped (what
    the pattern `_SGR[0-9;]*m` would match; no regex: a pattern of this process's own token
    could not be kept compiled, deja.cli.patterns)."""
    parts = text.split(_SGR)
    out = [parts[0]]
    for part in parts[1:]:
        rest = part.lstrip("0123456789;")
        out.append(rest[1:] if rest.startswith("m") else _SGR + part)
    return "".join(out)


def width() -> int | None:
    """Columns to fit lines to: the terminal's (or $COLUMNS); None in a pipe (nothing is cut)."""
    cols = os.environ.get("COLUMNS", "")
    if cols.isdigit() and int(cols) > 0:
        return int(cols)
    if not _tty(sys.stdout):
        return None
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns or None
    except (OSError, ValueError):
        return None


def cells(text: str) -> int:
    """Terminal columns `text` takes (CJK and other wide characters take two)."""
    if text.isascii():
        return len(text)
    from unicodedata import east_asian_width

    return sum(2 if east_asian_width(c) in "WF" else 1 for c in text)


def cut(text: str, room: int) -> str:
    """At most `room` columns of `text` (plain, one line), an ellipsis where it was cut."""
    if cells(text) <= room:
        return text
    out, used = [], 0
    for c in text:
        w = cells(c)
        if used + w > room - 1:
            break
        out.append(c)
        used += w
    return "".join(out) + "…"


def plural(n: int, word: str, many: str | None = None) -> str:
    """"1 session", "2 sessions" (`many` for irregular plurals)."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def json_text(obj: dict) -> str:
    """`obj` as one line of JSON, its strings redacted, DEL, C1 and the bidi controls written as
    \\u escapes (deja.terminal.JSON_RAW: JSON allows them raw, a terminal obeys them): what
    every JSON answer says (`emit_json`, and the web page's endpoints, deja.web)."""
    import json  # only a --json run pays for it

    shown: object = redact.redact_data(obj)[0] if redact.enabled() else obj
    text = json.dumps(shown, ensure_ascii=False, indent=None)
    if JSON_RAW.search(text):
        text = JSON_RAW.sub(json_escape, text)
    return text


def emit_json(obj: dict) -> None:
    """Every `--json` answer: one line of UTF-8 JSON (no `\\u` escapes: Chinese text costs a third
    of the bytes), whatever the locale says stdout's encoding is; its strings redacted, exact
    otherwise (JSON escapes C0, and DEL and C1 are written as \\u escapes too, so a terminal never
    sees them raw)."""
    data = (json_text(obj) + "\n").encode("utf-8", "replace")
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


def marked(text: str, marks: list[tuple[int, int]], room: int | None = None) -> str:
    """The text with its matches in bold yellow (a terminal drops no information in a pipe),
    cut to `room` columns when given. A text that still holds a secret is shown unmarked: a mark
    inside it would hide it from the redaction `echo` makes."""
    if room is not None:
        shown = cut(text, room)
        if shown != text:
            keep = len(shown) - 1
            text, marks = shown, [(a, min(b, keep)) for a, b in marks if a < keep]
    if not marks or (redact.enabled() and redact.redact(text)[1]):
        return text
    out, last = [], 0
    for a, b in marks:
        out.append(text[last:a])
        out.append(style(text[a:b], fg="yellow", bold=True))
        last = b
    out.append(text[last:])
    return "".join(out)


# The ids shown for sessions (key -> shortest prefix that opens it, Catalog.display_ids) and the
# column widths of the rows about to be printed; `prepare` fills them for a list of rows.
_ids: dict[str, str] = {}
_cols = {"harness": 8, "id": 8}  # 8: opencode, openclaw, deepseek (end_run sets it back)
_reader: list = []  # a read-only store opened for ids asked after the command closed its store


def prepare(catalog, rows) -> None:  # catalog: deja.store.catalog.Catalog
    """Learn the ids to show for `rows` and align their columns to them."""
    rows = list(rows)
    _ids.update(catalog.display_ids(r for r in rows if r.key not in _ids))
    if rows:
        _cols["harness"] = max(len(r.harness) for r in rows)
        _cols["id"] = max(len(shown_id(r)) for r in rows)


def shown_id(s: SessionRow) -> str:
    """The id to print for a session: the shortest prefix `deja show` opens it by."""
    if s.key not in _ids:
        try:
            if not _reader:
                from deja import paths
                from deja.store import Store

                _reader.append(Store(paths.index_dir(), readonly=True))
            _ids.update(_reader[0].display_ids([s]))
        except Exception:  # noqa: BLE001 - no catalog to ask: the full key always opens
            _ids[s.key] = s.key
    return _ids[s.key]


def ref(s: SessionRow) -> str:
    """harness, id and project of a session, for a line that says more after it."""
    return f"{style(s.harness, fg='magenta')} {style(shown_id(s), fg='cyan')} {style(s.project or '-', fg='green')}"


def header(s: SessionRow, indent: int = 0) -> str:
    """One line per session: time, harness, id, project (and `@machine` for one another machine
    sent), title, in aligned columns, cut to the width."""
    ident = style(f"{shown_id(s):<{_cols['id']}}", fg="cyan")
    harness = style(f"{s.harness:<{_cols['harness']}}", fg="magenta")
    project = style(s.project or "-", fg="green") + (style(f" @{s.origin}", fg="yellow") if s.origin else "")
    gone = "  (source deleted)" if s.gone else ""
    head = f"{times.when(s.updated)}  {harness} {ident}  {project}  "
    title = s.title
    cols = width()
    if cols:
        used = indent + cells(_unstyled(head)) + len(gone)
        title = cut(title, max(10, cols - used))
    return f"{head}{title}{style(gone, dim=True) if gone else ''}"


def snippet(role: str, text: str, marks: list[tuple[int, int]], indent: str = "    ") -> str:
    """`    role: text` with the matches marked, cut to the width on a terminal."""
    cols = width()
    room = max(10, cols - len(indent) - len(role) - 2) if cols else None
    return f"{indent}{style(role, dim=True)}: {marked(text, marks, room)}"


def note(message: str) -> None:
    echo(style(message, dim=True), err=True)


_live = ""  # the progress line on the terminal now, to be cleared before other output


def progress(message: str) -> None:
    """A progress line on stderr: rewritten in place on a terminal, one line each in a pipe."""
    global _live
    if _tty(sys.stderr):
        end_progress()
        message = visible(message)
        sys.stderr.write(message)
        sys.stderr.flush()
        _live = message
    else:
        echo(message, err=True)


def end_progress() -> None:
    """Clear the progress line, if one is showing, so the next output starts on a clean line."""
    global _live
    if _live:
        blank = "\r" + " " * cells(_live) + "\r" if os.environ.get("TERM") == "dumb" else "\r\033[K"
        _live = ""
        sys.stderr.write(blank)
        sys.stderr.flush()


def end_run() -> None:
    """Forget this run's colour flag, shown ids, column widths and progress line; close the
    catalog opened for ids (deja.cli._end_run)."""
    global _mode, _live
    _mode, _live = None, ""
    _ids.clear()
    _cols.update(harness=8, id=8)
    while _reader:
        _reader.pop().close()


def open_fresh(quiet: bool = False):  # -> (deja.store.Store, notice)
    """The index brought up to date (progress on stderr unless quiet), its notice said, the
    progress line cleared."""
    from deja import paths
    from deja.ingest import fresh

    store, msg = fresh.open_fresh(paths.index_dir(), None if quiet else progress)
    end_progress()
    if msg and not quiet:
        note(msg)
    return store, msg


def fresh_store(quiet: bool = False):  # -> deja.store.Store
    """`open_fresh`'s store: what a command reads from."""
    return open_fresh(quiet)[0]


def page(text: str) -> None:
    """Write `text` to stdout; on a terminal through $PAGER (default `less`, with LESS=FRX as git
    sets it: quits if one screen, keeps colours, no screen clearing), as git does."""
    end_progress()
    pager = os.environ.get("PAGER", "less") if _tty(sys.stdout) else ""
    if pager.strip() in ("", "cat"):
        echo(text, nl=not text.endswith("\n"))
        return
    import shlex
    import shutil
    import subprocess

    words = shlex.split(pager)
    first = words[0] if words else ""
    if not shutil.which(first):
        echo(text, nl=not text.endswith("\n"))
        return
    env = dict(os.environ)
    env.setdefault("LESS", "FRX")
    env.setdefault("LV", "-c")
    text = _styles(safe(text), sys.stdout)
    proc = subprocess.Popen(pager, shell=True, stdin=subprocess.PIPE, env=env)
    try:
        assert proc.stdin is not None
        proc.stdin.write(text.encode("utf-8", "replace"))
        proc.stdin.close()
    except BrokenPipeError:  # the reader quit early (q in less)
        pass
    proc.wait()
