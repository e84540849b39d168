"""The index's totals kept in the catalog (meta `totals`, migration m008, session 13 branch
`append3`): `deja index` keeps what it summed, a read answers from it, and any change to the file
states drops it in the same transaction, so no answer ever shows totals of another state."""

from __future__ import annotations

import sqlite3

from conftest import deja, live_index
from test_incremental import append, transcript


def kept(home) -> str | None:
    db = sqlite3.connect(live_index(home / ".cache/deja") / "catalog.sqlite")
    try:
        row = db.execute("SELECT value FROM meta WHERE key = 'totals'").fetchone()
        return row[0] if row else None
    finally:
        db.close()


def totals(home) -> tuple[int, int, int]:
    r = deja("index", "--json").json()["index"]
    return r["files"], r["sessions"], r["records"]


def test_deja_index_keeps_its_totals_and_every_change_drops_them(home):
    a = transcript(home, "s1", [("user", "the first question"), ("assistant", "the first answer")])
    transcript(home, "s2", [("user", "another question")], project="-w-other")
    assert totals(home) == (2, 2, 3)
    assert kept(home) == "2 2 3"
    assert totals(home) == (2, 2, 3)  # answered from the kept row
    append(a, "s1", "user", "and one more", 1)
    assert totals(home) == (2, 2, 4) and kept(home) == "2 2 4"
    transcript(home, "s3", [("user", "a third session"), ("assistant", "its answer")])
    assert totals(home) == (3, 3, 6)
    deja("forget", "--session", "s2")  # a change to the file states outside `deja index`
    assert kept(home) is None
    f, s, r = totals(home)
    assert kept(home) == f"{f} {s} {r}"
    db = sqlite3.connect(live_index(home / ".cache/deja") / "catalog.sqlite")
    with db:
        db.execute("UPDATE files SET records = records + 5")  # any writer: the trigger drops the row
    db.close()
    assert kept(home) is None
    assert totals(home) == (f, s, r + 5 * f)


def test_a_damaged_totals_row_is_summed_again(home):
    # meta `totals` is deja's own, but a catalog edited by hand or torn holds anything: a value
    # that is not three counts is summed again, never a traceback
    transcript(home, "s1", [("user", "the first question"), ("assistant", "the first answer")])
    assert totals(home) == (1, 1, 2)
    db = sqlite3.connect(live_index(home / ".cache/deja") / "catalog.sqlite")
    with db:
        db.execute("UPDATE meta SET value = 'a b c' WHERE key = 'totals'")
    db.close()
    assert deja("stats", "--json").code == 0
    assert totals(home) == (1, 1, 2)
