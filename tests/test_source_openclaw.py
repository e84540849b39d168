"""OpenClaw: the SQLite store OpenClaw 2026.9.6 really wrote, hand-built databases for what that
run did not exercise (compressed and cold-stored events, bad rows), and the older JSONL layout."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
import zstandard
from conftest import FIXTURES, deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

SID = "canary-openclaw"
LEGACY = "7f3c2a10-5b1e-4c2d-9a8e-1d2c3b4a5f60"
ROLES = {"user_prompt": {Role.USER}, "assistant_text": {Role.ASSISTANT}, "tool_output": {Role.TOOL_OUTPUT},
         "tool_command": {Role.COMMAND, Role.FILES}}
FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture(autouse=True)
def _no_openclaw_env(monkeypatch):
    for var in ("OPENCLAW_STATE_DIR", "OPENCLAW_HOME", "OPENCLAW_PROFILE"):
        monkeypatch.delenv(var, raising=False)


def _sessions(path=None):
    src = load("openclaw")
    out, skipped = [], 0
    for p in [path] if path else src.discover():
        parsed = src.parse(p)
        skipped += parsed.skipped
        for s in parsed.sessions:
            prepare(s)
        out += parsed.sessions
    return out, skipped


def _db_path(home: Path, agent: str = "main") -> Path:
    return home / ".openclaw/agents" / agent / "agent/openclaw-agent.sqlite"


SCHEMA = """
CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, event_json TEXT,
  created_at INTEGER NOT NULL, event_zstd BLOB, event_utf8_bytes INTEGER, navigation_json TEXT,
  PRIMARY KEY (session_id, seq));
CREATE TABLE session_nodes (session_key TEXT PRIMARY KEY, current_session_id TEXT NOT NULL,
  entry_json TEXT NOT NULL, updated_at INTEGER NOT NULL, parent_session_key TEXT, label TEXT, display_name TEXT);
CREATE TABLE session_windows (session_id TEXT PRIMARY KEY, session_key TEXT NOT NULL, created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL, parent_session_key TEXT, display_name TEXT);
CREATE TABLE session_transcript_cold_archives (session_id TEXT PRIMARY KEY, generation TEXT NOT NULL,
  archive_name TEXT NOT NULL UNIQUE, archive_sha256 TEXT NOT NULL, event_count INTEGER NOT NULL,
  raw_bytes INTEGER NOT NULL, archive_bytes INTEGER NOT NULL, last_seq INTEGER NOT NULL,
  archived_at INTEGER NOT NULL, storage TEXT NOT NULL, archive_blob BLOB);
"""


def _ev(kind: str, ts: str, **kw) -> dict:
    return {"type": kind, "id": f"e-{ts}", "parentId": None, "timestamp": ts, **kw}


def _msg(ts: str, role: str, content, **kw) -> dict:
    return _ev("message", ts, message={"role": role, "content": content, **kw})


def _build(path: Path, sessions: dict[str, list[object]], cold: list[tuple] = (), wal: bool = False):
    """A database shaped like OpenClaw's: each event is a dict (stored as JSON), a (bytes, size)
    pair (stored compressed), or a str (stored verbatim, e.g. broken JSON)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(SCHEMA)
    for sid, events in sessions.items():
        for seq, ev in enumerate(events):
            if isinstance(ev, tuple):
                row = (sid, seq, None, 0, ev[0], ev[1])
            else:
                text = ev if isinstance(ev, str) else json.dumps(ev, ensure_ascii=False)
                row = (sid, seq, text, 0, None, len(text.encode()))
            conn.execute("INSERT INTO transcript_events VALUES (?, ?, ?, ?, ?, ?, NULL)", row)
    for row in cold:
        conn.execute("INSERT INTO session_transcript_cold_archives VALUES (?, 'g1', ?, ?, 1, 1, 1, 1, 0, ?, ?)", row)
    conn.commit()
    return conn


def _header(sid: str, cwd: str = "/srv/billing") -> dict:
    return {"type": "session", "version": 4, "id": sid, "timestamp": "2026-09-01T10:00:00.000Z", "cwd": cwd}


# -- the store the real CLI wrote -------------------------------------------------------------


