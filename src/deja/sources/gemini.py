"""Gemini CLI: `~/.gemini/tmp/<project-id>/chats/*.jsonl` (and older whole-session `*.json`).

`GEMINI_CLI_HOME=<dir>` moves the store to `<dir>/.gemini`. A subagent's chat nests one level
deeper, as `chats/<parent-session>/<id>.jsonl`. The project directory is named after the folder
(a hash in older builds); `~/.gemini/projects.json` maps working directories to those names, and
`tmp/<project-id>/.project_root` holds the directory too.

A `.jsonl` chat is replayed, not appended: the first line is a header (`sessionId`,
`projectHash`, `startTime`, `kind`; a resumed session writes another), then messages keyed by
`id` — a `gemini` message is written again under the same id once its `toolCalls` (args, and the
`result` functionResponse parts) are known, and the last line for an id wins in place. `{"$set":
{…}}` lines patch the header; a `messages` array there replaces the whole list (a resume writes
the history again in API form: `functionCall` parts, `<id>_response` user turns). `{"$rewindTo":
"<id>"}` deletes that message and everything after it. So the file is not append-only.

Messages: `user` (its `content`, or `displayContent` when present, is what the person typed;
`functionResponse` parts are tool output), `gemini` (prose; `thoughts` are dropped),
`info`/`error`/`warning` (the CLI's own notices, dropped). The first user turn is the CLI's
`<session_context>` block, removed at ingest. Shell output arrives wrapped in
`<untrusted_context>` as `Output: …` / `Exit Code: N` sections: unwrapped to the output text.
A `.json` whose session was migrated to a `.jsonl` of the same name is read from the `.jsonl`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import msgspec

from deja import paths
from deja.errors import SourceError
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
from deja.sources.look import PLAIN, Look

SHELL_TOOLS = {"run_shell_command", "shell"}
FILE_TOOLS = {"read_file", "write_file", "replace", "edit"}
# an envelope never runs past another opener, nor its attributes past a `<`: an opener with no
# closer (a read file quoting many) scanned to the end of the uncapped output for each one
_UNTRUSTED = re.compile(
    r"<untrusted_context[^<>]*>\n?((?:(?!<untrusted_context).)*?)\n?</untrusted_context>", re.S
)
_TRAILER = re.compile(r"^(?:(Exit Code|Background PIDs|Process Group PGID): (.*)|(?:Error|Signal): \(none\))$")
_NONE = {"", "(none)", "(empty)"}


class Gemini(Source):
    """Gemini CLI chats, replayed line by line (`$set` / `$rewindTo`), one session per file."""

    name = "gemini"
    version = 1
    append_only = False
    # Checked against `gemini --help` 0.61.0 (docs/notes.md, session 4).
    # (`--resume {uuid}`: its error text lists it)
    resume_argv = ("gemini", "--resume", "{id}")
    resume_scoped = True  # sessions are looked up under a hash of the working directory
    prompt_argv = ("gemini", "-i", "{prompt}")

    def home(self, look: Look = PLAIN) -> Path:
        env = look.env
        base = Path(cli_home) if (cli_home := env("GEMINI_CLI_HOME")) else paths.home(env)
        return paths.harness_root(self.name, base / ".gemini", env)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [self.home(look)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        tmp = self.home(look) / "tmp"
        try:
            projects = sorted(e.path for e in look.scandir(tmp) if e.is_dir(follow_symlinks=False))
        except OSError:
            return []
        found: list[Path] = []
        for proj in projects:
            files = walk(Path(proj) / "chats", suffixes=(".json", ".jsonl"), look=look)
            names = {str(p) for p in files}
            # a session resumed from `x.json` continues in `x.jsonl`: read that one
            found += [p for p in files if not (p.suffix == ".json" and f"{p}l" in names)]
        return sorted(found)

    def parse(self, path: Path, start: int = 0) -> Parsed:
        data = read_bytes(path)
        if path.suffix == ".json":
            if Path(f"{path}l").exists():
                return Parsed()
            return self._whole(path, data)
        lines = Lines(data)
        replay = _Replay()
        skips = Skips()
        for d in lines:
            with skips:
                replay.feed(d)
        lines.check()
        return Parsed(finish(self._emit(path, replay)), 0, lines.skipped + skips.n)

    def _whole(self, path: Path, data: bytes) -> Parsed:
        """An older chat: one JSON document with the whole message list."""
        try:
            doc = decode_json(data)
        except msgspec.DecodeError as e:
            raise SourceError(f"not JSON: {e}") from e
        if not isinstance(doc, dict):
            raise SourceError("not a Gemini chat: top level is not an object")
        replay = _Replay()
        replay.feed(doc)
        return Parsed(finish(self._emit(path, replay)), 0, 0)

    def _emit(self, path: Path, r: _Replay) -> list[Session]:
        if not r.session_id:
            return []  # checkpoints and other files without a session id
        s = Session(self.name, r.session_id, path=str(path), title=r.summary)
        s.touch(r.started)
        s.touch(r.updated)
        chats = _chats_dir(path)
        if chats is not None and path.parent != chats:
            s.parent = path.parent.name  # chats/<parent-session>/<id>.jsonl
        project_id = chats.parent.name if chats is not None else ""
        s.cwd = _project_dirs(self.home()).get(project_id, "") or _project_root(chats) or r.directory
        s.project = basename(s.cwd) or project_id
        calls = Commands(s)
        answered: set[str] = set()
        called: set[str] = set()
        skips = Skips()
        for msg in r.messages.values():
            with skips:
                t = parse_time(msg.get("timestamp")) or r.started
                kind = msg.get("type")
                if kind == "user":
                    shown = msg.get("displayContent")
                    s.add(Role.USER, _text(shown if _text(shown).strip() else msg.get("content")), t)
                    self._responses(s, msg.get("content"), t, calls, answered)
                elif kind in ("gemini", "model"):
                    s.add(Role.ASSISTANT, _text(msg.get("content")), t)
                    for tc in msg.get("toolCalls") or []:
                        if not isinstance(tc, dict):
                            continue
                        cid = got if isinstance(got := tc.get("id"), str) else None
                        tt = parse_time(tc.get("timestamp")) or t
                        if cid not in called:
                            _tool(s, tc.get("name"), tc.get("args"), cid, tt, calls)
                        if cid:
                            called.add(cid)
                        result = tc.get("result")
                        if isinstance(result, str):
                            result = [{"functionResponse": {"id": cid, "name": tc.get("name"), "response": {"output": result}}}]
                        self._responses(s, result, tt, calls, answered)
                    for part in got if isinstance(got := msg.get("content"), list) else []:
                        fc = part.get("functionCall") if isinstance(part, dict) else None
                        if isinstance(fc, dict) and fc.get("id") not in called:
                            _tool(s, fc.get("name"), fc.get("args"), fc.get("id"), t, calls)
                            if isinstance(fc.get("id"), str):
                                called.add(fc["id"])
        s.skipped += skips.n
        return [s]

    @staticmethod
    def _responses(s: Session, parts: object, t: float, calls: Commands, answered: set[str]) -> None:
        """Tool output from `functionResponse` parts, once per call id."""
        if not isinstance(parts, list):
            return
        for part in parts:
            fr = part.get("functionResponse") if isinstance(part, dict) else None
            if not isinstance(fr, dict):
                continue
            cid = fr.get("id")
            if isinstance(cid, str):
                if cid in answered:
                    continue
                answered.add(cid)
            resp = fr.get("response")
            if isinstance(resp, dict):
                out = "\n".join(v for k in ("output", "error", "content") if isinstance(v := resp.get(k), str))
            else:
                out = resp if isinstance(resp, str) else ""
            text, code = shell_output(unwrap(out)) if fr.get("name") in SHELL_TOOLS else (unwrap(out), None)
            calls.exited(cid, code)
            s.add(Role.TOOL_OUTPUT, text, t)


class _Replay:
    """The message list as the CLI itself would load it, plus the header fields."""

    def __init__(self) -> None:
        self.messages: dict[str, dict] = {}
        self.known: dict[str, dict] = {}  # every id's latest full line, also after a reset
        self.session_id = ""
        self.summary = ""
        self.directory = ""
        self.started = 0.0
        self.updated = 0.0

    def feed(self, d: dict) -> None:
        if isinstance(d.get("$rewindTo"), str):
            ids = list(self.messages)
            if d["$rewindTo"] in self.messages:  # an unknown id (a lost line) deletes nothing
                for mid in ids[ids.index(d["$rewindTo"]):]:
                    del self.messages[mid]
        elif isinstance(d.get("id"), str):
            self.messages[d["id"]] = self.known[d["id"]] = d  # a rewrite keeps the message's place
        elif isinstance(d.get("$set"), dict):
            self._meta(d["$set"])
            if isinstance(d["$set"].get("messages"), list):
                self.messages = {}
                self._add(d["$set"]["messages"])
        elif isinstance(d.get("sessionId"), str):
            self._meta(d)
            self._add(d.get("messages"))

    def _add(self, msgs: object) -> None:
        for i, m in enumerate(msgs if isinstance(msgs, list) else []):
            if isinstance(m, dict):
                if not isinstance(m.get("id"), str):
                    m = {**m, "id": f"#{len(self.messages)}:{i}"}  # very old chats had no ids
                prev = self.known.get(m["id"])
                if prev:
                    # a snapshot restates history in API form: keep what the first copy knew
                    m = {**m, "timestamp": prev.get("timestamp") or m.get("timestamp")}
                    if "toolCalls" in prev and "toolCalls" not in m:
                        m["toolCalls"] = prev["toolCalls"]
                self.messages[m["id"]] = self.known[m["id"]] = m

    def _meta(self, d: dict) -> None:
        if isinstance(d.get("sessionId"), str) and d["sessionId"]:
            self.session_id = d["sessionId"]
        if isinstance(d.get("summary"), str):
            self.summary = d["summary"]
        dirs = d.get("directories")
        if isinstance(dirs, list) and dirs and isinstance(dirs[0], str) and not self.directory:
            self.directory = dirs[0]
        start = parse_time(d.get("startTime"))
        if start and (not self.started or start < self.started):
            self.started = start
        self.updated = max(self.updated, parse_time(d.get("lastUpdated")))


def _tool(s: Session, name: object, args: object, cid: object, t: float, calls: Commands) -> None:
    if not isinstance(args, dict):
        return
    if name in SHELL_TOOLS:
        calls.add(args.get("command"), t, cid)
        return
    if name in FILE_TOOLS:
        path = args.get("file_path") or args.get("absolute_path") or args.get("path")
        if isinstance(path, str) and path:
            path = _absolute(path, s.cwd)
            add_files(s, [path], t)
            add_edits(s, path, [args.get("old_string")], t)
    elif name == "read_many_files" and isinstance(args.get("paths"), list):
        add_files(s, [_absolute(p, s.cwd) for p in args["paths"] if isinstance(p, str)], t)


def _absolute(path: str, cwd: str) -> str:
    if cwd and not path.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", path):
        return f"{cwd.rstrip('/')}/{path}"
    return path


def _text(content: object) -> str:
    """Prose of a `content`: a string, or the `text` of parts that are not thoughts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str) and not p.get("thought")
        )
    return ""


