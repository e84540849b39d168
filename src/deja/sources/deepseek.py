"""DeepSeek Harness (dsh): `${DSH_HOME:-~/.dsh}/sessions/<workspace>/<session dir>/<log>`.

Two layouts: `<slug>/session-<uuid>/session.jsonl.zstd` and `<escaped cwd>/<id>/session.vN.jsonl.zstd`
(a versioned log); either may be plain `.jsonl` (a config option). A `.zstd` log is several
concatenated zstd frames, decoded across frames; a frame cut short is an unreadable file,
never a silently shorter one. When one session directory holds several logs (versions), the
newest is read, and a session id present under both layouts is read once.

The first line is a header `{"type": "session", "id": "session-<uuid>", "createdAt", "cwd"}`;
then events `{type, seq, time (ms), data}` (packed rows use `seq0`/`time0`), in file order
(`seq` is not monotonic). `user/message` is a person only when `data.source.kind` is `user`
(plugins inject sandbox policy and runtime context the same way). `assistant/message` holds the
reply (reasoning blocks dropped) and supersedes the streamed deltas (`assistant/chunk`
text-deltas, packed `text-chunks`), which stand in for it only when a run was interrupted.
`tool/call` names the tool and its JSON-string arguments; `tool/result` nests the output.
"""

from __future__ import annotations

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
    add_edits,
    add_files,
    basename,
    decode_json,
    finish,
    parse_time,
    read_bytes,
    read_paths,
    walk,
)
from deja.sources.look import PLAIN, Look

_LOG = re.compile(r"^session(?:\.v(\d+))?\.jsonl(?:\.zstd|\.zst)?$")
SHELL_TOOLS = {"bash", "shell", "exec", "run", "run_command", "execute_command"}
FILE_TOOLS = {"read", "write", "edit", "multiedit", "multi_edit", "read_file", "write_file", "edit_file"}


class DeepSeek(Source):
    """One session per log file (the newest log of a session directory)."""

    name = "deepseek"
    version = 1
    append_only = False  # compressed frames: re-read whole
    cannot_resume = "DeepSeek Harness has no command that reopens a session by its id"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        base = Path(look.env("DSH_HOME") or paths.home(look.env) / ".dsh")
        return [paths.harness_root(self.name, base / "sessions", look.env)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        best: dict[str, tuple[tuple[int, int, str], Path]] = {}
        for root in self.roots(look):
            for p in walk(root, match=_LOG, look=look):
                m = _LOG.match(p.name)
                try:
                    mtime = look.lstat(p).st_mtime_ns
                except OSError:
                    continue
                rank = (int(m.group(1) or 0) if m else 0, mtime, str(p))
                key = p.parent.name.removeprefix("session-")
                if key not in best or rank > best[key][0]:
                    best[key] = (rank, p)
        return sorted(p for _, p in best.values())

    def parse_cost(self, path: Path, size: int, start: int, stop: int) -> int:
        return inflate.file_cost(path, size, stop) if _compressed(path) else size

    def parse(self, path: Path, start: int = 0) -> Parsed:
        data = inflate.read_file(path, read_bytes(path)) if _compressed(path) else read_bytes(path)
        lines = Lines(data)
        s = Session(self.name, path.parent.name.removeprefix("session-"), path=str(path))
        calls = Commands(s)
        pending: list[str] = []
        pending_t = 0.0

        def flush() -> None:
            nonlocal pending, pending_t
            if pending:
                s.add(Role.ASSISTANT, "".join(pending), pending_t)
            pending, pending_t = [], 0.0

        skips = Skips()
        for d in lines:
            with skips:
                kind = d.get("type")
                t = parse_time(d["time"] if "time" in d else d.get("time0"))
                data_ = got if isinstance(got := d.get("data"), dict) else {}
                if kind == "session":
                    if isinstance(d.get("id"), str) and d["id"]:
                        s.id = d["id"].removeprefix("session-")
                    if isinstance(d.get("cwd"), str):
                        s.cwd = d["cwd"]
                    s.touch(parse_time(d.get("createdAt")))
                elif kind == "session/title":
                    if not s.title and isinstance(data_.get("title"), str):
                        s.title = data_["title"]
                    s.touch(t)
                elif kind == "user/message":
                    source = data_.get("source")
                    if isinstance(source, dict) and source.get("kind") not in ("user", None):
                        s.touch(t)  # injected by a plugin or the runtime, not typed
                        continue
                    flush()
                    s.add(Role.USER, _blocks(data_.get("content")), t)
                elif kind == "assistant/message":
                    pending, pending_t = [], 0.0
                    msg = data_.get("message")
                    s.add(Role.ASSISTANT, _blocks(msg.get("content") if isinstance(msg, dict) else None), t)
                elif kind == "assistant/chunk":
                    chunk = data_.get("chunk")
                    if isinstance(chunk, dict) and chunk.get("type") == "text-delta" and isinstance(chunk.get("text"), str):
                        pending.append(chunk["text"])
                        pending_t = t
                elif kind == "text-chunks":
                    texts = data_.get("texts")
                    pending += [x for x in texts if isinstance(x, str)] if isinstance(texts, list) else []
                    pending_t = t
                elif kind in ("step/end", "turn/end"):
                    flush()
                    s.touch(t)
                elif kind == "tool/call":
                    _call(s, calls, data_, t)
                elif kind == "tool/result":
                    flush()
                    msg = data_.get("message")
                    s.add(Role.TOOL_OUTPUT, _result(msg.get("content") if isinstance(msg, dict) else None), t)
                else:
                    s.touch(t)
        flush()
        s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), 0, lines.skipped + skips.n)


