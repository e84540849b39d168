"""Cline: the CLI/SDK session store, and the older VS Code extension's task folders.

CLI (3.x): `~/.cline/data/sessions/<id>/<id>.messages.json` = `{version, sessionId, agent,
messages}` with Anthropic-style blocks, beside the manifest `<id>.json` (`cwd`, `prompt`,
`metadata.title`, `started_at`/`ended_at`). Relocated by `CLINE_SESSION_DATA_DIR`,
`CLINE_DATA_DIR` or `CLINE_DIR`. Tools: `run_commands` (`commands`: shell strings or `{command,
args}`), `read_files` (`files[].path`), `editor` (`path`, `old_text`), `apply_patch`; a
`tool_result` holds one `{query, result, error, success}` per command or file. User text arrives
as `<user_input mode="act">…</user_input>`, possibly with `<mode_notice>` and attached
`<file_content>` blocks. Transcripts of subagents and teammates (`agent` not `lead`) are skipped.
`~/.cline/data/db/sessions.db` indexes the same sessions and is not read.

Extension (`saoudrizwan.claude-dev` in a VS Code-family user dir): `tasks/<taskId>/
api_conversation_history.json`, a JSON array of Anthropic messages; titles and cwd from
`state/taskHistory.json`. Older releases call tools with XML tags inside the assistant's text
and answer with `[tool for 'x'] Result:` text blocks; every user turn carries an
`<environment_details>` block, which is dropped. Roo Code (deja.sources.roo) shares this reader.
Files are rewritten whole, never appended.
"""

from __future__ import annotations

import os
import re
import sys
from bisect import bisect_left
from pathlib import Path

import msgspec

from deja import paths
from deja.errors import SourceError
from deja.model import Parsed, Role, Session
from deja.sources.base import (
    Commands,
    Skips,
    Source,
    add_edits,
    add_files,
    basename,
    decode_json,
    finish,
    parse_time,
    read_bytes,
    read_paths,
    text_of,
    walk,
)
from deja.sources.look import PLAIN, Look

EXTENSION = "saoudrizwan.claude-dev"
HISTORY = "api_conversation_history.json"
VSCODE_HOSTS = ("Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf")
SHELL_TOOLS = {"run_commands", "execute_command"}
SPEECH_TOOLS = {"attempt_completion": "result", "ask_followup_question": "question", "plan_mode_respond": "response"}
XML_TOOLS = (
    "execute_command read_file write_to_file replace_in_file apply_diff insert_content search_and_replace "
    "search_files list_files list_code_definition_names browser_action use_mcp_tool access_mcp_resource "
    "new_task switch_mode new_rule condense summarize_task codebase_search update_todo_list fetch_instructions "
    "load_mcp_documentation web_fetch report_bug " + " ".join(SPEECH_TOOLS)
).split()
FILE_TOOLS = {
    "read_files", "editor", "read_file", "write_to_file", "replace_in_file", "apply_diff", "insert_content",
    "search_and_replace", "search_replace", "edit_file", "multi_apply_diff",
}

