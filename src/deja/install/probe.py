"""Does the MCP server an agent was given start? Run its command once, as the agent would, and
speak MCP to it: `initialize`, then `tools/list` (which the SDK answers only once it has loaded,
so a server that can answer the handshake but not serve tools still fails). The process is
ended by its pid, whatever it did.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from collections.abc import Sequence

from deja.text.clip import clip

TIMEOUT = 20.0  # a cold interpreter on a busy machine takes a few seconds to load the SDK
_INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "deja-check", "version": "1"}}}
_READY = {"jsonrpc": "2.0", "method": "notifications/initialized"}
_TOOLS = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}


class Failed(Exception):
    """The server did not start; the message is the reason, one line."""


def check(argv: Sequence[str], env: dict[str, str] | None = None, timeout: float = TIMEOUT) -> int:
    """Start `argv` and finish an MCP handshake with it; the number of tools it serves.
    Raises Failed with the reason otherwise."""
    if not argv or not argv[0]:
        raise Failed("no command is configured")
    full = {**os.environ, **(env or {})}
    try:
        p = subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=full, cwd=os.path.expanduser("~"), start_new_session=True)
    except OSError as e:
        raise Failed(f"{argv[0]}: {e.strerror or e}") from None
    try:
        assert p.stdin is not None and p.stdout is not None and p.stderr is not None
        deadline = time.monotonic() + timeout
        reader = _Lines(p, deadline)
        _send(p, _INIT)
        init = reader.reply(1)
        if "result" not in init or "serverInfo" not in init["result"]:
            raise Failed(f"it answered initialize with {_short(init)}")
        _send(p, _READY)
        _send(p, _TOOLS)
        tools = reader.reply(2)
        if "result" not in tools:
            raise Failed(f"it answered tools/list with {_short(tools)}")
        return len(tools["result"].get("tools") or [])
    finally:
        if p.poll() is None:
            p.kill()
        p.wait(timeout=10)
        for f in (p.stdin, p.stdout, p.stderr):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass


def _send(p: subprocess.Popen, msg: dict) -> None:
    assert p.stdin is not None  # started with stdin=PIPE
    try:
        p.stdin.write((json.dumps(msg) + "\n").encode())
        p.stdin.flush()
    except OSError:
        pass  # it exited; the reader says why


class _Lines:
    """stdout lines and stderr text of a child, read until a deadline."""

    def __init__(self, p: subprocess.Popen, deadline: float):
        self.p, self.deadline = p, deadline
        self.out, self.err = b"", b""
        self.sel = selectors.DefaultSelector()
        assert p.stdout is not None and p.stderr is not None  # started with both piped
        self.sel.register(p.stdout, selectors.EVENT_READ, "out")
        self.sel.register(p.stderr, selectors.EVENT_READ, "err")

    def reply(self, want: int) -> dict:
        while True:
            while b"\n" in self.out:
                line, self.out = self.out.split(b"\n", 1)
                try:
                    msg = json.loads(line)
                except ValueError:
                    raise Failed(f"it wrote something that is not MCP on stdout: {_short(line.decode(errors='replace'))}") from None
                if isinstance(msg, dict) and msg.get("id") == want:
                    return msg
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise Failed(f"no answer within {TIMEOUT:.0f}s" + self._said())
            events = self.sel.select(left)
            for key, _ in events:
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    self.sel.unregister(key.fileobj)
                    continue
                if key.data == "out":
                    self.out += chunk
                else:
                    self.err = (self.err + chunk)[-8192:]
            if not self.sel.get_map():
                code = self.p.wait(timeout=5)
                raise Failed(f"it exited ({code}) before answering" + self._said())

    def _said(self) -> str:
        lines = [ln.strip() for ln in self.err.decode(errors="replace").splitlines() if ln.strip()]
        return f": {_short(lines[-1])}" if lines else ""


def _short(x: object, n: int = 200) -> str:
    s = x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)
    return clip(s, n)


def problem(argv: Sequence[str], env: dict[str, str] | None, agent: str) -> str | None:
    """None when the server starts and serves tools; else `does not start: <reason> — <fix>`."""
    try:
        check(argv, env)
        return None
    except Failed as e:
        reason = str(e)
    import shlex

    if "mcp" in reason and ("No module named" in reason or "package" in reason):
        fix = "install deja with its MCP SDK: `sh install.sh` in deja's checkout (or `pip install mcp` into deja's venv)"
    elif "No such file" in reason or "not found" in reason or "Permission denied" in reason:
        fix = f"run `deja install {agent}` to point it at this deja"
    else:
        fix = f"run `{shlex.join(argv)}` by hand to see why; `deja install {agent}` rewires it"
    return f"does not start: {reason} — {fix}"


def problems(agents) -> dict[str, str | None]:
    """For each agent whose MCP entry is there: `problem` of its command line, each distinct
    command line (and environment) started once."""
    out: dict[str, str | None] = {}
    seen: dict[tuple, str | None] = {}
    for a in agents:
        st = a.mcp.state()
        if a.mcp.what != "MCP server" or st.state not in ("installed", "outdated"):
            continue
        key = (st.argv, tuple(sorted((st.env or {}).items())))
        if key not in seen:
            seen[key] = problem(st.argv, st.env, a.name)
        out[a.name] = seen[key]
    return out
