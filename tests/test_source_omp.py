"""omp (Oh My Pi): the session omp 18.2.3 really wrote, a second real session exercising every
edit mode (tests/fixtures/omp), and hand-written edge cases: the title slot rewritten in place,
resumed offsets, subagents, profiles and XDG roots."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, deja, hits, install_real, write_jsonl

from deja.ingest.prepare import prepare
from deja.model import Role
from deja.sources import load

SID = "01a22d3a-50ee-72ad-80b0-8e4d7161568f"
PROBE = "01a22d50-110d-76e5-a4d0-21b689c7ba88"
APP = "/tmp/omp-probe/work-omp/app.py"
ROLES = {"user_prompt": {Role.USER}, "assistant_text": {Role.ASSISTANT}, "tool_output": {Role.TOOL_OUTPUT},
         "tool_command": {Role.COMMAND, Role.FILES}}
FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture(autouse=True)
def _no_omp_env(monkeypatch):
    for var in ("PI_CONFIG_DIR", "PI_CODING_AGENT_DIR", "OMP_PROFILE", "PI_PROFILE"):
        monkeypatch.delenv(var, raising=False)


def _real_file(home: Path) -> Path:
    return next((home / ".omp/agent/sessions/-tmp-harness-work-omp").glob("*.jsonl"))


def _parse(path: Path, start: int = 0):
    parsed = load("omp").parse(path, start)
    for s in parsed.sessions:
        prepare(s)
    return parsed


def _slot(title: str) -> bytes:
    """omp's fixed-width first line: 256 bytes, newline included, padded with spaces."""
    rec = {"type": "title", "v": 1, "title": title, "source": "user", "updatedAt": "2026-11-30T17:00:00.000Z", "pad": ""}
    bare = json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode()
    rec["pad"] = " " * (256 - len(bare) - 1)
    line = json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    assert len(line) == 256
    return line


def _msg(ts: str, role: str, content, **kw) -> dict:
    return {"type": "message", "id": ts[-6:], "parentId": None, "timestamp": ts, "message": {"role": role, "content": content, **kw}}


def _call(ts: str, call_id: str, name: str, args: dict) -> dict:
    return _msg(ts, "assistant", [{"type": "toolCall", "id": call_id, "name": name, "arguments": args}])


def _result(ts: str, call_id: str, name: str, text: str, details: dict | None = None, error: bool = False) -> dict:
    return _msg(ts, "toolResult", [{"type": "text", "text": text}], toolCallId=call_id, toolName=name,
                details=details or {}, isError=error)


def _session_file(home: Path, sid: str, entries: list[dict], cwd: str = "/w/shop", title: str = "", **header) -> Path:
    path = home / ".omp/agent/sessions/-w-shop" / f"2026-05-01T10-00-00-000Z_{sid}.jsonl"
    write_jsonl(path, [{"type": "session", "version": 3, "id": sid, "timestamp": "2026-05-01T10:00:00.000Z", "cwd": cwd, **header}] + entries)
    path.write_bytes(_slot(title) + path.read_bytes())
    return path


# -- the store the real CLI wrote -------------------------------------------------------------


def test_every_canary_of_the_real_cli_is_at_its_role(home):
    manifest = install_real(home, "omp")
    (path,) = load("omp").discover()
    parsed = _parse(path)
    assert parsed.skipped == 0 and parsed.offset == path.stat().st_size
    (s,) = parsed.sessions
    assert (s.id, s.cwd, s.project) == (SID, manifest["workdir"], "work-omp")
    assert 0 < s.started < s.updated
    for canary in manifest["canaries"]:
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        assert roles & ROLES[canary["role"]], (canary, roles)
    assert [r.text for r in s.records if r.role is Role.FILES] == [f"{manifest['workdir']}/notes.txt"]
    # the intent argument `i` and the tool-lifecycle `custom` records are not indexed
    assert [r.text for r in s.records if r.role is Role.COMMAND] == ["$ echo canary-cmd-omp | sed s/cmd/out/"]
    assert not any("session_exit" in r.text or "dispose" in r.text for r in s.records)


def test_agent_db_is_not_a_transcript(home):
    install_real(home, "omp")
    # agent.db holds settings, auth and usage; models.yml is configuration
    shutil.copy(FIXTURES / "real/omp/MANIFEST.json", home / ".omp/agent/agent.db")
    (home / ".omp/agent/models.yml").write_text("providers: {}\n")
    assert load("omp").discover() == [_real_file(home)]


