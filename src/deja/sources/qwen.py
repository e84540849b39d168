"""Qwen Code: `~/.qwen/projects/<encoded-cwd>/chats/<session-id>.jsonl`.

`QWEN_RUNTIME_DIR` (session data) or `QWEN_HOME` (everything) move the store; the project
folder is the working directory with every non-alphanumeric character turned into `-`.

Append-only JSONL with a Claude-like envelope on every record (`uuid`, `parentUuid`,
`sessionId`, `timestamp`, `type`, `cwd`, `version`) and a `provenance` that says who spoke:
`real_user` (a `user` record: what a person typed, also `mid_turn_user_message`),
`assistant_output` (an `assistant` record), `tool_result` (a `tool_result` record) and `system`
(telemetry, attribution snapshots, compression checkpoints, slash commands, background-task
notifications written as `user` records — none of it speech). Messages are Gemini-style
`message.parts`: `text` (with `thought: true` for reasoning, dropped), `functionCall {id, name,
args}` and `functionResponse {id, name, response: {output}}`. A shell result also carries
`toolCallResult.resultDisplay` (`output`, `exitCode`). `system` records with subtype
`custom_title` name the session and `parent_session` names the session it was spawned from.
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
    walk,
)
from deja.sources.gemini import shell_output
from deja.sources.look import PLAIN, Look

SHELL_TOOLS = {"run_shell_command"}
FILE_TOOLS = {"read_file", "write_file", "edit", "replace", "notebook_edit"}
_HOOK_CONTEXT = re.compile(r"\A\s*<qwen:user-prompt-submit-context>\n.*\n</qwen:user-prompt-submit-context>\s*\Z", re.S)


class Qwen(Source):
    """Qwen Code chats: one append-only JSONL file per session."""

    name = "qwen"
    version = 1
    append_only = True
    # Checked against `qwen --help` 0.24.4 (docs/notes.md, session 4).
    resume_argv = ("qwen", "-r", "{id}")
    resume_scoped = True  # `-r` finds a session only from its project directory
    prompt_argv = ("qwen", "-i", "{prompt}")

    def roots(self, look: Look = PLAIN) -> list[Path]:
        override = look.env("DEJA_QWEN_ROOT")
        if override:
            return [Path(override).expanduser() / "projects"]
        bases = [look.env("QWEN_RUNTIME_DIR"), look.env("QWEN_HOME"), str(paths.home(look.env) / ".qwen")]
        out: list[Path] = []
        for b in bases:
            if b and (p := Path(b).expanduser() / "projects") not in out:
                out.append(p)
        return out

    def discover(self, look: Look = PLAIN) -> list[Path]:
        # only chats directly inside `<project>/chats/`
        found = {p for root in self.roots(look) for p in walk(root, suffixes=(".jsonl",), look=look)
                 if p.parent.name == "chats"}
        return sorted(found)

    def parse(self, path: Path, start: int = 0) -> Parsed:
        s = Session(self.name, path.stem, path=str(path))
        if start:
            self._identity(s, path)
        lines = Lines(read_bytes(path, start), start)
        calls = Commands(s)
        skips = Skips()
        for d in lines:
            with skips:
                self._record(s, d, calls)
        if not s.cwd:
            s.project = path.parent.parent.name  # the encoded folder: lossy, shown as is
        else:
            s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    @staticmethod
    def _identity(s: Session, path: Path) -> None:
        """Session id and cwd from the first record, when a parse resumes mid-file."""
        with open(path, "rb") as f:
            try:
                head = decode_json(f.readline())
            except msgspec.DecodeError:
                return
        if isinstance(head, dict):
            if isinstance(head.get("sessionId"), str) and head["sessionId"]:
                s.id = head["sessionId"]
            if isinstance(head.get("cwd"), str):
                s.cwd = head["cwd"]

    def _record(self, s: Session, d: dict, calls: Commands) -> None:
        t = parse_time(d.get("timestamp"))
        s.touch(t)
        if isinstance(d.get("sessionId"), str) and d["sessionId"]:
            s.id = d["sessionId"]
        if isinstance(d.get("cwd"), str) and d["cwd"]:
            s.cwd = d["cwd"]
        kind, prov = d.get("type"), d.get("provenance")
        payload = got if isinstance(got := d.get("systemPayload"), dict) else {}
        if kind == "system":
            if d.get("subtype") == "custom_title" and isinstance(payload.get("customTitle"), str):
                s.title = payload["customTitle"]
            elif d.get("subtype") == "parent_session" and isinstance(payload.get("parentSessionId"), str):
                s.parent = payload["parentSessionId"]
            return
        if prov == "system":
            return  # notifications the harness wrote as user turns
        msg = d.get("message")
        parts = msg.get("parts") if isinstance(msg, dict) else None
        if not isinstance(parts, list):
            return
        parts = [p for p in parts if isinstance(p, dict)]
        if kind == "user" and d.get("subtype") in (None, "mid_turn_user_message"):
            shown = payload.get("displayText")
            s.add(Role.USER, shown if isinstance(shown, str) and shown.strip() else _text(parts, hooks=False), t)
        elif kind == "assistant":
            s.add(Role.ASSISTANT, _text(parts), t)
            for p in parts:
                if isinstance(p.get("functionCall"), dict):
                    self._call(s, p["functionCall"], t, calls)
        for p in parts:
            if isinstance(p.get("functionResponse"), dict):
                self._response(s, p["functionResponse"], d.get("toolCallResult"), t, calls)

    @staticmethod
    def _call(s: Session, fc: dict, t: float, calls: Commands) -> None:
        name, args = fc.get("name"), fc.get("args")
        if not isinstance(args, dict):
            return
        if name in SHELL_TOOLS:
            calls.add(args.get("command"), t, fc.get("id"))
            return
        if name in FILE_TOOLS or name == "read_many_files":
            named = [args.get("file_path") or args.get("absolute_path") or args.get("notebook_path")]
            if name == "read_many_files" and isinstance(args.get("paths"), list):
                named += args["paths"]
            found = [_absolute(p, s.cwd) for p in named if isinstance(p, str) and p]
            add_files(s, found, t)
            if found and name in ("edit", "replace"):
                add_edits(s, found[0], [args.get("old_string")], t)

    @staticmethod
    def _response(s: Session, fr: dict, result: object, t: float, calls: Commands) -> None:
        resp = fr.get("response")
        if isinstance(resp, dict):
            out = "\n".join(v for k in ("output", "error") if isinstance(v := resp.get(k), str))
        else:
            out = resp if isinstance(resp, str) else ""
        display = result.get("resultDisplay") if isinstance(result, dict) else None
        if isinstance(display, dict) and display.get("type") == "shell_result":
            text = "\n".join(v for k in ("output", "error") if isinstance(v := display.get(k), str) and v.strip())
            code = display.get("exitCode")
            calls.exited(fr.get("id"), code if isinstance(code, int) else None)
            s.add(Role.TOOL_OUTPUT, text, t)
            return
        if fr.get("name") in SHELL_TOOLS:
            out, code = shell_output(out)
            calls.exited(fr.get("id"), code)
        s.add(Role.TOOL_OUTPUT, out, t)


def _text(parts: list[dict], hooks: bool = True) -> str:
    """`text` of parts that are not reasoning (nor, for a person's turn, hook-injected context)."""
    out = []
    for p in parts:
        text = p.get("text")
        if not isinstance(text, str) or p.get("thought"):
            continue
        if not hooks and _HOOK_CONTEXT.match(text):
            continue
        out.append(text)
    return "\n".join(out)


def _absolute(path: str, cwd: str) -> str:
    if cwd and not path.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", path):
        return f"{cwd.rstrip('/')}/{path}"
    return path


SOURCE = Qwen
