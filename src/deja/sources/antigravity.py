"""Antigravity (the IDE agent and the `agy` CLI): every `~/.gemini/antigravity*` root (versioned
and profile roots), then `brain/<session-id>/.system_generated/logs/transcript.jsonl`.

One transcript is one session, its id the `brain/` folder. Each line is a step `{source, type,
created_at, content}` with `content` a string. `USER_EXPLICIT` steps are what the person typed,
wrapped in `<USER_REQUEST>` beside machine metadata (`<ADDITIONAL_METADATA>`,
`<USER_SETTINGS_CHANGE>`, removed). `MODEL` steps are classified by `type`: `PLANNER_RESPONSE`
(or no type) is the model's prose; every other step is a tool transcript — a header
(`Created At:`, `Task Description: <cmd>` for `RUN_COMMAND`/`GENERIC`, `File Path: <file://…>` or
`Created|Edited|Modified file <file://…>` for `VIEW_FILE`/`CODE_ACTION`/`LIST_DIRECTORY`) over the
tool's output. Steps from any other source (system events) are not speech.

The working directory comes from the root's `cache/conversation_metadata.json` (IDE workspaces),
else `cache/last_conversations.json` (`agy`: newest conversation per workspace), else the
deepest common directory of the files the session touched (its git root when there is one).
The transcript is re-read whole when it changes: times fall back to the session's start and
the project to its files, both of which need the whole file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote

import msgspec

from deja import paths
from deja.model import Parsed, Role, Session
from deja.sources.base import (
    Commands,
    Lines,
    Skips,
    Source,
    add_files,
    basename,
    decode_json,
    finish,
    parse_time,
    read_bytes,
)
from deja.sources.look import PLAIN, Look

TRANSCRIPT = Path(".system_generated") / "logs" / "transcript.jsonl"
COMMAND_STEPS = {"RUN_COMMAND", "GENERIC"}
FILE_STEPS = {"VIEW_FILE", "CODE_ACTION", "LIST_DIRECTORY"}
# a block never runs past another of its openers, a value's last word into its trailing spaces
# (each unclosed opener, each character of a run of spaces, was a scan to the end: quadratic)
_DROP_BLOCKS = re.compile(r"<(ADDITIONAL_METADATA|USER_SETTINGS_CHANGE)>(?:(?!<\1>).)*?</\1>", re.S)
_TASK = re.compile(r"^Task Description:\s*(\S(?:.*\S)?)\s*$", re.M)
_FILE = re.compile(r"^(?:File Path:|Created file|Edited file|Modified file):?\s*(`[^`]+`|\S+)", re.M)
_HEADER = re.compile(r"^(?:Created At:|Completed At:|Task Description:|File Path:|(?:Created|Edited|Modified) file\b)")


class Antigravity(Source):
    """Antigravity brain transcripts, one session per `brain/<id>` folder."""

    name = "antigravity"
    version = 1
    append_only = False
    # From the agent's documentation; not checked here (agy is not on a registry).
    resume_argv = ("agy", "--conversation", "{id}")

    def roots(self, look: Look = PLAIN) -> list[Path]:
        override = look.env("DEJA_ANTIGRAVITY_ROOT")
        if override:
            return [Path(override).expanduser()]
        gemini = paths.home(look.env) / ".gemini"
        try:
            found = sorted(
                Path(e.path) for e in look.scandir(gemini)
                if e.name.startswith("antigravity") and e.is_dir(follow_symlinks=False)
            )
        except OSError:
            found = []
        return found or [gemini / "antigravity"]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        out: list[Path] = []
        for root in self.roots(look):
            try:
                sessions = sorted(e.path for e in look.scandir(root / "brain") if e.is_dir(follow_symlinks=False))
            except OSError:
                continue
            for d in sessions:
                p = Path(d) / TRANSCRIPT
                if look.lexists(p) and not look.is_link(p):
                    out.append(p)
        return out

    def parse(self, path: Path, start: int = 0) -> Parsed:
        session_dir = path.parents[2]
        root = session_dir.parent.parent
        s = Session(self.name, session_dir.name, path=str(path))
        lines = Lines(read_bytes(path))
        steps = [d for d in lines if isinstance(d.get("content"), str)]
        lines.check()
        t0 = min((t for d in steps if (t := parse_time(d.get("created_at")))), default=0.0)
        calls = Commands(s)
        skips = Skips()
        for i, d in enumerate(steps):
            with skips:
                t = parse_time(d.get("created_at")) or t0
                source, kind, content = d.get("source"), d.get("type") or "", d["content"]
                if source == "USER_EXPLICIT":
                    s.add(Role.USER, _user_text(content), t)
                elif source != "MODEL":
                    continue
                elif kind == "PLANNER_RESPONSE" or not kind:
                    s.add(Role.ASSISTANT, content, t)
                else:
                    if kind in COMMAND_STEPS and (m := _TASK.search(content)):
                        calls.add(m.group(1), t, f"step-{i}")
                    if kind in FILE_STEPS and (m := _FILE.search(content)):
                        add_files(s, [_file_path(m.group(1))], t)
                    s.add(Role.TOOL_OUTPUT, _body(content), t)
        s.cwd = _workspace(root, s.id) or _files_root(s)
        s.project = basename(s.cwd)
        return Parsed(finish([s]), 0, lines.skipped + skips.n)


def _user_text(content: str) -> str:
    text = _DROP_BLOCKS.sub("", content).strip()
    text = text.removeprefix("<USER_REQUEST>").removesuffix("</USER_REQUEST>")
    return text.strip()


def _body(content: str) -> str:
    """A tool step's output: what follows its header lines."""
    lines = content.split("\n")
    i = 0
    while i < len(lines) and (not lines[i].strip() or _HEADER.match(lines[i])):
        i += 1
    return "\n".join(lines[i:]).strip()


