"""The pages of `deja serve` as HTML, from the dicts `data` builds.

Every text that comes from the index goes through `esc`: redacted and its control characters made
visible (`render.safe`, the CLI's funnel), then HTML-escaped, quotes included. No page holds an
inline script or style: the script and the style sheet are files of deja's own (`static/`), and
the Content-Security-Policy the server sends says only those may run (deja.web.server).
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

from deja.cli import render

NAV = (("/", "Search"), ("/sources", "Sources"), ("/notes", "Notes"), ("/stats", "Stats"), ("/log", "Log"))


def esc(text: object) -> str:
    """Text from the index as HTML: redacted, control characters shown, every byte escaped."""
    return html.escape(render.safe(str(text)), quote=True)


def search_link(query: str, role: str | None = None) -> str:
    """The page's own URL of a search for `query` (in `role` when given), escaped for an attribute."""
    params = {"q": query, **({"role": role} if role else {})}
    return esc("/?" + urlencode(params))


def layout(title: str, body: str, here: str = "/") -> str:
    nav = "".join(f'<a href="{href}"{" class=here" if href == here else ""}>{name}</a>' for href, name in NAV)
    return ("<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
            '<meta name=viewport content="width=device-width, initial-scale=1">'
            '<meta name=referrer content=no-referrer>'
            f"<title>{esc(title)} · deja</title>"
            '<link rel=stylesheet href="/static/app.css"><script src="/static/app.js" defer></script>'
            f"</head><body><header><b>deja</b><nav>{nav}</nav></header><main>{body}</main></body></html>\n")


def search_page() -> str:
    body = ('<form id=search role=search action="/" method=get>'
            '<input id=q name=q type=search autofocus autocomplete=off placeholder="Search every session"'
            ' aria-label="Search">'
            '<select id=harness name=harness aria-label="Harness"><option value="">every harness</option></select>'
            '<input id=role name=role type=hidden>'
            "</form><p id=status class=dim></p><ol id=hits></ol>")
    return layout("Search", body, "/")


def message_page(title: str, message: str, here: str = "/") -> str:
    return layout(title, f"<h1>{esc(title)}</h1><p>{esc(message)}</p>", here)


def _record_body(role: str, text: str) -> str:
    """A record's text, with what it names linked: a command to a search for it, each file path
    to a search for the path."""
    if role == "command":
        lines = []
        for line in text.split("\n"):
            cmd = line[2:] if line.startswith("$ ") else line
            lines.append(f'<a href="{search_link(cmd.strip(), "command")}">{esc(line)}</a>' if cmd.strip() else esc(line))
        return "<pre>" + "\n".join(lines) + "</pre>"
    if role == "files":
        return "<pre>" + "\n".join(f'<a href="{search_link(p.strip(), "files")}">{esc(p)}</a>' if p.strip() else ""
                                   for p in text.split("\n")) + "</pre>"
    if role == "edit":
        first, _, rest = text.partition("\n")
        link = f'<a href="{search_link(first.strip(), "files")}">{esc(first)}</a>' if first.strip() else ""
        return f"<pre>{link}\n{esc(rest)}</pre>" if rest else f"<pre>{link}</pre>"
    return f"<pre>{esc(text)}</pre>"


def _summary(text: str) -> str:
    first = text.strip().split("\n", 1)[0]
    return esc(first[:120] + ("…" if len(first) > 120 else ""))


def commands(view: dict) -> list[tuple[str, str]]:
    """What a session page offers for going back into the session, as commands to copy (the page
    never runs one): its agent's own reopen command (what `deja resume` prints), and the exports."""
    import shlex

    shown = shlex.quote(view["shown_id"])
    reopen = view["reopen"]
    out = [("reopen in its agent", reopen["line"])] if "line" in reopen else []
    out += [("print it", f"deja show {shown}"), ("hand it to another agent", f"deja handoff {shown} --to AGENT"),
            ("export it", f"deja export {shown} --format html -o session.html"),
            ("share it", f"deja share {shown} -o for-review.md")]
    return out


