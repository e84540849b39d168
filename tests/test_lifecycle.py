"""The index's life: rebuilds beside the live index, damage and recovery, the background deadline,
stale writer locks. Every test makes its input first, then goes through the `deja` CLI."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import deja, hits, live_index, write_jsonl
from deja.ingest.lock import WriterLock

N = 8


def session(home: Path, i: int) -> Path:
    sid = f"s{i}"
    return write_jsonl(home / f".claude/projects/-w-app/{sid}.jsonl", [
        {"type": "user", "sessionId": sid, "cwd": "/w/app", "timestamp": f"2026-03-01T10:{i:02d}:00Z",
         "message": {"role": "user", "content": f"where does needle{i}x come from"}},
        {"type": "assistant", "sessionId": sid, "cwd": "/w/app", "timestamp": f"2026-03-01T10:{i:02d}:30Z",
         "message": {"role": "assistant", "content": [{"type": "text", "text": f"needle{i}x is read from the config"}]}},
    ])


@pytest.fixture
def indexed(home) -> Path:
    """N sessions indexed; s0's transcript then deleted (history the index alone keeps)."""
    for i in range(N):
        session(home, i)
    deja("index")
    (home / ".claude/projects/-w-app/s0.jsonl").unlink()
    deja("index")
    return home


def root(home: Path) -> Path:
    return home / ".cache/deja"


def found(i: int) -> list[tuple[str, str]]:
    """The sessions holding needle<i>x (exactly: not its close spellings, which every other has)."""
    r = deja("search", f"needle{i}x", "--json").json()
    return hits(r) if r["tier"] == "exact" else []


def all_found() -> None:
    for i in range(N):
        assert found(i) == [("claude", f"s{i}")], i


def generations(home: Path) -> list[str]:
    return sorted(n for n in os.listdir(root(home)) if n.startswith("index."))


def start(*args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "deja", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, **(env or {})})