def test_every_canary_of_the_real_cli_is_at_its_role(home):
    manifest = install_real(home, "openclaw")
    (s,), skipped = _sessions()
    assert skipped == 0
    assert (s.id, s.cwd, s.project) == (SID, manifest["workdir"], "work-openclaw")
    assert s.path.endswith("agents/main/agent/openclaw-agent.sqlite")
    assert 0 < s.started <= s.updated
    for canary in manifest["canaries"]:
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        assert roles & ROLES[canary["role"]], (canary, roles)
    files = [r.text for r in s.records if r.role is Role.FILES]
    assert files == [f"{manifest['workdir']}/notes.txt"]
    assert [r.text for r in s.records if r.role is Role.COMMAND] == ["$ echo canary-cmd-openclaw | sed s/cmd/out/"]
    # custom entries (cache-ttl, model snapshots, bootstrap markers) are bookkeeping, not speech
    text = "\n".join(r.text for r in s.records)
    assert "frozenToolResults" not in text and "bootstrap" not in text and "model-snapshot" not in text
    assert [r.role for r in s.records].count(Role.USER) == 2


def test_only_the_agent_database_is_a_transcript(home):
    install_real(home, "openclaw")
    state = home / ".openclaw/state/openclaw.sqlite"  # routing and config, no conversation
    state.parent.mkdir(parents=True)
    sqlite3.connect(state).executescript("CREATE TABLE agent_databases (agent_id TEXT, path TEXT); "
                                         "INSERT INTO agent_databases VALUES ('main', 'agents/main/agent/openclaw-agent.sqlite');")
    lock = _db_path(home).with_name("openclaw-agent.sqlite.generation-writer.sqlite")
    sqlite3.connect(lock).execute("PRAGMA user_version = 1")
    # a JSONL copy left behind by an unfinished migration of the same session is not read twice
    legacy = home / ".openclaw/agents/main/sessions" / f"{SID}.jsonl"
    legacy.parent.mkdir(parents=True)
    legacy.write_text(json.dumps(_header(SID)) + "\n" + json.dumps(_msg("2026-09-01T10:00:01Z", "user", "stale copy")) + "\n")
    assert load("openclaw").discover() == [_db_path(home)]


def test_reading_creates_nothing_beside_the_store(home):
    install_real(home, "openclaw")
    before = sorted(p.name for p in _db_path(home).parent.iterdir())
    _sessions()
    assert sorted(p.name for p in _db_path(home).parent.iterdir()) == before


# -- hand-built databases: compressed rows, bad rows, cold storage, metadata --------------------


def test_compressed_events_bad_rows_title_and_parent(home):
    big = json.dumps(_msg("2026-09-01T10:00:03Z", "assistant",
                          [{"type": "thinking", "thinking": "hidden chain of thought"},
                           {"type": "text", "text": "the ledger lock is held across the HTTP call " + "x" * 300}]))
    raw = big.encode()
    c = zstandard.ZstdCompressor()
    two_frames = c.compress(raw[:100]) + c.compress(raw[100:])
    conn = _build(_db_path(home), {
        "s-child": [
            _header("s-child"),
            _ev("custom", "2026-09-01T10:00:01Z", customType="openclaw.cache-ttl", data={"note": "not speech"}),
            _msg("2026-09-01T10:00:02Z", "user", "why does settlement deadlock?"),
            (two_frames, len(raw)),
            '{"type": "message", "message": {"role": "user", "content": "torn',  # broken JSON
            (b"\x28\xb5\x2f\xfd garbage", 50),  # broken zstd
        ],
        "s-parent": [_header("s-parent"), _msg("2026-09-01T09:00:00Z", "user", "spawn a helper")],
    })
    conn.executescript(
        "INSERT INTO session_nodes VALUES ('agent:main:parent', 's-parent', '{}', 0, NULL, 'nightly', NULL);"
        "INSERT INTO session_nodes VALUES ('agent:main:child', 's-child', '{}', 0, 'agent:main:parent', NULL, NULL);"
        "INSERT INTO session_windows VALUES ('s-child', 'agent:main:child', 0, 0, NULL, 'Settlement deadlock');"
        "INSERT INTO session_windows VALUES ('s-parent', 'agent:main:parent', 0, 0, NULL, NULL);"
    )
    conn.commit()
    conn.close()
    parsed = load("openclaw").parse(_db_path(home))
    assert parsed.skipped == 2 and parsed.offset == 0
    by_id = {s.id: s for s in parsed.sessions}
    child = by_id["s-child"]
    assert (child.title, child.parent, child.cwd, child.project) == ("Settlement deadlock", "s-parent", "/srv/billing", "billing")
    assert [(r.role, r.text[:30]) for r in child.records] == [
        (Role.USER, "why does settlement deadlock?"),
        (Role.ASSISTANT, "the ledger lock is held across"),
    ]
    assert (by_id["s-parent"].title, by_id["s-parent"].parent) == ("nightly", "")