def test_title_slot_rewritten_in_place(home):
    install_real(home, "omp")
    path = _real_file(home)
    assert load("omp").parse(path).sessions[0].title == ""  # the slot is still empty: derived later
    data = path.read_bytes()
    assert data.index(b"\n") + 1 == 256
    path.write_bytes(_slot("修复连接池耗尽 pool exhaustion") + data[256:])
    (s,) = _parse(path).sessions
    assert s.title == "修复连接池耗尽 pool exhaustion" and s.id == SID


def test_resumed_mid_file_keeps_identity_and_title(home):
    manifest = install_real(home, "omp")
    path = _real_file(home)
    data = path.read_bytes()
    path.write_bytes(_slot("pool exhaustion") + data[256:])
    start = data.rindex(b"\n", 0, data.index(b"canary-omp-user-2")) + 1
    (s,) = _parse(path, start).sessions
    assert (s.id, s.cwd, s.title) == (SID, manifest["workdir"], "pool exhaustion")
    assert s.records[0].text.startswith("canary-omp-user-2")


def test_torn_and_corrupt_lines(home):
    install_real(home, "omp")
    path = _real_file(home)
    size = path.stat().st_size
    with open(path, "ab") as f:
        f.write(b"{not json\n" + json.dumps(_msg("2026-11-30T16:13:00.000Z", "user", [{"type": "text", "text": "one more"}])).encode() + b"\n")
        f.write(b'{"type":"message","message":{"role":"assist')
    parsed = _parse(path, size)
    assert parsed.skipped == 1
    assert [r.text for r in parsed.sessions[0].records] == ["one more"]
    assert parsed.offset == path.stat().st_size - len(b'{"type":"message","message":{"role":"assist')


# -- every edit mode, as omp really stored them ---------------------------------------------------


def test_edit_modes_give_files_and_replaced_spans(home):
    shutil.copytree(FIXTURES / "omp/.omp", home / ".omp")
    (path,) = load("omp").discover()
    parsed = _parse(path)
    assert parsed.skipped == 0
    (s,) = parsed.sessions
    assert (s.id, s.cwd) == (PROBE, "/tmp/omp-probe/work-omp")
    edits = [r.text for r in s.records if r.role is Role.EDIT]
    assert edits == [
        f"{APP}\n    return 20  # edit-probe-old-hashline",  # hashline: only the result's diff names it
        f"{APP}\n    return 60  # edit-probe-old-replace",
        f"{APP}\n    return 3  # edit-probe-old-patch",
        f"{APP}\n    return 5  # edit-probe-old-applypatch",
    ]  # and the failed edit of turn 9 replaced nothing
    files = {r.text for r in s.records if r.role is Role.FILES}
    assert files == {APP, "/tmp/omp-probe/work-omp/written.txt"}
    commands = [r.text for r in s.records if r.role is Role.COMMAND]
    assert commands == ["$ ls /nonexistent-edit-probe-dir  → exit 2"]
    assert any(r.role is Role.TOOL_OUTPUT and "Could not find a close enough match" in r.text for r in s.records)


def test_edit_spans_from_arguments_when_no_diff_comes_back(home):
    path = _session_file(home, "s-args", [
        _call("2026-05-01T10:00:01.000Z", "c1", "edit", {"path": "src/cart.py", "old_string": "total = sum(prices)", "new_string": "x"}),
        _result("2026-05-01T10:00:02.000Z", "c1", "edit", "Replaced 1 occurrence", {}),  # an older omp: no diff
        _call("2026-05-01T10:00:03.000Z", "c2", "edit", {"input": "*** Begin Patch\n*** Update File: src/tax.py\n@@\n-RATE = 0.2\n+RATE = 0.21\n*** End Patch\n"}),
        _result("2026-05-01T10:00:04.000Z", "c2", "edit", "patch failed", {}, error=True),  # nothing replaced
        _call("2026-05-01T10:00:05.000Z", "c3", "edit", {"path": "src/ship.py", "edits": [
            {"op": "update", "rename": "src/shipping.py", "diff": "@@ def fee():\n-    return 5\n+    return 7\n"}]}),
        # no result: the session ended while the tool ran
    ])
    (s,) = _parse(path).sessions
    got = [(r.role, r.text) for r in s.records]
    assert (Role.EDIT, "/w/shop/src/cart.py\ntotal = sum(prices)") in got
    assert not any(r == Role.EDIT and "RATE" in t for r, t in got)
    assert (Role.FILES, "/w/shop/src/tax.py") in got
    assert (Role.FILES, "/w/shop/src/ship.py\n/w/shop/src/shipping.py") in got
    assert (Role.EDIT, "/w/shop/src/ship.py\n    return 5") in got


