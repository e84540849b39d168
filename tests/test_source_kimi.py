"""Kimi Code: a hand-written store from the format doc (section 15); no real CLI was run."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import FIXTURES, deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.model import Role
from deja.sources import load

ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command",
             "read_file": "files", "edit": "edit"}
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND, "read_file": Role.FILES, "edit": Role.EDIT}
SID = "0f3c2a9e-5b1d-4c7e-9a21-6d8e4f2b7c10"
SUB = f"{SID}-explore-1"


def install(home) -> dict:
    src = FIXTURES / "kimi"
    for item in src.iterdir():
        if item.name != "MANIFEST.json":
            shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    return json.loads((src / "MANIFEST.json").read_text())


def _sessions():
    src = load("kimi")
    out = {}
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0
        for s in parsed.sessions:
            prepare(s)
            out[s.id] = s
    return out


def _wire(home):
    return home / f".kimi-code/sessions/a3f1c9d2e4b5/{SID}/agents/main/wire.jsonl"


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


def test_state_json_gives_title_cwd_and_times_and_the_stream_is_one_reply_per_step(home):
    install(home)
    sessions = _sessions()
    s = sessions[SID]
    assert (s.title, s.cwd, s.project, s.parent) == ("Stale cache after key rotation", "/home/dev/work/cache-svc", "cache-svc", "")
    assert (s.started, s.updated) == (1767261600.0, 1767261660.0)
    got = [(r.role, r.text) for r in s.records]
    assert got[:2] == [
        (Role.USER, "canary-kimi-user-1 why is the cache stale after rotation? 缓存为什么过期"),
        (Role.ASSISTANT, "canary-kimi-asst-1 The loader does not reload on rotation; 密钥轮换后未重新加载."),
    ]
    assert s.records[1].time == 1767261601.2  # the first text part's time
    assert (Role.COMMAND, "$ go test ./cache -run canary-cmd-kimi  → exit 1") in got
    assert (Role.EDIT, "/home/dev/work/cache-svc/cache.go\ncanary-edit-kimi return cached") in got
    assert got[-1] == (Role.ASSISTANT, "canary-kimi-asst-tail the second region")  # flushed at EOF
    sub = sessions[SUB]
    assert (sub.parent, sub.cwd) == (SID, "/home/dev/work/cache-svc")
    assert sub.title.startswith("canary-kimi-sub-user")  # derived: the state's title is the main agent's
    assert sub.started == 1767261602.0


def test_resumed_mid_file_keeps_identity(home):
    install(home)
    path = _wire(home)
    data = path.read_bytes()
    start = data.rindex(b"\n", 0, data.index(b"canary-kimi-user-2")) + 1
    parsed = load("kimi").parse(path, start)
    assert parsed.offset == len(data)
    (s,) = parsed.sessions
    assert (s.id, s.cwd, s.title) == (SID, "/home/dev/work/cache-svc", "Stale cache after key rotation")
    assert [r.text for r in s.records] == ["canary-kimi-user-2 and the second region?", "canary-kimi-asst-tail the second region "]


def test_torn_and_corrupt_lines(home):
    install(home)
    path = _wire(home)
    full = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b"{not json\n" + b'{"type":"context.append_message","message":{"role":"user","content":"canary-late"},"ti')
    parsed = load("kimi").parse(path)
    assert parsed.skipped == 1
    assert parsed.offset == len(full) + len(b"{not json\n")  # the bad line is consumed, the torn tail is not
    assert not any("canary-late" in r.text for r in parsed.sessions[0].records)


def test_relocation_and_what_is_not_a_transcript(home, tmp_path, monkeypatch):
    install(home)
    (home / ".kimi").mkdir()  # another tool's directory
    (home / ".kimi" / "wire.jsonl").write_text('{"type":"context.append_message","message":{"role":"user","content":"x"}}\n')
    odd = home / f".kimi-code/sessions/a3f1c9d2e4b5/{SID}/notes/wire.jsonl"
    odd.parent.mkdir()
    odd.write_text("{}\n")
    assert len(load("kimi").discover()) == 2
    moved = tmp_path / "kimi-home"
    shutil.move(str(home / ".kimi-code"), moved)
    monkeypatch.setenv("KIMI_CODE_HOME", str(moved))
    assert len(load("kimi").discover()) == 2
    monkeypatch.setenv("DEJA_KIMI_ROOT", str(tmp_path / "nowhere"))
    assert load("kimi").discover() == []


# -- end to end through the CLI


def test_cli_finds_every_canary_and_reports_ok(home):
    manifest = install(home)
    deja("index")
    for canary in manifest["canaries"]:
        role = ROLE_FLAG[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "kimi", "--json").json()
        if canary.get("expected") is False:
            assert r["tier"] != "exact" and not any(canary["phrase"] in x for h in r["hits"] for x in h["snippets"])
            continue
        assert hits(r) == [("kimi", canary.get("session", SID))], (canary, r)
        assert r["tier"] == "exact"
    kimi = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "kimi")
    assert kimi["state"] == "ok" and kimi["sessions"] == 2


@pytest.mark.parametrize("garbage", [b"\x89PNG\r\n\x1a\n\x00\x00garbage\n", b"not json at all\n{still not\n"])
def test_a_store_of_garbage_is_unreadable_while_aider_indexes(home, garbage):
    install(home)
    install_real(home, "aider")
    for p in load("kimi").discover():
        p.write_bytes(garbage)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["kimi"]["state"] == "unreadable" and "JSON" in states["kimi"]["reason"]
    assert states["aider"]["state"] == "ok" and states["aider"]["sessions"] >= 1
