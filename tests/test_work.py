"""`deja how`, `deja blame`, `deja fix`, `deja ctx` end to end on hand-written Claude Code transcripts.

Session A failed `pytest` on a missing module, installed it, edited src/client.py and passed.
Session B is another project that only talks about a client.py and hit a different module error.
Session C hit A's error, tried the wrong fix, and the error came back: it fixed nothing.
"""

from __future__ import annotations


import pytest

from conftest import Transcript, deja

A, B, C = "aaaa1111-0000-4000-8000-000000000001", "bbbb2222-0000-4000-8000-000000000002", "cccc3333-0000-4000-8000-000000000003"
ERROR = "ModuleNotFoundError: No module named 'requests'"


def _stores(home) -> None:
    (Transcript(A, "/home/dev/shop", 10)
     .user("The client tests fail, can you fix them?")
     .say("Let me run the tests first.")
     .bash("cd /home/dev/shop && pytest -q 2>&1 | tail -20",
           "==== ERRORS ====\n_ ERROR collecting tests/test_client.py _\n"
           f"/home/dev/shop/tests/test_client.py:3: in <module>\nE   {ERROR}\n1 error in 0.12s", 1)
     .say("The `requests` package is missing; installing it.")
     .bash("pip install requests", "Successfully installed requests-2.32.3")
     .bash("git status", "On branch main")
     .tool("Edit", {"file_path": "/home/dev/shop/src/client.py", "old_string": "import urllib2\nURL_TIMEOUT = 3\n",
                    "new_string": "import requests\nURL_TIMEOUT = 3\n"}, "The file /home/dev/shop/src/client.py has been updated.")
     .bash("pytest -q", "3 passed in 0.20s")
     .say("Fixed: the tests failed because `requests` was not installed. I installed it and switched "
          "src/client.py from urllib2 to requests; all 3 tests pass now.")
     .write(home))
    (Transcript(B, "/home/dev/tools", 12)
     .user("Does this repo have the same client.py problem as the shop?")
     .bash("python -m pytest -x", "E   ModuleNotFoundError: No module named 'yaml'", 1)
     .bash("pip install pyyaml", "Successfully installed PyYAML-6.0")
     .bash("pip install pytest", "Requirement already satisfied: pytest")
     .bash("python -m pytest -x", "5 passed in 0.31s")
     .say("No: this repo has its own client.py and it is fine. The failure was a missing yaml module, installed now.")
     .write(home))
    (Transcript(C, "/home/dev/shop2", 14)
     .user(f"pytest says {ERROR} again, in a checkout at /srv/other/path")
     .bash("pytest -q", f"E   {ERROR}", 2)
     .bash("pip install reqests", "ERROR: No matching distribution found for reqests", 1)
     .bash("pytest -q", f"/srv/other/path/tests/test_x.py:7: in <module>\nE   {ERROR}", 2)
     .say("It still fails, I could not fix it.")
     .write(home))


@pytest.fixture
def work_home(home):
    _stores(home)
    deja("index")
    return home


def test_how_shows_the_invocation_by_sessions(work_home):
    r = deja("how", "pytest", "--json").json()
    assert r["schema_version"] == 2
    cmds = [(i["command"], i["sessions"]) for i in r["invocations"]]
    assert cmds[0] == ("pytest -q", 2)  # A (`cd … && pytest -q 2>&1 | tail -20`) and C
    assert ("python -m pytest -x", 1) in cmds
    assert not any("install" in c for c, _ in cmds), cmds  # `pip install pytest` does not run pytest
    top = r["invocations"][0]
    assert top["session"]["id"] == C and top["failed"] == 3 and top["runs"] == 4
    out = deja("how", "pytest").out
    assert "pytest -q" in out and "2 sessions, 4 runs" in out and "(s)" not in out
    assert deja("how", "pytest", "--project", "tools", "--json").json()["invocations"][0]["command"] == "python -m pytest -x"
    assert deja("how", "cargo", "test", check=False).code == 1


def test_fix_shows_what_ran_after_the_error(work_home):
    r = deja("fix", ERROR, "--json").json()
    assert r["signature"] == "modulenotfounderror: no module named 'requests'"
    assert r["commands"][0]["command"] == "pip install requests" and r["commands"][0]["verified"] == 1
    assert [f["session"]["id"] for f in r["sessions"]] == [A]
    a = r["sessions"][0]
    assert a["failed"] == "pytest -q" and a["verified"] and a["edited"] == ["/home/dev/shop/src/client.py"]
    assert a["commands"] == ["pip install requests"]  # `git status` is looking, not fixing
    everything = str(r)
    assert "reqests" not in everything and "pyyaml" not in everything  # C's error came back; B's is another
    assert r["unresolved"] == 1
    out = deja("fix", ERROR).out
    assert "pip install requests" in out


def test_fix_reads_a_traceback_on_stdin_and_matches_its_signature(work_home):
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/opt/ci/build/77/app/main.py", line 12, in <module>\n'
        "    import requests\n"
        f"{ERROR}\n"
    )
    for args in (["fix", "--json"], ["fix", "-", "--json"]):
        assert '"pip install requests"' in deja(*args, input=trace).out
    bad = deja("fix", "   ", check=False)
    assert bad.code != 0 and "Error:" in bad.err and "Traceback" not in bad.err


def test_blame_names_the_session_most_specific_first(work_home):
    r = deja("blame", "src/client.py", "--json").json()
    first = r["sessions"][0]
    assert first["session"]["id"] == A and first["specificity"] == "path" and first["touched"]
    assert "edit" in first["roles"] and "Fixed" in first["decision"]
    ids = [s["session"]["id"] for s in r["sessions"]]
    assert B in ids and ids.index(B) > 0
    b = r["sessions"][ids.index(B)]
    assert b["specificity"] == "name" and not b["touched"]
    out = deja("blame", "src/client.py").out
    assert A[:8] in out and "decided:" in out
    only = deja("blame", "/home/dev/shop/src/client.py", "--json").json()["sessions"]
    assert only[0]["specificity"] == "path" and all(s["specificity"] != "path" for s in only[1:])
    assert deja("blame", "nothing_here.rs", check=False).code == 1


def test_ctx_carries_the_decision(work_home):
    md = deja("ctx", "client", "tests", "fail").out
    assert len(md.encode()) <= 8192
    assert md.startswith("# ") and "## Question" in md and "The client tests fail" in md
    assert "## Decision" in md and "Fixed: the tests failed because `requests` was not installed" in md
    assert "pip install requests" in md and "/home/dev/shop/src/client.py (edited)" in md
    j = deja("ctx", "client tests fail", "--json").json()
    assert j["digest"]["session"]["id"] == A and j["digest"]["markdown"] == md
    assert deja("ctx", "zzzqqq-nowhere", check=False).code == 1


def test_ctx_is_capped_at_8_kb(home):
    t = Transcript("dddd4444-0000-4000-8000-000000000004", "/home/dev/big", 20).user("Explain the 巨大 migration plan " + "word " * 3000)
    for i in range(300):
        t.bash(f"make step-{i} " + "x" * 150, "ok")
    t.say("Decision: we migrate in three steps. " + "详细说明 " * 4000)
    t.write(home)
    deja("index")
    md = deja("ctx", "migration", "plan").out
    assert 4000 < len(md.encode()) <= 8192
    assert "## Decision" in md and "more" in md
    small = deja("ctx", "migration", "--max-bytes", "1000").out
    assert len(small.encode()) <= 1000 and small.startswith("# ")
