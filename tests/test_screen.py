"""Issue 15, items 3-6, through the CLI: ids that open, a screen that behaves (colour, width,
progress, pager), projects that are paths, and the config file."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import time

import pytest

from conftest import deja, write_jsonl

NOW = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3600))
ANSI = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")


def claude(home, cwd: str, sid: str, question: str, answer: str = "done", command: str = "", ts: str = NOW) -> None:
    base = {"sessionId": sid, "cwd": cwd}
    lines = [{**base, "type": "user", "timestamp": ts, "message": {"role": "user", "content": question}}]
    if command:
        use = {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": command}}
        res = {"type": "tool_result", "tool_use_id": "t1", "content": "ok"}
        lines.append({**base, "type": "assistant", "timestamp": ts, "message": {"role": "assistant", "content": [use]}})
        lines.append({**base, "type": "user", "timestamp": ts, "message": {"role": "user", "content": [res]}})
    lines.append({**base, "type": "assistant", "timestamp": ts,
                  "message": {"role": "assistant", "content": [{"type": "text", "text": answer}]}})
    write_jsonl(home / ".claude/projects" / cwd.replace("/", "-") / f"{sid}.jsonl", lines)


def pi(home, cwd: str, sid: str, question: str, ts: str = NOW) -> None:
    head = {"type": "session", "version": 3, "id": sid, "timestamp": ts, "cwd": cwd}
    msg = {"type": "message", "timestamp": ts, "message": {"role": "user", "content": [{"type": "text", "text": question}]}}
    write_jsonl(home / ".pi/agent/sessions" / f"-{cwd.replace('/', '-')}-" / f"2026-01-01T00-00-00_{sid}.jsonl", [head, msg])


def on_pty(*args: str, env: dict | None = None, cols: int = 80, cwd: str | None = None) -> tuple[int, str]:
    """Run deja with stdin, stdout and stderr on a pseudo-terminal `cols` wide; all it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, cols, 0, 0))
    full = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS", "PAGER")}
    full["TERM"] = "xterm"
    full.update(env or {})
    p = subprocess.Popen([sys.executable, "-m", "deja", *args], stdin=slave, stdout=slave, stderr=slave, env=full,
                         cwd=cwd, close_fds=True)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return p.wait(timeout=60), out.decode("utf-8", "replace").replace("\r\n", "\n")


# -- ids that open -----------------------------------------------------------------------------

@pytest.fixture
def colliding(home):
    """Ids that share their first 8 characters (uuidv7s of one minute), across and within
    harnesses, and one id two harnesses both use."""
    claude(home, "/w/shop", "01a22d2e-1111-7000-8000-000000000001", "fix the flaky checkout test",
           "The fix was a retry in src/checkout.py", command="pytest -q tests/test_checkout.py")
    claude(home, "/w/shop", "01a22d2e-2222-7000-8000-000000000002", "checkout test again, src/checkout.py",
           "done with src/checkout.py", command="pytest -q tests/test_checkout.py")
    pi(home, "/w/api", "01a22d2e-3333-7000-8000-000000000003", "checkout service notes")
    claude(home, "/w/api", "shared-id-0001", "checkout from claude")
    pi(home, "/w/api", "shared-id-0001", "checkout from pi")
    deja("index")


def _ids_in(out: str, pattern: str) -> list[str]:
    return re.findall(pattern, ANSI.sub("", out), re.M)


_HEADER = r"^\d{4}-\d\d-\d\d \d\d:\d\d  \S+\s+(\S+)  "


