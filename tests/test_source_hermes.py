"""Hermes: the SQLite store the real CLI wrote (turn 2 only in its WAL), databases built here from
hand-written rows, and the same tables on a real PostgreSQL server started by this module."""

from __future__ import annotations

import glob
import hashlib
import inspect
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from conftest import FIXTURES, deja, hits, install_real
from deja.ingest.prepare import prepare
from deja.ingest import indexer
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load
from deja.sources.base import sqlite_readonly
from deja.sources.hermes import pg_label

REAL_ID = "20261130_161231_fc0d78"
WORKDIR = "/tmp/harness/work-hermes"
ROLES = {"user_prompt": {Role.USER}, "assistant_text": {Role.ASSISTANT}, "tool_output": {Role.TOOL_OUTPUT},
         "tool_command": {Role.COMMAND, Role.FILES}}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}
T0 = 1767261600.25  # 2026-01-01T10:00:00.25Z: Hermes keeps the fraction

# The columns of Hermes 0.19's tables that matter here (types as Hermes declares them), relaxed to
# allow the malformed rows the tests need.
SQLITE_SCHEMA = """
CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL DEFAULT 'cli', parent_session_id TEXT,
  started_at REAL NOT NULL, ended_at REAL, cwd TEXT, title TEXT, profile_name TEXT);
CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT, role TEXT, content TEXT,
  tool_call_id TEXT, tool_calls TEXT, tool_name TEXT, timestamp REAL NOT NULL, finish_reason TEXT,
  reasoning TEXT, active INTEGER NOT NULL DEFAULT 1, compacted INTEGER NOT NULL DEFAULT 0);
"""
PG_SCHEMA = """
CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL DEFAULT 'cli', parent_session_id TEXT,
  started_at {t} NOT NULL, ended_at {t}, cwd TEXT, title TEXT, profile_name TEXT);
CREATE TABLE messages (id BIGSERIAL PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id), role TEXT NOT NULL,
  content TEXT, tool_call_id TEXT, tool_calls {j}, tool_name TEXT, timestamp {t} NOT NULL, finish_reason TEXT,
  reasoning TEXT, active INTEGER NOT NULL DEFAULT 1, compacted INTEGER NOT NULL DEFAULT 0);
"""
S_COLS = ("id", "parent_session_id", "started_at", "ended_at", "cwd", "title", "profile_name")
M_COLS = ("session_id", "role", "content", "tool_call_id", "tool_calls", "tool_name", "timestamp", "active", "compacted")


@pytest.fixture(autouse=True)
def _no_outside_store(monkeypatch):
    """Neither the person's Hermes home nor their libpq settings reach these tests."""
    for var in list(os.environ):
        if var == "HERMES_HOME" or var.startswith("PG"):
            monkeypatch.delenv(var)


def _parse(path: Path, harness: str = "hermes"):
    parsed = load(harness).parse(path)
    for s in parsed.sessions:
        prepare(s)
    return parsed


def _listing(d: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(d.iterdir())}


def call(cid: str, name: str, **args) -> dict:
    return {"id": cid, "call_id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def msg(sid: str, role: str | None, content: str | None, t: float, *, calls=None, call_id=None, tool=None,
        active=1, compacted=0) -> dict:
    raw_calls = calls if isinstance(calls, str) or calls is None else json.dumps(calls)
    return {"session_id": sid, "role": role, "content": content, "tool_call_id": call_id, "tool_calls": raw_calls,
            "tool_name": tool, "timestamp": t, "active": active, "compacted": compacted}


def ses(sid: str, started: float, cwd=None, title=None, parent=None, ended=None, profile=None) -> dict:
    return {"id": sid, "parent_session_id": parent, "started_at": started, "ended_at": ended, "cwd": cwd,
            "title": title, "profile_name": profile}


def build_db(path: Path, sessions=(), messages=(), schema: str = SQLITE_SCHEMA) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.executescript(schema)
    for s in sessions:
        db.execute(f"INSERT INTO sessions({', '.join(s)}) VALUES ({', '.join('?' * len(s))})", tuple(s.values()))
    for m in messages:
        db.execute(f"INSERT INTO messages({', '.join(m)}) VALUES ({', '.join('?' * len(m))})", tuple(m.values()))
    db.commit()
    db.close()
    return path


# -- the store the real CLI wrote


