"""`deja export` and `deja share`: one session as markdown, one self-contained HTML file, or JSON.

Every text goes through `clean` first: secrets redacted (deja.redact, again: the index may be
older than a rule), escape sequences dropped and any other control character shown as `\\xNN`
(deja.terminal), so no output holds a secret or a byte a terminal would obey. HTML escapes every
transcript byte and carries no script at all (its Content-Security-Policy forbids one). `share`
is markdown for a colleague: also home paths as `~` and this machine's name as `host`.
"""

from __future__ import annotations

import html
import json
import os
import re

from deja import times
from deja.plain import Plain
from deja.roles import CODE_ROLE, Role

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.store import SessionRow, Store

FORMATS = ("md", "html", "json")
# Roles shown as code (fenced in markdown, preformatted and folded in HTML): what tools did.
_WORK = {Role.TOOL_OUTPUT, Role.COMMAND, Role.EDIT, Role.FILES}
# A home directory in a path: `/home/<name>`, `/Users/<name>`, `C:\Users\<name>`.
_HOME_PATH = re.compile(r"(?:/home/|/Users/|[A-Za-z]:\\Users\\)[^/\\\s'\"`]+")


class Entry(Plain):
    __slots__ = ("seq", "role", "time", "text")

    def __init__(self, seq: int, role: str, time: float, text: str):
        self.seq, self.role, self.time, self.text = seq, role, time, text


class Transcript(Plain):
    """A session ready to write: its fields and records, every text already `clean`."""

    __slots__ = ("session", "entries")

    def __init__(self, session: dict, entries: list[Entry]):
        self.session, self.entries = session, entries


def clean(text: str, share: bool = False) -> str:
    """`text` as it may be written out: redacted, no escape sequences, other control characters
    visible; with `share`, home paths as `~` and the machine's name as `host`."""
    from deja import terminal
    from deja.text import redact

    if redact.enabled():
        text = redact.redact(text)[0]
    text = terminal.visible(terminal.strip(text))
    return anonymise(text) if share else text


def anonymise(text: str) -> str:
    """Home directories (this user's and any other's) as `~`, this machine's name as `host`."""
    home = os.environ.get("HOME", "")
    if home and len(home) > 1 and os.path.isabs(home):
        text = text.replace(home.rstrip("/"), "~")
    text = _HOME_PATH.sub("~", text)
    for name in _machine_names():
        text = re.sub(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", "host", text, flags=re.IGNORECASE)
    return text


def _machine_names() -> list[str]:
    import socket

    names = {socket.gethostname()}
    names |= {n.split(".", 1)[0] for n in names}
    return sorted((n for n in names if len(n) >= 3 and n.lower() not in ("localhost", "host")), key=len, reverse=True)


def transcript(store: Store, row: SessionRow, share: bool = False) -> Transcript:
    """`row`'s fields and records, cleaned (`clean`); with `share`, without the store file's path."""
    recs = store.records(row.sid)
    # Every field, the harness and ids too: an imported session's come from a peer or the hub as sent.
    session = {
        "harness": clean(row.harness), "id": clean(row.id, share), "title": clean(row.title, share),
        "project": clean(row.project, share), "cwd": clean(row.cwd, share), "started": times.iso(row.started),
        "updated": times.iso(row.updated), "records": row.records, "parent": clean(row.parent, share) or None,
    }
    if not share:
        session["path"] = clean(row.path)
    entries = [Entry(r.seq, CODE_ROLE[r.role].value, float(r.time), clean(r.text, share)) for r in recs]
    return Transcript(session, entries)


def export(store: Store, row: SessionRow, fmt: str, share: bool = False) -> str:
    """Session `row` as `fmt` (md, html or json), cleaned; `share`: for someone else (`anonymise`)."""
    if fmt not in FORMATS:
        raise ValueError(f"format {fmt!r}: one of {', '.join(FORMATS)}")
    t = transcript(store, row, share)
    return {"md": to_markdown, "html": to_html, "json": to_json}[fmt](t)


def _fence(text: str) -> str:
    """A code fence longer than any backtick run in `text`."""
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _title(t: Transcript) -> str:
    s = t.session
    first = next((e.text for e in t.entries if e.role == Role.USER.value), "")
    return " ".join((s["title"] or first[:80] or s["id"]).split())


def to_markdown(t: Transcript) -> str:
    s = t.session
    out = [f"# {_title(t)}", ""]
    for key in ("harness", "id", "project", "cwd", "started", "updated", "path"):
        if s.get(key):
            out.append(f"- {key}: `{s[key]}`")
    out.append("")
    for e in t.entries:
        when = times.local(e.time, unknown="")
        out += [f"## [{e.seq}] {e.role}" + (f" · {when}" if when else ""), ""]
        if Role(e.role) in _WORK:
            fence = _fence(e.text)
            out += [fence, e.text, fence]
        else:
            out.append(e.text)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


_CSS = """
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222;background:#fff}
h1{font-size:1.4rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.1rem 1rem;color:#555}
dt{font-weight:600}dd{margin:0;font-family:monospace;overflow-wrap:anywhere}
section{border-top:1px solid #ddd;padding:.5rem 0}h2{font-size:.85rem;color:#666;margin:.2rem 0}
.user h2{color:#276738}.assistant h2{color:#1f4e99}
.text{white-space:pre-wrap;overflow-wrap:anywhere}
pre{background:#f5f5f5;padding:.5rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
summary{cursor:pointer;color:#666}
@media (prefers-color-scheme:dark){body{background:#111;color:#ddd}pre{background:#222}dl,h2,summary{color:#aaa}}
"""
# No script, no outside fetch, no form: the page is text and its own stylesheet.
_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; form-action 'none'; base-uri 'none'"


def to_html(t: Transcript) -> str:
    """One file: inline CSS, no script, every transcript byte escaped (tool output folded)."""
    e_ = lambda v: html.escape(str(v), quote=True)  # noqa: E731
    s = t.session
    meta = "".join(f"<dt>{k}</dt><dd>{e_(s[k])}</dd>"
                   for k in ("harness", "id", "project", "cwd", "started", "updated", "path") if s.get(k))
    parts = []
    for e in t.entries:
        when = times.local(e.time, unknown="")
        head = f"<h2>[{e.seq}] {e_(e.role)}{' · ' + e_(when) if when else ''}</h2>"
        if Role(e.role) in _WORK:
            first = e.text.split("\n", 1)[0][:100]
            body = f"<details><summary>{e_(first)}</summary><pre>{e_(e.text)}</pre></details>"
        else:
            body = f"<div class=\"text\">{e_(e.text)}</div>"
        parts.append(f"<section class=\"{e_(e.role)}\">{head}{body}</section>")
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{_CSP}\">"
            "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            f"<meta name=\"generator\" content=\"deja\"><title>{e_(_title(t))}</title><style>{_CSS}</style></head>\n"
            f"<body><h1>{e_(_title(t))}</h1><dl>{meta}</dl>\n" + "\n".join(parts) + "\n</body></html>\n")


def to_json(t: Transcript) -> str:
    from deja.search import SCHEMA_VERSION

    doc = {"schema_version": SCHEMA_VERSION, "session": t.session,
           "records": [{"seq": e.seq, "role": e.role, "time": times.iso(e.time), "text": e.text} for e in t.entries]}
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
