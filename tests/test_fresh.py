"""The freshness snapshot (deja/ingest/fresh.py): a search with nothing changed answers without walking
the stores, and every change a full check would see is still seen by the next search."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from conftest import deja, hits, live_index
from test_incremental import append, transcript

HOUR = 3600


def age(root: Path, seconds: float = HOUR) -> None:
    """Every file and directory under root (and root) an hour old: observations too recent to
    trust are never kept in a snapshot."""
    then = time.time() - seconds
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            os.utime(os.path.join(dirpath, name), (then, then), follow_symlinks=False)
    for dirpath, dirnames, _ in sorted(os.walk(root), key=lambda w: -len(w[0])):
        os.utime(dirpath, (then, then))


def snapshot(home: Path) -> bool:
    db = sqlite3.connect(live_index(home / ".cache/deja") / "catalog.sqlite")
    try:
        return db.execute("SELECT 1 FROM meta WHERE key = 'fresh'").fetchone() is not None
    finally:
        db.close()


def current(home: Path) -> None:
    """Index, age everything, and search once: the snapshot is in place."""
    deja("index")
    age(home)
    deja("search", "anything", check=False)
    assert snapshot(home)


def imports(*args: str) -> tuple[dict, str]:
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "deja", *args], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ))
    assert p.returncode == 0, p.stderr
    import json

    return json.loads(p.stdout), p.stderr


def test_unchanged_search_reads_no_store_and_imports_no_parser(home):
    transcript(home, "s1", [("user", "why is the tenant filter missing"), ("assistant", "the walrus join drops it")])
    current(home)
    result, trace = imports("search", "walrus", "--json")
    assert hits(result) == [("claude", "s1")]
    # typing: ~2 ms of a search's start-up, for names only the type checker reads (TYPE_CHECKING = False)
    for module in ("deja.ingest.indexer", "deja.sources.claude", "deja.sources.base", "msgspec", "click", "typing"):
        assert f" {module}\n" not in trace, module
    assert snapshot(home)


def test_new_file_in_a_known_directory_is_found(home):
    transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    current(home)
    transcript(home, "s2", [("user", "where did the narwhal go")])
    assert hits(deja("search", "narwhal", "--json").json()) == [("claude", "s2")]


def test_new_file_in_a_new_directory_is_found(home):
    transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    current(home)
    transcript(home, "s2", [("user", "where did the narwhal go")], project="-w-other")
    assert hits(deja("search", "narwhal", "--json").json()) == [("claude", "s2")]


def test_new_store_of_a_harness_never_seen_is_found(home):
    transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    current(home)
    session = home / ".pi/agent/sessions/--w-app--/2026-03-01T10-00-00-000Z_p1.jsonl"
    session.parent.mkdir(parents=True)
    session.write_text(
        '{"type":"session","version":3,"id":"p1","timestamp":"2026-03-01T10:00:00.000Z","cwd":"/w/app"}\n'
        '{"type":"message","id":"m1","parentId":null,"timestamp":"2026-03-01T10:00:01.000Z",'
        '"message":{"role":"user","content":[{"type":"text","text":"the okapi question"}],"timestamp":1}}\n'
    )
    assert hits(deja("search", "okapi", "--json").json()) == [("pi", "p1")]


def test_append_is_found(home):
    path = transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    current(home)
    append(path, "s1", "user", "and the axolotl migration", 1)
    assert hits(deja("search", "axolotl", "--json").json()) == [("claude", "s1")]
    # only the file changed: it was planned alone and the snapshot renewed, recent as it is (its
    # (size, mtime) is what the planner compares), so the next search holds without a parser
    assert snapshot(home)
    r, trace = imports("search", "axolotl", "--json")
    assert hits(r) == [("claude", "s1")] and " deja.ingest.indexer\n" not in trace


def test_deleted_file_keeps_its_sessions(home):
    path = transcript(home, "s1", [("user", "the quokka question")])
    current(home)
    path.unlink()
    r = deja("search", "quokka", "--json").json()
    assert hits(r) == [("claude", "s1")] and r["hits"][0]["session"]["source_gone"]


def test_a_changed_environment_is_noticed(home, tmp_path):
    transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    current(home)
    other = tmp_path / "claude-elsewhere"
    transcript(other, "s9", [("user", "the pangolin question")])
    os.rename(other / ".claude", other / "config")
    assert hits(deja("search", "pangolin", "--json", env={"CLAUDE_CONFIG_DIR": str(other / "config")}).json()) == [
        ("claude", "s9")
    ]


def test_a_new_exclusion_is_applied(home):
    transcript(home, "s1", [("user", "the tapir question")])
    transcript(home, "s2", [("user", "the tapir answer")], project="-w-secret")
    current(home)
    assert len(hits(deja("search", "tapir", "--json").json())) == 2
    exclude = home / ".config/deja/exclude"
    exclude.parent.mkdir(parents=True)
    exclude.write_text(str(home / ".claude/projects/-w-secret") + "\n")
    assert hits(deja("search", "tapir", "--json").json()) == [("claude", "s1")]


def test_any_change_to_the_file_states_drops_the_snapshot(home):
    transcript(home, "s1", [("user", "the ibis question")])
    transcript(home, "s2", [("user", "the ibis answer")])
    current(home)
    deja("forget", "--session", "s2")  # marks its file for a re-read: a change to the file states
    assert not snapshot(home)
    assert hits(deja("search", "ibis", "--json").json()) == [("claude", "s1")]


def test_a_rebuild_leaves_a_snapshot_of_its_own_generation(home):
    transcript(home, "s1", [("user", "the ibis question")])
    current(home)
    before = live_index(home / ".cache/deja")
    deja("index", "--rebuild")
    assert live_index(home / ".cache/deja") != before and snapshot(home)
    r, trace = imports("search", "ibis", "--json")  # it holds: no parser imported
    assert hits(r) == [("claude", "s1")] and " deja.ingest.indexer\n" not in trace


def test_no_snapshot_from_observations_too_recent_to_trust(home):
    transcript(home, "s1", [("user", "the ibis question")])
    assert hits(deja("search", "ibis", "--json").json()) == [("claude", "s1")]
    assert not snapshot(home)


def test_deja_index_keeps_a_snapshot_and_does_nothing_while_it_holds(home):
    path = transcript(home, "s1", [("user", "why is the tenant filter missing"), ("assistant", "the walrus join drops it")])
    deja("index")
    age(home)  # the new mtime is a change: the full check reads it again, and keeps a snapshot
    assert deja("index", "--json").json()["parsed"] == 1
    assert snapshot(home)
    r, trace = imports("index", "--json")  # the snapshot holds: the same answer, no store read
    assert (r["parsed"], r["unchanged"], r["index"]["records"]) == (0, 1, 2)
    assert " deja.ingest.indexer\n" not in trace
    append(path, "s1", "user", "and the okapi migration", 3)
    r = deja("index", "--json").json()  # an append breaks the snapshot: it is indexed
    assert (r["parsed"], r["appended"]) == (1, 1)
    assert hits(deja("search", "okapi", "--json").json()) == [("claude", "s1")]


def test_an_append_to_the_active_file_plans_that_file_alone(home):
    path = transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    transcript(home, "s2", [("user", "an older session")], project="-w-other")
    current(home)
    append(path, "s1", "user", "and the capybara migration", 1)
    r, trace = imports("search", "capybara", "--json")
    assert hits(r) == [("claude", "s1")]
    # the structure replayed unchanged: no discovery (no other harness's parser), no full check
    assert " deja.ingest.indexer\n" in trace and " deja.sources.codex\n" not in trace
    # msgspec loaded without typing_extensions (sources.base): no inspect, ast, dis on this path
    assert " msgspec\n" in trace and " inspect\n" not in trace and " ast\n" not in trace
    assert snapshot(home)
    append(path, "s1", "assistant", "the capybara answer came later", 2)
    assert len(deja("search", "capybara", "--json").json()["hits"]) == 1
    assert "the capybara answer" in deja("show", "s1").out


def test_an_append_to_an_old_file_is_found_within_the_bound(home):
    """A file idle for more than a day is cold: a search stats it only when its slice is due
    (DEJA_FRESH_FULL_EVERY seconds after it was last checked); `deja index` checks every file."""
    old = transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    transcript(home, "s2", [("user", "the live session")], project="-w-other")
    deja("index")
    age(home, 2 * 24 * HOUR)
    age(home / ".claude/projects/-w-other")  # s2 an hour old: active
    deja("search", "anything", check=False)
    assert snapshot(home)
    append(old, "s1", "user", "resumed: the dugong question", 1)
    # within the bound its slice is not due: the search holds without a stat of the cold file
    assert hits(deja("search", "dugong", "--json", check=False).json()) == []
    found = deja("search", "dugong", "--json", env={"DEJA_FRESH_FULL_EVERY": "0"}).json()
    assert hits(found) == [("claude", "s1")]
    append(old, "s1", "user", "and then the manatee", 2)
    assert deja("index", "--json").json()["appended"] == 1  # every slice, whatever the bound
    assert hits(deja("search", "manatee", "--json").json()) == [("claude", "s1")]


def test_a_new_file_in_an_old_directory_is_found_at_once(home):
    transcript(home, "s1", [("user", "first question"), ("assistant", "first answer")])
    deja("index")
    age(home, 2 * 24 * HOUR)
    deja("search", "anything", check=False)
    assert snapshot(home)
    transcript(home, "s3", [("user", "where did the tapir go")])  # the directory's mtime moves
    assert hits(deja("search", "tapir", "--json").json()) == [("claude", "s3")]


def test_cold_files_are_checked_one_slice_a_search(home):
    """Five idle files in slices of two: each search checks the slice checked longest ago, so
    an append to any of them is found within three searches once the bound has passed."""
    paths = [transcript(home, f"s{i}", [("user", f"question {i}")], project=f"-w-p{i}") for i in range(5)]
    env = {"DEJA_FRESH_SLICE": "2", "DEJA_FRESH_FULL_EVERY": "0"}
    deja("index", env=env)
    age(home, 2 * 24 * HOUR)
    deja("index", env=env)  # the aged mtimes are a change: read again, a snapshot of three slices kept
    assert snapshot(home)
    append(paths[4], "s4", "user", "the solenodon question", 1)  # in the last slice (sorted by path)
    found = [hits(deja("search", "solenodon", "--json", check=False, env=env).json()) for _ in range(3)]
    assert found[-1] == [("claude", "s4")]
    assert found[0] == []  # the first search checked another slice: the bound is in searches too


def test_an_append_to_a_cold_file_reads_each_slice_once(home, monkeypatch):
    """`deja index` after an append to an idle file: its full replay reads every cold slice, and
    renewing the snapshot after the append takes the slices from that reading (at 5 GiB, ~15 rows
    of 2,000 paths each), not from the catalog a second time."""
    paths = [transcript(home, f"s{i}", [("user", f"question {i}")], project=f"-w-p{i}") for i in range(5)]
    env = {"DEJA_FRESH_SLICE": "2"}
    deja("index", env=env)
    age(home, 2 * 24 * HOUR)
    deja("index", env=env)
    assert snapshot(home)
    append(paths[4], "s4", "user", "the solenodon question", 1)
    from deja.store import Store

    reads: list[str] = []
    meta = Store.meta
    with monkeypatch.context() as m:  # its own context: the home fixture's HOME stays set
        m.setattr(Store, "meta", lambda self, key: (reads.append(key), meta(self, key))[1])
        assert deja("index", "--json", env=env).json()["appended"] == 1
    slices = [k for k in reads if k.startswith("fresh.cold.")]
    assert len(slices) == 3 and len(set(slices)) == 3, slices
    assert snapshot(home)
    assert hits(deja("search", "solenodon", "--json", env=env).json()) == [("claude", "s4")]


def test_only_the_most_recent_files_are_stat_ed_every_read(home):
    """A day that touched many files keeps only the most recently changed active
    (DEJA_FRESH_ACTIVE of them); the others are cold: found when their slice is due, and by
    `deja index` at once."""
    older = transcript(home, "s1", [("user", "first question")])
    newer = transcript(home, "s2", [("user", "the live session")], project="-w-other")
    env = {"DEJA_FRESH_ACTIVE": "1"}
    deja("index", env=env)
    age(home, 2 * HOUR)
    age(home / ".claude/projects/-w-other")  # s2 an hour old: the most recent of the day
    deja("search", "anything", check=False, env=env)
    assert snapshot(home)
    append(newer, "s2", "user", "the axolotl question", 1)
    assert hits(deja("search", "axolotl", "--json", env=env).json()) == [("claude", "s2")]
    append(older, "s1", "user", "resumed: the pangolin question", 1)
    # changed within the day, but not among the most recent: its slice is not due yet
    assert hits(deja("search", "pangolin", "--json", check=False, env=env).json()) == []
    found = deja("search", "pangolin", "--json", env={**env, "DEJA_FRESH_FULL_EVERY": "0"}).json()
    assert hits(found) == [("claude", "s1")]
    append(older, "s1", "user", "and then the quokka", 2)
    assert deja("index", "--json", env=env).json()["appended"] == 1
    assert hits(deja("search", "quokka", "--json", env=env).json()) == [("claude", "s1")]


def test_a_search_after_a_build_does_not_checkpoint_the_catalog(home):
    """A build leaves the catalog's WAL past SQLite's autocheckpoint (1,000 pages); the recall
    count a search writes must not checkpoint it (a write and fsync of the catalog on every
    search, since no one-commit process restarts the WAL): the catalog file is not written."""
    transcript(home, "s1", [("user", "where is the wombat config"), ("assistant", "in wombat.toml")])
    deja("index")
    age(home)
    deja("search", "anything", check=False)
    assert snapshot(home)
    catalog = live_index(home / ".cache/deja") / "catalog.sqlite"
    bloat = ("import os, sqlite3, sys\n"
             "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
             "db.execute('PRAGMA wal_autocheckpoint=0')\n"
             "db.execute('BEGIN IMMEDIATE')\n"
             "db.execute('CREATE TABLE bulk(b BLOB)')\n"
             "db.executemany('INSERT INTO bulk VALUES (?)', [(os.urandom(3000),) for _ in range(1500)])\n"
             "db.execute('COMMIT')\n"
             "os._exit(0)\n")  # as a build's last process leaves it: the WAL unchecked, not closed
    subprocess.run([sys.executable, "-c", bloat, str(catalog)], check=True, timeout=60)
    size = catalog.stat().st_size
    for _ in range(2):
        assert hits(deja("search", "wombat", "--json", proc=True).json()) == [("claude", "s1")]
    assert catalog.stat().st_size == size
    db = sqlite3.connect(f"file:{catalog}?mode=ro", uri=True)
    try:
        assert db.execute("SELECT count FROM recalls").fetchall() == [(2,)]
    finally:
        db.close()
