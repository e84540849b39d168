"""Hostile inputs cost their own file or record, never the run or the machine (issue 12):
decompression bombs, huge lines, a store its agent holds locked, directories that cannot be
listed, a FIFO or directory where a database belongs, an unusable HOME, an oversized hook
prompt. Every input is made here (a bomb is small on disk: zeros streamed through zstd), and
every run over a bomb is capped in address space, so a regression fails instead of eating the
machine's memory."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import zstandard
from conftest import deja, hits, install_real, live_index, write_jsonl

MIB = 1 << 20
GUARD = 3_000_000_000  # bytes of address space a run over a bomb may take
ONE = {"DEJA_WORKERS": "1"}  # parse in the measured process, not in a pool's workers
UUID_GOOD = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
UUID_BOMB = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c"


def bomb(path: Path, inflated: int, head: bytes = b"") -> Path:
    """A zstd file of `head` and then `inflated` zero bytes, written streaming (never in memory)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    chunk = bytes(MIB)
    with open(path, "wb") as f, zstandard.ZstdCompressor(level=1).stream_writer(f) as w:
        w.write(head)
        for _ in range(inflated // MIB):
            w.write(chunk)
    return path


def rollout_lines(sid: str, text: str) -> list[dict]:
    return [
        {"timestamp": "2026-01-01T10:00:00Z", "type": "session_meta", "payload": {"id": sid, "cwd": "/w/svc"}},
        {"timestamp": "2026-01-01T10:00:01Z", "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}},
    ]


def good_rollout(home: Path, text: str = "canary-good-rollout ships") -> Path:
    return write_jsonl(home / f".codex/sessions/2026/01/01/rollout-2026-01-01T10-00-00-{UUID_GOOD}.jsonl",
                       rollout_lines(UUID_GOOD, text))


def codex_bomb(home: Path, inflated: int) -> Path:
    head = json.dumps(rollout_lines(UUID_BOMB, "canary-bomb-head")[0]).encode() + b"\n"
    return bomb(home / f".codex/archived_sessions/rollout-2026-01-01T09-00-00-{UUID_BOMB}.jsonl.zst", inflated, head)


def source(harness: str) -> dict:
    return next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == harness)


def index(**kw) -> dict:
    return deja("index", "--json", **kw).json()


# -- bounded decompression


def test_a_codex_zstd_bomb_is_counted_unreadable_and_not_read_again_until_it_changes(home):
    good_rollout(home)
    path = codex_bomb(home, 2 << 30)  # 2 GiB of zeros in ~64 KB
    assert path.stat().st_size < 200_000
    run = deja("index", "--json", env=ONE, max_bytes=GUARD, measure=True)
    r = run.json()
    assert (r["parsed"], r["errors"]) == (2, 1)
    assert run.peak_mb < 300, run.peak_mb  # the bomb cost a 1 MiB buffer, not its size
    assert hits(deja("search", "canary-good-rollout", "--json").json()) == [("codex", UUID_GOOD)]
    s = source("codex")
    assert s["state"] == "ok" and s["errors"] == 1
    assert str(path) in s["reason"] and "inflates past 256 MiB" in s["reason"]
    doctor = deja("doctor", "--json", check=False).json()
    assert any("inflates past" in p["what"] for p in doctor["problems"])
    # remembered: the next runs do not decompress it again ...
    again = index(max_bytes=GUARD)
    assert (again["parsed"], again["errors"], again["unchanged"]) == (0, 0, 2)
    # ... until it changes
    os.utime(path, ns=(time.time_ns(), time.time_ns()))
    changed = index(max_bytes=GUARD)
    assert (changed["parsed"], changed["errors"]) == (1, 1)


def test_search_counts_a_compressed_file_inflated_and_leaves_a_bomb_to_the_background(home):
    good_rollout(home)
    deja("index")
    codex_bomb(home, 512 * MIB)  # 16 KB on disk: under the inline budget, if counted compressed
    r = deja("search", "canary-good-rollout", max_bytes=GUARD)
    assert "background" in r.err
    assert UUID_GOOD[:8] in r.out
    deja("index", max_bytes=GUARD)  # waits for the background writer, so nothing is left running
    assert "inflates past" in source("codex")["reason"]
    # a small archive still goes inline: its inflated size is measured, not guessed
    small = home / f".codex/archived_sessions/rollout-2026-01-01T08-00-00-{UUID_BOMB[:-1]}d.jsonl.zst"
    raw = "".join(json.dumps(x) + "\n" for x in rollout_lines(UUID_BOMB[:-1] + "d", "canary-small-archive"))
    small.write_bytes(zstandard.ZstdCompressor().compress(raw.encode()))
    r = deja("search", "canary-small-archive", max_bytes=GUARD)
    assert "background" not in r.err and UUID_BOMB[:8] in r.out


def test_a_deepseek_log_with_a_bomb_frame_is_unreadable_and_the_others_index(home):
    c = zstandard.ZstdCompressor()
    head = {"type": "session", "id": "session-d1", "createdAt": 1767261600000, "cwd": "/w/ds"}
    msg = {"type": "user/message", "seq": 1, "time": 1767261601000,
           "data": {"source": {"kind": "user"}, "content": [{"type": "text", "text": "canary-deepseek-good"}]}}
    good = home / ".dsh/sessions/-w-ds/session-d1/session.jsonl.zstd"
    good.parent.mkdir(parents=True)
    good.write_bytes(c.compress((json.dumps(head) + "\n").encode()) + c.compress((json.dumps(msg) + "\n").encode()))
    bad = home / ".dsh/sessions/-w-ds/session-d2/session.jsonl.zstd"
    bad.parent.mkdir(parents=True)
    first = c.compress((json.dumps(head | {"id": "session-d2"}) + "\n").encode())
    frame = bomb(home / "frame.zst", 512 * MIB).read_bytes()
    bad.write_bytes(first + frame)  # a valid frame, then one that inflates to 512 MiB
    r = index(env=ONE, max_bytes=GUARD)
    assert r["errors"] == 1
    assert len(deja("search", "canary-deepseek-good", "--json").json()["hits"]) == 1
    s = source("deepseek")
    assert str(bad) in s["reason"] and "inflates past" in s["reason"]


def _zed_db(path: Path, rows: list[tuple[str, bytes]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL,"
               " data_type TEXT NOT NULL, data BLOB NOT NULL)")
    db.executemany("INSERT INTO threads VALUES (?, ?, '2026-01-01T10:00:00Z', 'zstd', ?)",
                   [(tid, tid, blob) for tid, blob in rows])
    db.commit()
    db.close()
    return path


def _zed_thread(text: str) -> bytes:
    doc = {"version": "0.3.0", "title": text, "messages": [{"User": {"id": "u", "content": [{"Text": text}]}}]}
    return zstandard.ZstdCompressor(write_content_size=False).compress(json.dumps(doc).encode())


def test_zed_a_bomb_blob_costs_its_row_and_a_file_past_its_share_is_unreadable(home, tmp_path):
    db = home / ".local/share/zed/threads/threads.db"
    big = bomb(tmp_path / "blob.zst", 100 * MIB).read_bytes()  # one document past MAX_RECORD (64 MiB)
    _zed_db(db, [("z-good", _zed_thread("canary-zed-good")), ("z-bomb", big)])
    r = index(env=ONE, max_bytes=GUARD)
    assert r["errors"] == 0
    assert hits(deja("search", "canary-zed-good", "--json").json()) == [("zed", "z-good")]
    assert source("zed")["skipped"] == 1
    # the whole file's share: rows under the per-record cap that add up past it
    db.unlink()
    blob = bomb(tmp_path / "mid.zst", 3 * MIB).read_bytes()
    _zed_db(db, [("z-good", _zed_thread("canary-zed-good")), ("a", blob), ("b", blob)])
    r = index(env={**ONE, "DEJA_MAX_INFLATED": str(5 * MIB)})
    assert r["errors"] == 1
    assert "inflates past 5 MiB" in source("zed")["reason"]


# -- huge records


def test_a_200_mb_line_is_skipped_and_counted_without_copies(home):
    path = home / ".claude/projects/-w-big/s-big.jsonl"
    path.parent.mkdir(parents=True)
    line = {"type": "user", "sessionId": "s-big", "timestamp": "2026-01-01T10:00:00Z",
            "message": {"role": "user", "content": "canary-before-the-huge-line"}}
    with open(path, "w") as f:
        f.write(json.dumps(line) + "\n")
        f.write('{"type": "user", "sessionId": "s-big", "message": {"role": "user", "content": "')
        for _ in range(200):
            f.write("x" * MIB)
        f.write('"}}\n')
        f.write(json.dumps(line | {"message": {"role": "user", "content": "canary-after-the-huge-line"}}) + "\n")
    run = deja("index", "--json", env=ONE, measure=True)
    assert run.json()["errors"] == 0
    assert run.peak_mb < 400, run.peak_mb  # the file once (200 MB) and deja; it peaked at 870 MB
    assert source("claude")["skipped"] == 1
    for word in ("canary-before-the-huge-line", "canary-after-the-huge-line"):
        assert hits(deja("search", word, "--json").json()) == [("claude", "s-big")]


def test_a_file_of_only_oversized_lines_is_unreadable_with_the_reason(home):
    path = write_jsonl(home / ".claude/projects/-w/s-only.jsonl",
                       [{"type": "user", "sessionId": "s-only", "message": {"role": "user", "content": "y" * 5000}}])
    deja("index", env={"DEJA_MAX_RECORD": "1000"})
    s = deja("sources", "--json", env={"DEJA_MAX_RECORD": "1000"}).json()["sources"]
    claude = next(x for x in s if x["harness"] == "claude")
    assert claude["state"] == "unreadable" and str(path) in claude["reason"] and "cap for one record" in claude["reason"]


# -- a store its agent holds locked


def _hold_exclusive(db: Path) -> sqlite3.Connection:
    """What an agent in EXCLUSIVE locking mode does: after its first write it keeps the lock."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE IF NOT EXISTS agent_probe (x)")
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
    conn.execute("INSERT INTO agent_probe VALUES (1)")
    return conn


def test_a_locked_store_costs_one_short_wait_remembered_until_it_changes(home):
    install_real(home, "opencode")
    good_rollout(home)
    db = home / ".local/share/opencode/opencode.db"
    holder = _hold_exclusive(db)
    try:
        t0 = time.monotonic()
        r = deja("search", "canary-good-rollout", "--json")  # the first search builds the index
        first = time.monotonic() - t0
        assert hits(r.json()) == [("codex", UUID_GOOD)]
        assert first < 4.0, first  # a 5 s busy timeout made this ≥ 5 s
        s = source("opencode")
        assert s["state"] == "unreadable" and "locked by its agent" in s["reason"]
        assert index()["parsed"] == 0  # not tried again while it is unchanged
        holder.execute("INSERT INTO agent_probe VALUES (2)")  # the agent writes: tried once more
        assert (index()["parsed"], index()["parsed"]) == (1, 0)
    finally:
        holder.close()  # the agent exits: the store changes and reads again
    deja("index")
    assert source("opencode")["state"] == "ok"
    assert deja("search", "canary-opencode-user-1", "--json").json()["hits"]


# -- directories, FIFOs, HOME


def _without_root_override() -> tuple[str, ...]:
    """root reads any directory: run deja without that capability, so permissions apply."""
    if os.geteuid() != 0:
        return ()
    if not shutil.which("setpriv"):
        pytest.skip("running as root without setpriv: a directory cannot be made unreadable")
    return ("setpriv", "--bounding-set=-dac_override,-dac_read_search", "--")


def test_an_unreadable_directory_is_counted_and_found_again_once_readable(home):
    prefix = _without_root_override()
    write_jsonl(home / ".claude/projects/-w-open/s-open.jsonl", [
        {"type": "user", "sessionId": "s-open", "message": {"role": "user", "content": "canary-open-dir"}}])
    closed = home / ".claude/projects/-w-closed"
    write_jsonl(closed / "s-closed.jsonl", [
        {"type": "user", "sessionId": "s-closed", "message": {"role": "user", "content": "canary-closed-dir"}}])
    closed.chmod(0)
    try:
        r = deja("index", "--json", prefix=prefix).json()
        assert r["errors"] == 1
        s = next(x for x in deja("sources", "--json", prefix=prefix).json()["sources"] if x["harness"] == "claude")
        assert str(closed) in s["reason"] and "cannot list this directory: permission denied" in s["reason"]
        assert deja("index", "--json", prefix=prefix).json()["errors"] == 0  # counted once, not again
    finally:
        closed.chmod(0o755)
    deja("index", prefix=prefix)
    assert hits(deja("search", "canary-closed-dir", "--json").json()) == [("claude", "s-closed")]
    assert source("claude")["reason"] == ""


@pytest.mark.parametrize("kind", ["fifo", "directory"])
def test_a_fifo_or_directory_where_opencode_db_belongs_is_unreadable_not_missing(home, kind):
    db = home / ".local/share/opencode/opencode.db"
    db.parent.mkdir(parents=True)
    if kind == "fifo":
        os.mkfifo(db)
    else:
        db.mkdir()
    deja("index")
    s = source("opencode")
    assert s["state"] == "unreadable"
    assert str(db) in s["reason"] and ("a FIFO" if kind == "fifo" else "a directory") in s["reason"]


@pytest.mark.parametrize("value", [None, "", "relative/home"])
def test_an_unusable_home_is_a_one_line_error(home, value):
    # Run as nobody (home /nonexistent, no write access to /): should this regress, deja finds
    # no real home to read and no directory to write its index in.
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root and setpriv to run deja as a user without a home")
    env = dict(os.environ)
    env.pop("HOME", None)
    if value is not None:
        env["HOME"] = value
    for args in (["search", "anything"], ["index"], ["sources"]):
        p = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--",
                            sys.executable, "-m", "deja", *args], capture_output=True, text=True, env=env, cwd="/",
                           timeout=60)
        assert p.returncode == 1
        assert p.stderr.startswith("Error: HOME is ") and p.stderr.count("\n") == 1, p.stderr


def test_without_home_every_directory_given_absolutely_is_enough(home, tmp_path):
    good_rollout(home)
    env = {"HOME": None, "XDG_CACHE_HOME": str(tmp_path / "cache"), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "XDG_DATA_HOME": str(tmp_path / "data"), "DEJA_SOURCES": "codex", "CODEX_HOME": str(home / ".codex")}
    assert hits(deja("search", "canary-good-rollout", "--json", env=env).json()) == [("codex", UUID_GOOD)]
    assert (live_index(tmp_path / "cache" / "deja") / "catalog.sqlite").exists()


# -- an oversized hook prompt


def test_an_oversized_hook_prompt_is_cut_before_it_is_searched(home):
    for sid, text in (("s-alpha", "the okapi-gateway rollout plan"), ("s-both", "okapi-gateway and the quagga-cache")):
        write_jsonl(home / f".claude/projects/-w/{sid}.jsonl",
                    [{"type": "user", "sessionId": sid, "cwd": "/w", "message": {"role": "user", "content": text}}])
    deja("index")
    filler = "the " * (15 * MIB // 4)
    prompt = f"okapi-gateway {filler} quagga-cache {filler}"  # 30 MB, a word in the middle
    payload = {"session_id": "conv-1", "cwd": "/w", "hook_event_name": "UserPromptSubmit", "prompt": prompt}
    ctx = deja("hook-prompt", input=json.dumps(payload)).json()["hookSpecificOutput"]["additionalContext"]
    # the word buried 15 MB into the paste was not read, so both sessions of the question's word
    # are recalled, not only the one that also holds the buried word
    assert "s-alpha" in ctx and "s-both" in ctx
