"""pi: `~/.pi/agent/sessions/--<encoded-cwd>--/<ts>_<uuid>.jsonl`.

Line 1 is a header `{"type": "session", "version": 3, "id", "timestamp", "cwd"}`; the header's
id is the session id and its cwd the project, also when a later parse resumes mid-file (the
header is re-read). Entries form a tree by `parentId`; file order is kept and abandoned
branches are indexed too. Messages: `user`, `assistant` (text, `thinking`, `toolCall` blocks)
and `toolResult`.
"""

from __future__ import annotations

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

_EXIT = re.compile(r"(?:exited with code|exit code:?)\s*(\d+)", re.I)
FILE_TOOLS = {"read", "edit", "write"}


class Pi(Source):
    name = "pi"
    version = 1
    append_only = True
    # Checked against `pi --help` 0.73.1 (docs/notes.md, session 4).
    resume_argv = ("pi", "--session", "{id}")
    resume_scoped = True  # sessions are kept per working directory
    prompt_argv = ("pi", "{prompt}")

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [paths.harness_root(self.name, paths.home(look.env) / ".pi" / "agent" / "sessions", look.env)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        return [p for root in self.roots(look) for p in walk(root, suffixes=(".jsonl",), look=look)]

    def parse(self, path: Path, start: int = 0) -> Parsed:
        stem = path.stem
        s = Session(self.name, stem.split("_", 1)[-1] if "_" in stem else stem, path=str(path))
        if start:
            with open(path, "rb") as f:
                try:
                    head = decode_json(f.readline())
                except msgspec.DecodeError:
                    head = None
            if isinstance(head, dict):
                self._header(s, head)
        lines = Lines(read_bytes(path, start), start)
        calls = Commands(s)
        skips = Skips()
        for d in lines:
            with skips:
                kind = d.get("type")
                if kind == "session":
                    self._header(s, d)
                    continue
                if kind != "message":
                    continue
                msg = d.get("message")
                if not isinstance(msg, dict):
                    continue
                t = parse_time(d.get("timestamp")) or parse_time(msg.get("timestamp"))
                role = msg.get("role")
                content = msg.get("content")
                if role == "user":
                    s.add(Role.USER, text_of(content), t)
                elif role == "assistant":
                    s.add(Role.ASSISTANT, text_of(content), t)
                    for b in content if isinstance(content, list) else []:
                        if isinstance(b, dict) and b.get("type") == "toolCall":
                            self._tool(s, b, t, calls)
                elif role == "toolResult":
                    text = text_of(content)
                    m = _EXIT.search(text) if msg.get("isError") else None
                    calls.exited(msg.get("toolCallId"), int(m.group(1)) if m else None)
                    s.add(Role.TOOL_OUTPUT, text, t)
                else:
                    s.touch(t)
        s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    @staticmethod
    def _header(s: Session, d: dict) -> None:
        if d.get("type") != "session":
            return
        if isinstance(d.get("id"), str) and d["id"]:
            s.id = d["id"]
        if isinstance(d.get("cwd"), str):
            s.cwd = d["cwd"]
        s.touch(parse_time(d.get("timestamp")))

    @staticmethod
    def _tool(s: Session, b: dict, t: float, calls: Commands) -> None:
        name = b.get("name")
        args = b.get("arguments")
        if not isinstance(args, dict):
            return
        if name == "bash":
            calls.add(args.get("command"), t, b.get("id"))
        path = args.get("path") or args.get("file_path")
        if name in FILE_TOOLS and isinstance(path, str):
            add_files(s, [path], t)
            olds = [args.get("oldText")] + [e.get("oldText") for e in args.get("edits") or [] if isinstance(e, dict)]
            add_edits(s, path, olds, t)


SOURCE = Pi
