"""Codex CLI: rollouts under `~/.codex/sessions/**/rollout-*.jsonl`, archived rollouts
(`archived_sessions/*.jsonl[.zst]`), the prompt log `history.jsonl`, and thread titles from
`session_index.jsonl` (`CODEX_HOME`).

Every rollout line is `{timestamp, type, payload}`. `developer` messages are the harness's
instructions, not a person. User messages open with injected context (environment, user
instructions, permissions), removed at ingest. Reasoning is never indexed. Turns are written
twice, as `response_item` and as `event_msg`; events are used only by old rollouts that have
nothing else. `thread_history_*.sqlite` mirrors the same items and is not read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import msgspec

from deja import paths
from deja.model import Parsed, Role, Session
from deja.sources import inflate
from deja.sources.base import (
    Commands,
    Lines,
    Skips,
    Source,
    add_files,
    basename,
    decode_json,
    finish,
    head_record,
    parse_time,
    read_bytes,
    read_paths,
    text_of,
    walk,
)
from deja.sources.look import PLAIN, Look

_EXIT = re.compile(r"^(?:Process exited with code|Exit code:)\s*(-?\d+)", re.M)
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$")
_UUID = re.compile(r"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl")
SHELL_TOOLS = {"exec_command", "shell", "shell_command", "container.exec", "local_shell"}


class Codex(Source):
    name = "codex"
    version = 1
    append_only = True
    # Checked against `codex resume --help` 0.171.0 (docs/notes.md, session 4).
    resume_argv = ("codex", "resume", "{id}")
    resume_scoped = True  # its session list is filtered by the working directory (`--all` lifts it)
    prompt_argv = ("codex", "{prompt}")

    def home(self, look: Look = PLAIN) -> Path:
        env = look.env
        return paths.harness_root(self.name, Path(env("CODEX_HOME") or paths.home(env) / ".codex"), env)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [self.home(look)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        h = self.home(look)
        found = [p for p in walk(h / "sessions", suffixes=(".jsonl",), look=look) if p.name.startswith("rollout-")]
        found += walk(h / "archived_sessions", suffixes=(".jsonl", ".jsonl.zst"), look=look)
        hist = h / "history.jsonl"
        if look.is_file(hist):
            found.append(hist)
        return found

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.name == "history.jsonl":
            return self._history(path, start)
        if path.name.endswith(".zst"):
            parsed = self._rollout(path, Lines(inflate.read_file(path, read_bytes(path))), {})
            parsed.offset = 0  # compressed: never resumed
            return parsed
        header: dict = {}
        if start:
            header = self._header(path)
        return self._rollout(path, Lines(read_bytes(path, start), start), header)

    def parse_cost(self, path: Path, size: int, start: int, stop: int) -> int:
        if path.name.endswith(".zst"):
            return inflate.file_cost(path, size, stop)
        return size - start

    def _header(self, path: Path) -> dict:
        """The session_meta of a rollout, re-read when a parse resumes mid-file."""
        return head_record(path, "session_meta")

    def _rollout(self, path: Path, lines: Lines, header: dict) -> Parsed:
        m = _UUID.search(path.name)
        s = Session(self.name, m.group(1) if m else path.stem.removeprefix("rollout-"), path=str(path))
        events = Session(self.name, s.id)
        calls = Commands(s)
        if header:
            self._meta(s, header.get("payload") or {})
        skips = Skips()
        for d in lines:
            with skips:
                p = d.get("payload")
                if not isinstance(p, dict):
                    if "type" in d and "timestamp" not in d:
                        p = d  # the oldest rollouts had no envelope
                    else:
                        continue
                t = parse_time(d.get("timestamp"))
                s.touch(t)
                kind = d.get("type")
                if kind == "session_meta":
                    self._meta(s, p)
                elif kind == "event_msg":
                    ptype = p.get("type")
                    if ptype == "user_message":
                        events.add(Role.USER, p.get("message") or "", t)
                    elif ptype == "agent_message":
                        events.add(Role.ASSISTANT, p.get("message") or "", t)
                else:
                    self._item(s, p, t, calls)
        if not s.records and events.records:
            s.records = events.records
        s.project = basename(s.cwd)
        s.title = _titles(self.home()).get(s.id, "")
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    @staticmethod
    def _meta(s: Session, p: dict) -> None:
        ident = p.get("id") if "id" in p else p.get("session_id")
        if isinstance(ident, str) and ident:
            s.id = ident
        if isinstance(p.get("cwd"), str):
            s.cwd = p["cwd"]
        s.touch(parse_time(p.get("timestamp")))

    def _item(self, s: Session, p: dict, t: float, calls: Commands) -> None:
        ptype = p.get("type")
        if ptype == "message":
            role = p.get("role")
            text = text_of(p.get("content"))
            if role == "user":
                s.add(Role.USER, text, t)
            elif role == "assistant":
                s.add(Role.ASSISTANT, text, t)
            elif role == "developer":
                s.add(Role.DEVELOPER, text, t)
        elif ptype in ("function_call", "local_shell_call"):
            args = p.get("arguments")
            if isinstance(args, str):
                try:
                    args = decode_json(args.encode())
                except msgspec.DecodeError:
                    args = {}
            name: object
            if ptype == "local_shell_call":
                args = p.get("action") or {}
                name = "local_shell"
            else:
                name = p.get("name")
            if not isinstance(args, dict) or name not in SHELL_TOOLS:
                return
            cmd = calls.add(args.get("cmd") or args.get("command"), t, p.get("call_id"))
            if cmd:
                add_files(s, read_paths(cmd[2:]), t)
        elif ptype in ("function_call_output", "custom_tool_call_output"):
            out = p.get("output")
            if isinstance(out, dict):
                out = out.get("output") or out.get("content") or ""
            if not isinstance(out, str):
                return
            m = _EXIT.search(out)
            calls.exited(p.get("call_id"), int(m.group(1)) if m else None)
            head, sep, body = out.partition("\nOutput:\n")
            s.add(Role.TOOL_OUTPUT, body if sep and head.startswith(("Chunk ID", "Exit code", "Process")) else out, t)
        elif ptype == "custom_tool_call" and p.get("name") == "apply_patch":
            self._patch(s, p.get("input"), t)

    @staticmethod
    def _patch(s: Session, patch: object, t: float) -> None:
        if not isinstance(patch, str):
            return
        files: list[str] = []
        removed: dict[str, list[str]] = {}
        current = ""
        for line in patch.splitlines():
            m = _PATCH_FILE.match(line)
            if m:
                current = m.group(1).strip()
                if s.cwd and not current.startswith("/"):
                    current = f"{s.cwd.rstrip('/')}/{current}"
                files.append(current)
            elif current and line.startswith("-") and not line.startswith("---"):
                removed.setdefault(current, []).append(line[1:])
        add_files(s, files, t)
        for f, lines in removed.items():
            s.add(Role.EDIT, f"{f}\n" + "\n".join(lines)[:32768], t)

    def _history(self, path: Path, start: int) -> Parsed:
        """The prompt log: one user session per session id that has no rollout of its own."""
        lines = Lines(read_bytes(path, start), start)
        have = {m.group(1) for p in walk(self.home() / "sessions", suffixes=(".jsonl",)) if (m := _UUID.search(p.name))}
        by_id: dict[str, Session] = {}
        skips = Skips()
        for d in lines:
            with skips:
                sid = d.get("session_id") or d.get("conversation_id")
                if not isinstance(sid, str) or sid in have:
                    continue
                s = by_id.get(sid)
                if s is None:
                    s = by_id[sid] = Session(self.name, sid, path=str(path))
                s.add(Role.USER, d.get("text") or "", parse_time(d.get("ts")))
        return Parsed(finish(list(by_id.values())), 0, lines.skipped + skips.n)


_title_cache: dict[str, tuple[float, dict[str, str]]] = {}


def _titles(home: Path) -> dict[str, str]:
    """Thread names from `session_index.jsonl` (append-only; the newest entry wins)."""
    path = home / "session_index.jsonl"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return {}
    cached = _title_cache.get(str(path))
    if cached and cached[0] == mtime:
        return cached[1]
    titles: dict[str, str] = {}
    try:
        for d in Lines(read_bytes(path)):
            if isinstance(d.get("id"), str) and isinstance(d.get("thread_name"), str):
                titles[d["id"]] = d["thread_name"]
    except OSError:
        pass
    _title_cache[str(path)] = (mtime, titles)
    return titles


SOURCE = Codex
