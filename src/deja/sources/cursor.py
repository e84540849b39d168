"""Cursor: IDE chats in `state.vscdb` key-value stores, and agent transcripts in JSONL.

IDE: the user directory (macOS `~/Library/Application Support/Cursor/User`; Linux
`$XDG_CONFIG_HOME/Cursor/User` when it exists, else `~/.config/Cursor/User`; `DEJA_CURSOR_ROOT`)
holds `globalStorage/state.vscdb` (modern) and `workspaceStorage/<hash>/state.vscdb` (older). In
table `cursorDiskKV(key, value)`, `composerData:<id>` is a session (`name`, `createdAt` and
`lastUpdatedAt` in ms, bubble order in `fullConversationHeadersOnly`, `workspaceIdentifier`) and
`bubbleId:<id>:<bubble>` a message (`type` 1 = the person, else the model; `text`, else `rawText`;
`timestamp` ms or `createdAt` RFC 3339; `thinking` dropped). A bubble's `toolFormerData` is one
tool call: `name`, arguments as JSON in `rawArgs` or `params` (string or object), `result` (JSON
string, object such as `{output, exitCode}`, or text) and `error`. Pruned values are NULL. The
project is a bubble's `workspaceProjectDir`, the composer's `workspaceIdentifier`, or the
workspace listing the composer (`workspace.json` + `ItemTable['composer.composerData']`).

CLI and the IDE's own transcripts: `${CURSOR_CONFIG_DIR:-~/.cursor}/projects/<slug>/
agent-transcripts/**/*.jsonl` (`DEJA_CURSOR_CLI_ROOT` replaces `.cursor`): `{role, message:
{content}}` lines in Anthropic shape, no timestamps (the file's mtime stands in), no tool
results. `<slug>` is the working directory with each run of non-alphanumerics made `-`, resolved
on disk. Subagent transcripts need `DEJA_INCLUDE_SUBAGENTS=1`. A chat the IDE database also
holds is read from the database only.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

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
    is_regular,
    parse_time,
    read_bytes,
    read_paths,
    sqlite_readonly,
    text_of,
    walk,
)
from deja.sources.look import PLAIN, Look

RANGE = "SELECT key, value FROM cursorDiskKV WHERE key >= ? AND key < ? AND value IS NOT NULL ORDER BY key"
_SHELL = re.compile(r"^(?:run_terminal_(?:cmd|command)(?:_v\d+)?|shell|terminal)$", re.IGNORECASE)
_FILE = re.compile(r"read_file|edit_file|search_replace|write|delete_file|create_file|reapply|str_replace|multi_edit|edit_notebook", re.IGNORECASE)
PATH_KEYS = ("target_file", "file_path", "filePath", "targetFile", "path", "relativeWorkspacePath",
             "relative_workspace_path", "target_notebook")
OUTPUT_KEYS = ("output", "stdout", "stderr", "contents", "content", "text", "message")
CLI_FILE_TOOLS = {"Read", "Write", "StrReplace", "Delete", "Edit", "EditNotebook"}


class Cursor(Source):
    """Cursor's IDE databases and its agent-transcript files."""

    name = "cursor"
    version = 1
    append_only = False
    # From the agent's documentation; not checked here (cursor-agent is not on a registry).
    resume_argv = ("cursor-agent", "--resume", "{id}")
    resume_scoped = True  # chats are kept per project
    prompt_argv = ("cursor-agent", "{prompt}")

    def user_dir(self, look: Look = PLAIN) -> Path:
        if sys.platform == "darwin":
            default = paths.home(look.env) / "Library" / "Application Support" / "Cursor" / "User"
        else:
            default = paths.config_home(look.env) / "Cursor" / "User"
            if not look.exists(default):
                default = paths.home(look.env) / ".config" / "Cursor" / "User"
        return paths.harness_root(self.name, default, look.env)

    def cli_dir(self, look: Look = PLAIN) -> Path:
        override = look.env("DEJA_CURSOR_CLI_ROOT")
        if override:
            return Path(override).expanduser()
        return Path(look.env("CURSOR_CONFIG_DIR") or paths.home(look.env) / ".cursor")

    def resume_command(self, id: str, path: str) -> tuple[str, ...] | str:
        """Only a `cursor-agent` chat (a transcript file) reopens from the command line; a
        composer of the IDE (a row of its state.vscdb) opens in the IDE."""
        if path.endswith(".vscdb"):
            return "a chat of the Cursor IDE reopens only in the IDE (its chat history), not from the command line"
        return super().resume_command(id, path)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [self.user_dir(look), self.cli_dir(look) / "projects"]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        user = self.user_dir(look)
        found = [user / "globalStorage" / "state.vscdb"]
        try:
            found += [Path(e.path) / "state.vscdb" for e in look.scandir(user / "workspaceStorage") if e.is_dir()]
        except OSError:
            pass
        found = [p for p in found if look.lexists(p)]
        subagents = look.env("DEJA_INCLUDE_SUBAGENTS") == "1"
        for p in walk(self.cli_dir(look) / "projects", match=re.compile(r"\.jsonl$", re.IGNORECASE), look=look):
            dirs = [d.lower() for d in p.parts[:-1]]
            if "agent-transcripts" in dirs and (subagents or "subagents" not in dirs):
                found.append(p)
        return sorted(found)

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.name.endswith(".vscdb"):
            return self._ide(path)
        return self._cli(path)

    # -- IDE key-value store

    def _ide(self, path: Path) -> Parsed:
        sessions: list[Session] = []
        skipped = 0
        own = _workspace_folder(path.parent / "workspace.json")
        global_db = path.parent.name == "globalStorage"
        folders = _composer_folders(path.parent.parent / "workspaceStorage") if global_db else {}
        with sqlite_readonly(path) as db:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "cursorDiskKV" not in tables:
                if "ItemTable" in tables:
                    return Parsed()  # a workspace database that holds no chats
                raise SourceError(f"{path}: no cursorDiskKV table (not a Cursor store?)")
            parents = _parents(db) if "composerHeaders" in tables else {}
            skips = Skips()
            for key, value in db.execute(RANGE, ("composerData:", "composerData;")).fetchall():
                with skips:
                    meta = _json(value)
                    if not isinstance(meta, dict):
                        skipped += 1
                        continue
                    cid = got if isinstance(got := meta.get("composerId"), str) else key.split(":", 1)[1]
                    rows: dict[str, dict] = {}
                    for bkey, bvalue in db.execute(RANGE, (f"bubbleId:{cid}:", f"bubbleId:{cid};")):
                        b = _json(bvalue)
                        if isinstance(b, dict):
                            rows[bkey.split(":", 2)[2]] = b
                        else:
                            skipped += 1
                    s = self._composer(path, cid, meta, rows, own or folders.get(cid, ""))
                    s.parent = parents.get(cid, "")
                    sessions.append(s)
        return Parsed(finish(sessions), 0, skipped + skips.n)

    def _composer(self, path: Path, cid: str, meta: dict, rows: dict[str, dict], folder: str) -> Session:
        s = Session(self.name, cid, path=str(path))
        s.title = meta["name"].strip() if isinstance(meta.get("name"), str) else ""
        start = parse_time(meta.get("createdAt"))
        s.touch(start)
        s.touch(parse_time(meta.get("lastUpdatedAt")))
        headers = [h for h in meta.get("fullConversationHeadersOnly") or [] if isinstance(h, dict)]
        head_time = {h.get("bubbleId"): parse_time(h.get("createdAt")) for h in headers}
        ordered = [(h["bubbleId"], rows.pop(h["bubbleId"])) for h in headers if h.get("bubbleId") in rows]
        bubbles = ordered + sorted(rows.items(), key=lambda kv: _btime(kv[1]))  # stable: key order on ties
        if not bubbles and isinstance(meta.get("conversation"), list):  # very old: inline messages
            bubbles = [(str(i), b) for i, b in enumerate(meta["conversation"]) if isinstance(b, dict)]
        s.cwd = next((b["workspaceProjectDir"] for _, b in bubbles if isinstance(b.get("workspaceProjectDir"), str)), "")
        s.cwd = s.cwd or _uri_path(meta.get("workspaceIdentifier")) or folder or next(
            (p for _, b in bubbles for p in map(_uri_path, b.get("workspaceUris") or []) if p), "")
        s.project = basename(s.cwd)
        calls = Commands(s)
        skips = Skips()
        for bid, b in bubbles:
            with skips:
                kind = b.get("type")
                if not isinstance(kind, int) or isinstance(kind, bool):
                    continue
                t = _btime(b) or head_time.get(bid) or start
                text = b.get("text") if b.get("text") is not None else b.get("rawText")
                s.add(Role.USER if kind == 1 else Role.ASSISTANT, text if isinstance(text, str) else "", t)
                tool = b.get("toolFormerData")
                if kind != 1 and isinstance(tool, dict) and tool.get("name"):
                    self._tool(s, calls, tool, t)
                s.touch(t)
        s.skipped += skips.n
        return s

    @staticmethod
    def _tool(s: Session, calls: Commands, tool: dict, t: float) -> None:
        name = str(tool["name"])
        args: dict = {}
        for k in ("rawArgs", "params"):
            v = tool.get(k)
            v = _json(v) if isinstance(v, str) and v.strip() else v
            if isinstance(v, dict) and v:
                args = v
                break
        call_id = tool.get("toolCallId")
        if _SHELL.match(name):
            cmd = calls.add(args.get("command"), t, call_id)
            if cmd:
                add_files(s, [_join(p, s.cwd) for p in read_paths(cmd[2:])], t)
        path = next((args[k] for k in PATH_KEYS if isinstance(args.get(k), str) and args[k].strip()), "")
        if path and _FILE.search(name):
            path = _join(path, s.cwd)
            add_files(s, [path], t)
            olds = [args.get("old_string"), args.get("oldString"), args.get("old_str")]
            olds += [e.get("old_string") or e.get("old_text") for e in args.get("edits") or [] if isinstance(e, dict)]
            add_edits(s, path, olds, t)
        result = tool.get("result")
        if isinstance(result, str) and result.lstrip()[:1] in ("{", "["):
            decoded = _json(result)
            result = result if decoded is None else decoded
        text, code = _output(result)
        calls.exited(call_id, code)
        s.add(Role.TOOL_OUTPUT, text, t)
        err = tool.get("error")
        if isinstance(err, dict):
            err = err.get("clientVisibleErrorMessage") or err.get("message")
        if isinstance(err, str):
            s.add(Role.TOOL_OUTPUT, err, t)

    # -- agent transcripts

    def _cli(self, path: Path) -> Parsed:
        lines = Lines(read_bytes(path))
        t = os.stat(path).st_mtime
        s = Session(self.name, path.stem, path=str(path))
        s.cwd = _project_dir(path, self.cli_dir(PLAIN) / "projects")
        s.project = basename(s.cwd)
        calls = Commands(s)
        skips = Skips()
        for d in lines:
            with skips:
                role = d.get("role")
                if role not in ("user", "assistant"):
                    continue  # turn_ended and other control lines
                msg = d.get("message")
                content = msg.get("content") if isinstance(msg, dict) else d.get("content")
                speaker = Role.USER if role == "user" else Role.ASSISTANT
                if isinstance(content, str):
                    s.add(speaker, content, t)
                    continue
                for b in content if isinstance(content, list) else []:
                    if not isinstance(b, dict):
                        continue
                    if b.get("type") == "text":
                        s.add(speaker, b.get("text") or "", t)
                    elif b.get("type") == "tool_use" and isinstance(b.get("input"), dict):
                        self._cli_tool(s, calls, b.get("name"), b["input"], b.get("id"), t)
                    elif b.get("type") == "tool_result":
                        s.add(Role.TOOL_OUTPUT, text_of(b.get("content")), t)
        lines.check()
        if s.records and s.id in _ide_chats(self.user_dir(PLAIN) / "globalStorage" / "state.vscdb"):
            return Parsed([], 0, lines.skipped + skips.n)
        return Parsed(finish([s]), 0, lines.skipped + skips.n)

    @staticmethod
    def _cli_tool(s: Session, calls: Commands, name: object, args: dict, call_id: object, t: float) -> None:
        if name == "Shell":
            cmd = calls.add(args.get("command"), t, call_id)
            if cmd:
                add_files(s, [_join(p, s.cwd) for p in read_paths(cmd[2:])], t)
        path = args.get("path") or args.get("file_path")
        if name in CLI_FILE_TOOLS and isinstance(path, str) and path.strip():
            path = _join(path, s.cwd)
            add_files(s, [path], t)
            add_edits(s, path, [args.get("old_string")], t)


