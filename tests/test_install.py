"""`deja install` / `deja uninstall` through the real CLI in a throwaway HOME: wiring goes in,
comes out, and leaves every byte of the user's config as it was."""

from __future__ import annotations

import json
import os
import tomllib

import pytest

from conftest import deja

# ~/.claude.json as Claude Code writes it: JSON.stringify(config, null, 2), no final newline.
CLAUDE_JSON = {
    "numStartups": 42,
    "installMethod": "npm",
    "theme": "dark",
    "tipsHistory": {"memory-command": 3},
    "mcpServers": {
        "github": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                   "env": {"GITHUB_TOKEN": "ghp_example"}},
        "docs": {"type": "http", "url": "https://example.com/mcp"},
    },
    "projects": {"/home/dev/shop": {"allowedTools": [], "mcpServers": {}, "hasTrustDialogAccepted": True,
                                    "lastCost": 0.1234, "note": "naïve café ✓ 数据库"}},
}

CODEX_TOML = '''# my codex config
model = "gpt-5-codex"   # the default
approval_policy = "on-request"

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]

# kept with the table below
[profiles.fast]
model = "gpt-5-mini"
instructions = """
A multi-line string that mentions
[mcp_servers.deja]
and must not be mistaken for a table.
"""

[projects."/home/dev/shop"]
trust_level = "trusted"
'''


def write(path, text: str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path.read_bytes()


def exe_in(entry: dict) -> str:
    return entry["command"] if isinstance(entry["command"], str) else entry["command"][0]


def test_claude_code_round_trip(home):
    f = home / ".claude.json"
    before = write(f, json.dumps(CLAUDE_JSON, indent=2, ensure_ascii=False))
    os.chmod(f, 0o600)
    r = deja("install", "claude-code")
    assert "added" in r.out
    data = json.loads(f.read_text())
    deja_entry = data["mcpServers"]["deja"]
    assert deja_entry["args"][-1] == "mcp" and os.path.isabs(deja_entry["command"])
    assert os.access(deja_entry["command"], os.X_OK)
    assert {k: v for k, v in data.items() if k != "mcpServers"} == {k: v for k, v in CLAUDE_JSON.items() if k != "mcpServers"}
    assert data["mcpServers"]["github"] == CLAUDE_JSON["mcpServers"]["github"]
    assert list(data["mcpServers"]) == ["github", "docs", "deja"]
    assert (f.stat().st_mode & 0o777) == 0o600
    backup = home / ".claude.json.deja-backup"
    assert backup.read_bytes() == before
    # idempotent: a second install writes nothing and keeps the first backup
    after_first = f.read_bytes()
    assert "unchanged" in deja("install", "claude-code").out
    assert f.read_bytes() == after_first and backup.read_bytes() == before
    r = deja("uninstall", "claude-code")
    assert "removed" in r.out
    assert f.read_bytes() == before
    assert "absent" in deja("uninstall", "claude-code").out


def test_claude_code_hooks_round_trip(home):
    settings = home / ".claude" / "settings.json"
    mine = {"permissions": {"allow": ["Bash(ls:*)"]},
            "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/guard.sh"}]}]}}
    before = write(settings, json.dumps(mine, indent=2) + "\n")
    deja("install", "claude-code", "--hooks")
    hooks = json.loads(settings.read_text())["hooks"]
    assert set(hooks) == {"SessionStart", "UserPromptSubmit", "PreToolUse", "PreCompact"}
    assert hooks["PreToolUse"][0] == mine["hooks"]["PreToolUse"][0]
    commands = {h["command"].rsplit(" ", 1)[-1] for groups in hooks.values() for g in groups for h in g["hooks"]}
    assert commands >= {"hook-context", "hook-prompt", "hook-tool", "hook-precompact"}
    assert "unchanged" in deja("install", "claude-code", "--hooks").out
    deja("uninstall", "claude-code")
    assert settings.read_bytes() == before
    assert not (home / ".claude.json").exists()  # deja created it for the MCP server, and took it away


def test_codex_toml_round_trip(home):
    cfg = home / ".codex" / "config.toml"
    before = write(cfg, CODEX_TOML)
    deja("install", "codex")
    text = cfg.read_text()
    doc = tomllib.loads(text)
    assert doc["mcp_servers"]["deja"]["args"] == ["mcp"] and os.path.isabs(doc["mcp_servers"]["deja"]["command"])
    assert doc["mcp_servers"]["docs"] == {"command": "npx", "args": ["-y", "docs-mcp"]}
    assert text.startswith(CODEX_TOML)  # appended; every line of the user's stays as it was
    assert "unchanged" in deja("install", "codex").out
    deja("uninstall", "codex")
    assert cfg.read_bytes() == before
    assert (home / ".codex" / "config.toml.deja-backup").read_bytes() == before


def test_codex_updates_an_old_entry_in_place_keeping_the_users_keys(home):
    cfg = home / ".codex" / "config.toml"
    old = '[mcp_servers.deja]\ncommand = "/old/bin/deja"\nargs = ["mcp"]\nstartup_timeout_sec = 20\n\n'
    write(cfg, CODEX_TOML.replace("# kept with the table below", old + "# kept with the table below"))
    assert "updated" in deja("install", "codex").out
    doc = tomllib.loads(cfg.read_text())
    assert doc["mcp_servers"]["deja"]["command"] != "/old/bin/deja"
    assert doc["mcp_servers"]["deja"]["startup_timeout_sec"] == 20
    assert doc["profiles"]["fast"]["model"] == "gpt-5-mini"
    assert "# kept with the table below\n[profiles.fast]" in cfg.read_text()


