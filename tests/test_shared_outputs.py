"""Identical large tool outputs are stored and indexed once (issue 18 item 2; store/outputs.py):
the same file read in three sessions is found, each session's `show` has the text, forgetting
the session that holds the stored copy keeps the text of the others, and a rebuild keeps all.
Through the CLI, in a throwaway HOME; the stored copies counted through the Store."""

from __future__ import annotations

import random

from conftest import Transcript, deja

from deja.ingest.prepare import TOOL_OUTPUT_CHARS, cap
from deja.store import SHARE_BYTES, Store

SIDS = [f"5a0e0000-0000-4000-8000-00000000000{i}" for i in range(1, 4)]
TOPICS = ("marigold", "sandpiper", "cobaltfinch")


def _file(rng: random.Random, lines: int) -> str:
    words = ["ledger", "flush", "retry", "socket", "shard", "beacon", "harbor", "anvil"]
    body = "\n".join(f"{i:>6}\t    {' '.join(rng.choices(words, k=7))}" for i in range(1, lines))
    return f"     0\t# quillfeather module\n{body}\n{lines:>6}\t# ends with tundralantern\n"


def _sessions(home, text: str, days=(3, 4, 5)) -> None:
    for sid, day, topic in zip(SIDS, days, TOPICS):
        (Transcript(sid, f"/home/dev/{topic}", day)
         .user(f"look at the ledger module for {topic}")
         .read("/home/dev/shop/ledger.py", text)
         .say(f"The ledger module flushes on every {topic} write.")
         .write(home))


def _indexed(home, seed: int) -> tuple[str, str]:
    """The three sessions reading one file, indexed: (the file's text, the session holding it)."""
    text = _file(random.Random(seed), 300)
    _sessions(home, text)
    deja("index")
    [owner] = _ids("quillfeather")
    return text, owner


def _kept(text: str) -> str:
    """The output as it is stored: past the tool-output cap, its head and tail (ingest.prepare)."""
    return cap(text.strip(), TOOL_OUTPUT_CHARS)


def _ids(*query: str) -> list[str]:
    return [h["session"]["id"] for h in deja("search", *query, "--json").json()["hits"]]


def _shown(sid: str) -> str:
    return "\n".join(r["text"] for r in deja("show", sid, "--json").json()["records"])


def _stored(home) -> tuple[int, int]:
    with Store(home / ".cache" / "deja", readonly=True) as store:
        return store.shared_outputs()


def test_the_same_large_output_in_three_sessions_is_stored_once_and_shown_in_each(home):
    text = _file(random.Random(1), 400)
    assert len(text) > SHARE_BYTES
    _sessions(home, text)
    deja("index")
    assert _stored(home) == (1, 2)  # one stored text, two sessions pointing at it
    found = _ids("quillfeather", "tundralantern")
    assert len(found) == 1 and found[0] in SIDS
    for sid in SIDS:
        shown = _shown(sid)
        assert _kept(text) in shown, sid
        assert "[identical output" not in shown
    # each session is still found by what is its own, and by the path it read
    assert _ids("sandpiper") == [SIDS[1]]
    assert set(_ids("ledger.py")) == set(SIDS)
    deja("index", "--rebuild")
    assert _stored(home) == (1, 2)
    assert all(_kept(text) in _shown(sid) for sid in SIDS)


def test_forgetting_the_session_holding_the_text_keeps_it_for_the_others(home):
    text, owner = _indexed(home, 2)
    deja("forget", "--session", owner)
    others = [s for s in SIDS if s != owner]
    found = _ids("quillfeather")  # the search brings the index up to date first
    assert len(found) == 1 and found[0] in others
    for sid in others:
        assert _kept(text) in _shown(sid), sid
    assert _stored(home) == (1, 1)
    # and again: the last one standing holds it alone
    deja("forget", "--session", found[0])
    [last] = [s for s in others if s != found[0]]
    assert _ids("tundralantern") == [last]
    assert _kept(text) in _shown(last)
    assert _stored(home) == (1, 0)


def test_a_copy_whose_text_cannot_be_read_again_says_so(home):
    text, owner = _indexed(home, 3)
    for path in (home / ".claude" / "projects").rglob("*.jsonl"):
        if path.stem != owner:
            path.unlink()  # the copies' sources are gone: the index keeps their sessions
    deja("index")
    deja("forget", "--session", owner)
    for sid in SIDS:
        if sid != owner:
            shown = _shown(sid)
            assert "[identical output, " in shown and "bytes, stored once" in shown, sid
            assert "quillfeather" not in shown
            assert "The ledger module flushes" in shown  # the rest of the session is there
    assert _ids("quillfeather") == []


def test_small_identical_outputs_stay_with_each_session(home):
    text = "ok: 12 passed in 0.4s (quillfeather)\n"
    assert len(text) < SHARE_BYTES
    _sessions(home, text)
    deja("index")
    assert set(_ids("quillfeather")) == set(SIDS)
    assert _stored(home) == (0, 0)


def test_a_file_read_again_without_its_output_hands_it_to_a_copy(home):
    text, owner = _indexed(home, 4)
    # the owner's transcript is rewritten (a rewind): the output is no longer in it
    cwd = f"/home/dev/{TOPICS[SIDS.index(owner)]}"
    Transcript(owner, cwd, 9).user("start over").say("Starting over.").write(home)
    deja("index")
    found = _ids("quillfeather")
    assert len(found) == 1 and found[0] != owner
    assert "quillfeather" not in _shown(owner)
    assert all(_kept(text) in _shown(s) for s in SIDS if s != owner)
    assert _stored(home) == (1, 1)