def _json(value: object) -> object:
    if isinstance(value, str):
        value = value.encode()
    if not isinstance(value, bytes):
        return None
    try:
        return decode_json(value)
    except msgspec.DecodeError:
        return None


def _btime(b: dict) -> float:
    return parse_time(b.get("timestamp")) or parse_time(b.get("createdAt"))


def _output(result: object) -> tuple[str, int | None]:
    """A tool result's text and exit code: plain text, or the text-like fields of an object."""
    if isinstance(result, str):
        return result, None
    if isinstance(result, list):
        return "\n".join(_output(r)[0] for r in result if isinstance(r, (str, dict))), None
    if not isinstance(result, dict):
        return "", None
    texts = [result[k] for k in OUTPUT_KEYS if isinstance(result.get(k), str) and result[k].strip()]
    code = result.get("exitCode", result.get("exitCodeV2"))
    return "\n".join(texts), code if isinstance(code, int) and not isinstance(code, bool) else None


def _join(path: str, cwd: str) -> str:
    if cwd and not path.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", path):
        return f"{cwd.rstrip('/')}/{path.removeprefix('./')}"
    return path


def _uri_path(value: object) -> str:
    """A filesystem path from a VS Code URI: `{fsPath|path}`, `{uri: …}`, or `file:///…`."""
    if isinstance(value, dict):
        inner = value.get("uri", value)
        if isinstance(inner, dict):
            inner = inner.get("fsPath") or inner.get("path") or inner.get("external")
        if isinstance(inner, str) and not inner.startswith("file:"):
            return inner
        return _uri_path(inner)
    if isinstance(value, str) and value.startswith("file:"):
        return unquote(urlparse(value).path)
    return ""