def test_gemini_round_trip_with_hooks(home):
    f = home / ".gemini" / "settings.json"
    mine = {"security": {"auth": {"selectedType": "gemini-api-key"}}, "mcpServers": {"other": {"command": "x"}},
            "hooks": {"enabled": True}}
    before = write(f, json.dumps(mine, indent=2))
    deja("install", "gemini", "--hooks")
    data = json.loads(f.read_text())
    assert data["mcpServers"]["other"] == {"command": "x"} and data["mcpServers"]["deja"]["args"] == ["mcp"]
    assert data["hooks"]["enabled"] is True
    assert data["hooks"]["BeforeAgent"][0]["hooks"][0]["command"].endswith("hook-prompt")
    deja("uninstall", "gemini")
    assert f.read_bytes() == before


def test_a_file_that_does_not_parse_is_left_alone(home):
    f = home / ".gemini" / "settings.json"
    before = write(f, '{\n  // my comment\n  "theme": "dark"\n}\n')
    r = deja("install", "gemini", check=False)
    assert r.code != 0 and r.out == ""
    assert r.err.count("\n") == 1 and r.err.startswith("Error: ") and "settings.json" in r.err
    assert f.read_bytes() == before and not (home / ".gemini" / "settings.json.deja-backup").exists()
    cfg = home / ".codex" / "config.toml"
    before = write(cfg, "model = \n")
    r = deja("install", "codex", check=False)
    assert r.code != 0 and "config.toml" in r.err and cfg.read_bytes() == before


def test_toml_that_cannot_take_a_table_is_refused(home):
    cfg = home / ".codex" / "config.toml"
    before = write(cfg, 'mcp_servers = { docs = { command = "npx" } }\n')
    r = deja("install", "codex", check=False)
    assert r.code != 0 and r.err.startswith("Error: ") and cfg.read_bytes() == before


@pytest.mark.parametrize("target, rel, keys", [
    ("opencode", ".config/opencode/opencode.json", ("mcp", "deja")),
    ("cursor", ".cursor/mcp.json", ("mcpServers", "deja")),
    ("copilot", ".copilot/mcp-config.json", ("mcpServers", "deja")),
    ("windsurf", ".codeium/windsurf/mcp_config.json", ("mcpServers", "deja")),
    ("qwen", ".qwen/settings.json", ("mcpServers", "deja")),
])
def test_other_agents_round_trip(home, target, rel, keys):
    f = home / rel
    deja("install", target)
    entry = json.loads(f.read_text())[keys[0]][keys[1]]
    assert os.path.isabs(exe_in(entry))
    deja("uninstall", target)
    assert not f.exists()  # deja made the file; nothing of the user's was in it


def test_pi_gets_a_skill(home):
    skill = home / ".pi" / "agent" / "skills" / "deja" / "SKILL.md"
    deja("install", "pi")
    text = skill.read_text()
    assert text.startswith("---\nname: deja\n") and " search " in text
    deja("uninstall", "pi")
    assert not skill.exists() and not skill.parent.exists()


def test_auto_wires_the_agents_found_and_only_those(home):
    (home / ".codex").mkdir()
    write(home / ".gemini" / "settings.json", "{}\n")
    r = deja("install", "--auto", env={"PATH": "/usr/bin:/bin"})
    assert "codex" in r.out and "gemini" in r.out
    assert tomllib.loads((home / ".codex" / "config.toml").read_text())["mcp_servers"]["deja"]
    hooks = json.loads((home / ".codex" / "hooks.json").read_text())["hooks"]
    assert hooks["PreToolUse"][0]["matcher"] == "Bash|apply_patch"
    assert "BeforeAgent" in json.loads((home / ".gemini" / "settings.json").read_text())["hooks"]
    assert not (home / ".cursor").exists() and not (home / ".claude.json").exists()
    deja("uninstall", "--all")
    assert (home / ".gemini" / "settings.json").read_text() == "{}\n"
    assert not (home / ".codex" / "config.toml").exists() and not (home / ".codex" / "hooks.json").exists()


def test_usage_errors(home):
    r = deja("install", check=False)
    assert r.code != 0 and "name an agent" in r.err
    r = deja("install", "vim", check=False)
    assert r.code != 0 and "unknown agent" in r.err and r.err.count("\n") == 1


@pytest.mark.parametrize("style", [
    {"indent": 4}, {"indent": "\t"}, {"separators": (",", ":")}, {}, {"indent": 2, "ensure_ascii": False},
])
@pytest.mark.parametrize("newline", ["", "\n"])
def test_the_files_own_style_survives_a_round_trip(home, style, newline):
    f = home / ".cursor" / "mcp.json"
    before = write(f, json.dumps({"mcpServers": {"x": {"command": "x", "args": ["é"]}}, "z": [1, 2.5, None]}, **style) + newline)
    deja("install", "cursor")
    assert json.loads(f.read_text())["mcpServers"]["x"] == {"command": "x", "args": ["é"]}
    deja("uninstall", "cursor")
    assert f.read_bytes() == before
