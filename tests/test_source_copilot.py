"""GitHub Copilot CLI: the store the real CLI wrote (1.0.102), and edge cases from the format doc."""

from __future__ import annotations

import json

import pytest

from conftest import FIXTURES, deja, hits, install_real, write_jsonl
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

SID = "e2944f93-cf52-4271-aa21-334c1460ca4e"
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture(autouse=True)
def _no_relocation(monkeypatch):
    monkeypatch.delenv("COPILOT_HOME", raising=False)


def _sessions():
    src = load("copilot")
    out = []
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0
        for s in parsed.sessions:
            prepare(s)
        out += parsed.sessions
    return out


def _events(home, sid="s1", name="events.jsonl"):
    return home / ".copilot/session-state" / sid / name


def _start(sid="s1", cwd="/w/gateway"):
    return {"type": "session.start", "id": "e0", "parentId": None, "timestamp": "2026-01-01T10:00:00Z",
            "data": {"sessionId": sid, "startTime": "2026-01-01T10:00:00Z", "context": {"cwd": cwd}}}


def _ev(kind, data, ts="2026-01-01T10:00:01Z"):
    return {"type": kind, "data": data, "id": "e", "parentId": None, "timestamp": ts}


def test_every_canary_of_the_real_cli_is_at_its_role(home):
    manifest = install_real(home, "copilot")
    (s,) = _sessions()
    for canary in manifest["canaries"]:
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        if canary["role"] == "tool_command":
            want = Role.FILES if canary["phrase"].startswith("/") else Role.COMMAND
        else:
            want = ROLES[canary["role"]]
        assert want in roles, (canary, roles)


def test_real_session_identity_times_and_speech_only(home):
    manifest = install_real(home, "copilot")
    (path,) = load("copilot").discover()
    parsed = load("copilot").parse(path)
    (s,) = parsed.sessions
    assert s.id == SID and s.cwd == manifest["workdir"] and s.project == "work-copilot"
    assert parsed.offset == path.stat().st_size  # append-only: the next parse resumes here
    assert s.started == pytest.approx(1796054987.546) and s.updated > s.started
    text = "\n".join(r.text for r in s.records)
    assert "You are the GitHub Copilot CLI" not in text  # system.message is not speech
    assert "<current_datetime>" not in text  # transformedContent is not what the person typed
    assert "<shellId" not in text
    assert [r.text for r in s.records if r.role is Role.COMMAND] == ["$ echo canary-cmd-copilot | sed s/cmd/out/"]
    assert [r.text for r in s.records if r.role is Role.FILES] == [f"{manifest['workdir']}/notes.txt"]
    assert sum(r.role is Role.USER for r in s.records) == 2  # both turns, the second from --continue


def test_resumed_mid_file_recovers_id_and_cwd_from_the_start_line(home):
    manifest = install_real(home, "copilot")
    (path,) = load("copilot").discover()
    data = path.read_bytes()
    start = data.rindex(b"\n", 0, data.index(b'"session.resume"')) + 1
    parsed = load("copilot").parse(path, start)
    (s,) = parsed.sessions
    assert s.id == SID and s.cwd == manifest["workdir"]
    assert s.records[0].role is Role.USER and s.records[0].text.startswith("canary-copilot-user-2")
    assert not any("canary-copilot-user-1" in r.text for r in s.records)
    assert parsed.offset == len(data)


def test_exit_status_from_the_shell_trailer_and_failed_tools(home):
    path = write_jsonl(_events(home), [
        _start(),
        _ev("user.message", {"content": "why does vet fail",
                             "transformedContent": "<current_datetime>x</current_datetime>\n\nwhy does vet fail"}),
        _ev("system.message", {"role": "system", "content": "You are a helpful CLI"}),
        _ev("tool.execution_start", {"toolCallId": "c1", "toolName": "bash", "arguments": {"command": "go vet ./..."}}),
        _ev("tool.execution_complete", {"toolCallId": "c1", "success": False,
                                        "result": {"content": "pattern ./...: no main module\n<shellId: 3 completed with exit code 2>"}}),
        _ev("tool.execution_start", {"toolCallId": "c2", "toolName": "edit",
                                     "arguments": {"path": "/w/gateway/pool.go", "old_str": "MaxConns: 20", "new_str": "MaxConns: 200"}}),
        _ev("tool.execution_complete", {"toolCallId": "c2", "success": False, "error": {"message": "old_str not found in pool.go"}}),
        _ev("assistant.message", {"content": "", "toolRequests": [{"toolCallId": "c3", "name": "view"}]}),
        _ev("assistant.reasoning", {"content": "private chain of thought"}),
        _ev("assistant.message", {"content": "close rows in the scan loop"}),
    ])
    (s,) = load("copilot").parse(path).sessions
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "why does vet fail"),
        (Role.COMMAND, "$ go vet ./...  → exit 2"),
        (Role.TOOL_OUTPUT, "pattern ./...: no main module"),
        (Role.FILES, "/w/gateway/pool.go"),
        (Role.EDIT, "/w/gateway/pool.go\nMaxConns: 20"),
        (Role.TOOL_OUTPUT, "old_str not found in pool.go"),
        (Role.ASSISTANT, "close rows in the scan loop"),
    ]
    assert s.id == "s1" and s.project == "gateway"