def test_every_id_printed_by_last_search_blame_and_how_opens(colliding):
    printed = {
        "last": _ids_in(deja("last").out, _HEADER),
        "search": _ids_in(deja("search", "checkout").out, _HEADER),
        "blame": _ids_in(deja("blame", "src/checkout.py").out, _HEADER),
        "how": _ids_in(deja("how", "pytest").out, r" in \S+ (\S+) \S+$"),
    }
    assert len(printed["last"]) == 5 and len(printed["search"]) == 5, printed
    assert printed["blame"] and printed["how"], printed
    for where, ids in printed.items():
        for ident in ids:
            assert len(ident.split(":")[-1]) >= 8
            shown = deja("show", ident, "--json").json()["session"]
            assert shown["id"].startswith(ident.split(":")[-1]), (where, ident)
    last = printed["last"]
    assert len(set(last)) == 5
    assert "pi:shared-i" in {i[:11] for i in last} and "claude:shared-i" in {i[:15] for i in last}
    assert all(i != "01a22d2e" for i in last)  # longer where needed


def test_an_ambiguous_prefix_lists_its_candidates(colliding):
    r = deja("show", "01a22d2e", check=False)
    assert r.code != 0 and r.out == "" and "Traceback" not in r.err
    lines = r.err.strip().splitlines()
    assert lines[0].startswith("Error: '01a22d2e' matches 3 sessions")
    assert len(lines) == 4
    for line in lines[1:]:
        ident, harness = line.split()[:2]
        assert harness in ("claude", "pi") and re.search(r"\d{4}-\d\d-\d\d", line) and "checkout" in line
        assert deja("show", ident, "--json").json()["session"]["harness"] == harness
    both = deja("show", "shared-id-0001", check=False)
    assert both.code != 0 and "matches 2 sessions" in both.err
    assert deja("show", "pi:shared-id-0001", "--json").json()["session"]["harness"] == "pi"


# -- a screen that behaves -----------------------------------------------------------------------

def test_colour_follows_no_color_term_and_the_flag_on_a_terminal(colliding):
    rc, out = on_pty("last")
    assert rc == 0 and "\033[" in out  # a terminal gets colour by default
    for env, args in (({"NO_COLOR": "1"}, ()), ({"TERM": "dumb"}, ()), ({}, ("--color", "never")),
                      ({}, ("--color=never",))):
        rc, out = on_pty("last", *args, env=env)
        assert rc == 0 and "\033[" not in out and "01a22d2e" in out, (env, args, out)
        rc, out = on_pty(*args, "checkout", env=env)  # the click-free search path too
        assert rc == 0 and "\033[" not in out and "checkout" in out, (env, args)
    assert "\033[" in deja("--color", "always", "last").out  # a pipe, asked for
    assert "\033[" not in deja("last").out
    bad = deja("last", "--color", "pink", check=False)
    assert bad.code != 0 and bad.err.count("\n") == 1 and "--color" in bad.err


def test_output_fits_the_terminal_width_and_columns_align(home):
    long = "please look at the checkout " + "and the payment flow " * 12
    for n, h in enumerate(("claude", "pi")):
        cwd = f"/w/p{n}"
        (claude if h == "claude" else pi)(home, cwd, f"s-{h}-000{n}", long)
    write_jsonl(home / ".local/share/opencode/x.jsonl", [])  # no effect; opencode reads SQLite
    rc, out = on_pty("search", "checkout", cols=60)
    lines = [ANSI.sub("", x) for x in out.splitlines() if x.strip()]
    assert rc == 0 and lines and all(len(x) <= 60 for x in lines), lines
    assert any(x.endswith("…") for x in lines)
    plain = deja("search", "checkout").out  # a pipe is not cut
    assert any(len(x) > 100 for x in plain.splitlines())
    heads = [x for x in deja("last").out.splitlines() if x]
    starts = {x.index(x.split()[3]) for x in heads}  # the id column starts at one place
    assert len(starts) == 1, heads


def test_the_first_index_clears_its_progress_line_before_output(home):
    claude(home, "/w/a", "s-progress-1", "first question")
    rc, out = on_pty("last")
    assert rc == 0
    assert "building the index for the first time" in out
    progress_at = out.index("building the index")
    first_row = re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d ", out).start()
    between = out[progress_at:first_row]
    assert "\r\033[K" in between, repr(between)  # cleared, not run into
    rc, out = on_pty("index", "--rebuild")
    summary = out.index("indexed ")
    assert rc == 0 and (out[:summary] == "" or out[:summary].endswith(("\r\033[K", "\n"))), repr(out[:summary][-40:])


