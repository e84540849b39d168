"""OpenClaw: pi-shaped transcripts, in SQLite since 2026.9, in JSONL before.

State directory: `$OPENCLAW_STATE_DIR`, else `~/.openclaw` (home from `$OPENCLAW_HOME`; the
pre-rename `~/.clawdbot` when only it exists), plus named profiles `~/.openclaw-<profile>`.
Under it, per agent:

- `agents/<agent>/agent/openclaw-agent.sqlite` (2026.9+): table `transcript_events(session_id,
  seq, event_json, event_zstd, event_utf8_bytes, …)`, one pi entry per row — a `session` header
  (version 4, `cwd`), `message` entries (`user`, `assistant` with `toolCall` blocks,
  `toolResult`, `bashExecution`) and `custom` entries, which are bookkeeping, not speech. A large
  event is stored zstd-compressed in `event_zstd` with `event_json` NULL. A transcript moved to
  cold storage leaves `transcript_events` for `session_transcript_cold_archives`: a zstd JSONL
  envelope (`{"kind": "event", "row": {"event_json": …}}`) held in `archive_blob` or in
  `agents/<agent>/sessions/cold/<sha256>.jsonl.zst`. `session_windows`/`session_nodes` give the
  title and the parent; everything else in the file (the FTS copy, `trajectory_runtime_events`,
  the memory index) repeats the transcript and is not read, nor are the reset/deleted archives.
- `agents/<agent>/sessions/<sessionId>.jsonl` (older): the same entries, one per line, append-only.
  `sessions.json`, compaction checkpoints `<id>.checkpoint.<uuid>.jsonl`, `*.trajectory.jsonl`
  and archived `.deleted.`/`.reset.`/`.bak.` files are not transcripts. A file whose session is
  also in the agent's database (mid-migration) is left to the database: one copy is indexed.

`state/openclaw.sqlite` (gateway routing, config, workspace bootstrap) and
`*.generation-writer.sqlite` (a writer lock) hold no conversation and are not read.

Tools: `exec` (`command`), `read`/`write` (`path`), `edit` (`path`, `edits[].oldText`) and
`apply_patch` (`input`, a `*** Begin Patch` envelope). The `Transcript` builder below is shared
with the omp source, whose sessions are pi-shaped too.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import msgspec
import zstandard

from deja import paths
from deja.errors import SourceError
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
    command_text,
    decode_json,
    finish,
    parse_time,
    read_bytes,
    sqlite_readonly,
    text_of,
    walk,
)
from deja.sources.look import PLAIN, Look

DB_NAME = "openclaw-agent.sqlite"
MAX_EVENT = 4 << 20  # OpenClaw's own bound on one stored event
MAX_COLD = 64 << 20  # and on one cold archive
_EXIT = re.compile(r"(?:exited with code|exit code:?)\s*(\d+)", re.IGNORECASE)
_CHECKPOINT = re.compile(r"\.checkpoint\.[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jsonl$", re.IGNORECASE)
_ARCHIVED = re.compile(r"\.(?:deleted|reset|bak)\.\d{4}-\d\d-\d\dT")
_PATCH_FILE = re.compile(r"^\*\*\* (?:Update|Add|Delete) File: (.+)$|^\*\*\* Move to: (.+)$")
_COLD_NAME = re.compile(r"^[a-f0-9]{64}\.jsonl\.zst$")


def absolute(path: object, cwd: str) -> str:
    """`path` made absolute against the session's cwd (as the agent resolved it)."""
    if not isinstance(path, str) or not path.strip():
        return ""
    p = path.strip()
    if cwd and not p.startswith(("/", "~")) and not re.match(r"^[A-Za-z]:[\\/]", p):
        return f"{cwd.rstrip('/')}/{p}"
    return p


def patch_envelope(text: object, cwd: str) -> tuple[list[str], dict[str, list[str]]]:
    """Files a `*** Begin Patch` envelope touches, and the `-` lines it removes from each."""
    files: list[str] = []
    removed: dict[str, list[str]] = {}
    if not isinstance(text, str):
        return files, removed
    current = ""
    for line in text.splitlines():
        m = _PATCH_FILE.match(line)
        if m:
            target = absolute(m.group(1) or m.group(2), cwd)
            files.append(target)
            if m.group(1):
                current = target
        elif current and line.startswith("-") and not line.startswith("---"):
            removed.setdefault(current, []).append(line[1:])
    return files, removed


