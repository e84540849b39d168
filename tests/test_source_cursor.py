"""Cursor: IDE `state.vscdb` rows built here by hand, and a hand-written CLI transcript fixture."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest
from conftest import FIXTURES, deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.model import Role
from deja.sources import load

CLI_ID = "7d3c9a1e-5b2f-4c8e-9a6d-2f1e0b3c4d5a"
ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command",
             "files": "files", "edit": "edit"}
ROLE_OF = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
           "tool_command": Role.COMMAND, "files": Role.FILES, "edit": Role.EDIT}


@pytest.fixture(autouse=True)
def _no_cursor_env(monkeypatch):
    for var in ("CURSOR_CONFIG_DIR", "DEJA_INCLUDE_SUBAGENTS"):
        monkeypatch.delenv(var, raising=False)


def kv_db(path: Path, rows: dict[str, object], item: dict[str, object] | None = None, headers: list | None = None) -> Path:
    """A state.vscdb as Cursor lays it out: two key-value tables (and, in 2026 builds, composerHeaders)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    db.execute("CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)")
    enc = lambda v: v if v is None or isinstance(v, str) else json.dumps(v)
    db.executemany("INSERT INTO cursorDiskKV VALUES (?, ?)", [(k, enc(v)) for k, v in rows.items()])
    db.executemany("INSERT INTO ItemTable VALUES (?, ?)", [(k, enc(v)) for k, v in (item or {}).items()])
    if headers is not None:
        db.execute("CREATE TABLE composerHeaders (composerId TEXT PRIMARY KEY, isSubagent INTEGER, value TEXT)")
        db.executemany("INSERT INTO composerHeaders VALUES (?, ?, ?)", [(c, s, json.dumps(v)) for c, s, v in headers])
    db.commit()
    db.close()
    return path


def tool(name, call_id, args=None, result=None, **extra):
    tf = {"toolCallId": call_id, "name": name, "status": "completed", "rawArgs": "", "params": args, **extra}
    if result is not None:
        tf["result"] = result
    return tf


def build_ide(home: Path) -> Path:
    """A global DB with three composers and a workspace DB that names a folder and holds an old chat."""
    user = home / ".config/Cursor/User"
    ms = 1767261600000
    c1 = {
        "_v": 18, "composerId": "c-ide-1", "name": "Fix stale cache", "createdAt": ms, "lastUpdatedAt": ms + 90_000,
        # header order, not key order, is the conversation order
        "fullConversationHeadersOnly": [{"bubbleId": b, "type": 1 if b == "zz-user" else 2}
                                        for b in ("zz-user", "aa-think", "mm-read", "nn-term", "oo-edit", "pp-err", "qq-null", "rr-bad", "kk-final")],
    }
    rows: dict[str, object] = {
        "composerData:c-ide-1": c1,
        "bubbleId:c-ide-1:zz-user": {"type": 1, "bubbleId": "zz-user", "timestamp": ms + 1000, "workspaceProjectDir": "/w/cache-svc",
                                     "text": "canary-cursor-ide-user why is the cache stale after a deploy?"},
        "bubbleId:c-ide-1:aa-think": {"type": 2, "createdAt": "2026-01-01T10:00:05Z", "text": "", "thinking": {"text": "canary-cursor-thinking"}},
        "bubbleId:c-ide-1:mm-read": {"type": 2, "createdAt": "2026-01-01T10:00:06Z", "text": "", "toolFormerData": tool(
            "read_file_v2", "t1", json.dumps({"targetFile": "src/cache.py"}),
            json.dumps({"contents": "TTL = 300  # canary-cursor-ide-output"}))},
        "bubbleId:c-ide-1:nn-term": {"type": 2, "createdAt": "2026-01-01T10:00:07Z", "text": "", "toolFormerData": tool(
            "run_terminal_command_v2", "t2", {"command": "make test canary-cursor-ide-cmd", "cwd": ""},
            {"output": "FAILED test_ttl", "exitCode": 2, "rejected": False})},
        "bubbleId:c-ide-1:oo-edit": {"type": 2, "createdAt": "2026-01-01T10:00:08Z", "text": "", "toolFormerData": {
            "toolCallId": "t3", "name": "search_replace", "status": "completed",
            "rawArgs": json.dumps({"file_path": "/w/cache-svc/src/cache.py", "old_string": "TTL = 300  # canary-cursor-ide-edit", "new_string": "TTL = 30"}),
            "result": json.dumps({"diff": {"chunks": [{"diffString": "-TTL = 300\n+TTL = 30"}]}})}},
        "bubbleId:c-ide-1:pp-err": {"type": 2, "createdAt": "2026-01-01T10:00:09Z", "text": "", "toolFormerData": tool(
            "read_file_v2", "t4", {"targetFile": "src/missing.py"}, status="error",
            error={"clientVisibleErrorMessage": "File not found canary-cursor-ide-error"})},
        "bubbleId:c-ide-1:qq-null": None,
        "bubbleId:c-ide-1:rr-bad": "{not json",
        "bubbleId:c-ide-1:kk-final": {"type": 2, "createdAt": "2026-01-01T10:01:00Z",
                                      "text": "canary-cursor-ide-asst the TTL was read once at import time."},
        # no header list and no cwd of its own: the workspace that lists it gives the folder
        "composerData:c-ws-2": {"composerId": "c-ws-2", "name": "", "createdAt": ms + 3_600_000},
        "bubbleId:c-ws-2:a-reply": {"type": 2, "createdAt": "2026-01-01T11:00:02Z", "text": "Use a session cookie."},
        "bubbleId:c-ws-2:z-ask": {"type": 1, "createdAt": "2026-01-01T11:00:01Z", "text": "canary-cursor-ws-user how do I log in?"},
        "composerData:c-sub-3": {"composerId": "c-sub-3", "name": "Explore", "createdAt": ms + 7_200_000},
        "bubbleId:c-sub-3:s1": {"type": 1, "createdAt": "2026-01-01T12:00:00Z", "text": "find every cache call"},
        "composerData:c-draft": {"composerId": "c-draft", "name": "never sent", "createdAt": ms, "fullConversationHeadersOnly": []},
    }
    kv_db(user / "globalStorage/state.vscdb", rows,
          headers=[("c-sub-3", 1, {"composerId": "c-sub-3", "subagentInfo": {"parentComposerId": "c-ide-1"}})])
    ws = user / "workspaceStorage/0f1e2d3c"
    kv_db(ws / "state.vscdb", {
        "composerData:c-old-4": {"composerId": "c-old-4", "name": "old chat", "createdAt": ms - 86_400_000},
        "bubbleId:c-old-4:o1": {"type": 1, "timestamp": ms - 86_000_000, "text": None, "rawText": "canary-cursor-old-user rename the module"},
    }, item={"composer.composerData": {"allComposers": [{"composerId": "c-ws-2"}, {"composerId": "c-old-4"}]}})
    (ws / "workspace.json").write_text(json.dumps({"folder": "file:///w/legacy%20app"}))
    kv_db(user / "workspaceStorage/empty/state.vscdb", {})  # a workspace with no chats at all
    return user