# A pair's body never runs past another of its own openers, a tag's attributes past a `<`, a
# line's value past another of its heads: an opener with no closer (repeated in a pasted log, a
# read file) then costs a scan to the next opener, not to the end of the (uncapped) text for each
# one, which was quadratic (40 KB of `<path>`: 2 s; a 1 MB message: hours). Whitespace around a
# value is stripped in Python: `\s*(.*?)\s*</x>` tried the trailing `\s*` at every character of a
# long run of spaces.
_XML_CALL = re.compile(r"<(" + "|".join(XML_TOOLS) + r")>((?:(?!<\1>).)*?)</\1>", re.DOTALL)
_PATH = re.compile(r"<path>((?:(?!<path>).)*?)</path>", re.DOTALL)
_THINKING = re.compile(r"<thinking>.*?(?:</thinking>|\Z)", re.DOTALL)
_INJECTED = re.compile(r"<(environment_details|mode_notice|file_content)\b([^<>]*)>.*?(?:</\1>|\Z)", re.DOTALL)
_WRAPPER = re.compile(r"</?(?:user_input|user_command|task|user_message)\b[^<>]*>")
_SPOKEN = re.compile(r"<(feedback|answer|user_message)>((?:(?!<\1>).)*?)</\1>", re.DOTALL)
_RESULT_HEAD = re.compile(r"\A\s*\[(\w+)(?: for .*?)?\] Result:")
_CWD = re.compile(r"# Current (?:Working|Workspace) Directory \(((?:(?!# Current ).)+?)\) Files")
# the replaced text of a SEARCH/REPLACE block (`------- SEARCH` in Cline, `<<<<<<< SEARCH` in Roo)
_SEARCH_HEAD = r"^(?:<{7}|-{7}) SEARCH"
_SEARCH = re.compile(
    _SEARCH_HEAD + r"[^\n]*\n(?::start_line:\s*\d+\n)?(?:-{7}\n)?((?:(?!" + _SEARCH_HEAD + r").)*?)\n?^={7}",
    re.DOTALL | re.MULTILINE,
)
_OPEN = re.compile(r"<(\w+)>")
_CLOSE = re.compile(r"</(\w+)>")
_PATCH_FILE = re.compile(r"^\*\*\* (?:Add|Update|Delete) File: (.+)$", re.MULTILINE)
_EXIT = re.compile(r"(?:exited with code|Exit code:)\s*(-?\d+)")
_LINENO = re.compile(r"^ *\d+ \| ?", re.MULTILINE)
_ATTR_PATH = re.compile(r'path="([^"]*)"')


def _params(body: str) -> list[tuple[str, str]]:
    """The `<name>value</name>` pairs of a tool call's body, as `<(\\w+)>\\n?(.*?)\\n?</\\1>`
    (DOTALL) would find them, in linear work: each opener's closer is looked up among the closers
    found in one pass, where the pattern scanned to the end of the body for every opener without
    one (distinct names defeat a rule against its own opener: `<a1><a2>…`)."""
    closers: dict[str, list[int]] = {}
    for c in _CLOSE.finditer(body):
        closers.setdefault(c.group(1), []).append(c.start())
    out: list[tuple[str, str]] = []
    at = 0
    while (m := _OPEN.search(body, at)) is not None:
        name, start = m.group(1), m.end()
        if body.startswith("\n", start):
            start += 1
        ends = closers.get(name, [])
        k = bisect_left(ends, start)
        if k == len(ends):
            at = m.start() + 1
            continue
        end = ends[k]
        stop = end - 1 if end > start and body[end - 1] == "\n" else end
        out.append((name, body[start:stop]))
        at = end + len(name) + 3
    return out


class Cline(Source):
    name = "cline"
    version = 1
    append_only = False
    # Checked against `cline --help` 3.0.65 (docs/notes.md, session 4).
    resume_argv = ("cline", "--id", "{id}")
    prompt_argv = ("cline", "{prompt}")

    def sessions_dir(self, look: Look = PLAIN) -> Path:
        env = look.env
        if session_data := env("CLINE_SESSION_DATA_DIR"):
            default = Path(session_data)
        elif data := env("CLINE_DATA_DIR"):
            default = Path(data) / "sessions"
        else:
            default = Path(env("CLINE_DIR") or paths.home(env) / ".cline") / "data" / "sessions"
        return paths.harness_root(self.name, default, env)

    def resume_command(self, id: str, path: str) -> tuple[str, ...] | str:
        """Only a Cline CLI session (under its sessions directory) reopens with `cline --id`; a
        task of the VS Code extension reopens from the extension's history."""
        try:
            under = Path(path).is_relative_to(self.sessions_dir())
        except (OSError, ValueError):
            under = False
        if not under:
            return "a task of the Cline VS Code extension reopens only from the extension's history view"
        return super().resume_command(id, path)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        listed = env_paths("DEJA_CLINE_ROOTS", look)
        return [self.sessions_dir(look), *(listed if listed is not None else extension_roots(EXTENSION, look))]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        found = walk(self.sessions_dir(look), suffixes=(".messages.json",), look=look)
        for root in self.roots(look)[1:]:
            found += task_files(root, look)
        return found

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.name == HISTORY:
            return parse_task(self.name, path, _task_history(path.parents[2]).get(path.parent.name, {}))
        doc = _load(path)
        if not isinstance(doc, dict) or not isinstance(doc.get("messages"), list):
            raise SourceError("not a Cline transcript: no `messages` list")
        if doc.get("agent") not in (None, "", "lead"):
            return Parsed()  # a subagent's or teammate's transcript, not the person's conversation
        stem = path.name[: -len(".messages.json")]
        manifest = _load_quiet(path.with_name(stem + ".json"))
        sid = doc.get("sessionId") or manifest.get("session_id") or stem
        s = Session(self.name, str(sid), path=str(path))
        cwd = manifest.get("cwd") or manifest.get("workspace_root")
        s.cwd = cwd if isinstance(cwd, str) else ""
        meta = manifest.get("metadata")
        title = meta.get("title") if isinstance(meta, dict) else None
        prompt = manifest.get("prompt")
        if not title and isinstance(prompt, str):
            title = _WRAPPER.sub("", prompt).strip().split("\n", 1)[0]
        s.title = title if isinstance(title, str) else ""
        begin = parse_time(manifest.get("started_at") or manifest.get("created_at"))
        s.touch(begin)
        s.touch(parse_time(manifest.get("ended_at") or manifest.get("updated_at")))
        reader = Transcript(s)
        skipped = 0
        skips = Skips()
        for m in doc["messages"]:
            with skips:
                if not isinstance(m, dict):
                    skipped += 1
                    continue
                reader.message(m.get("role"), m.get("content"), parse_time(m.get("ts")) or begin)
        s.project = basename(s.cwd)
        return Parsed(finish([s]), 0, skipped + skips.n)