def exit_code(msg: dict, text: str) -> int | None:
    """A tool result's exit status: `details.exitCode`, else the text of a failed result."""
    details = msg.get("details")
    code = details.get("exitCode") if isinstance(details, dict) else None
    if isinstance(code, int) and not isinstance(code, bool):
        return code
    m = _EXIT.search(text) if msg.get("isError") else None
    return int(m.group(1)) if m else None


class Transcript:
    """Pi-shaped entries, in order, into one Session.

    Subclasses change `tool` (the harness's tool vocabulary) and `result`. Reasoning, `custom`
    entries, compaction and branch summaries, and `custom`/`developer` messages are not speech.
    """

    def __init__(self, session: Session, keep_id: bool = False):
        self.s = session
        self.calls = Commands(session)
        self.keep_id = keep_id

    def entry(self, d: dict) -> None:
        kind = d.get("type")
        if kind == "session":
            self.header(d)
            return
        if kind != "message" or not isinstance(d.get("message"), dict):
            return
        msg = d["message"]
        s = self.s
        t = parse_time(d.get("timestamp")) or parse_time(msg.get("timestamp"))
        role, content = msg.get("role"), msg.get("content")
        if role == "user" and not msg.get("synthetic"):
            s.add(Role.USER, text_of(content), t)
        elif role == "assistant":
            s.add(Role.ASSISTANT, text_of(content), t)
            for b in content if isinstance(content, list) else []:
                if isinstance(b, dict) and b.get("type") == "toolCall" and isinstance(b.get("arguments"), dict):
                    self.tool(str(b.get("name") or ""), b["arguments"], b.get("id"), t)
        elif role == "toolResult":
            self.result(msg, t)
        elif role == "bashExecution":  # a command the person ran with `!`
            code = msg.get("exitCode")
            s.add(Role.COMMAND, command_text(msg.get("command"), code if isinstance(code, int) else None), t)
            s.add(Role.TOOL_OUTPUT, got if isinstance(got := msg.get("output"), str) else "", t)
        else:
            s.touch(t)

    def header(self, d: dict) -> None:
        if isinstance(d.get("id"), str) and d["id"] and not self.keep_id:
            self.s.id = d["id"]
        if isinstance(d.get("cwd"), str) and d["cwd"]:
            self.s.cwd = d["cwd"]
        self.s.touch(parse_time(d.get("timestamp")))

    def tool(self, name: str, args: dict, call_id: object, t: float) -> None:
        s = self.s
        if name in ("exec", "bash"):
            self.calls.add(args.get("command") or args.get("cmd"), t, call_id)
        elif name in ("read", "write", "edit"):
            path = absolute(args.get("path") or args.get("file_path"), s.cwd)
            if path:
                add_files(s, [path], t)
                edits = got if isinstance(got := args.get("edits"), list) else []
                olds = [args.get("oldText")] + [e.get("oldText") for e in edits if isinstance(e, dict)]
                add_edits(s, path, olds, t)
        elif name == "apply_patch":
            files, removed = patch_envelope(args.get("input") or args.get("patch"), s.cwd)
            add_files(s, files, t)
            for f, lines in removed.items():
                add_edits(s, f, ["\n".join(lines)], t)

    def result(self, msg: dict, t: float) -> None:
        text = text_of(msg.get("content"))
        self.calls.exited(msg.get("toolCallId"), exit_code(msg, text))
        self.s.add(Role.TOOL_OUTPUT, text, t)

    def done(self, fallback_project: str = "") -> Session:
        self.s.project = basename(self.s.cwd) or fallback_project
        return self.s


def _state_dirs(look: Look = PLAIN) -> list[Path]:
    override = (look.env("OPENCLAW_STATE_DIR") or "").strip()
    if override:
        return [Path(override).expanduser()]
    home = (look.env("OPENCLAW_HOME") or "").strip()
    base = Path(home).expanduser() if home else paths.home(look.env)
    # like OpenClaw itself: the pre-rename `~/.clawdbot` only while `~/.openclaw` does not exist
    legacy = base / ".clawdbot"
    dirs = [legacy if look.is_dir(legacy) and not look.exists(base / ".openclaw") else base / ".openclaw"]
    try:
        dirs += sorted(p for p in look.iterdir(base) if p.name.startswith(".openclaw-") and look.is_dir(p))
    except OSError:
        pass
    return dirs


def _is_transcript(name: str) -> bool:
    return (
        name.endswith(".jsonl")
        and not name.endswith(".trajectory.jsonl")
        and not _CHECKPOINT.search(name)
        and not _ARCHIVED.search(name)
    )


