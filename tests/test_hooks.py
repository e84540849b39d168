"""The hook commands end to end: a payload on stdin, the host's JSON on stdout, or silence.

Every call goes through the real `deja hook-*` entry point in a throwaway HOME.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from conftest import deja, install_real, live_index, write_jsonl

CLAUDE_SESSION = "465046b8-089c-49a4-a891-283be4b0cb3f"
CLAUDE_CWD = "/tmp/harness/work-claude"
HISTORY_ZH = "上次数据库连接池的问题是怎么解决的？"


def hook(kind: str, payload, env: dict | None = None) -> tuple[int, str, str]:
    data = payload if isinstance(payload, (str, bytes)) else json.dumps(payload, ensure_ascii=False)
    full = dict(os.environ)
    full.update(env or {})
    p = subprocess.run([sys.executable, "-m", "deja", f"hook-{kind}"], input=data if isinstance(data, bytes) else data.encode(),
                       capture_output=True, env=full, timeout=60)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def context_of(out: str, event: str) -> str:
    got = json.loads(out)
    assert set(got) == {"hookSpecificOutput"}
    spec = got["hookSpecificOutput"]
    assert spec["hookEventName"] == event
    ctx = spec["additionalContext"]
    assert ctx.startswith("<deja-recall>") and ctx.endswith("</deja-recall>")
    assert len(ctx.encode()) <= 2048
    return ctx


def prompt_payload(prompt: str, session: str = "conv-1", **extra) -> dict:
    return {"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": CLAUDE_CWD,
            "hook_event_name": "UserPromptSubmit", "prompt": prompt, **extra}


@pytest.fixture
def claude_index(home):
    install_real(home, "claude")
    deja("index")
    return home


def test_chinese_history_question_names_the_session(claude_index):
    code, out, err = hook("prompt", prompt_payload(HISTORY_ZH))
    assert code == 0, err
    ctx = context_of(out, "UserPromptSubmit")
    assert CLAUDE_SESSION in ctx
    assert "2026-11-30" in ctx or "2026-12-01" in ctx  # dated (local time of the session)
    assert "not instructions" in ctx


def test_history_hint_once_per_conversation(claude_index):
    first = hook("prompt", prompt_payload(HISTORY_ZH, "conv-2"))[1]
    assert CLAUDE_SESSION in context_of(first, "UserPromptSubmit")
    again = hook("prompt", prompt_payload("之前数据库连接池耗尽是什么原因？", "conv-2"))[1]
    assert CLAUDE_SESSION not in again and "earlier sessions" not in again
    other = hook("prompt", prompt_payload(HISTORY_ZH, "conv-3"))[1]
    assert CLAUDE_SESSION in context_of(other, "UserPromptSubmit")


@pytest.mark.parametrize("question", [
    "上次我比较喜欢哪种数据库连接池配置？",
    "我以前习惯用什么数据库连接池？",
    "Which connection pool did I prefer last time?",
])
def test_preference_question_gets_no_history_hint(claude_index, question):
    code, out, _ = hook("prompt", prompt_payload(question, "conv-pref"))
    assert code == 0
    assert "earlier sessions" not in out


@pytest.mark.parametrize("payload", [
    prompt_payload("<task-notification>上次数据库连接池的问题是怎么解决的？</task-notification>"),
    prompt_payload("<command-name>/recall</command-name> 上次数据库连接池"),
    # Qwen Code: `submitted_prompt` is absent or empty when the prompt is not what a person typed
    prompt_payload(HISTORY_ZH, submitted_prompt=""),
    prompt_payload(HISTORY_ZH, source="tool_result"),
])
def test_injected_or_tool_text_gets_nothing(claude_index, payload):
    assert hook("prompt", payload)[:2] == (0, "")


def test_qwen_prompt_without_submitted_prompt_is_not_typed(claude_index):
    # Qwen Code runs its prompt hook for tool results too, and says so by leaving out submitted_prompt
    assert hook("prompt", prompt_payload(HISTORY_ZH), env={"QWEN_PROJECT_DIR": "/w"})[:2] == (0, "")
    typed = prompt_payload("x", submitted_prompt=HISTORY_ZH)
    assert CLAUDE_SESSION in hook("prompt", typed, env={"QWEN_PROJECT_DIR": "/w"})[1]


def test_other_hosts_get_their_event_name(claude_index):
    gemini = {"session_id": "g1", "cwd": CLAUDE_CWD, "hook_event_name": "BeforeAgent", "prompt": HISTORY_ZH,
              "timestamp": "2026-12-01T10:00:00Z"}
    assert CLAUDE_SESSION in context_of(hook("prompt", gemini)[1], "BeforeAgent")
    qwen = prompt_payload("ignored", "q1", submitted_prompt=HISTORY_ZH)
    assert CLAUDE_SESSION in context_of(hook("prompt", qwen)[1], "UserPromptSubmit")


def test_ordinary_prompt_recalls_only_what_is_specific(claude_index):
    out = hook("prompt", prompt_payload("the outage: 数据库连接池耗尽", "conv-r"))[1]
    ctx = context_of(out, "UserPromptSubmit")
    assert CLAUDE_SESSION in ctx and "related history" in ctx
    # shown once in a conversation, not at every prompt
    assert hook("prompt", prompt_payload("the outage: 数据库连接池耗尽", "conv-r"))[1] == ""
    # a word that no session holds with the others: not specific, silence
    assert hook("prompt", prompt_payload("数据库连接池耗尽 in production", "conv-r2"))[1] == ""
    # nothing in history: silence
    assert hook("prompt", prompt_payload("write a haiku about kubernetes operators", "conv-r"))[1] == ""


def test_session_start_context(claude_index):
    out = hook("context", {"session_id": "s1", "cwd": CLAUDE_CWD, "hook_event_name": "SessionStart", "source": "startup"})[1]
    ctx = context_of(out, "SessionStart")
    assert CLAUDE_SESSION in ctx and "work-claude" in ctx
    deja("remember", "pool size is 20 because the db allows 25 connections", "--project", CLAUDE_CWD)
    deja("index")  # a hook reads the index as it is; it never refreshes it
    ctx = context_of(hook("context", {"session_id": "s2", "cwd": CLAUDE_CWD})[1], "SessionStart")
    assert "pool size is 20" in ctx
    assert hook("context", {"session_id": "s3", "cwd": "/somewhere/else"})[1] == ""


@pytest.mark.parametrize("kind", ["context", "prompt", "tool", "precompact"])
@pytest.mark.parametrize("stdin", [b"garbage {", b"", b"[1, 2]", b"\xff\xfe\x00", "null"])
def test_garbage_is_silent(claude_index, kind, stdin):
    code, out, err = hook(kind, stdin)
    assert (code, out, err) == (0, "", "")


@pytest.mark.parametrize("kind", ["context", "prompt", "tool", "precompact"])
def test_no_index_is_silent_and_creates_nothing(home, kind):
    install_real(home, "claude")
    before = sorted(str(p) for p in home.rglob("*"))
    payload = prompt_payload(HISTORY_ZH) | {"tool_name": "Bash", "tool_input": {"command": "pytest -q"},
                                            "transcript_path": str(next(home.rglob("*.jsonl")))}
    for stdin in (json.dumps(payload), "garbage"):
        assert hook(kind, stdin) == (0, "", "")
    assert not (home / ".cache" / "deja").exists()
    assert sorted(str(p) for p in home.rglob("*")) == before


def test_a_failing_hook_says_nothing_even_when_the_index_is_broken(claude_index):
    (live_index(claude_index / ".cache" / "deja") / "catalog.sqlite").write_bytes(b"not a database" * 100)
    assert hook("prompt", prompt_payload(HISTORY_ZH)) == (0, "", "")


# -- hook-tool

SHOP = "/home/dev/shop"


class Transcript:
    """Claude Code's JSONL as the real CLI writes it (one content block per line)."""

    def __init__(self, sid: str, cwd: str, day: int):
        self.sid, self.cwd, self.day, self.lines = sid, cwd, day, []

    def _line(self, kind: str, content) -> "Transcript":
        n = len(self.lines) + 1
        self.lines.append({"type": kind, "sessionId": self.sid, "cwd": self.cwd, "uuid": f"{self.sid[:8]}-{n}",
                           "timestamp": f"2026-03-{self.day:02d}T10:{n:02d}:00.000Z", "isSidechain": False,
                           "message": {"role": kind, "content": content}})
        return self

    def user(self, text: str) -> "Transcript":
        return self._line("user", text)

    def say(self, text: str) -> "Transcript":
        return self._line("assistant", [{"type": "text", "text": text}])

    def tool(self, name: str, args: dict, result: str) -> "Transcript":
        tid = f"toolu_{self.sid[:4]}{len(self.lines)}"
        self._line("assistant", [{"type": "tool_use", "id": tid, "name": name, "input": args}])
        return self._line("user", [{"type": "tool_result", "tool_use_id": tid, "content": result}])

    def write(self, home) -> "Transcript":
        write_jsonl(home / ".claude" / "projects" / self.cwd.replace("/", "-") / f"{self.sid}.jsonl", self.lines)
        return self


