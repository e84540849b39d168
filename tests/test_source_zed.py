"""Zed: `threads.db` built here from hand-written thread documents, in both BLOB encodings."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
import zstandard
from conftest import deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

DB = ".local/share/zed/threads/threads.db"
START = "2026-01-01T10:00:00+00:00"
T0 = 1767261600.0

MODERN = {
    "version": "0.3.0", "title": "Flaky terminal test", "updated_at": "2026-01-01T10:05:00.123456+00:00",
    "messages": [
        {"User": {"id": "u1", "content": [
            {"Text": "canary-zed-user why does [@main.rs](file:///w/zed-app/src/main.rs) hang?"},
            {"Mention": {"uri": {"File": {"abs_path": "/w/zed-app/src/main.rs"}}, "content": "fn main() { canary-zed-mention-body }"}}]}},
        {"Agent": {"content": [
            {"Thinking": {"text": "canary-zed-thinking", "signature": None}},
            {"RedactedThinking": "opaque"},
            {"Text": "canary-zed-asst the test waits on a channel nobody closes."},
            {"ToolUse": {"id": "t1", "name": "terminal", "raw_input": "", "input": {"command": "cargo test canary-zed-cmd", "cd": "zed-app"},
                         "is_input_complete": True}},
            {"ToolUse": {"id": "t2", "name": "read_file", "raw_input": json.dumps({"path": "zed-app/src/main.rs"}), "is_input_complete": True}},
            {"ToolUse": {"id": "t3", "name": "streaming_edit_file", "is_input_complete": True, "input": {
                "display_description": "close the channel", "path": "zed-app/src/lib.rs", "mode": "edit",
                "edits": [{"old_text": "let (tx, rx) = channel(); // canary-zed-edit", "new_text": "let (tx, rx) = channel();\ndrop(tx);"}]}}},
            {"ToolUse": {"id": "t4", "name": "move_path", "input": {"source_path": "zed-app/a.rs", "destination_path": "zed-app/b.rs"}}},
            {"ToolUse": {"id": "t5", "name": "grep", "input": {"regex": "channel"}}}],
            "tool_results": {
                "t1": {"tool_use_id": "t1", "tool_name": "terminal", "is_error": True,
                       "content": {"Text": "test hangs ... canary-zed-output\nCommand failed with exit code 101"}, "output": None},
                "t2": {"tool_use_id": "t2", "tool_name": "read_file", "is_error": False, "content": [{"Text": "fn main() {}"}], "output": None}}}},
        "Resume",
        {"Agent": {"content": [{"Text": "Closed the sender; the test passes now."}], "tool_results": {}}},
    ],
    "initial_project_snapshot": {"worktree_snapshots": [{"worktree_path": "/w/not-this-one"}]},
}

LEGACY = {
    "version": "0.2.0", "summary": "legacy thread", "updated_at": "2025-06-01T09:00:00Z",
    "initial_project_snapshot": {"worktree_snapshots": [{"worktree_path": "/w/old-zed", "git_state": None}]},
    "messages": [
        {"id": 0, "role": "system", "segments": [{"type": "text", "text": "You are a helpful assistant"}]},
        {"id": 1, "role": "user", "segments": [{"type": "text", "text": "canary-zed-legacy-user where is the config read?"}],
         "tool_uses": [], "tool_results": [], "context": "file body canary-zed-legacy-context"},
        {"id": 2, "role": "assistant", "segments": [{"type": "thinking", "text": "hmm", "signature": None},
                                                    {"type": "text", "text": "canary-zed-legacy-asst in settings.rs"}],
         "tool_uses": [{"id": "x1", "name": "terminal", "input": {"command": "rg canary-zed-legacy-cmd"}}],
         "tool_results": [{"tool_use_id": "x1", "is_error": False, "content": "settings.rs:10 canary-zed-legacy-output", "output": None}]},
    ],
}

CANARIES = [
    ("canary-zed-user", "user", "z-modern-1"),
    ("canary-zed-asst", "assistant", "z-modern-1"),
    ("canary-zed-cmd", "command", "z-modern-1"),
    ("canary-zed-output", "tool", "z-modern-1"),
    ("canary-zed-edit", "edit", "z-modern-1"),
    ("/w/zed-app/src/main.rs", "files", "z-modern-1"),
    ("canary-zed-legacy-user", "user", "z-json-2"),
    ("canary-zed-legacy-asst", "assistant", "z-json-2"),
    ("canary-zed-legacy-cmd", "command", "z-json-2"),
    ("canary-zed-legacy-output", "tool", "z-json-2"),
]
ABSENT = ["canary-zed-thinking", "canary-zed-mention-body", "canary-zed-legacy-context"]


@pytest.fixture(autouse=True)
def _no_zed_env(monkeypatch):
    monkeypatch.delenv("FLATPAK_XDG_DATA_HOME", raising=False)


def zstd(doc: dict) -> bytes:
    # Zed compresses with zstd::encode_all, a streaming frame that records no content size
    return zstandard.ZstdCompressor(level=3, write_content_size=False).compress(json.dumps(doc).encode())


def build_db(path: Path, old_schema: bool = False) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL,"
               " data_type TEXT NOT NULL, data BLOB NOT NULL)")
    rows = [
        ("z-modern-1", "Flaky terminal test", "2026-01-01T10:05:00.123456+00:00", "zstd", zstd(MODERN)),
        ("z-json-2", "legacy thread", "2025-06-01T09:00:00+00:00", "json", json.dumps(LEGACY).encode()),
        ("z-bad-zstd", "broken", START, "zstd", b"\x28\xb5\x2f\xfd garbage"),
        ("z-brotli", "unknown encoding", START, "brotli", b"whatever"),
        ("z-empty", "nothing said", START, "json", json.dumps({"version": "0.3.0", "title": "", "updated_at": START, "messages": []})),
    ]
    if old_schema:
        db.executemany("INSERT INTO threads VALUES (?, ?, ?, ?, ?)", rows)
    else:
        for col in ("parent_id", "folder_paths", "folder_paths_order", "created_at"):
            db.execute(f"ALTER TABLE threads ADD COLUMN {col} TEXT")
        extra = {"z-modern-1": (None, "/w/zed-app\n/w/zed-lib", "0\n1", START), "z-json-2": (None, None, None, None)}
        db.executemany("INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [r + extra.get(r[0], (None, None, None, r[2])) for r in rows])
        child = {"version": "0.3.0", "title": "subagent", "updated_at": START,
                 "messages": [{"User": {"id": "u", "content": [{"Text": "look at lib.rs"}]}}]}
        db.execute("INSERT INTO threads VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   ("z-child-3", "subagent", START, "zstd", zstd(child), "z-modern-1", "/w/zed-app", "0", START))
    db.commit()
    db.close()
    return path


def parse(path: Path):
    parsed = load("zed").parse(path)
    for s in parsed.sessions:
        prepare(s)
    return {s.id: s for s in parsed.sessions}, parsed.skipped


def test_modern_zstd_thread(home):
    sessions, skipped = parse(build_db(home / DB))
    assert skipped == 2  # the corrupt zstd body and the unknown encoding, nothing else
    assert set(sessions) == {"z-modern-1", "z-json-2", "z-child-3"}
    s = sessions["z-modern-1"]
    assert (s.title, s.cwd, s.project, s.parent) == ("Flaky terminal test", "/w/zed-app", "zed-app", "")
    assert (s.started, s.updated) == (T0, T0 + 300.123456)
    assert all(r.time == T0 for r in s.records)  # no per-message times: the thread's start
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-zed-user why does [@main.rs](file:///w/zed-app/src/main.rs) hang?"),
        (Role.ASSISTANT, "canary-zed-asst the test waits on a channel nobody closes."),
        (Role.COMMAND, "$ cargo test canary-zed-cmd  → exit 101"),
        (Role.EDIT, "/w/zed-app/src/lib.rs\nlet (tx, rx) = channel(); // canary-zed-edit"),
        (Role.FILES, "/w/zed-app/src/main.rs\n/w/zed-app/src/lib.rs\n/w/zed-app/a.rs\n/w/zed-app/b.rs"),
        (Role.TOOL_OUTPUT, "test hangs ... canary-zed-output\nCommand failed with exit code 101"),
        (Role.TOOL_OUTPUT, "fn main() {}"),
        (Role.ASSISTANT, "Closed the sender; the test passes now."),
    ]
    assert sessions["z-child-3"].parent == "z-modern-1"


def test_legacy_json_thread(home):
    sessions, _ = parse(build_db(home / DB))
    s = sessions["z-json-2"]
    assert (s.title, s.cwd, s.project) == ("legacy thread", "/w/old-zed", "old-zed")  # from the snapshot
    assert (s.started, s.updated) == (1748768400.0, 1748768400.0)  # no created_at: equals updated
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-zed-legacy-user where is the config read?"),
        (Role.ASSISTANT, "canary-zed-legacy-asst in settings.rs"),
        (Role.COMMAND, "$ rg canary-zed-legacy-cmd"),
        (Role.TOOL_OUTPUT, "settings.rs:10 canary-zed-legacy-output"),
    ]


def test_store_an_old_zed_wrote(home):
    sessions, skipped = parse(build_db(home / DB, old_schema=True))
    assert set(sessions) == {"z-modern-1", "z-json-2"} and skipped == 2
    s = sessions["z-modern-1"]
    # no folder_paths column: the project snapshot names the worktree, and relative paths stay relative
    assert s.cwd == "/w/not-this-one" and s.started == T0 + 300.123456
    assert (Role.FILES, "zed-app/src/main.rs\nzed-app/src/lib.rs\nzed-app/a.rs\nzed-app/b.rs") in [(r.role, r.text) for r in s.records]


def test_roots_and_overrides(home, tmp_path, monkeypatch):
    assert load("zed").roots() == [home / DB]
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert load("zed").roots() == [tmp_path / "xdg/zed/threads/threads.db"]
    monkeypatch.setenv("FLATPAK_XDG_DATA_HOME", str(tmp_path / "flat"))
    assert load("zed").roots() == [tmp_path / "flat/zed/threads/threads.db"]
    monkeypatch.setenv("DEJA_ZED_ROOT", str(tmp_path / "zroot"))
    assert load("zed").roots() == [tmp_path / "zroot/threads/threads.db"]
    db = build_db(tmp_path / "some.db")
    monkeypatch.setenv("DEJA_ZED_DB", str(db))
    assert load("zed").discover() == [db]


def test_not_a_zed_store(home):
    path = home / DB
    path.parent.mkdir(parents=True)
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE threads (id TEXT, body TEXT)")
    other.close()
    with pytest.raises(SourceError, match="not a Zed store"):
        load("zed").parse(path)
    path.write_bytes(os.urandom(1024))
    with pytest.raises(SourceError):
        load("zed").parse(path)


def test_every_canary_end_to_end(home):
    build_db(home / DB)
    for phrase, role, session in CANARIES:
        r = deja("search", f'"{phrase}"', "--role", role, "--harness", "zed", "--json").json()
        assert hits(r) == [("zed", session)], (phrase, r)
        assert r["tier"] == "exact"
    for phrase in ABSENT:
        r = deja("search", f'"{phrase}"', "--harness", "zed", "--json").json()
        assert r["total"] == 0 or r["tier"] != "exact", phrase
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["zed"]["state"] == "ok" and states["zed"]["sessions"] == 3 and states["zed"]["skipped"] == 2


def test_garbage_store_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    path = home / DB
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x89PNG not sqlite " * 100)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["zed"]["state"] == "unreadable" and "threads.db" in states["zed"]["reason"], states["zed"]
    assert states["pi"]["state"] == "ok"
