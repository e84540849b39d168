"""Claude Code: `~/.claude/projects/<encoded-cwd>/<session>.jsonl` (`CLAUDE_CONFIG_DIR`).

Only `user` and `assistant` lines are conversation; the file also holds queue operations,
attachments, API request shapes and blobs (system prompt, tool schemas), cost and mode
records, none of which is speech. Each content block is its own line. Tool results arrive as
user-role lines and become `tool-output`. Subagent transcripts (`<session>/subagents/*.jsonl`)
repeat the parent's `sessionId` and carry `agentId`: they are their own session, with the
parent recorded.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

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
    finish,
    parse_time,
    read_bytes,
    text_of,
    walk,
)
from deja.sources.look import PLAIN, Look

FILE_TOOLS = {"Read", "Edit", "Write", "MultiEdit", "NotebookEdit"}
_EXIT = re.compile(r"^Exit code (\d+)")


class Claude(Source):
    name = "claude"
    version = 1
    append_only = True
    # Checked against `claude --help` 2.1.332 (docs/notes.md, session 4).
    resume_argv = ("claude", "--resume", "{id}")
    resume_scoped = True  # sessions live under the project's directory in ~/.claude/projects
    prompt_argv = ("claude", "{prompt}")

    def roots(self, look: Look = PLAIN) -> list[Path]:
        base = Path(look.env("CLAUDE_CONFIG_DIR") or paths.home(look.env) / ".claude")
        return [paths.harness_root(self.name, base / "projects", look.env)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        return [p for root in self.roots(look) for p in walk(root, suffixes=(".jsonl",), look=look)]

    def parse(self, path: Path, start: int = 0) -> Parsed:
        lines = Lines(read_bytes(path, start), start)
        s = Session(self.name, path.stem, path=str(path))
        commands = Commands(s)
        skips = Skips()
        for d in lines:
            with skips:
                kind = d.get("type")
                if kind in ("summary", "custom-title") and not s.title:
                    title = d.get("summary") or d.get("customTitle")
                    if isinstance(title, str):
                        s.title = title
                    continue
                if kind not in ("user", "assistant"):
                    continue
                t = parse_time(d.get("timestamp"))
                s.touch(t)
                sid = d.get("sessionId")
                if d.get("isSidechain") and d.get("agentId"):
                    s.id = str(d["agentId"])
                    if isinstance(sid, str):
                        s.parent = sid
                elif isinstance(sid, str) and sid:
                    s.id = sid
                cwd = d.get("cwd")
                if isinstance(cwd, str) and cwd:
                    s.cwd = cwd
                if d.get("isMeta"):
                    continue  # harness-injected (skill bodies, command caveats)
                msg = d.get("message")
                if not isinstance(msg, dict):
                    continue
                role = Role.ASSISTANT if (msg.get("role") or kind) == "assistant" else Role.USER
                content = msg.get("content")
                if isinstance(content, str):
                    s.add(role, content, t)
                    continue
                if not isinstance(content, list):
                    continue
                for block in content:
                    if isinstance(block, dict):
                        self._block(s, role, block, t, commands)
        if not s.cwd:
            s.cwd = _decode_dir(path, self.roots(PLAIN)[0])
        s.project = basename(s.cwd)
        lines.check()
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    def _block(self, s: Session, role: Role, b: dict, t: float, commands: Commands) -> None:
        kind = b.get("type")
        if kind == "text":
            s.add(role, b.get("text") or "", t)
        elif kind == "tool_result":
            text = text_of(b.get("content"))
            m = _EXIT.match(text) if b.get("is_error") else None
            commands.exited(b.get("tool_use_id"), int(m.group(1)) if m else None)
            s.add(Role.TOOL_OUTPUT, text, t)
        elif kind == "tool_use":
            name = b.get("name")
            args = b.get("input")
            if not isinstance(args, dict):
                return
            if name == "Bash":
                commands.add(args.get("command"), t, b.get("id"))
            path = args.get("file_path") or args.get("notebook_path")
            if name in FILE_TOOLS and isinstance(path, str):
                add_files(s, [path], t)
            if isinstance(path, str):
                olds = [args.get("old_string")]
                olds += [e.get("old_string") for e in args.get("edits") or [] if isinstance(e, dict)]
                add_edits(s, path, olds, t)


def _decode_dir(path: Path, root: Path) -> str:
    """The working directory from the encoded folder name, when the lines carried no `cwd`.

    `/home/me/my-app` is stored as `-home-me-my-app`: ambiguous, so each `-` is tried as a
    separator against the real filesystem; failing that, the name is kept as is.
    """
    try:
        rel = path.relative_to(root)
    except ValueError:
        return ""
    name = rel.parts[0] if len(rel.parts) > 1 else ""
    if not name.startswith("-"):
        return name
    pieces = name.strip("-").split("-")
    if not pieces or len(pieces) > 24:
        return name

    def build(done: str, seg: str, i: int) -> str | None:
        cand = f"{done}/{seg}"
        if i == len(pieces):
            return cand if os.path.isdir(cand) else None
        if os.path.isdir(cand):  # close `seg` as a directory and start the next one
            found = build(cand, pieces[i], i + 1)
            if found:
                return found
        return build(done, f"{seg}-{pieces[i]}", i + 1)  # or `-` was part of the name

    return build("", pieces[0], 1) or "/" + "/".join(p for p in pieces if p)


SOURCE = Claude