def test_torn_and_corrupt_lines_are_counted_and_the_offset_stops_before_a_torn_tail(home):
    path = write_jsonl(_events(home), [_start(), _ev("user.message", {"content": "first question"})])
    good = path.stat().st_size
    with open(path, "ab") as f:
        f.write(b"{not json\n")
        f.write(json.dumps(_ev("assistant.message", {"content": "an answer"})).encode() + b"\n")
        f.write(b'{"type": "user.message", "data": {"content": "half writ')
    parsed = load("copilot").parse(path)
    assert parsed.skipped == 1
    assert [r.text for r in parsed.sessions[0].records] == ["first question", "an answer"]
    assert good < parsed.offset == path.stat().st_size - len(b'{"type": "user.message", "data": {"content": "half writ')


def test_a_file_of_garbage_is_a_source_error(home):
    path = _events(home)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x89PNG\x00\x00\nnot json either\n")
    with pytest.raises(SourceError):
        load("copilot").parse(path)


def test_layouts_relocation_and_workspace_title(home, monkeypatch):
    write_jsonl(_events(home, "s1"), [_start("s1"), _ev("user.message", {"content": "in a session folder"})])
    # early releases wrote the events flat, named by the session id
    write_jsonl(home / ".copilot/session-state/s2.jsonl", [_start("s2"), _ev("user.message", {"content": "flat file"})])
    write_jsonl(home / ".copilot/session-state/s1/checkpoints/other.jsonl", [_ev("user.message", {"content": "not a transcript"})])
    (home / ".copilot/session-state/s1/workspace.yaml").write_text(
        "id: s1\ncwd: /w/other\nname: 'Pool ''exhaustion'' hunt'\nuser_named: true\nsummary_count: 0\n")
    src = load("copilot")
    assert [p.relative_to(home).as_posix() for p in src.discover()] == [
        ".copilot/session-state/s1/events.jsonl", ".copilot/session-state/s2.jsonl"]
    s1 = src.parse(src.discover()[0]).sessions[0]
    assert s1.title == "Pool 'exhaustion' hunt" and s1.cwd == "/w/gateway"  # the events' cwd wins
    assert src.parse(src.discover()[1]).sessions[0].id == "s2"

    moved = home / "elsewhere"
    write_jsonl(moved / "session-state/s3/events.jsonl", [_start("s3"), _ev("user.message", {"content": "relocated"})])
    monkeypatch.setenv("COPILOT_HOME", str(moved))
    assert [p.parent.name for p in load("copilot").discover()] == ["s3"]
    monkeypatch.setenv("DEJA_COPILOT_ROOT", str(home / ".copilot/session-state"))
    assert len(load("copilot").discover()) == 2


def test_workspace_yaml_gives_cwd_when_the_start_line_is_gone(home):
    path = write_jsonl(_events(home, "s9"), [_ev("user.message", {"content": "orphaned turn"})])
    (path.parent / "workspace.yaml").write_text("id: s9\ncwd: /w/api\nname: 'orphaned turn'\nuser_named: false\n")
    (s,) = load("copilot").parse(path).sessions
    assert s.id == "s9" and s.cwd == "/w/api" and s.project == "api" and s.title == ""


def test_end_to_end_every_canary_through_the_cli(home):
    manifest = install_real(home, "copilot")
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "copilot", "--json").json()
        assert hits(r) == [("copilot", SID)], (canary, r)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["copilot"]["state"] == "ok" and states["copilot"]["sessions"] >= 1


def test_end_to_end_a_store_of_garbage_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    path = _events(home, SID)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00\x01 garbage\nmore garbage\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["copilot"]["state"] == "unreadable" and "JSON" in states["copilot"]["reason"]
    assert states["pi"]["state"] == "ok"


def test_real_fixture_holds_only_what_the_parser_reads():
    root = FIXTURES / "real" / "copilot"
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    assert files == [
        ".copilot/session-state/e2944f93-cf52-4271-aa21-334c1460ca4e/events.jsonl",
        ".copilot/session-state/e2944f93-cf52-4271-aa21-334c1460ca4e/workspace.yaml",
        "MANIFEST.json",
    ]
