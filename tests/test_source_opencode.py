"""opencode: the SQLite store the real CLI wrote (rows mostly in its WAL), databases built here
from hand-written rows, and the legacy `storage/` JSON layout (hand-written fixture)."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from conftest import FIXTURES, deja, hits, install_real
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load
from deja.sources.opencode import unquote_prompt

REAL_ID = "ses_dd2c94c8bffefXhACxVwQ8TQZS"
LEGACY_ID = "ses_5a1b2c3d4ffeA1b2C3d4E5f6G7"
LEGACY_CHILD = "ses_5a1b2c3e0ffeZ9y8X7w6V5u4T3"
DATA = ".local/share/opencode"
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}

SCHEMA = """
CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, parent_id TEXT, slug TEXT NOT NULL DEFAULT '',
  directory TEXT NOT NULL, title TEXT NOT NULL, version TEXT NOT NULL DEFAULT '1.18.33',
  time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL,
  time_updated INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL,
  time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE event (id TEXT PRIMARY KEY, aggregate_id TEXT NOT NULL, seq INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL);
"""
T0 = 1767261600000  # 2026-01-01T10:00:00Z in ms


def _parse(path: Path):
    parsed = load("opencode").parse(path)
    for s in parsed.sessions:
        prepare(s)
    return parsed


def _real(home: Path) -> tuple[dict, Path]:
    manifest = install_real(home, "opencode")
    return manifest, home / DATA / "opencode.db"


def _listing(d: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(d.iterdir())}


def build_db(path: Path, sessions=(), messages=(), parts=(), wal_only: bool = False) -> Path:
    """A database of hand-written rows; `wal_only` leaves the rows in an uncheckpointed -wal."""
    path.parent.mkdir(parents=True, exist_ok=True)
    work = path.parent / f".build-{path.name}"
    work.mkdir()
    db = work / path.name
    conn = sqlite3.connect(db)
    conn.executescript(SCHEMA)
    if wal_only:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for s in sessions:
        row = {"parent_id": None, "project_id": "global", "title": "", "time_created": T0, "time_updated": T0} | s
        conn.execute("INSERT INTO session(id, project_id, parent_id, directory, title, time_created, time_updated) "
                     "VALUES (:id, :project_id, :parent_id, :directory, :title, :time_created, :time_updated)", row)
    for m in messages:
        conn.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)",
                     (m["id"], m["session_id"], m.get("time", T0), m.get("time", T0), m.get("raw") or json.dumps(m["data"])))
    for p in parts:
        conn.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)",
                     (p["id"], p["message_id"], p.get("session_id", ""), T0, T0, p.get("raw") or json.dumps(p["data"])))
    conn.commit()
    if wal_only:
        # copy while the connection is open: closing the last one would checkpoint the WAL away
        shutil.copyfile(db, path)
        shutil.copyfile(f"{db}-wal", f"{path}-wal")
    conn.close()
    if not wal_only:
        shutil.copyfile(db, path)
    shutil.rmtree(work)
    return path


def _msg(mid, sid, role, t=T0, **extra):
    return {"id": mid, "session_id": sid, "time": t, "data": {"role": role, "time": {"created": t}, **extra}}


def _part(pid, mid, data=None, raw=None):
    return {"id": pid, "message_id": mid, "data": data, "raw": raw}


# -- the store the real CLI wrote


def test_every_canary_of_the_real_cli_is_at_its_role(home):
    manifest, db = _real(home)
    src = load("opencode")
    assert src.discover() == [db] and src.append_only is False
    parsed = _parse(db)
    assert parsed.skipped == 0
    (s,) = parsed.sessions
    assert (s.id, s.cwd, s.project, s.parent) == (REAL_ID, manifest["workdir"], "work-opencode", "")
    assert s.title == "Mock side reply" and s.path == str(db)
    assert s.started == pytest.approx(1796054889.332) and s.updated == pytest.approx(1796054895.898)
    for canary in manifest["canaries"]:
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        want = {Role.COMMAND, Role.FILES} if canary["role"] == "tool_command" else {ROLES[canary["role"]]}
        assert roles & want, (canary, roles)
    files = [r.text for r in s.records if r.role is Role.FILES]
    assert files == [f"{manifest['workdir']}/notes.txt"]
    assert [r.text for r in s.records if r.role is Role.COMMAND] == ["$ echo canary-cmd-opencode | sed s/cmd/out/"]
    users = [r.text for r in s.records if r.role is Role.USER]
    # `opencode run` wrapped each prompt in literal quotes: one pair is gone
    assert [u[:23] for u in users] == ["canary-opencode-user-1 ", "canary-opencode-user-2 "]
    assert all(not u.endswith('"') for u in users)
    assert [r.time for r in s.records] == sorted(r.time for r in s.records)


def test_rows_only_in_the_wal_are_seen(home):
    _, db = _real(home)
    wal = Path(f"{db}-wal")
    assert b"canary-opencode-user-2" not in db.read_bytes() and b"canary-opencode-user-2" in wal.read_bytes()
    text = "\n".join(r.text for r in _parse(db).sessions[0].records)
    assert "canary-opencode-user-2" in text and "canary-opencode-asst-2" in text
    # without its WAL the same file knows nothing of turn two: the WAL is what was read
    wal.rename(db.parent / "aside")
    text = "\n".join(r.text for s in _parse(db).sessions for r in s.records)
    assert "canary-opencode-user-1" in text and "canary-opencode-user-2" not in text


def test_the_store_is_opened_without_creating_or_changing_any_file(home):
    _, db = _real(home)
    assert not Path(f"{db}-shm").exists()
    before = _listing(db.parent)
    assert _parse(db).sessions
    load("opencode").discover()
    assert _listing(db.parent) == before


def test_a_live_store_with_its_shm_is_read_in_place(home, tmp_path):
    db = build_db(home / DATA / "opencode.db", [{"id": "ses_live", "directory": "/w/live"}],
                  [_msg("msg_1", "ses_live", "user")], [_part("prt_1", "msg_1", {"type": "text", "text": "only in the wal"})],
                  wal_only=True)
    assert b"only in the wal" not in db.read_bytes() and b"only in the wal" in Path(f"{db}-wal").read_bytes()
    Path(f"{db}-shm").write_bytes(b"")  # the agent is running: its shared-memory file exists
    before = sorted(p.name for p in db.parent.iterdir())
    (s,) = _parse(db).sessions
    assert [r.text for r in s.records] == ["only in the wal"]
    assert sorted(p.name for p in db.parent.iterdir()) == before


# -- databases of hand-written rows


def test_hand_built_rows_edge_cases(home):
    sid, child = "ses_a", "ses_b"
    db = build_db(
        home / DATA / "opencode.db",
        sessions=[
            {"id": sid, "directory": "/w/shop", "title": "Checkout rounding", "time_created": "2026-01-01T09:00:00Z"},
            {"id": child, "directory": "/w/shop", "parent_id": sid, "title": "Child session - 2026-01-01T10:00:00.000Z"},
        ],
        messages=[
            _msg("msg_01", sid, "user"),
            _msg("msg_02", sid, "assistant", T0 + 1000, path={"cwd": "/w/shop", "root": "/w"}),
            {"id": "msg_03", "session_id": sid, "time": T0 + 2000, "raw": "{broken"},
            _msg("msg_04", sid, "assistant", T0 + 3000, summary=True),
            _msg("msg_05", child, "user", T0 + 4000),
            _msg("msg_06", "ses_orphan", "assistant", T0 + 5000, path={"cwd": "/w/orphan", "root": "/w"}),
            _msg("msg_07", sid, "user", T0 + 6000),
        ],
        parts=[
            _part("prt_01", "msg_01", {"type": "text", "text": '"say \\"hi\\" to the cart"'}),
            _part("prt_02", "msg_01", {"type": "text", "synthetic": True, "text": "INJECTED_BODY of cart.py"}),
            _part("prt_03", "msg_02", {"type": "reasoning", "text": "PRIVATE_THOUGHT"}),
            _part("prt_04", "msg_02", {"type": "tool", "tool": "bash", "callID": "c1", "state": {
                "status": "completed", "input": {"command": "make test"}, "output": "boom", "metadata": {"exit": 2},
                "time": {"start": T0 + 1500}}}),
            _part("prt_05", "msg_02", {"type": "tool", "tool": "multiedit", "callID": "c2", "state": {
                "status": "completed", "input": {"filePath": "/w/shop/a.py", "edits": [
                    {"filePath": "/w/shop/a.py", "oldString": "x = 1", "newString": "x = 2"}]}, "output": "ok"}}),
            _part("prt_06", "msg_02", {"type": "tool", "tool": "bash", "callID": "c3", "state": {
                "status": "running", "input": {"command": "sleep 100"}}}),
            _part("prt_07", "msg_02", raw='{"type": "text", "text": "torn'),
            _part("prt_08", "msg_03", {"type": "text", "text": "PART_OF_A_BROKEN_MESSAGE"}),
            _part("prt_09", "msg_04", {"type": "text", "text": "COMPACTION_RECAP"}),
            _part("prt_10", "msg_05", {"type": "text", "text": "find callers of total()"}),
            _part("prt_11", "msg_06", {"type": "text", "text": "orphaned reply"}),
            _part("prt_12", "msg_07", {"type": "text", "text": '"one" and "two"'}),
        ],
    )
    parsed = _parse(db)
    assert parsed.skipped == 2  # the broken message and the torn part
    by_id = {s.id: s for s in parsed.sessions}
    assert set(by_id) == {sid, child, "ses_orphan"}
    s = by_id[sid]
    assert (s.title, s.cwd, s.project, s.parent) == ("Checkout rounding", "/w/shop", "shop", "")
    assert s.started == 1767258000.0  # the RFC 3339 time_created
    got = [(r.role, r.text) for r in s.records]
    assert got == [
        (Role.USER, 'say "hi" to the cart'),
        (Role.COMMAND, "$ make test  → exit 2"),
        (Role.TOOL_OUTPUT, "boom"),
        (Role.FILES, "/w/shop/a.py"),
        (Role.EDIT, "/w/shop/a.py\nx = 1"),
        (Role.COMMAND, "$ sleep 100"),
        (Role.USER, '"one" and "two"'),
    ]
    assert s.records[1].time == 1767261601.5
    c = by_id[child]
    assert (c.parent, c.title) == (sid, "find callers of total()")  # placeholder title: derived instead
    assert by_id["ses_orphan"].cwd == "/w/orphan"


def test_channel_databases_and_relocation(home, tmp_path, monkeypatch):
    data = home / DATA
    one = build_db(data / "opencode.db", [{"id": "ses_1", "directory": "/w/a"}], [_msg("m1", "ses_1", "user")],
                   [_part("p1", "m1", {"type": "text", "text": "from latest"})])
    dev = build_db(data / "opencode-dev.db", [{"id": "ses_2", "directory": "/w/b"}], [_msg("m2", "ses_2", "user")],
                   [_part("p2", "m2", {"type": "text", "text": "from the dev channel"})])
    (data / "opencode.db.bak").write_bytes(b"x")
    (data / "other.db").write_bytes(b"x")
    src = load("opencode")
    assert src.discover() == [dev, one]
    assert src.roots() == [data]
    elsewhere = build_db(tmp_path / "x" / "mine.db", [{"id": "ses_3", "directory": "/w/c"}], [_msg("m3", "ses_3", "user")],
                         [_part("p3", "m3", {"type": "text", "text": "elsewhere"})])
    monkeypatch.setenv("OPENCODE_DB", str(elsewhere))
    assert src.discover() == sorted([dev, one, elsewhere])
    monkeypatch.setenv("OPENCODE_DB", "rel.db")
    rel = build_db(data / "rel.db", [{"id": "ses_4", "directory": "/w/d"}])
    assert rel in src.discover()
    monkeypatch.setenv("DEJA_OPENCODE_DB", str(elsewhere))
    assert src.discover() == [elsewhere] and src.roots() == [elsewhere]
    monkeypatch.delenv("DEJA_OPENCODE_DB")
    monkeypatch.delenv("OPENCODE_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert src.discover() == []
    monkeypatch.setenv("DEJA_OPENCODE_ROOT", str(data))
    assert src.discover() == [dev, one]


def test_schema_drift_and_garbage_are_errors_not_empty(home):
    db = home / DATA / "opencode.db"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE session (id TEXT, directory TEXT); CREATE TABLE message (id TEXT);")
    conn.close()
    with pytest.raises(SourceError):
        load("opencode").parse(db)  # no part table
    db.write_bytes(b"SQLite format 3\x00" + b"\xff" * 600)
    with pytest.raises(SourceError):
        load("opencode").parse(db)
    db.write_bytes(b"")
    with pytest.raises(SourceError):
        load("opencode").parse(db)


def test_unquote_prompt():
    assert unquote_prompt('"fix the bug"') == "fix the bug"
    assert unquote_prompt('"say \\"hi\\""') == 'say "hi"'
    assert unquote_prompt('"a" and "b"') == '"a" and "b"'
    assert unquote_prompt('fix "the bug"') == 'fix "the bug"'
    assert unquote_prompt('"') == '"' and unquote_prompt('""') == ""


# -- the legacy JSON layout


def _install_legacy(home: Path) -> Path:
    shutil.copytree(FIXTURES / "opencode" / ".local", home / ".local", dirs_exist_ok=True)
    return home / DATA / "storage"


def test_legacy_json_layout(home):
    storage = _install_legacy(home)
    src = load("opencode")
    found = src.discover()
    assert [p.stem for p in found] == [LEGACY_ID, LEGACY_CHILD]
    parsed = _parse(found[0])
    assert parsed.skipped == 1  # a torn part file
    (s,) = parsed.sessions
    assert (s.id, s.title, s.cwd, s.project, s.parent) == (LEGACY_ID, "Fix flaky checkout test", "/home/dev/shop", "shop", "")
    assert s.path == str(storage / "session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750" / f"{LEGACY_ID}.json")
    assert (s.started, s.updated) == (1735725600.0, 1735725660.0)
    got = [(r.role, r.text) for r in s.records]
    assert got == [
        (Role.USER, "why does test_checkout_total flake on CI? see @cart.py"),
        (Role.ASSISTANT, "The total depends on the wall clock; running the test twice."),
        (Role.COMMAND, "$ pytest tests/test_cart.py -x  → exit 1"),
        (Role.TOOL_OUTPUT, "FAILED tests/test_cart.py::test_checkout_total - AssertionError: 1999 != 2000"),
        (Role.FILES, "/home/dev/shop/cart.py"),
        (Role.TOOL_OUTPUT, "<file>\n00001| def total(items):\n00002|     return round(sum(i.price for i in items))\n</file>"),
        (Role.FILES, "/home/dev/shop/cart.py"),
        (Role.EDIT, "/home/dev/shop/cart.py\nreturn round(sum(i.price for i in items))"),
        (Role.FILES, "/home/dev/shop/NOTES.md"),
        (Role.FILES, "/home/dev/shop/shop/pricing.py"),
        (Role.EDIT, "/home/dev/shop/shop/pricing.py\nTAX = 0.2"),
        (Role.TOOL_OUTPUT, "Error: ripgrep exited with code 2: unreadable directory node_modules"),
        (Role.ASSISTANT, "Fixed: prices are summed in cents now."),
    ]
    text = "\n".join(t for _, t in got)
    for hidden in ("INJECTED_FILE_BODY", "Called the Read tool", "PRIVATE_REASONING", "COMPACTION_SUMMARY", "applied successfully"):
        assert hidden not in text
    (c,) = _parse(found[1]).sessions
    assert (c.parent, c.title) == (LEGACY_ID, "list every caller of total()")


def test_legacy_session_also_in_the_database_is_read_once(home):
    _install_legacy(home)
    db = build_db(home / DATA / "opencode.db", [{"id": LEGACY_ID, "directory": "/home/dev/shop"}],
                  [_msg("m1", LEGACY_ID, "user")], [_part("p1", "m1", {"type": "text", "text": "migrated copy"})])
    src = load("opencode")
    found = src.discover()
    assert found[0] == db and len(found) == 3
    assert src.parse(found[1]).sessions == []  # the database has it
    assert [s.id for s in src.parse(found[2]).sessions] == [LEGACY_CHILD]


def test_legacy_garbage_session_file_is_an_error(home):
    storage = _install_legacy(home)
    bad = storage / "session" / "global" / "ses_bad.json"
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"\x89PNG not json")
    with pytest.raises(SourceError):
        load("opencode").parse(bad)


# -- end to end through the CLI


def test_cli_finds_every_canary_in_its_session(home):
    manifest, _ = _real(home)
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "opencode", "--json").json()
        assert hits(r) == [("opencode", REAL_ID)], (canary, r)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["opencode"]["state"] == "ok" and states["opencode"]["sessions"] >= 1
    assert states["opencode"]["skipped"] == 0


def test_cli_reads_legacy_and_database_together(home):
    _real(home)
    _install_legacy(home)
    assert hits(deja("search", '"flake on CI"', "--harness", "opencode", "--json").json()) == [("opencode", LEGACY_ID)]
    assert hits(deja("search", '"caller of total"', "--json").json()) == [("opencode", LEGACY_CHILD)]
    r = deja("search", '"unreadable directory node_modules"', "--role", "tool", "--json").json()
    assert hits(r) == [("opencode", LEGACY_ID)]
    assert deja("search", '"canary-opencode-asst-2"', "--json").json()["total"] == 1
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["opencode"]["sessions"] == 3


def test_cli_a_garbage_store_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    db = home / DATA / "opencode.db"
    db.parent.mkdir(parents=True)
    db.write_bytes(b"\x89PNG garbage, not a database\x00" * 40)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["opencode"]["state"] == "unreadable" and states["opencode"]["reason"]
    assert "opencode.db" in states["opencode"]["reason"]
    assert states["pi"]["state"] == "ok" and states["pi"]["sessions"] >= 1