def _file_path(value: str) -> str:
    value = value.strip("`").strip()
    if value.startswith("file://"):
        value = unquote(value[len("file://"):])
        if re.match(r"^/[A-Za-z]:[/\\]", value):
            value = value[1:]  # file:///C:/… is C:/…
    return value


def _workspace(root: Path, sid: str) -> str:
    """The conversation's workspace from the root's cache files, when they name it."""
    meta = _json(root / "cache" / "conversation_metadata.json")
    convs = meta.get("conversations") if isinstance(meta, dict) else None
    if isinstance(convs, dict):
        for key, conv in convs.items():
            if not (key.startswith(sid) or sid.startswith(key)) or not isinstance(conv, dict):
                continue
            summary = conv.get("summary")
            uris = summary.get("WorkspaceURIs") if isinstance(summary, dict) else None
            for uri in uris if isinstance(uris, list) else []:
                if isinstance(uri, str) and uri.startswith("file://"):
                    return _file_path(uri).rstrip("/\\")
    last = _json(root / "cache" / "last_conversations.json")
    if isinstance(last, dict):
        for workspace, conv_id in last.items():
            if conv_id == sid and isinstance(workspace, str):
                return _file_path(workspace).rstrip("/\\")
    return ""


def _files_root(s: Session) -> str:
    """The deepest common directory of the absolute paths the session touched (not a bare
    home), or the git work tree holding it."""
    split = [re.split(r"[/\\]", f) for r in s.records if r.role is Role.FILES for f in r.text.split("\n")]
    split = [p for p in split if len(p) > 1 and (p[0] == "" or re.match(r"^[A-Za-z]:$", p[0]))]
    if not split:
        return ""
    common: list[str] = []
    for pieces in zip(*[p[:-1] for p in split]):
        if any(x != pieces[0] for x in pieces):
            break
        common.append(pieces[0])
    if len(common) < 4:  # "", home, me, project: anything shallower is not a project
        return ""
    first = next(f for r in s.records if r.role is Role.FILES for f in r.text.split("\n"))
    sep = "\\" if "\\" in first and "/" not in first else "/"
    for depth in range(len(common), 3, -1):
        if os.path.exists(os.path.join(sep.join(common[:depth]), ".git")):
            return sep.join(common[:depth])
    return sep.join(common)


def _json(path: Path) -> object:
    try:
        return decode_json(read_bytes(path))
    except (OSError, msgspec.DecodeError):
        return None


SOURCE = Antigravity
