"""Qwen Code: the chat the real CLI 0.24.4 wrote (two turns, the second a `--continue`), and
hand-written records for what that run did not produce (titles, sub-sessions, failures, hooks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import deja, hits, install_real, write_jsonl
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

REAL_ID = "68ebdbff-33fe-4e72-92f2-764e19c6734d"
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture(autouse=True)
def _no_relocation(monkeypatch):
    for var in ("QWEN_HOME", "QWEN_RUNTIME_DIR"):
        monkeypatch.delenv(var, raising=False)


def _parse(path: Path, start: int = 0):
    parsed = load("qwen").parse(path, start)
    for s in parsed.sessions:
        prepare(s)
    return parsed


def _real(home: Path) -> tuple[dict, Path]:
    manifest = install_real(home, "qwen")
    (path,) = load("qwen").discover()
    return manifest, path


def rec(kind: str, parts: list | None = None, ts: str = "2026-01-01T10:00:00Z", **extra) -> dict:
    prov = {"user": "real_user", "assistant": "assistant_output", "tool_result": "tool_result"}.get(kind, "system")
    d = {"uuid": f"u-{ts}-{kind}", "parentUuid": None, "sessionId": "q1", "timestamp": ts, "type": kind,
         "provenance": prov, "cwd": "/w/api", "version": "0.24.4"}
    if parts is not None:
        d["message"] = {"role": {"assistant": "model"}.get(kind, "user"), "parts": parts}
    return d | extra


def test_real_chat_every_canary_at_its_role(home):
    manifest, path = _real(home)
    (s,) = _parse(path).sessions
    assert (s.id, s.cwd, s.project) == (REAL_ID, manifest["workdir"], "work-qwen")
    for canary in manifest["canaries"]:
        role = Role.FILES if canary["phrase"].startswith("/") else ROLES[canary["role"]]
        assert role in {r.role for r in s.records if canary["phrase"] in r.text}, canary


def test_real_chat_keeps_speech_and_work_only(home):
    _, path = _real(home)
    parsed = _parse(path)
    assert parsed.skipped == 0 and parsed.offset == path.stat().st_size
    (s,) = parsed.sessions
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "canary-qwen-user-1 Please diagnose the outage: run a shell command to print the canary. 请检查服务健康状况。"),
        (Role.ASSISTANT, "canary-qwen-pre-1 I will run a shell command first."),
        (Role.COMMAND, "$ echo canary-cmd-qwen | sed s/cmd/out/"),
        (Role.TOOL_OUTPUT, "canary-out-qwen"),  # not the `Command: …` echo of the call
        (Role.ASSISTANT, "canary-qwen-asst-1 The command succeeded. Diagnosis: 数据库连接池耗尽 (connection pool exhausted)."),
        (Role.USER, "canary-qwen-user-2 Now read notes.txt and summarise it. 请阅读笔记文件。"),
        (Role.ASSISTANT, "canary-qwen-pre-2 Let me read notes.txt."),
        (Role.FILES, "/tmp/harness/work-qwen/notes.txt"),
        (Role.TOOL_OUTPUT, "canary-file-qwen 文件内容：连接池配置 max_connections=20"),
        (Role.ASSISTANT, "canary-qwen-asst-2 The notes file was read. Second finding: 缓存命中率下降 (cache hit rate dropped)."),
    ]
    assert s.started == pytest.approx(1796054904.541) and s.updated == pytest.approx(1796054909.119)


def test_resumed_mid_file_keeps_identity_and_reads_only_the_rest(home):
    manifest, path = _real(home)
    data = path.read_bytes()
    second = data.index(b"canary-qwen-user-2")
    start = data.rindex(b"\n", 0, second) + 1
    parsed = _parse(path, start)
    (s,) = parsed.sessions
    assert (s.id, s.cwd) == (REAL_ID, manifest["workdir"])
    assert s.records[0].text.startswith("canary-qwen-user-2") and len(s.records) == 5
    assert parsed.offset == len(data)


def test_resume_recovers_identity_from_the_head_when_the_tail_has_none(home):
    path = home / ".qwen/projects/-w-api/chats/q1.jsonl"
    write_jsonl(path, [rec("user", [{"text": "first"}])])
    start = path.stat().st_size
    with open(path, "a") as f:
        f.write(json.dumps({"type": "assistant", "timestamp": "2026-01-01T10:00:01Z",
                            "message": {"role": "model", "parts": [{"text": "bare line"}]}}) + "\n")
    (s,) = _parse(path, start).sessions
    assert (s.id, s.cwd, [r.text for r in s.records]) == ("q1", "/w/api", ["bare line"])


def test_records_the_real_run_did_not_produce(home):
    path = write_jsonl(home / ".qwen/projects/-w-api/chats/q1.jsonl", [
        rec("system", subtype="parent_session", systemPayload={"parentSessionId": "q0"}),
        rec("user", [{"text": "fix the flaky test"},
                     {"text": "<qwen:user-prompt-submit-context>\nbranch: main\n</qwen:user-prompt-submit-context>"}]),
        rec("assistant", [{"text": "secret reasoning", "thought": True}, {"text": "running it"},
                          {"functionCall": {"id": "c1", "name": "run_shell_command", "args": {"command": "go test ./..."}}},
                          {"functionCall": {"id": "c2", "name": "edit", "args": {
                              "file_path": "pkg/a.go", "old_string": "old body", "new_string": "new"}}}],
            "2026-01-01T10:00:02Z"),
        rec("tool_result", [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {
            "output": "Command: go test ./...\nDirectory: (root)\nOutput: FAIL pkg\nError: (none)\nExit Code: 1"}}}],
            "2026-01-01T10:00:03Z", toolCallResult={"callId": "c1", "status": "error", "resultDisplay": {
                "type": "shell_result", "exitCode": 1, "output": "FAIL pkg", "error": None}}),
        rec("tool_result", [{"functionResponse": {"id": "c2", "name": "edit", "response": {"error": "old_string not found"}}}],
            "2026-01-01T10:00:04Z"),
        rec("user", [{"text": "Background task finished: lint"}], "2026-01-01T10:00:05Z",
            provenance="system", subtype="background_task_completed"),
        rec("system", subtype="ui_telemetry", systemPayload={"uiEvent": {"response_text": "running it"}}),
        rec("system", subtype="chat_compression", systemPayload={"summary": "compressed history"}),
        rec("user", [{"text": "typed mid turn"}], "2026-01-01T10:00:06Z", subtype="mid_turn_user_message"),
        rec("system", subtype="custom_title", systemPayload={"customTitle": "Flaky go test"}),
    ])
    (s,) = _parse(path).sessions
    assert (s.id, s.parent, s.title, s.project) == ("q1", "q0", "Flaky go test", "api")
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "fix the flaky test"),
        (Role.ASSISTANT, "running it"),
        (Role.COMMAND, "$ go test ./...  → exit 1"),
        (Role.FILES, "/w/api/pkg/a.go"),
        (Role.EDIT, "/w/api/pkg/a.go\nold body"),
        (Role.TOOL_OUTPUT, "FAIL pkg"),
        (Role.TOOL_OUTPUT, "old_string not found"),
        (Role.USER, "typed mid turn"),
    ]


def test_exit_status_from_the_output_text_when_no_display(home):
    path = write_jsonl(home / ".qwen/projects/-w-api/chats/q1.jsonl", [
        rec("assistant", [{"functionCall": {"id": "c1", "name": "run_shell_command", "args": {"command": "make"}}}]),
        rec("tool_result", [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {
            "output": "Command: make\nDirectory: (root)\nOutput: cc: error\nError: (none)\nExit Code: 2\nSignal: (none)\nProcess Group PGID: 9"}}}]),
    ])
    (s,) = _parse(path).sessions
    assert [r.text for r in s.records] == ["$ make  → exit 2", "cc: error"]


def test_torn_tail_is_not_consumed_and_garbage_is_an_error(home):
    path = home / ".qwen/projects/-w-api/chats/q1.jsonl"
    path.parent.mkdir(parents=True)
    good = json.dumps(rec("user", [{"text": "hello"}])).encode()
    path.write_bytes(good + b"\n{broken\n" + good + b"\n{\"type\": \"us")
    parsed = load("qwen").parse(path)
    assert parsed.skipped == 1 and parsed.offset == path.stat().st_size - len(b'{"type": "us')
    path.write_bytes(b"\x00\x01garbage\nmore garbage\n")
    with pytest.raises(SourceError):
        load("qwen").parse(path)


def test_roots_discover_only_direct_chats(home, tmp_path, monkeypatch):
    write_jsonl(home / ".qwen/projects/-w-api/chats/q1.jsonl", [rec("user", [{"text": "a"}])])
    write_jsonl(home / ".qwen/projects/-w-api/chats/q1/side.jsonl", [rec("user", [{"text": "b"}])])
    write_jsonl(home / ".qwen/projects/-w-api/other.jsonl", [rec("user", [{"text": "c"}])])
    assert [p.name for p in load("qwen").discover()] == ["q1.jsonl"]
    monkeypatch.setenv("QWEN_RUNTIME_DIR", str(tmp_path / "rt"))
    write_jsonl(tmp_path / "rt/projects/-w-x/chats/q2.jsonl", [rec("user", [{"text": "d"}])])
    assert [p.name for p in load("qwen").discover()] == ["q1.jsonl", "q2.jsonl"]
    monkeypatch.setenv("DEJA_QWEN_ROOT", str(tmp_path / "rt"))
    assert load("qwen").roots() == [tmp_path / "rt/projects"]
    assert [p.name for p in load("qwen").discover()] == ["q2.jsonl"]


def test_every_canary_is_found_through_the_cli(home):
    manifest = install_real(home, "qwen")
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "qwen", "--json").json()
        assert hits(r) == [("qwen", REAL_ID)] and r["tier"] == "exact", (canary, r)
    state = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "qwen")
    assert state["state"] == "ok" and state["sessions"] >= 1


def test_a_store_of_garbage_is_unreadable_while_another_harness_indexes(home):
    install_real(home, "pi")
    bad = home / ".qwen/projects/-w/chats/x.jsonl"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"\x89PNG garbage\n\x00\x00\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["qwen"]["state"] == "unreadable" and "JSON" in states["qwen"]["reason"]
    assert states["pi"]["state"] == "ok"
