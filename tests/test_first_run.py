"""The first `deja index`: one line per agent found, the rest named in one line, and a query to
try taken from the user's own history that does find it."""

from __future__ import annotations

import re

from conftest import deja, install_real


def test_first_index_shows_the_users_own_history(home):
    install_real(home, "claude")
    install_real(home, "codex")
    r = deja("index")
    lines = r.out.splitlines()
    assert lines[0].startswith("indexed 2 sessions from 2 agents")
    rows = [ln.split() for ln in lines if ln.startswith("  ")]
    assert sorted(row[0] for row in rows) == ["claude", "codex"]
    assert all(row[1:3] == ["1", "session"] and re.fullmatch(r"\d{4}-\d\d-\d\d", row[3]) for row in rows)
    missing = next(ln for ln in lines if ln.startswith("not found here: "))
    assert "gemini" in missing and "claude" not in missing
    assert not any(re.search(r"\b0 sessions\b", ln) for ln in lines)  # no rows of zeros
    query = next(ln for ln in lines if ln.startswith("try: deja ")).removeprefix("try: deja ").strip("'")
    found = deja("search", query, "--json").json()
    assert found["total"] >= 1
    # later runs report what changed, not the summary again
    again = deja("index").out
    assert "try: deja" not in again and "indexed 0 changed file" in again
    j = deja("index", "--json").json()
    assert {a["harness"] for a in j["agents"]} == {"claude", "codex"} and j["example_query"] == query
    assert "gemini" in j["not_found"]


def test_first_index_of_a_machine_with_no_agents(home):
    r = deja("index")
    assert r.out.startswith("no agent history found on this machine") and "claude" in r.out


def test_sources_names_missing_harnesses_in_one_line(home):
    install_real(home, "claude")
    out = deja("sources").out
    assert out.splitlines()[0].startswith("claude")
    assert sum(1 for ln in out.splitlines() if "missing" in ln) == 1 and "gemini" in out
