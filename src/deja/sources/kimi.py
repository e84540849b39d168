"""Kimi Code: `${KIMI_CODE_HOME:-~/.kimi-code}/sessions/<workDirKey>/<sessionId>/agents/<agent>/wire.jsonl`.

`<sessionId>/state.json` holds the title, the working directory (`workDir`) and
`createdAt`/`updatedAt`. The agent `main` is the conversation; any other agent directory is a
sub-agent, indexed as its own session with the main session as parent. (`~/.kimi` belongs to a
different tool.)

`wire.jsonl` lines are `{type, …, time}` with `time` in epoch ms. `context.append_message`
carries whole user (and, in old protocols, assistant) messages; `context.append_loop_event`
streams the reply: `step.begin`, `content.part` (`text` parts are the reply, `think` parts are
reasoning and dropped), `tool.call` (`name`, `args`), `tool.result` (`result.output`),
`step.end`. Streamed text is joined into one assistant message per step. `config.update` (the
system prompt), `turn.prompt`, `llm.request` and `usage.record` are not speech.
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
    parse_time,
    read_bytes,
    text_of,
    walk,
)
from deja.sources.look import PLAIN, Look

FILE_TOOLS = {"Read", "Edit", "Write", "ReadMediaFile", "MultiEdit"}
SHELL_TOOLS = {"Bash", "Shell"}
_EXIT = re.compile(r"(?:exit(?:ed with)? code:?|exit status:?)\s*(-?\d+)", re.IGNORECASE)


class Kimi(Source):
    """One session per `wire.jsonl`; identity from the directory and `state.json`."""

    name = "kimi"
    version = 1
    append_only = True
    # From the agent's documentation; not checked here (Kimi CLI needs Python >= 3.12).
    resume_argv = ("kimi", "--session", "{id}")
    resume_scoped = True  # sessions are kept per working directory

    def home(self, look: Look = PLAIN) -> Path:
        env = look.env
        return paths.harness_root(self.name, Path(env("KIMI_CODE_HOME") or paths.home(env) / ".kimi-code"), env)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [self.home(look) / "sessions"]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        return [
            p
            for root in self.roots(look)
            for p in walk(root, suffixes=("wire.jsonl",), look=look)
            if p.name == "wire.jsonl" and p.parent.parent.name == "agents"
        ]

    def parse(self, path: Path, start: int = 0) -> Parsed:
        agent = path.parent.name
        session_dir = path.parent.parent.parent
        sid = session_dir.name
        s = Session(self.name, sid if agent == "main" else f"{sid}-{agent}", path=str(path))
        if agent != "main":
            s.parent = sid
        skipped = self._state(s, session_dir / "state.json", agent == "main")
        lines = Lines(read_bytes(path, start), start)
        stream = _Stream(s)
        skips = Skips()
        for d in lines:
            with skips:
                t = parse_time(d.get("time"))
                kind = d.get("type")
                if kind == "metadata":
                    s.touch(parse_time(d.get("created_at")))
                elif kind == "context.append_message":
                    msg = d.get("message")
                    if not isinstance(msg, dict):
                        continue
                    role = msg.get("role")
                    if role == "user":
                        stream.flush()
                        s.add(Role.USER, text_of(msg.get("content")), t)
                    elif role == "assistant":
                        stream.flush()
                        s.add(Role.ASSISTANT, text_of(msg.get("content")), t)
                elif kind == "context.append_loop_event":
                    event = d.get("event")
                    if isinstance(event, dict):
                        stream.event(event, t)
                else:
                    s.touch(t)
        stream.flush()
        s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skipped + skips.n)

    @staticmethod
    def _state(s: Session, path: Path, main: bool) -> int:
        """Title, cwd and times from `state.json`; 1 when it exists but does not decode."""
        try:
            state = decode_json(read_bytes(path))
        except OSError:
            return 0
        except msgspec.DecodeError:
            return 1
        if not isinstance(state, dict):
            return 1
        if isinstance(state.get("workDir"), str):
            s.cwd = state["workDir"]
        if main:  # the title and times are the conversation's, not a sub-agent's
            if isinstance(state.get("title"), str):
                s.title = state["title"]
            s.touch(parse_time(state.get("createdAt")))
            s.touch(parse_time(state.get("updatedAt")))
        return 0


class _Stream:
    """The reply streamed as loop events: text parts pending until the step ends."""

    def __init__(self, s: Session):
        self.s = s
        self.parts: list[str] = []
        self.t = 0.0
        self.calls = Commands(s)

    def flush(self) -> None:
        if self.parts:
            self.s.add(Role.ASSISTANT, "".join(self.parts), self.t)
        self.parts, self.t = [], 0.0

    def event(self, e: dict, t: float) -> None:
        kind = e.get("type")
        if kind in ("step.begin", "step.end"):
            self.flush()
            self.s.touch(t)
        elif kind == "content.part":
            part = e.get("part")
            if isinstance(part, dict) and part.get("type") == "text" and isinstance(part.get("text"), str):
                if not self.parts:
                    self.t = t
                self.parts.append(part["text"])
        elif kind == "tool.call":
            self.flush()
            self.tool(e, t)
        elif kind == "tool.result":
            self.flush()
            result = e.get("result")
            if not isinstance(result, dict):
                return
            out = result.get("output")
            text = out if isinstance(out, str) else text_of(out)
            if result.get("is_error") or result.get("isError"):
                m = _EXIT.search(text)
                self.calls.exited(e.get("toolCallId"), int(m.group(1)) if m else None)
            self.s.add(Role.TOOL_OUTPUT, text, t)
        else:
            self.s.touch(t)

    def tool(self, e: dict, t: float) -> None:
        name = e.get("name")
        args = e.get("args")
        if isinstance(args, str):
            try:
                args = decode_json(args.encode())
            except msgspec.DecodeError:
                return
        if not isinstance(args, dict):
            return
        if name in SHELL_TOOLS:
            self.calls.add(args.get("command"), t, e.get("toolCallId"))
        path = args.get("path") or args.get("file_path")
        if name in FILE_TOOLS and isinstance(path, str):
            add_files(self.s, [path], t)
            add_edits(self.s, path, [args.get("old_string")], t)


SOURCE = Kimi
