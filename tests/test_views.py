"""Issue 17 through the CLI: `deja resume` for every agent, `handoff`, `export`/`share` (no secret,
no terminal escape in any output), `stats` against a known store, and `deja log` after a hook and
an MCP recall."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys

import pytest

from conftest import FIXTURES, deja, install_real, write_jsonl
from secrets_corpus import KINDS, leaks, windows

REAL = ("claude", "codex", "gemini", "opencode", "qwen", "pi", "aider", "copilot", "cline", "openclaw", "omp", "hermes")

# What each agent's reopen command looks like ("{id}" the session id), and whether a `cd` to the
# session's directory comes first. Written from the agents' --help (docs/notes.md, session 4).
RESUME = {
    "claude": ("claude --resume {id}", True),
    "codex": ("codex resume {id}", True),
    "opencode": ("opencode -s {id}", True),
    "gemini": ("gemini --resume {id}", True),
    "qwen": ("qwen -r {id}", True),
    "pi": ("pi --session {id}", True),
    "omp": ("omp --resume={id}", True),
    "copilot": ("copilot --resume={id}", False),
    "cline": ("cline --id {id}", False),
    "hermes": ("hermes --resume {id}", False),
    "kimi": ("kimi --session {id}", True),
    "goose": ("goose session --resume --session-id {id}", False),
    "cursor": ("cursor-agent --resume {id}", True),
    "antigravity": ("agy --conversation {id}", False),
}
# Agents that cannot reopen a session, and a word of the reason each gives.
REFUSED = {"aider": "aider", "roo": "VS Code", "zed": "Agent Panel", "deepseek": "DeepSeek", "grok": "Grok",
           "notes": "note"}


def _populate(home) -> None:
    for base in (FIXTURES / "real", FIXTURES):
        for d in sorted(base.iterdir()):
            if d.is_dir() and d.name != "real":
                for item in d.iterdir():
                    if item.is_dir():
                        shutil.copytree(item, home / item.name, dirs_exist_ok=True)
    from test_source_cursor import build_ide
    from test_source_zed import build_db

    build_ide(home)
    build_db(home / ".local/share/zed/threads/threads.db")
    deja("remember", "the resume test's note about lorikeets", "--project", "/w/birds")


def _sessions(harness: str) -> list[dict]:
    return deja("timeline", "--harness", harness, "--limit", "50", "--json").json()["sessions"]


def test_resume_every_agent(home):
    _populate(home)
    deja("index")
    seen: set[str] = set()
    for harness, (shape, scoped) in RESUME.items():
        for s in _sessions(harness):
            r = deja("resume", f"{harness}:{s['id']}", "--json", check=False)
            if harness == "cursor" and not s["path"].endswith(".jsonl"):  # a chat of the IDE
                assert r.code == 1 and "IDE" in r.json()["refused"], s
                seen.add("cursor-ide")
                continue
            if harness == "cline" and "/.cline/" not in s["path"]:  # a task of the VS Code extension
                assert r.code == 1 and "extension" in r.json()["refused"], s
                seen.add("cline-extension")
                continue
            if harness == "openclaw":
                continue  # below: its command takes the conversation key
            assert r.code == 0, (harness, s, r.err)
            got = r.json()
            assert got["argv"] == shape.format(id=s["id"]).split(), (harness, got)
            assert got["cwd"] == (s["cwd"] if scoped else None), (harness, got)
            line = f"cd {s['cwd']} && {shape.format(id=s['id'])}" if scoped else shape.format(id=s["id"])
            assert got["command"] == line
            assert deja("resume", f"{harness}:{s['id']}").out == line + "\n"
            seen.add(harness)
    assert seen >= set(RESUME) | {"cursor-ide", "cline-extension"}, seen
    # OpenClaw: the session written by the real CLI resumes by the key its database maps it to
    real = deja("resume", "openclaw:canary-openclaw", "--json").json()
    assert real["argv"] == ["openclaw", "chat", "--session", "agent:main:explicit:canary-openclaw"]
    for harness, word in REFUSED.items():
        for s in _sessions(harness):
            r = deja("resume", f"{harness}:{s['id']}", check=False)
            assert r.code == 1 and r.out == "", (harness, r)
            lines = r.err.splitlines()
            assert len(lines) == 1 and lines[0].startswith("Error: ") and word in lines[0], (harness, r.err)
            assert "deja show" in lines[0] and "Traceback" not in r.err


def _claude(home, sid: str, cwd: str, turns: list[tuple[str, str]], day: str = "2026-11-02") -> None:
    lines = [{"type": role, "sessionId": sid, "cwd": cwd, "timestamp": f"{day}T10:00:{i:02d}Z",
              "message": {"role": role, "content": text}} for i, (role, text) in enumerate(turns)]
    write_jsonl(home / ".claude/projects" / ("-" + cwd.strip("/").replace("/", "-")) / f"{sid}.jsonl", lines)


def test_resume_refuses_a_shell_unsafe_id_and_quotes_a_path(home):
    _claude(home, "abc$(touch pwned)", "/w/app", [("user", "an unsafe id"), ("assistant", "indeed it is unsafe")])
    _claude(home, "0d9e8f7a-safe", "/w/my app's dir", [("user", "a path with a space"), ("assistant", "quoted it is")])
    deja("index")
    bad = deja("resume", "claude:abc$(touch pwned)", check=False)
    assert bad.code == 2 and bad.out == "" and len(bad.err.splitlines()) == 1 and "command line" in bad.err
    assert not (home / "pwned").exists()
    line = deja("resume", "0d9e8f7a-safe").out.strip()
    assert line == "cd '/w/my app'\"'\"'s dir' && claude --resume 0d9e8f7a-safe"


def test_resume_refuses_a_session_its_agent_deleted(home):
    _claude(home, "5e55d00e-0000-4000-8000-000000000001", "/w/app", [("user", "soon gone"), ("assistant", "gone soon")])
    deja("index")
    assert deja("resume", "5e55d00e").code == 0
    next((home / ".claude/projects").rglob("5e55d00e-*.jsonl")).unlink()
    deja("index")
    r = deja("resume", "5e55d00e", check=False)
    assert r.code == 1 and "no longer holds" in r.err and "deja show" in r.err and len(r.err.splitlines()) == 1


def _fake_agent(home, name: str) -> dict:
    """An executable `name` on PATH that records its argv and working directory."""
    bin_dir = home / "bin"
    bin_dir.mkdir(exist_ok=True)
    exe = bin_dir / name
    exe.write_text(f"#!{sys.executable}\nimport json, os, sys\n"
                   f"open({str(home / (name + '.called'))!r}, 'w').write(json.dumps({{'argv': sys.argv[1:], 'cwd': os.getcwd()}}))\n")
    exe.chmod(0o755)
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}


def test_resume_exec_runs_the_agent_in_the_session_directory(home):
    project = home / "src" / "shop"
    project.mkdir(parents=True)
    _claude(home, "5e551011-0000-4000-8000-00000000abcd", str(project), [("user", "fix the cart"), ("assistant", "fixed the cart")])
    deja("index")
    env = _fake_agent(home, "claude")
    deja("resume", "5e551011", "--exec", env=env, cwd=str(home))
    called = json.loads((home / "claude.called").read_text())
    assert called == {"argv": ["--resume", "5e551011-0000-4000-8000-00000000abcd"], "cwd": str(project)}
    shutil.rmtree(project)
    gone = deja("resume", "5e551011", "--exec", env=env, check=False)
    assert gone.code == 1 and "not there" in gone.err and len(gone.err.splitlines()) == 1


SECRET = KINDS["github-classic"][0]
ESCAPES = "\x1b]52;c;cGF5bG9hZA==\x07\x1b[2J\x9b31m\x1b]0;pwned title\x07"


def _codex(home, sid: str, cwd: str, day: str, items: list[tuple[str, dict]]) -> None:
    lines = [{"timestamp": f"{day}T09:00:00Z", "type": "session_meta", "payload": {"id": sid, "cwd": cwd}}]
    lines += [{"timestamp": f"{day}T09:{1 + i // 60:02d}:{i % 60:02d}Z", "type": kind, "payload": p}
              for i, (kind, p) in enumerate(items)]
    write_jsonl(home / f".codex/sessions/{day.replace('-', '/')}/rollout-{day}T09-00-00-{sid}.jsonl", lines)


def _msg(role: str, text: str) -> tuple[str, dict]:
    part = "input_text" if role == "user" else "output_text"
    return "response_item", {"type": "message", "role": role, "content": [{"type": part, "text": text}]}


def _run(call: str, cmd: str, exit_code: int) -> list[tuple[str, dict]]:
    return [("response_item", {"type": "function_call", "name": "exec_command", "call_id": call,
                               "arguments": json.dumps({"cmd": cmd})}),
            ("response_item", {"type": "function_call_output", "call_id": call,
                               "output": f"Chunk ID: {call}\nProcess exited with code {exit_code}\nOutput:\nran {cmd}"})]


def _patch(call: str, path: str) -> tuple[str, dict]:
    return "response_item", {"type": "custom_tool_call", "name": "apply_patch", "call_id": call,
                             "input": f"*** Begin Patch\n*** Update File: {path}\n@@\n-old line\n+new line\n*** End Patch\n"}


HANDOFF_ID = "01b2c3d4-0000-7000-8000-00000000beef"


def _handoff_session(home) -> str:
    cwd = str(home / "work" / "billing")
    os.makedirs(cwd, exist_ok=True)
    _codex(home, HANDOFF_ID, cwd, "2026-11-03", [
        _msg("user", f"make the invoice totals round half-even; my token is {SECRET} {ESCAPES}"),
        *_run("c1", "pytest -q tests/test_invoice.py", 1),
        _msg("assistant", "The cause is float arithmetic in totals.py.\nI decided to switch totals to Decimal with ROUND_HALF_EVEN."),
        _patch("c2", "billing/totals.py"),
        *_run("c3", "pytest -q tests/test_invoice.py", 0),
        *_run("c4", "ruff check billing", 0),
        _msg("assistant", "Tests pass now with Decimal rounding.\nTODO: the CSV export still rounds with float."),
        _msg("user", "also make the CSV export use the same rounding"),
    ])
    return cwd


def test_handoff_brief_and_its_command(home):
    cwd = _handoff_session(home)
    deja("index", env={"DEJA_NO_REDACT": "1"})  # the index holds the secret: the brief must redact it itself
    got = deja("handoff", "01b2c3d4", "--json").json()
    assert got["goal"].startswith("make the invoice totals round half-even")
    assert any("switch totals to Decimal" in d for d in got["decisions"])
    assert any(f.startswith(os.path.join(cwd, "billing/totals.py")) and f.endswith("(edited)") for f in got["files"])
    # the failing pytest was fixed by a later run: the run that worked is listed, ruff too; the failure is not
    assert got["commands"] == ["pytest -q tests/test_invoice.py", "ruff check billing"]
    assert any("unanswered" in o and "CSV export" in o for o in got["open"])
    assert any("TODO" in o for o in got["open"])
    md = deja("handoff", "01b2c3d4").out
    for heading in ("## Goal", "## Decisions", "## Files touched", "## Commands that worked", "## Left open"):
        assert heading in md
    # default ID: the latest session of the project the current directory is in
    assert deja("handoff", "--json", cwd=cwd).json()["id"] == HANDOFF_ID
    # --to AGENT: the command that starts it with the brief as its first prompt; --exec runs it
    start = deja("handoff", "01b2c3d4", "--to", "claude", "--json").json()["start"]
    assert start["argv"][0] == "claude" and start["argv"][1].startswith("# Handoff:") and start["cwd"] == cwd
    env = _fake_agent(home, "claude")
    deja("handoff", "01b2c3d4", "--to", "claude", "--exec", env=env)
    called = json.loads((home / "claude.called").read_text())
    assert called["cwd"] == cwd and called["argv"][0].startswith("# Handoff:") and "Decimal" in called["argv"][0]
    qwen = deja("handoff", "01b2c3d4", "--to", "qwen", "--json").json()["start"]["argv"]
    assert qwen[:2] == ["qwen", "-i"]
    no = deja("handoff", "01b2c3d4", "--to", "hermes", check=False)
    assert no.code == 1 and "first prompt" in no.err.splitlines()[-1]
    wins = windows()
    for out in (md, json.dumps(got), start["argv"][1], called["argv"][0]):
        assert not leaks(out, wins), leaks(out, wins)
        assert not any(c in out for c in "\x1b\x07\x9b")


def _all_outputs(home, ident: str) -> dict[str, str]:
    out = {fmt: deja("export", ident, "--format", fmt).out for fmt in ("md", "html", "json")}
    out["share"] = deja("share", ident).out
    target = home / "export.html"
    deja("export", ident, "--format", "html", "-o", str(target))
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    out["file"] = target.read_text(encoding="utf-8")
    return out


def test_export_and_share_hold_no_secret_and_no_escape(home):
    """Every kind of the secrets corpus, in a session whose index kept them (redaction was off
    when it was indexed), with terminal escapes: no output holds either."""
    cwd = _handoff_session(home)
    text = "\n".join(f"{kind}: {secret}" for kind, (secret, _) in KINDS.items())
    _claude(home, "5ec0e7a1-0000-4000-8000-000000000001", cwd, [
        ("user", f"here is my config {ESCAPES}\n{text}"),
        ("assistant", f"<script>alert('x')</script> I see {ESCAPES} the settings </section></body>"),
    ], day="2026-11-04")
    deja("index", env={"DEJA_NO_REDACT": "1"})
    wins = windows()
    for ident in ("5ec0e7a1", "01b2c3d4"):
        outs = _all_outputs(home, ident)
        for name, out in outs.items():
            assert not leaks(out, wins), (ident, name, sorted(leaks(out, wins)))
            assert not any(c in out for c in "\x1b\x07\x9b\x00"), (ident, name)
        html = outs["html"]
        assert html == outs["file"]
        assert "<script" not in html.lower() and ("&lt;script&gt;" in html) == (ident == "5ec0e7a1")
        assert html.count("</body>") == 1 and "Content-Security-Policy" in html and "default-src 'none'" in html
        # self-contained: nothing is fetched (a URL in the transcript is text)
        assert not any(x in html.lower() for x in ("src=", "href=", "<link", "@import", "url(", "<iframe", "<img"))
        doc = json.loads(outs["json"])
        assert doc["session"]["id"].startswith(ident) and doc["records"]
    share = deja("share", "01b2c3d4").out
    assert str(home) not in share and "~/work/billing" in share and ".codex" not in share  # no store path either
    assert str(home) in deja("export", "01b2c3d4").out  # an export for yourself keeps the paths
    bad = deja("export", "01b2c3d4", "--format", "pdf", check=False)
    assert bad.code == 2 and "Traceback" not in bad.err


def test_stats_counts_a_known_store(home):
    cwd = _handoff_session(home)
    _codex(home, "01b2c3d4-0000-7000-8000-00000000cafe", cwd, "2026-10-20", [
        _msg("user", "why does ruff complain"), *_run("c1", "ruff check billing", 0), _patch("c2", "billing/totals.py"),
        _msg("assistant", "fixed the import order; api key is sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 3),
    ])
    _claude(home, "5e550001-0000-4000-8000-000000000001", "/w/shop", [("user", "one"), ("assistant", "two")], day="2026-11-05")
    _claude(home, "5e550002-0000-4000-8000-000000000002", "/w/shop", [("user", "three")], day="2026-10-06")
    deja("index")
    d = deja("stats", "--json").json()
    assert d["by"] == "month" and d["periods"] == ["2026-10", "2026-11"]
    assert d["totals"]["sessions"] == 4
    by_h = {g["name"]: g for g in d["harnesses"]}
    assert by_h["codex"]["sessions"] == 2 and by_h["claude"]["sessions"] == 2
    assert by_h["claude"]["records"] == 3
    assert by_h["claude"]["by_period"] == {"2026-10": {"sessions": 1, "records": 1}, "2026-11": {"sessions": 1, "records": 2}}
    assert {g["name"]: g["sessions"] for g in d["projects"]} == {"billing": 2, "shop": 2}
    top = {c["command"]: c for c in d["commands"]}
    assert top["ruff check billing"] == {"command": "ruff check billing", "runs": 2, "sessions": 2, "failed": 0}
    assert top["pytest -q tests/test_invoice.py"]["runs"] == 2 and top["pytest -q tests/test_invoice.py"]["failed"] == 1
    assert d["files"] == [{"path": os.path.join(cwd, "billing/totals.py"), "sessions": 2, "edited": 2, "read": 2}]
    assert d["redactions"] == {"total": 2, "by_harness": {"codex": 2}}
    weeks = deja("stats", "--by", "week", "--json").json()
    assert weeks["periods"] == sorted(weeks["periods"]) and all("-W" in p for p in weeks["periods"])
    table = deja("stats").out
    assert "4 sessions" in table and "ruff check billing" in table and "redactions:" in table


def test_log_records_hooks_and_mcp_recall(home):
    install_real(home, "claude")
    deja("index")
    assert "Nothing served" in deja("log").out
    payload = {"session_id": "conv-log", "transcript_path": "/tmp/conv-log.jsonl", "cwd": "/tmp/harness/work-claude",
               "hook_event_name": "UserPromptSubmit", "prompt": f"上次数据库连接池的问题是怎么解决的？ my token is {SECRET}"}
    p = subprocess.run([sys.executable, "-m", "deja", "hook-prompt"], input=json.dumps(payload).encode(),
                       capture_output=True, timeout=60)
    assert p.returncode == 0 and b"465046b8" in p.stdout
    log = home / ".cache" / "deja" / "served.jsonl"
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    entry = deja("log", "--json").json()["entries"][0]
    assert entry["front"] == "hook" and entry["agent"] == "hook-prompt (UserPromptSubmit)"
    assert entry["sessions"] == ["claude:465046b8-089c-49a4-a891-283be4b0cb3f"] and entry["bytes"] > 0
    assert entry["prompt"].startswith("上次数据库连接池的问题") and not leaks(log.read_text(), windows())

    from test_mcp import _run as mcp_run

    async def script(s):
        return await s.call_tool("recall", {"query": "canary-claude-asst-2"})

    mcp_run(home, script)
    newest = deja("log", "--json").json()["entries"]
    assert [e["front"] for e in newest[:2]] == ["mcp", "hook"]
    assert newest[0]["what"] == "recall" and newest[0]["prompt"] == "canary-claude-asst-2"
    assert newest[0]["agent"].startswith("mcp") and newest[0]["sessions"] == [entry["sessions"][0]]
    full = deja("log", "--last").out
    assert "canary-claude-asst-2" in full and "claude:465046b8-089c-49a4-a891-283be4b0cb3f" in full
    assert len(deja("log", "1").out.splitlines()) == 1


def test_log_is_bounded(home):
    install_real(home, "claude")
    deja("index")
    env = {"DEJA_TEST_SERVED_MAX": "4096"}
    payload = {"session_id": "", "cwd": "/tmp/harness/work-claude", "hook_event_name": "SessionStart"}
    for _ in range(40):
        p = subprocess.run([sys.executable, "-m", "deja", "hook-context"], input=json.dumps(payload).encode(),
                           capture_output=True, timeout=60, env={**os.environ, **env})
        assert p.returncode == 0 and p.stdout
    log = home / ".cache" / "deja" / "served.jsonl"
    older = log.with_name("served.jsonl.1")
    assert older.exists() and older.stat().st_size <= 4096 + 2048 and log.stat().st_size <= 4096 + 2048
    assert stat.S_IMODE(older.stat().st_mode) == 0o600
    assert len(deja("log", "100", "--json").json()["entries"]) > 10


def test_mcp_handoff_tool_gives_the_brief(home):
    _handoff_session(home)
    deja("index")
    from test_mcp import _run as mcp_run, _text

    async def script(s):
        return await s.call_tool("handoff", {"id": "01b2c3d4"}), await s.call_tool("handoff", {"id": "nope-nope"})

    ok, missing = mcp_run(home, script)
    text = _text(ok)
    assert not ok.is_error and text.splitlines()[0].startswith("[deja: untrusted historical data")
    assert "# Handoff:" in text and "switch totals to Decimal" in text and "ruff check billing" in text
    assert ok.structured_content["commands"] == ["pytest -q tests/test_invoice.py", "ruff check billing"]
    assert missing.is_error and "recall" in _text(missing)
    assert deja("log", "--json").json()["entries"][0]["what"] == "handoff"
