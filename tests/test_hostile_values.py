"""Hostile values (issue 12, deliveries 2 and 3): no time can hurt, a bad value costs its record,
a bad file costs itself. Each test writes its input and checks it is what it means to be first;
then everything goes through the `deja` CLI in a throwaway HOME."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from conftest import FIXTURES, deja, install_real
from deja.store import Store, bodies
from hostile_mutate import mutate_file

SID = "7a1d0c52-0000-4000-8000-00000000beef"
CWD = "/w/walrus"


def _line(text: object, ts: object, role: str = "user", **extra) -> dict:
    content = text if role == "user" else [{"type": "text", "text": text}]
    return {"type": role, "sessionId": SID, "cwd": CWD, "timestamp": ts, "message": {"role": role, "content": content},
            **extra}


def _transcript(home: Path, lines: list[str], name: str = SID) -> Path:
    path = home / ".claude/projects/-w-walrus" / f"{name}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(ln + "\n" for ln in lines))
    return path


def _every_reader_answers(query: str, session: str) -> dict:
    """last, timeline, workspaces, show, search, ctx and a hook exit 0 over this index; the
    session as `show --json` gives it."""
    for args in (("last",), ("last", "--json"), ("timeline",), ("timeline", "--json"), ("workspaces",),
                 ("workspaces", "--json"), ("show", session), (query,), ("search", query, "--json"),
                 ("ctx", query), ("ctx", query, "--json")):
        deja(*args)
    payload = {"session_id": "c1", "transcript_path": "/tmp/c1.jsonl", "cwd": CWD,
               "hook_event_name": "UserPromptSubmit", "prompt": f"how did we fix the {query} last time?"}
    deja("hook-prompt", input=json.dumps(payload))
    return deja("show", session, "--json").json()


def test_huge_negative_and_far_future_times_are_unknown_not_fatal(home):
    times = ['1e300', '123456789012345678901234567890', '1e17', '-5', '"\u00b2"', '"9999-12-31T23:59:59Z"',
             '"1e300"', '1' + '0' * 400]
    lines = [json.dumps(_line("walrus migration plan for the tenant table", "2026-03-01T10:00:00Z"))]
    lines += [json.dumps(_line(f"walrus step {i}", 0)).replace('"timestamp": 0', f'"timestamp": {t}')
              for i, t in enumerate(times)]
    path = _transcript(home, lines)
    raw = path.read_text()
    assert '"timestamp": 1e300' in raw and '"timestamp": 123456789012345678901234567890' in raw  # the input, as meant
    assert '"timestamp": 1e17' in raw and '"timestamp": 1' + '0' * 400 in raw

    r = deja("index", "--json").json()
    assert r["errors"] == 0 and r["records"] == 1 + len(times)
    shown = _every_reader_answers("walrus", SID)
    stamps = [rec["time"] for rec in shown["records"]]
    assert stamps[0] == "2026-03-01T10:00:00Z" and stamps[1:] == [None] * len(times), stamps
    assert shown["session"]["updated"] == "2026-03-01T10:00:00Z"
    assert "2026-03-01" in deja("last").out


def test_a_bad_time_already_in_the_index_shows_as_unknown(home):
    """An index written before times were checked holds them: every reader must still answer."""
    _transcript(home, [json.dumps(_line("walrus migration plan", "2026-03-01T10:00:00Z")),
                       json.dumps(_line("walrus rollback drill", "2026-03-01T10:05:00Z", role="assistant"))])
    deja("index")
    store = Store(home / ".cache/deja")
    try:
        row = store.catalog.recent_sessions(1)[0]
        store.text.add(row.fid, row.sid, "claude", "walrus", 1, 1e14, 99, bodies.raw(b"walrus far future"),
                       "walrus far future")
        store.text.commit()
        with store.catalog.transaction():  # what 1e17 ms became in an older deja: year 3 million
            store.catalog.db.execute("UPDATE sessions SET updated = 1e14, started = -1e12")
    finally:
        store.close()
    shown = _every_reader_answers("walrus", SID)
    assert shown["session"]["updated"] is None and shown["session"]["started"] is None
    assert None in [rec["time"] for rec in shown["records"]]
    assert "----------" in deja("last").out
    assert "undated" in deja("ctx", "walrus", "far", "future").out


def test_a_wrong_typed_value_costs_its_block_and_deep_nesting_its_line(home):
    deep = "[" * 100_000 + "]" * 100_000
    lines = [
        json.dumps(_line("walrus first question", "2026-03-01T10:00:00Z")),
        json.dumps({**_line("", "2026-03-01T10:01:00Z", role="assistant"),
                    "message": {"role": "assistant", "content": [{"type": "text", "text": 5},
                                                                 {"type": "text", "text": "walrus kept answer"}]}}),
        json.dumps({**_line("", "2026-03-01T10:02:00Z", role="assistant"),
                    "message": {"role": "assistant", "content": [
                        {"type": "tool_use", "id": "t1", "name": "MultiEdit",
                         "input": {"file_path": "/w/walrus/a.py", "edits": 5}}]}}),
        json.dumps({**_line("", "2026-03-01T10:03:00Z"), "message": ["a list where a dict belongs"]}),
        '{"type": "user", "message": ' + deep + "}",
        deep,
        json.dumps(_line("walrus after the deep line", "2026-03-01T10:04:00Z")),
    ]
    path = _transcript(home, lines)
    raw = path.read_text()
    assert '"text": 5' in raw and '"edits": 5' in raw and "[" * 100_000 in raw

    r = deja("index", "--json").json()
    assert r["errors"] == 0
    (claude,) = [s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "claude"]
    assert claude["state"] == "ok" and claude["skipped"] >= 4, claude  # the text 5, the edits, two deep lines
    texts = [rec["text"] for rec in _every_reader_answers("walrus", SID)["records"]]
    assert "walrus kept answer" in texts and "walrus after the deep line" in texts
    assert any(t.startswith("/w/walrus/a.py") for t in texts)  # the edit's path survives its bad `edits`


def test_a_file_that_cannot_be_written_costs_itself_not_the_run(home):
    _transcript(home, [json.dumps(_line("walrus good session", "2026-03-01T10:00:00Z"))])
    bad = _transcript(home, [json.dumps({**_line("narwhal doomed session", "2026-03-01T11:00:00Z"), "sessionId": "bad"})],
                      name="bad-narwhal")
    env = {"DEJA_TEST_FAIL_WRITE": "bad-narwhal"}  # the writer raises OverflowError on this file
    r = deja("index", "--json", env=env).json()
    assert r["errors"] == 1 and r["sessions"] == 1
    (claude,) = [s for s in deja("sources", "--json", env=env).json()["sources"] if s["harness"] == "claude"]
    assert str(bad) in claude["reason"] and "could not be indexed: OverflowError" in claude["reason"], claude
    doctor = deja("doctor", env=env, check=False)
    assert str(bad) in doctor.out + doctor.err and "OverflowError" in doctor.out + doctor.err
    # searches (which retry the failed file inline) keep answering, from what was written
    for _ in range(2):
        assert deja("search", "walrus", "--json", env=env).json()["hits"]
        assert not deja("search", "narwhal", "--json", env=env).json()["hits"]
    deja("last", env=env)
    deja("show", SID, env=env)
    # the fault gone, the next run reads the file whole
    deja("index")
    assert deja("search", "narwhal", "--json").json()["hits"]
    (claude,) = [s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "claude"]
    assert claude["errors"] == 0 and claude["sessions"] == 2


def test_a_file_name_that_is_not_utf8_is_indexed_not_fatal(home):
    _transcript(home, [json.dumps(_line("walrus good session", "2026-03-01T10:00:00Z"))])
    odd = home / ".claude/projects/-w-walrus" / "narwhal\udcff.jsonl"  # the byte 0xff, as the OS hands it
    odd.write_text(json.dumps({**_line("narwhal odd name", "2026-03-01T11:00:00Z"), "sessionId": "odd"}) + "\n")
    assert b"\xff" in bytes(odd)
    r = deja("index", "--json").json()
    assert r["errors"] == 0 and r["sessions"] == 2
    assert deja("index", "--json").json()["unchanged"] == 2  # found again under the same key
    assert deja("search", "narwhal", "--json").json()["hits"]
    assert "\\xff" in deja("show", "odd", "--json").json()["session"]["path"]


# -- fuzz over the real-agent stores


def _install_all(home: Path) -> None:
    for d in sorted((FIXTURES / "real").iterdir()):
        install_real(home, d.name)


def _records_by_file(home: Path) -> dict[str, dict[str, list]]:
    """Per source file (relative to HOME): its sessions' records as readers see them."""
    store = Store(home / ".cache/deja", readonly=True)
    try:
        paths = {f.fid: str(Path(f.path).relative_to(home)) for f in store.catalog.files().values()}
        out: dict[str, dict[str, list]] = {}
        for row in store.catalog.recent_sessions(100_000):
            recs = [(r.role, r.seq, r.time, r.text) for r in store.text.session_records(row.sid)]
            out.setdefault(paths.get(row.fid, "?"), {})[row.key] = [row.title, row.started, row.updated, recs]
        return out
    finally:
        store.close()


