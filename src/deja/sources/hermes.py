"""Hermes (NousResearch hermes-agent): one SQLite `state.db` per Hermes home, or PostgreSQL.

Stores: `<root>/state.db` and one per profile, `<root>/profiles/<name>/state.db`. The root is
`~/.hermes` (`%LOCALAPPDATA%\\hermes` on Windows), or `HERMES_HOME` as Hermes resolves it: a
`HERMES_HOME` under `~/.hermes` means `~/.hermes`, one that is `<x>/profiles/<name>` means `<x>`.
The database is in WAL mode and its newest rows often sit only in `state.db-wal`.

Tables (Hermes 0.19, schema 22): `sessions(id "YYYYMMDD_HHMMSS_<hex6>", cwd, title, started_at,
ended_at, parent_session_id, profile_name, …)` and `messages(id, session_id, role, content,
tool_call_id, tool_calls, tool_name, timestamp REAL epoch seconds, active, compacted, …)`.
`role` is user, assistant or tool; an assistant row's `tool_calls` is an OpenAI-shaped JSON list
(`function.name`, `function.arguments` a JSON string); a tool row's `content` is the tool's JSON
result: `terminal` gives `{"output", "exit_code", "error"}`, `read_file` gives `{"content":
"1|line…"}`. Structured content is stored as `"\\x00json:" + JSON`. Compaction soft-archives the
old rows (`active=0, compacted=1`) and inserts a `[CONTEXT COMPACTION …]` summary plus copies
of the kept turns: the summary is not speech and the copies are not indexed twice. Rewound rows
(`active=0, compacted=0`) are indexed, like pi's abandoned branches.

PostgreSQL (`DEJA_HERMES_PG_DSN`, one or more libpq DSNs separated by `;`): the same `sessions`
and `messages` tables, found on the connection's search_path (for a per-profile schema put
`options=-csearch_path=<schema>` in the DSN); timestamps may be double precision or timestamptz.
Each DSN is one discovered entry, a pseudo-path `pg:<user>@<host>:<port>/<db>#<hash>` that never
holds the password; `change_token()` stands in for os.stat on it. Needs `deja[postgres]`.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec

from deja.pg import dsn as dsn_rule
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
    is_regular,
    parse_time,
    read_paths,
    sqlite_readonly,
    store_at,
    text_of,
)
from deja.sources.look import PLAIN, Look

PG_PREFIX = dsn_rule.PREFIX
pg_label = dsn_rule.label
_JSON_PREFIX = "\x00json:"
_SUMMARY = ("[CONTEXT COMPACTION", "[CONTEXT SUMMARY]:")
_LINE_NO = re.compile(r"^ *\d+\|", re.MULTILINE)
_V4A_FILE = re.compile(r"^\*\*\*\s*(?:Update|Add|Delete)\s+File:\s*(\S(?:.*\S)?)\s*$")  # (not `(.+?)\s*$`: quadratic)
# messages columns read, in this order; the first four must exist, the rest may be missing.
_MSG_COLS = ("session_id", "role", "content", "timestamp", "tool_call_id", "tool_calls", "tool_name", "compacted")
_SES_COLS = ("id", "cwd", "title", "started_at", "ended_at", "parent_session_id", "profile_name")


class Hermes(Source):
    """Every Hermes store: the root `state.db`, each profile's, and any PostgreSQL DSN given."""

    name = "hermes"
    version = 1
    # Checked against `hermes --help` 0.19.0 (docs/notes.md, session 4).
    # (it cds into the session's directory itself; `chat -q` is one-shot, so no first prompt)
    resume_argv = ("hermes", "--resume", "{id}")
    # A database is re-read whole when it changes.
    append_only = False

    # -- where

    def home(self, look: Look = PLAIN) -> Path:
        env = look.env
        for var in ("DEJA_HERMES_ROOT", "DEJA_HERMES_HOME"):
            if value := env(var):
                return Path(value).expanduser()
        native = paths.home(env) / ".hermes"
        if sys.platform == "win32":
            local = env("LOCALAPPDATA")
            native = Path(local) / "hermes" if local else paths.home(env) / "AppData" / "Local" / "hermes"
        hermes_home = (env("HERMES_HOME") or "").strip()
        if not hermes_home:
            return native
        p = Path(hermes_home).expanduser()
        if p == native or native in p.parents:
            return native
        return p.parent.parent if p.parent.name == "profiles" else p

    def profiles_root(self, look: Look = PLAIN) -> Path:
        env = look.env("DEJA_HERMES_PROFILES_ROOT")
        return Path(env).expanduser() if env else self.home(look) / "profiles"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        pinned = look.env("DEJA_HERMES_DB")
        fs = [Path(pinned).expanduser()] if pinned else [self.home(look), self.profiles_root(look)]
        fs = list(dict.fromkeys(fs))
        return fs + [Path(label) for label, _ in _dsns(look)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        pinned = look.env("DEJA_HERMES_DB")
        if pinned:
            candidates = [Path(pinned).expanduser()]
        else:
            candidates = [self.home(look) / "state.db"]
            try:
                with look.scandir(self.profiles_root(look)) as it:
                    candidates += [Path(e.path) / "state.db" for e in it if e.is_dir(follow_symlinks=False)]
            except OSError:
                pass
        # an empty state.db is one Hermes has not written yet; a directory or FIFO there is unreadable
        found = {p for p in candidates
                 if store_at(p, look) and not (is_regular(p, look) and look.stat(p).st_size == 0)}
        found.update(Path(label) for label, _ in _dsns(look))
        return sorted(found, key=str)

    def change_token(self, path: Path, look: Look = PLAIN) -> tuple[int, int] | None:
        """What the indexer compares instead of os.stat's (size, mtime_ns).

        A SQLite store counts its `-wal` too (rows land there first, the main file may not move).
        A PostgreSQL store gives (rows in messages + sessions, newest time in ns). Raises
        SourceError when the server cannot be asked, OSError when a file is gone.
        """
        if not str(path).startswith(PG_PREFIX):
            st = look.stat(path)
            size, mtime = st.st_size, st.st_mtime_ns
            try:
                wal = look.stat(f"{path}-wal")
                size, mtime = size + wal.st_size, max(mtime, wal.st_mtime_ns)
            except OSError:
                pass
            return size, mtime
        label, dsn = self._dsn(path)
        with _pg(dsn, label) as conn, conn.cursor() as cur:
            _pg_columns(cur, "messages", label)
            cur.execute('SELECT count(*), max("timestamp") FROM messages')
            n, newest = cur.fetchone()
            newest = _time(newest)
            times = [c for c in ("started_at", "ended_at") if c in _pg_columns(cur, "sessions", label, required=False)]
            if times:
                cur.execute(f"SELECT count(*), max(greatest({', '.join(times)})) FROM sessions")
                k, ended = cur.fetchone()
                n, newest = n + k, max(newest, _time(ended))
            return int(n), int(newest * 1e9)

    # -- reading

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if str(path).startswith(PG_PREFIX):
            return self._parse_pg(path)
        profile = path.parent.name if path.parent.parent == self.profiles_root() else ""
        with sqlite_readonly(path) as db:
            mcols = {r[1] for r in db.execute('PRAGMA table_info("messages")')}
            _require(mcols, "messages", str(path))
            scols = {r[1] for r in db.execute('PRAGMA table_info("sessions")')}
            meta = {}
            if "id" in scols:
                meta = {r[0]: r for r in db.execute(_select("sessions", _SES_COLS, scols))}
            order = '"id"' if "id" in mcols else "rowid"
            rows = db.execute(_select("messages", _MSG_COLS, mcols) + f' ORDER BY "session_id", {order}')
            sessions, skipped = _build(rows, meta, str(path), profile)
        return Parsed(sessions, 0, skipped)

    def _dsn(self, path: Path) -> tuple[str, str]:
        for label, dsn in _dsns():
            if label == str(path):
                return label, dsn
        raise SourceError(f"{path}: no DSN in DEJA_HERMES_PG_DSN matches it any more")

    def _parse_pg(self, path: Path) -> Parsed:
        label, dsn = self._dsn(path)
        with _pg(dsn, label) as conn, conn.cursor() as cur:
            mcols = _pg_columns(cur, "messages", label)
            scols = _pg_columns(cur, "sessions", label, required=False)
            meta = {}
            if "id" in scols:
                cur.execute(_select("sessions", _SES_COLS, scols))
                meta = {r[0]: r for r in cur.fetchall()}
            order = '"id"' if "id" in mcols else '"timestamp"'
            rows = cur.stream(_select("messages", _MSG_COLS, mcols) + f' ORDER BY "session_id", {order}')
            sessions, skipped = _build(rows, meta, label, "")
        return Parsed(sessions, 0, skipped)


# -- turning rows into sessions (shared by SQLite and PostgreSQL)


def _select(table: str, wanted: Sequence[str], present: set[str]) -> str:
    cols = ", ".join(f'"{c}"' if c in present else f'NULL AS "{c}"' for c in wanted)
    return f'SELECT {cols} FROM "{table}"'


def _require(present: set[str], table: str, where: str) -> None:
    """The columns without which a messages row means nothing: missing is schema drift."""
    if not present:
        raise SourceError(f"{where}: no table {table}")
    missing = [c for c in _MSG_COLS[:4] if c not in present]
    if missing:
        raise SourceError(f"{where}: table {table} has no column {', '.join(missing)}")


def _time(value: object) -> float:
    if isinstance(value, Decimal):  # PostgreSQL numeric; Decimal('sNaN') does not convert
        try:
            value = float(value)
        except ValueError:
            return 0.0
    return parse_time(value)


def _text(content: object) -> str:
    if isinstance(content, str) and content.startswith(_JSON_PREFIX):
        body = content[len(_JSON_PREFIX):]
        try:
            content = decode_json(body)
        except msgspec.DecodeError:
            return body
    return text_of(content)


def _build(rows: Iterable[Sequence[Any]], meta: dict, path: str, profile: str) -> tuple[list[Session], int]:
    out: list[Session] = []
    skipped = 0
    turn: _Turn | None = None
    skips = Skips()
    for row in rows:
        with skips:
            sid, role, content, ts, call_id, tool_calls, tool_name, compacted = row
            if not isinstance(sid, str) or not sid or not isinstance(role, str):
                skipped += 1
                continue
            if turn is None or sid != turn.s.id:
                turn = _Turn(_session(sid, meta.get(sid), path, profile))
                out.append(turn.s)
            skipped += turn.row(role, _text(content), _time(ts), call_id, tool_calls, tool_name, bool(compacted))
    return finish(out), skipped + skips.n


def _session(sid: str, m: Sequence[Any] | None, path: str, profile: str) -> Session:
    s = Session("hermes", sid, path=path)
    if m:
        _, cwd, title, started, ended, parent, profile_name = m
        s.cwd = cwd if isinstance(cwd, str) else ""
        s.title = title if isinstance(title, str) else ""
        s.parent = parent if isinstance(parent, str) else ""
        s.touch(_time(started))
        s.touch(_time(ended))
        profile = profile_name if isinstance(profile_name, str) and profile_name else profile
    # No working directory recorded (older stores, gateway chats): the profile stands in.
    s.project = basename(s.cwd) or profile
    return s


class _Turn:
    """One session's rows in order: tool calls by id, and what compaction archived."""

    def __init__(self, s: Session):
        self.s = s
        self.calls = Commands(s)
        self.names: dict[str, str] = {}
        self.archived: set[tuple] = set()

    def row(self, role: str, text: str, t: float, call_id: object, tool_calls: object, tool_name: object,
            compacted: bool) -> int:
        s, calls = self.s, self.calls
        if text.lstrip().startswith(_SUMMARY):
            s.touch(t)
            return 0
        fingerprint = (role, text, tool_calls if isinstance(tool_calls, (str, type(None))) else repr(tool_calls))
        if compacted:
            self.archived.add(fingerprint)
        elif fingerprint in self.archived:  # a turn compaction kept: already indexed from the archive
            s.touch(t)
            return 0
        if role == "user":
            s.add(Role.USER, text, t)
        elif role == "assistant":
            s.add(Role.ASSISTANT, text, t)
            return self._calls(tool_calls, t)
        elif role == "tool":
            name = tool_name if isinstance(tool_name, str) else self.names.get(str(call_id), "")
            out, code = _result(name, text)
            calls.exited(call_id, code)
            s.add(Role.TOOL_OUTPUT, out, t)
        else:  # system and anything newer: not speech
            s.touch(t)
        return 0

    def _calls(self, tool_calls: object, t: float) -> int:
        if tool_calls is None or tool_calls == "":
            return 0
        if isinstance(tool_calls, str):
            try:
                tool_calls = decode_json(tool_calls)
            except msgspec.DecodeError:
                return 1
        if not isinstance(tool_calls, list):
            return 1
        for call in tool_calls:
            fn = call.get("function") if isinstance(call, dict) else None
            if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
                continue
            args = fn.get("arguments")
            if isinstance(args, str):
                try:
                    args = decode_json(args)
                except msgspec.DecodeError:
                    args = None
            cid = call.get("id") or call.get("call_id")
            if isinstance(cid, str):
                self.names[cid] = fn["name"]
            if isinstance(args, dict):
                self._tool(fn["name"], args, cid, t)
        return 0

    def _tool(self, name: str, args: dict, cid: object, t: float) -> None:
        s = self.s
        if name == "terminal":
            cmd = self.calls.add(args.get("command"), t, cid)
            if cmd:
                add_files(s, [self._abs(p) for p in read_paths(cmd[2:])], t)
        elif name in ("read_file", "write_file", "patch"):
            path = args.get("path")
            if isinstance(path, str) and path:
                add_files(s, [self._abs(path)], t)
                add_edits(s, self._abs(path), [args.get("old_string")], t)
            if name == "patch" and isinstance(args.get("patch"), str):
                for p, olds in _v4a(args["patch"]).items():
                    add_files(s, [self._abs(p)], t)
                    add_edits(s, self._abs(p), ["\n".join(olds)] if olds else [], t)

    def _abs(self, p: str) -> str:
        cwd = self.s.cwd
        if cwd and not p.startswith(("/", "~", "\\")) and not re.match(r"^[A-Za-z]:[\\/]", p):
            return f"{cwd.rstrip('/')}/{p}"
        return p


def _v4a(patch: str) -> dict[str, list[str]]:
    """Files a V4A patch (`*** Update File: p`) touches, with the lines it removes from each."""
    out: dict[str, list[str]] = {}
    cur: str | None = None
    for line in patch.splitlines():
        m = _V4A_FILE.match(line)
        if m:
            cur = m.group(1)
            out.setdefault(cur, [])
        elif line.startswith("***"):
            cur = None
        elif cur is not None and line.startswith("-"):
            out[cur].append(line[1:])
    return out


def _result(tool: str, text: str) -> tuple[str, int | None]:
    """A tool row's text and exit status: the JSON result unwrapped when it has a known shape."""
    if not text.startswith("{"):
        return text, None
    try:
        d = decode_json(text)
    except msgspec.DecodeError:
        return text, None
    if not isinstance(d, dict):
        return text, None
    code = d.get("exit_code")
    code = code if isinstance(code, int) and not isinstance(code, bool) else None
    if "output" not in d and "content" not in d and "error" not in d:
        return text, code
    parts = []
    body = d.get("output", d.get("content"))
    if isinstance(body, str) and body:
        parts.append(_LINE_NO.sub("", body) if tool == "read_file" else body)
    if isinstance(d.get("error"), str) and d["error"]:
        parts.append(d["error"])
    return "\n".join(parts), code


# -- PostgreSQL


def _dsns(look: Look = PLAIN) -> list[tuple[str, str]]:
    """(pseudo-path, DSN) for each DSN in DEJA_HERMES_PG_DSN (`;`-separated, outside quotes)."""
    raw = look.env("DEJA_HERMES_PG_DSN") or ""
    parts, cur, quoted = [], "", False
    for ch in raw:
        if ch == "'":
            quoted = not quoted
        if ch == ";" and not quoted:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [(pg_label(p.strip()), p.strip()) for p in parts if p.strip()]


@contextmanager
def _pg(dsn: str, label: str) -> Iterator[Any]:
    """A read-only, repeatable-read connection; every failure a SourceError naming `label`."""
    with dsn_rule.connected(dsn, label, SourceError, "reading Hermes from PostgreSQL") as conn:
        import psycopg

        conn.read_only = True
        conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        yield conn


def _pg_columns(cur: Any, table: str, label: str, required: bool = True) -> set[str]:
    cur.execute(
        "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(%s) AND attnum > 0 AND NOT attisdropped",
        (table,),
    )
    cols = {r[0] for r in cur.fetchall()}
    if required and not cols:
        raise SourceError(f"{label}: no table {table} on the search_path (a per-profile schema: "
                          "add options=-csearch_path=<schema> to the DSN)")
    if required:
        _require(cols, table, label)
    return cols


SOURCE = Hermes
