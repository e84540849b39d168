"""Gemini CLI: the JSONL chat the real CLI 0.61.0 wrote (two turns, the second a `--resume`), and
hand-written edge cases of the replay: rewrites, `$set` snapshots, `$rewindTo`, old `.json` chats."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import deja, hits, install_real, write_jsonl
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load
from deja.sources.gemini import shell_output, unwrap

REAL_ID = "041ab274-2e97-4e3c-a466-9706662cfe73"
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture(autouse=True)
def _no_relocation(monkeypatch):
    monkeypatch.delenv("GEMINI_CLI_HOME", raising=False)


def _sessions(paths=None):
    src = load("gemini")
    out = []
    for p in paths or src.discover():
        parsed = src.parse(p)
        for s in parsed.sessions:
            prepare(s)
        out += parsed.sessions
    return out


def _chat(home: Path, lines: list[dict], name: str = "session-2026-01-01T10-00-s1.jsonl", project: str = "app") -> Path:
    return write_jsonl(home / ".gemini/tmp" / project / "chats" / name, lines)


HEAD = {"sessionId": "s1", "projectHash": "ab12", "startTime": "2026-01-01T10:00:00Z",
        "lastUpdated": "2026-01-01T10:00:00Z", "kind": "main"}


def _msg(mid: str, kind: str, content, ts: str = "2026-01-01T10:00:01Z", **extra) -> dict:
    return {"id": mid, "timestamp": ts, "type": kind, "content": content} | extra


def test_real_chat_every_canary_at_its_role(home):
    manifest = install_real(home, "gemini")
    (s,) = _sessions()
    assert s.id == REAL_ID
    assert s.cwd == manifest["workdir"] and s.project == "work-gemini"
    for canary in manifest["canaries"]:
        role = Role.FILES if canary["phrase"].startswith("/") else ROLES[canary["role"]]
        assert role in {r.role for r in s.records if canary["phrase"] in r.text}, canary


def test_real_chat_replays_to_one_copy_of_each_turn(home):
    install_real(home, "gemini")
    (s,) = _sessions()
    got = [(r.role, r.text) for r in s.records]
    assert got == [
        (Role.USER, "canary-gemini-user-1 Please diagnose the outage: run a shell command to print the canary. 请检查服务健康状况。"),
        (Role.ASSISTANT, "canary-gemini-pre-1 I will run a shell command first."),
        (Role.COMMAND, "$ echo canary-cmd-gemini | sed s/cmd/out/"),
        (Role.TOOL_OUTPUT, "canary-out-gemini"),  # unwrapped from <untrusted_context>, no PGID line
        (Role.ASSISTANT, "canary-gemini-asst-1 The command succeeded. Diagnosis: 数据库连接池耗尽 (connection pool exhausted)."),
        (Role.USER, "canary-gemini-user-2 Now read notes.txt and summarise it. 请阅读笔记文件。"),
        (Role.ASSISTANT, "canary-gemini-pre-2 Let me read notes.txt."),
        (Role.FILES, "/tmp/harness/work-gemini/notes.txt"),
        (Role.TOOL_OUTPUT, "canary-file-gemini 文件内容：连接池配置 max_connections=20"),
        (Role.ASSISTANT, "canary-gemini-asst-2 The notes file was read. Second finding: 缓存命中率下降 (cache hit rate dropped)."),
    ]
    # the <session_context> turn is not speech; the resume's restated history keeps first-turn times
    assert not any("session_context" in r.text or "This is the Gemini CLI" in r.text for r in s.records)
    first = s.records[0].time
    assert abs(first - 1796054877.404) < 1e-3 and s.records[3].time == pytest.approx(1796054877.521)
    assert s.started == pytest.approx(1796054877.394) and s.updated == pytest.approx(1796054880.005)
    assert load("gemini").parse(next(iter(load("gemini").discover()))).skipped == 0


def test_rewrite_wins_in_place_and_rewind_deletes_from_its_id(home):
    path = _chat(home, [
        HEAD,
        _msg("m1", "user", [{"text": "check the config"}]),
        _msg("m2", "gemini", "draft answer", "2026-01-01T10:00:02Z", thoughts=[{"subject": "s", "description": "private thought"}]),
        {"$set": {"lastUpdated": "2026-01-01T10:00:02Z"}},
        _msg("m2", "gemini", "final answer", "2026-01-01T10:00:02Z", toolCalls=[{
            "id": "c1", "name": "run_shell_command", "args": {"command": "make test"},
            "result": [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {
                "output": "<untrusted_context>\nOutput: FAIL parser_test\nExit Code: 2\nProcess Group PGID: 7\n</untrusted_context>"}}}],
            "status": "error", "timestamp": "2026-01-01T10:00:03Z"}]),
        _msg("m3", "user", [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {"output": "dup"}}}]),
        _msg("m4", "info", "Request cancelled."),
        _msg("m5", "user", [{"text": "abandoned question"}], "2026-01-01T10:00:05Z"),
        _msg("m6", "gemini", "abandoned answer", "2026-01-01T10:00:06Z"),
        {"$rewindTo": "m5"},
        {"$rewindTo": "no-such-id"},  # a lost target deletes nothing
        _msg("m7", "user", [{"text": "the real follow-up"}], "2026-01-01T10:00:07Z"),
        {"$set": {"summary": "Fix the parser tests", "lastUpdated": "2026-01-01T10:00:08Z"}},
    ])
    (s,) = _sessions([path])
    assert [(r.role, r.text) for r in s.records] == [
        (Role.USER, "check the config"),
        (Role.ASSISTANT, "final answer"),
        (Role.COMMAND, "$ make test  → exit 2"),
        (Role.TOOL_OUTPUT, "FAIL parser_test"),
        (Role.USER, "the real follow-up"),
    ]
    assert s.title == "Fix the parser tests" and s.project == "app" and s.cwd == ""
    assert s.updated == pytest.approx(1767261608.0)


def test_set_snapshot_replaces_the_list(home):
    path = _chat(home, [
        HEAD,
        _msg("m1", "user", "first"),
        _msg("m2", "gemini", "gone after the snapshot"),
        {"$set": {"messages": [_msg("m1", "user", [{"text": "first"}], "2026-01-01T11:00:00Z"),
                               _msg("m9", "gemini", [{"text": "only in the snapshot", "thought": False},
                                                      {"text": "a thought", "thought": True},
                                                      {"functionCall": {"id": "c9", "name": "replace", "args": {
                                                          "file_path": "src/p.py", "old_string": "old body", "new_string": "new"}}}])]}},
        _msg("m10", "user", [{"functionResponse": {"id": "c9", "name": "replace", "response": {"error": "no match for old_string"}}}]),
    ])
    (s,) = _sessions([path])
    got = [(r.role, r.text, r.time) for r in s.records]
    assert got[0] == (Role.USER, "first", 1767261601.0)  # the first copy's time is kept
    assert [(r, t) for r, t, _ in got[1:]] == [
        (Role.ASSISTANT, "only in the snapshot"),
        (Role.FILES, "src/p.py"),
        (Role.EDIT, "src/p.py\nold body"),
        (Role.TOOL_OUTPUT, "no match for old_string"),
    ]


def test_old_json_chat_and_its_jsonl_continuation(home):
    chats = home / ".gemini/tmp/0f3c9e/chats"
    chats.mkdir(parents=True)
    doc = {"sessionId": "old-1", "projectHash": "0f3c9e", "startTime": "2025-06-01T09:00:00Z",
           "lastUpdated": "2025-06-01T09:05:00Z",
           "messages": [_msg("a", "user", "why does the cache miss", "2025-06-01T09:00:01Z"),
                        _msg("b", "gemini", "the key includes a timestamp", "2025-06-01T09:00:04Z")]}
    old = chats / "session-2025-06-01T09-00-old1.json"
    old.write_text(json.dumps(doc))
    (chats / "checkpoint-notes.json").write_text(json.dumps({"history": []}))  # no sessionId: ignored
    (s,) = _sessions()
    assert (s.id, s.project, s.cwd) == ("old-1", "0f3c9e", "")  # no map, no .project_root: the raw id
    assert [r.text for r in s.records] == ["why does the cache miss", "the key includes a timestamp"]
    (chats.parent / ".project_root").write_text("/home/me/cache-svc\n")
    # resuming migrates the session into `<name>.jsonl`; the .json is then not read again
    write_jsonl(chats / (old.name + "l"), [doc | {"messages": None}] + doc["messages"] + [
        _msg("c", "user", "and after the resume", "2025-06-02T09:00:00Z")])
    assert [p.name for p in load("gemini").discover()] == ["checkpoint-notes.json", old.name + "l"]
    assert load("gemini").parse(old).sessions == []
    (s,) = _sessions()
    assert (s.id, s.cwd, s.project) == ("old-1", "/home/me/cache-svc", "cache-svc")
    assert [r.text for r in s.records][-1] == "and after the resume"


def test_subagent_chat_names_its_parent(home):
    path = _chat(home, [HEAD | {"sessionId": "sub-1", "kind": "subagent", "directories": ["/w/api"]},
                        _msg("x", "user", "scan for TODOs"), _msg("y", "gemini", "found three")],
                 name="parent-9/sub-1.jsonl")
    (s,) = _sessions([path])
    assert (s.id, s.parent, s.cwd, s.project) == ("sub-1", "parent-9", "/w/api", "api")
    assert path in load("gemini").discover()


def test_relocation_and_override(home, tmp_path, monkeypatch):
    other = tmp_path / "elsewhere"
    _chat(other, [HEAD, _msg("m1", "user", "relocated")])
    monkeypatch.setenv("GEMINI_CLI_HOME", str(other))
    assert load("gemini").roots() == [other / ".gemini"]
    assert [s.records[0].text for s in _sessions()] == ["relocated"]
    monkeypatch.setenv("DEJA_GEMINI_ROOT", str(home / "g"))
    assert load("gemini").roots() == [home / "g"] and load("gemini").discover() == []


def test_torn_and_malformed_lines_are_counted_and_garbage_is_an_error(home):
    path = _chat(home, [HEAD, _msg("m1", "user", "kept")])
    with open(path, "ab") as f:
        f.write(b"{not json\n" + json.dumps(_msg("m2", "gemini", "also kept")).encode() + b"\n{\"id\": \"m3\", \"ty")
    parsed = load("gemini").parse(path)
    assert parsed.skipped == 1 and parsed.offset == 0
    assert [r.text for r in parsed.sessions[0].records] == ["kept", "also kept"]
    path.write_bytes(b"\x89PNG\x00garbage\nmore\n")
    with pytest.raises(SourceError):
        load("gemini").parse(path)
    bad_json = path.with_name("session-x.json")
    bad_json.write_text("{half")
    with pytest.raises(SourceError):
        load("gemini").parse(bad_json)


def test_shell_output_shapes():
    assert shell_output("Output: hello\nworld\nProcess Group PGID: 12") == ("hello\nworld", None)
    assert shell_output("Output: (empty)\nError: boom\nExit Code: 127\nProcess Group PGID: 3") == ("(empty)\nError: boom", 127)
    assert shell_output("Command: ls\nDirectory: (root)\nOutput: a\nError: (none)\nExit Code: 0\nSignal: (none)") == ("a", 0)
    assert shell_output("plain text\nExit Code: 1") == ("plain text\nExit Code: 1", None)
    assert unwrap("<untrusted_context>\nx &lt;/untrusted_context&gt; y\n</untrusted_context>") == "x </untrusted_context> y"


def test_every_canary_is_found_through_the_cli(home):
    manifest = install_real(home, "gemini")
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "gemini", "--json").json()
        assert hits(r) == [("gemini", REAL_ID)] and r["tier"] == "exact", (canary, r)
    state = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "gemini")
    assert state["state"] == "ok" and state["sessions"] >= 1


def test_a_store_of_garbage_is_unreadable_while_another_harness_indexes(home):
    install_real(home, "pi")
    _chat(home, []).write_bytes(b"\x00\x01 not a chat\n\xff\xfe\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["gemini"]["state"] == "unreadable" and "JSON" in states["gemini"]["reason"]
    assert states["pi"]["state"] == "ok"
