"""Undecodable bytes in what a user gives deja: an argument (`deja show $'\\xff'`), the name of the
directory a note is remembered in. Python reads them as lone surrogates (U+DC80–DCFF), which the
analyzer, SQLite and a UTF-8 file refuse: each was an "internal error"; and written back to a
terminal each is its raw byte again (0x9b: an 8-bit CSI)."""

from __future__ import annotations

import os

import pytest

from conftest import deja

BAD = "\udcff\udc9b"


@pytest.mark.parametrize("args", [
    ("show", BAD), ("show", BAD, "--json"), ("event", BAD, "1"), ("trace", BAD), ("export", BAD), ("touched", BAD),
    ("how", BAD), ("blame", BAD), ("fix", BAD), ("restore", BAD),
], ids=lambda a: "-".join(a).replace(BAD, "bad"))
def test_an_undecodable_argument_is_a_user_error(home, args):
    deja("remember", "the quagga note")  # an index to look in
    r = deja(*args, check=False)
    errors = [line for line in r.err.splitlines() if line.startswith("Error: ")]
    assert r.code == 1 and len(errors) == 1 and "internal error" not in r.err, r.err
    assert "\x9b" not in r.out + r.err  # named as an escape when named at all


def test_a_note_remembered_in_an_undecodable_directory(home, tmp_path):
    where = os.fsencode(tmp_path) + b"/proj\x9b\xff"
    os.mkdir(where)
    r = deja("remember", "the zorilla note \udcff", cwd=os.fsdecode(where), proc=True, check=False)
    assert r.code == 0, r.err
    assert "\x9b" not in r.out and "proj\\x9b\\xff" in r.out, repr(r.out)  # the raw CSI byte never
    found = deja("search", "zorilla", proc=True)
    assert "zorilla note" in found.out and "\x9b" not in found.out
