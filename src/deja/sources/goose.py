"""Goose: `<data>/sessions/sessions.db` (Goose >= 1.10) and legacy `<data>/sessions/*.jsonl`.

The data root is `$GOOSE_PATH_ROOT/data` when set, else `${XDG_DATA_HOME:-~/.local/share}/goose`
(Goose picks XDG directories on macOS too). `DEJA_GOOSE_ROOT` replaces the data root and
`DEJA_GOOSE_DB` names the database file.

`sessions.db` holds `sessions(id, name, description, working_dir, created_at, updated_at,
session_type, …)` and `messages(session_id, role, content_json, created_timestamp,
metadata_json, …)`. A legacy file opens with a metadata line (no `role`: `description`,
`working_dir`) followed by one message per line; its id is the file stem, the same id the DB
gives it when Goose imports it. A session present in both stores is read from the DB only.

Message content is a list of blocks tagged by `type`: `text`, `toolRequest` (`toolCall` =
`{status, value: {name, arguments}}`), `toolResponse` (`toolResult` = `{status, value}` where
value is `{content: […], isError, structuredContent}` or, older, a bare content list), plus
`thinking`, `image`, notifications. Tool responses ride in `user`-role messages: only `text`
blocks are a person's words. Messages marked `userVisible: false` (summaries, injected
continuations) are not speech and are skipped.
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
    read_paths,
    sqlite_readonly,
    store_at,
    walk,
)
from deja.sources.look import PLAIN, Look

_EXIT = re.compile(r"(?:Command exited with code|exit code:?|exit status:?)\s*(-?\d+)", re.IGNORECASE)
SHELL_TOOLS = {"shell", "bash"}
EDIT_TOOLS = {"text_editor", "write", "edit", "read"}
KEEP_TYPES = ("", "user")


class Goose(Source):
    """Goose's session database and the JSONL files older releases wrote."""

    name = "goose"
    version = 1
    append_only = False
    # From the agent's documentation; not checked here (Goose is a binary from GitHub, not a registry).
    resume_argv = ("goose", "session", "--resume", "--session-id", "{id}")

    def data_root(self, look: Look = PLAIN) -> Path:
        env = look.env("GOOSE_PATH_ROOT")
        default = Path(env) / "data" if env else paths.data_home(look.env) / "goose"
        return paths.harness_root(self.name, default, look.env)

    def db_path(self, look: Look = PLAIN) -> Path:
        override = look.env("DEJA_GOOSE_DB")
        if override:
            return Path(override).expanduser()
        return self.data_root(look) / "sessions" / "sessions.db"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        out = [self.data_root(look) / "sessions"]
        db = self.db_path(look)
        if db.parent != out[0]:
            out.append(db)
        return out

    def discover(self, look: Look = PLAIN) -> list[Path]:
        found = walk(self.data_root(look) / "sessions", suffixes=(".jsonl",), look=look)
        db = self.db_path(look)
        if store_at(db, look):
            found.append(db)
        return sorted(found)

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.suffix == ".jsonl":
            return self._legacy(path)
        return self._database(path)

    # -- legacy JSONL

    def _legacy(self, path: Path) -> Parsed:
        lines = Lines(read_bytes(path))
        s = Session(self.name, path.stem, path=str(path))
        calls = Commands(s)
        skips = Skips()
        for d in lines:
            with skips:
                if "role" not in d:
                    self._meta(s, d)
                    continue
                self._message(s, calls, d.get("role"), d.get("content"), d.get("metadata"),
                              parse_time(d.get("created")) or parse_time(d.get("timestamp")))
        lines.check()
        s.project = basename(s.cwd)
        if s.id in _db_ids(self.db_path(PLAIN)):
            return Parsed([], 0, lines.skipped + skips.n)  # imported: the database copy is the one read
        return Parsed(finish([s]), 0, lines.skipped + skips.n)

    @staticmethod
    def _meta(s: Session, d: dict) -> None:
        if isinstance(d.get("id"), str) and d["id"]:
            s.id = d["id"]
        title = d.get("name") or d.get("description")
        if isinstance(title, str) and title.strip():
            s.title = title.strip()
        if isinstance(d.get("working_dir"), str):
            s.cwd = d["working_dir"]
        s.touch(parse_time(d.get("created_at")))
        s.touch(parse_time(d.get("updated_at")))

    # -- sessions.db

    def _database(self, path: Path) -> Parsed:
        by_id: dict[str, Session] = {}
        calls: dict[str, Commands] = {}
        skipped = 0
        with sqlite_readonly(path) as db:
            scols = {r[1] for r in db.execute("PRAGMA table_info(sessions)")}
            mcols = {r[1] for r in db.execute("PRAGMA table_info(messages)")}
            if not scols or not mcols:
                raise SourceError(f"{path}: no sessions/messages tables (not a Goose store?)")
            name = "name" if "name" in scols else "''"
            stype = "session_type" if "session_type" in scols else "NULL"
            meta = "metadata_json" if "metadata_json" in mcols else "NULL"
            skips = Skips()
            s: Session | None
            for sid, nm, desc, wd, created, updated, kind in db.execute(
                f"SELECT id, {name}, description, working_dir, created_at, updated_at, {stype} FROM sessions ORDER BY id"
            ):
                with skips:
                    if (kind or "") not in KEEP_TYPES:
                        continue  # sub-agent, scheduled and hidden runs
                    s = Session(self.name, str(sid), path=str(path))
                    title = nm or desc
                    s.title = title.strip() if isinstance(title, str) else ""
                    s.cwd = wd if isinstance(wd, str) else ""
                    s.project = basename(s.cwd)
                    s.touch(parse_time(created))
                    s.touch(parse_time(updated))
                    by_id[s.id] = s
                    calls[s.id] = Commands(s)
            rows = db.execute(
                f"SELECT session_id, role, content_json, created_timestamp, {meta} FROM messages"
                " WHERE role IN ('user', 'assistant') ORDER BY session_id, created_timestamp, id"
            )
            for sid, role, content, ts, metadata in rows:
                with skips:
                    s = by_id.get(str(sid))
                    if s is None:
                        continue
                    try:
                        blocks = decode_json(content.encode() if isinstance(content, str) else content)
                        md = decode_json(metadata.encode()) if isinstance(metadata, str) and metadata else None
                    except (msgspec.DecodeError, TypeError):
                        skipped += 1
                        continue
                    self._message(s, calls[s.id], role, blocks, md, parse_time(ts) or s.updated)
        return Parsed(finish(list(by_id.values())), 0, skipped + skips.n)

    # -- one message, either store

    def _message(self, s: Session, calls: Commands, role: object, content: object, metadata: object, t: float) -> None:
        if role not in ("user", "assistant"):
            return
        if isinstance(metadata, dict) and metadata.get("userVisible") is False:
            s.touch(t)
            return
        if isinstance(content, str):
            try:
                content = decode_json(content.encode())  # some legacy lines hold the list as a string
            except msgspec.DecodeError:
                content = [{"type": "text", "text": content}]
        if not isinstance(content, list):
            return
        speaker = Role.USER if role == "user" else Role.ASSISTANT
        for b in content:
            if not isinstance(b, dict):
                continue
            kind = b.get("type")
            if kind == "text":
                s.add(speaker, b.get("text") or "", t)
            elif kind == "toolRequest":
                self._request(s, calls, b, t)
            elif kind == "toolResponse":
                self._response(s, calls, b, t)
            else:
                s.touch(t)  # thinking, images, notifications: not indexed

    @staticmethod
    def _request(s: Session, calls: Commands, b: dict, t: float) -> None:
        call = b.get("toolCall")
        value = call.get("value") if isinstance(call, dict) else None
        if not isinstance(value, dict):
            return
        tool = str(value.get("name") or "").rsplit("__", 1)[-1]
        args = value.get("arguments")
        if not isinstance(args, dict):
            return
        if tool in SHELL_TOOLS:
            cmd = calls.add(args.get("command"), t, b.get("id"))
            if cmd:
                add_files(s, [_abs(p, s.cwd) for p in read_paths(cmd[2:])], t)
        elif tool in EDIT_TOOLS and isinstance(args.get("path"), str):
            path = _abs(args["path"], s.cwd)
            add_files(s, [path], t)
            add_edits(s, path, [args.get("old_str"), args.get("before")], t)

    @staticmethod
    def _response(s: Session, calls: Commands, b: dict, t: float) -> None:
        result = b.get("toolResult")
        if not isinstance(result, dict):
            return
        if result.get("status") == "error":
            s.add(Role.TOOL_OUTPUT, str(result.get("error") or ""), t)
            return
        value = result.get("value")
        structured = value.get("structuredContent") if isinstance(value, dict) else None
        items = value.get("content") if isinstance(value, dict) else value
        text = _content_text(items)
        code = structured.get("exit_code") if isinstance(structured, dict) else None
        if not isinstance(code, int):
            m = _EXIT.search(text) if isinstance(value, dict) and value.get("isError") else None
            code = int(m.group(1)) if m else None
        calls.exited(b.get("id"), code)
        s.add(Role.TOOL_OUTPUT, text, t)


