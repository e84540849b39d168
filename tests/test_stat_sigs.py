"""The freshness replay's stats in C (`_native.stat_sigs`, session 13 branch `append3`) against
their twin (`snapshot.stat_sigs_py`): the same signature or None for every path, whatever it is
(a file, a directory, a symlink, a FIFO, nothing, a name not in UTF-8), on one thread or two,
stat'ed by path or relative to its directory; and `deja index` finding every kind of change
through either of them (an append, a truncation, a deletion, a replaced file, a FIFO, a file
that cannot be stat'ed)."""

from __future__ import annotations

import os
import shutil
import stat

import pytest
from conftest import deja, hits
from test_fresh import age, snapshot
from test_incremental import append, transcript

from deja import native
from deja.ingest import snapshot as snap

N = native.NATIVE
needs_native = pytest.mark.skipif(N is None, reason="deja._native was not built (or DEJA_PURE=1)")
SIGS = {"native": getattr(N, "stat_sigs", None), "twin": snap.stat_sigs_py}


def _tree(root) -> list[str]:
    """A directory of every kind of entry, and the paths to ask about (sorted as a snapshot keeps
    them: runs of files in one directory)."""
    d = root / "d"
    d.mkdir()
    for i in range(5):
        (d / f"f{i}.jsonl").write_text("x" * i)
    (d / "sub").mkdir()
    (d / "sub" / "g.jsonl").write_text("g")
    os.symlink(d / "f1.jsonl", d / "link")
    os.symlink(d / "nowhere", d / "dangling")
    os.symlink(d / "sub", d / "dirlink")
    os.mkfifo(d / "fifo")
    (d / "é中.jsonl").write_text("é")
    odd = os.fsencode(str(d)) + b"/\xff\xfe.jsonl"  # not UTF-8: a surrogate-escaped str
    with open(odd, "wb") as f:
        f.write(b"odd")
    names = sorted(os.listdir(d))
    paths = [str(d / n) for n in names]
    paths += [str(d / "sub" / "g.jsonl"), str(d / "dirlink" / "g.jsonl"), str(d / "gone"), str(d / "gone" / "x"),
              str(d / "f1.jsonl" / "x"), str(d) + "/", str(d) + "/./f2.jsonl", str(d / "sub") + "/../f3.jsonl",
              str(d / "sub") + "/", "", "/", "relative/path.jsonl", "f0.jsonl", str(d / ("n" * 300)),
              "/" + "a/" * 3000 + "x"]
    return sorted(paths)


@needs_native
@pytest.mark.parametrize("follow", [True, False])
def test_the_same_signatures_as_the_twin(tmp_path, monkeypatch, follow):
    paths = _tree(tmp_path)
    monkeypatch.chdir(tmp_path / "d")  # the relative paths: against the working directory, as os.stat
    got = N.stat_sigs(paths, follow)
    assert got == snap.stat_sigs_py(paths, follow)
    by = dict(zip(paths, got))
    assert by[str(tmp_path / "d" / "gone")] is None and by[str(tmp_path / "d" / "f1.jsonl" / "x")] is None
    assert stat.S_ISFIFO(by[str(tmp_path / "d" / "fifo")][0])
    assert (by[str(tmp_path / "d" / "dangling")] is None) == follow
    assert N.stat_sigs([], follow) == []


@needs_native
def test_two_threads_and_directory_runs_give_the_same_as_the_twin(tmp_path):
    """Enough paths for the second thread (the split falls inside a directory's run), changes on
    both sides of it, a directory that vanished and one that cannot be opened."""
    paths = []
    for d in range(12):
        (tmp_path / f"p{d:02d}").mkdir()
        for i in range(250):
            p = tmp_path / f"p{d:02d}" / f"s{i:04d}.jsonl"
            p.write_text("line\n" * (i % 7))
            paths.append(str(p))
    before = N.stat_sigs(paths, True)
    assert before == snap.stat_sigs_py(paths, True) and None not in before
    with open(paths[10], "a") as f:
        f.write("appended\n")
    os.truncate(paths[2999], 0)
    os.unlink(paths[1500])
    os.replace(paths[1501], paths[1502])
    shutil.rmtree(tmp_path / "p07")
    os.chmod(tmp_path / "p03", 0)  # search permission denied (root is let through: the same either way)
    try:
        after = N.stat_sigs(paths, True)
        assert after == snap.stat_sigs_py(paths, True)
    finally:
        os.chmod(tmp_path / "p03", 0o755)
    changed = {i for i, (a, b) in enumerate(zip(before, after)) if a != b}
    assert {10, 2999, 1500, 1501, 1502} <= changed and set(range(1750, 2000)) <= changed
    assert after[1500] is None and after[1502][1] == before[1501][1]  # the replaced file: another inode


