"""A handful of runs through the installed `deja` console script itself, as a person and an agent
start it. Everything else calls `deja.cli.main(argv)` in-process (conftest.deja); these pin what
only the real entry point does: the fast search path that ends the process with os._exit after
flushing its output, the hooks' stdin, the exit codes and one-line errors of a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import install_real

SCRIPT = Path(sys.executable).parent / "deja"


def run(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), *args], input=input, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ))


@pytest.fixture
def indexed(home):
    if not SCRIPT.exists():
        pytest.skip(f"no console script at {SCRIPT} (deja is not installed in this Python's environment)")
    install_real(home, "claude")
    p = run("index")
    assert p.returncode == 0, p.stderr
    return home


def test_the_plain_search_path_writes_all_its_output_before_it_exits(indexed):
    p = run("连接池", "--json")  # `deja QUERY`: the click-free path that ends with os._exit
    assert p.returncode == 0, p.stderr
    found = json.loads(p.stdout)
    assert found["hits"] and found["hits"][0]["session"]["harness"] == "claude"
    plain = run("search", "连接池")
    assert plain.returncode == 0 and "claude" in plain.stdout and plain.stdout.endswith("\n")


def test_a_click_command_and_a_hook_through_the_script(indexed):
    assert run("version").stdout.startswith("deja ")
    payload = {"hook_event_name": "UserPromptSubmit", "session_id": "c1", "cwd": "/elsewhere",
               "prompt": "上次数据库连接池的问题是怎么解决的？"}
    p = run("hook-prompt", input=json.dumps(payload, ensure_ascii=False))
    assert p.returncode == 0 and p.stderr == ""
    assert "465046b8" in json.loads(p.stdout)["hookSpecificOutput"]["additionalContext"]


def test_errors_are_one_line_and_a_nonzero_exit(indexed):
    for args, code in ((("show", "ffffffff"), 1), (("last", "--limit", "0"), 2), (("--color", "pink", "x"), 1)):
        p = run(*args)
        assert p.returncode == code, (args, p.returncode, p.stderr)
        assert p.stderr.startswith("Error:") and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, args
