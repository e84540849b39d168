"""Roo Code: task folders hand-written from the format doc (no CLI run), and edge cases."""

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

XML_TASK = "0198a1c2-7d3e-7b41-9c55-2f1e0a9b3c4d"
NATIVE_TASK = "0198a1d0-1111-7222-8333-444455556666"
EXT = "rooveterinaryinc.roo-cline"


def _install(home):
    shutil.copytree(FIXTURES / "roo/.config/Code/User/globalStorage", vscode_user_dirs()[0] / "globalStorage", dirs_exist_ok=True)


def _by_id():
    src = load("roo")
    out = {}
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0 and parsed.offset == 0
        for s in parsed.sessions:
            prepare(s)
            out[s.id] = s
    return out


def _task(root, task_id, messages):
    path = root / "tasks" / task_id / "api_conversation_history.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(messages))
    return path


def _roles(s):
    return {role: [r.text for r in s.records if r.role is role] for role in Role}


def test_xml_tagged_task_records_at_their_roles(home):
    _install(home)
    s = _by_id()[XML_TASK]
    # no history_item.json: the working directory comes from the environment details
    assert s.cwd == "/home/dev/gateway" and s.project == "gateway"
    assert s.title == "The gateway returns 502 under load; find out why. roo-user-1"  # derived at ingest
    assert s.started == 1767344400.0 and s.updated == 1767344460.0  # Roo's own per-message ts
    got = _roles(s)
    assert got[Role.USER] == ["The gateway returns 502 under load; find out why. roo-user-1",
                              "also add a metric for pool waits roo-user-2"]
    assert got[Role.ASSISTANT] == ["Let me read the pool configuration. roo-asst-1",
                                   "Only 20 connections. Let me run the exhaustion test.",
                                   "Raised MaxConns to 200: the 502s came from pool exhaustion (连接池耗尽). roo-done-1"]
    assert got[Role.COMMAND] == ["$ go test ./... -run TestPoolExhaustion  → exit 1"]
    assert got[Role.FILES] == ["/home/dev/gateway/src/pool.go", "/home/dev/gateway/src/pool.go"]
    assert got[Role.EDIT] == ["/home/dev/gateway/src/pool.go\nvar MaxConns = 20 // roo-file-1"]
    assert any("roo-out-1" in t for t in got[Role.TOOL_OUTPUT])
    assert any("roo-file-1" in t for t in got[Role.TOOL_OUTPUT])
    text = "\n".join(r.text for r in s.records)
    for injected in ("environment_details", "roo-thinking", "<task>", "<feedback>", "provided feedback", ":start_line:"):
        assert injected not in text


def test_native_tool_task_with_history_item(home):
    _install(home)
    s = _by_id()[NATIVE_TASK]
    assert s.cwd == "/home/dev/gateway" and s.title == "Add a histogram of pool wait times roo-native-user"
    got = _roles(s)
    assert got[Role.FILES] == ["/home/dev/gateway/src/metrics.go"]
    assert got[Role.COMMAND] == ["$ go vet ./...  → exit 2"]
    assert got[Role.TOOL_OUTPUT][0] == "File written: src/metrics.go roo-native-written"
    assert "roo-native-out" in got[Role.TOOL_OUTPUT][1]


def test_synthetic_times_when_messages_carry_none(home, tmp_path, monkeypatch):
    root = tmp_path / "roo-store"
    path = _task(root, "t1", [{"role": "user", "content": "<task>\nhello\n</task>"},
                              {"role": "assistant", "content": [{"type": "text", "text": "hi there"}]}])
    (path.parent / "history_item.json").write_text(json.dumps({"id": "t1", "ts": 1767261600000, "task": "hello", "workspace": "/w/x"}))
    monkeypatch.setenv("DEJA_ROO_ROOTS", str(root))
    (s,) = load("roo").parse(path).sessions
    assert [(r.text, r.time) for r in s.records] == [("hello", 1767261600.0), ("hi there", 1767261601.0)]
    assert s.project == "x"


def test_garbage_and_bad_items(home, tmp_path):
    path = _task(tmp_path, "t2", [])
    path.write_bytes(b"\x00\x01garbage")
    with pytest.raises(SourceError):
        load("roo").parse(path)
    path.write_text('{"role": "user"}')
    with pytest.raises(SourceError):
        load("roo").parse(path)
    path.write_text(json.dumps([{"role": "user", "content": "kept"}, "junk", None]))
    parsed = load("roo").parse(path)
    assert parsed.skipped == 2 and [r.text for r in parsed.sessions[0].records] == ["kept"]


def test_roots_custom_storage_cli_root_and_override(home, monkeypatch, tmp_path):
    custom = tmp_path / "custom roo"
    cli = home / ".vscode-mock/global-storage"
    _task(custom, "c1", [{"role": "user", "content": "from custom storage"}])
    _task(cli, "c2", [{"role": "user", "content": "from the roo cli"}])
    settings = vscode_user_dirs()[1] / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{\n  // where Roo keeps tasks\n  "http.proxy": "http://proxy:3128", /* block */\n'
                        f'  "roo-cline.customStoragePath": {json.dumps(str(custom))},\n}}\n')
    _install(home)
    found = {p.parent.name for p in load("roo").discover()}
    assert found == {XML_TASK, NATIVE_TASK, "c1", "c2"}
    monkeypatch.setenv("DEJA_ROO_CLI_ROOT", str(tmp_path / "none"))
    assert "c2" not in {p.parent.name for p in load("roo").discover()}
    monkeypatch.setenv("DEJA_ROO_ROOTS", str(custom))
    assert [p.parent.name for p in load("roo").discover()] == ["c1"]


def test_roo_and_cline_never_claim_each_others_tasks(home):
    _install(home)
    shutil.copytree(FIXTURES / "cline/.config/Code/User/globalStorage", vscode_user_dirs()[0] / "globalStorage", dirs_exist_ok=True)
    roo = {p.parent.name for p in load("roo").discover()}
    cline = {p.parent.name for p in load("cline").discover()}
    assert roo == {XML_TASK, NATIVE_TASK} and cline == {"1767261600000"}
    assert all(EXT in str(r) or ".vscode-mock" in str(r) for r in load("roo").roots())


def test_end_to_end_search_and_sources(home):
    _install(home)
    deja("index")
    for phrase, role, task in [
        ("roo-user-2", "user", XML_TASK),
        ("roo-done-1", "assistant", XML_TASK),
        ("roo-out-1", "tool", XML_TASK),
        ("go test ./... -run TestPoolExhaustion", "command", XML_TASK),
        ("/home/dev/gateway/src/pool.go", "files", XML_TASK),
        ("roo-native-out", "tool", NATIVE_TASK),
        ("/home/dev/gateway/src/metrics.go", "files", NATIVE_TASK),
    ]:
        r = deja("search", f'"{phrase}"', "--role", role, "--harness", "roo", "--json").json()
        assert hits(r) == [("roo", task)], (phrase, r)
    thinking = deja("search", '"roo-thinking"', "--harness", "roo", "--json").json()
    assert thinking["tier"] != "exact" and not any("roo-thinking" in t for h in thinking["hits"] for t in h["snippets"])
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["roo"]["state"] == "ok" and states["roo"]["sessions"] == 2


def test_end_to_end_a_store_of_garbage_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    path = _task(vscode_user_dirs()[0] / "globalStorage" / EXT, "bad", [])
    path.write_bytes(b"\x89PNG garbage\x00")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["roo"]["state"] == "unreadable" and "JSON" in states["roo"]["reason"]
    assert states["pi"]["state"] == "ok"