def install(home: Path) -> dict:
    for item in (FIXTURES / "cursor").iterdir():
        if item.name != "MANIFEST.json":
            shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    return json.loads((FIXTURES / "cursor/MANIFEST.json").read_text())


def parse_all() -> tuple[dict, int]:
    src = load("cursor")
    out, skipped = {}, 0
    for path in src.discover():
        parsed = src.parse(path)
        skipped += parsed.skipped
        for s in parsed.sessions:
            prepare(s)
            assert s.id not in out, s.id
            out[s.id] = s
    return out, skipped


def test_ide_composer_bubbles_and_tool_calls(home):
    build_ide(home)
    sessions, skipped = parse_all()
    assert skipped == 1  # the malformed bubble; the NULL one is pruned, not malformed
    assert set(sessions) == {"c-ide-1", "c-ws-2", "c-sub-3", "c-old-4"}  # the draft has no messages
    s = sessions["c-ide-1"]
    assert (s.title, s.cwd, s.project) == ("Fix stale cache", "/w/cache-svc", "cache-svc")
    assert s.started == 1767261600.0 and s.updated == 1767261690.0
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-cursor-ide-user why is the cache stale after a deploy?"),
        (Role.FILES, "/w/cache-svc/src/cache.py"),
        (Role.TOOL_OUTPUT, "TTL = 300  # canary-cursor-ide-output"),
        (Role.COMMAND, "$ make test canary-cursor-ide-cmd  → exit 2"),
        (Role.TOOL_OUTPUT, "FAILED test_ttl"),
        (Role.FILES, "/w/cache-svc/src/cache.py"),
        (Role.EDIT, "/w/cache-svc/src/cache.py\nTTL = 300  # canary-cursor-ide-edit"),
        (Role.FILES, "/w/cache-svc/src/missing.py"),
        (Role.TOOL_OUTPUT, "File not found canary-cursor-ide-error"),
        (Role.ASSISTANT, "canary-cursor-ide-asst the TTL was read once at import time."),
    ]
    assert s.records[0].time == 1767261601.0 and s.records[-1].time == 1767261660.0
    assert str(s.path).endswith("globalStorage/state.vscdb")


def test_ide_project_from_workspace_parent_and_raw_text(home):
    build_ide(home)
    sessions, _ = parse_all()
    ws = sessions["c-ws-2"]
    assert (ws.cwd, ws.project) == ("/w/legacy app", "legacy app")
    assert ws.title == "canary-cursor-ws-user how do I log in?"  # no name: derived at ingest
    assert [r.role for r in ws.records] == [Role.USER, Role.ASSISTANT]  # no headers: by time, not key
    assert sessions["c-sub-3"].parent == "c-ide-1"
    old = sessions["c-old-4"]
    assert old.cwd == "/w/legacy app" and old.path.endswith("0f1e2d3c/state.vscdb")
    assert [r.text for r in old.records] == ["canary-cursor-old-user rename the module"]


