"""Opt-in: the real agent CLIs accept what `deja install` writes, and deja's hooks reach the model.

    DEJA_CONFORMANCE=1 .venv/bin/python -m pytest -q tests/test_install_conformance.py

Needs the real CLIs installed from npm (`shared/tools/real-harness/make_real_stores.sh` puts them
in /tmp/harness/<h>/node_modules/.bin/<h>; `DEJA_HARNESS_DIR` moves that) and, for the hook runs,
its mock model server (`DEJA_MOCKLLM`, default shared/tools/real-harness/mockllm.py). Every CLI
runs with HOME pointed at the test's throwaway HOME, never the real one; nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import deja, install_real

pytestmark = pytest.mark.skipif(os.environ.get("DEJA_CONFORMANCE") != "1", reason="opt-in: DEJA_CONFORMANCE=1")

HARNESS = Path(os.environ.get("DEJA_HARNESS_DIR", "/tmp/harness"))
MOCKLLM = Path(os.environ.get("DEJA_MOCKLLM", Path(__file__).resolve().parents[2] / "shared/tools/real-harness/mockllm.py"))
SESSION = "465046b8-089c-49a4-a891-283be4b0cb3f"
QUESTION = "上次数据库连接池的问题是怎么解决的？"


def cli(name: str) -> Path:
    b = HARNESS / name / "node_modules" / ".bin" / name
    if not b.exists():
        pytest.skip(f"{name} CLI not installed at {b}")
    return b


def run_cli(home: Path, argv: list, cwd: Path | None = None, env: dict | None = None, timeout: int = 120):
    path = f"{Path(sys.executable).parent}:/usr/bin:/bin"
    full = {"HOME": str(home), "PATH": path, "TERM": "dumb", "LANG": "C.UTF-8", **(env or {})}
    return subprocess.run([str(a) for a in argv], capture_output=True, text=True, env=full, cwd=cwd, timeout=timeout)


@pytest.mark.parametrize("target, argv", [
    ("claude-code", ["claude", "mcp", "list"]),
    ("codex", ["codex", "mcp", "list"]),
    ("gemini", ["gemini", "mcp", "list"]),
    ("qwen", ["qwen", "mcp", "list"]),
    ("opencode", ["opencode", "mcp", "list"]),
    ("copilot", ["copilot", "mcp", "list"]),
])
def test_the_agents_cli_lists_deja(home, target, argv):
    exe = cli(argv[0])
    deja("install", target, "--hooks")
    r = run_cli(home, [exe, *argv[1:]])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "deja" in r.stdout + r.stderr
    deja("uninstall", target)
    r = run_cli(home, [exe, *argv[1:]])
    assert r.returncode == 0 and "deja" not in r.stdout


@pytest.fixture
def mock(tmp_path):
    if not MOCKLLM.exists():
        pytest.skip(f"no mock model server at {MOCKLLM}")
    logs, port_file = tmp_path / "mocklogs", tmp_path / "port"
    p = subprocess.Popen([sys.executable, str(MOCKLLM), "--port", "0", "--port-file", str(port_file),
                          "--log-dir", str(logs), "--log-bodies"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if port_file.exists() and port_file.read_text().strip():
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port_file.read_text().strip()}", logs
    p.terminate()
    p.wait(timeout=10)


CONFIG = {
    "gemini": (".gemini/settings.json", {"security": {"auth": {"selectedType": "gemini-api-key"}, "folderTrust": {"enabled": False}},
                                         "privacy": {"usageStatisticsEnabled": False}, "telemetry": {"enabled": False},
                                         "general": {"disableAutoUpdate": True, "disableUpdateNag": True}}),
    "qwen": (".qwen/settings.json", {"security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
                                     "privacy": {"usageStatisticsEnabled": False}, "telemetry": {"enabled": False},
                                     "general": {"disableAutoUpdate": True, "disableUpdateNag": True}}),
}


def _agent_run(h: str, url: str, home: Path):
    """argv and env to run agent `h` once, non-interactively, against the mock model."""
    if h == "claude":
        return [cli("claude"), "-p", QUESTION, "--output-format", "text"], {
            "ANTHROPIC_BASE_URL": f"{url}/h/claude", "ANTHROPIC_API_KEY": "sk-test-dummy", "DISABLE_TELEMETRY": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", "DISABLE_ERROR_REPORTING": "1"}
    if h == "codex":
        cfg = home / ".codex" / "config.toml"
        cfg.parent.mkdir(parents=True, exist_ok=True)
        cfg.write_text(f'model = "mock-model"\nmodel_provider = "mock"\napproval_policy = "never"\n'
                       f'sandbox_mode = "danger-full-access"\n\n[model_providers.mock]\nname = "Mock"\n'
                       f'base_url = "{url}/h/codex/v1"\nenv_key = "MOCK_API_KEY"\nwire_api = "responses"\n'
                       f'request_max_retries = 0\nstream_max_retries = 0\n')
        # hooks Codex has not seen need a person's review; this run stands in for it
        return [cli("codex"), "exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", QUESTION], {"MOCK_API_KEY": "x"}
    rel, data = CONFIG[h]
    (home / rel).parent.mkdir(parents=True, exist_ok=True)
    (home / rel).write_text(json.dumps(data, indent=2))
    if h == "gemini":
        return [cli("gemini"), "-p", QUESTION, "--yolo", "-m", "gemini-2.5-flash"], {
            "GEMINI_API_KEY": "x", "GOOGLE_GEMINI_BASE_URL": f"{url}/h/gemini"}
    return [cli("qwen"), QUESTION, "--yolo"], {
        "OPENAI_API_KEY": "x", "OPENAI_BASE_URL": f"{url}/h/qwen/v1", "OPENAI_MODEL": "mock-model",
        "QWEN_CODE_SUPPRESS_YOLO_WARNING": "1"}


@pytest.mark.parametrize("h, target", [("claude", "claude-code"), ("codex", "codex"), ("gemini", "gemini"), ("qwen", "qwen")])
def test_hooks_put_recall_in_front_of_the_model(home, tmp_path, mock, h, target):
    url, logs = mock
    install_real(home, "claude")
    deja("index")
    argv, env = _agent_run(h, url, home)
    deja("install", target, "--hooks")
    work = tmp_path / "work-claude"  # the fixture's project name: session-start context matches it
    work.mkdir()
    r = run_cli(home, argv, cwd=work, env=env, timeout=180)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    sent = "".join(f.read_text() for f in logs.glob("*.jsonl"))
    assert "deja-recall" in sent, f"{h}: no recall reached the model"
    assert "recent history of project work-claude" in sent  # session start
    assert "earlier sessions that may answer this" in sent and SESSION in sent  # the prompt hook
    deja("index")  # what the agent just wrote is indexed without deja's own recall
    found = deja("search", '"earlier sessions that may answer this"', "--json").json()
    assert found["total"] == 0
    shutil.rmtree(work)


@pytest.mark.conformance
def test_claude_code_connects_to_the_installed_server(home):
    exe = cli("claude")
    install_real(home, "claude")
    deja("index")
    deja("install", "claude-code")
    r = run_cli(home, [exe, "mcp", "list"], timeout=120)
    line = next((ln for ln in (r.stdout + r.stderr).splitlines() if ln.startswith("deja")), "")
    assert "Connected" in line and "Failed" not in line, r.stdout + r.stderr


@pytest.mark.conformance
def test_codex_connects_to_the_installed_server(home):
    """Codex's app-server (what its TUI and IDE clients talk to) starts the configured MCP
    servers and lists what each serves: `mcpServerStatus/list`, as of 0.171."""
    import select

    exe = cli("codex")
    install_real(home, "claude")
    deja("index")
    deja("install", "codex")
    env = {"HOME": str(home), "PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin", "LANG": "C.UTF-8"}
    p = subprocess.Popen([str(exe), "app-server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, env=env, cwd=home)
    try:
        def send(msg: dict) -> None:
            p.stdin.write((json.dumps(msg) + "\n").encode())
            p.stdin.flush()

        def reply(want: int) -> dict:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if select.select([p.stdout], [], [], 1)[0]:
                    msg = json.loads(p.stdout.readline())
                    if msg.get("id") == want:
                        return msg
            raise AssertionError("codex app-server did not answer")

        send({"id": 0, "method": "initialize", "params": {"clientInfo": {"name": "deja-test", "version": "1"}}})
        reply(0)
        send({"method": "initialized"})
        send({"id": 1, "method": "mcpServerStatus/list", "params": {}})
        servers = {s["name"]: s for s in reply(1)["result"]["data"]}
    finally:
        p.kill()
        p.wait(timeout=10)
    assert servers["deja"]["serverInfo"]["name"] == "deja"
    assert {"recall", "session", "how", "blame", "fix"} <= set(servers["deja"]["tools"])
