"""The `deja` command end to end, in a throwaway HOME holding stores the real CLIs wrote."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest

from conftest import deja, hits, install_real, live_index, write_jsonl

ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}


@pytest.fixture
def real_home(home):
    manifests = {h: install_real(home, h) for h in ("claude", "codex", "pi")}
    deja("index")
    return manifests


def _session_id(home, harness):
    return {"claude": "465046b8-089c-49a4-a891-283be4b0cb3f",
            "codex": "01a22d36-670e-7ba1-969b-4e1b6a7d4f80",
            "pi": "01a22d37-382a-7421-810f-5b51faf93793"}[harness]


@pytest.mark.parametrize("harness", ["claude", "codex", "pi"])
def test_every_canary_is_found_at_its_role(real_home, home, harness):
    for canary in real_home[harness]["canaries"]:
        role = ROLE_FLAG[canary["role"]]
        if canary["phrase"].startswith("/"):
            role = "files"  # the read file is a files record
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", harness, "--json").json()
        assert hits(r) == [(harness, _session_id(home, harness))], (canary, r)
        assert r["tier"] == "exact"


def test_shell_command_is_a_command_record(real_home):
    r = deja("search", '"canary-cmd-claude"', "--role", "command", "--json").json()
    assert r["hits"][0]["snippet_roles"] == ["command"]
    assert r["hits"][0]["snippets"][0].startswith("$ echo canary-cmd-claude")


def test_two_character_chinese_term_from_a_reply(real_home, home):
    r = deja("search", "耗尽", "--harness", "claude", "--role", "assistant", "--json").json()
    assert hits(r) == [("claude", _session_id(home, "claude"))]
    # and a bigram that straddles two words of the run is not a word boundary problem
    assert deja("search", "命中", "--json").json()["total"] == 3


def test_work_records_only_when_asked(real_home):
    r = deja("search", "canary-cmd-pi", "--json").json()
    assert r["tier"] != "exact"
    assert not any("canary-cmd-pi" in s for h in r["hits"] for s in h["snippets"])
    assert deja("search", "canary-cmd-pi", "--role", "command", "--json").json()["total"] == 1


def test_json_shape(real_home):
    r = deja("search", "canary", "--json").json()
    assert set(r) >= {"schema_version", "tier", "total", "capped", "hits"}
    assert r["schema_version"] == 2
    h = r["hits"][0]
    assert set(h) >= {"session", "count", "snippets", "score"}
    assert set(h["session"]) >= {"harness", "id", "project", "path", "title", "started", "updated"}
    assert h["session"]["started"].endswith("Z")


def test_show_by_prefix_and_unknown_id(real_home):
    out = deja("show", "465046b8").out
    assert "canary-claude-user-1" in out and "canary-claude-asst-2" in out
    page = deja("show", "465046b8", "--offset", "1", "--limit", "2", "--json").json()
    assert page["total"] == 10 and [x["seq"] for x in page["records"]] == [1, 2]
    bad = deja("show", "ffffffff", check=False)
    assert bad.code != 0 and bad.out == ""
    assert bad.err.count("\n") == 1 and "Error:" in bad.err and "Traceback" not in bad.err


def test_bad_flag_is_one_line(real_home):
    bad = deja("search", "x", "--limit", "zero", check=False)
    assert bad.code == 2 and bad.err.count("\n") == 1 and "Traceback" not in bad.err
    bad = deja("search", "x", "--since", "yesterdayish", check=False)
    assert bad.code != 0 and bad.err.count("\n") == 1 and "--since" in bad.err


def test_second_index_writes_nothing(real_home):
    r = deja("index", "--json").json()
    assert r["parsed"] == 0 and r["unchanged"] == 3


def test_secrets_are_not_findable_but_prose_is(home):
    secrets = {
        "aws": "AKIAQWERTYUIOPASDFGH",
        "github": "ghp_R2d2C3poLuke0Leia1Han2Solo3Chewie4Yoda",
        "dburl": "Tr0ub4dor-and-3",
        "password": "hunter2-but-longer",
        "pem": "MIIEpAIBAAKCAQEAxQqc9vSeCr3t",
    }
    text = (
        f"deploy notes: key {secrets['aws']} and token {secrets['github']}, "
        f"database postgres://admin:{secrets['dburl']}@db.internal:5432/app, "
        f'password="{secrets["password"]}"\n'
        f"-----BEGIN RSA PRIVATE KEY-----\n{secrets['pem']}\nAAAA\n-----END RSA PRIVATE KEY-----\n"
        "the gateway rollout is blocked"
    )
    write_jsonl(home / ".claude/projects/-w-ops/s-secret.jsonl", [
        {"type": "user", "sessionId": "s-secret", "cwd": "/w/ops", "timestamp": "2026-02-01T10:00:00Z",
         "message": {"role": "user", "content": text}},
    ])
    for value in secrets.values():
        r = deja("search", f'"{value}"', "--json").json()
        assert r["tier"] != "exact", value
        assert not any(value in s for h in r["hits"] for s in h["snippets"])
        assert deja("search", value, "--re", "--json").json()["total"] == 0, value
    assert hits(deja("search", '"gateway rollout is blocked"', "--json").json()) == [("claude", "s-secret")]
    shown = deja("show", "s-secret").out
    assert "[redacted:" in shown and all(v not in shown for v in secrets.values())
    claude = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "claude")
    assert claude["redactions"] >= 5


def test_no_redact_is_possible_and_says_unsafe(home):
    write_jsonl(home / ".claude/projects/-w/s1.jsonl", [
        {"type": "user", "sessionId": "s1", "timestamp": "2026-02-01T10:00:00Z",
         "message": {"role": "user", "content": "key AKIAQWERTYUIOPASDFGH"}},
    ])
    r = deja("index", env={"DEJA_NO_REDACT": "1"})
    assert "unsafe" in r.err
    assert deja("search", "AKIAQWERTYUIOPASDFGH", "--json").json()["total"] == 1


def test_first_search_builds_and_later_searches_see_appends(home):
    path = write_jsonl(home / ".claude/projects/-w-app/s1.jsonl", [
        {"type": "user", "sessionId": "s1", "timestamp": "2026-02-01T10:00:00Z",
         "message": {"role": "user", "content": "why is the tenant filter missing"}},
    ])
    assert hits(deja("search", "tenant", "--json").json()) == [("claude", "s1")]
    with open(path, "a") as f:
        f.write(json.dumps({"type": "assistant", "sessionId": "s1", "timestamp": "2026-02-01T10:01:00Z",
                            "message": {"role": "assistant", "content": [{"type": "text", "text": "the predicate was dropped by the merge"}]}}) + "\n")
    assert hits(deja("search", "predicate", "--json").json()) == [("claude", "s1")]
    assert hits(deja("search", "tenant", "--json").json()) == [("claude", "s1")]


def test_bad_files_are_counted_and_the_rest_indexes(real_home, home):
    proj = home / ".claude/projects/-w-bad"
    proj.mkdir(parents=True)
    (proj / "garbage.jsonl").write_bytes(b"\x00\x01garbage\nmore garbage\n")
    os.mkfifo(proj / "fifo.jsonl")
    (proj / "half.jsonl").write_text(
        json.dumps({"type": "user", "sessionId": "half", "timestamp": "2026-02-01T10:00:00Z",
                    "message": {"role": "user", "content": "survivor line"}}) + "\n{broken\n"
    )
    out = deja("index", "--json").json()
    assert out["errors"] == 2
    claude = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "claude")
    assert claude["state"] == "ok" and claude["skipped"] == 1 and claude["errors"] == 2
    assert hits(deja("search", "survivor", "--json").json()) == [("claude", "half")]
    assert deja("search", '"canary-pi-asst-1"', "--json").json()["total"] == 1


def test_a_store_of_garbage_is_unreadable_with_a_reason(home):
    install_real(home, "pi")
    proj = home / ".codex/sessions/2026/01/01"
    proj.mkdir(parents=True)
    (proj / "rollout-2026-01-01T00-00-00-x.jsonl").write_bytes(b"\x89PNG garbage\n\x00\x00\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["codex"]["state"] == "unreadable" and "JSON" in states["codex"]["reason"]
    assert states["pi"]["state"] == "ok" and states["claude"]["state"] == "missing"


def test_remember_then_find(home):
    deja("remember", "use pgbouncer in transaction mode for the 网关", "--project", "/w/api", "--tag", "db")
    r = deja("search", "pgbouncer", "--json").json()
    assert [(h["session"]["harness"], h["session"]["project"]) for h in r["hits"]] == [("notes", "api")]
    assert deja("search", "网关", "--harness", "notes", "--json").json()["total"] == 1
    notes = home / ".local/share/deja/notes.jsonl"
    assert notes.is_file()
    deja("index", "--rebuild")
    assert notes.is_file() and deja("search", "pgbouncer", "--json").json()["total"] == 1


def test_index_files_are_private(real_home, home):
    d = home / ".cache/deja"
    assert stat.S_IMODE(d.stat().st_mode) == 0o700
    for p in d.rglob("*"):
        if p.is_file():
            assert stat.S_IMODE(p.stat().st_mode) & 0o077 == 0, p


def test_index_dir_override(home, tmp_path):
    install_real(home, "pi")
    target = tmp_path / "elsewhere"
    deja("index", env={"DEJA_INDEX_DIR": str(target)})
    assert (live_index(target) / "catalog.sqlite").is_file() and not (home / ".cache/deja").exists()


def test_last_lists_recent_sessions(real_home):
    r = deja("last", "2", "--json").json()
    assert [s["harness"] for s in r["sessions"]] == ["pi", "codex"]


def test_console_script_and_status(real_home):
    r = deja("status", "--json").json()
    assert r["sessions"] == 3 and r["exists"] is True
    assert time.time()  # status ran through python -m deja; the console script is checked in .ci/run


def test_every_command_has_help_and_docs():
    from pathlib import Path

    from deja.cli import COMMANDS

    docs = (Path(__file__).parent.parent / "docs" / "cli.md").read_text()
    for name in COMMANDS:
        assert deja(name, "--help").out.startswith("Usage: deja " + name)
        assert f"`deja {name}" in docs, name


def test_every_harness_is_documented_and_registered():
    from pathlib import Path

    from deja.harnesses import SOURCES
    from deja.sources import HARNESSES, available

    docs = (Path(__file__).parent.parent / "docs" / "sources.md").read_text()
    assert available() == SOURCES == [*HARNESSES, "imported"]  # every source has its module
    for h in SOURCES:
        assert f"| {h} |" in docs, h


def test_a_note_is_searchable_at_once(real_home):
    r = deja("remember", "the quokka flag must stay off in prod", "--project", "/w/api", "--json").json()
    assert r["searchable"] is True
    assert deja("index", "--json").json()["parsed"] == 0  # already indexed by remember
    assert deja("search", "quokka", "--json").json()["total"] == 1