def test_every_canary_of_the_real_cli_is_at_its_role(home):
    manifest = install_real(home, "hermes")
    src = load("hermes")
    assert src.discover() == [home / ".hermes/state.db"]
    parsed = _parse(home / ".hermes/state.db")
    assert parsed.skipped == 0 and parsed.offset == 0
    (s,) = parsed.sessions
    assert (s.id, s.cwd, s.project, s.path) == (REAL_ID, manifest["workdir"], "work-hermes", str(home / ".hermes/state.db"))
    assert s.started == pytest.approx(1796055158.02621) and s.updated == pytest.approx(1796055162.83964)
    for canary in manifest["canaries"]:
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        assert roles & ROLES[canary["role"]], (canary, roles)


def test_real_records_in_order_with_work_records(home):
    install_real(home, "hermes")
    (s,) = _parse(home / ".hermes/state.db").sessions
    got = [(r.role, r.text) for r in s.records]
    assert got[1:5] == [
        (Role.ASSISTANT, "canary-hermes-pre-1 I will run a shell command first."),
        (Role.COMMAND, "$ echo canary-cmd-hermes | sed s/cmd/out/"),  # exit 0: not annotated
        (Role.TOOL_OUTPUT, "canary-out-hermes"),  # the JSON result unwrapped
        (Role.ASSISTANT, "canary-hermes-asst-1 The command succeeded. Diagnosis: 数据库连接池耗尽 (connection pool exhausted)."),
    ]
    assert (Role.FILES, f"{WORKDIR}/notes.txt") in got
    # read_file's "N|" line numbers are display, not file content
    assert (Role.TOOL_OUTPUT, "canary-file-hermes 文件内容：连接池配置 max_connections=20") in got
    assert [r.role for r in s.records].count(Role.USER) == 2
    assert not any("Hermes" in t and "profile" in t for _, t in got)  # the system prompt is not indexed


def test_rows_only_in_the_wal_are_seen_and_nothing_is_written(home):
    install_real(home, "hermes")
    d = home / ".hermes"
    before = _listing(d)
    (s,) = _parse(d / "state.db").sessions
    assert any("canary-hermes-user-2" in r.text for r in s.records)  # only in state.db-wal
    assert _listing(d) == before  # no -shm created, nothing changed


def test_change_token_follows_the_wal(home):
    install_real(home, "hermes")
    db = home / ".hermes/state.db"
    src = load("hermes")
    token = src.change_token(db)
    assert token == (db.stat().st_size + Path(f"{db}-wal").stat().st_size,
                     max(db.stat().st_mtime_ns, Path(f"{db}-wal").stat().st_mtime_ns))
    os.utime(f"{db}-wal", ns=(0, Path(f"{db}-wal").stat().st_mtime_ns + 10**9))
    assert src.change_token(db) != token  # the main file did not move, the WAL did


# -- hand-built stores


def _coder_db(home: Path) -> Path:
    a, b = "20260101_100000_aaaaaa", "20260101_110000_bbbbbb"
    patch = "*** Begin Patch\n*** Update File: lib/b.py\n@@\n-old line\n+new line\n*** End Patch\n"
    return build_db(
        home / ".hermes/profiles/coder/state.db",
        sessions=[ses(a, T0, cwd="/w/api", title="Fix the flaky test", ended=T0 + 100),
                  ses(b, T0 + 200, parent=a), ses("20260101_120000_cccccc", T0 + 300, cwd="/w/empty")],
        messages=[
            msg(a, "system", "You are Hermes, an agent", T0 + 0.5),
            msg(a, "user", "run the tests", T0 + 1),
            msg(a, "assistant", None, T0 + 2, calls=[call("c1", "terminal", command="pytest -x"),
                                                    call("c2", "read_file", path="src/app.py")]),
            msg(a, "tool", json.dumps({"output": "FAILED test_x - AssertionError", "exit_code": 1, "error": None}),
                T0 + 3, call_id="c1", tool="terminal"),
            msg(a, "tool", json.dumps({"content": "     1|import os\n     2|print(1)", "total_lines": 2}), T0 + 4,
                call_id="c2"),  # no tool_name: known from the call
            msg(a, "assistant", "Fixing it.", T0 + 5,
                calls=[call("c3", "patch", mode="replace", path="src/app.py", old_string="print(1)", new_string="print(2)"),
                       call("c4", "patch", mode="patch", patch=patch),
                       call("c5", "terminal", command="cat /etc/hosts")]),
            msg(a, "tool", "permission denied: src/app.py", T0 + 6, call_id="c3", tool="patch"),
            msg(a, "tool", json.dumps({"output": "", "exit_code": -1, "error": "Command timed out"}), T0 + 6.5,
                call_id="c5", tool="terminal"),
            msg(a, "assistant", "done", T0 + 7, calls="[{oops"),
            msg(a, "user", "\x00json:" + json.dumps([{"type": "text", "text": "look at this screenshot"},
                                                      {"type": "image_url", "image_url": {"url": "data:..."}}]), T0 + 8),
            msg(a, None, "a row without a role", T0 + 9),
            msg(None, "user", "a row without a session", T0 + 9),
            # b: compacted mid-way, then a turn taken back
            msg(b, "user", "first question", T0 + 201, active=0, compacted=1),
            msg(b, "assistant", "first answer", T0 + 202, active=0, compacted=1),
            msg(b, "user", "second question", T0 + 203, active=0, compacted=1),
            msg(b, "user", "[CONTEXT COMPACTION — REFERENCE ONLY] Earlier turns were compacted: first question",
                T0 + 204),
            msg(b, "user", "second question", T0 + 204.5),
            msg(b, "assistant", "second answer", T0 + 205),
            msg(b, "user", "never mind", T0 + 206, active=0),
        ],
    )


