"""Cline: the store the real CLI wrote (3.0.65), the older VS Code extension's task folders
(hand-written from the format doc), and edge cases."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import FIXTURES, deja, hits, install_real
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load
from deja.sources.cline import vscode_user_dirs

FIRST, SECOND = "1796055019228_v03pr", "1796055022255_x2732"
LEGACY = "1767261600000"
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture(autouse=True)
def _no_relocation(monkeypatch):
    for var in ("CLINE_SESSION_DATA_DIR", "CLINE_DATA_DIR", "CLINE_DIR"):
        monkeypatch.delenv(var, raising=False)


def _by_id():
    src = load("cline")
    out = {}
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0 and parsed.offset == 0
        for s in parsed.sessions:
            prepare(s)
            out[s.id] = s
    return out


def _install_legacy(home):
    """The extension's globalStorage, at the VS Code user dir of this platform."""
    src = FIXTURES / "cline/.config/Code/User/globalStorage"
    shutil.copytree(src, vscode_user_dirs()[0] / "globalStorage", dirs_exist_ok=True)


def _session(home, sid, messages, manifest=None, agent="lead"):
    d = home / ".cline/data/sessions" / sid
    d.mkdir(parents=True, exist_ok=True)
    (d / f"{sid}.messages.json").write_text(json.dumps({"version": 1, "sessionId": sid, "agent": agent, "messages": messages}))
    if manifest is not None:
        (d / f"{sid}.json").write_text(json.dumps(manifest))
    return d / f"{sid}.messages.json"


def _msg(role, *blocks, ts=1767261600000):
    return {"role": role, "content": list(blocks), "ts": ts}


def test_every_canary_of_the_real_cli_is_at_its_role(home):
    manifest = install_real(home, "cline")
    sessions = _by_id()
    assert set(sessions) == {FIRST, SECOND}  # `cline` cannot resume without a TTY: two sessions
    for canary in manifest["canaries"]:
        s = sessions[FIRST if canary["turn"] == 1 else SECOND]
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        if canary["role"] == "tool_command":
            want = Role.FILES if canary["phrase"].startswith("/") else Role.COMMAND
        else:
            want = ROLES[canary["role"]]
        assert want in roles, (canary, roles)


def test_real_sessions_identity_title_times_and_unwrapped_prompt(home):
    manifest = install_real(home, "cline")
    s = _by_id()[FIRST]
    assert s.cwd == manifest["workdir"] and s.project == "work-cline"
    assert s.title.startswith("canary-cline-user-1 Please diagnose")
    assert s.started == pytest.approx(1796055019.235) and s.updated == pytest.approx(1796055019.708)
    assert [r.role for r in s.records] == [Role.USER, Role.ASSISTANT, Role.COMMAND, Role.TOOL_OUTPUT, Role.ASSISTANT]
    assert s.records[0].text.startswith("canary-cline-user-1") and "user_input" not in s.records[0].text
    assert s.records[0].time == pytest.approx(1796055019.334)
    assert s.records[2].text == "$ echo canary-cmd-cline | sed s/cmd/out/"
    read = _by_id()[SECOND]
    # read_files numbers each line ("1 | …"): the file's own text is what is indexed
    outputs = [r.text for r in read.records if r.role is Role.TOOL_OUTPUT]
    assert outputs == ["canary-file-cline 文件内容：连接池配置 max_connections=20"]
    assert [r.text for r in read.records if r.role is Role.FILES] == [f"{manifest['workdir']}/notes.txt"]


def test_the_session_database_is_not_read(home):
    install_real(home, "cline")
    db = home / ".cline/data/db"
    db.mkdir(parents=True)
    (db / "sessions.db").write_bytes(b"SQLite format 3\x00")
    assert all(p.name.endswith(".messages.json") for p in load("cline").discover())


def test_cli_tools_commands_edits_failures_and_injected_blocks(home):
    path = _session(home, "s1", [
        _msg("user", {"type": "text", "text": '<user_input mode="plan"><mode_notice>The user switched from act mode to plan mode before '
                      'sending this message.</mode_notice>why is the pool exhausted</user_input>\n<file_content path="/w/api/pool.go">\n'
                      'package api\n</file_content>'}),
        _msg("assistant", {"type": "thinking", "thinking": "secret reasoning"},
             {"type": "text", "text": "Let me check."},
             {"type": "tool_use", "id": "t1", "name": "run_commands",
              "input": {"commands": ["go vet ./...", {"command": "go", "args": ["test", "./..."]}]}},
             {"type": "tool_use", "id": "t2", "name": "editor",
              "input": {"path": "/w/api/pool.go", "old_text": "MaxConns: 20", "new_text": "MaxConns: 200"}}),
        _msg("user", {"type": "tool_result", "tool_use_id": "t1", "name": "run_commands", "content": [
            {"query": "go vet ./...", "result": "", "success": True},
            {"query": "go test ./...", "result": "", "error": "Command failed: Command exited with code 1", "success": False}]},
             {"type": "tool_result", "tool_use_id": "t2", "name": "editor", "content": [
                 {"query": "edit:/w/api/pool.go", "result": "Edited /w/api/pool.go", "success": True}]}),
    ], manifest={"session_id": "s1", "cwd": "/w/api", "prompt": '<user_input mode="act">why is the pool exhausted</user_input>',
                 "started_at": "2026-01-01T10:00:00Z"})
    (s,) = load("cline").parse(path).sessions
    prepare(s)
    assert [(r.role, r.text) for r in s.records] == [
        (Role.FILES, "/w/api/pool.go"),
        (Role.USER, "why is the pool exhausted"),
        (Role.ASSISTANT, "Let me check."),
        (Role.COMMAND, "$ go vet ./..."),
        (Role.COMMAND, "$ go test ./...  → exit 1"),
        (Role.EDIT, "/w/api/pool.go\nMaxConns: 20"),
        (Role.TOOL_OUTPUT, "Command failed: Command exited with code 1"),
        (Role.TOOL_OUTPUT, "Edited /w/api/pool.go"),
    ]
    assert s.title == "why is the pool exhausted" and s.project == "api"