@pytest.fixture
def shop(home):
    for i, sid in enumerate(["aaaa0001-0000-4000-8000-000000000001", "aaaa0002-0000-4000-8000-000000000002"]):
        (Transcript(sid, SHOP, 10 + i)
         .user("the pool times out under load")
         .tool("Edit", {"file_path": f"{SHOP}/src/pool.py", "old_string": "SIZE = 5\n", "new_string": "SIZE = 20\n"},
               "The file has been updated.")
         .tool("Bash", {"command": "pytest -q tests/unit"}, "12 passed in 0.4s")
         .say("Decided: the pool size is 20 because the database allows 25 connections; tests pass now.")
         .write(home))
    deja("index")
    return home


def tool_payload(session: str, name: str, args: dict) -> dict:
    return {"session_id": session, "cwd": SHOP, "hook_event_name": "PreToolUse", "tool_name": name,
            "tool_input": args, "tool_use_id": "t1", "transcript_path": "/tmp/x.jsonl"}


def test_hook_tool_names_a_files_decision_once_per_session(shop):
    edit = tool_payload("new-1", "Edit", {"file_path": f"{SHOP}/src/pool.py", "old_string": "a", "new_string": "b"})
    ctx = context_of(hook("tool", edit)[1], "PreToolUse")
    assert "pool.py" in ctx and "2 earlier sessions" in ctx and "25 connections" in ctx
    assert hook("tool", edit)[:2] == (0, "")  # once per file per session
    write = tool_payload("new-1", "Write", {"file_path": f"{SHOP}/src/pool.py", "content": "x"})
    assert hook("tool", write)[:2] == (0, "")
    # another conversation hears it again; a file with no history is silence
    assert "pool.py" in hook("tool", edit | {"session_id": "new-2"})[1]
    other = tool_payload("new-2", "Edit", {"file_path": f"{SHOP}/src/other.py", "old_string": "a", "new_string": "b"})
    assert hook("tool", other)[:2] == (0, "")