def test_hand_built_rows_edge_cases(home):
    parsed = _parse(_coder_db(home))
    assert parsed.skipped == 3  # no role, no session, tool_calls that do not decode
    a, b = parsed.sessions  # the session without messages is dropped
    assert (a.id, a.cwd, a.project, a.title, a.parent) == ("20260101_100000_aaaaaa", "/w/api", "api", "Fix the flaky test", "")
    assert (a.started, a.updated) == (T0, T0 + 100)
    assert [(r.role, r.text) for r in a.records] == [
        (Role.USER, "run the tests"),
        (Role.COMMAND, "$ pytest -x  → exit 1"),
        (Role.FILES, "/w/api/src/app.py"),
        (Role.TOOL_OUTPUT, "FAILED test_x - AssertionError"),
        (Role.TOOL_OUTPUT, "import os\nprint(1)"),
        (Role.ASSISTANT, "Fixing it."),
        (Role.FILES, "/w/api/src/app.py"),
        (Role.EDIT, "/w/api/src/app.py\nprint(1)"),
        (Role.FILES, "/w/api/lib/b.py"),
        (Role.EDIT, "/w/api/lib/b.py\nold line"),
        (Role.COMMAND, "$ cat /etc/hosts  → exit -1"),
        (Role.FILES, "/etc/hosts"),
        (Role.TOOL_OUTPUT, "permission denied: src/app.py"),  # not JSON: kept as it is
        (Role.TOOL_OUTPUT, "Command timed out"),
        (Role.ASSISTANT, "done"),
        (Role.USER, "look at this screenshot"),
    ]
    # no cwd recorded: the profile stands in for the project; the spawn edge is kept
    assert (b.id, b.cwd, b.project, b.parent) == ("20260101_110000_bbbbbb", "", "coder", "20260101_100000_aaaaaa")
    assert [(r.role, r.text) for r in b.records] == [
        (Role.USER, "first question"),
        (Role.ASSISTANT, "first answer"),
        (Role.USER, "second question"),  # once: compaction's copy of it is not a new turn
        (Role.ASSISTANT, "second answer"),
        (Role.USER, "never mind"),  # rewound, still said
    ]


def test_an_older_schema_without_sessions_or_flags(home):
    path = build_db(home / ".hermes/profiles/ops/state.db", messages=[
        {"session_id": "20250101_090000_0a0b0c", "role": "user", "content": "rotate the keys", "timestamp": 1735722000.5},
        {"session_id": "20250101_090000_0a0b0c", "role": "tool", "content": "ok", "timestamp": 1735722001},
    ], schema="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL, "
              "content TEXT, timestamp REAL NOT NULL);")
    (s,) = _parse(path).sessions
    assert (s.id, s.project, s.started) == ("20250101_090000_0a0b0c", "ops", 1735722000.5)
    assert [(r.role, r.text) for r in s.records] == [(Role.USER, "rotate the keys"), (Role.TOOL_OUTPUT, "ok")]


