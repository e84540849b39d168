"""`deja doctor` through the real CLI: zero on a healthy HOME, non-zero with what to do otherwise."""

from __future__ import annotations

import json

import pytest

from conftest import deja, install_real, live_index


@pytest.fixture
def healthy(home):
    install_real(home, "claude")
    install_real(home, "codex")
    deja("index")
    deja("install", "claude-code", "--hooks")
    return home


def test_healthy_home(healthy):
    r = deja("doctor")
    assert r.code == 0 and "nothing to fix" in r.out
    j = deja("doctor", "--json").json()
    assert j["schema_version"] == 2 and j["ok"] is True and j["problems"] == []
    assert set(j["versions"]) >= {"deja", "python", "tantivy", "sqlite"}
    assert j["index"]["opens"] and j["index"]["sessions"] == 2 and j["index"]["pending"] == 0
    states = {s["harness"]: s for s in j["sources"]}
    assert states["claude"]["state"] == "ok" and states["claude"]["sessions"] == 1
    assert states["codex"]["state"] == "ok" and states["cursor"]["state"] == "missing"
    claude = next(a for a in j["agents"] if a["agent"] == "claude-code")
    assert [w["state"] for w in claude["wiring"]] == ["installed", "installed"]
    codex = next(a for a in j["agents"] if a["agent"] == "codex")
    assert codex["wiring"][0]["state"] == "absent"


def test_corrupt_index_is_an_error_with_the_fix(healthy):
    (live_index(healthy / ".cache" / "deja") / "catalog.sqlite").write_bytes(b"garbage, not sqlite\n" * 200)
    r = deja("doctor", check=False)
    assert r.code == 1
    assert "the index is damaged" in r.out and "deja index --rebuild" in r.out
    j = deja("doctor", "--json", check=False).json()
    assert j["ok"] is False
    assert any(p["severity"] == "error" and "rebuild" in p["fix"] for p in j["problems"])


def test_no_index_is_a_warning_and_creates_nothing(home):
    install_real(home, "claude")
    r = deja("doctor")
    assert r.code == 0 and "deja index" in r.out
    j = deja("doctor", "--json").json()
    assert j["index"]["exists"] is False
    assert {s["harness"]: s["state"] for s in j["sources"]}["claude"] == "found"
    assert not (home / ".cache" / "deja").exists()


def test_wiring_to_a_deja_that_is_gone(healthy):
    f = healthy / ".claude.json"
    data = json.loads(f.read_text())
    data["mcpServers"]["deja"]["command"] = "/nonexistent/bin/deja"
    f.write_text(json.dumps(data))
    r = deja("doctor", check=False)
    assert r.code == 1 and "/nonexistent/bin/deja" in r.out and "deja install claude-code" in r.out
    deja("install", "claude-code")
    assert deja("doctor").code == 0


def test_a_config_deja_cannot_parse_is_a_warning(healthy):
    (healthy / ".gemini").mkdir()
    (healthy / ".gemini" / "settings.json").write_text("{ // comment\n}")
    r = deja("doctor", "--json")
    assert r.code == 0
    j = r.json()
    assert any(p["severity"] == "warning" and "settings.json" in p["what"] for p in j["problems"])