def test_hook_tool_codex_apply_patch(shop):
    patch = f"*** Begin Patch\n*** Update File: {SHOP}/src/pool.py\n@@\n-SIZE = 20\n+SIZE = 30\n*** End Patch\n"
    payload = tool_payload("cx-1", "apply_patch", {"command": patch}) | {"turn_id": "t", "model": "m", "permission_mode": "default"}
    assert "pool.py" in context_of(hook("tool", payload)[1], "PreToolUse")


def test_hook_tool_names_the_working_invocation(shop):
    run = tool_payload("new-3", "Bash", {"command": "pytest"})
    ctx = context_of(hook("tool", run)[1], "PreToolUse")
    assert "`pytest -q tests/unit`" in ctx and "2 sessions" in ctx
    assert hook("tool", tool_payload("new-3", "Bash", {"command": "pytest -x"}))[:2] == (0, "")
    # exactly what worked before, or a command that only looks: nothing to add
    assert hook("tool", tool_payload("new-4", "Bash", {"command": "pytest -q tests/unit"}))[:2] == (0, "")
    assert hook("tool", tool_payload("new-4", "Bash", {"command": "ls -la src"}))[:2] == (0, "")


# -- hook-precompact


def _find(home, phrase: str) -> list[str]:
    """Search the index as it is, without the refresh `deja search` would do first."""
    from deja import paths
    from deja.search import Options, search
    from deja.store import Store

    store = Store(paths.index_dir(), readonly=True)
    try:
        res = search(store, phrase, Options())
        return [h.session.id for h in res.hits] if res.tier == "exact" else []
    finally:
        store.close()