def test_index_progress_has_percent_counts_and_eta():
    from deja.ingest.report import progress_line

    line = progress_line(1204, 2800, 111671, 0.43, 9.0)
    assert line.startswith("indexing: 43%") and "1,204/2,800 files" in line and "111,671 records" in line
    assert "about 12s left" in line


def test_show_pages_on_a_terminal_and_filters_roles(colliding, tmp_path):
    pager = tmp_path / "pager.sh"
    pager.write_text("#!/bin/sh\nsed 's/^/PAGED|/'\n")
    pager.chmod(0o755)
    rc, out = on_pty("show", "01a22d2e-1111", env={"PAGER": str(pager)})
    assert rc == 0 and "PAGED|" in out and "fix the flaky checkout test" in out
    piped = deja("show", "01a22d2e-1111", env={"PAGER": str(pager)}).out
    assert "PAGED|" not in piped and "fix the flaky checkout test" in piped
    users = deja("show", "01a22d2e-1111", "--role", "user", "--json").json()
    assert users["records"] and {x["role"] for x in users["records"]} == {"user"}
    page = deja("show", "01a22d2e-1111", "--role", "assistant,user", "--offset", "1", "--limit", "1", "--json").json()
    assert len(page["records"]) == 1 and page["offset"] == 1
    assert page["records"][0]["seq"] == users["records"][1]["seq"] if len(users["records"]) > 1 else True


def test_version_completion_help_examples_plurals_status_and_before(colliding):
    from deja import __version__
    from deja.cli import COMMANDS

    v = deja("version")
    assert v.out.startswith(f"deja {__version__} (Python ") and "tantivy" in v.out and v.err == ""
    for shell, marker in (("bash", "complete -o"), ("zsh", "compdef"), ("fish", "complete --no-files")):
        script = deja("completion", shell).out
        assert marker in script and "_DEJA_COMPLETE" in script, shell
    env = {"_DEJA_COMPLETE": "bash_complete", "COMP_WORDS": "deja sta", "COMP_CWORD": "1"}
    assert "status" in deja(env=env).out and "timeline" not in deja(env=env).out
    for name in COMMANDS:
        assert re.search(r"Example:\n\s+.*deja " + name, deja(name, "--help").out), name
    out = deja("forget", "--session", "01a22d2e-3333", "--dry-run").out
    assert out.endswith("would forget 1 session\n")
    st = deja("status").out
    assert re.search(r"indexed   \d{4}-\d\d-\d\d \d\d:\d\d \((just now|\d+ minutes? ago)\)", st), st
    assert deja("status", "--json").json()["last_indexed"].endswith("Z")
    bad = deja("forget", "--before", "notadate", check=False)
    assert bad.code != 0 and "--before 'notadate'" in bad.err and "--since" not in bad.err


# -- projects are paths --------------------------------------------------------------------------

