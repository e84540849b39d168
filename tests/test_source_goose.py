"""Goose: `sessions.db` rows built here by hand, and a hand-written legacy JSONL fixture."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import FIXTURES, deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command",
             "files": "files", "edit": "edit"}
ROLE_OF = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
           "tool_command": Role.COMMAND, "files": Role.FILES, "edit": Role.EDIT}
SESSIONS = ".local/share/goose/sessions"
VISIBLE = {"userVisible": True, "agentVisible": True}


@pytest.fixture(autouse=True)
def _no_goose_env(monkeypatch):
    monkeypatch.delenv("GOOSE_PATH_ROOT", raising=False)


def text(t):
    return {"type": "text", "text": t}


def request(call_id, name, args):
    return {"type": "toolRequest", "id": call_id, "toolCall": {"status": "success", "value": {"name": name, "arguments": args}}}


def response(call_id, value):
    return {"type": "toolResponse", "id": call_id, "toolResult": {"status": "success", "value": value}}


def build_db(path: Path, extra_sessions: list[tuple] = (), schema: str = "v5") -> Path:
    """sessions.db as Goose >= 1.10 creates it (schema version 5), or the older column set."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    if schema == "v5":
        db.execute("""CREATE TABLE sessions (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '',
            user_set_name BOOLEAN DEFAULT FALSE, session_type TEXT NOT NULL DEFAULT 'user', working_dir TEXT NOT NULL,
            created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
            extension_data TEXT DEFAULT '{}', total_tokens INTEGER, schedule_id TEXT, recipe_json TEXT)""")
        db.execute("""CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id),
            role TEXT NOT NULL, content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL,
            timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP, tokens INTEGER, metadata_json TEXT)""")
    else:  # before migrations 3-5: no name, session_type or metadata_json
        db.execute("CREATE TABLE sessions (id TEXT PRIMARY KEY, description TEXT NOT NULL DEFAULT '', working_dir TEXT NOT NULL,"
                   " created_at TIMESTAMP, updated_at TIMESTAMP)")
        db.execute("CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, role TEXT NOT NULL,"
                   " content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL)")
    sessions = [("20260101_1", "Fix checkout", "", "user", "/w/shop", "2026-01-01 10:00:00", "2026-01-01 10:05:00"),
                ("20260101_2", "", "helper", "sub_agent", "/w/shop", "2026-01-01 10:01:00", "2026-01-01 10:02:00"),
                *extra_sessions]
    t = 1767261600
    messages = [
        ("20260101_1", "user", [text("canary-goose-db-user checkout charges twice")], t + 1, VISIBLE),
        ("20260101_1", "assistant", [text("Looking at the README first."),
                                     request("c1", "developer__text_editor", {"command": "view", "path": "README.md"})], t + 2, VISIBLE),
        ("20260101_1", "user", [response("c1", [
            {"type": "text", "text": "# Shop\nrun npm test", "annotations": {"audience": ["assistant"]}},
            {"type": "text", "text": "(README.md shown in the editor)", "annotations": {"audience": ["user"], "priority": 0.0}}])],
         t + 3, VISIBLE),
        ("20260101_1", "assistant", [request("c2", "shell", {"command": "npm test -- canary-goose-db-cmd"})], t + 4, VISIBLE),
        ("20260101_1", "user", [response("c2", {
            "content": [{"type": "text", "text": "1 failing: canary-goose-db-output\n\nCommand exited with code 1", "annotations": {"priority": 0.0}}],
            "isError": True, "structuredContent": {"stdout": "1 failing", "stderr": "", "exit_code": 1}})], t + 5, VISIBLE),
        ("20260101_1", "assistant", [request("c3", "edit", {"path": "src/pay.js", "before": "charge(); charge(); // canary-goose-db-edit",
                                                          "after": "charge();"})], t + 6, VISIBLE),
        ("20260101_1", "user", [text("canary-goose-hidden-summary of the conversation so far")], t + 7,
         {"userVisible": False, "agentVisible": True}),
        ("20260101_1", "assistant", [text("canary-goose-db-asst the handler was registered twice.")], t + 8, VISIBLE),
        ("20260101_1", "assistant", "{not json", t + 9, VISIBLE),
        ("20260101_2", "user", [text("canary-goose-subagent inspect the cart")], t + 2, VISIBLE),
    ]
    if schema == "v5":
        db.executemany("INSERT INTO sessions (id, name, description, session_type, working_dir, created_at, updated_at)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?)", sessions)
        db.executemany("INSERT INTO messages (session_id, role, content_json, created_timestamp, metadata_json) VALUES (?, ?, ?, ?, ?)",
                       [(s, r, c if isinstance(c, str) else json.dumps(c), ts, json.dumps(m)) for s, r, c, ts, m in messages])
    else:
        db.executemany("INSERT INTO sessions VALUES (?, ?, ?, ?, ?)", [(s[0], s[1] or s[2], s[4], s[5], s[6]) for s in sessions])
        db.executemany("INSERT INTO messages (session_id, role, content_json, created_timestamp) VALUES (?, ?, ?, ?)",
                       [(s, r, c if isinstance(c, str) else json.dumps(c), ts) for s, r, c, ts, _ in messages])
    db.commit()
    db.close()
    return path