def test_schema_drift_and_garbage_are_errors_not_empty(home):
    d = home / ".hermes"
    d.mkdir()
    (d / "state.db").write_bytes(b"this is not sqlite at all " * 100)
    with pytest.raises(SourceError):
        load("hermes").parse(d / "state.db")
    (d / "state.db").unlink()
    build_db(d / "state.db", schema="CREATE TABLE sessions (id TEXT PRIMARY KEY, started_at REAL);")
    with pytest.raises(SourceError, match="no table messages"):
        load("hermes").parse(d / "state.db")
    (d / "state.db").unlink()
    build_db(d / "state.db", schema="CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, body TEXT);")
    with pytest.raises(SourceError, match="role, content, timestamp"):
        load("hermes").parse(d / "state.db")


def test_discovery_roots_and_relocation(home, tmp_path, monkeypatch):
    src = load("hermes")
    assert src.discover() == [] and src.roots() == [home / ".hermes", home / ".hermes/profiles"]
    root = build_db(home / ".hermes/state.db", messages=[msg("20260101_000000_000001", "user", "hi", T0)])
    prof = _coder_db(home)
    (home / ".hermes/profiles/empty").mkdir()
    (home / ".hermes/profiles/empty/state.db").write_bytes(b"")  # 0 bytes: never opened
    assert src.discover() == sorted([root, prof])
    # HERMES_HOME naming a profile: Hermes' root is two levels up, all its profiles are read
    other = tmp_path / "opt/data"
    o_root = build_db(other / "state.db", messages=[msg("20260101_000000_000002", "user", "hi", T0)])
    o_prof = build_db(other / "profiles/bot/state.db", messages=[msg("20260101_000000_000003", "user", "hi", T0)])
    monkeypatch.setenv("HERMES_HOME", str(other / "profiles/bot"))
    assert src.discover() == sorted([o_root, o_prof])
    monkeypatch.setenv("HERMES_HOME", str(home / ".hermes/profiles/coder"))  # under ~/.hermes
    assert src.discover() == sorted([root, prof])
    monkeypatch.setenv("DEJA_HERMES_PROFILES_ROOT", str(other / "profiles"))
    assert src.discover() == sorted([root, o_prof])
    monkeypatch.setenv("DEJA_HERMES_ROOT", str(other))
    assert src.discover() == sorted([o_root, o_prof])
    monkeypatch.setenv("DEJA_HERMES_DB", str(prof))
    assert src.discover() == [prof] and src.roots() == [prof]


# -- end to end through the CLI


def test_cli_finds_every_canary_in_its_session(home):
    manifest = install_real(home, "hermes")
    for canary in manifest["canaries"]:
        flag = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", flag, "--harness", "hermes", "--json").json()
        assert hits(r) == [("hermes", REAL_ID)], (canary, r)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["hermes"]["state"] == "ok" and states["hermes"]["sessions"] >= 1
    assert states["hermes"]["skipped"] == 0


def test_cli_a_garbage_store_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    (home / ".hermes").mkdir()
    (home / ".hermes/state.db").write_bytes(b"garbage, not a database " * 50)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["hermes"]["state"] == "unreadable" and states["hermes"]["reason"]
    assert states["pi"]["state"] == "ok" and states["pi"]["sessions"] == 1


# -- PostgreSQL: a real server in a temporary directory