def wait_for(cond, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


# -- searches during a rebuild


def test_searches_and_hooks_during_a_rebuild_answer_from_the_previous_index(indexed):
    home = indexed
    p = start("index", "--rebuild", env={"DEJA_TEST_SLEEP": "file:0.5"})  # ~3.5 s of rebuilding
    wait_for(lambda: (root(home) / "rebuilding").exists())
    during = wrong = notices = 0
    hook_out = ""
    i = 0
    while p.poll() is None:
        r = deja("search", f"needle{i % N}x", "--json").json()
        plain = deja("search", f"needle{i % N}x", check=False)
        if r["rebuilding"]:
            during += 1
            notices += "a rebuild of the index is running" in plain.err
        wrong += hits(r) != [("claude", f"s{i % N}")] or plain.code != 0 or f"s{i % N}" not in plain.out
        if not hook_out and p.poll() is None:
            payload = json.dumps({"session_id": "conv-9", "cwd": "/w/app", "hook_event_name": "SessionStart"})
            hook_out = subprocess.run([sys.executable, "-m", "deja", "hook-context"], input=payload, text=True,
                                      capture_output=True, timeout=60).stdout
        i += 1
    out, err = p.communicate()
    assert p.returncode == 0, err
    assert during >= 3 and wrong == 0 and notices >= 1
    assert "s3" in hook_out and "deja-recall" in hook_out  # hooks kept answering
    all_found()  # and after the swap: the deleted source's session too
    assert not deja("search", "needle1x", "--json").json()["rebuilding"]
    assert len(generations(home)) == 1 and not (root(home) / "rebuilding").exists()


def test_a_failed_rebuild_leaves_the_index_it_found(indexed):
    home = indexed
    before = live_index(root(home))
    r = deja("index", "--rebuild", env={"DEJA_TEST_RAISE": "file:3"}, check=False)
    assert r.code == 1
    err = r.err.strip().splitlines()
    assert err[-1].startswith("Error: the rebuild failed") and "still in use" in err[-1]
    assert "Traceback" not in r.err
    assert live_index(root(home)) == before and generations(home) == [before.name]
    all_found()
    assert deja("status", "--json").json()["sessions"] == N


def test_a_rebuild_keeps_what_no_source_gives_back(indexed):
    home = indexed
    deja("forget", "--session", "s1")
    deja("promote", "s2", "--state", "rejected")
    deja("index", "--rebuild")
    assert found(1) == []  # the tombstone held: its transcript is still there
    assert found(0) == [("claude", "s0")]  # its transcript is gone: kept
    h = {x["session"]["id"]: x for x in deja("search", "needle2x", "--json").json()["hits"]}
    assert h["s2"]["state"] == "rejected"  # the promotion's state, and its note, are still there
    assert [k for k in h if k != "s2"] and all(x["session"]["harness"] == "notes" for k, x in h.items() if k != "s2")


@pytest.mark.parametrize("point", ["file:3", "rebuild-built", "swap-pointer", "rebuild-swapped"])
def test_kill_at_each_step_of_a_rebuild_leaves_a_working_index(indexed, point):
    home = indexed
    session(home, N)  # a new transcript the rebuild reads
    r = deja("index", "--rebuild", env={"DEJA_TEST_CRASH": point}, check=False)
    assert r.code == -signal.SIGKILL
    for i in range(N):  # the old generation or the new one answers, whole
        assert found(i) == [("claude", f"s{i}")], i
    deja("index")  # converges: the leftovers swept, the new transcript in
    assert found(N) == [("claude", f"s{N}")]
    all_found()
    assert len(generations(home)) == 1 and not [n for n in os.listdir(root(home)) if n.endswith(".tmp")]
    assert not (root(home) / "rebuilding").exists()


# -- a damaged index


def _damage_says_so(home: Path) -> None:
    r = deja("search", "needle3x", check=False)
    assert r.code == 1 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1
    assert "the index is damaged" in r.err and "deja index --rebuild" in r.err
    s = deja("status", check=False)
    assert s.code == 1 and "DAMAGED" in s.out
    assert deja("status", "--json", check=False).json()["damaged"]
    d = deja("doctor", "--json", check=False).json()
    assert d["ok"] is False and d["index"]["damaged"]
    assert any("damaged" in p["what"] and "--rebuild" in p["fix"] for p in d["problems"])


def _recovers(home: Path, kept_gone: bool | None) -> dict:
    damaged_gen = live_index(root(home))
    r = deja("index", "--rebuild", "--json")
    out = r.json()["rebuild"]
    assert out["damaged"] and out["moved_to"] and Path(out["moved_to"]).is_dir() and not damaged_gen.exists()
    for i in range(1, N):
        assert found(i) == [("claude", f"s{i}")], i
    if kept_gone is None:
        kept_gone = out["carried_sessions"] == 1
    assert found(0) == ([("claude", "s0")] if kept_gone else [])
    assert deja("status", "--json").json()["damaged"] is None
    assert deja("doctor", "--json", check=False).json()["index"]["damaged"] is None
    return out


def test_random_bytes_over_the_catalog(indexed):
    home = indexed
    (live_index(root(home)) / "catalog.sqlite").write_bytes(os.urandom(64 * 1024))
    _damage_says_so(home)
    out = _recovers(home, kept_gone=False)  # the catalog held what s0 was: it is lost
    assert out["carried_sessions"] == 0 and any(p.startswith("files:") for p in out["problems"])
    r = deja("index", "--rebuild")  # and a plain rebuild of the healthy index is quiet again
    assert "damaged" not in r.err


def test_meta_json_deleted(indexed):
    home = indexed
    (live_index(root(home)) / "text/meta.json").unlink()
    _damage_says_so(home)
    out = _recovers(home, kept_gone=True)  # read through the copy of meta.json its writer left
    assert (out["carried_sessions"], out["carried_records"], out["lost_sessions"]) == (1, 2, 0)


def test_meta_json_and_its_copy_deleted(indexed):
    home = indexed
    (live_index(root(home)) / "text/meta.json").unlink()
    (live_index(root(home)) / "text-meta.json").unlink()
    out = _recovers(home, kept_gone=False)
    assert out["lost_sessions"] == 1 and out["carried_sessions"] == 0


@pytest.mark.parametrize("how", ["deleted", "truncated"])
def test_a_segment_file_deleted_or_truncated(indexed, how):
    home = indexed
    text = live_index(root(home)) / "text"
    stores = sorted(text.glob("*.store"), key=lambda p: p.stat().st_size)
    victim = stores[-1]
    if how == "deleted":
        victim.unlink()
    else:
        os.truncate(victim, victim.stat().st_size // 2)
    _damage_says_so(home)
    out = _recovers(home, kept_gone=None)  # s0 is kept when its records were outside that segment
    assert out["carried_sessions"] + out["lost_sessions"] == 1


def test_plain_index_repairs_a_damaged_index_too(indexed):
    home = indexed
    (live_index(root(home)) / "text/meta.json").unlink()
    r = deja("index")
    assert "the index is damaged" in r.err and "rebuilding" in r.err
    all_found()


# -- the background deadline, stale locks


def test_a_background_refresh_stops_at_its_deadline_and_the_next_run_resumes(home):
    for i in range(N):
        session(home, i)
    t0 = time.monotonic()
    r = deja("index", "--background", env={"DEJA_REFRESH_DEADLINE": "1", "DEJA_TEST_SLEEP": "file:0.5"})
    assert r.code == 0 and time.monotonic() - t0 < 8
    lock = WriterLock(root(home))
    assert lock.acquire(wait=False)  # released: the next refresh is not blocked
    lock.release()
    done = deja("status", "--json").json()["sessions"]
    assert 1 <= done < N
    assert deja("index", "--json").json()["parsed"] == N - done  # resumes where it stopped
    all_found()


def test_a_background_refresh_stuck_past_its_deadline_exits(home):
    session(home, 1)
    t0 = time.monotonic()
    r = deja("index", "--background", check=False,
             env={"DEJA_REFRESH_DEADLINE": "0.5", "DEJA_DEADLINE_GRACE": "0.5", "DEJA_TEST_SLEEP": "file:60"})
    assert r.code == 3 and time.monotonic() - t0 < 20
    deja("index")
    assert found(1) == [("claude", "s1")]


def test_a_stale_lock_of_a_dead_process_is_taken_over_at_once(home):
    session(home, 1)
    dead = subprocess.Popen(["true"])
    dead.wait()
    lock_path = root(home) / "writer.lock"
    lock_path.parent.mkdir(parents=True)
    # a process that outlived the writer and inherited its descriptor: it holds the lock, and the
    # lock names the writer, which is dead
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, os, sys, time\n"
        f"fd = os.open({str(lock_path)!r}, os.O_RDWR | os.O_CREAT, 0o600)\n"
        "fcntl.flock(fd, fcntl.LOCK_EX)\n"
        f"os.pwrite(fd, b'{dead.pid}', 0)\n"
        "print('held', flush=True)\n"
        "time.sleep(120)\n")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        t0 = time.monotonic()
        r = deja("index")
        assert time.monotonic() - t0 < 10 and "waiting" not in r.err
        assert found(1) == [("claude", "s1")]
    finally:
        holder.kill()
        holder.wait()


def test_a_live_holder_is_waited_for_and_a_background_refresh_does_not_queue(home):
    session(home, 1)
    lock = WriterLock(root(home))
    assert lock.acquire(wait=False)
    try:
        t0 = time.monotonic()
        deja("index", "--background")  # returns at once: another writer is at it
        assert time.monotonic() - t0 < 10
        p = start("index")
        time.sleep(1.0)
        assert p.poll() is None  # a live holder: waited for
    finally:
        lock.release()
    out, err = p.communicate(timeout=60)
    assert p.returncode == 0 and "waiting for another deja writer" in err
    assert found(1) == [("claude", "s1")]
