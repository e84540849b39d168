"""Ranking signals, curation and the stemmed/close tiers, end to end through `deja … --json`.

Each signal is pinned by two sessions that differ only in that signal, with ids that sort the
other way, so a tie (ties go newest first, then by id) could not pass.
"""

from __future__ import annotations

import json

from conftest import deja
from test_search import OLD, ids, search, session

ASKED = "please look at the quokka parser, it drops quotes"


def test_decision_lifts_a_session_and_shows_its_decision_line(home):
    session(home, "api", "zz-decided", [("user", ASKED, OLD),
                                         ("assistant", "The fix was to escape quotes first; tests pass now.", OLD)])
    session(home, "api", "aa-undecided", [("user", ASKED, OLD),
                                           ("assistant", "I read the tokenizer and the escape table for a while.", OLD)])
    r = search("quokka")
    assert r["tier"] == "exact" and ids(r) == ["zz-decided", "aa-undecided"]
    assert r["hits"][0]["score"] > r["hits"][1]["score"]
    assert r["hits"][0]["decision"] == "The fix was to escape quotes first; tests pass now."
    assert r["hits"][1]["decision"] is None
    human = deja("search", "quokka")
    assert "decided: The fix was to escape quotes first" in human.out


def test_a_session_that_reverted_and_settled_nothing_is_damped(home):
    session(home, "api", "zz-explored", [("user", ASKED, OLD),
                                          ("assistant", "I changed the tokenizer and the escape table for a while.", OLD)])
    session(home, "api", "aa-reverted", [("user", ASKED, OLD),
                                          ("assistant", "I reverted the tokenizer and the escape table for a while.", OLD)])
    # reverting and then settling something is not a dead end: lifted, not damped
    session(home, "api", "mm-reverted-fixed", [("user", ASKED, OLD),
                                                ("assistant", "I reverted the tokenizer change; the fix was the escape table.", OLD)])
    r = search("quokka")
    assert ids(r) == ["mm-reverted-fixed", "zz-explored", "aa-reverted"]
    assert r["hits"][1]["score"] > r["hits"][2]["score"]


def test_sessions_searches_keep_serving_are_lifted_on_a_capped_log_curve(home):
    session(home, "api", "zz-reused", [("user", ASKED, OLD), ("assistant", "see the wombat notes", OLD)])
    session(home, "api", "aa-fresh", [("user", ASKED, OLD), ("assistant", "see the dingo notes", OLD)])
    r = search("quokka")
    assert ids(r) == ["aa-fresh", "zz-reused"]  # a tie: by id
    for _ in range(2):
        assert ids(search("wombat")) == ["zz-reused"]  # each search serves it once more
    r = search("quokka")
    assert ids(r) == ["zz-reused", "aa-fresh"]
    lift = r["hits"][0]["score"] / r["hits"][1]["score"]
    assert 1.05 < lift < 1.5  # both were served by the first search: 3 recalls against 1

    from deja.search import REUSE_MAX_LIFT, reuse_lift

    assert reuse_lift(0) == 1.0 and reuse_lift(1) < reuse_lift(3) < reuse_lift(30)
    assert reuse_lift(10**9) == 1.0 + REUSE_MAX_LIFT == 1.5


def test_no_signal_lifts_a_weak_match_over_a_clearly_more_relevant_one(home):
    filler = " ".join(f"step{i} checked the config and the logs" for i in range(40))
    # every lift at once: a decision, and served by three earlier searches
    session(home, "api", "aa-weak-lifted", [("user", "tidy the build scripts", OLD),
                                             ("assistant", f"{filler} and quokka once. The fix was the cache; tests pass now.", OLD),
                                             ("assistant", "marker numbat", OLD),
                                             ("assistant", "The fix was the cache key; tests pass now.", OLD)])
    session(home, "api", "zz-strong", [("user", "the quokka parser drops quokka quotes", OLD),
                                        ("assistant", "quokka tokens are split before quoting", OLD)])
    for _ in range(3):
        search("numbat")
    r = search("quokka")
    assert ids(r) == ["zz-strong", "aa-weak-lifted"]
    assert r["hits"][1]["decision"]