def _pg_bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def pg_server():
    bindir = _pg_bindir()
    if bindir is None:
        _unavailable("no PostgreSQL server binaries (initdb): apt-get install postgresql")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable("psycopg is not installed: pip install -e '.[postgres]'")
    d = Path(tempfile.mkdtemp(prefix="deja-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres account
        shutil.chown(d, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data = d / "data"
    subprocess.run([*as_user, bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                    "--locale=C", "-N"], check=True, capture_output=True)
    subprocess.run([*as_user, bindir / "pg_ctl", "-D", data, "-l", d / "log", "-w", "-t", "60", "-o",
                    f"-k {d} -c listen_addresses= -F", "start"], check=True, capture_output=True)
    try:
        yield d
    finally:
        subprocess.run([*as_user, bindir / "pg_ctl", "-D", data, "-m", "immediate", "stop"], check=False, capture_output=True)
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def pg_dsn(pg_server, request):
    import psycopg

    name = "t_" + hashlib.blake2b(request.node.nodeid.encode(), digest_size=6).hexdigest()
    with psycopg.connect(f"host={pg_server} user=postgres dbname=postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name}")
        c.execute(f"CREATE DATABASE {name}")
    # trust auth ignores the password: it is here to prove it never reaches a label or a message
    return f"host={pg_server} port=5432 user=postgres dbname={name} password=s3cret-pw"


def pg_load(dsn: str, sessions, messages, *, schema: str = "", t: str = "DOUBLE PRECISION", j: str = "TEXT") -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as c:
        if schema:
            c.execute(f"CREATE SCHEMA {schema}")
            c.execute(f"SET search_path = {schema}")
        c.execute(PG_SCHEMA.format(t=t, j=j))
        conv = "to_timestamp(%s)" if t.startswith("TIMESTAMP") else "%s"
        for s in sessions:
            vals = ", ".join(conv if k in ("started_at", "ended_at") else "%s" for k in s)
            c.execute(f"INSERT INTO sessions({', '.join(s)}) VALUES ({vals})", tuple(s.values()))
        for m in messages:
            vals = ", ".join(conv if k == "timestamp" else "%s" for k in m)
            c.execute(f"INSERT INTO messages({', '.join(m)}) VALUES ({vals})", tuple(m.values()))


def _real_rows(home: Path) -> tuple[list[dict], list[dict]]:
    """The rows the real CLI wrote, read back from its SQLite store."""
    install_real(home, "hermes")
    with sqlite_readonly(home / ".hermes/state.db") as db:
        sessions = [dict(zip(S_COLS, r)) for r in db.execute(f"SELECT {', '.join(S_COLS)} FROM sessions")]
        messages = [dict(zip(M_COLS, r)) for r in db.execute(f"SELECT {', '.join(M_COLS)} FROM messages ORDER BY id")]
    return sessions, messages


def _pg_path(dsn: str) -> Path:
    return Path(pg_label(dsn))


def test_pg_store_reads_exactly_like_the_sqlite_one(home, pg_dsn, monkeypatch):
    sessions, messages = _real_rows(home)
    pg_load(pg_dsn, sessions, messages)
    monkeypatch.setenv("DEJA_HERMES_PG_DSN", pg_dsn)
    src = load("hermes")
    pg = _pg_path(pg_dsn)
    assert src.discover() == sorted([home / ".hermes/state.db", pg], key=str)
    assert pg in src.roots()
    (lite,) = _parse(home / ".hermes/state.db").sessions
    parsed = _parse(pg)
    assert parsed.skipped == 0
    (s,) = parsed.sessions
    assert s.path == str(pg) and "s3cret" not in s.path
    assert (s.id, s.cwd, s.project, s.title, s.started, s.updated) == \
        (lite.id, lite.cwd, lite.project, lite.title, lite.started, lite.updated)
    assert [(r.role, r.text, r.time) for r in s.records] == [(r.role, r.text, r.time) for r in lite.records]


def test_pg_edge_cases_with_timestamptz_and_jsonb(home, pg_dsn, monkeypatch):
    a = "20260101_100000_aaaaaa"
    pg_load(pg_dsn, [ses(a, T0, cwd="/w/api", ended=T0 + 50), ses("20260101_100000_bbbbbb", T0)], [
        msg(a, "user", "deploy it", T0 + 1),
        msg(a, "assistant", "On it.", T0 + 2, calls=[call("k1", "terminal", command="make deploy")]),
        msg(a, "tool", json.dumps({"output": "make: *** [deploy] Error 2", "exit_code": 2}), T0 + 3, call_id="k1",
            tool="terminal"),
    ], t="TIMESTAMPTZ", j="JSONB")
    monkeypatch.setenv("DEJA_HERMES_PG_DSN", pg_dsn)
    (s,) = _parse(_pg_path(pg_dsn)).sessions
    assert (s.project, s.started, s.updated) == ("api", T0, T0 + 50)
    assert [(r.role, r.text, r.time) for r in s.records] == [
        (Role.USER, "deploy it", T0 + 1),
        (Role.ASSISTANT, "On it.", T0 + 2),
        (Role.COMMAND, "$ make deploy  → exit 2", T0 + 2),
        (Role.TOOL_OUTPUT, "make: *** [deploy] Error 2", T0 + 3),
    ]


def test_pg_change_token_moves_with_new_rows(home, pg_dsn, monkeypatch):
    import psycopg

    sid = "20260101_100000_aaaaaa"
    pg_load(pg_dsn, [ses(sid, T0)], [msg(sid, "user", "one", T0 + 1)])
    monkeypatch.setenv("DEJA_HERMES_PG_DSN", pg_dsn)
    src, path = load("hermes"), _pg_path(pg_dsn)
    token = src.change_token(path)
    assert token == (2, int((T0 + 1) * 1e9)) and src.change_token(path) == token
    with psycopg.connect(pg_dsn, autocommit=True) as c:
        c.execute("INSERT INTO messages(session_id, role, content, timestamp) VALUES (%s, 'user', 'two', %s)",
                  (sid, T0 + 2))
    assert src.change_token(path) == (3, int((T0 + 2) * 1e9))


def test_pg_several_dsns_and_a_per_profile_schema(home, pg_dsn, monkeypatch):
    sid = "20260101_100000_cccccc"
    pg_load(pg_dsn, [ses(sid, T0, cwd="/w/bot")], [msg(sid, "user", "from the coder profile", T0 + 1)],
            schema="hermes_coder")
    bare = pg_dsn
    scoped = f"{pg_dsn} options='-csearch_path=hermes_coder'"
    monkeypatch.setenv("DEJA_HERMES_PG_DSN", f"{bare} ; {scoped}")
    src = load("hermes")
    assert src.discover() == sorted([_pg_path(bare), _pg_path(scoped)], key=str)
    with pytest.raises(SourceError, match="search_path") as e:
        src.parse(_pg_path(bare))
    assert "s3cret" not in str(e.value)
    (s,) = src.parse(_pg_path(scoped)).sessions
    assert (s.id, s.project, s.records[0].text) == (sid, "bot", "from the coder profile")


def test_pg_unreachable_server_and_missing_driver_are_clear_errors(home, pg_server, tmp_path, monkeypatch):
    dsn = f"postgresql://postgres:s3cret-pw@/hermes?host={tmp_path}/nowhere&connect_timeout=2"
    monkeypatch.setenv("DEJA_HERMES_PG_DSN", dsn)
    src = load("hermes")
    (path,) = src.discover()
    with pytest.raises(SourceError, match="cannot connect") as e:
        src.parse(path)
    assert "s3cret" not in str(e.value)
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were not installed
    with pytest.raises(SourceError, match=r"pip install 'deja\[postgres\]'"):
        src.change_token(path)


@pytest.mark.parametrize("dsn", [
    "postgresql://hermes:s3cret-pw@db.internal:5433/hermes?sslmode=require",
    "postgres://hermes:s3cret-pw@[::1]:5432/hermes",
    "postgresql://hermes@/hermes?host=/var/run/postgresql&password=s3cret-pw",
    "postgresql://hermes:s3cret-pw@h1:5432,h2:5433/hermes",
    "host=/var/run//postgresql/ port=5432 user=hermes password='s3cret pw' dbname=hermes",
    "dbname=hermes",
])
def test_pg_label_is_a_stable_path_without_the_password(dsn):
    label = pg_label(dsn)
    assert label.startswith("pg:") and "s3cret" not in label
    assert str(Path(label)) == label == pg_label(dsn)
    assert pg_label(dsn.replace("hermes", "other")) != label


def test_pg_end_to_end_through_the_cli(home, pg_dsn):
    if "change_token" not in inspect.getsource(indexer):
        pytest.xfail("the indexer stats each discovered path; a PostgreSQL store needs Source.change_token")
    sessions, messages = _real_rows(home)
    shutil.rmtree(home / ".hermes")  # only PostgreSQL holds the history now
    (home / ".hermes").mkdir()
    pg_load(pg_dsn, sessions, messages)
    env = {"DEJA_HERMES_PG_DSN": pg_dsn}
    r = deja("search", '"canary-hermes-user-2"', "--role", "user", "--harness", "hermes", "--json", env=env).json()
    assert hits(r) == [("hermes", REAL_ID)]
    states = {s["harness"]: s for s in deja("sources", "--json", env=env).json()["sources"]}
    assert states["hermes"]["state"] == "ok" and states["hermes"]["sessions"] == 1
    assert not any("s3cret" in root for root in states["hermes"]["roots"])


def test_real_fixture_is_small_and_complete():
    files = {p.name: p.stat().st_size for p in (FIXTURES / "real/hermes/.hermes").iterdir()}
    assert set(files) == {"state.db", "state.db-wal"} and sum(files.values()) < 1 << 20