def session_page(view: dict) -> str:
    """One session: its facts, the commands that go back into it (shown, never run), and every
    record with its role; tool output, files, commands and edits folded."""
    s = view["session"]
    facts = [("harness", s["harness"]), ("id", s["id"]), ("project", s["project"] or "-"), ("directory", s["cwd"] or "-"),
             ("started", s["started"] or "-"), ("updated", s["updated"] or "-"), ("records", view["total"]),
             ("transcript", s["path"])]
    if s["parent"]:
        facts.append(("parent", s["parent"]))
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in facts)
    cmds = ""
    for label, command in commands(view):
        cmds += (f'<div class=cmd><span class=dim>{esc(label)}</span> <code>{esc(command)}</code>'
                 f' <button type=button class=copy data-copy="{esc(command)}">copy</button></div>')
    if "refusal" in view["reopen"]:
        cmds = f'<div class="cmd refusal">cannot be reopened: {esc(view["reopen"]["refusal"])}</div>' + cmds
    downloads = " ".join(f'<a href="/export?{esc(urlencode({"id": view["key"], "format": f}))}" download>{f}</a>'
                         for f in ("md", "html", "json"))
    out = [f"<h1>{esc(s['title'] or s['id'])}</h1><dl class=facts>{dl}</dl>",
           f"<section class=cmds>{cmds}<div class=cmd><span class=dim>download</span> {downloads}</div></section>"]
    out.append("<ol class=records>")
    for r in view["records"]:
        role, body = r["role"], _record_body(r["role"], r["text"])
        head = f'<span class="role {esc(role)}">{esc(role)}</span> <span class=dim>#{r["seq"]} {esc(r["time"] or "")}</span>'
        if r["folded"]:
            out.append(f'<li class="rec {esc(role)}"><details><summary>{head} {_summary(r["text"])}</summary>'
                       f"{body}</details></li>")
        else:
            out.append(f'<li class="rec {esc(role)}">{head}{body}</li>')
    out.append("</ol>")
    return layout(s["title"] or s["id"], "".join(out), "/")


def _source_row(s: dict) -> str:
    h = s["harness"]
    switch = (f'<button type=button class=switch role=switch aria-checked={"true" if s["on"] else "false"}'
              f' data-harness="{esc(h)}">{"in" if s["on"] else "out"}</button>')
    if s["state"] == "not-chosen":
        switch = "<span class=dim>DEJA_SOURCES</span>"
    reason = f'<div class=dim>{esc(s["reason"])}</div>' if s["reason"] else ""
    return (f'<tr id="src-{esc(h)}"><td>{switch}</td><td><b>{esc(h)}</b>{reason}</td>'
            f'<td class="state {esc(s["state"])}">{esc(s["state"])}</td><td>{s["sessions"]}</td>'
            f'<td>{s["records"]}</td><td>{s["files"]}</td><td>{s["skipped"]}</td><td>{s["redactions"]}</td></tr>')


def sources_page(view: dict) -> str:
    """Each harness's state as `deja sources` says it, with its switch; those not on this machine
    (and never indexed) folded below, as `deja sources` lists them on one line."""
    head = ("<table class=sources><thead><tr><th>corpus</th><th>harness</th><th>state</th><th>sessions</th>"
            "<th>records</th><th>files</th><th>skipped</th><th>redacted</th></tr></thead><tbody>")
    absent = [s for s in view["sources"] if s["state"] == "missing" and not s["sessions"]]
    here = [s for s in view["sources"] if s not in absent]
    body = ("<h1>Sources</h1><p>Each harness deja reads, and what its store gave. A switch takes a harness in or out "
            f"of the corpus: it writes <code>[harnesses]</code> in <code>{esc(view['config'])}</code>; the next "
            "<code>deja index</code> leaves its sessions out (or reads them again); its own files are never touched.</p>"
            + head + "".join(_source_row(s) for s in here) + "</tbody></table>")
    if absent:
        body += (f"<details class=absent><summary>not on this machine: {esc(', '.join(s['harness'] for s in absent))}"
                 "</summary>" + head + "".join(_source_row(s) for s in absent) + "</tbody></table></details>")
    return layout("Sources", body + "<p id=status class=dim></p>", "/sources")


def notes_page(view: dict) -> str:
    out = ["<h1>Notes</h1>",
           f"<p class=dim>What <code>deja remember</code> wrote (kept in {esc(view['notes_file'])}), newest first. "
           "Add one with <code>deja remember \"…\"</code>.</p>"]
    if not view["days"]:
        out.append("<p>No notes yet.</p>")
    for d in view["days"]:
        s = d["session"]
        out.append(f'<h2><a href="/session?{esc(urlencode({"id": d["key"]}))}">{esc(s["title"])}</a></h2><ul class=notes>')
        out += [f'<li><span class=dim>{esc(n["time"] or "")}</span><pre>{esc(n["text"])}</pre></li>' for n in d["notes"]]
        out.append("</ul>")
    return layout("Notes", "".join(out), "/notes")


# -- stats: the chart is inline SVG (no script, no style attribute), drawn from deja.views.stats's dict

PALETTE = ("#1c4fd1", "#0b7a3b", "#8a5a00", "#7b2fbf", "#c62828", "#00838f", "#6d4c41", "#ad1457", "#558b2f", "#455a64")


