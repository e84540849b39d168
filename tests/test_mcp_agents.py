"""`deja mcp` for agents: the handshake deja answers before the SDK loads is the SDK's own, one
answer per request; tools say when to call them, answer with structuredContent beside the
text, reject a bad argument in one line, and name the MCP tool to call when nothing is found."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("mcp")

from test_mcp import CLAUDE_SESSION, _run, _text, indexed  # noqa: E402,F401


def _initialize(home, argv: list[str], requested: str | None) -> list[dict]:
    params = {"capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    if requested:
        params["protocolVersion"] = requested
    p = subprocess.run(argv, env=dict(os.environ, HOME=str(home)), timeout=60, capture_output=True, text=True,
                       input=json.dumps({"jsonrpc": "2.0", "id": 5, "method": "initialize", "params": params}) + "\n")
    return [json.loads(ln) for ln in p.stdout.splitlines()]


@pytest.mark.parametrize("requested", ["2024-11-05", "2025-06-18", "2025-11-25", "1999-01-01", None])
def test_the_early_handshake_is_what_the_sdk_would_answer(home, requested):
    # the SDK alone (deja.mcp.server.serve with nothing answered early) against `deja mcp`
    sdk = _initialize(home, [sys.executable, "-c", "from deja.mcp import server; server.serve()"], requested)
    early = _initialize(home, [sys.executable, "-m", "deja", "mcp"], requested)
    assert len(sdk) == 1 and ("error" if requested is None else "result") in sdk[0]
    assert early == sdk  # the same answer, once: the SDK's own second answer was dropped


def test_descriptions_say_when_to_call_each_tool(indexed):
    async def script(s):
        return (await s.list_tools()).tools

    tools = {t.name: t.description for t in _run(indexed, script)}
    assert set(tools) == {"recall", "recall_context", "blame", "fix", "how", "remember", "session"}
    for name, description in tools.items():
        assert "Call it " in description, name


def test_structured_content_beside_the_text(indexed):
    async def script(s):
        return (await s.call_tool("recall", {"query": "连接池"}),
                await s.call_tool("session", {"id": CLAUDE_SESSION[:8], "limit": 2}),
                await s.call_tool("how", {"what": "echo"}))

    recall, session, how = _run(indexed, script)
    assert not recall.is_error and "连接池" in _text(recall)
    data = recall.structured_content
    assert data["total"] == 1 and data["sessions"][0]["id"] == CLAUDE_SESSION and "untrusted" in data
    assert any("连接池" in x["text"] for x in data["sessions"][0]["snippets"])
    s = session.structured_content
    assert s["session"]["id"] == CLAUDE_SESSION and len(s["records"]) == 2 and s["next_offset"] == 2
    assert [r["seq"] for r in s["records"]] == [0, 1]
    assert any("canary-cmd-claude" in i["command"] for i in how.structured_content["invocations"])


def test_a_bad_argument_is_one_line_and_the_next_call_works(indexed):
    async def script(s):
        return (await s.call_tool("recall", {"query": "x", "limit": 99}),
                await s.call_tool("session", {"id": CLAUDE_SESSION, "offset": -1}),
                await s.call_tool("recall", {"query": "canary-claude-user-1"}))

    limit, offset, ok = _run(indexed, script)
    assert limit.is_error and _text(limit) == "recall: limit must be less than or equal to 20 (got 99)"
    assert offset.is_error and "\n" not in _text(offset) and _text(offset).startswith("session: offset")
    assert not ok.is_error and ok.structured_content["total"] == 1


def test_not_found_names_the_tool_to_call(indexed):
    async def script(s):
        return await s.call_tool("session", {"id": "ffffffff"})

    r = _run(indexed, script)
    assert r.is_error and "call recall" in _text(r) and "deja " not in _text(r) and "Error executing" not in _text(r)