def test_cli_transcript(home):
    manifest = install(home)
    (path,) = load("cursor").discover()
    parsed = load("cursor").parse(path)
    (s,) = parsed.sessions
    prepare(s)
    assert (s.id, s.cwd, s.project, parsed.skipped, parsed.offset) == (CLI_ID, manifest["workdir"], "api", 0, 0)
    mtime = path.stat().st_mtime
    assert s.started == s.updated == mtime and all(r.time == mtime for r in s.records)
    got = [(r.role, r.text) for r in s.records]
    assert got[0] == (Role.USER, "canary-cursor-cli-user why does the cart total drift by a cent?")
    assert (Role.FILES, "/w/shop/api/cart/total.py") in got
    assert (Role.EDIT, "/w/shop/api/cart/total.py\nsubtotal += round(line.price * line.qty, 2)  # canary-cursor-cli-edit") in got
    assert (Role.COMMAND, "$ pytest tests/test_cart.py -k canary-cursor-cli-cmd") in got
    assert (Role.USER, "thanks, also check the tax path") in got
    assert not any(r.role is Role.TOOL_OUTPUT for r in s.records)


def test_cli_slug_is_resolved_on_disk_and_subagents_skipped(home, monkeypatch):
    cwd = home / "src" / "my_app.v2"
    cwd.mkdir(parents=True)
    slug = str(cwd).strip("/").replace("/", "-").replace("_", "-").replace(".", "-")
    base = home / ".cursor/projects" / slug / "agent-transcripts"
    line = json.dumps({"role": "user", "message": {"content": [{"type": "text", "text": "hello from a real dir"}]}})
    for rel in ("abc/abc.jsonl", "abc/subagents/sub1.jsonl"):
        (base / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / rel).write_text(line + "\n")
    (path,) = load("cursor").discover()
    (s,) = load("cursor").parse(path).sessions
    assert (s.id, s.cwd, s.project) == ("abc", str(cwd), "my_app.v2")
    monkeypatch.setenv("DEJA_INCLUDE_SUBAGENTS", "1")
    assert len(load("cursor").discover()) == 2


def test_cli_copy_of_an_ide_chat_is_read_once(home):
    build_ide(home)
    base = home / ".cursor/projects/w-cache-svc/agent-transcripts"
    for cid in ("c-ide-1", "cli-only"):
        (base / cid).mkdir(parents=True)
        (base / cid / f"{cid}.jsonl").write_text(
            json.dumps({"role": "user", "message": {"content": [{"type": "text", "text": f"transcript of {cid}"}]}}) + "\n")
    sessions, _ = parse_all()  # asserts no id comes from two files
    assert "cli-only" in sessions
    assert not any("transcript of" in r.text for r in sessions["c-ide-1"].records)


def test_overrides_and_garbage(home, tmp_path, monkeypatch):
    user = build_ide(tmp_path / "elsewhere")
    monkeypatch.setenv("DEJA_CURSOR_ROOT", str(user))
    monkeypatch.setenv("DEJA_CURSOR_CLI_ROOT", str(tmp_path / "cli"))
    install(tmp_path / "cli-home")
    shutil.move(tmp_path / "cli-home/.cursor", tmp_path / "cli")
    src = load("cursor")
    assert src.roots() == [user, tmp_path / "cli/projects"]
    assert len(src.discover()) == 4
    (user / "globalStorage/state.vscdb").write_bytes(b"SQLite format 2\x00 this is not a database" * 50)
    from deja.errors import SourceError
    with pytest.raises(SourceError):
        src.parse(user / "globalStorage/state.vscdb")
    bad = tmp_path / "cli/projects/w-shop-api/agent-transcripts/bad.jsonl"
    bad.write_bytes(b"\x00\x01 not json\n")
    with pytest.raises(SourceError):
        src.parse(bad)


def test_every_canary_end_to_end(home):
    manifest = install(home)
    build_ide(home)
    for c in manifest["canaries"]:
        role = ROLE_FLAG[c["role"]]
        r = deja("search", f'"{c["phrase"]}"', "--role", role, "--harness", "cursor", "--json").json()
        if c.get("expected") is False:
            assert r["total"] == 0 or r["tier"] != "exact", c
            continue
        assert hits(r) == [("cursor", c["session"])], (c, r)
        assert r["tier"] == "exact"
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["cursor"]["state"] == "ok" and states["cursor"]["sessions"] >= 5


def test_canaries_sit_at_their_roles_in_the_parser(home):
    manifest = install(home)
    build_ide(home)
    sessions, _ = parse_all()
    for c in manifest["canaries"]:
        roles = {r.role for r in sessions[c["session"]].records if c["phrase"] in r.text}
        if c.get("expected") is False:
            assert not roles, c
        else:
            assert ROLE_OF[c["role"]] in roles, (c, roles)


def test_garbage_store_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    db = home / ".config/Cursor/User/globalStorage/state.vscdb"
    db.parent.mkdir(parents=True)
    db.write_bytes(os.urandom(4096))
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["cursor"]["state"] == "unreadable" and states["cursor"]["reason"], states["cursor"]
    assert states["pi"]["state"] == "ok"
