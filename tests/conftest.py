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
    peak_mb: float = 0.0  # peak RSS of the process (and the children it waited for), if measured

    def json(self) -> dict:
        return json.loads(self.out)


def deja(*args: str, env: dict | None = None, check: bool = True, prefix: tuple[str, ...] = (),
         max_bytes: int | None = None, measure: bool = False, cwd: str | None = None) -> Run:
    """Run the real `deja` entry point in a subprocess (in `cwd` when given). `prefix` runs it
    under another command (setpriv); `max_bytes` caps its address space (a guard for inputs that
    could eat the machine's memory); `measure` records its peak RSS."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    cmd = [*prefix, sys.executable, "-m", "deja", *args]
    if not (measure or max_bytes):
        p = subprocess.run(cmd, capture_output=True, text=True, env=full_env, timeout=120, cwd=cwd)
        run = Run(p.returncode, p.stdout, p.stderr)
    else:
        run = _measured(cmd, full_env, max_bytes, cwd=cwd)
    if check and run.code != 0:
        raise AssertionError(f"deja {' '.join(args)} exited {run.code}:\n{run.out}\n{run.err}")
    return run


def live_index(index_dir: Path) -> Path:
    """The generation of the index that `live` names: where its catalog and text index are."""
    return index_dir / (index_dir / "live").read_text().strip()


def _measured(cmd: list[str], env: dict, max_bytes: int | None, timeout: float = 300, cwd: str | None = None) -> Run:
    import resource
    import tempfile
    import time

    def limit() -> None:
        if max_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (max_bytes, max_bytes))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(cmd, stdout=out, stderr=err, env=env, preexec_fn=limit, cwd=cwd)
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)  # wait4: the child's own peak RSS
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                os.wait4(p.pid, 0)
                raise AssertionError(f"{cmd} did not finish in {timeout} s")
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(p.returncode, out.read().decode(), err.read().decode(), usage.ru_maxrss / 1024)


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
