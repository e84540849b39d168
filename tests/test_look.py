"""Discovery looks only through the Look it is handed (deja/sources/look.py).

The freshness snapshot is only as good as the observations behind it: a stat or a variable read
that bypassed the recording would be a change the next search never notices. The oracle here is
what the snapshot used to rely on, every os-level observation caught by wrapping os.stat, open,
os.environ and the rest process-wide (done only in this test, single-threaded): each must be in
the explicit recording too, for a HOME holding every harness's store and every override set.
"""

from __future__ import annotations

import builtins
import io
import os
import threading
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path

from test_all_harnesses import _populate

from conftest import deja, live_index
from deja.ingest import indexer
from deja.sources.look import PLAIN, Look, Recording
from deja.store import Store


class _Env(MutableMapping):
    def __init__(self, real: MutableMapping[str, str], read: set[str]) -> None:
        self._real, self._read = real, read

    def __getitem__(self, key: str) -> str:
        self._read.add(key)
        return self._real[key]

    def get(self, key, default=None):
        self._read.add(key)
        return self._real.get(key, default)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self._read.add(key)
        return key in self._real

    def __setitem__(self, key: str, value: str) -> None:
        self._real[key] = value

    def __delitem__(self, key: str) -> None:
        del self._real[key]

    def __iter__(self) -> Iterator[str]:
        self._read.add("*")
        return iter(self._real)

    def __len__(self) -> int:
        return len(self._real)


@contextmanager
def _wrapped() -> Iterator[tuple[set[str], set[str]]]:
    """(paths observed, variables read) by anything inside the block, the old way."""
    paths: set[str] = set()
    read: set[str] = set()
    real = os.stat, os.lstat, os.scandir, os.listdir, os.open, io.open, os.environ

    def note(p: object) -> None:
        if not isinstance(p, int):
            paths.add(os.fspath(p) if not isinstance(p, bytes) else os.fsdecode(p))

    def stat(p, *, dir_fd=None, follow_symlinks=True):
        note(p)
        return real[0](p, dir_fd=dir_fd, follow_symlinks=follow_symlinks)

    def lstat(p, *, dir_fd=None):
        note(p)
        return real[1](p, dir_fd=dir_fd)

    def scandir(p="."):
        note(p)
        return real[2](p)

    def listdir(p="."):
        note(p)
        return real[3](p)

    def os_open(p, flags, mode=0o777, *, dir_fd=None):
        note(p)
        return real[4](p, flags, mode, dir_fd=dir_fd)

    def io_open(f, *a, **k):
        note(f)
        return real[5](f, *a, **k)

    os.stat, os.lstat, os.scandir, os.listdir, os.open = stat, lstat, scandir, listdir, os_open
    io.open = builtins.open = io_open
    os.environ = _Env(real[6], read)  # type: ignore[assignment]
    try:
        yield paths, read
    finally:
        os.stat, os.lstat, os.scandir, os.listdir, os.open = real[:5]
        io.open = builtins.open = real[5]
        os.environ = real[6]  # type: ignore[misc]


def _plan(home: Path, look: Look | None) -> indexer.Plan:
    store = Store(live_index(home / ".cache/deja"))
    try:
        return indexer.make_plan(store, look=look)
    finally:
        store.close()


def _check(home: Path) -> None:
    rec = Recording()
    planned = _plan(home, rec)
    store = Store(live_index(home / ".cache/deja"))
    try:
        with _wrapped() as (paths, read):
            unrecorded = indexer.make_plan(store)
    finally:
        store.close()
    assert len(planned.tasks) == len(unrecorded.tasks) and planned.files == unrecorded.files
    recorded = {p for p, _, _ in rec.observations()}
    missed = sorted(p for p in paths if os.path.isabs(p) and p not in recorded)
    assert not missed, f"discovery looked at these without its Look: {missed[:10]}"
    assert "*" not in read, "discovery read the whole environment"
    assert read <= set(rec.vars), f"variables read without the Look: {sorted(read - set(rec.vars))}"
    assert len(recorded) > 50 and "HOME" in rec.vars  # it did look


def test_every_observation_of_discovery_goes_through_its_look(home):
    _populate(home)
    deja("index")
    _check(home)


def test_with_every_override_set_too(home, monkeypatch, tmp_path):
    _populate(home)
    deja("index")
    extra = tmp_path / "extra"
    extra.mkdir()
    for var in ("DEJA_AIDER_ROOTS", "AIDER_CHAT_HISTORY_FILE", "DEJA_CLINE_ROOTS", "DEJA_ROO_ROOTS",
                "OPENCODE_DB", "DEJA_HERMES_PROFILES_ROOT", "OPENCLAW_HOME", "XDG_CONFIG_HOME",
                "DEJA_CONFIG", "PI_CODING_AGENT_DIR", "QWEN_RUNTIME_DIR", "FLATPAK_XDG_DATA_HOME"):
        monkeypatch.setenv(var, str(extra / var.lower()))
    _check(home)


def test_a_recording_is_its_own_on_threads(home):
    """Two checks at once, on two threads: each recording holds what its own discovery saw,
    and a plain look beside them records nothing."""
    _populate(home)
    deja("index")
    solo = Recording()
    _plan(home, solo)
    recs = [Recording(), Recording()]
    errors: list[BaseException] = []

    def run(look: Look) -> None:
        try:
            _plan(home, look)
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(look,)) for look in [*recs, PLAIN]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for rec in recs:
        assert set(rec.observations()) == set(solo.observations()) and rec.vars == solo.vars
    assert not recs[0].opaque and not recs[1].opaque
    assert PLAIN.unlisted is None
