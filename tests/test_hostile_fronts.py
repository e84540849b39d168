"""Hostile input through the fronts other than search: a session's fields as a sync peer or the
hub sent them (escape sequences in its harness, id and origin), written out by `deja export -o`;
the fields of a note besides its text. Everything through the CLI's main, in a throwaway HOME."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import deja

# What a terminal obeys (OSC 52 clipboard write, clear screen, 8-bit CSI) or draws in another order.
ESC = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\x9b31m\u202e"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
GITHUB = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"  # a token in GitHub's format (synthetic)


def _import(home: Path, records: list[dict]) -> None:
    d = home / "batches"
    d.mkdir()
    lines = [json.dumps({"deja_sync": 1, "machine": "peer", "records": len(records)})]
    lines += [json.dumps({"v": 1, "parent": "", "seq": i, "time": f"2026-11-01T10:00:0{i}Z", **r})
              for i, r in enumerate(records)]
    (d / "deja-sync-peer-20261201T000000.000000Z.jsonl").write_text("\n".join(lines) + "\n")
    got = deja("sync", "import", str(d), "--json", env={"DEJA_MACHINE": "me"}).json()
    assert got["added"] == len(records)


def test_an_export_file_holds_no_escape_from_a_peer_s_session_fields(home):
    _import(home, [{"origin": "pe\x1b[31mer", "harness": "claude" + ESC, "session_id": "s1" + ESC,
                    "project": "/p/x", "cwd": "/p/x", "title": "wombat", "role": "user",
                    "text": "the wombat key is here"}])
    for fmt in ("md", "html", "json"):
        out = home / f"out.{fmt}"
        deja("export", "s1", "--format", fmt, "-o", str(out))
        text = out.read_text(encoding="utf-8")
        assert "wombat" in text and not RAW.search(text), (fmt, text)
        if fmt == "json":
            s = json.loads(text)["session"]
            assert not RAW.search(s["harness"] + s["id"])
            assert s["id"].startswith("s1") and s["id"].endswith("@peer")  # its escapes dropped, the rest shown
    shared = home / "shared.md"
    deja("share", "s1", "-o", str(shared))
    assert not RAW.search(shared.read_text(encoding="utf-8"))


def test_a_note_s_project_and_tags_are_redacted_before_they_are_written(home):
    deja("remember", "the deploy uses the vault", "--tag", GITHUB, "--project", f"/w/p?token={GITHUB}")
    deja("index")
    notes = next((home / ".local/share/deja").glob("notes*.jsonl"))
    assert "deploy uses the vault" in notes.read_text() and GITHUB not in notes.read_text()
    cache = home / ".cache/deja"
    leaked = [p for p in cache.rglob("*") if p.is_file() and GITHUB.encode() in p.read_bytes()]
    assert not leaked
    assert deja("vault").out.count("[redacted:") >= 1
