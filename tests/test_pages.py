"""The writer hands the index pages it has read back to the kernel (store/pages.py)."""

from __future__ import annotations

import hashlib
import mmap
import os
import threading
import time
from pathlib import Path

import pytest

from conftest import Transcript, deja
from deja.store import pages

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/maps"), reason="Linux /proc only")


def _rss_kb(addr: int) -> int:
    """Rss of this process's mapping that starts at `addr`, from /proc/self/smaps."""
    with open("/proc/self/smaps") as f:
        inside = False
        for line in f:
            if "-" in line.split(" ", 1)[0] and not line[0].isupper():
                inside = int(line.split("-", 1)[0], 16) == addr
            elif inside and line.startswith("Rss:"):
                return int(line.split()[1])
    raise AssertionError(f"no mapping at {addr:#x}")


def _mapped_file(path: Path, mib: int) -> tuple[mmap.mmap, int, str]:
    """A file of `mib` MiB written and synced (clean pages, as tantivy's segments are), mapped
    read-only and read through; its mapping's address and the data's digest."""
    path.write_bytes(os.urandom(mib << 20))
    fd = os.open(path, os.O_RDONLY)
    os.fsync(fd)
    m = mmap.mmap(fd, 0, prot=mmap.PROT_READ)
    os.close(fd)
    digest = hashlib.sha256(m[:]).hexdigest()  # touches every page
    addr = next(lo for lo, hi in pages.mapped(path.parent) if hi - lo == mib << 20)
    return m, addr, digest


def test_a_pass_pages_out_what_was_read_in_the_directory_only(tmp_path):
    (tmp_path / "index").mkdir()
    (tmp_path / "other").mkdir()
    inside, at_in, digest = _mapped_file(tmp_path / "index" / "seg.store", 16)
    outside, at_out, _ = _mapped_file(tmp_path / "other" / "seg.store", 16)
    assert _rss_kb(at_in) > 12 * 1024 and _rss_kb(at_out) > 12 * 1024
    owner = threading.Event()  # any object a weak reference can point at
    r = pages.Releaser(tmp_path / "index", owner=owner, period=60)
    assert r.release()
    assert _rss_kb(at_in) < 2 * 1024  # handed back
    assert _rss_kb(at_out) > 12 * 1024  # another directory's mapping is left alone
    assert hashlib.sha256(inside[:]).hexdigest() == digest  # and nothing changed: read again from the file
    inside.close()
    outside.close()


def test_the_thread_runs_while_the_owner_lives_and_stops(tmp_path):
    class Owner:
        pass

    owner = Owner()
    r = pages.releaser(tmp_path, owner)
    assert r is not None
    deadline = time.monotonic() + 10
    while r.passes < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert r.passes >= 2
    r.stop()
    r._thread.join(5)
    assert not r._thread.is_alive()


def test_off_when_the_period_is_zero(tmp_path, monkeypatch):
    monkeypatch.setenv("DEJA_PAGEOUT_EVERY", "0")
    assert pages.releaser(tmp_path, threading.Event()) is None


def _pss_anon_kb() -> int:
    with open("/proc/self/smaps_rollup") as f:
        return next(int(ln.split()[1]) for ln in f if ln.startswith("Pss_Anon:"))


def _freed_heap(mib: int):
    """`mib` MiB of small malloc blocks, touched and freed, under one block still held above them
    (so free cannot give the top of the heap back by itself); None where libc is not glibc."""
    import ctypes

    libc = ctypes.CDLL(None)
    if not hasattr(libc, "malloc_trim"):
        return None
    libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, (ctypes.c_size_t,)
    libc.free.argtypes = (ctypes.c_void_p,)
    blocks = [libc.malloc(4000) for _ in range(mib * 256)]
    for b in blocks:
        ctypes.memset(b, 1, 4000)
    keep = libc.malloc(4000)
    for b in blocks:
        libc.free(b)
    return libc, keep


@pytest.mark.parametrize("trim", ["1", "0"])
def test_a_pass_hands_the_free_heap_back_unless_turned_off(tmp_path, monkeypatch, trim):
    monkeypatch.setenv("DEJA_MALLOC_TRIM", trim)
    got = _freed_heap(64)
    if got is None:
        pytest.skip("not glibc")
    before = _pss_anon_kb()
    r = pages.Releaser(tmp_path, owner=threading.Event(), period=60)
    for _ in range(pages.TRIM_PASSES):
        assert r.release()
    dropped = before - _pss_anon_kb()
    got[0].free(got[1])
    if trim == "1":
        assert r.trims == 1 and dropped > 48 * 1024  # most of the 64 MiB freed went back
    else:
        assert r.trims == 0 and dropped < 16 * 1024


def _corpus(home: Path) -> None:
    for i in range(30):
        t = Transcript(f"{i:08d}-aaaa-bbbb-cccc-dddddddddddd", f"/work/p{i % 3}", day=1 + i % 28)
        t.user(f"why does the gateway drop connection number {i}")
        for j in range(6):
            t.bash(f"pytest -k case{i}x{j}", f"FAILED tests/test_pool.py::test_{i}_{j} timeout after {j}s\n" * 20)
        t.say(f"the pool was exhausted: raise maxconn{i} to {i * 10}").write(home)


def test_an_index_built_with_pages_handed_back_answers_the_same(home, tmp_path):
    """Many small commits, so tantivy merges while the thread pages out every millisecond: the
    index answers exactly as one built with the thread off (each in a HOME of its own, so the
    recalls one's searches count cannot move the other's ranking)."""
    answers = {}
    passes, trims = pages.PASSES, pages.TRIMS
    for every, h in (("0", home), ("0.001", tmp_path / "home2")):
        h.mkdir(exist_ok=True)
        _corpus(h)
        env = {"HOME": str(h), "DEJA_PAGEOUT_EVERY": every, "DEJA_BATCH_RECORDS": "20"}
        deja("index", env=env)
        answers[every] = [[(r["session"]["id"], r["count"], r["snippets"]) for r in
                           deja("search", q, "--json", "--limit", "50", env=env).json()["hits"]]
                          for q in ("maxconn7", "timeout", "gateway connection")]
        alive = [t for t in threading.enumerate() if t.name == "deja-pageout"]
        for t in alive:
            t.join(2)
        assert not [t for t in alive if t.is_alive()]  # the writer's close stopped it
    assert pages.PASSES > passes and pages.TRIMS > trims  # it did run, and trimmed
    # the same sessions with the same counts (order among equal scores, and which of equal records
    # is the snippet, falls to the segment layout that tantivy's merge timing decides: two builds
    # with the thread off differ there too)
    assert [sorted(a[:2] for a in q) for q in answers["0"]] == [sorted(a[:2] for a in q) for q in answers["0.001"]]
    assert len(answers["0"][0]) == 1 and len(answers["0"][1]) > 20
