"""`deja timeline|workspaces|touched|trace|event|restore|files|friction` through the real CLI.

Hand-written Claude Code transcripts:
A (shop) fails pytest on a missing `requests`, reads src/util.py (a relative path), edits
  src/client.py and src/checkout.py; it spawned a subagent (a sidechain file under A/subagents/).
B (tools) hits the same error, edits its own lib/client.py and reads README.md.
C (shop) hits the same error and edits src/client.py and src/checkout.py again.
E (blog) only reads README.md: a file every session reads is not specific to a topic.
Then the real stores three agent CLIs wrote.
"""

from __future__ import annotations

import json

import pytest

from conftest import Transcript, deja, install_real

A, B, C, E = (f"{c * 4}{i}{i}{i}{i}-0000-4000-8000-00000000000{i}" for c, i in zip("abce", "1235"))
AGENT = "agent-a1b2c3"
ERROR = "ModuleNotFoundError: No module named 'requests'"


def _stores(home) -> None:
    (Transcript(A, "/home/dev/shop", 10)
     .user("The checkout flow tests fail, can you fix them?")
     .bash("pytest -q", f"E   {ERROR}\n1 error in 0.12s", 1)
     .bash("pip install requests", "Successfully installed requests-2.32.3")
     .read("src/util.py", "def helper(): pass")
     .edit("/home/dev/shop/src/client.py", "import urllib2\nURL_TIMEOUT = 3\n", "import requests\nURL_TIMEOUT = 3\n")
     .edit("/home/dev/shop/src/checkout.py", "total = price * qty\n", "total = round(price * qty, 2)\n")
     .say("Fixed the checkout flow: installed requests and rounded the total.")
     .write(home))
    (Transcript(A, "/home/dev/shop", 10, agent=AGENT)
     .user("Search the repo for uses of urllib2.")
     .bash("grep -rn urllib2 src", "src/client.py:1:import urllib2")
     .say("Only src/client.py imports urllib2.")
     .write(home))
    (Transcript(B, "/home/dev/tools", 12)
     .user("Why does the tools build fail?")
     .bash("python -m pytest -x", f"Traceback (most recent call last):\n  File \"x.py\", line 1\n{ERROR}", 1)
     .bash("python -m pytest -x", "E   ModuleNotFoundError: No module named 'yaml'", 1)
     .read("/home/dev/tools/README.md", "# tools")
     .edit("/home/dev/tools/lib/client.py", "OLD_TOOLS_CLIENT = 1\n", "NEW = 1\n")
     .say("Installed the missing modules; the build passes.")
     .write(home))
    (Transcript(C, "/home/dev/shop", 14)
     .user("The checkout flow breaks again on rounding")
     .bash("pytest -q", f"/srv/ci/tests/test_x.py:7: in <module>\nE   {ERROR}", 2)
     .read("/home/dev/shop/README.md", "# shop")
     .edit("/home/dev/shop/src/client.py", "URL_TIMEOUT = 3\n", "URL_TIMEOUT = 10\n")
     .edit("/home/dev/shop/src/checkout.py", "total = round(price * qty, 2)\n", "total = quantize(price * qty)\n")
     .say("Switched the checkout total to quantize.")
     .write(home))
    (Transcript(E, "/home/dev/blog", 15)
     .user("Summarise the readme")
     .read("/home/dev/blog/README.md", "# blog")
     .read("/home/dev/shop/README.md", "# shop")
     .say("It is a blog.")
     .write(home))


@pytest.fixture
def work_home(home):
    _stores(home)
    deja("index")
    return home


def _ids(sessions: list[dict]) -> list[str]:
    return [s["id"] for s in sessions]


def test_timeline_newest_first_with_filters(work_home):
    r = deja("timeline", "--json").json()
    assert r["schema_version"] == 2 and r["total"] == 5
    assert _ids(r["sessions"])[:3] == [E, C, B]
    assert {s["source_gone"] for s in r["sessions"]} == {False}
    assert all(s["records"] > 0 and s["started"] and s["updated"] for s in r["sessions"])
    assert set(_ids(deja("timeline", "--project", "shop", "--json").json()["sessions"])) == {A, C, AGENT}
    assert _ids(deja("timeline", "--limit", "1", "--json").json()["sessions"]) == [E]
    assert deja("timeline", "--since", "2026-03-13", "--json").json()["total"] == 2
    out = deja("timeline").out
    assert out.index(E[:8]) < out.index(A[:8]) and "records)" in out


