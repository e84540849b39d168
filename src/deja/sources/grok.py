"""Grok: Grok Build session directories and the grok-dev CLI's `grok.db` (`GROK_HOME`).

**Session directories** — `${GROK_HOME:-~/.grok}/sessions/<group>/<id>/updates.jsonl` with
`summary.json` beside it (`info.id`, `info.cwd`, `generated_title`/`session_summary`,
`created_at`/`updated_at`, `session_kind`, `parent_session_id`); `<group>` is the URL-encoded
cwd, and `<group>/.cwd` may hold it plainly. `updates.jsonl` is an append-only log of ACP
`session/update` notifications: `user_message_chunk` and `agent_message_chunk` are speech
(chunks of one prompt, keyed by `update._meta.promptIndex` / `params._meta.promptId`, are joined
even when tool events sit between them), `tool_call`/`tool_call_update` carry tool output,
and thoughts, plans and mode updates are not indexed. Identity lives in the directory and
`summary.json`, re-read on every parse, so a parse resumed mid-file keeps id and cwd.

**grok.db** — SQLite: `sessions(id, title, cwd_last, …)` and `messages(session_id, seq,
role, message_json, created_at)`; `message_json.content` is a string or a list of blocks. A
session that also has a session directory is read from the directory only (one copy).
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import unquote

import msgspec

from deja import paths
from deja.model import Parsed, Role, Session
from deja.sources.base import (
    Commands,
    Lines,
    Skips,
    Source,
    add_edits,
    add_files,
    basename,
    decode_json,
    finish,
    parse_time,
    read_bytes,
    sqlite_readonly,
    walk,
)
from deja.sources.look import PLAIN, Look

SHELL_TOOLS = {"bash", "shell", "run_command", "execute_command", "run_terminal_cmd", "terminal"}
FILE_TOOLS = {"view_file", "read_file", "create_file", "write_file", "str_replace_editor", "edit_file", "edit", "read", "write"}
PATH_KEYS = ("path", "file_path", "filePath", "target_file")
OLD_KEYS = ("old_str", "old_string", "oldText")
_SPEECH = {"user_message_chunk": Role.USER, "agent_message_chunk": Role.ASSISTANT}


class Grok(Source):
    """Session directories (append-only JSONL) and the grok-dev SQLite store."""

    name = "grok"
    version = 1
    append_only = True
    cannot_resume = "deja knows no Grok command that reopens a session by its id"

    def home(self, look: Look = PLAIN) -> Path:
        env = look.env
        return paths.harness_root(self.name, Path(env("GROK_HOME") or paths.home(env) / ".grok"), env)

    def db(self, look: Look = PLAIN) -> Path:
        override = look.env("DEJA_GROK_DB")
        return Path(override).expanduser() if override else self.home(look) / "grok.db"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [self.home(look) / "sessions", self.db(look)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        found = [p for p in walk(self.home(look) / "sessions", suffixes=("updates.jsonl",), look=look)
                 if p.name == "updates.jsonl"]
        db = self.db(look)
        if look.lexists(db) and not look.is_link(db) and not look.is_dir(db):
            found.append(db)
        return found

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.name != "updates.jsonl":
            return self._db(path)
        s, skipped = self._identity(path.parent)
        lines = Lines(read_bytes(path, start), start)
        joins: dict[tuple[str, object], int] = {}
        tools = _Tools(s)
        skips = Skips()
        for d in lines:
            with skips:
                params = d.get("params")
                update = params.get("update") if isinstance(params, dict) else None
                if not isinstance(params, dict) or not isinstance(update, dict):
                    continue
                meta = got if isinstance(got := params.get("_meta"), dict) else {}
                t = parse_time(d.get("timestamp")) or parse_time(meta.get("agentTimestampMs"))
                kind = update.get("sessionUpdate")
                if kind in _SPEECH:
                    text = _text(update.get("content"), "")
                    if kind == "user_message_chunk":
                        umeta = update.get("_meta")
                        key = ("u", umeta.get("promptIndex")) if isinstance(umeta, dict) else ("u", None)
                    else:
                        key = ("a", meta.get("promptId"))
                    at = joins.get(key) if key[1] is not None else None
                    if at is not None:
                        s.records[at].text += text
                        s.touch(t)
                    else:
                        n = len(s.records)
                        s.add(_SPEECH[kind], text, t)
                        if len(s.records) > n and key[1] is not None:
                            joins[key] = n
                elif kind in ("tool_call", "tool_call_update"):
                    tools.update(update, t, kind == "tool_call")
                else:
                    s.touch(t)
        s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skipped + skips.n)

    def _identity(self, sdir: Path) -> tuple[Session, int]:
        """The session of a session directory: id, cwd, title, times, parent."""
        s = Session(self.name, sdir.name, path=str(sdir / "updates.jsonl"))
        summary, skipped = _summary(sdir)
        info = got if isinstance(got := summary.get("info"), dict) else {}
        if isinstance(info.get("id"), str) and info["id"]:
            s.id = info["id"]
        for key in ("generated_title", "session_summary"):
            if isinstance(summary.get(key), str) and summary[key].strip():
                s.title = summary[key]
                break
        if isinstance(summary.get("parent_session_id"), str):
            s.parent = summary["parent_session_id"]
        s.touch(parse_time(summary.get("created_at")))
        s.touch(parse_time(summary.get("updated_at")))
        cwd = info.get("cwd")
        if not isinstance(cwd, str) or not cwd:
            try:
                cwd = read_bytes(sdir.parent / ".cwd").decode("utf-8", "replace").strip()
            except OSError:
                cwd = _decode_group(sdir.parent.name)
        s.cwd = cwd
        return s, skipped

    def _db(self, path: Path) -> Parsed:
        have = self._directory_ids()
        by_id: dict[str, Session] = {}
        calls: dict[str, Commands] = {}
        skipped = 0
        with sqlite_readonly(path) as conn:
            rows = conn.execute(
                "SELECT s.id, s.title, s.cwd_last, m.role, m.message_json, m.created_at "
                "FROM sessions s JOIN messages m ON m.session_id = s.id "
                "WHERE m.role IN ('user', 'assistant', 'tool') ORDER BY s.id, m.seq"
            )
            skips = Skips()
            for sid, title, cwd, role, raw, created in rows:
                with skips:
                    sid = str(sid)
                    if sid in have:
                        continue
                    s = by_id.get(sid)
                    if s is None:
                        cwd = cwd if isinstance(cwd, str) else ""
                        s = by_id[sid] = Session(self.name, sid, project=basename(cwd), path=str(path), cwd=cwd,
                                                 title=title if isinstance(title, str) else "")
                        calls[sid] = Commands(s)
                    try:
                        msg = decode_json(raw.encode() if isinstance(raw, str) else bytes(raw or b""))
                    except (msgspec.DecodeError, TypeError):
                        skipped += 1
                        continue
                    if isinstance(msg, dict):
                        _db_message(s, calls[sid], role, msg, parse_time(created))
        return Parsed(finish(list(by_id.values())), 0, skipped + skips.n)

    def _directory_ids(self) -> set[str]:
        """Ids of sessions that have a session directory (these win over the database)."""
        ids: set[str] = set()
        for p in walk(self.home() / "sessions", suffixes=("updates.jsonl",)):
            ids.add(p.parent.name)
            info = _summary(p.parent)[0].get("info")
            if isinstance(info, dict) and isinstance(info.get("id"), str):
                ids.add(info["id"])
        return ids


def _summary(sdir: Path) -> tuple[dict, int]:
    try:
        d = decode_json(read_bytes(sdir / "summary.json"))
    except OSError:
        return {}, 0
    except msgspec.DecodeError:
        return {}, 1
    return (d, 0) if isinstance(d, dict) else ({}, 1)


def _decode_group(group: str) -> str:
    """The cwd from a URL-encoded group name (`home%2Fme%2Fapp` is `/home/me/app`)."""
    cwd = unquote(group)
    if "/" in cwd and not cwd.startswith("/") and not (len(cwd) > 1 and cwd[1] == ":"):
        cwd = "/" + cwd
    return cwd


def _text(content: object, sep: str = "\n") -> str:
    """Text of an ACP content block (or a list of them); non-text blocks are ignored."""
    if isinstance(content, dict):
        if content.get("type") in ("text", None) and isinstance(content.get("text"), str):
            return content["text"]
        if content.get("type") == "content":
            return _text(content.get("content"))
        return ""
    if isinstance(content, list):
        return sep.join(t for t in (_text(c) for c in content) if t)
    return content if isinstance(content, str) else ""


class _Tools:
    """ACP tool calls: output text, and the command or files a call names (once per call)."""

    def __init__(self, s: Session):
        self.s = s
        self.calls = Commands(s)
        self.state: dict[object, dict] = {}

    def update(self, u: dict, t: float, initial: bool) -> None:
        cid = u.get("toolCallId")
        st = self.state.setdefault(cid, {})
        for k in ("kind", "title", "rawInput", "locations"):
            if u.get(k) is not None:
                st[k] = u[k]
        content = u.get("content")
        for c in content if isinstance(content, list) else []:
            if isinstance(c, dict) and c.get("type") == "diff" and isinstance(c.get("path"), str):
                add_files(self.s, [c["path"]], t)
                add_edits(self.s, c["path"], [c.get("oldText")], t)
                st["worked"] = True
        if not st.get("worked"):
            st["worked"] = self.work(st, cid, t)
        raw_out = u.get("rawOutput")
        if isinstance(raw_out, dict):
            code = next((raw_out[k] for k in ("exit_code", "exitCode") if isinstance(raw_out.get(k), int)), None)
            self.calls.exited(cid if isinstance(cid, str) else None, code)
        text = _text(content)
        if text:
            self.s.add(Role.TOOL_OUTPUT, text, t)
        elif initial and not st["worked"]:
            label = ": ".join(str(st[k]) for k in ("kind", "title") if isinstance(st.get(k), str) and st[k])
            self.s.add(Role.TOOL_OUTPUT, label, t)
        else:
            self.s.touch(t)

    def work(self, st: dict, cid: object, t: float) -> bool:
        kind = st.get("kind")
        raw = got if isinstance(got := st.get("rawInput"), dict) else {}
        if kind == "execute":
            cmd = raw.get("command") or raw.get("cmd") or str(st.get("title") or "").strip("`")
            return bool(self.calls.add(cmd, t, cid))
        paths_ = [loc["path"] for loc in st.get("locations") or [] if isinstance(loc, dict) and isinstance(loc.get("path"), str)]
        paths_ += [raw[k] for k in PATH_KEYS if isinstance(raw.get(k), str)]
        if paths_:
            add_files(self.s, paths_, t)
            add_edits(self.s, paths_[0], [raw.get(k) for k in OLD_KEYS], t)
        return bool(paths_)


def _db_message(s: Session, calls: Commands, role: object, msg: dict, t: float) -> None:
    """One grok.db message: text blocks, tool calls (two shapes) and tool results."""
    content = msg.get("content")
    blocks = content if isinstance(content, list) else []
    if role == "tool":
        text = content if isinstance(content, str) else ""
        for b in blocks:
            if isinstance(b, dict) and b.get("type") == "tool-result":
                out = b.get("output", b.get("result"))
                if isinstance(out, dict):
                    out = got if isinstance(got := out.get("value"), str) else _text(out)
                text += out if isinstance(out, str) else ""
            elif isinstance(b, dict) and b.get("type") == "text":
                text += b.get("text") or ""
        s.add(Role.TOOL_OUTPUT, text, t)
        return
    text = content if isinstance(content, str) else "\n".join(
        b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
    )
    s.add(Role.USER if role == "user" else Role.ASSISTANT, text, t)
    if role != "assistant":
        return
    uses = [(b.get("toolName"), b.get("input", b.get("args")), b.get("toolCallId")) for b in blocks
            if isinstance(b, dict) and b.get("type") == "tool-call"]
    for c in msg.get("tool_calls") or []:
        fn = c.get("function") if isinstance(c, dict) else None
        if isinstance(fn, dict):
            uses.append((fn.get("name"), fn.get("arguments"), c.get("id")))
    for name, args, cid in uses:
        if isinstance(args, str):
            try:
                args = decode_json(args.encode())
            except msgspec.DecodeError:
                continue
        if not isinstance(args, dict):
            continue
        if name in SHELL_TOOLS:
            calls.add(args.get("command") or args.get("cmd"), t, cid)
        path = next((args[k] for k in PATH_KEYS if isinstance(args.get(k), str)), None)
        if name in FILE_TOOLS and path:
            add_files(s, [path], t)
            add_edits(s, path, [args.get(k) for k in OLD_KEYS], t)


SOURCE = Grok