@needs_native
def test_what_os_stat_refuses_is_refused(tmp_path):
    with pytest.raises(ValueError):
        N.stat_sigs([str(tmp_path), "a\x00b"], True)
    with pytest.raises(TypeError):
        N.stat_sigs([str(tmp_path), b"bytes"], True)
    with pytest.raises(TypeError):
        N.stat_sigs((str(tmp_path),), True)


@pytest.fixture(params=sorted(SIGS))
def sigs(request, monkeypatch):
    """`deja index` (in this process) replaying its snapshot through the C stats or the twin."""
    if SIGS[request.param] is None:
        pytest.skip("deja._native was not built (or DEJA_PURE=1)")
    monkeypatch.setattr(snap, "_sigs", SIGS[request.param])
    return request.param


def _indexed(home, n: int = 5):
    """`n` transcripts in one project (a run the C stats take relative to their directory), one
    in another; indexed, aged, and the snapshot in place."""
    paths = [transcript(home, f"s{i}", [("user", f"question {i}"), ("assistant", f"answer {i}")]) for i in range(n)]
    paths.append(transcript(home, "t0", [("user", "an older session")], project="-w-other"))
    deja("index")
    age(home)
    deja("index")
    assert snapshot(home) and deja("index", "--json").json()["parsed"] == 0
    return paths


def test_an_append_is_indexed(home, sigs):
    paths = _indexed(home)
    append(paths[3], "s3", "user", "and the axolotl migration", 1)
    r = deja("index", "--json").json()
    assert (r["parsed"], r["appended"]) == (1, 1)
    assert hits(deja("search", "axolotl", "--json").json()) == [("claude", "s3")]
    assert deja("index", "--json").json()["parsed"] == 0


def test_a_truncated_file_is_read_again(home, sigs):
    paths = _indexed(home)
    transcript(home, "s2", [("user", "the narwhal rewrite")])  # in place, shorter: the same inode
    r = deja("index", "--json").json()
    assert r["parsed"] == 1
    assert hits(deja("search", "narwhal", "--json").json()) == [("claude", "s2")]
    assert paths[2].stat().st_size < paths[1].stat().st_size


def test_a_deleted_file_keeps_its_sessions(home, sigs):
    paths = _indexed(home)
    paths[1].unlink()
    r = deja("index", "--json").json()
    assert r["gone"] == 1
    found = deja("search", "question 1", "--json").json()
    assert ("claude", "s1") in hits(found)


def test_a_replaced_file_is_read_again(home, sigs):
    paths = _indexed(home)
    inode = paths[4].stat().st_ino
    new = transcript(home, "s4", [("user", "the okapi plan"), ("assistant", "answer 4")], project="-w-new")
    os.replace(new, paths[4])  # another inode under the name
    assert paths[4].stat().st_ino != inode
    r = deja("index", "--json").json()
    assert r["parsed"] == 1
    assert hits(deja("search", "okapi", "--json").json()) == [("claude", "s4")]


def test_a_fifo_in_place_of_a_transcript_does_not_hang(home, sigs):
    paths = _indexed(home)
    paths[0].unlink()
    os.mkfifo(paths[0])
    for _ in range(2):  # not a file that can be read: an error each run (no snapshot vouches for it)
        r = deja("index", "--json").json()
        assert (r["errors"], r["index"]["sessions"]) == (1, 6)
    assert ("claude", "s0") in hits(deja("search", "question 0", "--json").json())


@pytest.mark.skipif(os.geteuid() == 0, reason="root stats through any permission")
def test_a_directory_that_cannot_be_searched_is_judged_in_full(home, sigs):
    _indexed(home)
    locked = home / ".claude/projects/-w-app"
    os.chmod(locked, 0)
    try:
        r = deja("index", "--json", check=False)
        assert r.code == 0, r.err
    finally:
        os.chmod(locked, 0o755)
    append(locked / "s0.jsonl", "s0", "user", "the tapir question", 2)
    deja("index")
    assert hits(deja("search", "tapir", "--json").json()) == [("claude", "s0")]
