"""Agent hooks: put the right memory in front of an agent before it has to ask.

One contract for every host (Claude Code, Codex, Gemini CLI, Qwen Code): a JSON payload on
stdin, the host's hook output JSON on stdout, and only an index that is already built — opened
read-only; a hook never creates an index, never builds one and never waits for a writer. At
most MAX_BYTES are injected, wrapped in `<deja-recall>…</deja-recall>` (ingest strips that
marker, so deja never indexes its own recall). On any problem — no index, a bad payload, an
exception, a slow disk — a hook prints nothing and exits 0: the agent is never blocked.

Only `precompact` writes: it indexes the live transcript when the writer lock is free this
instant, and skips when it is not.

Kinds: `context` (session start), `prompt` (prompt submitted), `tool` (before a tool runs),
`precompact` (before the host compacts its context).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

from deja import paths
from deja.text.clip import clip


from deja.hooks.payload import (
    BUDGET_SECONDS,
    CLEAR,
    CONTEXT_NOTES,
    CONTEXT_SESSIONS,
    FRAME,
    KINDS,
    LEVEL,
    MAX_BYTES,
    NEAR,
    PATTERN_SESSIONS,
    Payload,
    RECALL_LEVEL,
    RECALL_MAX_SHARE,
    RECALL_MORE,
    RECALL_MIN_MATCHES,
    RECALL_SESSIONS,
    SNIPPET_CHARS,
    TITLE_COLUMNS,
    STATE_DAYS,
    _Lazy,
    _date,
    _str,
    STRONG,
    SURE,
    TWO_COVERAGE,
    TWO_EVENTS,
    one_line,
    parse_payload,
    render,
    wrap,
)
from deja.hooks.question import asking, is_history_question, keywords, question_text, recall_words


# -- per-conversation state: what was already said in this conversation


class State:
    """A tiny JSON file per conversation under the index directory (never creates that dir)."""

    def __init__(self, session: str):
        self.dir = paths.index_dir() / "hooks"
        name = hashlib.blake2b(session.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
        self.path = self.dir / f"{name}.json"
        self.session = session
        self.data: dict[str, Any] = {}
        if session:
            try:
                got = json.loads(self.path.read_text())
                if isinstance(got, dict):
                    self.data = got
            except (OSError, ValueError):
                pass

    def seen(self, key: str) -> bool:
        return key in self.data.get("seen", [])

    def mark(self, *keys: str) -> None:
        seen = self.data.setdefault("seen", [])
        for k in keys:
            if k not in seen:
                seen.append(k)

    def save(self) -> None:
        if not self.session or not self.dir.parent.is_dir():
            return
        self.dir.mkdir(mode=0o700, exist_ok=True)
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump(self.data, f)
        os.replace(tmp, self.path)

    def prune(self) -> None:
        """Forget conversations not touched for STATE_DAYS days."""
        cutoff = time.time() - STATE_DAYS * 86400
        try:
            with os.scandir(self.dir) as it:
                for e in it:
                    try:
                        if e.stat().st_mtime < cutoff:
                            os.unlink(e.path)
                    except OSError:
                        continue
        except OSError:
            pass


# -- the hooks


def _open_store():
    """The index read-only, or None when there is none (a hook never creates or builds one)."""
    from deja.errors import StoreError
    from deja.store import Store

    d = paths.index_dir()
    try:
        return Store(d, readonly=True)
    except (StoreError, OSError, ValueError):
        return None


# The sessions this run's answer names (every reference goes through `_ref`), for the recall
# log; emptied at the start of each run.
_served: list[str] = []


def _ref(row) -> str:
    if row.key not in _served:
        _served.append(row.key)
    return f"{_date(row.updated or row.started)} {row.harness} {row.id}" + (f" ({row.project})" if row.project else "")


def context(p: Payload, store) -> str:
    """Session start: this project's recent sessions and its notes."""
    project = p.project
    if not project:
        return ""
    rows = [r for r in store.recent(CONTEXT_SESSIONS + 2, root=project)
            if r.harness != "notes" and r.id != p.session][:CONTEXT_SESSIONS]
    notes: list[str] = []
    for n in store.recent(CONTEXT_NOTES, harness="notes", root=project):
        for rec in reversed(store.records(n.sid)):
            notes.append(f"- {_date(rec.time)} note: {clip(rec.text, 240)}")
            if len(notes) >= CONTEXT_NOTES:
                break
        if len(notes) >= CONTEXT_NOTES:
            break
    items = [f"- {_ref(r)}: {clip(r.title, 100) or '(untitled)'}" for r in rows]
    if not items and not notes:
        return ""
    head = f"deja: recent history of project {project} ({FRAME})."  # the path: two `shop`s are two projects
    tail = "More: the deja MCP tools (recall, session, blame, how) or `deja search …`, `deja show <id>`."
    return wrap(head, notes + items, tail)


