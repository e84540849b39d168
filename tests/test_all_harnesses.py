"""All twenty-one stores in one HOME: each reports sessions in `deja sources`, each is searchable
with `--harness`, and a broken one costs only itself."""

from __future__ import annotations

import re
import shutil

from conftest import FIXTURES, deja
from deja.sources import HARNESSES


def _populate(home):
    for base in (FIXTURES / "real", FIXTURES):
        for d in sorted(base.iterdir()):
            if not d.is_dir() or d.name == "real":
                continue
            for item in d.iterdir():
                if item.is_dir():
                    shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    from test_source_zed import build_db

    build_db(home / ".local/share/zed/threads/threads.db")
    deja("remember", "the all-harness note about lorikeets", "--project", "/w/birds")


def test_every_harness_reports_sessions_and_is_searchable(home):
    _populate(home)
    deja("index")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert set(HARNESSES) <= set(states)
    for h in HARNESSES:
        assert states[h]["state"] == "ok" and states[h]["sessions"] >= 1, states[h]
    for h in HARNESSES:
        sid = deja("last", "1", "--harness", h, "--json").json()["sessions"][0]["id"]
        records = deja("show", f"{h}:{sid}", "--json").json()["records"]
        speech = [r["text"] for r in records if r["role"] in ("user", "assistant", "tool-output")]
        word = max((w for t in speech for w in re.findall(r"[A-Za-z]{5,}", t)), key=len)
        r = deja("search", word, "--harness", h, "--json").json()
        assert r["total"] >= 1 and all(x["session"]["harness"] == h for x in r["hits"]), (h, word)


def test_a_broken_store_costs_only_itself(home):
    _populate(home)
    # garbage where two stores should be: a SQLite one and a JSONL one
    (home / ".local/share/opencode/opencode.db").write_bytes(b"not a database at all" * 10)
    for p in (home / ".qwen/projects").rglob("*.jsonl"):
        p.write_bytes(b"\x00\x01\x02 garbage\n\xff\xfe\n")
    deja("index")
    states = {s["harness"]: s for s in deja("sources", "--json").json()["sources"]}
    assert states["opencode"]["errors"] >= 1 and "opencode.db" in states["opencode"]["reason"]
    assert states["qwen"]["state"] == "unreadable" and states["qwen"]["reason"]
    for h in HARNESSES:
        if h not in ("opencode", "qwen"):
            assert states[h]["state"] == "ok", states[h]