def _blocks(content: object) -> str:
    """Text of `text` (or untyped) blocks; reasoning and media are dropped."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n".join(
        b["text"] for b in content
        if isinstance(b, dict) and b.get("type") in ("text", None) and isinstance(b.get("text"), str)
    )


def _result(content: object) -> str:
    """Output of a tool result: `tool-result` blocks nesting text blocks (or an `output`)."""
    if not isinstance(content, list):
        return _blocks(content)
    parts = []
    for b in content:
        if not isinstance(b, dict):
            continue
        if "content" in b:
            parts.append(_blocks(b["content"]))
        out = b.get("output")
        if isinstance(out, dict):
            out = got if isinstance(got := out.get("value"), str) else _blocks(out.get("content"))
        if isinstance(out, str):
            parts.append(out)
        if b.get("type") == "text" and isinstance(b.get("text"), str):
            parts.append(b["text"])
    return "\n".join(p for p in parts if p)


def _call(s: Session, calls: Commands, data: dict, t: float) -> None:
    """A tool call's work: the shell command, the files read or written, replaced text."""
    name = str(data.get("name") or "").lower()
    args = data.get("arguments")
    if isinstance(args, str):
        try:
            args = decode_json(args.encode())
        except msgspec.DecodeError:
            return
    if not isinstance(args, dict):
        return
    if name in SHELL_TOOLS:
        cmd = calls.add(args.get("command") or args.get("cmd"), t, data.get("callId"))
        if cmd:
            add_files(s, read_paths(cmd[2:]), t)
    path = args.get("file_path") or args.get("path")
    if name in FILE_TOOLS and isinstance(path, str):
        add_files(s, [path], t)
        olds = [args.get("old_string")] + [e.get("old_string") for e in args.get("edits") or [] if isinstance(e, dict)]
        add_edits(s, path, olds, t)


def _compressed(path: Path) -> bool:
    """A log of concatenated zstd frames (dsh cuts one at each flush; a frame cut short is an
    unreadable file, never a silently shorter one: inflate checks every frame reaches its end)."""
    return path.name.endswith((".zstd", ".zst"))


SOURCE = DeepSeek