def test_subagent_transcripts_are_skipped_and_garbage_is_an_error(home):
    path = _session(home, "s2", [_msg("user", {"type": "text", "text": "investigate the cache"})], agent="teammate-1")
    assert load("cline").parse(path).sessions == []
    bad = _session(home, "s3", [])
    bad.write_bytes(b"\x00garbage")
    with pytest.raises(SourceError):
        load("cline").parse(bad)
    bad.write_text('{"version": 1}')
    with pytest.raises(SourceError):
        load("cline").parse(bad)
    ok = _session(home, "s4", [_msg("user", {"type": "text", "text": "kept"}), "not a message", 7])
    parsed = load("cline").parse(ok)
    assert parsed.skipped == 2 and [r.text for r in parsed.sessions[0].records] == ["kept"]


def test_a_rewritten_file_is_read_whole_again(home):
    path = _session(home, "s5", [_msg("user", {"type": "text", "text": "first version"})])
    assert [r.text for r in load("cline").parse(path).sessions[0].records] == ["first version"]
    _session(home, "s5", [_msg("user", {"type": "text", "text": "rewritten"}), _msg("assistant", {"type": "text", "text": "reply"})])
    assert [r.text for r in load("cline").parse(path).sessions[0].records] == ["rewritten", "reply"]
    assert load("cline").append_only is False


def test_relocation_variables(home, monkeypatch, tmp_path):
    _session(home, "s6", [_msg("user", {"type": "text", "text": "default place"})])
    moved = tmp_path / "cline-data"
    (moved / "sessions/s7").mkdir(parents=True)
    (moved / "sessions/s7/s7.messages.json").write_text(json.dumps({"messages": []}))
    monkeypatch.setenv("CLINE_DATA_DIR", str(moved))
    assert [p.name for p in load("cline").discover()] == ["s7.messages.json"]
    monkeypatch.setenv("CLINE_SESSION_DATA_DIR", str(home / ".cline/data/sessions"))
    assert [p.name for p in load("cline").discover()] == ["s6.messages.json"]
    monkeypatch.setenv("DEJA_CLINE_ROOT", str(moved / "sessions"))
    monkeypatch.setenv("DEJA_CLINE_ROOTS", "")
    assert [p.name for p in load("cline").discover()] == ["s7.messages.json"]


def test_legacy_extension_task_from_the_doc(home):
    _install_legacy(home)
    s = _by_id()[LEGACY]
    assert s.cwd == "/home/dev/exporter" and s.project == "exporter"
    assert s.title == "Why does the nightly export time out? cline-legacy-user-1"
    assert s.started == 1767261600.0 and s.updated == 1767261609.0  # task start + 1 s per message
    text = "\n".join(r.text for r in s.records)
    for injected in ("environment_details", "Current Working Directory", "cline-legacy-thinking", "<task>",
                     "TASK RESUMPTION", "<execute_command>", "<answer>"):
        assert injected not in text
    by_role = {role: [r.text for r in s.records if r.role is role] for role in Role}
    assert by_role[Role.USER] == ["Why does the nightly export time out? cline-legacy-user-1",
                                  "yes, both exports cline-legacy-answer", "check the retry policy too cline-legacy-user-2"]
    assert "Raised the export timeout to 900s for the nightly and weekly runs. cline-legacy-done" in by_role[Role.ASSISTANT]
    assert "Should the weekly export get the same timeout? cline-legacy-question" in by_role[Role.ASSISTANT]
    assert by_role[Role.COMMAND] == ["$ cat logs/nightly.log"]
    assert by_role[Role.FILES] == ["/home/dev/exporter/logs/nightly.log", "/home/dev/exporter/config/export.yaml"]
    assert by_role[Role.EDIT] == ["/home/dev/exporter/config/export.yaml\ntimeout: 300s"]
    assert any("cline-legacy-out-1" in t for t in by_role[Role.TOOL_OUTPUT])


def test_legacy_roots_override_and_hosts(home, monkeypatch, tmp_path):
    _install_legacy(home)
    assert [p.parent.name for p in load("cline").discover()] == [LEGACY]
    assert {p.parents[2].name for p in load("cline").roots()[1:]} >= {"Code", "Code - Insiders", "VSCodium", "Cursor"}
    monkeypatch.setenv("DEJA_CLINE_ROOTS", str(tmp_path / "nowhere"))
    assert load("cline").discover() == []


def test_end_to_end_every_canary_through_the_cli(home):
    manifest = install_real(home, "cline")
    _install_legacy(home)
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        sid = FIRST if canary["turn"] == 1 else SECOND
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "cline", "--json").json()
        assert hits(r) == [("cline", sid)], (canary, r)
    r = deja("search", '"cline-legacy-answer"', "--role", "user", "--harness", "cline", "--json").json()
    assert hits(r) == [("cline", LEGACY)]
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["cline"]["state"] == "ok" and states["cline"]["sessions"] == 3


def test_end_to_end_a_store_of_garbage_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    d = home / ".cline/data/sessions/x"
    d.mkdir(parents=True)
    (d / "x.messages.json").write_bytes(b"\x89PNG garbage\x00")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["cline"]["state"] == "unreadable" and "JSON" in states["cline"]["reason"]
    assert states["pi"]["state"] == "ok"
