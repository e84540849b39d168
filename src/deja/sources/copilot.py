"""GitHub Copilot CLI: `~/.copilot/session-state/<session-id>/events.jsonl` (`COPILOT_HOME`).

One event per line, `{type, data, id, timestamp, parentId}`. The first line is `session.start`
(`data.sessionId`, `data.context.cwd`); `copilot --continue` appends `session.resume` and the
next turns to the same file, so the file only grows and a parse may resume mid-file (the head
is re-read for the id and cwd). `user.message` `data.content` is what the person typed
(`transformedContent` repeats it behind an injected `<current_datetime>`); `assistant.message`
`data.content` is the reply; tools are `tool.execution_start` (`toolName`, `arguments`) and
`tool.execution_complete` (`result.content`, or `error.message` on failure). Shell output ends
with `<shellId: N completed with exit code K>`, which becomes the command's exit status.
`system.message` (the system prompt), reasoning, usage and lifecycle events are not speech.
`workspace.yaml` beside the events gives a title the person chose and a fallback cwd.
`~/.copilot/session-store.db` repeats the same conversation and is not read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

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
    head_record,
    parse_time,
    read_bytes,
    read_paths,
    walk,
)
from deja.sources.look import PLAIN, Look

SHELL_TOOLS = {"bash", "powershell"}
FILE_TOOLS = {"view", "read", "edit", "create", "write", "str_replace", "str_replace_editor", "insert"}
# `<shellId: 0 completed with exit code 1>` closes what a shell command printed
# (an id never runs past a `<`, nor a value's last word into its trailing spaces, where each
# unclosed `<shellId: ` or each character of a run of spaces was scanned to the end: quadratic)
_TRAILER = re.compile(r"\n?<(?:shellId: [^<>]*?)?(?:completed|exited) with exit code (-?\d+)>\s*\Z")
_YAML = re.compile(r"^(\w+):\s*(\S(?:.*\S)?)?\s*$")


class Copilot(Source):
    name = "copilot"
    version = 1
    append_only = True
    # Checked against `copilot --help` 1.0.102 (docs/notes.md, session 4).
    resume_argv = ("copilot", "--resume={id}")
    prompt_argv = ("copilot", "-i", "{prompt}")

    def home(self, look: Look = PLAIN) -> Path:
        env = look.env
        return Path(env("COPILOT_HOME") or paths.home(env) / ".copilot")

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [paths.harness_root(self.name, self.home(look) / "session-state", look.env)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        found: list[Path] = []
        for root in self.roots(look):
            for p in walk(root, suffixes=(".jsonl",), look=look):
                rel = p.relative_to(root).parts
                # `<id>/events.jsonl`; early releases wrote `<id>.jsonl` flat in the same folder
                if (len(rel) == 2 and p.name == "events.jsonl") or len(rel) == 1:
                    found.append(p)
        return found

    def parse(self, path: Path, start: int = 0) -> Parsed:
        sid = path.parent.name if path.name == "events.jsonl" else path.stem
        s = Session(self.name, sid, path=str(path))
        if start:
            head = _head(path)
            if head:
                self._start(s, head)
        lines = Lines(read_bytes(path, start), start)
        calls = Commands(s)
        skips = Skips()
        for d in lines:
            with skips:
                kind = d.get("type")
                data = d.get("data")
                if not isinstance(data, dict):
                    continue
                t = parse_time(d.get("timestamp"))
                if kind in ("session.start", "session.resume"):
                    self._start(s, d)
                elif kind == "user.message":
                    s.add(Role.USER, _str(data.get("content")), t)
                elif kind == "assistant.message":
                    s.add(Role.ASSISTANT, _str(data.get("content")), t)
                elif kind == "tool.execution_start":
                    self._tool(s, data, t, calls)
                elif kind == "tool.execution_complete":
                    self._result(s, data, t, calls)
                s.touch(t)
        meta = _workspace(path.parent / "workspace.yaml") if path.name == "events.jsonl" else {}
        if not s.cwd and meta.get("cwd"):
            s.cwd = meta["cwd"]
        if meta.get("user_named") == "true" and meta.get("name"):
            s.title = meta["name"]
        s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    @staticmethod
    def _start(s: Session, d: dict) -> None:
        data = d.get("data") or {}
        if d.get("type") == "session.start" and isinstance(data.get("sessionId"), str) and data["sessionId"]:
            s.id = data["sessionId"]
        ctx = data.get("context")
        if isinstance(ctx, dict) and isinstance(ctx.get("cwd"), str) and ctx["cwd"]:
            s.cwd = ctx["cwd"]
        s.touch(parse_time(data.get("startTime")))

    @staticmethod
    def _tool(s: Session, data: dict, t: float, calls: Commands) -> None:
        name = data.get("toolName")
        args = data.get("arguments")
        call_id = data.get("toolCallId")
        if not isinstance(args, dict):
            return
        if name in SHELL_TOOLS:
            cmd = calls.add(args.get("command"), t, call_id)
            if cmd:
                add_files(s, read_paths(cmd[2:]), t)
        path = args.get("path")
        if name in FILE_TOOLS and isinstance(path, str):
            add_files(s, [path], t)
            add_edits(s, path, [args.get("old_str")], t)

    @staticmethod
    def _result(s: Session, data: dict, t: float, calls: Commands) -> None:
        call_id = data.get("toolCallId")
        result = data.get("result")
        text = _str(result.get("content")) if isinstance(result, dict) else _str(result)
        code: int | None = None
        m = _TRAILER.search(text)
        if m:
            code = int(m.group(1))
            text = text[: m.start()]
        shell = data.get("shellExecution")
        if isinstance(shell, dict) and isinstance(shell.get("exitCode"), int):
            code = shell["exitCode"]
        calls.exited(call_id, code)  # only shell calls were registered
        s.add(Role.TOOL_OUTPUT, text, t)
        err = data.get("error")
        if isinstance(err, dict):
            err = err.get("message")
        if isinstance(err, str) and err not in text:
            s.add(Role.TOOL_OUTPUT, err, t)


def _str(value: object) -> str:
    return value if isinstance(value, str) else ""


def _head(path: Path) -> dict:
    """The `session.start` event, re-read when a parse resumes mid-file."""
    return head_record(path, "session.start")


def _workspace(path: Path) -> dict[str, str]:
    """The flat top-level scalars of `workspace.yaml` (id, cwd, name, user_named, ...)."""
    out: dict[str, str] = {}
    try:
        text = read_bytes(path).decode("utf-8", "replace")
    except OSError:
        return out
    for line in text.splitlines():
        m = _YAML.match(line)
        if not m:
            continue
        value = m.group(2) or ""
        if len(value) >= 2 and value[0] == value[-1] == "'":
            value = value[1:-1].replace("''", "'")
        elif len(value) >= 2 and value[0] == value[-1] == '"':
            try:
                value = str(decode_json(value.encode()))
            except msgspec.DecodeError:
                value = value[1:-1]
        out[m.group(1)] = value
    return out


SOURCE = Copilot