def _content_text(items: object) -> str:
    """The text of MCP content items, once each; items meant only for the user's eyes give way."""
    if not isinstance(items, list):
        return ""
    texts: list[tuple[str, bool]] = []
    for it in items:
        if isinstance(it, dict) and isinstance(it.get("text"), str):
            audience = (it.get("annotations") or {}).get("audience") if isinstance(it.get("annotations"), dict) else None
            user_only = isinstance(audience, list) and "assistant" not in audience
            texts.append((it["text"], user_only))
        elif isinstance(it, dict) and isinstance(it.get("resource"), dict) and isinstance(it["resource"].get("text"), str):
            texts.append((it["resource"]["text"], False))
    chosen = [x for x, user_only in texts if not user_only] or [x for x, _ in texts]
    out: list[str] = []
    for x in chosen:
        if x not in out:
            out.append(x)
    return "\n".join(out)


def _abs(path: str, cwd: str) -> str:
    if cwd and path and not path.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", path):
        return f"{cwd.rstrip('/')}/{path}"
    return path


_ids_cache: dict[str, tuple[tuple[int, int, int], frozenset[str]]] = {}


def _db_ids(db: Path) -> frozenset[str]:
    """Session ids in the database (cached per file state); empty when it is absent or unreadable."""
    try:
        st = os.stat(db)
        wal = os.stat(f"{db}-wal").st_mtime_ns if os.path.exists(f"{db}-wal") else 0
    except OSError:
        return frozenset()
    key = (st.st_mtime_ns, st.st_size, wal)
    cached = _ids_cache.get(str(db))
    if cached and cached[0] == key:
        return cached[1]
    try:
        with sqlite_readonly(db) as conn:
            ids = frozenset(str(r[0]) for r in conn.execute("SELECT id FROM sessions"))
    except SourceError:
        ids = frozenset()  # the database's own parse reports why
    _ids_cache[str(db)] = (key, ids)
    return ids


SOURCE = Goose
