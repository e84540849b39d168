"""What the index on disk keeps, and what it no longer keeps (issue 18 item 7): the catalog's WAL
cut after a build; tool output's phrases found as phrases and its words apart not (what any
index without positions for tool output has to keep: docs/notes.md, session 8, branch
`size3`). Every test goes through the `deja` CLI."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from conftest import deja, deja_proc, hits, live_index, write_jsonl


def claude(home: Path, sid: str, turns: list[tuple[str, str]], day: int = 1) -> Path:
    """A Claude Code session: ("user" | "assistant", text) turns, and ("tool", output) as a Bash
    call and its result."""
    lines: list[dict] = []
    for i, (kind, text) in enumerate(turns):
        ts, base = f"2026-03-{day:02d}T10:{i % 60:02d}:00Z", {"sessionId": sid, "cwd": "/w/app"}
        if kind == "tool":
            lines.append({**base, "type": "assistant", "timestamp": ts, "message": {"role": "assistant", "content": [
                {"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": "make check"}}]}})
            lines.append({**base, "type": "user", "timestamp": ts, "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": f"t{i}", "content": text}]}})
        else:
            content = text if kind == "user" else [{"type": "text", "text": text}]
            lines.append({**base, "type": kind, "timestamp": ts, "message": {"role": kind, "content": content}})
    return write_jsonl(home / f".claude/projects/-w-app/{sid}.jsonl", lines)


def wal(home: Path) -> int:
    p = live_index(home / ".cache/deja") / "catalog.sqlite-wal"
    return p.stat().st_size if p.exists() else 0


def test_a_build_leaves_no_wal_and_an_append_leaves_its_own(home):
    for n in range(6):
        claude(home, f"s{n}", [("user", f"question {n} about the ledger"), ("assistant", f"answer {n}"),
                               ("tool", f"output {n}\n" * 50)])
    # a build: at least one batch of records (DEJA_BATCH_RECORDS), in a process that ends with
    # os._exit, the catalog left open, as `deja index` always does
    deja_proc("index", env={"DEJA_BATCH_RECORDS": "10"})
    assert wal(home) == 0
    assert deja("search", "ledger", "--json").json()["total"] >= 6
    # an append below a batch is left as it is: its pages stay in the WAL until a checkpoint
    claude(home, "s6", [("user", "one more question about the ledger")])
    deja_proc("index", env={"DEJA_BATCH_RECORDS": "10"})
    assert wal(home) > 0


def test_a_reader_holding_a_snapshot_keeps_the_wal_and_the_build_ends(home):
    for n in range(3):
        claude(home, f"s{n}", [("user", f"question {n} about the ledger"), ("tool", f"output {n}\n" * 50)])
    deja_proc("index", env={"DEJA_BATCH_RECORDS": "5"})
    reader = sqlite3.connect(live_index(home / ".cache/deja") / "catalog.sqlite", isolation_level=None)
    try:
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM files").fetchone()  # a read in progress: an old snapshot
        for n in range(3, 6):
            claude(home, f"s{n}", [("user", f"question {n} about the ledger"), ("tool", f"output {n}\n" * 50)])
        deja_proc("index", env={"DEJA_BATCH_RECORDS": "5"})  # the checkpoint gives up, the run ends
        assert wal(home) > 0
    finally:
        reader.close()
    assert deja("search", "ledger", "--json").json()["total"] == 6
    claude(home, "s6", [("user", "question 6 about the ledger"), ("tool", "output 6\n" * 50)])
    deja_proc("index", env={"DEJA_BATCH_RECORDS": "2"})
    assert wal(home) == 0


def exact(query: str) -> list[tuple[str, str]]:
    r = deja("search", query, "--json").json()
    return sorted(hits(r)) if r["tier"] == "exact" else []


def phrases_home(home: Path) -> None:
    claude(home, "holds", [("user", "the nightly job failed again"), ("assistant", "let me run the checks"),
                           ("tool", "Traceback (most recent call last):\n  File \"services/ingest/quorum_sprocket.py\", "
                                    "line 41\nRuntimeError: flint_harbor_ledger is locked\n熔断阈值 exceeded\n")])
    # the same words, apart or in another order, in other sessions' tool output
    claude(home, "apart", [("user", "what is in the log"), ("tool", "harbor ledger flint: services quorum ingest "
                           "sprocket py, sprocket_quorum.py in services/ingest, 阈值 熔断 阈值熔断\n")], day=2)
    claude(home, "order", [("user", "and this one"), ("tool", "ledger_harbor_flint is fine; "
                           "services/quorum/ingest_sprocket.py\n")], day=3)
    # and a phrase said by the person
    claude(home, "said", [("user", "please look at billing_gantry_tally in the payouts service"),
                          ("assistant", "gantry and tally are both fine, billing too")], day=4)


def test_a_phrase_in_tool_output_is_found_and_its_words_apart_are_not(home):
    phrases_home(home)
    deja("index")
    assert exact("flint_harbor_ledger") == [("claude", "holds")]
    assert exact("services/ingest/quorum_sprocket.py") == [("claude", "holds")]
    assert exact("熔断阈值") == [("claude", "holds")]
    assert exact('"runtimeerror flint harbor"') == [("claude", "holds")]
    assert exact("ledger_harbor_flint") == [("claude", "order")]
    # every word is in a tool output, never one after the other
    assert exact("harbor_flint_quorum") == []
    assert exact("services/sprocket/quorum.py") == []
    assert exact("阈值熔断阈值熔断") == []
    # two clauses, each somewhere in the session: the phrase counted only where it is
    assert exact("flint_harbor_ledger nightly") == [("claude", "holds")]
    assert exact("ledger_harbor_flint nightly") == []
    # and in the person's words
    assert exact("billing_gantry_tally") == [("claude", "said")]
    assert exact("tally_gantry") == []
    # a search for the phrase in tool output alone (a role filter) finds it as well
    r = deja("search", "flint_harbor_ledger", "--role", "tool-output", "--json").json()
    assert [h["session"]["id"] for h in r["hits"]] == ["holds"]