def _workspace_folder(path: Path) -> str:
    try:
        data = _json(read_bytes(path))
    except OSError:
        return ""
    return _uri_path(data.get("folder")) if isinstance(data, dict) else ""


def _parents(db) -> dict[str, str]:
    """Subagent composers name their parent in `composerHeaders.value.subagentInfo`."""
    out: dict[str, str] = {}
    for cid, value in db.execute("SELECT composerId, value FROM composerHeaders"):
        head = _json(value)
        info = head.get("subagentInfo") if isinstance(head, dict) else None
        if isinstance(info, dict) and isinstance(info.get("parentComposerId"), str):
            out[str(cid)] = info["parentComposerId"]
    return out


_folder_cache: dict[str, tuple[tuple, dict[str, str]]] = {}


def _composer_folders(storage: Path) -> dict[str, str]:
    """composerId → workspace folder, from every workspace that lists the composer."""
    try:
        dirs = sorted(Path(e.path) for e in os.scandir(storage) if e.is_dir())
    except OSError:
        return {}
    sig = tuple((str(d), os.stat(d / "state.vscdb").st_mtime_ns if is_regular(d / "state.vscdb") else 0) for d in dirs)
    cached = _folder_cache.get(str(storage))
    if cached and cached[0] == sig:
        return cached[1]
    out: dict[str, str] = {}
    for d in dirs:
        folder = _workspace_folder(d / "workspace.json")
        if not folder or not is_regular(d / "state.vscdb"):
            continue
        try:
            with sqlite_readonly(d / "state.vscdb") as conn:
                row = conn.execute("SELECT value FROM ItemTable WHERE key = 'composer.composerData'").fetchone()
        except SourceError:
            continue
        data = _json(row[0]) if row else None
        for c in data.get("allComposers") or [] if isinstance(data, dict) else []:
            if isinstance(c, dict) and isinstance(c.get("composerId"), str):
                out.setdefault(c["composerId"], folder)
    _folder_cache[str(storage)] = (sig, out)
    return out


