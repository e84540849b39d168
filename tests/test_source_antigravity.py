"""Antigravity: no real CLI ran here, so the store under tests/fixtures/antigravity is hand-written
from the format reference (an IDE root with `conversation_metadata.json`, an `agy` root with
`last_conversations.json`, and a session whose project comes from the files it touched)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import FIXTURES, deja, hits, install_real, write_jsonl
from deja.ingest.prepare import prepare
from deja.errors import SourceError
from deja.model import Role
from deja.sources import load

FIXTURE = FIXTURES / "antigravity"
IDE = "3f1c9a2e-7b4d-4e0a-9c61-2d8e5f7a1b90"
ROLES = {"user_prompt": Role.USER, "assistant_text": Role.ASSISTANT, "tool_output": Role.TOOL_OUTPUT,
         "tool_command": Role.COMMAND}
FLAGS = {"user_prompt": "user", "assistant_text": "assistant", "tool_output": "tool", "tool_command": "command"}
T = ".system_generated/logs/transcript.jsonl"


def install(home: Path) -> dict:
    shutil.copytree(FIXTURE / ".gemini", home / ".gemini", dirs_exist_ok=True)
    return json.loads((FIXTURE / "MANIFEST.json").read_text())


def _sessions() -> dict:
    src = load("antigravity")
    out = {}
    for p in src.discover():
        parsed = src.parse(p)
        assert parsed.skipped == 0 and parsed.offset == 0
        for s in parsed.sessions:
            prepare(s)
            out[s.id] = s
    return out


def test_every_canary_at_its_role_and_each_project(home):
    manifest = install(home)
    sessions = _sessions()
    assert set(sessions) == set(manifest["sessions"])
    for sid, want in manifest["sessions"].items():
        assert sessions[sid].cwd == want["workdir"], sid
        assert sessions[sid].project == want["workdir"].rsplit("/", 1)[-1]
    for canary in manifest["canaries"]:
        s = sessions[canary["session"]]
        roles = {r.role for r in s.records if canary["phrase"] in r.text}
        if canary.get("expected") is False:
            assert not roles, canary
            continue
        role = Role.FILES if canary["phrase"].startswith("/") else ROLES[canary["role"]]
        assert role in roles, (canary, roles)


def test_steps_become_speech_commands_files_and_output(home):
    install(home)
    s = _sessions()[IDE]
    got = [(r.role, r.text) for r in s.records]
    assert got[:6] == [
        (Role.USER, "canary-agy-user-1 the login page returns 500 since the deploy. 请检查服务健康状况。"),
        (Role.ASSISTANT, "canary-agy-asst-1 I'll run the auth tests first to see the failure."),
        (Role.COMMAND, "$ pytest -x tests/test_auth.py"),
        (Role.TOOL_OUTPUT, "canary-out-agy FAILED tests/test_auth.py::test_login - KeyError: 'SESSION_SECRET'\n1 failed in 0.42s"),
        (Role.FILES, "/home/dev/src/shopfront/app/config.py"),
        (Role.TOOL_OUTPUT, 'canary-file-agy 文件内容：连接池配置\nSESSION_SECRET = os.environ["SESSION_SECRET"]\nPOOL_SIZE = 20'),
    ]
    users = [t for r, t in got if r is Role.USER]
    assert users[1] == "canary-agy-user-2 now show me the recent commits"  # settings change removed
    assert not any("ADDITIONAL_METADATA" in t or "Active Document" in t or "Created At:" in t for _, t in got)
    # a step with no created_at takes the session's start
    last = s.records[-1]
    assert last.text.startswith("canary-agy-asst-3") and last.time == s.started
    assert s.started == pytest.approx(1772442841.0) and s.updated == pytest.approx(1772443204.0)


def test_roots_glob_every_antigravity_dir_and_the_override_replaces_it(home, tmp_path, monkeypatch):
    install(home)
    (home / ".gemini/tmp").mkdir()
    assert [p.name for p in load("antigravity").roots()] == ["antigravity", "antigravity-cli"]
    assert len(load("antigravity").discover()) == 3
    monkeypatch.setenv("DEJA_ANTIGRAVITY_ROOT", str(home / ".gemini/antigravity-cli"))
    assert len(load("antigravity").discover()) == 2


def test_files_vote_walks_up_to_the_git_root_and_refuses_a_bare_home(home, tmp_path):
    repo = tmp_path / "src" / "repo"
    (repo / ".git").mkdir(parents=True)
    root = home / ".gemini/antigravity"

    def step(p: str) -> dict:
        return {"source": "MODEL", "type": "VIEW_FILE", "created_at": "2026-01-01T10:00:00Z",
                "content": f"Created At: 2026-01-01T10:00:00Z\nFile Path: file://{p}\n\nbody"}

    write_jsonl(root / "brain/g1" / T, [step(f"{repo}/pkg/deep/a.go"), step(f"{repo}/pkg/deep/b.go")])
    write_jsonl(root / "brain/g2" / T, [step("/home/me/.bashrc"), step("/home/me/notes.txt")])
    sessions = _sessions()
    assert (sessions["g1"].cwd, sessions["g1"].project) == (str(repo), "repo")
    assert (sessions["g2"].cwd, sessions["g2"].project) == ("", "")


def test_file_uris_are_decoded(home):
    root = home / ".gemini/antigravity"
    write_jsonl(root / "brain/w1" / T, [
        {"source": "MODEL", "type": "CODE_ACTION", "created_at": "2026-01-01T10:00:00Z",
         "content": "Created file file:///C:/Users/dev/My%20App/main.go with 20 lines\n\npackage main"},
    ])
    (s,) = _sessions().values()
    assert (Role.FILES, "C:/Users/dev/My App/main.go") in [(r.role, r.text) for r in s.records]


def test_malformed_lines_are_counted_and_garbage_is_an_error(home):
    path = home / ".gemini/antigravity/brain/b1" / T
    path.parent.mkdir(parents=True)
    good = json.dumps({"source": "USER_EXPLICIT", "created_at": "2026-01-01T10:00:00Z", "content": "<USER_REQUEST>hi there</USER_REQUEST>"})
    path.write_text(good + "\n{torn\n" + good.replace("hi there", "again") + "\n")
    parsed = load("antigravity").parse(path)
    assert parsed.skipped == 1 and [r.text for r in parsed.sessions[0].records] == ["hi there", "again"]
    path.write_bytes(b"\x00\xffgarbage\nnot json either\n")
    with pytest.raises(SourceError):
        load("antigravity").parse(path)


def test_every_canary_is_found_through_the_cli(home):
    manifest = install(home)
    deja("index")
    for canary in manifest["canaries"]:
        role = "files" if canary["phrase"].startswith("/") else FLAGS[canary["role"]]
        r = deja("search", f'"{canary["phrase"]}"', "--role", role, "--harness", "antigravity", "--json").json()
        if canary.get("expected") is False:  # not speech: at most a fuzzy match on other words
            assert r["tier"] != "exact" and not any(canary["phrase"] in x for h in r["hits"] for x in h["snippets"])
            continue
        assert hits(r) == [("antigravity", canary["session"])] and r["tier"] == "exact", (canary, r)
    state = next(s for s in deja("sources", "--json").json()["sources"] if s["harness"] == "antigravity")
    assert state["state"] == "ok" and state["sessions"] == 3


def test_a_store_of_garbage_is_unreadable_while_another_harness_indexes(home):
    install_real(home, "pi")
    bad = home / ".gemini/antigravity/brain/x1" / T
    bad.parent.mkdir(parents=True)
    bad.write_bytes(b"\x89PNG garbage\n\x00\x00\n")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["antigravity"]["state"] == "unreadable" and "JSON" in states["antigravity"]["reason"]
    assert states["pi"]["state"] == "ok"
