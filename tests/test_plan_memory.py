"""What the writer holds through a build in proportion to the number of store files (session 13,
branch `mem6`): each file's task is let go once its file is written, and the recording made for
the freshness snapshot keeps each stat signature packed. The index and the snapshot are what
they were: a second `deja index` finds nothing to do."""

from __future__ import annotations

import gc

from conftest import deja
from test_incremental import transcript

from deja.ingest import indexer
from deja.sources.look import Recording, pack, unpack


def test_a_files_task_is_let_go_once_the_file_is_written(home, monkeypatch):
    for i in range(12):
        transcript(home, f"s{i}", [("user", f"question number {i}"), ("assistant", f"answer {i}")],
                   project=f"-w-p{i}")
    alive: list[int] = []
    add = indexer._add

    def counting(store, batch, p):
        alive.append(sum(1 for o in gc.get_objects() if type(o) is indexer.Task))
        add(store, batch, p)

    monkeypatch.setattr(indexer, "_add", counting)
    r = deja("index", "--json").json()["index"]
    assert r["files"] == 12 and len(alive) == 12
    assert alive[-1] <= 2, alive  # the file being written (and the one its loop variable held)
    monkeypatch.setattr(indexer, "_add", add)
    again = deja("index", "--json").json()["index"]
    assert again["files"] == 12 and again["records"] == r["records"] and again.get("parsed", 0) == 0


def test_a_recordings_signatures_are_packed_and_read_back_the_same(tmp_path):
    f = tmp_path / "f"
    f.write_text("x")
    rec = Recording()
    st = rec.stat(f)
    rec.stat(f, follow=False)
    try:
        rec.stat(tmp_path / "missing")
    except OSError:
        pass
    want = (st.st_mode, st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    assert rec.sig(str(f), True) == want and rec.sig(str(f), False) == want
    assert rec.has(str(tmp_path / "missing"), True) and rec.sig(str(tmp_path / "missing"), True) is None
    assert not rec.has(str(tmp_path / "missing"), False)
    assert {(p, follow) for p, follow, _ in rec.observations()} == {
        (str(f), True), (str(f), False), (str(tmp_path / "missing"), True)}
    assert isinstance(next(iter(rec.observations()))[2], bytes)
    rec.stat(f)  # seen again, unchanged: noted, not opaque
    assert (str(f), True) in rec.again and not rec.opaque
    # what does not fit 64 bits (a 128-bit inode, a negative device) is kept as it is
    for sig in [(0o100644, 2**100, 1, 2, 3, 4), (0o100644, 5, -1, 2, 3, 4), (1, 2, 3, 4, -5, -6)]:
        assert unpack(pack(sig)) == sig
    assert pack(None) is None and unpack(None) is None