def test_multi_file_results_and_hashline_headers(home):
    diff_a = " 1|import os\n-2|DEBUG = True\n+2|DEBUG = False\n 3|x = 1\n-4|y = 2\n-5|z = 3\n+4|yz = 5"
    path = _session_file(home, "s-multi", [
        _call("2026-05-01T10:00:01.000Z", "c1", "edit", {"input": "*** Begin Patch\n[a.py#1A2B]\nPUT 2.=2:\n+DEBUG = False\n"
                                                                  "[lib/b.py#3C4D]\nREM\n[c.py#5E6F]\nMV d.py\n*** End Patch\n"}),
        _result("2026-05-01T10:00:02.000Z", "c1", "edit", "[a.py#9F9F]\n1:import os", {"perFileResults": [
            {"path": "/w/shop/a.py", "diff": diff_a},
            {"path": "/w/shop/lib/b.py", "diff": "-1|obsolete = True", "op": "delete"},
        ]}),
    ])
    (s,) = _parse(path).sessions
    got = [(r.role, r.text) for r in s.records]
    assert (Role.FILES, "/w/shop/a.py\n/w/shop/lib/b.py\n/w/shop/c.py\n/w/shop/d.py") in got
    assert [t for r, t in got if r is Role.EDIT] == [
        "/w/shop/a.py\nDEBUG = True", "/w/shop/a.py\ny = 2\nz = 3", "/w/shop/lib/b.py\nobsolete = True"]


def test_reads_writes_and_what_is_not_speech(home):
    path = _session_file(home, "s-misc", [
        _msg("2026-05-01T10:00:01.000Z", "developer", [{"type": "text", "text": "developer-preamble"}]),
        _msg("2026-05-01T10:00:02.000Z", "user", [{"type": "text", "text": "auto-continue reminder"}], synthetic=True, attribution="agent"),
        _msg("2026-05-01T10:00:03.000Z", "user", [{"type": "text", "text": "why is checkout slow?"}], attribution="user"),
        {"type": "custom_message", "id": "cm", "parentId": None, "timestamp": "2026-05-01T10:00:04.000Z",
         "customType": "todo", "content": "injected-todo-notice", "display": False},
        {"type": "custom", "customType": "tool_execution_start", "id": "cu", "parentId": None,
         "timestamp": "2026-05-01T10:00:04.500Z", "data": {"args": {"command": "custom-args-copy"}}},
        _msg("2026-05-01T10:00:05.000Z", "assistant", [
            {"type": "thinking", "thinking": "private-thoughts"},
            {"type": "text", "text": "Reading the handler."},
            {"type": "toolCall", "id": "r1", "name": "read", "arguments": {"path": "src/checkout.py:40-80", "i": "read handler"}},
            {"type": "toolCall", "id": "r2", "name": "read", "arguments": {"path": "/w/shop/README.md:raw:1-20"}},
            {"type": "toolCall", "id": "r3", "name": "read", "arguments": {"path": "https://example.com/docs"}},
            {"type": "toolCall", "id": "r4", "name": "read", "arguments": {"path": "memory://notes"}},
            {"type": "toolCall", "id": "w1", "name": "write", "arguments": {"path": "notes/slow.md", "content": "n+1 query"}}]),
        {"type": "title_change", "id": "tc", "parentId": None, "timestamp": "2026-05-01T10:00:06.000Z",
         "title": "Checkout latency", "source": "auto"},
    ])
    (s,) = _parse(path).sessions
    got = [(r.role, r.text) for r in s.records]
    assert [t for r, t in got if r is Role.USER] == ["why is checkout slow?"]
    # one files record per call; selectors stripped, relative paths under the cwd, URLs and URIs left out
    assert [t for r, t in got if r is Role.FILES] == ["/w/shop/src/checkout.py", "/w/shop/README.md", "/w/shop/notes/slow.md"]
    text = "\n".join(t for _, t in got)
    for absent in ("developer-preamble", "auto-continue", "injected-todo-notice", "custom-args-copy", "private-thoughts"):
        assert absent not in text
    assert s.title == "Checkout latency"  # the slot is empty, the change record names it


def test_subagent_session_names_its_parent(home):
    parent = _session_file(home, "0193aaaa-0000-7000-8000-000000000001", [
        _msg("2026-05-01T10:00:01.000Z", "user", [{"type": "text", "text": "audit the cart"}])], title="Cart audit")
    child = parent.with_suffix("") / "explore-1.jsonl"
    write_jsonl(child, [
        {"type": "session", "version": 3, "id": "0193bbbb-0000-7000-8000-000000000002", "timestamp": "2026-05-01T10:00:02.000Z",
         "cwd": "/w/shop", "parentSession": str(parent)},
        _msg("2026-05-01T10:00:03.000Z", "user", [{"type": "text", "text": "list the cart modules"}], attribution="agent"),
    ])
    by_id = {s.id: s for p in load("omp").discover() for s in _parse(p).sessions}
    assert by_id["0193aaaa-0000-7000-8000-000000000001"].title == "Cart audit"
    sub = by_id["0193bbbb-0000-7000-8000-000000000002"]
    assert (sub.parent, sub.project, sub.title) == ("0193aaaa-0000-7000-8000-000000000001", "shop", "list the cart modules")


