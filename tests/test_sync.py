"""deja sync export / import: three throwaway HOMEs as three machines, through the CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import deja, write_jsonl

AWS = "AKIAQ3EGRT5WZKXN7PLM"  # an access key id in AWS's format (synthetic)
PASSWORD = "hunter2-correct-horse-battery"


class Machine:
    """One machine: its own HOME and name; `run` is `deja` there."""

    def __init__(self, root: Path, name: str):
        self.name = name
        self.home = root / name
        self.home.mkdir()
        self.env = {"HOME": str(self.home), "DEJA_MACHINE": name}

    def run(self, *args: str, check: bool = True):
        return deja(*args, env=self.env, check=check, cwd=str(self.home))

    def json(self, *args: str) -> dict:
        return self.run(*args, "--json").json()

    def claude(self, sid: str, cwd: str, turns: list[tuple[str, str, str]]) -> Path:
        """A Claude Code transcript: (role, text, time) per turn."""
        lines = []
        for role, text, t in turns:
            content: object = text if role == "user" else [{"type": "text", "text": text}]
            lines.append({"type": role, "sessionId": sid, "cwd": cwd, "timestamp": t, "uuid": f"{sid}-{len(lines)}",
                          "message": {"role": role, "content": content}})
        slug = cwd.replace("/", "-")
        return write_jsonl(self.home / ".claude" / "projects" / slug / f"{sid}.jsonl", lines)

    def found(self, query: str, *extra: str) -> list[tuple[str, str | None]]:
        r = self.run(query, *extra, "--json", check=False)
        return sorted((h["session"]["id"], h["session"]["origin"]) for h in r.json()["hits"])


@pytest.fixture
def machines(tmp_path):
    root = tmp_path / "machines"
    root.mkdir()
    a, b, c = Machine(root, "alpha"), Machine(root, "beta"), Machine(root, "gamma")
    a.claude("sess-a", "/home/ann/shop", [
        ("user", f"why does the zebra deploy fail? key {AWS} password={PASSWORD}", "2026-11-01T10:00:00Z"),
        ("assistant", "the zebra deploy needs the VPN up first", "2026-11-01T10:00:05Z"),
    ])
    b.claude("sess-b", "/home/bob/api", [
        ("user", "the okapi migration hangs on the orders table", "2026-11-02T09:00:00Z"),
        ("assistant", "add the okapi index concurrently", "2026-11-02T09:01:00Z"),
    ])
    return a, b, c


def batch_lines(directory: Path) -> list[dict]:
    out = []
    for p in sorted(directory.glob("deja-sync-*.jsonl")):
        out += [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
    return out


def records(directory: Path) -> list[dict]:
    return [d for d in batch_lines(directory) if "deja_sync" not in d]


def test_three_machines_records_travel_on_and_never_duplicate(machines, tmp_path):
    a, b, c = machines
    d1, d2, d3 = tmp_path / "d1", tmp_path / "d2", tmp_path / "d3"

    out = a.json("sync", "export", str(d1))
    assert out["records"] == 2 and out["machine"] == "alpha"
    name = Path(out["batch"]).name
    assert name.startswith("deja-sync-alpha-") and name.endswith(".jsonl")
    head, *recs = batch_lines(d1)
    assert head["deja_sync"] == 1 and head["records"] == 2
    assert {(r["origin"], r["harness"], r["session_id"], r["project"]) for r in recs} == {
        ("alpha", "claude", "sess-a", "/home/ann/shop")}
    assert {r["role"] for r in recs} == {"user", "assistant"}
    # redaction holds on export: the planted secrets are in no batch, in any form
    raw = "".join(p.read_text() for p in d1.iterdir())
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in d1.iterdir())  # transcripts: owner-only
    assert AWS not in raw and PASSWORD not in raw and "zebra" in raw

    got = b.json("sync", "import", str(d1))
    assert (got["added"], got["duplicate"], got["skipped"]) == (2, 0, 0)
    assert b.found("zebra") == [("sess-a@alpha", "alpha")]

    # B → C: B's own and what B imported, A's records with their origin kept
    assert b.json("sync", "export", str(d2))["records"] == 4
    by_origin = {}
    for r in records(d2):
        by_origin.setdefault(r["origin"], []).append(r)
    assert sorted(by_origin) == ["alpha", "beta"]
    assert sorted(map(json.dumps, by_origin["alpha"])) == sorted(map(json.dumps, recs))  # unchanged on the way

    got = c.json("sync", "import", str(d2))
    assert (got["added"], got["duplicate"]) == (4, 0)
    assert c.found("zebra") == [("sess-a@alpha", "alpha")]
    assert c.found("okapi") == [("sess-b@beta", "beta")]

    # re-import adds nothing
    again = c.json("sync", "import", str(d2))
    assert (again["added"], again["duplicate"]) == (0, 4)
    assert c.found("zebra") == [("sess-a@alpha", "alpha")]

    # A imports from C what came from A: a loop adds nothing of A's own
    assert c.json("sync", "export", str(d3))["records"] == 4
    loop = a.json("sync", "import", str(d3))
    assert (loop["added"], loop["own"]) == (2, 2)
    assert a.found("zebra") == [("sess-a", None)]
    assert a.found("okapi") == [("sess-b@beta", "beta")]
    # and on: A's export carries beta's records onward without a second copy of its own
    d4 = tmp_path / "d4"
    a.run("sync", "export", str(d4))
    assert sorted((r["origin"], r["session_id"]) for r in records(d4)) == [("beta", "sess-b")] * 2


def test_second_export_sends_only_what_is_newer(machines, tmp_path):
    a = machines[0]
    assert a.json("sync", "export", str(tmp_path / "x"))["records"] == 2
    second = a.json("sync", "export", str(tmp_path / "y"))
    assert second["records"] == 0 and second["batch"] is None
    assert not (tmp_path / "y").exists() or not list((tmp_path / "y").glob("deja-sync-*"))
    assert "nothing new to export" in a.run("sync", "export", str(tmp_path / "y")).out
    path = next((a.home / ".claude" / "projects").rglob("sess-a.jsonl"))
    with path.open("a") as f:
        f.write(json.dumps({"type": "user", "sessionId": "sess-a", "cwd": "/home/ann/shop", "uuid": "n1",
                            "timestamp": "2026-11-03T08:00:00Z",
                            "message": {"role": "user", "content": "one more question about the quagga"}}) + "\n")
    third = a.json("sync", "export", str(tmp_path / "z"))
    assert third["records"] == 1
    assert [r["text"] for r in records(tmp_path / "z")] == ["one more question about the quagga"]
    assert a.json("sync", "export", str(tmp_path / "full"), "--full")["records"] == 3


def test_from_filters_search_last_and_timeline(machines, tmp_path):
    a, b, _ = machines
    b.claude("sess-b2", "/home/bob/api", [("user", "the zebra crossing on the local map", "2026-11-04T09:00:00Z")])
    a.run("sync", "export", str(tmp_path / "d"))
    b.run("sync", "import", str(tmp_path / "d"))
    assert b.found("zebra") == [("sess-a@alpha", "alpha"), ("sess-b2", None)]
    assert b.found("zebra", "--from", "alpha") == [("sess-a@alpha", "alpha")]
    assert b.found("zebra", "--from", "local") == [("sess-b2", None)]
    assert [s["id"] for s in b.json("last", "--from", "alpha")["sessions"]] == ["sess-a@alpha"]
    assert sorted(s["id"] for s in b.json("last", "--from", "local")["sessions"]) == ["sess-b", "sess-b2"]
    assert [s["id"] for s in b.json("timeline", "--from", "alpha")["sessions"]] == ["sess-a@alpha"]
    assert {s["origin"] for s in b.json("timeline", "--from", "local")["sessions"]} == {None}
    bad = b.run("last", "--from", "delta", check=False)
    assert bad.code == 1 and "Traceback" not in bad.err
    assert bad.err.strip().splitlines() == ["Error: no sessions from machine 'delta'; --from takes one of: local, alpha"]
    # the plain (click-free) search path reads --from too
    plain = b.run("zebra", "--from", "alpha").out
    assert "shop @alpha" in plain and "sess-b2" not in plain
    assert "@alpha" not in b.run("zebra", "--from", "local").out


def test_imports_survive_rebuild_and_a_deleted_index(machines, tmp_path):
    a, b, _ = machines
    a.run("sync", "export", str(tmp_path / "d"))
    b.run("sync", "import", str(tmp_path / "d"))
    b.run("index", "--rebuild")
    assert b.found("zebra") == [("sess-a@alpha", "alpha")]
    shutil.rmtree(b.home / ".cache" / "deja")
    assert b.found("zebra") == [("sess-a@alpha", "alpha")]
    shown = b.json("show", "sess-a@alpha")
    assert shown["session"]["origin"] == "alpha" and shown["session"]["cwd"] == "/home/ann/shop"
    assert [r["role"] for r in shown["records"]] == ["user", "assistant"]


def test_forget_tombstones_an_imported_session(machines, tmp_path):
    a, b, _ = machines
    a.claude("sess-a2", "/home/ann/shop", [("user", "the wombat release notes", "2026-11-05T10:00:00Z")])
    a.run("sync", "export", str(tmp_path / "d"))
    b.run("sync", "import", str(tmp_path / "d"))
    store = b.home / ".local" / "share" / "deja" / "imported"
    held = lambda: "".join(p.read_text() for p in (store / "alpha").glob("*.jsonl"))  # noqa: E731
    assert "zebra" in held()
    assert "forgot 1 session" in b.run("forget", "--session", "sess-a@alpha").out
    assert b.found("zebra") == []
    assert "zebra" not in held() and "wombat" in held()  # its text left the disk; the other's stayed
    again = b.json("sync", "import", str(tmp_path / "d"))
    assert (again["added"], again["forgotten"], again["duplicate"]) == (0, 2, 1)
    b.run("index", "--rebuild")
    shutil.rmtree(b.home / ".cache" / "deja")
    assert b.found("zebra") == []
    assert b.found("wombat") == [("sess-a2@alpha", "alpha")]


def test_bad_lines_are_skipped_and_counted_and_a_newer_batch_is_refused(machines, tmp_path):
    a, b, _ = machines
    d = tmp_path / "d"
    a.run("sync", "export", str(d))
    batch = next(d.glob("deja-sync-*.jsonl"))
    good = batch.read_text()
    rec = json.loads(good.splitlines()[1])
    extra = [
        "{not json at all",
        json.dumps({**rec, "role": "wizard"}),  # a role deja does not know
        json.dumps({**rec, "text": 5}),  # text of the wrong type
        json.dumps({**rec, "text": "the quokka survived", "seq": 7}),
    ]
    batch.write_text(good + "\n".join(extra) + "\n" + json.dumps({**rec, "text": "torn"})[:30])
    got = b.json("sync", "import", str(d))
    assert (got["added"], got["skipped"]) == (3, 4)
    assert b.found("quokka") == [("sess-a@alpha", "alpha")]
    assert "4 unreadable line(s) skipped" in b.run("sync", "import", str(d)).out
    # and `deja sources` / `deja doctor` say so afterwards
    imported = next(s for s in b.json("sources")["sources"] if s["harness"] == "imported")
    assert imported["sessions"] == 1 and "4 unreadable line(s) skipped" in imported["reason"]
    doctor = b.run("doctor", check=False)
    assert "imported: last import" in doctor.out and "4 unreadable line(s) skipped" in doctor.out

    newer = tmp_path / "newer"
    newer.mkdir()
    (newer / "deja-sync-zeta-20261201T000000.000000Z.jsonl").write_text(
        json.dumps({"deja_sync": 2, "machine": "zeta", "records": 1}) + "\n"
        + json.dumps({**rec, "origin": "zeta", "text": "the narwhal"}) + "\n")
    shutil.copy(batch, newer / "deja-sync-alpha-20261130T000000.000000Z.jsonl")
    r = b.run("sync", "import", str(newer), check=False)
    assert r.code == 1 and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1 and "sync format version 2" in r.err and "upgrade deja" in r.err
    assert b.found("narwhal") == []

    missing = b.run("sync", "import", str(tmp_path / "nope"), check=False)
    assert missing.code != 0 and missing.err.startswith("Error: ") and len(missing.err.strip().splitlines()) == 1


def test_machine_name_from_config_and_env(machines, tmp_path):
    a = machines[0]
    cfg = a.home / ".config" / "deja" / "config.toml"
    cfg.parent.mkdir(parents=True)
    cfg.write_text('machine = "ann-laptop"\n')
    env = {k: v for k, v in a.env.items() if k != "DEJA_MACHINE"}
    r = deja("sync", "export", str(tmp_path / "d"), "--json", env={**env, "DEJA_MACHINE": ""}, cwd=str(a.home))
    assert r.json()["machine"] == "ann-laptop"
    assert {x["origin"] for x in records(tmp_path / "d")} == {"ann-laptop"}
    assert a.json("sync", "export", str(tmp_path / "e"), "--full")["machine"] == "alpha"  # DEJA_MACHINE wins


def test_an_imported_session_is_not_resumed_here_and_says_what_works(machines, tmp_path):
    a, b, _ = machines
    a.run("sync", "export", str(tmp_path / "d"))
    b.run("sync", "import", str(tmp_path / "d"))
    own = b.run("resume", "sess-b")  # beta's own Claude session reopens with claude --resume
    assert "claude --resume sess-b" in own.out
    r = b.run("resume", "sess-a@alpha", check=False)
    assert r.code == 1
    assert "imported from alpha" in r.out + r.err and "claude --resume" not in r.out


@pytest.mark.parametrize("point", ["import-torn:1", "import-torn:3", "import-shard:2"])
def test_a_killed_import_leaves_a_store_that_searches_and_converges(machines, tmp_path, point):
    """kill -9 in the middle of an import (a shard's line half written, or between shards): the
    index opens and searches, and the next import stores each record once, no torn line read."""
    _, b, _ = machines
    d = tmp_path / "d"
    d.mkdir()
    recs = [{"v": 1, "origin": "zeta", "harness": "claude", "session_id": f"z{i % 24}", "project": "/w/z", "cwd": "/w/z",
             "title": "", "parent": "", "role": "user", "text": f"the ibex number {i} " + "pad " * (i % 40),
             "time": f"2026-11-01T10:{i // 60:02d}:{i % 60:02d}Z", "seq": i} for i in range(600)]
    (d / "deja-sync-zeta-20261201T000000.000000Z.jsonl").write_text(
        json.dumps({"deja_sync": 1, "machine": "zeta", "records": len(recs)}) + "\n"
        + "".join(json.dumps(r) + "\n" for r in recs))
    b.run("index")
    own = b.json("stats")["totals"]["records"]  # b's own session's
    killed = deja("sync", "import", str(d), env={**b.env, "DEJA_TEST_CRASH": point}, check=False, cwd=str(b.home))
    assert killed.code == -9
    assert b.run("ibex", "--json", check=False).code in (0, 1)  # opens and answers
    got = b.json("sync", "import", str(d))
    assert got["skipped"] == 0 and got["added"] + got["duplicate"] == len(recs), got
    stored = [json.loads(ln) for p in (b.home / ".local/share/deja/imported").rglob("*.jsonl")
              if p.name[:-6].isdigit() for ln in p.read_text().splitlines()]
    assert sorted(r["seq"] for r in stored) == list(range(len(recs)))  # each once, none torn
    b.run("index")
    assert b.json("stats")["totals"]["records"] == own + len(recs)
    assert len(b.found("ibex", "--limit", "50")) == 24
