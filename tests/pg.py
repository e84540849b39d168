"""A real PostgreSQL server for the tests: a throwaway cluster made with `initdb` in a temporary
directory, listening only on a Unix socket there, stopped by its postmaster's pid.

The one home of it: test modules that need a server import the fixtures (`from pg import
pg_server, pg_dsn`). As root, the cluster runs as the `postgres` account (initdb refuses root).
Without the server binaries or psycopg the tests are skipped, saying why, except in CI.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

PASSWORD = "s3cret-pw"  # trust auth ignores it: it is in every DSN to prove no message shows it


def bindir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
    pytest.skip(reason)


def _stop(data: Path) -> None:
    """End the postmaster this fixture started, by the pid it wrote, and wait for it to go."""
    try:
        pid = int((data / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return
    try:
        os.kill(pid, signal.SIGQUIT)  # immediate shutdown: the cluster is thrown away
    except ProcessLookupError:
        return
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)


def start(bins: Path) -> Path:
    """A new cluster in a temporary directory, started; the directory (its socket is there).
    Also used by benchmarks/hub_bench.py."""
    d = Path(tempfile.mkdtemp(prefix="deja-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the server as the postgres account
        shutil.chown(d, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    data = d / "data"
    try:
        subprocess.run([*as_user, bins / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
                        "--locale=C", "-N"], check=True, capture_output=True)
        subprocess.run([*as_user, bins / "pg_ctl", "-D", data, "-l", d / "log", "-w", "-t", "60", "-o",
                        f"-k {d} -c listen_addresses= -F", "start"], check=True, capture_output=True)
    except BaseException:
        stop(d)
        raise
    return d


def stop(d: Path) -> None:
    """Stop the cluster `start` made in `d` and delete it."""
    _stop(d / "data")
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture(scope="module")
def pg_server() -> Iterator[Path]:
    """The socket directory of a running server (user `postgres`, trust auth)."""
    bins = bindir()
    if bins is None:
        unavailable("no PostgreSQL server binaries (initdb): apt-get install postgresql")
        raise AssertionError  # unreachable: skip or fail raised
    try:
        import psycopg  # noqa: F401
    except ImportError:
        unavailable("psycopg is not installed: pip install -e '.[postgres]'")
    d = start(bins)
    try:
        yield d
    finally:
        stop(d)


def fresh_database(server: Path, name: str) -> str:
    """A new, empty database `name` on the server; its DSN (with a password trust ignores)."""
    import psycopg

    with psycopg.connect(f"host={server} user=postgres dbname=postgres", autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {name}")
        c.execute(f"CREATE DATABASE {name}")
    return f"host={server} port=5432 user=postgres dbname={name} password={PASSWORD}"


@pytest.fixture
def pg_dsn(pg_server: Path, request: pytest.FixtureRequest) -> str:
    """A DSN of a database of this test's own."""
    return fresh_database(pg_server, "t_" + hashlib.blake2b(request.node.nodeid.encode(), digest_size=6).hexdigest())