def chart(d: dict, width: int = 880, height: int = 240) -> str:
    """Sessions per period, one stacked bar per period, one colour per harness, with a legend."""
    periods = d["periods"]
    harnesses = d["harnesses"]
    if not periods:
        return "<p>No sessions yet.</p>"
    totals = [sum(h["by_period"].get(p, {}).get("sessions", 0) for h in harnesses) for p in periods]
    top = max(totals) or 1
    left, bottom, legend = 36, 22, 18 * ((len(harnesses) + 5) // 6)
    plot_h = height - bottom - legend - 8
    step = (width - left) / len(periods)
    bar = max(2.0, min(48.0, step * 0.7))
    out = [f'<svg class=chart role=img aria-label="sessions per {esc(d["by"])}" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">']
    for tick in sorted({0, top // 2, top}):
        y = 8 + plot_h * (1 - tick / top)
        out.append(f'<line x1="{left}" x2="{width}" y1="{y:.1f}" y2="{y:.1f}" stroke="#8888" stroke-width="0.5"/>'
                   f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    for i, p in enumerate(periods):
        x = left + i * step + (step - bar) / 2
        y = 8 + plot_h
        for j, h in enumerate(harnesses):
            n = h["by_period"].get(p, {}).get("sessions", 0)
            if not n:
                continue
            hgt = plot_h * n / top
            y -= hgt
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{hgt:.1f}" fill="{PALETTE[j % len(PALETTE)]}">'
                       f"<title>{esc(h['name'])} {esc(p)}: {n}</title></rect>")
        if len(periods) <= 12 or i % max(1, len(periods) // 12) == 0:
            out.append(f'<text x="{x + bar / 2:.1f}" y="{8 + plot_h + 15}" text-anchor="middle">{esc(p)}</text>')
    for j, h in enumerate(harnesses):
        lx, ly = left + (j % 6) * 140, height - legend + 18 * (j // 6) + 4
        out.append(f'<rect x="{lx}" y="{ly}" width="10" height="10" fill="{PALETTE[j % len(PALETTE)]}"/>'
                   f'<text x="{lx + 14}" y="{ly + 9}">{esc(h["name"])} ({h["sessions"]})</text>')
    out.append("</svg>")
    return "".join(out)


def _table(head: tuple[str, ...], rows: list[tuple]) -> str:
    th = "".join(f"<th>{esc(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table class=sources><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def stats_page(d: dict) -> str:
    t = d["totals"]
    other = "week" if d["by"] == "month" else "month"
    out = [f"<h1>Stats</h1><p>{t['sessions']} sessions, {t['records']} records; per {esc(d['by'])} "
           f'(<a href="/stats?by={other}">per {other}</a>).</p>', chart(d),
           "<h2>Agents</h2>", _table(("agent", "sessions", "records"),
                                     [(h["name"], h["sessions"], h["records"]) for h in d["harnesses"]]),
           "<h2>Projects</h2>", _table(("project", "sessions", "records"),
                                       [(p["name"], p["sessions"], p["records"]) for p in d["projects"]]),
           "<h2>Busiest files</h2>", _table(("file", "sessions", "edited", "read"),
                                            [(f["path"], f["sessions"], f["edited"], f["read"]) for f in d["files"]]),
           "<h2>Most-run commands</h2>", _table(("command", "runs", "sessions", "failed"),
                                                [(c["command"], c["runs"], c["sessions"], c["failed"]) for c in d["commands"]]),
           f"<h2>Redactions</h2><p>{d['redactions']['total']} secrets redacted as the index was written.</p>",
           _table(("agent", "redactions"), sorted(d["redactions"]["by_harness"].items()))]
    return layout("Stats", "".join(out), "/stats")


def log_page(view: dict) -> str:
    """What hooks and MCP recall served, newest first (`deja log`)."""
    out = ["<h1>Log</h1>", f"<p class=dim>What deja's hooks and MCP recall put into your agents, newest first "
           f"(kept in {esc(view['file'])}, private and bounded).</p>"]
    if not view["entries"]:
        out.append("<p>Nothing served yet.</p>")
    rows = []
    for e in view["entries"]:
        listed = e.get("sessions")
        sessions = listed if isinstance(listed, list) else []
        links = " ".join(f'<a href="/session?{esc(urlencode({"id": str(k)}))}">{esc(str(k)[:24])}</a>' for k in sessions)
        rows.append(f"<tr><td>{esc(e.get('time') or '-')}</td><td>{esc(e.get('front') or '-')} {esc(e.get('what') or '')}</td>"
                    f"<td>{esc(e.get('agent') or '-')}</td><td>{esc(e.get('prompt') or '')}</td><td>{links}</td></tr>")
    if rows:
        out.append("<table class=sources><thead><tr><th>when</th><th>front</th><th>agent</th><th>prompt</th>"
                   "<th>sessions</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>")
    if view["skipped"]:
        out.append(f"<p class=dim>{view['skipped']} lines of the log could not be read (skipped).</p>")
    return layout("Log", "".join(out), "/log")
