"""`deja mcp` over stdio, driven by the official SDK's own client (and, for garbage, a raw pipe)."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

from conftest import deja, install_real, live_index, server_env  # noqa: E402

CLAUDE_SESSION = "465046b8-089c-49a4-a891-283be4b0cb3f"
UNTRUSTED = "untrusted historical data"


def _params(home) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "deja", "mcp"], env=server_env(home), cwd=str(home))


def _run(home, script):
    """Start `deja mcp`, initialize, and hand the session to `script`."""

    async def main():
        with open(os.devnull, "w") as errlog:
            async with stdio_client(_params(home), errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    with anyio.fail_after(30):
                        init = await session.initialize()
                        assert init.server_info.name == "deja"
                        return await script(session)

    return anyio.run(main)


def _text(result) -> str:
    return "".join(c.text for c in result.content if c.type == "text")


@pytest.fixture
def indexed(home):
    install_real(home, "claude")
    deja("index")
    return home


def test_tools_are_listed_with_titles_and_annotations(indexed):
    async def script(s):
        return (await s.list_tools()).tools

    tools = {t.name: t for t in _run(indexed, script)}
    assert set(tools) == {"recall", "recall_context", "blame", "fix", "how", "remember", "session", "handoff"}
    for name, t in tools.items():
        assert t.title and t.description and "\n" not in t.description, name
        assert t.annotations.open_world_hint is False, name
        assert t.annotations.read_only_hint is (name != "remember"), name
    assert tools["recall"].input_schema["required"] == ["query"]
    assert set(tools["recall"].input_schema["properties"]) == {"query", "harness", "project", "roles", "limit", "offset"}  # roles: issue 14


def test_recall_finds_a_canary_and_a_chinese_phrase(indexed):
    async def script(s):
        return [await s.call_tool("recall", {"query": q}) for q in ("canary-claude-asst-2", "数据库连接池耗尽", "zzzz-nothing")]

    canary, chinese, nothing = _run(indexed, script)
    for r in (canary, chinese):
        text = _text(r)
        assert not r.is_error and UNTRUSTED in text.splitlines()[0]
        assert CLAUDE_SESSION in text and len(text.encode()) <= 4096
    assert "canary-claude-asst-2" in _text(canary) and "数据库连接池耗尽" in _text(chinese)
    assert not nothing.is_error and "No past session" in _text(nothing)


def test_recall_pages_within_4_kb(home):
    from test_work import Transcript

    for i in range(12):
        sid = f"eeee{i:04d}-0000-4000-8000-000000000000"
        Transcript(sid, f"/home/dev/p{i}", 1 + i).user(f"flaky-canary number {i} " + "padding words here " * 60).write(home)
    deja("index")

    async def script(s):
        first = await s.call_tool("recall", {"query": "flaky-canary", "limit": 20})
        text = _text(first)
        nxt = int(text.rsplit("offset=", 1)[1].split("]")[0])
        return text, nxt, _text(await s.call_tool("recall", {"query": "flaky-canary", "limit": 20, "offset": nxt}))

    first, nxt, second = _run(home, script)
    assert len(first.encode()) <= 4096 and 1 < nxt < 12 and f"showing 1-{nxt}:" in first
    assert f"[{nxt}] " in first and f"[{nxt + 1}] " not in first
    assert f"[{nxt + 1}] " in second and "[1] " not in second and len(second.encode()) <= 4096


def test_remember_then_recall_finds_the_note(indexed):
    async def script(s):
        wrote = await s.call_tool("remember", {"text": "deploy uses the blue-green switch 蓝绿部署", "tags": ["ops"]})
        found = await s.call_tool("recall", {"query": "blue-green 蓝绿部署"})
        return wrote, found

    wrote, found = _run(indexed, script)
    assert not wrote.is_error and "searchable now" in _text(wrote)
    assert "blue-green switch" in _text(found) and "notes" in _text(found)


def test_how_context_session_and_a_bad_call_then_the_next_works(indexed):
    async def script(s):
        missing = await s.call_tool("how", {})
        how = await s.call_tool("how", {"what": "echo"})
        bad_harness = await s.call_tool("recall", {"query": "canary", "harness": "nope"})
        ctx = await s.call_tool("recall_context", {"query": "canary-claude-user-2"})
        page = await s.call_tool("session", {"id": CLAUDE_SESSION[:8], "offset": 1, "limit": 2})
        unknown = await s.call_tool("session", {"id": "ffffffff"})
        return missing, how, bad_harness, ctx, page, unknown

    missing, how, bad_harness, ctx, page, unknown = _run(indexed, script)
    assert missing.is_error and "what" in _text(missing)
    assert not how.is_error and "echo canary-cmd-claude | sed s/cmd/out/" in _text(how)
    assert bad_harness.is_error and "unknown harness" in _text(bad_harness)
    assert not ctx.is_error and "canary-claude-user-2" in _text(ctx) and len(_text(ctx).encode()) <= 8192
    assert "## Question" in _text(ctx)
    assert "records 1-2 of" in _text(page) and "[1] " in _text(page) and "[3] " not in _text(page)
    assert "more: call session with offset=3" in _text(page)
    assert unknown.is_error and "no session" in _text(unknown)


def test_no_index_is_built_in_the_background_not_in_the_call(home):
    install_real(home, "claude")

    async def script(s):
        return await s.call_tool("recall", {"query": "canary-claude-asst-2"})

    started = time.monotonic()
    r = _run(home, script)
    assert not r.is_error and "being built" in _text(r)
    pointer = home / ".cache" / "deja" / "live"
    while not pointer.exists() and time.monotonic() - started < 30:  # the detached `deja index`
        time.sleep(0.1)
    assert (live_index(home / ".cache" / "deja") / "catalog.sqlite").exists()
    deja("index")  # waits for the background writer's lock, so nothing is left running


def _readline(p: subprocess.Popen, deadline: float) -> str:
    while time.monotonic() < deadline:
        ready, _, _ = select.select([p.stdout], [], [], 0.2)
        if ready:
            return p.stdout.readline()
    raise AssertionError("deja mcp did not answer in time")


def test_a_garbage_line_does_not_kill_the_server(indexed):
    env = dict(os.environ, HOME=str(indexed))
    p = subprocess.Popen([sys.executable, "-m", "deja", "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env)
    try:
        def send(obj) -> None:
            p.stdin.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
            p.stdin.flush()

        def answer(want_id, deadline):
            while True:
                msg = json.loads(_readline(p, deadline))  # stdout carries JSON-RPC only
                if msg.get("id") == want_id:
                    return msg

        deadline = time.monotonic() + 30
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}})
        assert answer(1, deadline)["result"]["serverInfo"]["name"] == "deja"
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send("this is not json {{{")
        assert answer(None, deadline)["error"]["code"] == -32700  # a protocol error, id null
        send('{"jsonrpc": "2.0", "id": 7, "method": "no/such/method"}')
        assert "error" in answer(7, deadline)
        send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "how", "arguments": {"what": "echo"}}})
        r = answer(2, deadline)["result"]
        assert not r.get("isError") and "canary-cmd-claude" in r["content"][0]["text"]
        assert p.poll() is None
    finally:
        p.stdin.close()
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