def prompt(p: Payload, store, state: State) -> str:
    """Prompt submitted: for a question, the sessions that answer it when the match is strong
    enough for how it asks (once per conversation); for anything else, recall when every word
    is in a few sessions."""
    if not p.typed or not p.prompt.strip():
        return ""
    kind = asking(p.prompt)
    if kind:
        return _answer(p, store, state, kind)
    words = recall_words(p.prompt)
    if not words:
        return ""
    from deja.search import Options, search

    query = " ".join(f'"{w}"' if " " in w else w for w in words)
    res = search(store, query, Options(limit=RECALL_SESSIONS + 4, exact_only=True))
    hits = [h for h in res.hits if h.session.id != p.session]
    if res.tier != "exact" or not hits:
        return ""
    sessions = store.catalog.totals()[1]
    if res.total > max(RECALL_MIN_MATCHES, RECALL_MAX_SHARE * sessions):
        return ""
    fresh = [h for h in hits if not state.seen(f"shown:{h.session.key}")][:RECALL_SESSIONS]
    if not fresh:
        return ""
    state.mark(*(f"shown:{h.session.key}" for h in fresh))
    head = f"deja: related history ({FRAME}):"
    return wrap(head, [_hit_line(h) for h in fresh])


def strong(kind: str, hits: list, tier: str, asked: str = "", unheard: bool = False, counts: bool = False) -> bool:
    """Is the best session a strong enough answer for how the prompt asks (payload.asking)?
    The weak tier only for a question that points back (payload.NEAR: its best near miss stands
    out) and gives no word that history never holds (`unheard`: a made-up name, a thing never
    said, is an honest nothing). A question that points back at history needs only a match; one about
    the person needs the best session to hold enough of the question's rarity (coverage) and to
    stand out from the next (margin): payload.STRONG — unless it holds nearly all of it
    (payload.SURE) or stands out by far holding less (payload.CLEAR), or it `counts` across sessions ("how many times did the printer jam?", 几次:
    search.query's reading; each session holding one instance answers a part, so the sessions that
    answer a count are level at the top). A question that joins two
    events (payload.TWO_EVENTS) asks it of the best two together: each holds one."""
    if not hits or tier == "none":
        return False
    best = hits[0]
    runner = hits[1].score if len(hits) > 1 else 0.0
    if tier == "weak":
        return (kind == "cue" and not unheard and best.coverage >= NEAR[0]
                and (runner <= 0 or best.score >= NEAR[1] * runner))
    if kind == "cue":
        return True
    coverage, margin = STRONG[kind]
    if len(hits) > 1 and TWO_EVENTS.search(asked) and best.coverage + hits[1].coverage >= TWO_COVERAGE:
        return True
    if best.coverage < coverage:
        return best.coverage >= CLEAR[0] and best.score >= CLEAR[1] * runner
    return runner <= 0 or best.score >= margin * runner or best.coverage >= SURE or counts


