"""Secrets on every surface: a corpus of 50+ kinds (tests/secrets_corpus.py) in seven places of a
Claude Code transcript — what the person said, the reply, tool output, a command, a file path,
an edit and the title — indexed through the CLI, then every surface read back: the raw bytes
of the index directory, show, event, last, ctx, search --json, the prompt and session-start
hooks, MCP recall and session. Nothing of any secret may show; the prose around each is found."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from conftest import deja, isolate, server_env, write_jsonl
from secrets_corpus import KINDS, PLACES, leaks, windows

NAMES = sorted(KINDS)
WINS = windows()
PROJECTS = 10  # sessions are spread over this many working directories (hook-context shows 5 each)


def marker(i: int, place: str) -> str:
    """A word found only beside kind i's secret in that place."""
    return f"q{i:02d}{place[:2]}zx"


def sid(i: int) -> str:
    return f"5ec0{i:04d}-0000-4000-8000-000000000000"


def cwd(i: int) -> str:
    return f"/w/proj{i % PROJECTS}"


def _session(i: int, kind: str) -> list[dict]:
    secret = KINDS[kind][0]
    m = {p: marker(i, p) for p in PLACES}
    base = {"sessionId": sid(i), "cwd": cwd(i), "timestamp": f"2026-11-{1 + i % 28:02d}T10:00:{i % 60:02d}Z"}

    def line(kind_: str, role: str, content) -> dict:
        return {"type": kind_, **base, "message": {"role": role, "content": content}}

    return [
        {"type": "summary", "summary": f"{m['title']} {secret}"},
        line("user", "user", f"{m['user']} here is the config I use\n{secret}\nwhy does it fail"),
        line("assistant", "assistant", [
            {"type": "text", "text": f"{m['assistant']} I see the setting\n{secret}\nit looks right"},
            {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": f"echo {m['command']} && {secret}"}},
        ]),
        line("user", "user", [{"type": "tool_result", "tool_use_id": "t1", "content": f"{m['tool']} printed\n{secret}\ndone"}]),
        line("assistant", "assistant", [
            {"type": "tool_use", "id": "t2", "name": "Read", "input": {"file_path": f"/srv/{m['path']}/{secret}/notes.txt"}},
            {"type": "tool_use", "id": "t3", "name": "Edit",
             "input": {"file_path": "/w/app/settings.py", "old_string": f"# {m['edit']}\n{secret}\n", "new_string": "# moved\n"}},
        ]),
    ]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """One indexed HOME for the module (the autouse HOME of each test is replaced by it)."""
    home = tmp_path_factory.mktemp("secrets-home")
    for i, kind in enumerate(NAMES):
        write_jsonl(home / ".claude" / "projects" / f"-w-proj{i % PROJECTS}" / f"{sid(i)}.jsonl", _session(i, kind))
    with pytest.MonkeyPatch.context() as mp:
        isolate(mp, home)
        out = _run({}, "index", "--json")
    assert json.loads(out)["redactions"] >= len(NAMES) * len(PLACES)
    return home


def _run(env: dict, *args: str, stdin: str | None = None, ok: tuple[int, ...] = (0,)) -> str:
    r = deja(*args, env=env, input=stdin, check=False)
    assert r.code in ok, f"deja {' '.join(args)} exited {r.code}: {r.err}"
    return r.out + r.err


def _clean(outputs: dict[str, str]) -> None:
    found = {name: leaks(text, WINS) for name, text in outputs.items()}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_corpus_is_wide():
    assert len(KINDS) >= 40 and len(PLACES) == 7


@pytest.mark.parametrize("kind", NAMES)
def test_each_kind_is_redacted_in_each_place(kind):
    from deja.text.redact import redact

    secret = KINDS[kind][0]
    shapes = [f"q here is the config\n{secret}\nwhy", f"echo q && {secret}", f"/srv/q/{secret}/notes.txt",
              f"/w/app/settings.py\n# q\n{secret}\n", f"q {secret}", secret]
    for text in shapes:
        out, n = redact(text)
        assert n >= 1 and not leaks(out, WINS), (kind, out)
        assert redact(out) == (out, 0)  # redacting twice changes nothing


def test_index_files_hold_no_secret(corpus):
    blobs = {}
    for p in (corpus / ".cache" / "deja").rglob("*"):
        if p.is_file():
            blobs[str(p)] = p.read_bytes().decode("latin-1")
    assert any("catalog.sqlite" in k for k in blobs)
    _clean(blobs)


def test_show_event_ctx_hold_no_secret(corpus):
    env = {"HOME": str(corpus)}
    jobs = {}
    for i in range(len(NAMES)):
        jobs[f"show {i}"] = ("show", sid(i))
        jobs[f"show --json {i}"] = ("show", sid(i), "--json")
        jobs[f"event {i}"] = ("event", sid(i), "0", "--before", "5", "--after", "20", "--json")
        jobs[f"ctx {i}"] = ("ctx", marker(i, "user"))
    for i in range(0, len(NAMES), 10):
        jobs[f"event human {i}"] = ("event", sid(i), "0", "--before", "5", "--after", "20")
    outs = {name: _run(env, *a) for name, a in jobs.items()}
    _clean(outs)
    for i, kind in enumerate(NAMES):
        shown = json.loads(outs[f"show --json {i}"].splitlines()[0])
        text = "\n".join(r["text"] for r in shown["records"])
        for place in PLACES[:-1]:
            assert marker(i, place) in text, (kind, place)
        assert shown["session"]["title"].startswith(marker(i, "title")), kind
        assert marker(i, "user") in outs[f"show {i}"] and marker(i, "title") in outs[f"show {i}"]
        ev = json.loads(outs[f"event {i}"].splitlines()[0])
        assert ev["status"] == "found" and len(ev["lines"]) == 5, kind
        assert "[redacted:" in json.dumps(ev["lines"]), kind
        assert marker(i, "user") in outs[f"ctx {i}"], kind


def test_last_and_search_hold_no_secret_and_find_the_prose(corpus):
    env = {"HOME": str(corpus)}
    roles = "user,assistant,tool,command,files,edit"
    jobs = {"last": ("last", "200"), "last --json": ("last", "200", "--json")}  # every kind's session
    for i in range(len(NAMES)):
        words = [marker(i, p) for p in PLACES[:-1]]
        jobs[f"search {i}"] = ("search", *words, "--role", roles, "--json")
    outs = {name: _run(env, *a) for name, a in jobs.items()}
    _clean(outs)
    for i, kind in enumerate(NAMES):
        res = json.loads(outs[f"search {i}"])
        assert [h["session"]["id"] for h in res["hits"]] == [sid(i)] and res["tier"] == "exact", kind
        assert marker(i, "title") in outs["last"], kind


def test_hooks_hold_no_secret(corpus):
    env = {"HOME": str(corpus)}
    jobs = {}
    for i in range(len(NAMES)):
        prompt = f"what did we do last time about {marker(i, 'user')} {marker(i, 'assistant')}?"
        payload = {"hook_event_name": "UserPromptSubmit", "session_id": f"conv-{i}", "cwd": "/elsewhere", "prompt": prompt}
        jobs[f"prompt {i}"] = (("hook-prompt",), json.dumps(payload))
    for p in range(PROJECTS):
        payload = {"hook_event_name": "SessionStart", "session_id": f"start-{p}", "cwd": f"/w/proj{p}"}
        jobs[f"context {p}"] = (("hook-context",), json.dumps(payload))
    outs = {name: _run(env, *a[0], stdin=a[1]) for name, a in jobs.items()}
    _clean(outs)
    for i, kind in enumerate(NAMES):
        assert sid(i) in outs[f"prompt {i}"], kind
    for p in range(PROJECTS):
        ctx = json.loads(outs[f"context {p}"])["hookSpecificOutput"]["additionalContext"]
        assert sum(marker(i, "title") in ctx for i in range(p, len(NAMES), PROJECTS)) == 5


def test_mcp_recall_and_session_hold_no_secret(corpus):
    pytest.importorskip("mcp")
    import anyio
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "deja", "mcp"], env=server_env(corpus),
                                   cwd=str(corpus))

    async def main() -> dict[str, str]:
        out = {}
        with open(os.devnull, "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as s:
                    with anyio.fail_after(300):
                        await s.initialize()
                        for i in range(len(NAMES)):
                            q = f"{marker(i, 'user')} {marker(i, 'assistant')} {marker(i, 'tool')}"
                            for name, tool, args in (("recall", "recall", {"query": q}),
                                                     ("session", "session", {"id": sid(i)})):
                                r = await s.call_tool(tool, args)
                                assert not r.is_error
                                out[f"{name} {i}"] = "".join(c.text for c in r.content if c.type == "text")
        return out

    outs = anyio.run(main)
    _clean(outs)
    for i, kind in enumerate(NAMES):
        assert sid(i) in outs[f"recall {i}"] and marker(i, "tool") in outs[f"recall {i}"], kind
        assert marker(i, "edit") in outs[f"session {i}"] and marker(i, "path") in outs[f"session {i}"], kind