def env_paths(var: str, look: Look = PLAIN) -> list[Path] | None:
    """A path list from the environment (`os.pathsep`-separated); None when unset."""
    value = look.env(var)
    if value is None:
        return None
    return [Path(p).expanduser() for p in value.split(os.pathsep) if p.strip()]


def vscode_user_dirs(look: Look = PLAIN) -> list[Path]:
    """The `User` folders of VS Code and its forks, where extensions keep `globalStorage`."""
    if sys.platform == "darwin":
        base = paths.home(look.env) / "Library" / "Application Support"
    elif sys.platform == "win32":
        base = Path(look.env("APPDATA") or paths.home(look.env) / "AppData" / "Roaming")
    else:
        base = paths.config_home(look.env)
    return [base / host / "User" for host in VSCODE_HOSTS]


def extension_roots(extension: str, look: Look = PLAIN) -> list[Path]:
    return [user / "globalStorage" / extension for user in vscode_user_dirs(look)]


def task_files(root: Path, look: Look = PLAIN) -> list[Path]:
    """`<root>/tasks/<taskId>/api_conversation_history.json` for every task."""
    tasks = root / "tasks"
    return [p for p in walk(tasks, suffixes=(HISTORY,), look=look) if p.name == HISTORY and p.parent.parent == tasks]


def _load(path: Path) -> object:
    try:
        return decode_json(read_bytes(path))
    except msgspec.DecodeError as e:
        raise SourceError(f"not JSON: {e}") from e


def _load_quiet(path: Path) -> dict:
    try:
        doc = _load(path)
    except (OSError, SourceError):
        return {}
    return doc if isinstance(doc, dict) else {}


_history_cache: dict[str, tuple[float, dict[str, dict]]] = {}


def _task_history(root: Path) -> dict[str, dict]:
    """`state/taskHistory.json` of an extension root, by task id: `{task, ts, cwd}`."""
    path = root / "state" / "taskHistory.json"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return {}
    cached = _history_cache.get(str(path))
    if cached and cached[0] == mtime:
        return cached[1]
    out: dict[str, dict] = {}
    try:
        doc = _load(path)
    except (OSError, SourceError):
        doc = []
    for item in doc if isinstance(doc, list) else []:
        if isinstance(item, dict) and item.get("id") is not None:
            cwd = item.get("cwdOnTaskInitialization")
            out[str(item["id"])] = {"task": item.get("task"), "ts": item.get("ts"), "cwd": cwd}
    _history_cache[str(path)] = (mtime, out)
    return out


