"""What agents read from the CLI: one schema_version across commands, JSON as UTF-8 whatever
the locale."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import deja, install_real


def test_one_schema_version_across_commands(home):
    install_real(home, "claude")
    (home / ".codex").mkdir()
    versions = {
        "index": deja("index", "--json").json()["schema_version"],
        "search": deja("search", "canary", "--json").json()["schema_version"],
        "last": deja("last", "--json").json()["schema_version"],
        "status": deja("status", "--json").json()["schema_version"],
        "sources": deja("sources", "--json").json()["schema_version"],
        "install": deja("install", "codex", "--json").json()["schema_version"],
        "uninstall": deja("uninstall", "codex", "--json").json()["schema_version"],
        "doctor": deja("doctor", "--json").json()["schema_version"],
    }
    assert set(versions.values()) == {2}, versions


def test_json_is_utf8_even_in_an_ascii_locale(home):
    install_real(home, "claude")
    deja("index")
    env = dict(os.environ, LC_ALL="C", LANG="C", PYTHONIOENCODING="ascii")
    for args in (["search", "连接池", "--json"], ["show", "465046b8", "--json"]):
        p = subprocess.run([sys.executable, "-m", "deja", *args], capture_output=True, env=env, timeout=60)
        assert p.returncode == 0, p.stderr
        assert "连接池".encode() in p.stdout and b"\\u" not in p.stdout
        assert json.loads(p.stdout.decode("utf-8"))["schema_version"] == 2