def install(home: Path) -> dict:
    for item in (FIXTURES / "goose").iterdir():
        if item.name != "MANIFEST.json":
            shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    return json.loads((FIXTURES / "goose/MANIFEST.json").read_text())


def parse_all() -> tuple[dict, int]:
    src = load("goose")
    out, skipped = {}, 0
    for path in src.discover():
        parsed = src.parse(path)
        skipped += parsed.skipped
        for s in parsed.sessions:
            prepare(s)
            assert s.id not in out, s.id
            out[s.id] = s
    return out, skipped


def test_legacy_jsonl(home):
    manifest = install(home)
    (s,) = parse_all()[0].values()
    assert (s.id, s.title, s.cwd, s.project) == ("20250724_1", "Fix the failing totals test", manifest["workdir"], "demo")
    assert (s.started, s.updated) == (1753351200.0, 1753351230.0)
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-goose-legacy-user the totals test fails, can you look?"),
        (Role.ASSISTANT, "Let me run the tests first."),
        (Role.COMMAND, "$ cargo test canary-goose-legacy-cmd"),
        (Role.TOOL_OUTPUT, "test totals::sums ... FAILED canary-goose-legacy-output"),  # once, not per audience
        (Role.FILES, "/w/demo/src/totals.rs"),
        (Role.EDIT, "/w/demo/src/totals.rs\nfor i in 1..items.len() { // canary-goose-legacy-edit"),
        (Role.TOOL_OUTPUT, "-32602: no match for old_str canary-goose-legacy-error"),
        (Role.ASSISTANT, "canary-goose-legacy-asst the loop skipped the first item; it starts at zero now."),
    ]


def test_database_rows(home):
    build_db(home / SESSIONS / "sessions.db")
    sessions, skipped = parse_all()
    assert skipped == 1  # the malformed content_json row
    assert set(sessions) == {"20260101_1"}  # the sub-agent run is not a conversation of the person's
    s = sessions["20260101_1"]
    assert (s.title, s.cwd, s.project) == ("Fix checkout", "/w/shop", "shop")
    assert s.started == 1767261600.0 and s.updated == 1767261900.0
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-goose-db-user checkout charges twice"),
        (Role.ASSISTANT, "Looking at the README first."),
        (Role.FILES, "/w/shop/README.md"),
        (Role.TOOL_OUTPUT, "# Shop\nrun npm test"),
        (Role.COMMAND, "$ npm test -- canary-goose-db-cmd  → exit 1"),
        (Role.TOOL_OUTPUT, "1 failing: canary-goose-db-output\n\nCommand exited with code 1"),
        (Role.FILES, "/w/shop/src/pay.js"),
        (Role.EDIT, "/w/shop/src/pay.js\ncharge(); charge(); // canary-goose-db-edit"),
        (Role.ASSISTANT, "canary-goose-db-asst the handler was registered twice."),
    ]
    assert s.records[0].time == 1767261601.0


def test_older_database_columns(home):
    build_db(home / SESSIONS / "sessions.db", schema="v1")
    sessions, _ = parse_all()
    assert set(sessions) == {"20260101_1", "20260101_2"}  # no session_type column: nothing to tell them apart
    # no metadata_json either: the summary message cannot be told from speech
    assert sessions["20260101_1"].title == "Fix checkout"


