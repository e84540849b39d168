"""Grok: hand-written session directories from the format doc (section 8), and a `grok.db` built
here from hand-written rows; no real CLI was run."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3

import pytest
from conftest import FIXTURES, deja, hits, install_real, write_jsonl

from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command",
             "read_file": "files", "edit": "edit"}
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND, "read_file": Role.FILES, "edit": Role.EDIT}
SID = "g-7b2e41c0-9d3a-4f51-8e66-2a1b0c9d8e7f"
SUB = "g-sub-5c1d"
GROUP = "home%2Fdev%2Fwork%2Fbuild-svc"

SCHEMA = """
CREATE TABLE workspaces (id TEXT PRIMARY KEY, path TEXT);
CREATE TABLE sessions (id TEXT PRIMARY KEY, workspace_id TEXT, title TEXT, cwd_last TEXT, created_at TEXT, updated_at TEXT);
CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, seq INTEGER, role TEXT, message_json TEXT, created_at TEXT);
"""
DB_SESSIONS = [
    ("db-3f9a", "w1", "Add retry to uploader", "/home/dev/work/uploader", "2026-01-03 09:00:00", "2026-01-03 09:01:00"),
    (SID, "w2", "a second copy of a directory session", "/home/dev/work/build-svc", "2026-01-01 10:00:00", None),
    ("db-empty", "w1", "nothing said", "/home/dev/work/uploader", "2026-01-03 08:00:00", None),
]
DB_MESSAGES = [
    ("db-3f9a", 0, "system", {"role": "system", "content": "canary-grokdb-system You are grok"}, "2026-01-03 09:00:00"),
    ("db-3f9a", 1, "user", {"role": "user", "content": "canary-grokdb-user-1 add retries to the uploader 上传重试"},
     "2026-01-03 09:00:00"),
    ("db-3f9a", 2, "assistant", {"role": "assistant", "content": [
        {"type": "reasoning", "text": "canary-grokdb-reasoning backoff first"},
        {"type": "text", "text": "canary-grokdb-asst-1 I'll wrap the call in a retry loop"},
        {"type": "tool-call", "toolCallId": "tc1", "toolName": "bash", "input": {"command": "go test ./uploader -run canary-cmd-grokdb"}},
    ]}, "2026-01-03T09:00:05Z"),
    ("db-3f9a", 3, "tool", {"role": "tool", "content": [
        {"type": "tool-result", "toolCallId": "tc1", "toolName": "bash", "output": {"type": "text", "value": "canary-out-grokdb ok uploader 0.2s"}},
    ]}, "2026-01-03T09:00:09Z"),
    ("db-3f9a", 4, "assistant", {"role": "assistant", "content": "canary-grokdb-asst-2 now the retry file", "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "view_file", "arguments": json.dumps({"path": "/home/dev/work/uploader/retry.go"})}},
    ]}, "2026-01-03T09:00:20Z"),
    ("db-3f9a", 5, "tool", {"role": "tool", "tool_call_id": "call_1", "content": "canary-file-grokdb package uploader"},
     "2026-01-03T09:00:21Z"),
    ("db-3f9a", 6, "user", "{broken json", "2026-01-03T09:00:30Z"),
    (SID, 1, "user", {"role": "user", "content": "canary-grokdb-duplicate why does the build fail"}, "2026-01-01 10:00:01"),
]
DB_CANARIES = [
    ("canary-grokdb-user-1", "user"), ("上传重试", "user"), ("canary-grokdb-asst-1", "assistant"),
    ("canary-grokdb-asst-2", "assistant"), ("canary-cmd-grokdb", "command"), ("canary-out-grokdb", "tool"),
    ("canary-file-grokdb", "tool"), ("/home/dev/work/uploader/retry.go", "files"),
]


def install(home) -> dict:
    src = FIXTURES / "grok"
    for item in src.iterdir():
        if item.name != "MANIFEST.json":
            shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    return json.loads((src / "MANIFEST.json").read_text())


def build_db(path, keep_open: bool = False) -> sqlite3.Connection | None:
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    if keep_open:  # committed rows left in the WAL, as while grok-dev runs
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.executescript(SCHEMA)
    conn.executemany("INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?)", DB_SESSIONS)
    conn.executemany(
        "INSERT INTO messages(session_id, seq, role, message_json, created_at) VALUES (?, ?, ?, ?, ?)",
        [(sid, seq, role, m if isinstance(m, str) else json.dumps(m, ensure_ascii=False), t) for sid, seq, role, m, t in DB_MESSAGES],
    )
    conn.commit()
    if keep_open:
        return conn
    conn.close()
    return None


def _sessions():
    src = load("grok")
    out = {}
    for path in src.discover():
        for s in src.parse(path).sessions:
            prepare(s)
            out[s.id] = s
    return out


def _updates(home, sid=SID, group=GROUP):
    return home / ".grok" / "sessions" / group / sid / "updates.jsonl"


def test_every_canary_is_at_its_role_in_its_session(home):
    manifest = install(home)
    sessions = _sessions()
    assert set(sessions) == {SID, SUB}
    for canary in manifest["canaries"]:
        where = {sid for sid, s in sessions.items() if any(canary["phrase"] in r.text for r in s.records)}
        if canary.get("expected") is False:
            assert not where, canary
            continue
        sid = canary.get("session", SID)
        assert where == {sid}, canary
        roles = {r.role for r in sessions[sid].records if canary["phrase"] in r.text}
        assert ROLES[canary["role"]] in roles, (canary, roles)


def test_chunks_join_by_prompt_across_tool_events(home):
    install(home)
    s = _sessions()[SID]
    assert (s.title, s.cwd, s.project) == ("Fix the broken build", "/home/dev/work/build-svc", "build-svc")
    assert (s.started, s.updated) == (1767261600.0, 1767261900.0)
    speech = [(r.role, r.text) for r in s.records if r.role in (Role.USER, Role.ASSISTANT)]
    assert speech == [
        (Role.USER, "canary-grok-user-1 why does the build fail? 构建为什么失败"),
        (Role.ASSISTANT, "canary-grok-asst-1 the helper was renamed during the 数据库迁移 refactor."),
        (Role.USER, "canary-grok-user-2 thanks, now run it"),
        (Role.ASSISTANT, "canary-grok-asst-2 done"),
    ]
    got = [(r.role, r.text) for r in s.records]
    assert (Role.COMMAND, "$ go build -tags canary-cmd-grok ./...  → exit 1") in got
    assert (Role.FILES, "/home/dev/work/build-svc/notes.txt") in got
    assert (Role.EDIT, "/home/dev/work/build-svc/x.go\ncanary-edit-grok parseThing(") in got
    assert (Role.TOOL_OUTPUT, "fetch: Searching the web for canary-grok-tooltitle") in got
    read = next(r for r in s.records if r.text.startswith("canary-file-grok"))
    assert read.time == 1767261606.0  # a timestamp in ms


def test_subagent_parent_cwd_file_and_meta_time(home):
    install(home)
    sub = _sessions()[SUB]
    assert (sub.parent, sub.cwd, sub.project, sub.title) == (SID, "/home/dev/src/api-gw", "api-gw", "review the gateway config")
    assert [r.time for r in sub.records] == [1767265200.0, 1767265210.0]  # the second from _meta.agentTimestampMs


def test_no_summary_no_cwd_file_decodes_the_group(home):
    path = write_jsonl(home / ".grok/sessions/srv%2Fteam%2Fweb/bare-1/updates.jsonl", [
        {"timestamp": 1767261601, "method": "session/update",
         "params": {"update": {"sessionUpdate": "user_message_chunk", "content": {"type": "text", "text": "hello web"}}}},
    ])
    (s,) = load("grok").parse(path).sessions
    assert (s.id, s.cwd, s.project) == ("bare-1", "/srv/team/web", "web")


def test_resumed_mid_file_keeps_identity_and_torn_tail_is_left(home):
    install(home)
    path = _updates(home)
    data = path.read_bytes()
    start = data.rindex(b"\n", 0, data.index(b"canary-grok-user-2")) + 1
    with open(path, "ab") as f:
        f.write(b'{"timestamp": 1767261700, "method": "session/upd')
    parsed = load("grok").parse(path, start)
    assert parsed.offset == len(data) and parsed.skipped == 0
    (s,) = parsed.sessions
    assert (s.id, s.cwd, s.title) == (SID, "/home/dev/work/build-svc", "Fix the broken build")
    assert [r.text for r in s.records] == ["canary-grok-user-2 thanks, now run it", "canary-grok-asst-2 done"]


def test_a_bad_line_is_skipped_and_a_file_of_garbage_is_an_error(home):
    install(home)
    path = _updates(home)
    path.write_bytes(path.read_bytes() + b"{oops\n")
    assert load("grok").parse(path).skipped == 1
    path.write_bytes(b"garbage\n\x00\x01\n")
    with pytest.raises(SourceError):
        load("grok").parse(path)


# -- grok.db


def test_db_rows_are_read_once_and_only_speech_and_work(home):
    install(home)
    db = home / ".grok" / "grok.db"
    build_db(db)
    src = load("grok")
    assert db in src.discover()
    parsed = src.parse(db)
    assert parsed.skipped == 1 and parsed.offset == 0
    (s,) = parsed.sessions  # the directory session's copy and the empty session are not read
    assert (s.id, s.title, s.cwd, s.project, s.path) == ("db-3f9a", "Add retry to uploader", "/home/dev/work/uploader", "uploader", str(db))
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-grokdb-user-1 add retries to the uploader 上传重试"),
        (Role.ASSISTANT, "canary-grokdb-asst-1 I'll wrap the call in a retry loop"),
        (Role.COMMAND, "$ go test ./uploader -run canary-cmd-grokdb"),
        (Role.TOOL_OUTPUT, "canary-out-grokdb ok uploader 0.2s"),
        (Role.ASSISTANT, "canary-grokdb-asst-2 now the retry file"),
        (Role.FILES, "/home/dev/work/uploader/retry.go"),
        (Role.TOOL_OUTPUT, "canary-file-grokdb package uploader"),
    ]
    assert s.started == 1767430800.0 and s.updated == 1767430821.0


def test_db_rows_in_the_wal_are_seen_and_nothing_is_created_beside_it(home):
    db = home / ".grok" / "grok.db"
    writer = build_db(db, keep_open=True)
    try:
        assert (home / ".grok" / "grok.db-wal").stat().st_size > 0
        before = sorted(os.listdir(db.parent))
        ids = {s.id for s in load("grok").parse(db).sessions}
        assert ids == {"db-3f9a", SID}  # no session directory here: the copy in the db is the one
        assert sorted(os.listdir(db.parent)) == before
    finally:
        writer.close()


def test_db_override_schema_drift_and_garbage(home, tmp_path, monkeypatch):
    other = tmp_path / "elsewhere.db"
    conn = sqlite3.connect(other)
    conn.executescript("CREATE TABLE sessions (id TEXT, title TEXT); CREATE TABLE messages (session_id TEXT, seq INT);")
    conn.close()
    monkeypatch.setenv("DEJA_GROK_DB", str(other))
    src = load("grok")
    assert src.discover() == [other]
    with pytest.raises(SourceError):
        src.parse(other)
    other.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(SourceError):
        src.parse(other)


def test_grok_home_relocates_the_store(home, tmp_path, monkeypatch):
    install(home)
    moved = tmp_path / "grok-home"
    shutil.move(str(home / ".grok"), moved)
    monkeypatch.setenv("GROK_HOME", str(moved))
    assert len(load("grok").discover()) == 2
    monkeypatch.setenv("DEJA_GROK_ROOT", str(tmp_path / "nowhere"))
    assert load("grok").discover() == []


# -- end to end through the CLI


def test_cli_finds_every_canary_and_reports_ok(home):
    manifest = install(home)
    build_db(home / ".grok" / "grok.db")
    deja("index")
    for canary in manifest["canaries"]:
        r = deja("search", f'"{canary["phrase"]}"', "--role", ROLE_FLAG[canary["role"]], "--harness", "grok", "--json").json()
        if canary.get("expected") is False:
            assert r["tier"] != "exact" and not any(canary["phrase"] in x for h in r["hits"] for x in h["snippets"])
            continue
        assert hits(r) == [("grok", canary.get("session", SID))], (canary, r)
        assert r["tier"] == "exact"
    for phrase, role in DB_CANARIES:
        r = deja("search", f'"{phrase}"', "--role", role, "--harness", "grok", "--json").json()
        assert hits(r) == [("grok", "db-3f9a")] and r["tier"] == "exact", (phrase, r)
    for phrase in ("canary-grokdb-duplicate", "canary-grokdb-system", "canary-grokdb-reasoning"):
        assert deja("search", phrase, "--re", "--harness", "grok", "--json").json()["total"] == 0, phrase
    grok = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "grok")
    assert grok["state"] == "ok" and grok["sessions"] == 3 and grok["skipped"] == 1


def test_cli_a_rewound_file_is_read_again_whole(home):
    install(home)
    deja("index")
    path = _updates(home, SUB, "home%2Fdev%2Fwork%2Fapi-gw")
    first = path.read_bytes().split(b"\n")[0]
    regrown = {"timestamp": 1767265300, "method": "session/update", "params": {"_meta": {"promptId": "q9"}, "update": {
        "sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "canary-grok-rewound " + "x" * 400}}}}
    path.write_bytes(first + b"\n" + json.dumps(regrown).encode() + b"\n")
    deja("index")
    assert hits(deja("search", '"canary-grok-rewound"', "--harness", "grok", "--json").json()) == [("grok", SUB)]
    assert deja("search", "canary-grok-sub-asst", "--re", "--json").json()["total"] == 0


def test_cli_a_store_of_garbage_is_unreadable_while_aider_indexes(home):
    install(home)
    install_real(home, "aider")
    for p in load("grok").discover():
        p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00garbage\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["grok"]["state"] == "unreadable" and "JSON" in states["grok"]["reason"]
    assert states["aider"]["state"] == "ok" and states["aider"]["sessions"] >= 1