def test_rows_still_in_the_wal_are_read(home):
    conn = _build(_db_path(home), {"s-wal": [_header("s-wal"), _msg("2026-09-01T10:00:02Z", "user", "only in the wal")]}, wal=True)
    try:
        assert Path(f"{_db_path(home)}-wal").stat().st_size > 0
        (s,), _ = _sessions(_db_path(home))
        assert s.records[0].text == "only in the wal"
    finally:
        conn.close()


def test_cold_stored_transcripts_are_read_from_blob_and_file(home):
    c = zstandard.ZstdCompressor()

    def envelope(sid: str, text: str) -> bytes:
        lines = [{"kind": "header", "version": 1, "sessionId": sid, "generation": "g1"},
                 {"kind": "event", "row": {"seq": 0, "event_json": json.dumps(_header(sid, "/srv/archive")), "created_at": 0}},
                 {"kind": "event", "row": {"seq": 1, "event_json": json.dumps(_msg("2026-08-01T10:00:00Z", "user", text)), "created_at": 0}},
                 {"kind": "fts", "row": {"text": "fts copy of " + text, "message_id": "m", "role": "user", "timestamp": 0}}]
        return c.compress("".join(json.dumps(x) + "\n" for x in lines).encode())

    in_db = envelope("s-cold-db", "archived inside the database")
    in_file = envelope("s-cold-file", "archived beside the database")
    name = hashlib.sha256(in_file).hexdigest() + ".jsonl.zst"
    cold_dir = home / ".openclaw/agents/main/sessions/cold"
    cold_dir.mkdir(parents=True)
    (cold_dir / name).write_bytes(in_file)
    missing = "0" * 64 + ".jsonl.zst"
    _build(_db_path(home), {"s-hot": [_header("s-hot"), _msg("2026-09-01T10:00:00Z", "user", "still hot")]}, cold=[
        ("s-cold-db", "a" * 64 + ".jsonl.zst", "a" * 64, "sqlite", in_db),
        ("s-cold-file", name, name[:64], "file", None),
        ("s-cold-lost", missing, "0" * 64, "file", None),
    ]).close()
    parsed = load("openclaw").parse(_db_path(home))
    got = {s.id: [r.text for r in s.records] for s in parsed.sessions}
    assert got == {"s-hot": ["still hot"], "s-cold-db": ["archived inside the database"],
                   "s-cold-file": ["archived beside the database"]}
    assert parsed.skipped == 1  # the archive whose file is gone


def test_garbage_and_schema_drift_are_source_errors(home):
    db = _db_path(home)
    db.parent.mkdir(parents=True)
    db.write_bytes(b"SQLite format 2\x00 but not really" * 100)
    with pytest.raises(SourceError):
        load("openclaw").parse(db)
    db.unlink()
    sqlite3.connect(db).executescript("CREATE TABLE transcript_log (x TEXT); INSERT INTO transcript_log VALUES ('y');")
    with pytest.raises(SourceError):
        load("openclaw").parse(db)
    db.unlink()
    _build(db, {"s": ["{not json", "[1, 2]"]}).close()
    with pytest.raises(SourceError, match="decodes"):
        load("openclaw").parse(db)


# -- the older JSONL layout ---------------------------------------------------------------------


def _install_legacy(home: Path) -> Path:
    shutil.copytree(FIXTURES / "openclaw" / ".openclaw", home / ".openclaw", dirs_exist_ok=True)
    return home / ".openclaw/agents/main/sessions"


