"""Freshness, appends, rewinds, deletions, forgetting, the writer lock, and crash safety."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import deja, hits, write_jsonl
from deja.ingest.lock import WriterLock
from deja.store import Store


def line(sid: str, role: str, text: str, ts: str, cwd: str = "/w/app") -> dict:
    content = text if role == "user" else [{"type": "text", "text": text}]
    return {"type": role, "sessionId": sid, "cwd": cwd, "timestamp": ts, "message": {"role": role, "content": content}}


def transcript(home: Path, sid: str, turns: list[tuple[str, str]], project: str = "-w-app") -> Path:
    return write_jsonl(
        home / f".claude/projects/{project}/{sid}.jsonl",
        [line(sid, role, text, f"2026-03-01T10:{i:02d}:00Z", cwd=project.replace("-", "/"))
         for i, (role, text) in enumerate(turns)],
    )


def append(path: Path, sid: str, role: str, text: str, minute: int) -> None:
    with open(path, "a") as f:
        f.write(json.dumps(line(sid, role, text, f"2026-03-01T11:{minute:02d}:00Z")) + "\n")


def fingerprint(index_dir: Path) -> dict:
    """Everything a reader can see: sessions, their records, and no stray documents."""
    store = Store(index_dir, readonly=True)
    try:
        out = {}
        total = 0
        for row in store.catalog.recent_sessions(100_000):
            recs = store.text.session_records(row.sid)
            total += len(recs)
            out[row.key] = (row.title, row.started, row.updated, row.records,
                            [(r.role, r.seq, r.time, r.text) for r in recs])
        out["__docs__"] = (store.text.num_docs(), total)
        return out
    finally:
        store.close()


def test_append_is_read_from_the_safe_offset(home):
    path = transcript(home, "s1", [("user", "why is the tenant filter missing"), ("assistant", "the join drops it")])
    deja("index")
    append(path, "s1", "user", "and the walrus migration", 1)
    r = deja("index", "--json").json()
    assert (r["parsed"], r["appended"]) == (1, 1)
    assert hits(deja("search", "walrus", "--json").json()) == [("claude", "s1")]
    shown = deja("show", "s1", "--json").json()
    assert [x["seq"] for x in shown["records"]] == [0, 1, 2] and shown["total"] == 3
    assert fingerprint(home / ".cache/deja") == _cold(home)


def test_torn_last_line_is_not_consumed_until_complete(home):
    path = transcript(home, "s1", [("user", "first question")])
    full = json.dumps(line("s1", "assistant", "the zebra answer", "2026-03-01T10:05:00Z")) + "\n"
    with open(path, "a") as f:
        f.write(full[:25])
    assert deja("search", "zebra", "--json").json()["tier"] == "none"
    with open(path, "a") as f:
        f.write(full[25:])
    assert hits(deja("search", "zebra", "--json").json()) == [("claude", "s1")]
    assert fingerprint(home / ".cache/deja") == _cold(home)


def test_rewind_that_regrows_past_the_old_size_replaces_the_turns(home):
    path = transcript(home, "s1", [("user", "start here"), ("assistant", "obsolete platypus answer")])
    deja("index")
    old_size = path.stat().st_size
    transcript(home, "s1", [("user", "start here"), ("assistant", "a completely different quokka answer, much longer than before " * 3)])
    assert path.stat().st_size > old_size
    assert hits(deja("search", "quokka", "--json").json()) == [("claude", "s1")]
    assert deja("search", "platypus", "--json").json()["tier"] == "none"
    assert fingerprint(home / ".cache/deja") == _cold(home)


def test_a_changed_mtime_alone_keeps_the_records(home):
    # aging, a backup restore, `touch`: same size and bytes, another mtime. The file resumes from
    # its safe offset (its prefix hashes the same) instead of being read whole again.
    path = transcript(home, "s1", [("user", "the capybara rollout"), ("assistant", "behind a flag")])
    deja("index")
    before = fingerprint(home / ".cache/deja")
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns - 30 * 86400 * 10**9))
    r = deja("index", "--json").json()
    assert (r["parsed"], r["appended"], r["records"]) == (1, 1, 0)
    assert deja("index", "--json").json()["parsed"] == 0  # the new mtime is recorded
    assert fingerprint(home / ".cache/deja") == before == _cold(home)
    append(path, "s1", "user", "and the tapir canary", 1)  # and it appends on from there
    assert (deja("index", "--json").json()["appended"], hits(deja("search", "tapir", "--json").json())) == (1, [("claude", "s1")])
    assert fingerprint(home / ".cache/deja") == _cold(home)


def test_same_size_other_bytes_is_read_whole(home):
    path = transcript(home, "s1", [("user", "start here"), ("assistant", "the platypus answer")])
    deja("index")
    data = path.read_bytes()
    path.write_bytes(data.replace(b"platypus", b"wombatsy"))
    assert path.stat().st_size == len(data)
    r = deja("index", "--json").json()
    assert (r["parsed"], r["appended"]) == (1, 0)
    assert hits(deja("search", "wombatsy", "--json").json()) == [("claude", "s1")]
    assert deja("search", "platypus", "--json").json()["tier"] == "none"
    assert fingerprint(home / ".cache/deja") == _cold(home)


def test_unchanged_sessions_are_not_touched(home):
    transcript(home, "keep", [("user", "stable session about lemurs")])
    changing = transcript(home, "change", [("user", "moving session about otters")])
    deja("index")
    before = fingerprint(home / ".cache/deja")["claude:keep"]
    transcript(home, "change", [("user", "rewritten about beavers")])
    r = deja("index", "--json").json()
    assert r["parsed"] == 1 and r["unchanged"] == 1
    assert fingerprint(home / ".cache/deja")["claude:keep"] == before
    assert changing.exists()


def test_deleted_source_is_kept_through_rebuild_until_forgotten(home):
    path = transcript(home, "s1", [("user", "the axolotl deploy plan")])
    transcript(home, "s2", [("user", "another axolotl note")])
    deja("index")
    path.unlink()
    r = deja("index", "--json").json()
    assert r["gone"] == 1
    found = deja("search", "axolotl", "--json").json()
    gone = {h["session"]["id"]: h["session"]["source_gone"] for h in found["hits"]}
    assert gone == {"s1": True, "s2": False}
    deja("index", "--rebuild")
    assert {h["session"]["id"] for h in deja("search", "axolotl", "--json").json()["hits"]} == {"s1", "s2"}
    claude = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "claude")
    assert claude["gone"] == 1 and claude["state"] == "ok"

    dry = deja("forget", "--session", "s1", "--dry-run", "--json").json()
    assert [s["id"] for s in dry["sessions"]] == ["s1"]
    assert {h["session"]["id"] for h in deja("search", "axolotl", "--json").json()["hits"]} == {"s1", "s2"}
    deja("forget", "--session", "s1")
    assert hits(deja("search", "axolotl", "--json").json()) == [("claude", "s2")]
    # the harness writes it again: the tombstone keeps it out, through a rebuild too
    transcript(home, "s1", [("user", "the axolotl deploy plan")])
    deja("index", "--rebuild")
    assert hits(deja("search", "axolotl", "--json").json()) == [("claude", "s2")]
    assert [t["key"] for t in deja("forget", "--list", "--json").json()["forgotten"]] == ["claude:s1"]
    deja("forget", "--unforget", "s1")
    assert {h["session"]["id"] for h in deja("search", "axolotl", "--json").json()["hits"]} == {"s1", "s2"}


def test_forget_by_project_and_before(home):
    transcript(home, "a1", [("user", "ferret alpha")], project="-w-alpha")
    transcript(home, "b1", [("user", "ferret beta")], project="-w-beta")
    deja("index")
    out = deja("forget", "--project", "alpha", "--json").json()
    assert [s["id"] for s in out["sessions"]] == ["a1"]
    assert hits(deja("search", "ferret", "--json").json()) == [("claude", "b1")]
    deja("forget", "--before", "2030-01-01")
    assert deja("search", "ferret", "--json").json()["tier"] == "none"
    bad = deja("forget", check=False)
    assert bad.code != 0 and bad.err.count("\n") == 1


def test_exclusion_patterns(home):
    transcript(home, "pub", [("user", "public gecko work")], project="-w-public")
    transcript(home, "sec", [("user", "secret gecko work")], project="-w-secret")
    deja("index")
    assert len(deja("search", "gecko", "--json").json()["hits"]) == 2
    cfg = home / ".config/deja"
    cfg.mkdir(parents=True)
    (cfg / "exclude").write_text("# private client work\n*/-w-secret/*\n")
    assert hits(deja("search", "gecko", "--json").json()) == [("claude", "pub")]
    (cfg / "exclude").write_text("*/-w-secret/*\n/w/public\n")  # a session cwd works too
    transcript(home, "pub", [("user", "public gecko work, again")], project="-w-public")
    assert hits(deja("search", "gecko", "--json").json()) == []
    (cfg / "exclude").write_text("")  # lifted: both come back
    transcript(home, "pub", [("user", "public gecko work, third")], project="-w-public")
    transcript(home, "sec", [("user", "secret gecko work, again")], project="-w-secret")
    assert len(deja("search", "gecko", "--json").json()["hits"]) == 2


def test_a_large_change_is_indexed_in_the_background(home):
    for i in range(4):
        transcript(home, f"s{i}", [("user", f"baseline capybara {i}")])
    deja("search", "capybara")
    for i in range(4):
        transcript(home, f"s{i}", [("user", f"rewritten tapir {i} " + "padding words " * 50)])
    r = deja("search", "tapir", env={"DEJA_INLINE_BYTES": "100"}, check=False)
    assert "background" in r.err
    deadline = time.time() + 30
    while time.time() < deadline:
        found = deja("search", "tapir", "--json", env={"DEJA_INLINE_BYTES": "100"}).json()
        if found["total"] == 4:
            break
        time.sleep(0.3)
    assert found["total"] == 4


def test_second_writer_waits_and_readers_do_not(home):
    transcript(home, "s1", [("user", "lock test kiwi")])
    deja("index")
    lock = WriterLock(home / ".cache/deja")
    assert lock.acquire(wait=False)
    try:
        r = deja("search", "kiwi", "--json")
        assert r.json()["total"] == 1  # answered from the index as it is
        p = subprocess.Popen([sys.executable, "-m", "deja", "index"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.5)
        assert p.poll() is None  # waiting
    finally:
        lock.release()
    out, err = p.communicate(timeout=30)
    assert p.returncode == 0 and "waiting for another deja writer" in err


def _cold(home: Path) -> dict:
    """The index a cold rebuild produces from the same stores, in a separate directory."""
    cold = home.parent / f"cold-{time.monotonic_ns()}"
    deja("index", env={"DEJA_INDEX_DIR": str(cold)})
    return fingerprint(cold)


@pytest.fixture
def corpus(home):
    """A few hundred files, so a cold index runs many batches."""
    subprocess.run([sys.executable, str(Path(__file__).parent.parent / "benchmarks/gen_corpus.py"), "--home", str(home), "--mb", "8", "--seed", "1"],
                   check=True, capture_output=True)
    return home


# Parsing in a pool of workers (what a large cold index does) must give the very same index.
POOL = {"DEJA_PARALLEL_BYTES": "0", "DEJA_WORKERS": "2"}


def _no_process_left(home: Path) -> None:
    """Nothing the killed writer started (its workers, their server) outlives it for long."""
    deadline = time.monotonic() + 10
    while True:
        left = []
        for d in os.listdir("/proc"):
            if d.isdigit() and int(d) != os.getpid():
                try:
                    with open(f"/proc/{d}/environ", "rb") as f:
                        if f"HOME={home}\0".encode() in f.read():
                            left.append(d)
                except OSError:
                    pass
        if not left or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not left


def test_parsing_in_worker_processes_gives_the_same_index(corpus):
    deja("index", env=POOL)
    serial = corpus.parent / "serial"
    deja("index", env={"DEJA_INDEX_DIR": str(serial), "DEJA_WORKERS": "1"})
    assert fingerprint(corpus / ".cache/deja") == fingerprint(serial)


def test_a_worker_that_dies_costs_nothing(corpus):
    """A worker killed mid-run (out of memory, say): its files and the rest are parsed here."""
    r = deja("index", "--json", env={**POOL, "DEJA_TEST_CRASH": "worker:3"})
    assert r.json()["errors"] == 0
    serial = corpus.parent / "serial"
    deja("index", env={"DEJA_INDEX_DIR": str(serial), "DEJA_WORKERS": "1"})
    assert fingerprint(corpus / ".cache/deja") == fingerprint(serial)


@pytest.mark.parametrize("point", ["pending:1", "text:1", "text:3", "catalog:2", "catalog:5", "pool-text:2"])
def test_kill_at_each_write_step_then_converge(corpus, point):
    env = {"DEJA_TEST_CRASH": point.removeprefix("pool-"), "DEJA_BATCH_FILES": "2"}
    if point.startswith("pool-"):
        env.update(POOL)
    r = deja("index", env=env, check=False)
    assert r.code == -signal.SIGKILL
    if point.startswith("pool-"):
        _no_process_left(corpus)
    # the index still opens and answers
    assert deja("search", "connection", "--json").json()["schema_version"] == 2
    deja("index")
    assert fingerprint(corpus / ".cache/deja") == _cold(corpus)


def test_kill_at_random_moments_then_converge(corpus):
    deja("index")
    files = sorted((corpus / ".claude/projects").rglob("*.jsonl"))
    for i, delay in enumerate([0.15, 0.4, 0.7, 1.0]):
        # appends, a rewrite and a deletion, so every path is being written when the kill lands
        append(files[i], files[i].stem, "user", f"appended okapi {i}", i)
        transcript(corpus, files[i + 4].stem, [("user", f"rewritten okapi {i}")], project=files[i + 4].parent.name)
        files[i + 8].unlink()
        p = subprocess.Popen([sys.executable, "-m", "deja", "index", "--rebuild" if i % 2 else "--json"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        os.kill(p.pid, signal.SIGKILL)
        p.wait()
        assert deja("search", "okapi", "--json").json()["schema_version"] == 2
    deja("index")
    warm = fingerprint(corpus / ".cache/deja")
    cold = _cold(corpus)
    # sessions whose source was deleted are kept by the warm index and cannot be rebuilt cold
    gone = {k for k in warm if k not in cold}
    assert len(gone) == 4
    assert {k: v for k, v in warm.items() if k not in gone and k != "__docs__"} == {k: v for k, v in cold.items() if k != "__docs__"}
    docs, total = warm["__docs__"]
    assert docs == total  # no stray or duplicated records


def test_rows_only_in_a_sqlite_wal_are_picked_up(home):
    """A WAL-mode store changes in its -wal file; the main file stays as it was."""
    import shutil
    import sqlite3

    db_dir = home / ".local/share/opencode"
    db_dir.mkdir(parents=True)
    live = home.parent / "live"
    live.mkdir()
    conn = sqlite3.connect(live / "opencode.db")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.executescript(
        "CREATE TABLE t(x); INSERT INTO t VALUES (1);"
    )
    conn.commit()
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copyfile(live / "opencode.db", db_dir / "opencode.db")
    from deja.ingest.indexer import file_stat

    before = file_stat(db_dir / "opencode.db")
    conn.execute("INSERT INTO t VALUES (2)")
    conn.commit()
    shutil.copyfile(live / "opencode.db-wal", db_dir / "opencode.db-wal")
    conn.close()
    after = file_stat(db_dir / "opencode.db")
    assert after != before


def test_a_file_its_source_no_longer_claims_is_dropped(home):
    """Gemini resumes an old whole-session .json into a .jsonl beside it: the .json stops being
    a transcript, and what it gave must not stay as a second copy."""
    chats = home / ".gemini/tmp/proj/chats"
    chats.mkdir(parents=True)
    old = {"sessionId": "g1", "startTime": "2026-03-01T10:00:00Z", "lastUpdated": "2026-03-01T10:00:00Z",
           "messages": [{"id": "m1", "type": "user", "timestamp": "2026-03-01T10:00:00Z", "content": "the old wombat question"}]}
    (chats / "session-2026-03-01T10-00-g1.json").write_text(json.dumps(old))
    assert hits(deja("search", "wombat", "--json").json()) == [("gemini", "g1")]
    write_jsonl(chats / "session-2026-03-01T10-00-g1.jsonl", [
        {"sessionId": "g1", "projectHash": "x", "startTime": "2026-03-01T10:00:00Z", "kind": "main"},
        {"id": "m2", "timestamp": "2026-03-01T11:00:00Z", "type": "user", "content": "the new numbat question"},
    ])
    r = deja("search", "numbat", "--json").json()
    assert hits(r) == [("gemini", "g1")]
    assert deja("search", "wombat", "--json").json()["tier"] == "none"
    assert fingerprint(home / ".cache/deja") == _cold(home)
