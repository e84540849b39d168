"""opencode: the SQLite store `${XDG_DATA_HOME:-~/.local/share}/opencode/opencode.db`, and the
older one-JSON-file-per-object layout `storage/{session,message,part}/…` beside it.

The database (WAL mode: most rows may sit only in `opencode.db-wal`) holds every session in
three tables: `session` (id, title, directory, parent_id, times), `message` (session_id, a JSON
`data` with `role` and `time.created`) and `part` (message_id, a JSON `data`: `text` parts, `tool`
parts holding `state.input` / `state.output` / `state.metadata.exit`, and reasoning, step and
snapshot parts that are not speech). The `event` table is an event log of the same objects and
is not read. A release channel other than latest/beta/prod writes `opencode-<channel>.db`;
`OPENCODE_DB` relocates the file (relative paths are under the data directory).

The legacy layout is `storage/session/<projectID>/<sessionID>.json` (session info),
`storage/message/<sessionID>/<messageID>.json` and `storage/part/<messageID>/<partID>.json`, the
same objects as the database's `data` columns. A legacy session that the database also holds
(opencode copies the files into SQLite on upgrade) is read from the database only.
"""

from __future__ import annotations

import re
import sqlite3
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
    sqlite_readonly,
    store_at,
    walk,
)
from deja.sources.look import PLAIN, Look

_DB_NAME = re.compile(r"^opencode(?:-[A-Za-z0-9._-]+)?\.db$")
# opencode's placeholder until a title is generated: not a title.
_DEFAULT_TITLE = re.compile(r"^(?:New session - |Child session - )\d{4}-\d{2}-\d{2}T[\d:.]+Z$")
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$")
_PATCH_MOVE = re.compile(r"^\*\*\* Move to: (.+)$")
EDIT_TOOLS = {"edit", "write", "multiedit", "apply_patch", "patch"}
# Success output of these tools is boilerplate ("Edit applied successfully.", todo JSON).
QUIET_TOOLS = EDIT_TOOLS | {"todowrite", "todoread"}

_MESSAGES = """
SELECT m.session_id, m.id, m.time_created, json_valid(m.data),
       CASE WHEN json_valid(m.data) THEN json_extract(m.data, '$.role') END,
       CASE WHEN json_valid(m.data) THEN json_extract(m.data, '$.summary') END,
       CASE WHEN json_valid(m.data) THEN json_extract(m.data, '$.path.cwd') END,
       p.id, p.data
FROM message m
LEFT JOIN part p ON p.message_id = m.id AND CASE WHEN json_valid(p.data)
    THEN json_extract(p.data, '$.type') IN ('text', 'tool') ELSE 1 END
ORDER BY m.session_id, m.time_created, m.id, p.id
"""


def unquote_prompt(text: str) -> str:
    """`opencode run "a b"` stores `"a b"` (inner quotes escaped): undo exactly that wrapping."""
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        inner = text[1:-1]
        if not re.search(r'(?<!\\)"', inner):
            return inner.replace('\\"', '"')
    return text


