"""DeepSeek Harness: hand-written logs from the format doc (section 19), compressed here into
multi-frame zstd the way dsh writes them; no real CLI was run."""

from __future__ import annotations

import json
import os
import shutil

import pytest
import zstandard
from conftest import FIXTURES, deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command",
             "read_file": "files", "edit": "edit"}
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND, "read_file": Role.FILES, "edit": Role.EDIT}
OLD = "9f2d6c1a-3b4e-4f70-8a19-5c6d7e8f9012"
NEW = "01973c2e-8f4a-7b10-9c2d-3e4f5a6b7c8d"
OLD_DIR = f".dsh/sessions/--home-dev-work-pool-svc--/session-{OLD}"
NEW_DIR = f".dsh/sessions/-home-dev-work-api/{NEW}"


def frames(raw: bytes, n: int = 3) -> bytes:
    """`raw` as `n` concatenated zstd frames cut at line ends."""
    lines = raw.splitlines(keepends=True)
    step = max(1, -(-len(lines) // n))
    c = zstandard.ZstdCompressor()
    return b"".join(c.compress(b"".join(lines[i:i + step])) for i in range(0, len(lines), step))


def install(home, compress: bool = True) -> dict:
    src = FIXTURES / "deepseek"
    for item in src.iterdir():
        if item.name != "MANIFEST.json":
            shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    if compress:
        for p in sorted((home / ".dsh").rglob("*.jsonl")):
            (p.parent / (p.name + ".zstd")).write_bytes(frames(p.read_bytes()))
            p.unlink()
    return json.loads((src / "MANIFEST.json").read_text())


def _sessions():
    src = load("deepseek")
    out = {}
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0 and parsed.offset == 0
        for s in parsed.sessions:
            prepare(s)
            out[s.id] = s
    return out


@pytest.mark.parametrize("compress", [True, False])
def test_every_canary_is_at_its_role_in_its_session(home, compress):
    manifest = install(home, compress)
    sessions = _sessions()
    assert set(sessions) == {OLD, NEW}
    for canary in manifest["canaries"]:
        where = {sid for sid, s in sessions.items() if any(canary["phrase"] in r.text for r in s.records)}
        if canary.get("expected") is False:
            assert not where, canary
            continue
        sid = canary.get("session", OLD)
        assert where == {sid}, canary
        roles = {r.role for r in sessions[sid].records if canary["phrase"] in r.text}
        assert ROLES[canary["role"]] in roles, (canary, roles)


def test_header_title_and_the_reply_supersedes_its_deltas(home):
    install(home)
    s = _sessions()[OLD]
    assert (s.title, s.cwd, s.project) == ("pool size per shard", "/home/dev/work/pool-svc", "pool-svc")
    assert (s.started, s.updated) == (1767261600.0, 1767261660.02)
    got = [(r.role, r.text) for r in s.records]
    assert got[:2] == [
        (Role.USER, "canary-ds-user-1 how many connections per shard? 每个分片多少连接"),
        (Role.ASSISTANT, "canary-ds-asst-1 let me check the config"),
    ]
    assert (Role.COMMAND, "$ psql -c 'show max_connections' # canary-cmd-ds") in got
    assert (Role.EDIT, "/home/dev/work/pool-svc/pool.toml\ncanary-edit-ds pool_size = 40") in got
    # an interrupted run keeps its streamed text (deltas and packed chunks), timed by the last delta
    assert got[-1] == (Role.ASSISTANT, "canary-ds-interrupted replicas share the primary pool")
    assert s.records[-1].time == 1767261660.011


def test_only_the_newest_log_of_a_session_is_read_and_a_session_once(home):
    install(home)
    names = [p.name for p in load("deepseek").discover()]
    assert sorted(names) == ["session.jsonl.zstd", "session.v2.jsonl.zstd"]
    # the same session under both layouts: one copy
    moved = home / ".dsh/sessions/-home-dev-work-pool-svc" / OLD
    moved.mkdir(parents=True)
    shutil.copy(home / OLD_DIR / "session.jsonl.zstd", moved / "session.v1.jsonl.zstd")
    found = load("deepseek").discover()
    assert len(found) == 2 and moved / "session.v1.jsonl.zstd" in found


def test_id_falls_back_to_the_directory(home):
    d = home / ".dsh/sessions/-w/session-abc"
    d.mkdir(parents=True)
    (d / "session.jsonl").write_text(json.dumps({"type": "user/message", "time": 1767261600000, "data": {
        "content": "plain string prompt", "source": {"kind": "user"}}}) + "\n")
    (s,) = load("deepseek").parse(d / "session.jsonl").sessions
    assert (s.id, s.cwd, s.project) == ("abc", "", "")
    assert [r.text for r in s.records] == ["plain string prompt"]


def test_truncated_corrupt_and_garbage_logs_are_errors(home):
    install(home)
    path = home / OLD_DIR / "session.jsonl.zstd"
    whole = path.read_bytes()
    path.write_bytes(whole[:-7])  # the last frame cut short
    with pytest.raises(SourceError, match="truncated"):
        load("deepseek").parse(path)
    path.write_bytes(whole + b"\x00garbage after the frames")
    with pytest.raises(SourceError):
        load("deepseek").parse(path)
    path.write_bytes(frames(b"not json\n\x00\x01\n"))
    with pytest.raises(SourceError, match="JSON"):
        load("deepseek").parse(path)


def test_a_bad_line_is_skipped(home):
    install(home, compress=False)
    path = home / NEW_DIR / "session.v2.jsonl"
    path.write_bytes(path.read_bytes().replace(b'{"type": "turn/end"', b'{oops\n{"type": "turn/end"'))
    parsed = load("deepseek").parse(path)
    assert parsed.skipped == 1 and len(parsed.sessions[0].records) == 2


def test_dsh_home_and_root_override(home, tmp_path, monkeypatch):
    install(home)
    moved = tmp_path / "dsh"
    shutil.move(str(home / ".dsh"), moved)
    monkeypatch.setenv("DSH_HOME", str(moved))
    assert len(load("deepseek").discover()) == 2
    monkeypatch.setenv("DEJA_DEEPSEEK_ROOT", str(moved / "sessions" / "-home-dev-work-api"))
    assert [p.parent.name for p in load("deepseek").discover()] == [NEW]


# -- end to end through the CLI


def test_cli_finds_every_canary_and_reports_ok(home):
    manifest = install(home)
    deja("index")
    for canary in manifest["canaries"]:
        r = deja("search", f'"{canary["phrase"]}"', "--role", ROLE_FLAG[canary["role"]], "--harness", "deepseek",
                 "--json").json()
        if canary.get("expected") is False:
            assert r["tier"] != "exact" and not any(canary["phrase"] in x for h in r["hits"] for x in h["snippets"])
            continue
        assert hits(r) == [("deepseek", canary.get("session", OLD))], (canary, r)
        assert r["tier"] == "exact"
    ds = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "deepseek")
    assert ds["state"] == "ok" and ds["sessions"] == 2 and ds["files"] == 2


def test_cli_a_store_of_garbage_is_unreadable_while_aider_indexes(home):
    install(home)
    install_real(home, "aider")
    for p in load("deepseek").discover():
        p.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00garbage\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["deepseek"]["state"] == "unreadable" and "zstd" in states["deepseek"]["reason"]
    assert states["aider"]["state"] == "ok" and states["aider"]["sessions"] >= 1
    assert os.path.getsize(next(iter(load("deepseek").discover()))) > 0