def test_workspaces_counts_sessions_and_records(work_home):
    r = deja("workspaces", "--json").json()
    ws = {w["project"]: w for w in r["workspaces"]}
    assert set(ws) == {"shop", "tools", "blog"}
    assert ws["shop"]["sessions"] == 3 and ws["shop"]["harnesses"] == {"claude": 3}
    assert ws["shop"]["records"] > ws["tools"]["records"] > 0
    assert r["workspaces"][0]["project"] == "blog"  # last activity first
    assert "shop" in deja("workspaces").out


def test_touched_lists_files_with_relative_paths_resolved(work_home):
    r = deja("touched", A[:8], "--json").json()
    files = {f["path"]: f for f in r["files"]}
    assert set(files) == {"/home/dev/shop/src/util.py", "/home/dev/shop/src/client.py", "/home/dev/shop/src/checkout.py"}
    assert files["/home/dev/shop/src/client.py"]["edited"] == 1
    assert files["/home/dev/shop/src/util.py"]["edited"] == 0 and files["/home/dev/shop/src/util.py"]["count"] == 1
    assert files["/home/dev/shop/src/util.py"]["first"] <= files["/home/dev/shop/src/checkout.py"]["last"]
    assert "src/checkout.py" in deja("touched", A[:8]).out
    assert deja("touched", "zzzz", check=False).code == 1


def test_trace_links_a_subagent_to_its_session(work_home):
    r = deja("trace", A[:8], "--json").json()
    assert r["ancestors"] == [] and [c["session"]["id"] for c in r["children"]] == [AGENT]
    child = deja("trace", AGENT, "--json").json()
    assert child["session"]["parent"] == A and _ids(child["ancestors"]) == [A] and child["children"] == []
    out = deja("trace", AGENT).out
    assert out.index(A[:8]) < out.index(AGENT[:8])
    assert deja("trace", B[:8], "--json").json()["children"] == []


def test_event_prints_the_raw_line_and_says_when_the_source_is_gone(work_home):
    show = deja("show", A[:8]).out
    seq = next(int(b.split("]")[0][1:]) for b in show.split("\n\n") if "pip install requests" in b and "command" in b)
    r = deja("event", A[:8], str(seq), "--before", "1", "--after", "1", "--json").json()
    assert r["status"] == "found" and r["role"] == "command"
    match = [ln for ln in r["lines"] if ln["match"]]
    assert len(match) == 1 and len(r["lines"]) == 3
    assert match[0]["event"]["message"]["content"][0]["input"]["command"] == "pip install requests"
    assert "pip install requests" in deja("event", A[:8], str(seq)).out
    assert deja("event", A[:8], "999", check=False).code == 1
    path = next(work_home.joinpath(".claude").rglob(f"{B}.jsonl"))
    path.unlink()
    deja("index")
    gone = deja("event", B[:8], "0", check=False)
    assert gone.code == 1 and "gone" in gone.err


def test_event_on_the_real_claude_store_prints_the_canary_line(home):
    install_real(home, "claude")
    deja("index")
    sid = deja("timeline", "--json").json()["sessions"][0]["id"]
    show = deja("show", sid).out
    seq = next(int(b.split("]")[0][1:]) for b in show.split("\n\n") if "canary-cmd-claude" in b and "command" in b)
    r = deja("event", sid, str(seq), "--json").json()
    line = r["lines"][0]
    assert r["status"] == "found" and line["match"] and line["event"]["type"] == "assistant"
    assert "canary-cmd-claude" in json.dumps(line["event"])
    user = deja("event", sid, "0", "--json").json()["lines"][0]["event"]
    assert user["type"] == "user" and "canary-claude-user-1" in json.dumps(user, ensure_ascii=False)


