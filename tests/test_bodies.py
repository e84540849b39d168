"""How records' text is kept (store/bodies.py): compressed with a dictionary trained on the
index's own records, shown back exactly; an index of the previous format (schema 2: plain text
in a `body` field) is read as it is and rebuilt by the next writer without losing anything; a
lost dictionary is damage that `deja index` repairs. Every test goes through the `deja` CLI."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import tantivy

from conftest import deja, hits, live_index, write_jsonl
from deja.ingest.lock import WriterLock
from deja.store import bodies
from deja.store.textindex import Filters, TextIndex
from deja.text.tokenizer import ANALYZER, ANALYZER_NAME, TOKENIZER_VERSION, analyzer_input

WORDS = ("pool timeout retry cache worker commit branch deploy schema index token session router gateway "
         "latency regression fixture release payload tenant queue vector parser client server flaky").split()


def session(home: Path, sid: str, texts: list[str], day: int = 1) -> Path:
    lines = []
    for i, text in enumerate(texts):
        kind = "user" if i % 2 == 0 else "assistant"
        content = text if kind == "user" else [{"type": "text", "text": text}]
        lines.append({"type": kind, "sessionId": sid, "cwd": "/w/app", "timestamp": f"2026-03-{day:02d}T10:{i % 60:02d}:00Z",
                      "message": {"role": kind, "content": content}})
    return write_jsonl(home / f".claude/projects/-w-app/{sid}.jsonl", lines)


def prose(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)) + "."


def shown(sid: str) -> list[str]:
    return [r["text"] for r in deja("show", sid, "--json").json()["records"]]


def found(word: str) -> list[tuple[str, str]]:
    r = deja("search", word, "--json").json()
    return hits(r) if r["tier"] == "exact" else []


def root(home: Path) -> Path:
    return home / ".cache/deja"


def test_text_past_the_sample_is_kept_with_a_dictionary_and_shown_exactly(home):
    rng = random.Random(7)
    # ~1.5 MiB of text: the first MiB is held while it trains the dictionary, then coded with it
    big = [prose(rng, rng.randint(20, 900)) for _ in range(900)]
    big[3] = "the early needle earlyneedle7q sits here " + big[3]
    big[-2] += " and the late one lateneedle9z, with 中文混合的文本 and émigré accents"
    big[10] = "ok"  # shorter than a frame is worth: kept as it is
    session(home, "big", big)
    deja("index")
    gen = live_index(root(home))
    assert (gen / bodies.DICT_FILE).stat().st_size > 1000  # a dictionary was trained and kept
    assert shown("big") == big
    assert found("earlyneedle7q") == [("claude", "big")]
    assert found("lateneedle9z") == [("claude", "big")]
    text_bytes = sum(len(t.encode()) for t in big)
    store = sum(f.stat().st_size for f in (gen / "text").glob("*.store"))
    assert store < 0.5 * text_bytes  # the doc store holds the compressed text (lz4 alone: ~0.6)
    assert _tags(gen) == {bodies.RAW, bodies.DICT}  # none coded before the dictionary was there

    # a later writer loads the dictionary and codes new records with it
    more = [prose(rng, 200) + f" appended{i}word" for i in range(6)]
    session(home, "later", more, day=2)
    deja("index")
    assert shown("later") == more
    assert found("appended5word") == [("claude", "later")]
    assert shown("big") == big


def _tags(gen: Path) -> set[int]:
    """The coding of every body stored in a generation's text index."""
    index = tantivy.Index.open(str(gen / "text"))
    searcher = index.searcher()
    hits = searcher.search(tantivy.Query.all_query(), searcher.num_docs).hits
    return {bytes(searcher.doc(a).get_first("zbody"))[0] for _, a in hits}


def test_a_pool_of_workers_codes_the_text_with_the_dictionary_the_writer_trained(home):
    rng = random.Random(11)
    texts = {f"p{i}": [prose(rng, rng.randint(50, 700)) for _ in range(120)] for i in range(8)}
    texts["p0"][0] = "first file firstneedle3k " + texts["p0"][0]
    texts["p7"][-1] += " last file lastneedle8w 中文的结尾"
    for i, (sid, t) in enumerate(texts.items()):
        session(home, sid, t, day=i + 1)
    # every plan goes to a pool of two workers (the default needs 64 MiB of transcripts)
    r = deja("index", env={"DEJA_PARALLEL_BYTES": "1", "DEJA_WORKERS": "2"}, proc=True)
    assert r.code == 0, r.err
    gen = live_index(root(home))
    assert (gen / bodies.DICT_FILE).stat().st_size > 1000
    assert _tags(gen) == {bodies.DICT}  # the workers had the dictionary from their start
    assert found("firstneedle3k") == [("claude", "p0")]
    assert found("lastneedle8w") == [("claude", "p7")]
    for sid, t in texts.items():
        assert shown(sid) == t, sid