def test_a_session_in_both_stores_is_read_from_the_database(home):
    install(home)
    db = build_db(home / SESSIONS / "sessions.db",
                  [("20250724_1", "", "Fix the failing totals test", "user", "/w/demo", "2025-07-24 10:00:00", "2025-07-24 10:01:00")])
    conn = sqlite3.connect(db)
    conn.execute("INSERT INTO messages (session_id, role, content_json, created_timestamp) VALUES (?, ?, ?, ?)",
                 ("20250724_1", "user", json.dumps([text("imported copy")]), 1753351200))
    conn.commit()
    conn.close()
    src = load("goose")
    legacy = home / SESSIONS / "20250724_1.jsonl"
    assert src.parse(legacy).sessions == []
    sessions, _ = parse_all()  # asserts no id comes from two files
    assert sessions["20250724_1"].path.endswith("sessions.db")
    assert [r.text for r in sessions["20250724_1"].records] == ["imported copy"]


def test_skipped_lines_and_garbage(home):
    d = home / SESSIONS
    d.mkdir(parents=True)
    good = json.dumps({"role": "user", "created": 1, "content": [text("still here")]})
    (d / "torn.jsonl").write_text('{"working_dir": "/w/x"}\n{broken\n' + good + '\n{"role": "us')
    parsed = load("goose").parse(d / "torn.jsonl")
    assert parsed.skipped == 1 and [r.text for r in parsed.sessions[0].records] == ["still here"]
    (d / "junk.jsonl").write_bytes(b"\x00\x01\x02\nnope\n")
    with pytest.raises(SourceError):
        load("goose").parse(d / "junk.jsonl")
    (d / "sessions.db").write_bytes(os.urandom(2048))
    with pytest.raises(SourceError):
        load("goose").parse(d / "sessions.db")
    other = sqlite3.connect(d / "other.db")
    other.execute("CREATE TABLE t (x)")
    other.close()
    with pytest.raises(SourceError, match="not a Goose store"):
        load("goose").parse(d / "other.db")


def test_overrides(home, tmp_path, monkeypatch):
    monkeypatch.setenv("GOOSE_PATH_ROOT", str(tmp_path / "gp"))
    assert load("goose").roots() == [tmp_path / "gp/data/sessions"]
    monkeypatch.setenv("DEJA_GOOSE_ROOT", str(tmp_path / "root"))
    db = build_db(tmp_path / "db/custom.db")
    monkeypatch.setenv("DEJA_GOOSE_DB", str(db))
    src = load("goose")
    assert src.roots() == [tmp_path / "root/sessions", db]
    assert src.discover() == [db]


def test_every_canary_end_to_end(home):
    manifest = install(home)
    build_db(home / SESSIONS / "sessions.db")
    for c in manifest["canaries"]:
        r = deja("search", f'"{c["phrase"]}"', "--role", ROLE_FLAG[c["role"]], "--harness", "goose", "--json").json()
        if c.get("expected") is False:
            assert r["total"] == 0 or r["tier"] != "exact", c
            continue
        assert hits(r) == [("goose", c["session"])], (c, r)
        assert r["tier"] == "exact"
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["goose"]["state"] == "ok" and states["goose"]["sessions"] == 2 and states["goose"]["skipped"] == 1


def test_canaries_sit_at_their_roles_in_the_parser(home):
    manifest = install(home)
    build_db(home / SESSIONS / "sessions.db")
    sessions, _ = parse_all()
    for c in manifest["canaries"]:
        if c.get("expected") is False:
            assert not any(c["phrase"] in r.text for s in sessions.values() for r in s.records), c
            continue
        roles = {r.role for r in sessions[c["session"]].records if c["phrase"] in r.text}
        assert ROLE_OF[c["role"]] in roles, (c, roles)


def test_garbage_store_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    db = home / SESSIONS / "sessions.db"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"garbage " * 512)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["goose"]["state"] == "unreadable" and "sessions.db" in states["goose"]["reason"], states["goose"]
    assert states["pi"]["state"] == "ok"