def _answer(p: Payload, store, state: State, kind: str) -> str:
    """A question, searched the question way (as `deja search` ranks one: filler dropped, rare
    words weighed), its cues taken out; the sessions that answer it when the match is strong."""
    if state.seen("history-hint"):
        return ""
    from deja.errors import QueryError
    from deja.search import Options, search

    from deja.search.query import parse

    asked = question_text(p.prompt)
    try:
        q = parse(asked)  # once: the search, the count and the side asked about read the same Query
        res = search(store, asked, Options(limit=RECALL_SESSIONS + RECALL_MORE + RECALL_LEVEL), q)
    except QueryError:
        return ""  # nothing but filler
    hits = [h for h in res.hits if h.session.id != p.session]
    unheard = res.tier == "weak" and kind == "cue" and _unheard(store, asked)
    if not strong(kind, hits, res.tier, asked, unheard, counts=q.counts):
        return ""
    chosen = hits[:RECALL_SESSIONS]
    level = len(hits) > 1 and hits[0].score < LEVEL * hits[1].score
    more = hits[RECALL_SESSIONS:RECALL_SESSIONS + RECALL_MORE + (RECALL_LEVEL if level else 0)]
    head = (f"deja: earlier sessions that may answer this ({FRAME}):" if res.tier != "weak" else
            f"deja: near misses, no session matches this question well ({FRAME}):")
    tail = "Read one: the deja MCP tool `session` with its id, or `deja show <id>`."
    full = [_hit_line(h, q.asks_assistant) for h in chosen]
    short = [_short_line(h) for h in chosen + more]
    text = wrap(head, full + short[len(full):], tail)
    # 2 KB that does not name every session (a Chinese line takes three bytes a character: two
    # full lines filled it): the last full lines give way to short ones, the best keeps its own
    k = len(full)
    while k > 1 and any(h.session.id not in text for h in chosen + more):
        k -= 1
        text = wrap(head, full[:k] + short[k:], tail)
    # … and then the short lines' titles are cut to half (long titles of wide or four-byte
    # characters: a short line of them took 250 bytes)
    if any(h.session.id not in text for h in chosen + more):
        text = wrap(head, full[:k] + [_short_line(h, TITLE_COLUMNS // 2) for h in (chosen + more)[k:]], tail)
    shown = [h for h in chosen + more if h.session.id in text]
    _served[:] = [h.session.key for h in shown]  # what the recall log names: what fitted
    state.mark("history-hint", *(f"shown:{h.session.key}" for h in shown))
    return text


def _unheard(store, asked: str) -> bool:
    """Does the question give a word no record holds ("the zorblaxian queue"; a Chinese word: none
    of its bigrams)?"""
    from deja.text.tokenizer import tokens

    return any(t and not any(store.text.doc_freq((x,)) for x in t) for t in (tokens(w) for w in keywords(asked)))


def _short_line(h, width: int = TITLE_COLUMNS) -> str:
    """A session as a close runner-up: its date, id and title only."""
    title = clip(h.session.title, width, wide=True)
    return f"- also {_ref(h.session)}" + (f" “{title}”" if title else "")


def _hit_line(h, asks_assistant: bool = True) -> str:
    """A session as the answer: the line that answers — the person's own best-matching turn when
    the question is not about what the assistant said and that turn asks nothing itself ("I'm
    allergic to sesame"), else the best-matching turn of the answering side (the assistant's), else its
    best match — and what it decided."""
    s = h.session
    best = h.answer if h.answer is not None and h.answer.text.strip() else None
    first = next((x for x in h.snippets if x.text.strip()), None)
    if not asks_assistant and first is not None and first.role == "user" and not _ASKED.search(first.text):
        best = first
    snip = best.text if best else first.text if first else ""
    title = clip(s.title, TITLE_COLUMNS, wide=True)
    line = f"- {_ref(s)}"
    if title:
        line += f" “{title}”"
    if snip:
        line += f": {clip(snip, SNIPPET_CHARS, wide=True)}"
    if h.decision and h.decision.strip() not in snip:
        line += f" — decided: {clip(h.decision, SNIPPET_CHARS, wide=True)}"
    return line


# A turn that asks rather than tells: the earlier question, not its answer.
_ASKED = _Lazy(r"[?？][\s…]*$|^\W*(?:how|what|why|which|when|where|who|can|could|should|is|are|do|does|did)\b[^.!。！]*[?？]", re.I)


_SHELL_TOOLS = {"bash", "shell", "run_shell_command", "exec_command", "local_shell", "terminal", "run_terminal_cmd",
                "execute_command", "powershell"}
_EDIT_TOOLS = {"edit", "write", "multiedit", "notebookedit", "write_file", "replace", "apply_patch", "create_file",
               "edit_file", "str_replace_editor", "str_replace_based_edit_tool", "patch"}
_PATH_KEYS = ("file_path", "filePath", "path", "notebook_path", "absolute_path", "target_file", "filename")
_PATCH_FILE = _Lazy(r"^\*\*\* (?:Update|Add|Delete) File:\s*(.+?)\s*$", re.M)
def tool_targets(p: Payload) -> tuple[str, list[str]]:
    """(the shell command, the files edited) that a tool call is about to run or change."""
    name = p.tool.lower()
    ti = p.tool_input
    cmd = got if isinstance(got := ti.get("command"), str) else ""
    if isinstance(ti.get("command"), list):
        cmd = " ".join(str(x) for x in ti["command"])
    files: list[str] = []
    patch = cmd if "*** Begin Patch" in cmd else _str(ti, "patch", "input")
    if name == "apply_patch" or "*** Begin Patch" in patch:
        files = _PATCH_FILE.findall(patch)
        cmd = ""
    elif name in _EDIT_TOOLS or name.endswith(("edit", "write", "write_file")):
        files = [v for k in _PATH_KEYS if isinstance(v := ti.get(k), str) and v][:1]
        cmd = ""
    elif name not in _SHELL_TOOLS and not name.endswith(("bash", "shell")):
        cmd = ""
    return cmd.strip(), files


def tool(p: Payload, store, state: State) -> str:
    """Before a tool runs: the file's prior decision, or the command's working invocation,
    when history shows a pattern; once per file (or program) per conversation."""
    cmd, files = tool_targets(p)
    if files:
        path = files[0]
        if p.cwd and not os.path.isabs(path):
            path = os.path.normpath(os.path.join(p.cwd, path))
        key = f"file:{path}"
        if state.seen(key):
            return ""
        state.mark(key)
        line = _file_hint(store, path, p)
    elif cmd:
        from deja.text.commands import tool_of

        tool_name, seg = tool_of(cmd)
        if not tool_name:
            return ""
        key = f"cmd:{tool_name}"
        if state.seen(key):
            return ""
        state.mark(key)
        line = _command_hint(store, tool_name, seg, p)
    else:
        return ""
    return one_line(line) if line else ""


def _file_hint(store, path: str, p: Payload) -> str:
    from deja.search.work import blame

    res = blame(store, path, limit=PATTERN_SESSIONS + 1)
    ms = [m for m in res.items if m.touched and m.specificity in ("path", "suffix") and m.session.id != p.session]
    if len(ms) < PATTERN_SESSIONS:
        return ""
    n = f"{len(ms)}+" if res.total > len(res.items) else str(len(ms))
    line = f"deja: {os.path.basename(path)} was changed in {n} earlier sessions ({FRAME}); latest {_ref(ms[0].session)}"
    decision = next((m.decision for m in ms if m.decision), "")
    if decision:
        line += f" — what was decided: {clip(decision, 300)}"
    return line


def _command_hint(store, tool_name: str, seg: str, p: Payload) -> str:
    from deja.text.commands import normalise_command
    from deja.search.work import how

    res = how(store, tool_name, project=p.project or None, limit=3)
    good = [i for i in res.items if i.sessions >= PATTERN_SESSIONS and i.failed < i.runs]
    if not good:
        return ""
    best = good[0]
    if normalise_command(seg, p.cwd) == best.command:
        return ""  # about to run exactly what worked before: nothing to add
    failed = f"; {best.failed} of {best.runs} runs failed" if best.failed else ""
    return (f"deja: in this project `{tool_name}` was run as `{clip(best.command, 200)}` in {best.sessions} "
            f"sessions{failed} ({FRAME}); latest {_ref(best.session)}")


def precompact(p: Payload) -> None:
    """Before compaction: index the live transcript now, so nothing said is lost from recall.
    Writes only into an index that exists and is this deja's version, and only when the
    writer lock is free this instant."""
    from deja.ingest import indexer
    from deja.ingest.lock import open_for_write
    from deja.store import INDEX_VERSION

    store = _open_store()
    if store is None:
        return
    try:
        current = store.catalog.get_meta("index_version") == INDEX_VERSION
    finally:
        store.close()
    if not current:
        return  # a different version: rebuilding it is `deja index`'s job, not a hook's
    opened = open_for_write(paths.index_dir(), wait=False)
    if opened is None:
        return
    store, lock = opened
    try:
        if p.transcript:
            plan = indexer.plan_file(store, Path(os.path.abspath(p.transcript)))
        else:
            plan = indexer.make_plan(store)
        if plan.tasks or plan.gone or plan.excluded:
            indexer.apply(store, plan)
        store.text.close()
    finally:
        store.close()
        lock.release()


# -- running one hook


class _Slow(Exception):
    pass


def _alarm(signum, frame):  # pragma: no cover - timing dependent
    raise _Slow()


def run(kind: str, data: bytes | str, budget: float | None = BUDGET_SECONDS) -> str:
    """Answer one hook: the text for stdout, or "" for silence. Never raises."""
    timer = False
    before = None  # the SIGALRM handler this run replaced, put back after (a caller that goes on)
    try:
        if kind not in KINDS or os.environ.get("DEJA_HOOKS") == "0":
            return ""
        p = parse_payload(data)
        if p is None:
            return ""
        if kind == "precompact":
            precompact(p)
            return ""
        if budget and threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
            before = signal.signal(signal.SIGALRM, _alarm)
            signal.setitimer(signal.ITIMER_REAL, budget)
            timer = True
        store = _open_store()
        if store is None:
            return ""
        _served.clear()
        try:
            state = State(p.session)
            if kind == "context":
                text = context(p, store)
                state.prune()
            elif kind == "prompt":
                text = prompt(p, store, state)
            else:
                text = tool(p, store, state)
            if timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                timer = False
            state.save()
        finally:
            store.close()
        if not text:
            return ""
        out = render(kind, p, text)
        _log(kind, p, out)
        return out
    except BaseException as e:  # fail open: whatever went wrong, the agent goes on
        if isinstance(e, KeyboardInterrupt):
            return ""
        if os.environ.get("DEJA_DEBUG") == "1":
            import traceback

            traceback.print_exc(file=sys.stderr)
        return ""
    finally:
        if timer:
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
            except Exception:
                pass
        if before is not None:
            signal.signal(signal.SIGALRM, before)


def _log(kind: str, p: Payload, out: str) -> None:
    """One line in the recall log (`deja log`): what this hook put into the agent."""
    from deja.views import served

    if kind == "prompt":
        asked = p.prompt
    elif kind == "tool":
        cmd, files = tool_targets(p)
        asked = f"{p.tool}: {files[0] if files else cmd}"
    else:
        asked = f"session start in {p.project}"
    agent = f"hook-{kind}" + (f" ({p.event})" if p.event else "")
    served.record("hook", agent, asked, list(_served), len(out.encode()), what=kind)


def read_stdin(limit: int = 32 * 1024 * 1024) -> bytes:
    """The payload on stdin (nothing when stdin is a terminal: the hook was run by hand)."""
    try:
        if sys.stdin is None or sys.stdin.isatty():
            return b""
        return sys.stdin.buffer.read(limit)
    except (OSError, ValueError):
        return b""


__all__ = ["run", "parse_payload", "Payload", "keywords", "is_history_question",
           "tool_targets", "wrap", "MAX_BYTES", "KINDS", "read_stdin"]