def parse_task(harness: str, path: Path, meta: dict) -> Parsed:
    """One VS Code extension task (Cline's or Roo Code's): a JSON array of API messages.

    `meta` may hold `task` (the first prompt), `ts` and `cwd`. Messages without their own `ts`
    are timed from the task's start plus one second per message, as the store keeps no better.
    """
    doc = _load(path)
    if not isinstance(doc, list):
        raise SourceError("not a task transcript: expected a JSON array of messages")
    task_id = path.parent.name
    s = Session(harness, task_id, path=str(path))
    s.cwd = meta["cwd"] if isinstance(meta.get("cwd"), str) else ""
    task = meta.get("task")
    if isinstance(task, str) and task.strip():
        s.title = task.strip().split("\n", 1)[0]
    base = parse_time(meta.get("ts")) or (parse_time(task_id) if task_id.isdigit() else 0.0)
    if not base:
        base = float(int(path.stat().st_mtime))
    reader = Transcript(s)
    skipped = 0
    skips = Skips()
    for i, m in enumerate(doc):
        with skips:
            if not isinstance(m, dict):
                skipped += 1
                continue
            reader.message(m.get("role"), m.get("content"), parse_time(m.get("ts")) or base + i)
    s.project = basename(s.cwd)
    return Parsed(finish([s]), 0, skipped + skips.n)


