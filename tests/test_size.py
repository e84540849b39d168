"""What the index on disk keeps, and what it no longer keeps (issue 18 item 7): the catalog's WAL
cut after a build. Every test goes through the `deja` CLI."""

from __future__ import annotations

from pathlib import Path

from conftest import deja, deja_proc, live_index, write_jsonl


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
