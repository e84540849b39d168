"""Parsers against stores written by the real CLIs, and hand-written edge cases from the format doc."""

from __future__ import annotations

import re

import json

import pytest
import zstandard

from conftest import FIXTURES, install_real, write_jsonl
from deja.ingest.prepare import prepare
from deja.model import Role
from deja.sources import load

CANARY_ROLES = {
    "user_prompt": {Role.USER},
    "assistant_text": {Role.ASSISTANT},
    "tool_output": {Role.TOOL_OUTPUT},
    "tool_command": {Role.COMMAND, Role.FILES},
}


def _parse_all(harness):
    src = load(harness)
    sessions = []
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0
        for s in parsed.sessions:
            prepare(s)
        sessions += parsed.sessions
    return sessions


@pytest.mark.parametrize("harness", ["claude", "codex", "pi"])
def test_every_canary_of_the_real_cli_is_at_its_role(home, harness):
    manifest = install_real(home, harness)
    sessions = _parse_all(harness)
    assert len(sessions) == 1
    s = sessions[0]
    assert s.cwd == manifest["workdir"] and s.project == manifest["workdir"].rsplit("/", 1)[-1]
    for canary in manifest["canaries"]:
        if canary.get("expected") is False:
            continue
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        assert roles & CANARY_ROLES[canary["role"]], (canary, roles)


@pytest.mark.parametrize("harness", ["claude", "codex", "pi"])
def test_read_file_is_a_files_record(home, harness):
    manifest = install_real(home, harness)
    s = _parse_all(harness)[0]
    files = [r.text for r in s.records if r.role is Role.FILES]
    assert f"{manifest['workdir']}/notes.txt" in files


def test_claude_keeps_only_speech_and_work(home):
    install_real(home, "claude")
    s = _parse_all("claude")[0]
    text = "\n".join(r.text for r in s.records)
    # api-request blobs carry the system prompt and tool schemas: not speech
    assert "Primary working directory" not in text
    assert "<system-reminder>" not in text
    assert {r.role for r in s.records} == {Role.USER, Role.ASSISTANT, Role.COMMAND, Role.TOOL_OUTPUT, Role.FILES}


def test_codex_strips_injected_context_and_keeps_developer_apart(home):
    install_real(home, "codex")
    s = _parse_all("codex")[0]
    users = [r.text for r in s.records if r.role is Role.USER]
    assert all("<environment_context>" not in u for u in users)
    assert len(users) == 2  # the environment-only message was left empty and dropped
    assert any(r.role is Role.DEVELOPER for r in s.records)


def test_claude_subagent_is_its_own_session_with_parent(home):
    base = home / ".claude/projects/-w-app/parent-1"
    write_jsonl(
        base / "subagents/agent-a1.jsonl",
        [
            {"type": "user", "isSidechain": True, "agentId": "a1", "sessionId": "parent-1", "cwd": "/w/app",
             "timestamp": "2026-01-01T10:00:00Z", "message": {"role": "user", "content": "look for the flaky test"}},
            {"type": "assistant", "isSidechain": True, "agentId": "a1", "sessionId": "parent-1",
             "timestamp": "2026-01-01T10:00:02Z",
             "message": {"role": "assistant", "content": [
                 {"type": "thinking", "thinking": "secret thoughts"},
                 {"type": "tool_use", "id": "t1", "name": "Edit", "input": {"file_path": "/w/app/x.py", "old_string": "old body", "new_string": "new"}},
                 {"type": "tool_use", "id": "t2", "name": "Bash", "input": {"command": "pytest -x"}}]}},
            {"type": "user", "isSidechain": True, "agentId": "a1", "sessionId": "parent-1",
             "timestamp": "2026-01-01T10:00:03Z",
             "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t2", "is_error": True, "content": "Exit code 1\nFAILED test_x"}]}},
        ],
    )
    (s,) = _parse_all("claude")
    assert (s.id, s.parent, s.project) == ("a1", "parent-1", "app")
    got = [(r.role, r.text) for r in s.records]
    assert (Role.FILES, "/w/app/x.py") in got
    assert (Role.EDIT, "/w/app/x.py\nold body") in got
    assert (Role.COMMAND, "$ pytest -x  → exit 1") in got
    assert (Role.TOOL_OUTPUT, "Exit code 1\nFAILED test_x") in got
    assert not any("secret thoughts" in t for _, t in got)


def test_corrupt_and_torn_lines_are_skipped_and_counted(home):
    path = home / ".claude/projects/-w/s1.jsonl"
    path.parent.mkdir(parents=True)
    good = {"type": "user", "sessionId": "s1", "timestamp": "2026-01-01T10:00:00Z", "message": {"role": "user", "content": "hello there"}}
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good).encode() + b"\n{not json\n" + json.dumps(good | {"message": {"role": "user", "content": "second"}}).encode() + b"\n{\"type\": \"us")
    parsed = load("claude").parse(path)
    assert parsed.skipped == 1
    assert [r.text for r in parsed.sessions[0].records] == ["hello there", "second"]
    assert parsed.offset == path.stat().st_size - len(b'{"type": "us')  # the torn tail is not consumed


