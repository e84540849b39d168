"""aider: the chat history the real aider 0.86.2 wrote, and hand-written edge cases of its Markdown."""

from __future__ import annotations

import hashlib
import os
from datetime import datetime

import pytest
from conftest import deja, hits, install_real

from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

ROLE_FLAG = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND}


def _sid(path, n: int) -> str:
    return f"aider-{hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]}-{n}"


def _parse_all():
    src = load("aider")
    out = []
    for path in src.discover():
        parsed = src.parse(path)
        assert parsed.skipped == 0
        for s in parsed.sessions:
            prepare(s)
        out += parsed.sessions
    return out


def _write(home, text: str, rel: str = "proj/.aider.chat.history.md"):
    path = home / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


# -- the real store


def test_real_store_one_session_per_run_with_canaries_at_their_roles(home):
    manifest = install_real(home, "aider")
    sessions = _parse_all()
    history = home / "work-aider" / ".aider.chat.history.md"
    assert [s.id for s in sessions] == [_sid(history, n) for n in (1, 2, 3)]
    for s in sessions:
        assert s.cwd == str(home / "work-aider") and s.project == "work-aider"
        assert s.path == str(history)
    # the header is local time; every record carries its session's start
    first = datetime(2026, 11, 30, 16, 9, 27).timestamp()
    assert sessions[0].started == sessions[0].updated == first
    assert all(r.time == s.started for s in sessions for r in s.records)
    for canary in manifest["canaries"]:
        holders = [(i, {r.role for r in s.records if canary["phrase"] in r.text}) for i, s in enumerate(sessions)]
        holders = [(i, roles) for i, roles in holders if roles]
        if canary.get("expected") is False:
            assert not holders, canary
            continue
        # `turn` n of the manifest is the (n+1)-th `aider` run: exactly that session holds it
        assert [i for i, _ in holders] == [canary["turn"]], canary
        assert ROLES[canary["role"]] in holders[0][1], canary


def test_real_store_banner_and_prompts_are_not_speech(home):
    install_real(home, "aider")
    sessions = _parse_all()
    text = "\n".join(r.text for s in sessions for r in s.records)
    for noise in ("Aider v0.86.2", "Tokens:", "Detected dumb terminal", "--no-git", "(Y)es/(N)o", "Added 1 line"):
        assert noise not in text
    run, ask, read = sessions
    assert [(r.role, r.text) for r in run.records] == [
        (Role.USER, "/run echo canary-cmd-aider | sed s/cmd/out/"),
        (Role.COMMAND, "$ echo canary-cmd-aider | sed s/cmd/out/"),
    ]
    assert [r.role for r in ask.records] == [Role.USER, Role.ASSISTANT]
    # `> Added notes.txt to the chat (read-only).`: the file given to the model
    assert (Role.FILES, str(home / "work-aider" / "notes.txt")) in [(r.role, r.text) for r in read.records]


def test_input_history_is_not_a_transcript(home):
    install_real(home, "aider")
    assert [p.name for p in load("aider").discover()] == [".aider.chat.history.md"]


# -- the Markdown, hand-written the way aider writes it (typed lines and `>` lines end in two spaces)

EDGE = """
# aider chat started at 2026-01-02 09:00:00

> Aider v0.86.2  
> Main model: gpt-x with diff edit format  

#### fix the tenant filter  
#### it drops rows  

#### <blank>  

#### second input after a blank line  

Here is the fix.

#### Plan

```python
#### not a user line
> not a tool line
# aider chat started at not-a-header
```

app.py
```python
<<<<<<< SEARCH
    rows = [r for r in rows if r.ok]
=======
    rows = [r for r in rows if r.ok and r.tenant]
>>>>>>> REPLACE
```

> Applied edit to app.py  
> Applied edit to /abs/lib.py  
> Running pytest -q  
> Commit 1a2b3c fix: keep tenant  

#### /git status  
> On branch main
nothing to commit, working tree clean  

#### !make test  
> Add 0.1k tokens of command output to the chat? (Y)es/(N)o [Yes]: n  

#### Run shell commands? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: a  

#### /test go test ./...  
"""


def test_markdown_roles_fences_and_work_records(home):
    path = _write(home, EDGE)
    (s,) = load("aider").parse(path).sessions
    cwd = str(home / "proj")
    got = [(r.role, r.text) for r in s.records]
    assert got == [
        (Role.USER, "fix the tenant filter\nit drops rows"),
        (Role.USER, "second input after a blank line"),
        (Role.ASSISTANT, (
         "Here is the fix.\n\n#### Plan\n\n```python\n#### not a user line\n> not a tool line\n"
         "# aider chat started at not-a-header\n```\n\napp.py\n```python\n<<<<<<< SEARCH\n"
         "    rows = [r for r in rows if r.ok]\n=======\n    rows = [r for r in rows if r.ok and r.tenant]\n"
         ">>>>>>> REPLACE\n```")),
        (Role.EDIT, f"{cwd}/app.py\n    rows = [r for r in rows if r.ok]"),
        (Role.COMMAND, "$ pytest -q"),
        (Role.FILES, f"{cwd}/app.py\n/abs/lib.py"),
        (Role.USER, "/git status"),
        (Role.COMMAND, "$ git status"),
        (Role.USER, "!make test"),
        (Role.COMMAND, "$ make test"),
        (Role.USER, "/test go test ./..."),
        (Role.COMMAND, "$ go test ./..."),
    ]
    # the multi-line `/git` output (only its first line blockquoted) is aider's, not the model's
    assert not any("nothing to commit" in t for _, t in got)


