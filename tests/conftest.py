"""Every test runs in a throwaway HOME: nothing here reads the real ~/.claude or ~/.codex."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import tantivy

FIXTURES = Path(__file__).parent / "fixtures"


def pytest_report_header(config):
    return f"sqlite {sqlite3.sqlite_version}, tantivy-py {getattr(tantivy, '__version__', '?')}"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    # Every harness relocation variable (CODEX_HOME, CLAUDE_CONFIG_DIR, GOOSE_PATH_ROOT, …) too:
    # a test must never read the real machine's stores.
    for var in list(os.environ):
        if var.startswith(("XDG_", "DEJA_")) or var.endswith(("_HOME", "_ROOT", "_CONFIG_DIR", "_HISTORY_FILE")):
            monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(h))
    return h


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> dict:
        return json.loads(self.out)


def deja(*args: str, env: dict | None = None, check: bool = True, cwd: str | None = None) -> Run:
    """Run the real `deja` entry point in a subprocess (in `cwd` when given)."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    p = subprocess.run([sys.executable, "-m", "deja", *args], capture_output=True, text=True, env=full_env, timeout=120,
                       cwd=cwd)
    run = Run(p.returncode, p.stdout, p.stderr)
    if check and p.returncode != 0:
        raise AssertionError(f"deja {' '.join(args)} exited {p.returncode}:\n{p.stdout}\n{p.stderr}")
    return run


def install_real(home: Path, harness: str) -> dict:
    """Put the store a real agent CLI wrote (tests/fixtures/real/<h>) into HOME; return its manifest."""
    src = FIXTURES / "real" / harness
    for item in src.iterdir():
        if item.name == "MANIFEST.json":
            continue
        shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    return json.loads((src / "MANIFEST.json").read_text())


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    return path


def hits(result: dict) -> list[tuple[str, str]]:
    return [(h["session"]["harness"], h["session"]["id"]) for h in result["hits"]]