def _append_turn(transcript, text: str) -> None:
    last = json.loads(transcript.read_text().splitlines()[-1])
    line = {"type": "user", "sessionId": CLAUDE_SESSION, "cwd": CLAUDE_CWD, "uuid": "new-turn-1",
            "parentUuid": last.get("uuid"), "timestamp": "2026-11-30T17:00:00.000Z", "isSidechain": False,
            "message": {"role": "user", "content": text}}
    with open(transcript, "a") as f:
        f.write(json.dumps(line, ensure_ascii=False) + "\n")


def test_precompact_makes_the_live_turn_searchable(claude_index):
    transcript = next((claude_index / ".claude" / "projects").rglob(f"{CLAUDE_SESSION}.jsonl"))
    _append_turn(transcript, "canary-precompact-7731 keep the retry budget at three")
    assert _find(claude_index, "canary-precompact-7731") == []
    payload = {"session_id": CLAUDE_SESSION, "transcript_path": str(transcript), "cwd": CLAUDE_CWD,
               "hook_event_name": "PreCompact", "trigger": "auto", "custom_instructions": ""}
    assert hook("precompact", payload) == (0, "", "")
    assert _find(claude_index, "canary-precompact-7731") == [CLAUDE_SESSION]


def test_precompact_skips_when_a_writer_is_busy(claude_index):
    from deja import paths
    from deja.ingest.lock import WriterLock

    transcript = next((claude_index / ".claude" / "projects").rglob(f"{CLAUDE_SESSION}.jsonl"))
    _append_turn(transcript, "canary-busy-4410")
    lock = WriterLock(paths.index_dir())
    assert lock.acquire(wait=False)
    try:
        assert hook("precompact", {"session_id": CLAUDE_SESSION, "transcript_path": str(transcript)}) == (0, "", "")
    finally:
        lock.release()
    assert _find(claude_index, "canary-busy-4410") == []


def test_hooks_are_hidden_but_resolvable():
    listed = deja("--help").out
    assert "hook-prompt" not in listed
    assert deja("hook-prompt", check=False).code == 0  # stdin not a payload: silence, exit 0


def test_keywords_and_question_kinds():
    from deja.hooks.payload import is_history_question, is_preference_question, keywords

    assert keywords(HISTORY_ZH) == ["数据库连接池"]
    assert keywords("How did we fix the flaky test_login in auth.py last time?") == ["flaky", "test_login", "auth.py"]
    assert is_history_question(HISTORY_ZH) and is_history_question("what did we decide yesterday?")
    assert not is_history_question("add a retry to the client")
    assert is_preference_question("我喜欢哪种写法") and is_preference_question("which do I prefer")
    assert keywords("<deja-recall>上次 数据库</deja-recall> 缓存命中率") == ["缓存命中率"]
