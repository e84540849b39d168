"""Wiring that is checked: `deja install` starts the server it wired and says whether it
answered; `deja doctor` starts each agent's configured server and fails, with the reason and
the fix, when it does not start; it says when Codex has not trusted deja's hooks yet."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import deja


def _no_sdk(tmp_path: Path) -> str:
    """A PYTHONPATH on which `import mcp` fails as it does where the SDK was not installed."""
    d = tmp_path / "no-sdk" / "mcp"
    d.mkdir(parents=True)
    (d / "__init__.py").write_text("raise ImportError(\"No module named 'mcp'\")\n")
    return str(d.parent)


def test_install_says_the_server_answers(home):
    (home / ".claude").mkdir()
    r = deja("install", "claude-code")
    assert re.search(r"^claude-code\s+MCP server\s+answers$", r.out, re.M), r.out
    j = deja("install", "claude-code", "--json").json()
    assert j["schema_version"] == 2 and j["servers"] == [{"agent": "claude-code", "starts": True, "problem": None}]


def test_install_of_a_server_that_cannot_start_fails(home, tmp_path):
    (home / ".claude").mkdir()
    r = deja("install", "claude-code", env={"PYTHONPATH": _no_sdk(tmp_path)}, check=False)
    assert r.code == 1
    assert "does not start" in r.err and "mcp" in r.err and "install.sh" in r.err
    assert "Traceback" not in r.err + r.out


def test_doctor_fails_on_a_server_that_cannot_start(home, tmp_path):
    (home / ".claude").mkdir()
    deja("install", "claude-code")
    assert deja("doctor").code == 0
    # the entry the agent starts now runs deja where the SDK is missing, as `pip install .` once left it
    f = home / ".claude.json"
    data = json.loads(f.read_text())
    data["mcpServers"]["deja"]["env"] = {"PYTHONPATH": _no_sdk(tmp_path)}
    f.write_text(json.dumps(data))
    r = deja("doctor", check=False)
    assert r.code == 1
    line = next(ln for ln in r.out.splitlines() if "does not start" in ln and "MCP server" in ln and "error" in ln)
    assert "mcp" in line
    assert "install.sh" in r.out
    j = deja("doctor", "--json", check=False).json()
    claude = next(a for a in j["agents"] if a["agent"] == "claude-code")
    assert claude["server"] == "does not start" and j["ok"] is False
    assert any("does not start" in p["what"] for p in j["problems"] if p["severity"] == "error")


def test_doctor_says_codex_has_not_trusted_the_hooks(home):
    (home / ".codex").mkdir()
    deja("install", "codex", "--hooks")
    r = deja("doctor")
    assert "has not trusted deja's hooks" in r.out and "/hooks" in r.out
    # trust as Codex 0.171 records it: [hooks.state."<hooks.json>:<event>:<group>:<handler>"]
    hooks = home / ".codex" / "hooks.json"
    events = json.loads(hooks.read_text())["hooks"]
    snake = {"SessionStart": "session_start", "UserPromptSubmit": "user_prompt_submit",
             "PreToolUse": "pre_tool_use", "PreCompact": "pre_compact"}
    cfg = home / ".codex" / "config.toml"
    cfg.write_text(cfg.read_text() + "".join(
        f'\n[hooks.state."{hooks}:{snake[e]}:0:0"]\ntrusted_hash = "sha256:{i:064x}"\n' for i, e in enumerate(events)))
    r = deja("doctor")
    assert "has not trusted" not in r.out and r.code == 0
    j = deja("doctor", "--json").json()
    assert next(a for a in j["agents"] if a["agent"] == "codex")["hooks_untrusted"] == []
