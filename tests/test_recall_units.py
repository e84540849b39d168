"""Issue 14, session 12: a number glued to its unit, through the CLI (branch `zh7`;
text/tokenizer.py, search/quantity.py; benchmarks/quality/zh7.py is the dev set).

79kg, 10km, 9k, 7pm were one token each, which neither the question's units clause nor a search for
the unit reached; and a one-character unit after Arabic digits (12点才睡) was held only inside its
bigram with the next character. Each test fails on the code before this change."""

from __future__ import annotations

import sqlite3

from test_recall_zh import _chats, _first
from conftest import deja, live_index
from test_search import OLD, ids, search, session

from deja.text.tokenizer import TOKENIZER_VERSION, analyzer_input_py, tokens


def test_a_weight_glued_to_kg_answers_a_chinese_question(home):
    # 我现在体重多少: the answer says 79kg (one token before), the chat about the scale says 体重
    _chats(home, {"now": ("今天早上一称79kg，比上个月又重了一点", "慢慢来，别着急。"),
                  "scale": ("体重秤是不是坏了，数字老跳", "可能是电池快没电了。")})
    assert _first("我现在体重多少？") == "now"


def test_a_distance_glued_to_km_answers_how_far(home):
    _chats(home, {"ran": ("周六早上沿着江边跑了10km，跑完浑身舒坦", "跑完记得拉伸。"),
                  "shoes": ("跑步鞋鞋底都磨平了，跑步要换双新的吗", "鞋底磨平了就该换了。")})
    assert _first("我周末一般跑多远？") == "ran"


def test_a_glued_unit_is_found_written_either_way(home):
    # the same tokens for 79kg, 79 kg and 79-kg, the question and the record alike
    session(home, "life", "w", [("user", "weighed in at 79kg today", OLD), ("assistant", "nice", OLD)])
    session(home, "life", "other", [("user", "the 79 bus was late", OLD), ("assistant", "annoying", OLD)])
    assert ids(search("79 kg")) == ["w"]
    assert ids(search("79kg")) == ["w"]


def test_what_the_split_leaves_alone():
    # a token with letters first, digits after letters, or another script's letters is not a
    # number and its unit: hashes, versions, model names stay one token
    for word in ("iphone15", "3fa85f64", "x86", "sha256", "é79kg", "79kgé"):
        assert tokens(word) == [word.lower()], word
    assert tokens("体重79kg了") == ["体重", "79", "kg", "了"]
    assert tokens("1.5L") == ["1", "5", "l"]
    assert analyzer_input_py("3点半") == "3 点 点半 "


def test_an_index_of_the_older_tokenizer_is_rebuilt(home):
    # the index holds what the tokenizer made: an index made by version 2 (79kg one token) is
    # rebuilt by the next index run, and then the unit is found
    session(home, "life", "w", [("user", "weighed in at 79kg today", OLD), ("assistant", "nice", OLD)])
    deja("index")
    gen = live_index(home / ".cache/deja")
    db = sqlite3.connect(gen / "catalog.sqlite")
    version = db.execute("SELECT value FROM meta WHERE key = 'index_version'").fetchone()[0]
    assert version.endswith(f"-tok{TOKENIZER_VERSION}")
    db.execute("UPDATE meta SET value = ? WHERE key = 'index_version'", (version.replace(f"-tok{TOKENIZER_VERSION}", "-tok2"),))
    db.commit()
    db.close()
    r = deja("index")
    assert "another version" in r.err
    assert ids(search("kg")) == ["w"]


def test_an_extension_built_from_older_rules_is_not_used(monkeypatch):
    # an editable install whose extension was not rebuilt keeps the old cjk_bigrams (no split):
    # the index would hold version 2's tokens under version 3's name; the twins run instead
    from types import SimpleNamespace

    from deja import native
    from deja.text import tokenizer

    class Old:
        scan = staticmethod(native.scan_py)
        cjk_bigrams = staticmethod(lambda text: text)

    monkeypatch.delenv("DEJA_PURE", raising=False)
    monkeypatch.setattr(native, "importlib", SimpleNamespace(import_module=lambda name: Old))
    module, why = native._load()
    assert module is None and "cjk_bigrams gave" in why
    if native.NATIVE is not None:
        assert tokenizer.analyzer_input is native.NATIVE.cjk_bigrams


def test_a_number_glued_to_a_chinese_unit_finds_it_written_apart(home):
    # 10公里 is read 10 公 公里 (the run after digits led by its first character); a chat that writes
    # the figure apart from its unit (跑了 10 公里, as much Chinese is spaced) holds 10 and 公里 alone:
    # the query's one phrase 10 公 公里 missed it, and the search fell from every word to the nearest
    session(home, "life", "spaced", [("user", "我昨天沿着江边跑了 10 公里，感觉不错", OLD), ("assistant", "好的", OLD)])
    session(home, "life", "glued", [("user", "上周末跑了10公里，腿有点酸", OLD), ("assistant", "好的", OLD)])
    session(home, "life", "other", [("user", "今天天气很好，出去走走", OLD), ("assistant", "好", OLD)])
    for q in ("10公里", "10 公里"):
        got = search(q)
        assert got["tier"] == "exact" and sorted(ids(got)) == ["glued", "spaced"], (q, got["tier"], ids(got))
