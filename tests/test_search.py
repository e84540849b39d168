"""Search semantics end to end: `deja search … --json` over small hand-written transcripts."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from conftest import deja, hits, write_jsonl

OLD = "2026-02-01T10:00:00Z"


def ago(**delta) -> str:
    return (datetime.now(timezone.utc) - timedelta(**delta)).strftime("%Y-%m-%dT%H:%M:%SZ")


def session(home, project: str, sid: str, turns) -> None:
    """A Claude Code transcript from (role, text, timestamp) turns.

    role is "user" or "assistant", or "bash" with text = (command, output).
    """
    base = {"sessionId": sid, "cwd": f"/w/{project}"}
    lines = []
    for n, (role, text, ts) in enumerate(turns):
        if role == "user":
            lines.append({**base, "type": "user", "timestamp": ts, "message": {"role": "user", "content": text}})
        elif role == "assistant":
            content = [{"type": "text", "text": text}]
            lines.append({**base, "type": "assistant", "timestamp": ts, "message": {"role": "assistant", "content": content}})
        else:
            command, output = text
            use = {"type": "tool_use", "id": f"t{n}", "name": "Bash", "input": {"command": command}}
            res = {"type": "tool_result", "tool_use_id": f"t{n}", "content": output}
            lines.append({**base, "type": "assistant", "timestamp": ts, "message": {"role": "assistant", "content": [use]}})
            lines.append({**base, "type": "user", "timestamp": ts, "message": {"role": "user", "content": [res]}})
    write_jsonl(home / f".claude/projects/-w-{project}/{sid}.jsonl", lines)


def search(*args: str) -> dict:
    return deja("search", *args, "--json").json()


def ids(result: dict) -> list[str]:
    return [i for _, i in hits(result)]


def test_words_are_anded_and_quoted_phrases_are_contiguous(home):
    session(home, "api", "both-phrase", [("user", "the connection pool exhausted again", OLD)])
    session(home, "api", "both-apart", [("user", "we exhausted the pool while migrating", OLD)])
    session(home, "api", "only-pool", [("user", "the pool is fine today", OLD), ("assistant", "good news", OLD)])
    r = search("pool", "exhausted")
    assert r["tier"] == "exact"
    assert sorted(ids(r)) == ["both-apart", "both-phrase"]
    r = search('"pool exhausted"')
    assert r["tier"] == "exact" and ids(r) == ["both-phrase"]
    # no session says "exhausted pool" contiguously: not exact, only the nearest sessions
    r = search('"exhausted pool"')
    assert r["tier"] == "relevance" and "only-pool" in ids(r)


def test_words_in_different_records_of_one_session_are_an_exact_hit(home):
    session(home, "api", "split", [("user", "the walrus cache is cold", OLD), ("assistant", "the narwhal restarted", OLD)])
    session(home, "api", "walrus-only", [("user", "the walrus cache is warm", OLD)])
    r = search("walrus", "narwhal")
    assert r["tier"] == "exact" and ids(r) == ["split"]


def test_split_words_and_cjk_runs_are_phrases(home):
    session(home, "api", "err-joined", [("user", "the job failed with ERR-1234 twice", OLD)])
    session(home, "api", "err-apart", [("user", "codes seen: ERR 999 1234 in that order", OLD)])
    session(home, "api", "path-joined", [("assistant", "I edited src/client.py for the retry", OLD)])
    session(home, "api", "path-apart", [("assistant", "the src of the client is a py module", OLD)])
    session(home, "web", "cjk-joined", [("user", "我在改广告点击率的统计", OLD)])
    session(home, "web", "cjk-apart", [("user", "广告和点击要分开统计", OLD)])
    # every bigram of 广告点击 (广告 告点 点击), but never the run itself
    session(home, "web", "cjk-scrambled", [("user", "先点击了广告，告点名册", OLD)])
    r = search("ERR-1234")
    assert r["tier"] == "exact" and ids(r) == ["err-joined"]
    r = search("src/client.py")
    assert r["tier"] == "exact" and ids(r) == ["path-joined"]
    for q in ("广告点击", '"广告点击"'):
        r = search(q)
        assert r["tier"] == "exact" and ids(r) == ["cjk-joined"], q
        assert any("广告点击" in s for s in r["hits"][0]["snippets"])


def test_filters_since_project_harness_role_and_commands(home):
    now = ago(hours=1)
    session(home, "api", "api-old", [("user", "draft the migration plan", "2020-01-05T09:00:00Z")])
    session(home, "api", "api-new", [
        ("user", "rerun the migration please", now),
        ("bash", ("alembic upgrade head", "done in 2s"), now),
        ("assistant", "finished", now),
    ])
    session(home, "web", "web-new", [("user", "hello", now), ("assistant", "the migration for web is done", now)])
    pi = {"type": "session", "version": 3, "id": "pi-new", "timestamp": now, "cwd": "/w/api"}
    msg = {"type": "message", "timestamp": now, "message": {"role": "user", "content": [{"type": "text", "text": "migration from pi"}]}}
    write_jsonl(home / ".pi/agent/sessions/--w-api--/2026-01-01T00-00-00_pi-new.jsonl", [pi, msg])

    assert sorted(ids(search("migration"))) == ["api-new", "api-old", "pi-new", "web-new"]
    assert sorted(ids(search("migration", "--since", "30d"))) == ["api-new", "pi-new", "web-new"]
    assert sorted(ids(search("migration", "--since", "2019-12-31"))) == ["api-new", "api-old", "pi-new", "web-new"]
    assert sorted(ids(search("migration", "--project", "api"))) == ["api-new", "api-old", "pi-new"]
    assert ids(search("migration", "--project", "/w/web/")) == ["web-new"]
    assert ids(search("migration", "--project", "/somewhere/web")) == []  # a path is that project, not its name
    assert hits(search("migration", "--harness", "pi")) == [("pi", "pi-new")]
    assert sorted(hits(search("migration", "--harness", "claude"))) == [("claude", i) for i in ("api-new", "api-old", "web-new")]
    assert sorted(ids(search("migration", "--role", "user"))) == ["api-new", "api-old", "pi-new"]
    r = search("migration", "--role", "assistant")
    assert ids(r) == ["web-new"] and r["hits"][0]["snippet_roles"] == ["assistant"]

    # a word only in a shell command is work: found without --role when nothing else holds it,
    # shown as the command it is (issue 14; it used to need --role command)
    r = search("alembic")
    assert r["tier"] == "exact" and ids(r) == ["api-new"] and r["hits"][0]["snippet_roles"] == ["command"]
    r = search("alembic", "--role", "user")
    assert r["tier"] == "none" and r["hits"] == [] and r["total"] == 0  # a role asked for is kept to
    r = search("alembic", "--role", "command")
    assert ids(r) == ["api-new"] and r["hits"][0]["snippet_roles"] == ["command"]
    assert ids(search("2s")) == ["api-new"]  # while its output is searched by default


def test_limit_all_and_tie_order(home):
    text = "rotate the signing keys before the release"
    # discovery order (project dirs) deliberately differs from the expected order
    session(home, "aaa", "tie-b", [("user", text, "2026-01-10T10:00:00Z")])
    session(home, "bbb", "tie-c", [("user", text, "2026-01-20T10:00:00Z")])
    session(home, "ccc", "tie-a", [("user", text, "2026-01-10T10:00:00Z")])
    session(home, "ddd", "tie-d", [("user", text, "2026-01-30T10:00:00Z")])
    session(home, "eee", "other", [("user", "nothing relevant here", "2026-01-30T10:00:00Z")])
    expected = ["tie-d", "tie-c", "tie-a", "tie-b"]
    r = search("signing", "keys", "--limit", "2")
    assert ids(r) == expected[:2] and r["total"] == 4 and r["tier"] == "exact"
    r = search("signing", "keys", "--limit", "1")
    assert len(r["hits"]) == 1 and r["total"] == 4
    r = search("signing", "keys", "--limit", "1", "--all")
    assert ids(r) == expected and r["total"] == 4


def test_user_words_outrank_assistant_words(home):
    said, other = "please fix the quokka parser", "I will look at that soon"
    # equal sessions but for who said it; ids sort the other way so a tie could not pass
    session(home, "api", "zz-user-said", [("user", said, OLD), ("assistant", other, OLD)])
    session(home, "api", "aa-asst-said", [("user", other, OLD), ("assistant", said, OLD)])
    r = search("quokka")
    assert ids(r) == ["zz-user-said", "aa-asst-said"]
    assert r["hits"][0]["score"] > r["hits"][1]["score"]


def test_relevance_when_no_session_has_every_word_and_none_when_nothing(home):
    session(home, "api", "has-walrus", [("user", "the walrus cache is cold", OLD)])
    session(home, "api", "has-narwhal", [("assistant", "the narwhal worker restarted", OLD)])
    session(home, "api", "has-neither", [("user", "unrelated chatter", OLD)])
    r = search("walrus", "narwhal")
    assert r["tier"] == "relevance" and sorted(ids(r)) == ["has-narwhal", "has-walrus"]
    human = deja("search", "walrus", "narwhal")
    assert human.code == 0 and "nearest" in human.out
    r = search("okapi")
    assert r["tier"] == "none" and r["hits"] == [] and r["total"] == 0
    r = search("okapi", "zebu")
    assert r["tier"] == "none" and r["hits"] == []
    human = deja("search", "okapi", check=False)
    assert human.code != 0 and "Traceback" not in human.err


def test_regex_and_snippets(home):
    session(home, "api", "rx-yes", [("assistant", "set timeout=30s on the http client", OLD)])
    session(home, "api", "rx-no", [("assistant", "timeout=abc is not a duration", OLD)])
    many = [("user" if i % 2 else "assistant", f"gremlin number {i} showed up in the logs", OLD) for i in range(6)]
    session(home, "web", "many", many)

    r = search("--re", r"timeout=\d+s")
    assert r["tier"] == "exact" and ids(r) == ["rx-yes"]
    assert "timeout=30s" in r["hits"][0]["snippets"][0]
    bad = deja("search", "--re", "timeout=(", "--json", check=False)
    assert bad.code != 0 and bad.out == ""
    assert bad.err.count("\n") == 1 and bad.err.startswith("Error:") and "Traceback" not in bad.err
    assert "regular expression" in bad.err and "internal error" not in bad.err

    for args in (["gremlin"], ["--re", r"gremlin number \d"]):
        r = search(*args)
        assert ids(r) == ["many"] and r["total"] == 1, args
        h = r["hits"][0]
        assert h["count"] == 6 and len(h["snippets"]) == 3, args
        assert all("gremlin" in s for s in h["snippets"]), args


def test_a_query_with_a_lone_surrogate_is_searched_not_an_internal_error(home):
    # an argument's undecodable byte reaches Python as a lone surrogate (`deja search $'\xff'`), and
    # JSON may carry one ("\ud800"): the analyzer takes neither, so they are searched as U+FFFD / "?"
    session(home, "shop", "phones", [("user", "what phone do I have? a Pixel 9", OLD)])
    for q in ("what phone \udcff do I have?", "pixel \ud800"):
        r = deja("search", "--json", "--", q, check=False)
        assert r.code in (0, 1) and "internal error" not in r.err, r.err
    assert "phones" in ids(deja("search", "--json", "--", "pixel \udcff").json())
    from deja.search.query import parse  # the hooks and the MCP server parse a question too

    assert parse("pixel \ud800 phone").content