def test_roots_profiles_xdg_and_overrides(home, monkeypatch, tmp_path):
    one = [_msg("2026-05-01T10:00:01.000Z", "user", [{"type": "text", "text": "hi there friend"}])]
    _session_file(home, "s-default", one)
    prof = home / ".omp/profiles/work/agent/sessions/-w/2026-05-01T10-00-00-000Z_s-prof.jsonl"
    write_jsonl(prof, [{"type": "session", "id": "s-prof", "cwd": "/w"}] + one)
    src = load("omp")
    assert src.roots() == [home / ".omp/agent/sessions", home / ".omp/profiles/work/agent/sessions"]
    xdg = tmp_path / "xdg"
    monkeypatch.setenv("XDG_DATA_HOME", str(xdg))
    assert len(src.roots()) == 2  # $XDG_DATA_HOME/omp does not exist: not a root
    write_jsonl(xdg / "omp/sessions/-w/2026-05-01T10-00-00-000Z_s-xdg.jsonl", [{"type": "session", "id": "s-xdg", "cwd": "/w"}] + one)
    write_jsonl(xdg / "omp/profiles/home/sessions/-w/2026-05-01T10-00-00-000Z_s-xdgp.jsonl", [{"type": "session", "id": "s-xdgp", "cwd": "/w"}] + one)
    ids = sorted(s.id for p in src.discover() for s in _parse(p).sessions)
    assert ids == ["s-default", "s-prof", "s-xdg", "s-xdgp"]
    monkeypatch.setenv("PI_CODING_AGENT_DIR", str(tmp_path / "agentdir"))
    assert src.roots()[0] == tmp_path / "agentdir/sessions"
    monkeypatch.setenv("DEJA_OMP_ROOT", str(xdg / "omp/sessions"))
    assert src.roots() == [xdg / "omp/sessions"]
    assert [s.id for p in src.discover() for s in _parse(p).sessions] == ["s-xdg"]


# -- end to end, through the CLI ----------------------------------------------------------------


def test_cli_finds_every_canary_and_reports_the_source(home):
    manifest = install_real(home, "omp")
    shutil.copytree(FIXTURES / "omp/.omp", home / ".omp", dirs_exist_ok=True)
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAG[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "omp", "--json").json()
        if canary["role"] == "user_prompt" and canary["phrase"].startswith("canary-omp-user"):
            assert ("omp", SID) in hits(r), (canary, r)  # the probe session's prompts reuse the prefix
        else:
            assert hits(r) == [("omp", SID)], (canary, r)
    r = deja("search", '"edit-probe-old-patch"', "--role", "edit", "--harness", "omp", "--json").json()
    assert hits(r) == [("omp", PROBE)]
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["omp"]["state"] == "ok" and states["omp"]["sessions"] == 2


def test_appends_resume_and_a_title_rewrite_rereads(home):
    install_real(home, "omp")
    path = _real_file(home)
    deja("index")
    with open(path, "a") as f:
        f.write(json.dumps(_msg("2026-11-30T16:20:00.000Z", "user", [{"type": "text", "text": "also check the replica lag"}])) + "\n")
    out = deja("index", "--json").json()
    assert out["appended"] == 1
    assert hits(deja("search", '"replica lag"', "--json").json()) == [("omp", SID)]
    data = path.read_bytes()
    path.write_bytes(_slot("Replica lag and pool") + data[256:])  # same length, new bytes in the prefix
    with open(path, "a") as f:
        f.write(json.dumps(_msg("2026-11-30T16:21:00.000Z", "user", [{"type": "text", "text": "and the vacuum schedule"}])) + "\n")
    out = deja("index", "--json").json()
    assert out["appended"] == 0 and out["parsed"] == 1
    (last,) = deja("last", "1", "--json").json()["sessions"]
    assert (last["id"], last["title"], last["records"]) == (SID, "Replica lag and pool", 12)


def test_a_store_of_garbage_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    bad = home / ".omp/agent/sessions/-w/2026-05-01T10-00-00-000Z_bad.jsonl"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"\x89PNG garbage\n\x00\x00\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["omp"]["state"] == "unreadable" and "JSON" in states["omp"]["reason"]
    assert states["pi"]["state"] == "ok"