class Transcript:
    """Anthropic-style messages of Cline and its forks, into records of one session."""

    def __init__(self, s: Session):
        self.s = s
        self.calls = Commands(s)
        self.tools: dict[str, str] = {}  # tool_use id -> tool name
        self.pending = ""  # the XML-tagged call whose `[tool] Result:` comes next
        self.answering = ""  # the call whose result the current text blocks carry
        self.quiet = False  # that "result" is the person's reply to a question, not tool output
        self.n = 0

    def message(self, role: object, content: object, t: float) -> None:
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        if not isinstance(content, list):
            return
        in_result = False
        for b in content:
            if not isinstance(b, dict):
                continue
            kind = b.get("type")
            if role == "assistant" and kind == "text":
                self._said(b.get("text"), t)
            elif role == "assistant" and kind == "tool_use":
                self._use(b.get("name"), b.get("input"), b.get("id"), t)
            elif role == "user" and kind == "text":
                in_result = self._heard(b.get("text"), t, in_result)
            elif role == "user" and kind == "tool_result":
                self._result(b, t)

    def _said(self, text: object, t: float) -> None:
        if not isinstance(text, str):
            return
        text = _THINKING.sub("", text)
        calls = list(_XML_CALL.finditer(text))
        self.s.add(Role.ASSISTANT, _XML_CALL.sub("", text).strip(), t)
        for m in calls:
            body = m.group(2)
            args: dict[str, object] = {k: v for k, v in reversed(_params(body))}
            args["paths"] = [p.strip() for p in _PATH.findall(body)]
            self.n += 1
            self.pending = f"xml-{self.n}"
            self._use(m.group(1), args, self.pending, t)

    def _use(self, name: object, args: object, call_id: object, t: float) -> None:
        if not isinstance(name, str):
            return
        if isinstance(call_id, str):
            self.tools[call_id] = name
        if name in SPEECH_TOOLS:
            said = args.get(SPEECH_TOOLS[name]) if isinstance(args, dict) else None
            self.s.add(Role.ASSISTANT, said if isinstance(said, str) else "", t)
            return
        if name in SHELL_TOOLS:
            for i, cmd in enumerate(_commands(args)):
                key = f"{call_id}#{i}" if name == "run_commands" else call_id
                text = self.calls.add(cmd, t, key)
                if text:
                    add_files(self.s, [self._abs(p) for p in read_paths(text[2:])], t)
            return
        if name == "apply_patch":
            patch = args.get("input") if isinstance(args, dict) else args
            heads = _PATCH_FILE.findall(patch if isinstance(patch, str) else "")
            add_files(self.s, [self._abs(f) for f in heads], t)
        if name not in FILE_TOOLS:
            return
        files = [self._abs(p) for p in _paths(args)]
        add_files(self.s, files, t)
        if isinstance(args, dict) and files:
            olds = [args.get("old_text"), args.get("old_str"), args.get("search")]
            diff = args.get("diff")
            olds += _SEARCH.findall(diff) if isinstance(diff, str) else []
            add_edits(self.s, files[0], olds, t)

    def _heard(self, text: object, t: float, in_result: bool) -> bool:
        """A user text block; True while it belongs to a tool's result."""
        if not isinstance(text, str):
            return in_result
        if not self.s.cwd and (m := _CWD.search(text)):
            self.s.cwd = m.group(1)
        for m in _INJECTED.finditer(text):
            if m.group(1) == "file_content" and (p := _ATTR_PATH.search(m.group(2))):
                add_files(self.s, [p.group(1)], t)
        text = _INJECTED.sub("", text).strip()
        head = _RESULT_HEAD.match(text)
        if head:
            self.answering = self.pending if head.group(1) == "execute_command" else ""
            self.quiet = head.group(1) in SPEECH_TOOLS
            self._output(text[head.end():], t, self.answering, quiet=self.quiet)
            return True
        if text.startswith(("[TASK RESUMPTION]", "[ERROR]")):
            for _, said in _SPOKEN.findall(text):
                self.s.add(Role.USER, said.strip(), t)  # typed on resumption; the rest is the harness's
            return False
        if in_result:
            self._output(text, t, self.answering, quiet=self.quiet)
            return True
        self.s.add(Role.USER, _WRAPPER.sub("", text).strip(), t)
        return False

    def _result(self, b: dict, t: float) -> None:
        call_id = b.get("tool_use_id")
        content = b.get("content")
        name = self.tools.get(call_id) if isinstance(call_id, str) else None
        if isinstance(content, list) and any(isinstance(e, dict) and "query" in e for e in content):
            for i, e in enumerate(content):
                if not isinstance(e, dict):
                    continue
                out = e.get("result")
                text = out if isinstance(out, str) else text_of(out)
                if name == "read_files" and text and all(_LINENO.match(ln) for ln in text.splitlines() if ln.strip()):
                    text = _LINENO.sub("", text)
                err = e.get("error")
                self._output(text, t, "", spoken=False)
                self._output(err if isinstance(err, str) else "", t, f"{call_id}#{i}", spoken=False)
            return
        text = content if isinstance(content, str) else text_of(content)
        self._output(text, t, call_id, quiet=name in SPEECH_TOOLS)

    def _output(self, text: str, t: float, call_id: object, spoken: bool = True, quiet: bool = False) -> None:
        if spoken and "<" in text:
            for _, said in _SPOKEN.findall(text):
                self.s.add(Role.USER, said.strip(), t)  # feedback or an answer the person typed to a tool
            text = _SPOKEN.sub("", text).strip()
        if quiet:
            return  # what is left is the harness's boilerplate around the person's reply
        m = _EXIT.search(text)
        self.calls.exited(call_id, int(m.group(1)) if m else None)
        self.s.add(Role.TOOL_OUTPUT, text, t)

    def _abs(self, p: str) -> str:
        p = p.strip()
        if p and self.s.cwd and not p.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", p):
            return f"{self.s.cwd.rstrip('/')}/{p}"
        return p


def _commands(args: object) -> list[str]:
    """Shell commands of `run_commands` / `execute_command` in any of the accepted shapes."""
    if isinstance(args, dict):
        args = args.get("commands") or args.get("command") or args.get("cmd")
    items = args if isinstance(args, list) else [args]
    out = []
    for c in items:
        if isinstance(c, dict) and isinstance(c.get("command"), str):
            argv = [c["command"], *(str(a) for a in c.get("args") or [] if isinstance(c.get("args"), list))]
            out.append(" ".join(argv))
        elif isinstance(c, str):
            out.append(c)
    return out


def _paths(args: object) -> list[str]:
    """File paths of a read/write/edit call: `path`, `files[]`, `paths`, `file_paths`, strings."""
    if isinstance(args, str):
        return [args]
    if isinstance(args, list):
        return [p for a in args for p in _paths(a)]
    if not isinstance(args, dict):
        return []
    out = [args["path"]] if isinstance(args.get("path"), str) else []
    for key in ("files", "paths", "file_paths", "args"):
        if key in args and not (key == "args" and isinstance(args[key], str)):
            out += _paths(args[key])
    return out


SOURCE = Cline