def _fresh_home(home: Path) -> None:
    """The real stores, and nothing else, in HOME (the same path every round: some session ids
    hash their file's path)."""
    for item in list(home.iterdir()):
        if item.is_dir() and not item.is_symlink():
            shutil.rmtree(item)
        else:
            item.unlink()
    _install_all(home)


def test_fuzzed_real_stores_index_and_every_reader_answers(home):
    _fresh_home(home)
    deja("index")
    baseline = _records_by_file(home)
    files = sorted(baseline)
    assert len(files) >= 12 and all(baseline[f] for f in files)
    rng = random.Random(12)
    for round_ in range(3):
        _fresh_home(home)
        mutated = {f: mutate_file(home / f, rng) for f in rng.sample(files, len(files) // 2 + round_)}
        r = deja("index", "--json").json()
        assert r["files"] >= len(files), r
        got = _records_by_file(home)
        for f in files:
            if f not in mutated:
                assert got.get(f) == baseline[f], (round_, f, mutated)
        for args in (("last",), ("timeline",), ("workspaces",), ("search", "canary", "--json"), ("sources",)):
            deja(*args)
        some = deja("last", "50", "--json").json()
        for s in some["sessions"][:: max(1, len(some["sessions"]) // 4)]:
            deja("show", s["id"])


def test_a_sqlite_row_that_is_not_utf8_costs_no_other_session(home):
    # a TEXT value of bytes that are not UTF-8 (a session title, a part's JSON) raised in the cursor,
    # outside any record's guard: the whole opencode store was unreadable, every session lost
    import sqlite3

    from test_source_opencode import DATA, T0, _msg, build_db

    db = build_db(home / DATA / "opencode.db",
                  sessions=[{"id": "ses_a", "directory": "/w/shop", "title": "Checkout"},
                            {"id": "ses_b", "directory": "/w/shop", "title": "Other"}],
                  messages=[_msg("msg_01", "ses_a", "user"), _msg("msg_02", "ses_b", "user", T0 + 1000)],
                  parts=[{"id": "prt_1", "message_id": "msg_01", "session_id": "ses_a",
                          "data": {"type": "text", "text": "pelicanfeather rounding bug"}},
                         {"id": "prt_2", "message_id": "msg_02", "session_id": "ses_b",
                          "data": {"type": "text", "text": "zebrawing other"}}])
    conn = sqlite3.connect(db)
    conn.execute("UPDATE part SET data = CAST(? AS TEXT) WHERE id = 'prt_2'", (b'{"type":"text","text":"zebrawing \xff\xfe"}',))
    conn.execute("UPDATE session SET title = CAST(? AS TEXT) WHERE id = 'ses_b'", (b"bad \xff title",))
    conn.commit()
    conn.close()
    deja("index")
    assert deja("search", "pelicanfeather", "--json").json()["hits"]
    assert deja("search", "zebrawing", "--json").json()["hits"]  # the row itself, its bad bytes replaced
    store = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "opencode")
    assert store["state"] == "ok" and store["sessions"] == 2, store