def test_legacy_jsonl_layout(home):
    sessions_dir = _install_legacy(home)
    names = [p.name for p in load("openclaw").discover()]
    # sessions.json, the compaction checkpoint, the trajectory and the reset archive are not transcripts
    assert names == [f"{LEGACY}-topic-42.jsonl", f"{LEGACY}.jsonl", "c0ffee00-1111-4222-8333-444455556666.jsonl"]
    sessions, skipped = _sessions()
    assert skipped == 0
    by_id = {s.id: s for s in sessions}
    s = by_id[LEGACY]
    assert (s.cwd, s.project, s.path) == ("/home/dev/payments-api", "payments-api", str(sessions_dir / f"{LEGACY}.jsonl"))
    got = [(r.role, r.text) for r in s.records]
    assert (Role.COMMAND, "$ pytest tests/test_refund_webhook.py -x  → exit 1") in got
    assert (Role.FILES, "/home/dev/payments-api/app/webhooks/refund.py") in got
    assert (Role.EDIT, "/home/dev/payments-api/app/webhooks/refund.py\nRETRYABLE = {409, 429, 503}") in got
    assert (Role.FILES, "/home/dev/payments-api/tests/test_refund_webhook.py") in got
    assert (Role.EDIT, "/home/dev/payments-api/tests/test_refund_webhook.py\n    assert attempts == 5") in got
    assert (Role.COMMAND, "$ git diff --stat") in got  # typed by the person with `!`
    text = "\n".join(t for _, t in got)
    for absent in ("secret-reasoning-openclaw", "compaction-summary-not-speech", "custom-entry-not-speech",
                   "checkpoint-copy-phrase", "trajectory-copy-phrase", "reset-archive-phrase"):
        assert absent not in text
    # a topic thread shares its session's header id: it keeps its own file's name
    assert by_id[f"{LEGACY}-topic-42"].records[0].text.startswith("in this thread")
    ops = by_id["c0ffee00-1111-4222-8333-444455556666"]
    assert (ops.cwd, ops.project) == ("", "openclaw-ops")  # no cwd recorded: the agent names it


def test_legacy_jsonl_resumes_mid_file_and_leaves_a_torn_tail(home):
    path = _install_legacy(home) / f"{LEGACY}.jsonl"
    data = path.read_bytes()
    cut = data.rindex(b"\n", 0, data.index(b"bashExecution")) + 1
    with open(path, "ab") as f:
        f.write(b"{broken line\n" + json.dumps(_msg("2026-03-02T09:03:00Z", "user", "appended later")).encode() + b"\n")
        f.write(b'{"type": "message", "message": {"role": "user", "con')
    parsed = load("openclaw").parse(path, cut)
    (s,) = parsed.sessions
    assert (s.id, s.cwd) == (LEGACY, "/home/dev/payments-api")
    assert s.records[0].text == "$ git diff --stat" and s.records[-1].text == "appended later"
    assert parsed.skipped == 1
    assert parsed.offset == path.stat().st_size - len(b'{"type": "message", "message": {"role": "user", "con')


def test_state_dir_overrides(home, monkeypatch, tmp_path):
    _install_legacy(home)
    shutil.copytree(home / ".openclaw", home / ".openclaw-work")  # a named profile
    shutil.copytree(home / ".openclaw", home / ".clawdbot")  # the name before OpenClaw: a stale copy now
    roots = load("openclaw").roots()
    assert roots == [home / ".openclaw/agents", home / ".openclaw-work/agents"]
    assert len(load("openclaw").discover()) == 6
    elsewhere = tmp_path / "state"
    shutil.move(home / ".openclaw", elsewhere)
    assert load("openclaw").roots()[0] == home / ".clawdbot/agents"
    monkeypatch.setenv("OPENCLAW_STATE_DIR", str(elsewhere))
    assert load("openclaw").roots() == [elsewhere / "agents"] and len(load("openclaw").discover()) == 3
    monkeypatch.delenv("OPENCLAW_STATE_DIR")
    monkeypatch.setenv("OPENCLAW_HOME", str(tmp_path))
    assert load("openclaw").roots()[0] == tmp_path / ".openclaw/agents"
    monkeypatch.setenv("DEJA_OPENCLAW_ROOT", str(elsewhere / "agents"))
    assert load("openclaw").roots() == [elsewhere / "agents"]


# -- end to end, through the CLI ----------------------------------------------------------------


def test_cli_finds_every_canary_and_reports_the_source(home):
    manifest = install_real(home, "openclaw")
    _install_legacy(home)
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAG[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "openclaw", "--json").json()
        assert hits(r) == [("openclaw", SID)], (canary, r)
    r = deja("search", '"RETRYABLE = {409, 429, 503}"', "--role", "edit", "--harness", "openclaw", "--json").json()
    assert hits(r) == [("openclaw", LEGACY)]
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["openclaw"]["state"] == "ok" and states["openclaw"]["sessions"] == 4


def test_a_database_of_garbage_is_unreadable_while_others_index(home):
    install_real(home, "pi")
    db = _db_path(home)
    db.parent.mkdir(parents=True)
    db.write_bytes(b"\x89PNG not a database\x00" * 64)
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["openclaw"]["state"] == "unreadable" and states["openclaw"]["reason"]
    assert states["pi"]["state"] == "ok" and states["pi"]["sessions"] == 1