def unwrap(text: str) -> str:
    """Tool output without the `<untrusted_context>` envelope the CLI puts around it."""
    if "untrusted_context" not in text:
        return text
    text = _UNTRUSTED.sub(lambda m: m.group(1), text)
    return text.replace("&lt;/untrusted_context&gt;", "</untrusted_context>")


def shell_output(text: str) -> tuple[str, int | None]:
    """A shell result's printed text and exit status.

    The shell tool answers `Command: …` / `Directory: …` (Qwen), `Output: <text>`, then one-line
    trailers (`Error: (none)`, `Exit Code: N`, `Signal: (none)`, `Process Group PGID: N`). The
    echoed call and the trailers are dropped; a real `Error:` or `Signal:` stays in the text.
    Text of any other shape is returned as is.
    """
    lines = text.split("\n")
    head = 0
    if lines[0].startswith("Command: "):
        while head < len(lines) and not lines[head].startswith(("Directory: ", "Output: ")):
            head += 1
    if head < len(lines) and lines[head].startswith("Directory: "):
        head += 1
    if head >= len(lines) or not lines[head].startswith("Output: "):
        return text, None
    body = lines[head:]
    body[0] = body[0].removeprefix("Output: ")
    code = None
    while len(body) > 1 and (m := _TRAILER.match(body[-1])):
        if m.group(1) == "Exit Code" and re.fullmatch(r"-?\d+", m.group(2).strip()):
            code = int(m.group(2))
        body.pop()
    out = "\n".join(body).strip("\n")
    return ("" if out.strip() in _NONE else out), code


def _chats_dir(path: Path) -> Path | None:
    for parent in path.parents:
        if parent.name == "chats":
            return parent
    return None


def _project_root(chats: Path | None) -> str:
    if chats is None:
        return ""
    try:
        return (chats.parent / ".project_root").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return ""


_projects_cache: dict[str, tuple[float, dict[str, str]]] = {}


def _project_dirs(home: Path) -> dict[str, str]:
    """Project id → working directory, from `projects.json` (`{"projects": {"<dir>": "<id>"}}`)."""
    path = home / "projects.json"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return {}
    cached = _projects_cache.get(str(path))
    if cached and cached[0] == mtime:
        return cached[1]
    out: dict[str, str] = {}
    try:
        doc = decode_json(read_bytes(path))
    except (OSError, msgspec.DecodeError):
        doc = None
    projects = doc.get("projects") if isinstance(doc, dict) else None
    if isinstance(projects, dict):
        for cwd, pid in projects.items():
            if isinstance(pid, str) and isinstance(cwd, str):
                out.setdefault(pid, cwd)
    _projects_cache[str(path)] = (mtime, out)
    return out


SOURCE = Gemini