_chat_cache: dict[str, tuple[tuple, frozenset[str]]] = {}


def _ide_chats(db: Path) -> frozenset[str]:
    """Composer ids the IDE database holds with at least one message (cached per file state)."""
    if not is_regular(db):
        return frozenset()
    wal, st = Path(f"{db}-wal"), db.stat()
    sig = (st.st_mtime_ns, st.st_size, wal.stat().st_mtime_ns if wal.exists() else 0)
    cached = _chat_cache.get(str(db))
    if cached and cached[0] == sig:
        return cached[1]
    ids: set[str] = set()
    try:
        with sqlite_readonly(db) as conn:
            keys = [k for (k,) in conn.execute("SELECT key FROM cursorDiskKV WHERE key >= 'composerData:' AND key < 'composerData;'")]
            for k in keys:
                cid = k.split(":", 1)[1]
                if conn.execute("SELECT 1 FROM cursorDiskKV WHERE key >= ? AND key < ? AND value IS NOT NULL LIMIT 1",
                                (f"bubbleId:{cid}:", f"bubbleId:{cid};")).fetchone():
                    ids.add(cid)
    except SourceError:
        pass  # the database's own parse reports why
    _chat_cache[str(db)] = (sig, frozenset(ids))
    return _chat_cache[str(db)][1]


_slug_cache: dict[str, str] = {}


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")


def _project_dir(path: Path, root: Path) -> str:
    """The working directory a `projects/<slug>` folder stands for, found on the filesystem."""
    try:
        enc = path.relative_to(root).parts[0]
    except (ValueError, IndexError):
        return ""
    if enc in _slug_cache:
        return _slug_cache[enc]

    def find(d: str, rest: str, depth: int) -> str:
        if depth > 24:
            return ""
        try:
            names = sorted(os.listdir(d))
        except OSError:
            return ""
        for n in names:
            slug, full = _slug(n), os.path.join(d, n)
            if slug and (rest == slug or rest.startswith(slug + "-")) and os.path.isdir(full):
                if rest == slug:
                    return full
                found = find(full, rest[len(slug) + 1:], depth + 1)
                if found:
                    return found
        return ""

    target = enc.strip("-")
    cwd = (find("/", target, 0) if target else "") or "/" + target.replace("-", "/")
    _slug_cache[enc] = cwd
    return cwd


SOURCE = Cursor