def test_two_shop_directories_are_two_projects(home, tmp_path):
    mine, other = tmp_path / "home-dev" / "shop", tmp_path / "x" / "shop"
    (mine / ".git").mkdir(parents=True)
    (mine / "src").mkdir()
    other.mkdir(parents=True)
    claude(home, str(mine / "src"), "s-mine-0001", "mine: the cart total rounding")  # in a subdirectory of the repo
    claude(home, str(other), "s-other-0001", "other: the cart total rounding")
    deja("index")
    deja("remember", "mine: prices are in cents", cwd=str(mine))
    deja("remember", "other: prices are in euros", cwd=str(other))

    sessions = {s["id"]: s for s in deja("last", "--json").json()["sessions"]}
    assert sessions["s-mine-0001"]["project"] == "src" or sessions["s-mine-0001"]["project"] == "shop"

    # a name that means two paths is listed, never both picked
    for args in (("forget", "--project", "shop", "--dry-run"), ("search", "cart", "--project", "shop"),
                 ("last", "--project", "shop")):
        r = deja(*args, check=False)
        assert r.code != 0 and str(mine) in r.err and str(other) in r.err and "Traceback" not in r.err, args
    assert [h["session"]["id"] for h in deja("search", "cart", "--project", str(mine), "--json").json()["hits"]] \
        == ["s-mine-0001"]

    # the session-start hook gives each directory its own history and notes
    def context(cwd):
        r = deja("hook-context", input=json.dumps({"session_id": "new", "cwd": cwd, "hook_event_name": "SessionStart"}))
        return r.json()["hookSpecificOutput"]["additionalContext"]

    mine_notes = next(h["session"]["id"] for h in deja("search", "cents", "--json").json()["hits"])
    assert len(_notes_ids(home)) == 2  # one notes session per path, not per name
    ctx = context(str(mine / "src"))
    assert "cents" in ctx and "s-mine-0001" in ctx and "euros" not in ctx and "s-other-0001" not in ctx
    ctx = context(str(other))
    assert "euros" in ctx and "s-other-0001" in ctx and "cents" not in ctx and "s-mine-0001" not in ctx

    # forget by path takes that project only, notes included
    other_notes = next(i for i in _notes_ids(home) if i != mine_notes)
    r = deja("forget", "--project", str(other), "--json").json()
    assert {x["id"] for x in r["sessions"]} == {"s-other-0001", other_notes}
    left = {s["id"] for s in deja("last", "--json").json()["sessions"]}
    assert "s-mine-0001" in left and "s-other-0001" not in left
    assert any(i.startswith("shop-") for i in left)  # mine's notes session stays


def _notes_ids(home) -> set[str]:
    return {s["id"] for s in deja("last", "--harness", "notes", "--json").json()["sessions"]}


# -- the config file ---------------------------------------------------------------------------

def test_config_file_sets_defaults_and_turns_a_harness_out(colliding, home):
    store_files = sorted(p for p in (home / ".pi").rglob("*") if p.is_file())
    before = {p: p.read_bytes() for p in store_files}
    assert "pi" in {s["session"]["harness"] for s in deja("search", "checkout", "--json").json()["hits"]}
    cfg = home / ".config/deja/config.toml"
    cfg.parent.mkdir(parents=True)
    cfg.write_text('limit = 2\ncolor = "always"\nroles = ["user"]\nsemantic = false\n\n[harnesses]\npi = false\n')
    r = deja("search", "checkout", "--json").json()
    assert len(r["hits"]) == 2 and {h["session"]["harness"] for h in r["hits"]} == {"claude"}
    assert all(role == "user" for h in r["hits"] for role in h["snippet_roles"])
    assert "\033[" in deja("last").out  # colour from the file, even in a pipe
    assert "\033[" not in deja("last", env={"NO_COLOR": "1"}).out  # the environment wins over the file
    assert not [s for s in deja("last", "--json").json()["sessions"] if s["harness"] == "pi"]
    assert {p: p.read_bytes() for p in store_files} == before  # its files untouched

    shown = deja("config", "--json").json()
    got = {s["key"]: (s["value"], s["from"]) for s in shown["settings"]}
    assert got["limit"] == (2, "file") and got["harnesses.pi"] == (False, "file")
    assert got["harnesses.claude"] == (True, "default") and got["last"] == (10, "default")
    assert deja("--color", "never", "config", "--json").json()["settings"][0] == {"key": "color", "value": "never", "from": "flag"}
    assert deja("config", "--json", env={"NO_COLOR": "1"}).json()["settings"][0]["from"] == "env (NO_COLOR)"
    text = ANSI.sub("", deja("config").out)
    assert re.search(r"^limit\s+2\s+file$", text, re.M) and str(cfg) in text

    cfg.write_text("limit = 0\n")
    bad = deja("search", "checkout", check=False)
    assert bad.code != 0 and bad.err.count("\n") == 1 and "limit" in bad.err and str(cfg) in bad.err
    cfg.write_text("limit = [\n")
    bad = deja("config", check=False)
    assert bad.code != 0 and bad.err.count("\n") == 1 and "does not parse" in bad.err
