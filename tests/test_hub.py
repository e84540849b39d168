"""The team hub end to end: a real PostgreSQL server (tests/pg.py), four throwaway HOMEs as four
machines, every step through the `deja` CLI, and the hub's table read back directly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import deja, write_jsonl
from pg import PASSWORD, pg_dsn, pg_server  # noqa: F401 - fixtures

T = "2026-03-0{}T10:00:{:02d}Z"
AWS = "AKIA" + "Q3EGRTNAXZ7LMP4W"  # the shape of an AWS access key id, planted in a shared session


def machine(tmp_path: Path, name: str) -> dict:
    """The environment of one machine: its own HOME, its own name."""
    h = tmp_path / name
    h.mkdir()
    return {"HOME": str(h), "DEJA_MACHINE": name}


def session(env: dict, project: str, sid: str, texts: list[str], day: int = 1) -> None:
    """A Claude Code transcript in /w/<project>, user and assistant taking turns."""
    base = {"sessionId": sid, "cwd": f"/w/{project}"}
    lines = []
    for n, text in enumerate(texts):
        role = "user" if n % 2 == 0 else "assistant"
        content = text if role == "user" else [{"type": "text", "text": text}]
        lines.append({**base, "type": role, "timestamp": T.format(day, n % 60),
                      "message": {"role": role, "content": content}})
    write_jsonl(Path(env["HOME"]) / f".claude/projects/-w-{project}/{sid}.jsonl", lines)


def rows(dsn: str, sql: str, *args) -> list[tuple]:
    import psycopg

    with psycopg.connect(dsn) as c:
        return c.execute(sql, args).fetchall()


def started(env: dict, *args: str) -> subprocess.Popen:
    """`deja ARGS` as its own process, running while the caller starts another."""
    return subprocess.Popen([sys.executable, "-m", "deja", *args], env={**os.environ, **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(p: subprocess.Popen) -> str:
    out, err = p.communicate(timeout=180)
    assert p.returncode == 0, (p.args, out, err)
    return out


def found(env: dict, query: str, *args: str) -> list[tuple[str, str]]:
    r = deja("search", query, *args, "--json", env=env).json()
    return sorted((h["session"]["harness"], h["session"]["id"]) for h in r["hits"])


def test_three_machines_push_two_at_once_and_a_fourth_pulls_only_what_was_shared(tmp_path, pg_dsn):
    a, b, c, d = (machine(tmp_path, n) for n in ("alpha", "bravo", "charlie", "delta"))
    many = [f"bravo turn {i} about the flaky kumquat migration" for i in range(300)]
    session(a, "shop", "a-shop", ["why does the kumquat checkout time out", f"the key {AWS} was in the log; rotated"])
    session(a, "private", "a-private", ["my unsharedzebra salary spreadsheet", "noted"])
    session(b, "shop", "b-shop", many, day=2)
    session(c, "infra", "c-infra", ["kumquat dns for the staging cluster", "fixed the resolver"], day=3)
    session(c, "infra", "c-infra-2", [f"charlie {i}: kumquat terraform plan" for i in range(120)], day=4)

    r = deja("sync", "push", pg_dsn, env=a, check=False)
    assert r.code == 1 and r.err.count("\n") == 1 and "nothing is shared" in r.err and "deja sync share" in r.err
    assert "Traceback" not in r.err

    deja("sync", "share", "/w/shop", env=a)
    deja("sync", "share", "/w/shop", env=b)
    deja("sync", "share", "/w/infra/", env=c)
    assert deja("sync", "shared", "--json", env=c).json()["shared"] == ["/w/infra"]
    for env in (b, c):
        deja("index", env=env)

    # bravo and charlie meet the new hub at once (both migrate it, both push); delta pulls meanwhile
    pushing = [started(b, "sync", "push", pg_dsn, "--json"), started(c, "sync", "push", pg_dsn, "--json")]
    early = started(d, "sync", "pull", pg_dsn, "--json")
    pushed = [__import__("json").loads(finished(p)) for p in pushing]
    finished(early)
    assert [p["added"] for p in pushed] == [300, 122] and [p["duplicate"] for p in pushed] == [0, 0]
    deja("sync", "push", pg_dsn, env=a)

    (n, distinct), = rows(pg_dsn, "SELECT count(*), count(DISTINCT key) FROM deja_records")
    assert n == distinct == 2 + 300 + 122
    assert rows(pg_dsn, "SELECT DISTINCT origin, project FROM deja_records ORDER BY 1") == [
        ("alpha", "/w/shop"), ("bravo", "/w/shop"), ("charlie", "/w/infra")]
    (leaks,), = rows(pg_dsn, "SELECT count(*) FROM deja_records WHERE record LIKE %s OR record LIKE %s "
                     "OR project LIKE %s", "%unsharedzebra%", f"%{AWS}%", "%private%")
    assert leaks == 0

    r = deja("sync", "pull", pg_dsn, "--json", env=d).json()
    assert r["added"] + r["duplicate"] > 0 and r["skipped"] == 0
    hit = found(d, "kumquat")
    assert ("claude", "a-shop@alpha") in hit and ("claude", "b-shop@bravo") in hit
    assert ("claude", "c-infra@charlie") in hit and ("claude", "c-infra-2@charlie") in hit
    assert found(d, "unsharedzebra") == []
    assert found(d, "kumquat", "--from", "alpha") == [("claude", "a-shop@alpha")]
    assert found(d, "kumquat", "--from", "local") == []
    shown = deja("show", "a-shop@alpha", env=d).out
    assert "kumquat checkout" in shown and AWS not in shown
    # everything arrived exactly once between the early pull and this one
    (stored,), = rows(pg_dsn, "SELECT count(*) FROM deja_records")
    again = deja("sync", "pull", pg_dsn, "--full", "--json", env=d).json()
    assert again["added"] == 0 and again["duplicate"] == stored

    # bravo pulls the others, not itself; pushing and pulling again add nothing
    rb = deja("sync", "pull", pg_dsn, "--json", env=b).json()
    assert rb["added"] == 2 + 122 and rb["own"] == 0
    assert deja("sync", "pull", pg_dsn, "--json", env=b).json()["added"] == 0
    assert deja("sync", "pull", pg_dsn, "--json", env=d).json()["added"] == 0
    r = deja("sync", "push", pg_dsn, env=a)
    assert "nothing new to push from alpha" in r.out
    full = deja("sync", "push", pg_dsn, "--full", "--json", env=a).json()
    assert (full["added"], full["duplicate"]) == (0, 2)
    assert rows(pg_dsn, "SELECT count(*) FROM deja_records") == [(stored,)]
    marks = dict(rows(pg_dsn, "SELECT machine, pulled_id FROM deja_machines WHERE pulled_id > 0"))
    assert set(marks) == {"bravo", "delta"}


def test_a_project_shared_later_is_pushed_whole_and_unsharing_stops_it(tmp_path, pg_dsn):
    a = machine(tmp_path, "alpha")
    session(a, "web", "a-web", ["the web quince bug", "found it"])
    session(a, "api", "a-api", ["the api quince bug", "found it too"])
    deja("sync", "share", "/w/web", env=a)
    assert deja("sync", "push", pg_dsn, "--json", env=a).json()["added"] == 2
    deja("sync", "share", "/w/api", env=a)
    assert deja("sync", "push", pg_dsn, "--json", env=a).json()["added"] == 2
    deja("sync", "unshare", "/w/web", env=a)
    session(a, "web", "a-web-2", ["a later web quince", "private now"], day=5)
    r = deja("sync", "push", pg_dsn, "--json", env=a).json()
    assert r["projects"] == ["/w/api"] and r["added"] == 0
    assert rows(pg_dsn, "SELECT count(*) FROM deja_records WHERE session = 'a-web-2'") == [(0,)]


def test_share_normalises_paths_and_keeps_the_rest_of_the_config(tmp_path, home):
    repo = home / "src/shop"
    (repo / ".git").mkdir(parents=True)
    (repo / "api").mkdir()
    cfg = home / ".config/deja/config.toml"
    cfg.parent.mkdir(parents=True)
    cfg.write_text("# my settings\nlimit = 7\n")
    r = deja("sync", "share", ".", cwd=str(repo / "api"))
    assert r.out.strip() == f"sharing {repo}: `deja sync push` sends its sessions"
    assert "already shared" in deja("sync", "share", "~/src/shop/api/..").out
    deja("sync", "share", str(home / "notes"))
    assert deja("sync", "shared").out.splitlines() == [str(repo), str(home / "notes")]
    text = cfg.read_text()
    assert text.startswith("# my settings\nlimit = 7\n") and "[hub]" in text
    settings = {r["key"]: r for r in deja("config", "--json", env={"DEJA_HUB_DSN": f"postgresql://me:{PASSWORD}@db/deja"}).json()["settings"]}
    assert settings["hub.shared"]["value"] == [str(repo), str(home / "notes")] and settings["limit"]["value"] == 7
    assert settings["hub.dsn"]["value"].startswith("pg:me@db/deja#") and settings["hub.dsn"]["from"] == "env (DEJA_HUB_DSN)"
    deja("sync", "unshare", str(repo))
    assert deja("sync", "shared", "--json").json()["shared"] == [str(home / "notes")]
    assert "was not shared" in deja("sync", "unshare", str(repo)).out
    deja("sync", "unshare", str(home / "notes"))
    assert "nothing is shared" in deja("sync", "shared").out


def test_bad_hubs_are_one_line_naming_them_without_the_password(tmp_path, pg_server, home):
    session({"HOME": str(home)}, "shop", "s1", ["a record", "another"])
    deja("sync", "share", "/w/shop")
    gone = tmp_path / "no-server-here"
    gone.mkdir()
    for dsn, says in [
        (f"host={gone} user=team dbname=deja password={PASSWORD}", "cannot connect"),
        (f"postgresql://team:{PASSWORD}@127.0.0.1:1/deja", "cannot connect"),
        (f"host={pg_server} user=postgres dbname=no_such_db password={PASSWORD}", "no_such_db"),
        (f"host={pg_server} user=postgres dbname=postgres password={PASSWORD} bogus", "cannot connect"),
    ]:
        for cmd in ("push", "pull"):
            r = deja("sync", cmd, dsn, check=False)
            assert r.code == 1 and r.out == "", (dsn, r)
            assert r.err.count("\n") == 1 and r.err.startswith("Error: hub pg:") and says in r.err, (dsn, r.err)
            assert PASSWORD not in r.err and "Traceback" not in r.err
    r = deja("sync", "pull", check=False)
    assert r.code == 1 and "no hub given" in r.err and "DEJA_HUB_DSN" in r.err
    r = deja("sync", "pull", check=False, env={"DEJA_HUB_DSN": f"host={gone} dbname=x password={PASSWORD}"})
    assert "cannot connect" in r.err and PASSWORD not in r.err


def test_a_hub_of_a_newer_schema_is_refused_and_left_alone(tmp_path, pg_dsn):
    a = machine(tmp_path, "alpha")
    session(a, "shop", "s1", ["a plum record", "another"])
    deja("sync", "share", "/w/shop", env=a)
    deja("sync", "push", pg_dsn, env=a)
    before = rows(pg_dsn, "SELECT version, name FROM deja_schema ORDER BY version")
    assert before == [(1, "m001_records")]
    rows(pg_dsn, "INSERT INTO deja_schema(version, name) VALUES (99, 'm099_from_the_future') RETURNING version")
    for cmd in ("push", "pull"):
        r = deja("sync", cmd, pg_dsn, "--full", check=False, env=a)
        assert r.code == 1 and r.err.count("\n") == 1 and "schema version 99" in r.err and "upgrade deja" in r.err
    assert rows(pg_dsn, "SELECT count(*) FROM deja_records") == [(2,)]


@pytest.mark.parametrize("argv", [["search", "kumquat"], ["kumquat", "--json"], ["sync", "shared"]])
def test_psycopg_is_never_imported_off_the_hub_commands(home, argv):
    session({"HOME": str(home)}, "shop", "s1", ["kumquat", "ok"])
    deja("index")
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "deja", *argv], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr[-2000:]
    imported = {line.split("|")[-1].strip().split(".")[0] for line in p.stderr.splitlines() if "|" in line}
    assert "deja" in imported and "psycopg" not in imported


def test_a_member_with_only_the_documented_privileges_pushes_and_pulls(tmp_path, pg_dsn):
    import psycopg

    a, b = machine(tmp_path, "alpha"), machine(tmp_path, "bravo")
    session(a, "shop", "a1", ["the damson cache", "warm now"])
    session(b, "shop", "b1", ["the damson queue", "drained"])
    for env in (a, b):
        deja("sync", "share", "/w/shop", env=env)
    deja("sync", "push", pg_dsn, env=a)  # the first contact makes the tables
    with psycopg.connect(pg_dsn, autocommit=True) as c:  # docs/sync.md, "When it goes wrong"
        c.execute("DROP ROLE IF EXISTS member")
        c.execute("CREATE ROLE member LOGIN")
        c.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
        c.execute("GRANT SELECT ON deja_schema TO member")
        c.execute("GRANT SELECT, INSERT ON deja_records TO member")
        c.execute("GRANT USAGE ON SEQUENCE deja_records_id_seq TO member")
        c.execute("GRANT SELECT, INSERT, UPDATE ON deja_machines TO member")
    member = pg_dsn.replace("user=postgres", "user=member")
    assert deja("sync", "push", member, "--json", env=b).json()["added"] == 2
    assert deja("sync", "pull", member, "--json", env=b).json()["added"] == 2
    assert ("claude", "a1@alpha") in found(b, "damson")
    r = deja("sync", "push", member.replace("dbname=t_", "dbname=x_"), check=False, env=b)
    assert r.code == 1 and "does not exist" in r.err and PASSWORD not in r.err


def test_a_bad_row_is_skipped_and_a_newer_record_stops_the_pull_before_its_watermark(tmp_path, pg_dsn):
    a, b = machine(tmp_path, "alpha"), machine(tmp_path, "bravo")
    session(a, "shop", "a1", ["the medlar build", "green"])
    deja("sync", "share", "/w/shop", env=a)
    deja("sync", "push", pg_dsn, env=a)
    insert = ("INSERT INTO deja_records (key, origin, harness, session, text_hash, pushed_by, record) "
              "VALUES (%s, 'zulu', 'claude', 'z1', 'h', 'zulu', %s) RETURNING id")
    rows(pg_dsn, insert, "k-torn", '{"v": 1, "origin": "zulu", "text": "cut sh')
    r = deja("sync", "pull", pg_dsn, "--json", env=b).json()
    assert (r["added"], r["skipped"]) == (2, 1)
    (mark,), = rows(pg_dsn, "SELECT pulled_id FROM deja_machines WHERE machine = 'bravo'")
    future = '{"v": 2, "origin": "zulu", "harness": "claude", "session_id": "z2", "role": "user", "text": "x"}'
    rows(pg_dsn, insert, "k-future", future)
    r = deja("sync", "pull", pg_dsn, env=b, check=False)
    assert r.code == 1 and r.err.count("\n") == 1 and "format version 2" in r.err and "upgrade deja" in r.err
    assert rows(pg_dsn, "SELECT pulled_id FROM deja_machines WHERE machine = 'bravo'") == [(mark,)]
