"""The README's set-up, run as written in a throwaway HOME: afterwards a new login shell finds a
`deja` that can serve MCP (the SDK is a default dependency)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _setup_line() -> str:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    lines = [ln.strip() for ln in section.splitlines() if ln.startswith("    ")]
    assert lines, "the README's set-up has no command"
    return lines[0]


def _login(home: Path, command: str) -> subprocess.CompletedProcess:
    # A new login shell: nothing inherited but HOME (PATH comes from /etc/profile and the profile).
    return subprocess.run(["env", "-i", f"HOME={home}", "SHELL=/bin/bash", "bash", "-lc", command],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_readme_setup_leaves_deja_on_path_for_a_login_shell(home, tmp_path):
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "install.sh", "LICENSE"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, checkout / name)
    # (a C extension built in place is left behind: the install builds its own, or none)
    shutil.copytree(ROOT / "src", checkout / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.so"))
    assert _login(home, "command -v deja").stdout == ""  # not there before
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env.update(HOME=str(home), SHELL="/bin/bash", PATH="/usr/local/bin:/usr/bin:/bin")
    r = subprocess.run(["sh", "-c", _setup_line()], cwd=checkout, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    assert "no agent history" in r.stdout + r.stderr  # the first index ran, on an empty HOME
    found = _login(home, "command -v deja")
    assert found.stdout.strip() == str(home / ".local" / "bin" / "deja"), found.stderr
    # the deja found serves MCP: the SDK came with the plain install
    served = _login(home, "deja mcp </dev/null >/dev/null && python3 -c pass; "
                          "\"$(dirname \"$(readlink -f \"$(command -v deja)\")\")/python\" -c 'import mcp.server'")
    assert served.returncode == 0, served.stderr
    # where a compiler and Python's headers are, the install built the optional C extension
    headers = _login(home, "python3 -c 'import os, sysconfig; "
                           "print(os.path.exists(sysconfig.get_paths()[\"include\"] + \"/Python.h\"))'").stdout
    if shutil.which("gcc") and headers.strip() == "True":
        doctor = _login(home, "deja doctor --json")
        assert json.loads(doctor.stdout)["versions"]["native"] == "on", doctor.stdout[-500:]
    # running it again changes nothing it should not: one PATH line in the profile at most
    r = subprocess.run(["sh", "install.sh"], cwd=checkout, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    profile = (home / ".profile").read_text() if (home / ".profile").exists() else ""
    assert len(re.findall("added by deja install.sh", profile)) <= 1
