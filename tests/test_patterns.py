"""deja's compiled patterns kept across processes (deja/cli/patterns.py): `deja index` writes
them beside the index, a search or an append finds them compiled, and what a search shows is
the same with or without the file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builders import Transcript
from conftest import deja_proc


def _corpus(home: Path) -> None:
    (Transcript("1111aaaa-0000-4000-8000-000000000001", "/w/api", 1)
     .user("why did the gradle build break after the upgrade?")
     .say("The android plugin needed a newer gradle wrapper; the upgrade pinned 8.2.")
     .bash("./gradlew assemble", "BUILD SUCCESSFUL").write(home))
    (Transcript("2222bbbb-0000-4000-8000-000000000002", "/w/web", 2)
     .user("幂等令牌 在重试时怎么用?").say("每个请求带一个幂等令牌, 服务端记住它。").write(home))


def _files(home: Path) -> tuple[Path, Path]:
    root = home / ".cache" / "deja"
    return root / f"regex.{sys.implementation.cache_tag}.cache", root / "regex.stale"


QUESTIONS = (["why did the android build break after the gradle upgrade"], ["幂等令牌"], ["gradle", "wrapper"])


def _answers(home: Path) -> list[dict]:
    out = []
    for q in QUESTIONS:
        d = deja_proc("search", *q, "--json").json()
        # the score moves with the recall count each search writes (the reuse lift); the rest may not
        out.append({"tier": d["tier"], "total": d["total"], "hits": [{k: v for k, v in h.items() if k != "score"}
                                                                     for h in d["hits"]]})
    return out


def test_index_keeps_the_patterns_and_searches_answer_the_same(home):
    _corpus(home)
    deja_proc("index")
    kept, stale = _files(home)
    assert kept.is_file() and kept.stat().st_mode & 0o077 == 0
    assert not stale.exists()
    with_file = _answers(home)
    assert not stale.exists(), "a search found a pattern of deja's own missing from a file just written"
    kept.unlink()
    without = _answers(home)
    assert with_file == without
    assert stale.exists(), "a search without the file notes it for the next `deja index`"
    deja_proc("index")
    assert kept.is_file() and not stale.exists()


def test_the_kept_patterns_are_what_re_compiles(home):
    """Every pattern the file holds, put into re's cache, equals what re.compile makes of it (the
    same pattern, flags and code: Pattern's equality compares all three)."""
    _corpus(home)
    deja_proc("index")
    kept, _ = _files(home)
    code = f"""
import re
from re import _compiler
from deja.cli import patterns
n = patterns.load({str(kept.parent)!r})
assert n > 30, n
bad = [k for k in patterns._seeded if re._cache[k] != _compiler.compile(k[1], k[2])]
print(n, len(bad))
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    n, bad = map(int, p.stdout.split())
    assert n > 30 and bad == 0


def test_a_damaged_or_old_file_is_rebuilt_and_costs_nothing_else(home):
    _corpus(home)
    deja_proc("index")
    kept, stale = _files(home)
    good = _answers(home)
    kept.write_bytes(b"\x00not marshal at all")
    assert _answers(home) == good
    assert stale.exists()
    deja_proc("index")
    assert not stale.exists() and kept.stat().st_size > 1000
    assert _answers(home) == good


def test_a_file_of_this_interpreter_with_damaged_entries_is_rebuilt_by_the_next_index(home):
    """`deja index` reads the whole file when it starts (every entry compiled); an entry that
    will not compile under the right tag makes the file stale for its end, not just a bad tag."""
    import marshal

    from deja.cli import patterns

    _corpus(home)
    deja_proc("index")
    kept, stale = _files(home)
    kept.write_bytes(marshal.dumps((patterns._tag(), 1, [("x",)])))
    deja_proc("index")
    assert not stale.exists() and kept.stat().st_size > 1000
    assert len(marshal.loads(kept.read_bytes())[2]) > 30


def test_no_query_words_are_kept(home):
    """Only deja's constants are kept: a search's words (which may be anything the person typed)
    never reach the file, even when `deja index` rebuilds it right after."""
    _corpus(home)
    deja_proc("index")
    kept, stale = _files(home)
    deja_proc("search", "zanzibarquokka", "gradle", check=False)
    stale.touch()
    deja_proc("index")
    assert not stale.exists()
    assert b"zanzibarquokka" not in kept.read_bytes()
