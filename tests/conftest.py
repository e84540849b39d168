"""Every test runs in a throwaway HOME: nothing here reads the real ~/.claude or ~/.codex."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest
import tantivy

# the builders, importable from here too (most tests do)
from builders import FIXTURES, Transcript, by_id, hits, install, install_real, live_index, parse, parse_all, server_env, write_jsonl  # noqa: F401



def pytest_report_header(config):
    return f"sqlite {sqlite3.sqlite_version}, tantivy-py {getattr(tantivy, '__version__', '?')}"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    isolate(monkeypatch, h)
    return h


def isolate(monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """HOME set to `home`, and every variable that could point deja elsewhere unset: XDG_*, DEJA_*,
    each harness relocation variable (CODEX_HOME, CLAUDE_CONFIG_DIR, GOOSE_PATH_ROOT, …), and the
    runner's COLUMNS/LINES (deja fits its output to $COLUMNS). A
    test must never read the real machine's stores. (A module-scoped fixture, set up before the
    autouse `home`, uses it inside `pytest.MonkeyPatch.context()`.) DEJA_PURE stays: it points
    nowhere, and a run under DEJA_PURE=1 (.ci/run) must reach the twins in the `deja` processes
    and parse workers a test starts too, not only in this one (deja.native reads it at import)."""
    for var in list(os.environ):
        if var == "DEJA_PURE":
            continue
        if var.startswith(("XDG_", "DEJA_")) or var.endswith(("_HOME", "_ROOT", "_CONFIG_DIR", "_HISTORY_FILE")):
            monkeypatch.delenv(var, raising=False)
    for var in ("COLUMNS", "LINES"):  # the runner's terminal (pytest-xdist's workers set 80x24), not a pipe's
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(home))


@dataclass
class Run:
    code: int
    out: str
    err: str
    peak_mb: float = 0.0  # peak RSS of the process (and the children it waited for), if measured

    def json(self) -> dict:
        return json.loads(self.out)


# What only a process of its own can show: a process-wide resource cap or its measure, a command
# run under another (setpriv), a fault that kills the process (SIGKILL), and the detached
# background refresh (it ends itself with os._exit and arms a watchdog that would); and calls from
# a test's threads (this process has one stdout, one environment, one working directory).
_OWN_PROCESS_ENV = ("DEJA_TEST_CRASH",)


def deja(*args: str, env: dict | None = None, check: bool = True, prefix: tuple[str, ...] = (),
         max_bytes: int | None = None, measure: bool = False, cwd: str | None = None,
         input: str | bytes | None = None, proc: bool = False) -> Run:
    """Run `deja ARGS` (in `cwd` when given, `input` on its stdin, `env` over this process's
    environment, a None value unsetting a variable) and return its exit code and output. In this process through `deja.cli.main(argv)` (~25 ms) unless `proc` or the call
    needs a process of its own: `prefix` runs it under another command (setpriv); `max_bytes`
    caps its address space (a guard for inputs that could eat the machine's memory); `measure`
    records its peak RSS; DEJA_TEST_CRASH kills it; `index --background` is a detached process;
    a call from a thread other than the main one runs beside others."""
    full_env = {k: v for k, v in {**os.environ, **(env or {})}.items() if v is not None}  # None: unset
    # --exec replaces the process with the agent it starts: never this one
    own = proc or prefix or max_bytes or measure or "--background" in args or "--exec" in args or any(
        full_env.get(k) for k in _OWN_PROCESS_ENV) or threading.current_thread() is not threading.main_thread()
    if not own:
        run = _in_process(list(args), env or {}, cwd, input)
    else:
        cmd = [*prefix, sys.executable, "-m", "deja", *args]
        data = input.encode() if isinstance(input, str) else input
        if not (measure or max_bytes):
            p = subprocess.run(cmd, capture_output=True, input=data, env=full_env, timeout=120, cwd=cwd)
            run = Run(p.returncode, _text(p.stdout), _text(p.stderr))
        else:
            run = _measured(cmd, full_env, max_bytes, cwd=cwd)
    if check and run.code != 0:
        raise AssertionError(f"deja {' '.join(args)} exited {run.code}:\n{run.out}\n{run.err}")
    return run


def deja_proc(*args: str, **kw) -> Run:
    """`deja(...)` through a real `python -m deja` process (see `deja`'s `proc`)."""
    return deja(*args, proc=True, **kw)


def _text(raw: bytes) -> str:
    """Bytes as `subprocess.run(..., text=True)` reads them: UTF-8, universal newlines."""
    return io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8").read()


class _Sink(io.BytesIO):
    """A captured stream's bytes; it stays readable after the command closes its stream
    (deja closes stderr on a broken pipe)."""

    def close(self) -> None:
        pass


def _in_process(argv: list[str], env: dict, cwd: str | None, data: str | bytes | None) -> Run:
    """`deja.cli.main(argv)` with this call's environment, working directory and stdin, its
    stdout and stderr captured as the bytes a pipe would carry; everything put back after."""
    from deja.cli import main

    saved_env = dict(os.environ)
    saved = (sys.stdin, sys.stdout, sys.stderr, sys.argv, os.getcwd())
    out, err = _Sink(), _Sink()
    raw_in = data.encode() if isinstance(data, str) else (data or b"")
    code = 0
    try:
        for k, v in env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        if cwd is not None:
            os.chdir(cwd)
        # a pipe, as a process started by a test has: no terminal, UTF-8, stderr backslash-escaped
        sys.stdin = io.TextIOWrapper(io.BytesIO(raw_in), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
        sys.stderr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
        sys.argv = ["deja", *argv]
        try:
            main(argv)
        except SystemExit as e:
            if e.code is None or isinstance(e.code, int):
                code = e.code or 0
            else:  # as the interpreter does with sys.exit("message")
                print(e.code, file=sys.stderr)
                code = 1
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except ValueError:  # closed by the command
                pass
    finally:
        sys.stdin, sys.stdout, sys.stderr, sys.argv, cwd_before = saved
        os.chdir(cwd_before)
        os.environ.clear()
        os.environ.update(saved_env)
    return Run(code, _text(out.getvalue()), _text(err.getvalue()))




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