def test_real_stores_timeline_workspaces_touched_trace(home):
    for h in ("claude", "codex", "pi"):
        install_real(home, h)
    deja("index")
    r = deja("timeline", "--json").json()
    assert {s["harness"] for s in r["sessions"]} == {"claude", "codex", "pi"}
    times = [s["updated"] for s in r["sessions"]]
    assert times == sorted(times, reverse=True)
    ws = deja("workspaces", "--json").json()["workspaces"]
    assert {h for w in ws for h in w["harnesses"]} == {"claude", "codex", "pi"}
    assert all(w["sessions"] >= 1 and w["records"] > 0 for w in ws)
    claude = next(s for s in r["sessions"] if s["harness"] == "claude")
    files = deja("touched", claude["id"], "--json").json()["files"]
    assert "/tmp/harness/work-claude/notes.txt" in [f["path"] for f in files]
    for s in r["sessions"]:
        t = deja("trace", f"{s['harness']}:{s['id']}", "--json").json()
        assert t["session"]["id"] == s["id"] and t["ancestors"] == []


def test_restore_hands_back_replaced_spans_and_never_overwrites(work_home, tmp_path):
    r = deja("restore", "src/client.py", "--json").json()
    assert r["total"] == 2 and [s["span"] for s in r["spans"]] == [1, 2]
    assert [s["session"]["id"] for s in r["spans"]] == [C, A]  # newest first
    # The index keeps the span without its trailing newline.
    assert r["spans"][1]["text"].rstrip("\n") == "import urllib2\nURL_TIMEOUT = 3"
    assert deja("restore", "src/client.py", "--span", "2").out == "import urllib2\nURL_TIMEOUT = 3\n"
    amb = deja("restore", "client.py", check=False)
    assert amb.code == 1 and "names 2 files" in amb.err
    assert "OLD_TOOLS_CLIENT" in deja("restore", "/home/dev/tools/lib/client.py").out
    out = tmp_path / "client.orig.py"
    deja("restore", "src/client.py", "--span", "2", "-o", str(out))
    assert out.read_text().rstrip("\n") == "import urllib2\nURL_TIMEOUT = 3"
    out.write_text("mine")
    again = deja("restore", "src/client.py", "--span", "1", "-o", str(out), check=False)
    assert again.code == 1 and "exists" in again.err and out.read_text() == "mine"
    assert deja("restore", "src/nothing.py", check=False).code == 1


def test_files_ranks_the_files_specific_to_a_topic(work_home):
    r = deja("files", "checkout", "flow", "--json").json()
    paths = [f["path"] for f in r["files"]]
    assert paths[0] == "/home/dev/shop/src/checkout.py", paths
    top = r["files"][0]
    assert top["sessions"] == 2 and top["edited"] and top["overall"] == 2
    readme = next(f for f in r["files"] if f["path"] == "/home/dev/shop/README.md")
    assert readme["overall"] == 2 and readme["sessions"] == 1
    assert paths.index("/home/dev/shop/README.md") > paths.index("/home/dev/shop/src/client.py")
    assert "/home/dev/tools/README.md" not in paths
    assert "checkout.py" in deja("files", "checkout flow").out
    assert deja("files", "nonexistentword", check=False).code == 1


def test_friction_shows_errors_that_hit_three_sessions(work_home):
    r = deja("friction", "--json").json()
    sigs = {g["signature"]: g for g in r["errors"]}
    assert list(sigs) == ["modulenotfounderror: no module named 'requests'"]
    g = sigs["modulenotfounderror: no module named 'requests'"]
    assert g["sessions"] == 3 and g["harnesses"] == {"claude": 3} and set(g["projects"]) == {"shop", "tools"}
    assert "requests" in deja("friction").out
    assert deja("friction", "--project", "shop", check=False).code == 1  # two sessions there only
    low = deja("friction", "--min-sessions", "2", "--project", "shop", "--json").json()
    assert low["errors"][0]["sessions"] == 2


def test_every_history_command_is_documented():
    from pathlib import Path

    docs = (Path(__file__).parent.parent / "docs" / "cli.md").read_text()
    for name in ("timeline", "workspaces", "touched", "trace", "event", "restore", "files", "friction"):
        assert f"## `deja {name}" in docs, name