def test_codex_archived_zst_history_and_titles(home):
    codex = home / ".codex"
    lines = [
        {"timestamp": "2026-01-01T10:00:00Z", "type": "session_meta", "payload": {"id": "arch-1", "cwd": "/w/svc"}},
        {"timestamp": "2026-01-01T10:00:01Z", "type": "response_item", "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "run the tests"}]}},
        {"timestamp": "2026-01-01T10:00:02Z", "type": "response_item", "payload": {"type": "reasoning", "summary": [{"text": "hidden reasoning"}]}},
        {"timestamp": "2026-01-01T10:00:03Z", "type": "response_item", "payload": {"type": "function_call", "name": "exec_command", "call_id": "c1", "arguments": json.dumps({"cmd": "go test ./..."})}},
        {"timestamp": "2026-01-01T10:00:04Z", "type": "response_item", "payload": {"type": "function_call_output", "call_id": "c1", "output": "Chunk ID: x\nProcess exited with code 1\nOutput:\nFAIL pkg"}},
        {"timestamp": "2026-01-01T10:00:05Z", "type": "response_item", "payload": {"type": "custom_tool_call", "name": "apply_patch", "call_id": "c2", "input": "*** Begin Patch\n*** Update File: a.go\n@@\n-old line\n+new line\n*** End Patch\n"}},
    ]
    raw = "".join(json.dumps(x) + "\n" for x in lines).encode()
    half = len(raw) // 2
    cut = raw.index(b"\n", half) + 1
    c = zstandard.ZstdCompressor()
    (codex / "archived_sessions").mkdir(parents=True)
    # two concatenated frames, as rotated archives are
    (codex / "archived_sessions/rollout-2026-01-01T10-00-00-arch-1.jsonl.zst").write_bytes(c.compress(raw[:cut]) + c.compress(raw[cut:]))
    write_jsonl(codex / "history.jsonl", [{"session_id": "h-1", "ts": 1767261600, "text": "only in history"}])
    write_jsonl(codex / "session_index.jsonl", [{"id": "arch-1", "thread_name": "old name"}, {"id": "arch-1", "thread_name": "Fix the tests"}])
    sessions = {s.id: s for s in _parse_all("codex")}
    arch = sessions["arch-1"]
    assert arch.title == "Fix the tests"
    got = [(r.role, r.text) for r in arch.records]
    assert got == [
        (Role.USER, "run the tests"),
        (Role.COMMAND, "$ go test ./...  → exit 1"),
        (Role.TOOL_OUTPUT, "FAIL pkg"),
        (Role.FILES, "/w/svc/a.go"),
        (Role.EDIT, "/w/svc/a.go\nold line"),
    ]
    assert [r.text for r in sessions["h-1"].records] == ["only in history"]


def test_pi_resumed_mid_file_keeps_header_identity(home):
    manifest = install_real(home, "pi")
    (path,) = load("pi").discover()
    data = path.read_bytes()
    second_turn = data.index(b"canary-pi-user-2")
    start = data.rindex(b"\n", 0, second_turn) + 1
    parsed = load("pi").parse(path, start)
    (s,) = parsed.sessions
    assert s.id == "01a22d37-382a-7421-810f-5b51faf93793"
    assert s.cwd == manifest["workdir"]
    assert s.records[0].text.startswith("canary-pi-user-2")


def test_notes_group_by_project_and_day(home, monkeypatch):
    notes = home / "notes.jsonl"
    monkeypatch.setenv("DEJA_NOTES_FILE", str(notes))
    monkeypatch.setenv("TZ", "UTC")
    write_jsonl(notes, [
        {"ts": "2026-03-01T09:00:00Z", "project": "/w/api", "text": "use pgbouncer", "tags": ["db"]},
        {"ts": "2026-03-01T17:00:00Z", "project": "/w/api", "text": "retry twice"},
        {"ts": "2026-03-02T09:00:00Z", "project": "/w/api", "text": "next day"},
        {"ts": "2026-03-01T09:00:00Z", "project": "/w/web", "text": "other project"},
        {"ts": "2026-03-01T10:00:00Z", "project": "/x/api", "text": "another api directory"},
    ])
    got = sorted((s.id, len(s.records), s.cwd, s.title) for s in load("notes").parse(notes).sessions)
    # one session per project path and day: the id carries a hash of the path, so two `api`s stay apart
    assert sorted((re.sub(r"-[0-9a-f]{6}-", "-", i), n, cwd, t) for i, n, cwd, t in got) == sorted([
        ("api-2026-03-01", 2, "/w/api", "notes: api 2026-03-01"), ("api-2026-03-02", 1, "/w/api", "notes: api 2026-03-02"),
        ("api-2026-03-01", 1, "/x/api", "notes: api 2026-03-01"), ("web-2026-03-01", 1, "/w/web", "notes: web 2026-03-01")])
    assert len({i for i, *_ in got}) == 4


def test_real_fixture_files_exist():
    assert (FIXTURES / "real" / "claude" / "MANIFEST.json").is_file()