def test_promote_writes_a_note_with_provenance_and_its_state_travels_with_hits(home):
    session(home, "api", "tx-quokka", [("user", "why does the quokka parser drop quotes", OLD),
                                        ("bash", ("pytest -q tests/test_parser.py", "1 passed"), OLD),
                                        ("assistant", "The fix was to escape quotes in the tokenizer; tests pass now.", OLD)])
    session(home, "api", "other", [("user", "the quokka logo is blurry", OLD)])
    before = search("quokka")
    assert all(h["state"] is None for h in before["hits"])

    p = deja("promote", "tx-quokka", "--note", "verified on main", "--tag", "parser", "--json").json()
    assert p["state"] == "accepted" and p["searchable"] and p["note_session"].startswith("notes:api-")
    note = p["note"]
    assert note["promoted"] == {"harness": "claude", "session": "tx-quokka", "path": p["session"]["path"],
                                "state": "accepted"}
    assert set(note["tags"]) == {"promoted", "parser"}
    for part in ("Why: verified on main", "Question: why does the quokka parser drop quotes",
                 "Decision: The fix was to escape quotes in the tokenizer", "`pytest -q tests/test_parser.py`",
                 "From: claude session tx-quokka"):
        assert part in note["text"], part
    lines = (home / ".local/share/deja/notes.jsonl").read_text().splitlines()
    assert json.loads(lines[-1]) == note  # written through the notes file

    r = search("quokka")
    # the promoted note comes before the transcript it came from; the state rides on the transcript
    assert [h["session"]["harness"] for h in r["hits"]][:2] == ["notes", "claude"]
    by_id = {h["session"]["id"]: h for h in r["hits"]}
    assert by_id["tx-quokka"]["state"] == "accepted" and by_id["other"]["state"] is None
    assert "[accepted]" in deja("search", "quokka").out

    deja("promote", "tx-quok", "--state", "superseded", "--note", "replaced by the lexer rewrite")
    assert {h["session"]["id"]: h["state"] for h in search("quokka", "--harness", "claude")["hits"]}["tx-quokka"] == "superseded"
    deja("index", "--rebuild")
    assert {h["session"]["id"]: h["state"] for h in search("quokka", "--harness", "claude")["hits"]}["tx-quokka"] == "superseded"

    bad = deja("promote", "tx-quokka", "--state", "maybe", check=False)
    assert bad.code != 0 and "Traceback" not in bad.err
    missing = deja("promote", "nope-nothing", check=False)
    assert missing.code != 0 and missing.err.startswith("Error:")


def test_word_forms_answer_before_relevance_as_tier_stemmed(home):
    session(home, "api", "has-form", [("user", "plan the migration of the billing tables", OLD)])
    session(home, "api", "unrelated", [("user", "the billing page is slow", OLD)])
    r = search("migrations")
    assert r["tier"] == "stemmed" and ids(r) == ["has-form"]
    assert "migration" in r["hits"][0]["snippets"][0]
    r = search("migrations", "billing")
    assert r["tier"] == "stemmed" and ids(r) == ["has-form"]
    human = deja("search", "migrations")
    assert "other forms" in human.out
    # the form typed, when some session has it, is an exact answer and nothing else is mixed in
    session(home, "api", "has-exact", [("user", "run the migrations tonight", OLD)])
    r = search("migrations")
    assert r["tier"] == "exact" and ids(r) == ["has-exact"]


def test_close_spellings_answer_as_tier_close_and_cjk_is_never_fuzzed(home):
    session(home, "api", "pg", [("user", "the postgres connection pool is exhausted", OLD)])
    session(home, "web", "cjk", [("user", "我在改广告点击率的统计", OLD)])
    r = search("postgers")  # a swapped pair
    assert r["tier"] == "close" and ids(r) == ["pg"]
    r = search("postgers", "pool")
    assert r["tier"] == "close" and ids(r) == ["pg"]
    assert "close spellings" in deja("search", "postgers").out
    # short words are not fuzzed: one edit from most short words is another word
    assert search("pol")["tier"] == "none"
    # CJK: no close tier, whatever the length
    assert search("广告点几")["tier"] in ("relevance", "weak", "none")

    from deja.search.signals import fuzzable

    assert not fuzzable("广告点击率的统") and fuzzable("postgres") and not fuzzable("pool")


def test_m003_upgrades_an_m002_catalog_in_place(tmp_path):
    import sqlite3

    from deja.store import migrations
    from deja.store.catalog import Catalog

    path = tmp_path / "catalog.sqlite"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    for name, fn in migrations.MIGRATIONS[:2]:
        assert name in ("m001_initial", "m002_retention")
        fn(db)
        db.execute("INSERT INTO migrations VALUES (?, 0)", (name,))
    db.execute("INSERT INTO sessions(key, sid, harness, id, fid) VALUES ('claude:old', 1, 'claude', 'old', 9)")
    db.close()
    cat = Catalog(path)
    assert "m003_ranking_and_curation" not in migrations.pending(cat.db)
    row = cat.sessions_by_key(["claude:old"])["claude:old"]
    assert (row.decision, row.reverted) == ("", 0)
    cat.count_recalls(["claude:old", "claude:old"])
    assert cat.recall_counts(["claude:old"]) == {"claude:old": 1}  # once per search, however often listed
    cat.close()