def test_text_before_the_first_header_and_a_bad_header_time_are_counted(home):
    path = _write(home, "stray text from a cut file\n\n# aider chat started at yesterday\n\n#### hello there  \n")
    parsed = load("aider").parse(path)
    assert parsed.skipped == 2
    (s,) = parsed.sessions
    assert s.started == 0 and [r.text for r in s.records] == ["hello there"]


def test_an_unclosed_fence_ends_at_the_next_run(home):
    path = _write(home, "\n# aider chat started at 2026-01-02 09:00:00\n\n#### q  \n\n```\ncut off\n"
                        "\n# aider chat started at 2026-01-02 10:00:00\n\n#### next run  \n")
    sessions = load("aider").parse(path).sessions
    assert [[r.text for r in s.records] for s in sessions] == [["q", "```\ncut off"], ["next run"]]


def test_ids_are_stable_and_follow_path_and_ordinal(home):
    one = "\n# aider chat started at 2026-01-02 09:00:00\n\n#### first  \n"
    path = _write(home, one)
    before = load("aider").parse(path).sessions
    path.write_text(one + "\n# aider chat started at 2026-01-02 10:00:00\n\n#### second  \n")
    after = load("aider").parse(path).sessions
    assert before[0].id == after[0].id == _sid(path, 1)
    assert after[1].id == _sid(path, 2)
    other = _write(home, one, "other/.aider.chat.history.md")
    assert load("aider").parse(other).sessions[0].id != before[0].id


def test_crlf_and_bad_bytes_are_read(home):
    path = home / "proj" / ".aider.chat.history.md"
    path.parent.mkdir()
    path.write_bytes(b"\r\n# aider chat started at 2026-01-02 09:00:00\r\n\r\n#### caf\xe9 order  \r\n\r\nreply\r\n")
    (s,) = load("aider").parse(path).sessions
    assert [(r.role, r.text) for r in s.records] == [(Role.USER, "caf\ufffd order"), (Role.ASSISTANT, "reply")]


def test_empty_file_is_no_sessions_and_garbage_is_an_error(home):
    empty = _write(home, "")
    assert load("aider").parse(empty).sessions == []
    garbage = _write(home, "\x89PNG\x00\x00 not markdown\n", "junk/.aider.chat.history.md")
    with pytest.raises(SourceError):
        load("aider").parse(garbage)


def test_discovery_probes_home_two_levels_and_the_configured_places(home, tmp_path, monkeypatch):
    text = "\n# aider chat started at 2026-01-02 09:00:00\n\n#### hi there  \n"
    want = [
        _write(home, text, ".aider.chat.history.md"),
        _write(home, text, "a/.aider.chat.history.md"),
        _write(home, text, "src/b/.aider.chat.history.md"),
    ]
    _write(home, text, "src/b/c/.aider.chat.history.md")  # three levels down: not probed
    _write(home, text, ".hidden/x/.aider.chat.history.md")  # hidden child: not probed
    (home / "a" / ".aider.input.history").write_text("+hi\n")
    (home / "link").symlink_to(home / "a")  # a symlinked directory is not followed
    extra = tmp_path / "roots"
    want.append(_write(extra, text, "one/two/.aider.chat.history.md"))
    custom = _write(tmp_path, text, "elsewhere/my-chat.md")
    monkeypatch.setenv("DEJA_AIDER_ROOTS", os.pathsep.join([str(extra), str(home)]))
    monkeypatch.setenv("AIDER_CHAT_HISTORY_FILE", str(custom))
    found = load("aider").discover()
    assert found == sorted(want + [custom])
    assert str(extra) in [str(r) for r in load("aider").roots()]


# -- end to end through the CLI


@pytest.fixture
def indexed(home):
    manifest = install_real(home, "aider")
    deja("index")
    return manifest


def test_every_canary_is_found_in_its_session(indexed, home):
    history = home / "work-aider" / ".aider.chat.history.md"
    for canary in indexed["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else ROLE_FLAG[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "aider", "--json").json()
        if canary.get("expected") is False:  # aider never stored it: no exact hit anywhere
            assert r["tier"] != "exact" and not any(canary["phrase"] in x for h in r["hits"] for x in h["snippets"])
            continue
        assert hits(r) == [("aider", _sid(history, canary["turn"] + 1))], (canary, r)
        assert r["tier"] == "exact"
    r = deja("search", '"canary-cmd-aider"', "--role", "command", "--harness", "aider", "--json").json()
    assert hits(r) == [("aider", _sid(history, 1))]
    assert r["hits"][0]["snippets"][0].startswith("$ echo canary-cmd-aider")


def test_sources_reports_aider_ok(indexed):
    aider = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "aider")
    assert aider["state"] == "ok" and aider["sessions"] == 3 and aider["files"] == 1


def test_a_history_of_garbage_is_unreadable_while_pi_indexes(home):
    install_real(home, "pi")
    _write(home, "\x89PNG\r\n\x1a\n\x00\x00\x00garbage", "work-aider/.aider.chat.history.md")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["aider"]["state"] == "unreadable" and "aider chat" in states["aider"]["reason"]
    assert states["pi"]["state"] == "ok" and states["pi"]["sessions"] >= 1