class Opencode(Source):
    name = "opencode"
    version = 1
    # Checked against `opencode --help` 1.18.33 (docs/notes.md, session 4).
    resume_argv = ("opencode", "-s", "{id}")
    resume_scoped = True  # sessions belong to the project opencode was started in
    prompt_argv = ("opencode", "--prompt", "{prompt}")
    # One database holds every session: a changed file is re-read whole.
    append_only = False

    def data_dir(self, look: Look = PLAIN) -> Path:
        return paths.harness_root(self.name, paths.data_home(look.env) / "opencode", look.env)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        exact = look.env("DEJA_OPENCODE_DB")
        if exact:
            return [Path(exact).expanduser()]
        roots = [self.data_dir(look)]
        own = self._own_db(look)
        if own and own.parent != roots[0]:
            roots.append(own)
        return roots

    def _own_db(self, look: Look = PLAIN) -> Path | None:
        """The file `OPENCODE_DB` points opencode at, if any."""
        value = look.env("OPENCODE_DB")
        if not value or value == ":memory:":
            return None
        p = Path(value).expanduser()
        return p if p.is_absolute() else self.data_dir(look) / p

    def databases(self, look: Look = PLAIN) -> list[Path]:
        exact = look.env("DEJA_OPENCODE_DB")
        if exact:
            p = Path(exact).expanduser()
            return [p] if store_at(p, look) else []
        try:
            with look.scandir(self.data_dir(look)) as it:
                found = [Path(e.path) for e in it if _DB_NAME.match(e.name) and store_at(Path(e.path), look)]
        except OSError:
            found = []
        own = self._own_db(look)
        if own and own not in found and store_at(own, look):
            found.append(own)
        return sorted(found)

    def discover(self, look: Look = PLAIN) -> list[Path]:
        found = self.databases(look)
        if not look.env("DEJA_OPENCODE_DB"):
            root = self.data_dir(look) / "storage" / "session"
            found += [p for p in walk(root, suffixes=(".json",), look=look) if p.parent.parent == root]
        return sorted(found)

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.suffix == ".json":
            return self._legacy(path)
        return self._database(path)

    # -- the SQLite store

    def _database(self, path: Path) -> Parsed:
        sessions: dict[str, Session] = {}
        skipped = 0
        with sqlite_readonly(path) as db:
            cols = {r[1] for r in db.execute("PRAGMA table_info(session)")}
            if not {"id", "directory"} <= cols:
                raise SourceError(f"{path}: table session has no id/directory columns (schema moved)")
            want = [c for c in ("id", "title", "directory", "parent_id", "time_created", "time_updated") if c in cols]
            skips = Skips()
            s: Session | None
            for row in db.execute(f"SELECT {', '.join(want)} FROM session ORDER BY id"):
                with skips:
                    d = dict(zip(want, row))
                    s = Session(self.name, str(d["id"]), path=str(path))
                    self._info(s, d.get("title"), d.get("directory"), d.get("parent_id"))
                    s.touch(parse_time(d.get("time_created")))
                    s.touch(parse_time(d.get("time_updated")))
                    sessions[s.id] = s
            calls: dict[str, Commands] = {}
            last_msg, msg_ok = None, True
            for sid, mid, mtime, valid, role, summary, cwd, pid, pdata in db.execute(_MESSAGES):
                with skips:
                    if mid != last_msg:
                        last_msg, msg_ok = mid, bool(valid)
                        if not valid:
                            skipped += 1
                    if not msg_ok:
                        continue
                    s = sessions.get(sid)
                    if s is None:  # a message whose session row is missing
                        s = sessions[sid] = Session(self.name, str(sid), path=str(path))
                    if not s.cwd and isinstance(cwd, str):
                        s.cwd, s.project = cwd, basename(cwd)
                    t = parse_time(mtime)
                    s.touch(t)
                    if pdata is None or (role == "assistant" and summary == 1):
                        continue  # no speech part, or a compaction summary (a recap of the session)
                    try:
                        part = decode_json(pdata.encode() if isinstance(pdata, str) else pdata)
                    except msgspec.DecodeError:
                        part = None
                    if not isinstance(part, dict):
                        skipped += 1
                        continue
                    if s.id not in calls:
                        calls[s.id] = Commands(s)
                    self._part(s, role, part, t, calls[s.id])
        return Parsed(finish(list(sessions.values())), 0, skipped + skips.n)

    def _info(self, s: Session, title: object, directory: object, parent: object) -> None:
        if isinstance(title, str) and not _DEFAULT_TITLE.match(title.strip()):
            s.title = title.strip()
        if isinstance(directory, str) and directory:
            s.cwd, s.project = directory, basename(directory)
        if isinstance(parent, str):
            s.parent = parent

    # -- one part, either store

    def _part(self, s: Session, role: object, part: dict, t: float, calls: Commands) -> None:
        ptime = part.get("time")
        if isinstance(ptime, dict):
            t = parse_time(ptime.get("start")) or t
        kind = part.get("type")
        if kind == "text":
            text = part.get("text")
            if not isinstance(text, str) or part.get("synthetic"):
                return  # synthetic parts are opencode's own injections (attached file bodies)
            if role == "user":
                s.add(Role.USER, unquote_prompt(text.strip()), t)
            elif role == "assistant":
                s.add(Role.ASSISTANT, text, t)
        elif kind == "tool":
            self._tool(s, part, t, calls)

    def _tool(self, s: Session, part: dict, t: float, calls: Commands) -> None:
        tool = part.get("tool")
        state = part.get("state")
        if not isinstance(state, dict):
            return
        st = state.get("time")
        if isinstance(st, dict):
            t = parse_time(st.get("start")) or t
        args = state.get("input")
        args = args if isinstance(args, dict) else {}
        call_id = part.get("callID") or part.get("id")
        file_path = args.get("filePath")
        if tool == "bash":
            calls.add(args.get("command"), t, call_id)
        elif tool in ("read", "edit", "write", "multiedit") and isinstance(file_path, str):
            add_files(s, [file_path], t)
            olds = [args.get("oldString")]
            olds += [e.get("oldString") for e in args.get("edits") or [] if isinstance(e, dict)]
            add_edits(s, file_path, olds, t)
        elif tool in ("apply_patch", "patch"):
            self._patch(s, args.get("patchText"), t)
        status = state.get("status")
        if status == "error":
            err = state.get("error")
            if isinstance(err, str):
                s.add(Role.TOOL_OUTPUT, err, t)
            return
        if status not in (None, "completed"):
            return  # pending/running: no output yet
        meta = state.get("metadata")
        if tool == "bash" and isinstance(meta, dict):
            calls.exited(call_id, _exit_code(meta.get("exit")))
        out = state.get("output")
        if isinstance(out, str) and tool not in QUIET_TOOLS:
            s.add(Role.TOOL_OUTPUT, out, t)

    @staticmethod
    def _patch(s: Session, patch: object, t: float) -> None:
        """`*** Update/Add/Delete File: p` headers are the files; `-` lines the replaced text."""
        if not isinstance(patch, str):
            return
        files: list[str] = []
        removed: dict[str, list[str]] = {}
        current = ""

        def full(p: str) -> str:
            p = p.strip()
            return f"{s.cwd.rstrip('/')}/{p}" if s.cwd and not p.startswith("/") else p

        for line in patch.splitlines():
            m = _PATCH_FILE.match(line) or _PATCH_MOVE.match(line)
            if m:
                current = full(m.group(1))
                files.append(current)
            elif current and line.startswith("-") and not line.startswith("---"):
                removed.setdefault(current, []).append(line[1:])
        add_files(s, files, t)
        for f, lines in removed.items():
            add_edits(s, f, ["\n".join(lines)], t)

    # -- the legacy JSON layout

    def _legacy(self, path: Path) -> Parsed:
        try:
            info = decode_json(read_bytes(path))
        except msgspec.DecodeError as e:
            raise SourceError(f"not an opencode session file: {e}") from e
        if not isinstance(info, dict):
            raise SourceError("not an opencode session file: not a JSON object")
        sid = got if isinstance(got := info.get("id"), str) else path.stem
        if sid in _db_session_ids(self.databases()):
            return Parsed()
        s = Session(self.name, sid, path=str(path))
        self._info(s, info.get("title"), info.get("directory"), info.get("parentID"))
        times = got if isinstance(got := info.get("time"), dict) else {}
        s.touch(parse_time(times.get("created")))
        s.touch(parse_time(times.get("updated")))
        storage = path.parent.parent.parent
        skipped = 0
        messages: list[tuple[float, str, dict]] = []
        skips = Skips()
        for mpath in walk(storage / "message" / sid, suffixes=(".json",)):
            with skips:
                msg = _load(mpath)
                if msg is None:
                    skipped += 1
                    continue
                mt = got if isinstance(got := msg.get("time"), dict) else {}
                messages.append((parse_time(mt.get("created")), str(msg.get("id") or mpath.stem), msg))
        messages.sort(key=lambda m: (m[0], m[1]))
        calls = Commands(s)
        for t, mid, msg in messages:
            s.touch(t)
            role = msg.get("role")
            where = msg.get("path")
            if not s.cwd and isinstance(where, dict) and isinstance(where.get("cwd"), str):
                s.cwd, s.project = where["cwd"], basename(where["cwd"])
            if role == "assistant" and msg.get("summary") is True:
                continue
            for ppath in walk(storage / "part" / mid, suffixes=(".json",)):
                with skips:
                    part = _load(ppath)
                    if part is None:
                        skipped += 1
                        continue
                    self._part(s, role, part, t, calls)
        return Parsed(finish([s]), 0, skipped + skips.n)


def _exit_code(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None


def _load(path: Path) -> dict | None:
    try:
        d = decode_json(read_bytes(path))
    except (OSError, msgspec.DecodeError):
        return None
    return d if isinstance(d, dict) else None


_ids_cache: dict[tuple, frozenset[str]] = {}


def _db_session_ids(dbs: list[Path]) -> frozenset[str]:
    """Session ids the databases hold (cached per database state); an unreadable one adds none."""
    ids: set[str] = set()
    for db in dbs:
        try:
            key = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in (db, Path(f"{db}-wal")) if p.exists())
        except OSError:
            continue
        if key not in _ids_cache:
            try:
                with sqlite_readonly(db) as conn:
                    _ids_cache[key] = frozenset(str(r[0]) for r in conn.execute("SELECT id FROM session"))
            except (SourceError, sqlite3.Error):
                _ids_cache[key] = frozenset()
        ids |= _ids_cache[key]
    return frozenset(ids)


SOURCE = Opencode