def test_a_small_index_has_no_dictionary_and_reads_back_exactly(home):
    texts = ["where does needle1x come from", ("needle1x is read from the config " * 30).strip(), "ok"]
    session(home, "s1", texts)
    deja("index")
    assert (live_index(root(home)) / bodies.DICT_FILE).read_bytes() == b""
    assert shown("s1") == texts
    assert found("needle1x") == [("claude", "s1")]


# -- the format before: schema 2, written here as that deja wrote it


def _schema_2() -> tantivy.Schema:
    b = tantivy.SchemaBuilder()
    b.add_text_field("text", stored=False, tokenizer_name=ANALYZER_NAME, index_option="position")
    b.add_bytes_field("body", stored=True)
    b.add_unsigned_field("sid", stored=True, indexed=True, fast=True)
    b.add_unsigned_field("fid", indexed=True)
    b.add_unsigned_field("role", stored=True, indexed=True, fast=True)
    b.add_integer_field("time", stored=True, indexed=True, fast=True)
    b.add_unsigned_field("seq", stored=True, fast=True)
    b.add_text_field("harness", tokenizer_name="raw", index_option="basic")
    b.add_text_field("project", tokenizer_name="raw", index_option="basic")
    return b.build()


def _to_schema_2(gen: Path) -> None:
    """Rewrite a generation as schema 2 had it: the same records, the text as plain UTF-8 in
    `body`, the catalog saying so, no dictionary."""
    db = sqlite3.connect(gen / "catalog.sqlite")
    sessions = {sid: (fid, h, p) for sid, fid, h, p in db.execute("SELECT sid, fid, harness, project FROM sessions")}
    records = list(TextIndex(gen / "text").scan(Filters()))
    assert records
    for f in (gen / "text").iterdir():
        f.unlink()
    (gen / bodies.DICT_FILE).unlink()
    index = tantivy.Index(_schema_2(), path=str(gen / "text"))
    index.register_tokenizer(ANALYZER_NAME, ANALYZER)
    w = index.writer()
    for r in records:
        fid, harness, project = sessions[r.sid]
        doc = tantivy.Document()
        doc.add_text("text", analyzer_input(r.text))
        doc.add_bytes("body", r.text.encode())
        for name, value in (("sid", r.sid), ("fid", fid), ("role", r.role), ("seq", r.seq)):
            doc.add_unsigned(name, value)
        doc.add_integer("time", r.time)
        doc.add_text("harness", harness)
        doc.add_text("project", project.lower())
        w.add_document(doc)
    w.commit()
    w.wait_merging_threads()
    db.execute("UPDATE meta SET value = ? WHERE key = 'index_version'", (f"schema2-tok{TOKENIZER_VERSION}",))
    db.commit()
    db.close()


def test_an_index_of_schema_2_is_read_then_rebuilt_without_losing_anything(home):
    for i in range(4):
        session(home, f"s{i}", [f"where does needle{i}x come from", f"needle{i}x is read from the config, 配置文件"])
    deja("index")
    before = {f"s{i}": shown(f"s{i}") for i in range(4)}
    (home / ".claude/projects/-w-app/s0.jsonl").unlink()  # its history is in the index alone
    deja("index")
    gen = live_index(root(home))
    _to_schema_2(gen)
    assert b'"body"' in (gen / "text/meta.json").read_bytes()

    # while a writer holds the lock, a search reads the old index as it is
    lock = WriterLock(root(home))
    assert lock.acquire(wait=False)
    try:
        assert found("needle0x") == [("claude", "s0")]
        assert found("needle2x") == [("claude", "s2")]
        assert shown("s0") == before["s0"]
    finally:
        lock.release()

    r = deja("index")
    assert "another version" in r.err  # said why it rebuilt
    gen = live_index(root(home))
    assert b'"zbody"' in (gen / "text/meta.json").read_bytes()
    db = sqlite3.connect(gen / "catalog.sqlite")
    assert db.execute("SELECT value FROM meta WHERE key = 'index_version'").fetchone()[0] != f"schema2-tok{TOKENIZER_VERSION}"
    db.close()
    for i in range(4):
        assert found(f"needle{i}x") == [("claude", f"s{i}")], i
        assert shown(f"s{i}") == before[f"s{i}"], i


def test_a_lost_dictionary_is_damage_that_index_repairs(home):
    rng = random.Random(3)
    texts = [prose(rng, rng.randint(50, 900)) for _ in range(700)] + ["the needle dictneedle4k at the end"]
    session(home, "big", texts)
    deja("index")
    gen = live_index(root(home))
    assert (gen / bodies.DICT_FILE).stat().st_size > 0
    (gen / bodies.DICT_FILE).unlink()
    r = deja("search", "dictneedle4k", check=False)
    assert r.code != 0 and "dictionary" in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1
    deja("index")  # rebuilds it from the transcript, which is still there
    assert found("dictneedle4k") == [("claude", "big")]
    assert shown("big") == texts
