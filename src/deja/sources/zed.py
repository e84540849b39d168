"""Zed's agent threads: `threads/threads.db` in Zed's data directory.

Linux/FreeBSD: `$FLATPAK_XDG_DATA_HOME/zed`, else `$XDG_DATA_HOME/zed`, else
`~/.local/share/zed`; macOS: `~/Library/Application Support/Zed`. `DEJA_ZED_ROOT` replaces the
data directory, `DEJA_ZED_DB` names the database file.

One row of `threads(id, summary, updated_at, data_type, data, parent_id?, folder_paths?,
folder_paths_order?, created_at?)` is one session; the columns after `data` were added by later
releases. `data` is the thread document, zstd-compressed (`data_type = 'zstd'`) or plain JSON
(`'json'`). Documents of two generations live side by side until a thread is saved again:

- v0.3.0: messages are externally tagged, `{"User": {content: [{"Text": …}, {"Mention": …}]}}`,
  `{"Agent": {content: [{"Text"}, {"Thinking"}, {"ToolUse": {id, name, input}}], tool_results:
  {id: {tool_name, is_error, content, output}}}}`, and a bare `"Resume"` marker;
- older: `{role, segments: [{type: "text"|"thinking", text}], tool_uses, tool_results}`.

Thinking is dropped; a mention's inlined file body is context, not the person's words. Messages
carry no times: each gets the thread's start.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import msgspec
import zstandard

from deja import paths
from deja.errors import SourceError
from deja.model import Parsed, Role, Session
from deja.sources import inflate
from deja.sources.base import (
    max_record,
    Commands,
    Skips,
    Source,
    add_edits,
    add_files,
    basename,
    decode_json,
    finish,
    parse_time,
    sqlite_readonly,
    store_at,
)
from deja.sources.look import PLAIN, Look

PATH_TOOLS = {"edit_file", "streaming_edit_file", "write_file", "read_file", "create_directory",
              "delete_path", "open", "diagnostics"}
PAIR_TOOLS = {"move_path", "copy_path"}
LIST_TOOLS = {"save_file", "restore_file_from_disk"}
SHELL_TOOLS = {"terminal"}
_EXIT = re.compile(r"exit(?:ed with)? (?:code|status)[: ]*(-?\d+)", re.IGNORECASE)
BASE_COLS = ("id", "summary", "updated_at", "data_type", "data")
LATER_COLS = ("parent_id", "folder_paths", "created_at")


class Zed(Source):
    """Zed agent threads in SQLite, zstd or JSON bodies."""

    name = "zed"
    version = 1
    append_only = False
    cannot_resume = "Zed opens an agent thread only from its Agent Panel history; it has no command line for it"

    def data_dir(self, look: Look = PLAIN) -> Path:
        if sys.platform == "darwin":
            default = paths.home(look.env) / "Library" / "Application Support" / "Zed"
        else:
            flatpak = look.env("FLATPAK_XDG_DATA_HOME")
            default = Path(flatpak) / "zed" if flatpak and os.path.isabs(flatpak) else paths.data_home(look.env) / "zed"
        return paths.harness_root(self.name, default, look.env)

    def db_path(self, look: Look = PLAIN) -> Path:
        override = look.env("DEJA_ZED_DB")
        if override:
            return Path(override).expanduser()
        return self.data_dir(look) / "threads" / "threads.db"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [self.db_path(look)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        db = self.db_path(look)
        return [db] if store_at(db, look) else []

    def parse(self, path: Path, start: int = 0) -> Parsed:
        sessions: list[Session] = []
        skipped = 0
        skips = Skips()
        with sqlite_readonly(path) as db:
            have = {r[1] for r in db.execute("PRAGMA table_info(threads)")}
            if not set(BASE_COLS) <= have:
                raise SourceError(f"{path}: no threads table with {', '.join(BASE_COLS)} (not a Zed store?)")
            cols = BASE_COLS + tuple(c for c in LATER_COLS if c in have)
            budget = inflate.Budget(path)
            for row in db.execute(f"SELECT {', '.join(cols)} FROM threads ORDER BY id"):
                r = dict(zip(cols, row))
                doc = _document(r["data_type"], r["data"], budget)
                if doc is None:
                    skipped += 1
                    continue
                with skips:
                    sessions.append(self._thread(path, r, doc))
        return Parsed(finish(sessions), 0, skipped + skips.n)

    def parse_cost(self, path: Path, size: int, start: int, stop: int) -> int:
        """The thread documents' size, inflated (Zed's frames record no content size)."""
        total = 0
        with sqlite_readonly(path) as db:
            for kind, data in db.execute("SELECT data_type, data FROM threads"):
                if isinstance(data, (bytes, str)):
                    if kind == "zstd" and isinstance(data, bytes):
                        total += inflate.inflated_size(data, stop - total)
                    else:
                        total += len(data)
                if total > stop:
                    break
        return total

    def _thread(self, path: Path, r: dict, doc: dict) -> Session:
        s = Session(self.name, str(r["id"]), path=str(path))
        title = doc.get("title") or doc.get("summary") or r["summary"]
        s.title = title.strip() if isinstance(title, str) else ""
        s.parent = r.get("parent_id") or ""
        roots = [p for p in str(r.get("folder_paths") or "").splitlines() if p.strip()]
        if not roots:
            snap = doc.get("initial_project_snapshot")
            trees = snap.get("worktree_snapshots") if isinstance(snap, dict) else None
            roots = [w["worktree_path"] for w in trees or [] if isinstance(w, dict) and isinstance(w.get("worktree_path"), str)]
        s.cwd = roots[0] if roots else ""
        s.project = basename(s.cwd)
        updated = parse_time(r["updated_at"]) or parse_time(doc.get("updated_at"))
        t = parse_time(r.get("created_at")) or updated
        s.touch(t)
        s.touch(updated)
        calls = Commands(s)
        skips = Skips()
        for m in doc.get("messages") or []:
            with skips:
                if isinstance(m, dict) and isinstance(m.get("User"), dict):
                    content = m["User"].get("content")
                    s.add(Role.USER, "\n".join(p["Text"] for p in content or [] if isinstance(p, dict) and isinstance(p.get("Text"), str)), t)
                elif isinstance(m, dict) and isinstance(m.get("Agent"), dict):
                    agent = m["Agent"]
                    texts, uses = [], []
                    for p in agent.get("content") or []:
                        if isinstance(p, dict) and isinstance(p.get("Text"), str):
                            texts.append(p["Text"])
                        elif isinstance(p, dict) and isinstance(p.get("ToolUse"), dict):
                            uses.append(p["ToolUse"])
                    s.add(Role.ASSISTANT, "\n".join(texts), t)
                    results = agent.get("tool_results")
                    self._tools(s, calls, uses, list(results.values()) if isinstance(results, dict) else [], roots, t)
                elif isinstance(m, dict) and m.get("role") in ("user", "assistant"):
                    segs = [g.get("text") for g in m.get("segments") or [] if isinstance(g, dict) and g.get("type") == "text"]
                    if not segs and isinstance(m.get("text"), str):
                        segs = [m["text"]]
                    text = "\n".join(x for x in segs if isinstance(x, str))
                    s.add(Role.USER if m["role"] == "user" else Role.ASSISTANT, text, t)
                    results = m.get("tool_results")
                    self._tools(s, calls, [u for u in m.get("tool_uses") or [] if isinstance(u, dict)],
                                results if isinstance(results, list) else [], roots, t)
                # "Resume" markers, system messages and anything unknown carry no speech
        s.skipped += skips.n
        return s

    @staticmethod
    def _tools(s: Session, calls: Commands, uses: list[dict], results: list, roots: list[str], t: float) -> None:
        files: list[str] = []
        for u in uses:
            name, args = u.get("name"), u.get("input")
            if not isinstance(args, dict) and isinstance(u.get("raw_input"), str):
                try:
                    args = decode_json(u["raw_input"].encode())
                except msgspec.DecodeError:
                    args = None
            if not isinstance(args, dict):
                continue
            if name in SHELL_TOOLS:
                calls.add(args.get("command"), t, u.get("id"))
            elif name in PATH_TOOLS and isinstance(args.get("path"), str):
                path = _absolute(args["path"], roots)
                files.append(path)
                olds = [e.get("old_text") for e in args.get("edits") or [] if isinstance(e, dict)]
                add_edits(s, path, olds, t)
            elif name in PAIR_TOOLS:
                files += [_absolute(args[k], roots) for k in ("source_path", "destination_path") if isinstance(args.get(k), str)]
            elif name in LIST_TOOLS:
                files += [_absolute(p, roots) for p in args.get("paths") or [] if isinstance(p, str)]
        add_files(s, files, t)
        for res in results:
            if not isinstance(res, dict):
                continue
            text = _result_text(res.get("content"))
            m = _EXIT.search(text) if res.get("is_error") else None
            calls.exited(res.get("tool_use_id"), int(m.group(1)) if m else None)
            s.add(Role.TOOL_OUTPUT, text, t)


def _document(kind: object, data: object, budget: inflate.Budget) -> dict | None:
    """The thread document of one row, or None when it cannot be read (that row only): corrupt,
    or larger than max_record(). SourceError when the file's compressed rows inflate past its
    share of max_inflated()."""
    raw = data.encode() if isinstance(data, str) else data
    cap = max_record()
    if not isinstance(raw, bytes) or len(raw) > cap:
        return None
    try:
        if kind == "zstd":
            raw = budget.zstd(raw, cap)
        elif kind not in ("json", "", None):
            return None  # an encoding this parser does not know: never guess
        doc = decode_json(raw)
    except (zstandard.ZstdError, inflate.TooLarge, msgspec.DecodeError):
        return None
    return doc if isinstance(doc, dict) else None


def _result_text(content: object) -> str:
    """Text of a tool result: a string, `{"Text": …}`, `{"type": "text", "text": …}`, or a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(x for x in (_result_text(c) for c in content) if x)
    if isinstance(content, dict):
        for k, v in content.items():
            if k.lower() == "text" and isinstance(v, str):
                return v
    return ""


def _absolute(path: str, roots: list[str]) -> str:
    """Zed names files by worktree (`app/src/x.rs`): resolve against the thread's folders."""
    if path.startswith("/") or not roots:
        return path
    head, _, rest = path.partition("/")
    for root in roots:
        if basename(root) == head:
            return f"{root.rstrip('/')}/{rest}" if rest else root
    return path


SOURCE = Zed