def _session_key(path: Path, session_id: str) -> str:
    """The conversation key OpenClaw addresses session `session_id` by, or ""."""
    if path.name == DB_NAME:
        try:
            with sqlite_readonly(path) as conn:
                for sql in ("SELECT session_key FROM session_windows WHERE session_id = ?",
                            "SELECT session_key FROM session_nodes WHERE current_session_id = ?"):
                    try:
                        row = conn.execute(sql, (session_id,)).fetchone()
                    except sqlite3.Error:
                        continue
                    if row and isinstance(row[0], str):
                        return row[0]
        except SourceError:
            return ""
        return ""
    try:
        index = msgspec.json.decode((path.parent / "sessions.json").read_bytes())
    except (OSError, msgspec.DecodeError):
        return ""
    if isinstance(index, dict):
        for key, entry in index.items():
            if isinstance(entry, dict) and entry.get("sessionId") == session_id and isinstance(key, str):
                return key
    return ""


class OpenClaw(Source):
    """Agent databases and legacy JSONL transcripts under each OpenClaw state directory.

    A database holds many sessions and is re-read whole when it changes (`offset` 0); a legacy
    JSONL file only grows, so it resumes from an offset, re-reading its header for the id.
    """

    name = "openclaw"
    version = 1
    append_only = True
    # Checked against `openclaw chat --help` 2026.9.6 (docs/notes.md, session 4).
    # (`chat` is `tui`; `--session` takes the session key, see resume_command)
    resume_argv = ("openclaw", "chat", "--session", "{id}")
    prompt_argv = ("openclaw", "chat", "--message", "{prompt}")

    def resume_command(self, id: str, path: str) -> tuple[str, ...] | str:
        """`openclaw chat --session` takes the conversation's key (`agent:main:main`), not the
        session id: the agent database maps one to the other (`session_windows`), a legacy
        transcript's `sessions.json` beside it likewise."""
        key = _session_key(Path(path), id)
        if not key:
            return f"OpenClaw's store no longer names the conversation key of session {id}"
        return super().resume_command(key, path)

    def roots(self, look: Look = PLAIN) -> list[Path]:
        if look.env("DEJA_OPENCLAW_ROOT"):  # the `agents` directory
            return [paths.harness_root(self.name, Path(), look.env)]
        return [d / "agents" for d in _state_dirs(look)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        out: list[Path] = []
        for root in self.roots(look):
            try:
                agents = sorted(p for p in look.iterdir(root) if look.is_dir(p) and not look.is_link(p))
            except OSError:
                continue
            for agent in agents:
                db = agent / "agent" / DB_NAME
                in_db = self._session_ids(db) if look.is_file(db) else set()
                if look.is_file(db):
                    out.append(db)
                for f in walk(agent / "sessions", suffixes=(".jsonl",), look=look):
                    if f.parent == agent / "sessions" and _is_transcript(f.name) and f.stem not in in_db:
                        out.append(f)
        return sorted(out)

    @staticmethod
    def _session_ids(db: Path) -> set[str]:
        """Sessions a database holds, so a not-yet-moved JSONL copy of one is not read twice."""
        try:
            with sqlite_readonly(db) as conn:
                return {r[0] for r in conn.execute("SELECT DISTINCT session_id FROM transcript_events")}
        except SourceError:
            return set()

    def parse_cost(self, path: Path, size: int, start: int, stop: int) -> int:
        """A database's compressed events count as what they may inflate to: each is read under
        its declared size (capped at MAX_EVENT), each cold archive under MAX_COLD."""
        if path.name != DB_NAME:
            return size - start
        with sqlite_readonly(path) as conn:
            events = conn.execute(
                "SELECT coalesce(sum(min(coalesce(nullif(event_utf8_bytes, 0), ?1), ?1)), 0) FROM transcript_events"
                " WHERE event_json IS NULL", (MAX_EVENT,)
            ).fetchone()[0]
            try:
                cold = conn.execute("SELECT count(*) FROM session_transcript_cold_archives").fetchone()[0]
            except sqlite3.OperationalError:
                cold = 0
        return size + events + cold * MAX_COLD

    def parse(self, path: Path, start: int = 0) -> Parsed:
        if path.name == DB_NAME:
            return self._database(path)
        return self._jsonl(path, start)

    # -- legacy JSONL ---------------------------------------------------------------------

    def _jsonl(self, path: Path, start: int) -> Parsed:
        agent = path.parent.parent.name
        b = Transcript(Session(self.name, path.stem, path=str(path)))
        if start:
            with open(path, "rb") as f:
                try:
                    head = decode_json(f.readline())
                except msgspec.DecodeError:
                    head = None
            if isinstance(head, dict) and head.get("type") == "session":
                b.header(head)
        lines = Lines(read_bytes(path, start), start)
        skips = Skips()
        for d in lines:
            with skips:
                b.entry(d)
        lines.check()
        s = b.done(f"openclaw-{agent}")
        if s.id != path.stem and path.stem.startswith(f"{s.id}-topic-"):
            s.id = path.stem  # a topic thread shares its parent's header id
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    # -- agent database -------------------------------------------------------------------

    def _database(self, path: Path) -> Parsed:
        agent = path.parent.parent.name
        builders: dict[str, Transcript] = {}
        skipped = 0
        decoded = 0
        skips = Skips()

        def feed(sid: str, raw: object) -> None:
            nonlocal skipped, decoded
            try:
                d = decode_json(raw) if isinstance(raw, (bytes, str)) else None
            except msgspec.DecodeError:
                d = None
            if not isinstance(d, dict):
                skipped += 1
                return
            decoded += 1
            b = builders.get(sid)
            if b is None:
                b = builders[sid] = Transcript(Session(self.name, sid, path=str(path)), keep_id=True)
            with skips:
                b.entry(d)

        budget = inflate.Budget(path)
        with sqlite_readonly(path) as conn:
            meta = self._meta(conn)
            rows = conn.execute(
                "SELECT session_id, event_json, event_zstd, event_utf8_bytes FROM transcript_events"
                " WHERE CASE WHEN event_json IS NULL OR NOT json_valid(event_json) THEN 1"
                " ELSE json_extract(event_json, '$.type') IN ('session', 'message') END"
                " ORDER BY session_id, seq"
            )
            for sid, text, blob, size in rows:
                if text is None:
                    try:
                        text = budget.zstd(blob, min(size or MAX_EVENT, MAX_EVENT))
                    except (zstandard.ZstdError, inflate.TooLarge, TypeError):
                        skipped += 1
                        continue
                feed(str(sid), text)
            for sid, raw in self._cold(conn, path, set(builders), budget):
                if raw is None:
                    skipped += 1
                else:
                    feed(sid, raw)
        if skipped and not decoded:
            raise SourceError(f"no transcript event decodes ({skipped} rows)")
        sessions = []
        for sid, b in sorted(builders.items()):
            with skips:
                s = b.done(f"openclaw-{agent}")
                s.title, s.parent = meta.get(sid, ("", ""))
                sessions.append(s)
        return Parsed(finish(sessions), 0, skipped + skips.n)

    @staticmethod
    def _meta(conn: sqlite3.Connection) -> dict[str, tuple[str, str]]:
        """Title and parent session per session id; optional, so older schemas give none."""
        try:
            rows = conn.execute(
                "SELECT w.session_id, COALESCE(w.display_name, n.display_name, n.label, ''),"
                " COALESCE(p.current_session_id, '')"
                " FROM session_windows w LEFT JOIN session_nodes n ON n.session_key = w.session_key"
                " LEFT JOIN session_nodes p ON p.session_key = COALESCE(w.parent_session_key, n.parent_session_key)"
            ).fetchall()
        except sqlite3.OperationalError:
            return {}
        return {str(r[0]): (str(r[1]), str(r[2]) if r[2] != r[0] else "") for r in rows}

    @staticmethod
    def _cold(conn: sqlite3.Connection, db: Path, hot: set[str], budget: inflate.Budget) -> list[tuple[str, bytes | None]]:
        """Events of transcripts moved to cold storage (None for each archive that cannot be read)."""
        try:
            rows = conn.execute(
                "SELECT session_id, storage, archive_name, archive_blob FROM session_transcript_cold_archives"
                " ORDER BY session_id"
            ).fetchall()
        except sqlite3.OperationalError:
            return []
        out: list[tuple[str, bytes | None]] = []
        for sid, storage, name, blob in rows:
            if sid in hot:
                continue
            try:
                if storage != "sqlite":
                    if not isinstance(name, str) or not _COLD_NAME.match(name):
                        raise OSError(f"bad archive name {name!r}")
                    blob = read_bytes(db.parent.parent / "sessions" / "cold" / name)
                data = budget.zstd(blob, MAX_COLD)
            except (OSError, zstandard.ZstdError, inflate.TooLarge, TypeError):
                out.append((str(sid), None))
                continue
            for line in data.splitlines():
                try:
                    rec = decode_json(line)
                except msgspec.DecodeError:
                    out.append((str(sid), None))
                    continue
                row = rec.get("row") if isinstance(rec, dict) and rec.get("kind") == "event" else None
                if isinstance(row, dict) and isinstance(row.get("event_json"), str):
                    out.append((str(sid), row["event_json"].encode()))
        return out


SOURCE = OpenClaw
