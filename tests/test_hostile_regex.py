"""Crafted text against the parsers' and the command rules' patterns: every one in linear work.

Each pattern here was quadratic in a text built for it (an opener with no closer repeated, a long
run of spaces, a chain of `:1` selectors): seconds at 40 KB, hours at the megabyte a store's
uncapped message or tool output can hold. A regression must fail, not hold the suite: the
patterns run in a process of their own with a timeout far above what they take now (~0.1 s),
and the CLI runs in processes of their own (conftest's timeout)."""

from __future__ import annotations

import json
import subprocess
import sys

from conftest import Transcript, deja

# Each line: a call on a crafted text of ~1 MB, and what it must give (the rule still works).
_PATTERNS = r"""
from deja.sources import aider, antigravity, cline, copilot, gemini, hermes, omp, roo
from deja.text import commands
N = 1_000_000
sp = " " * N
assert cline._params("<a>x</a>" + "<p>" * (N // 3) + "<b>\ny\n</b>") == [("a", "x"), ("b", "y")]
assert cline._params("".join(f"<a{i}>" for i in range(N // 8))) == []
assert cline._PATH.findall("<path>" * (N // 6) + "<path> src/a.py </path>") == [" src/a.py "]
assert cline._SPOKEN.findall("<answer>" * (N // 8) + "<answer>ok</answer>") == [("answer", "ok")]
assert len(cline._XML_CALL.findall("<read_file>" * (N // 11))) == 0
assert cline._SEARCH.findall("<<<<<<< SEARCH\n" * (N // 15)) == []
assert cline._CWD.search("# Current Working Directory (" * (N // 30)) is None
assert cline._INJECTED.search("<file_content" * (N // 13)) is None
assert cline._WRAPPER.search("<task" * (N // 5)) is None
assert gemini.unwrap("<untrusted_context>" * (N // 19) + "<untrusted_context>\nok\n</untrusted_context>").endswith(">ok")
assert gemini.unwrap("<untrusted_context" * (N // 18)).startswith("<untrusted")
assert antigravity._DROP_BLOCKS.search("<ADDITIONAL_METADATA>" * (N // 21)) is None
assert antigravity._TASK.findall("Task Description: fix it" + sp + "now") == ["fix it" + sp + "now"]
assert antigravity._TASK.findall("Task Description:" + sp) == []
assert roo._JSONC.sub("", "/* " * (N // 3)) == ""
assert copilot._TRAILER.search("<shellId: " * (N // 10)) is None
assert copilot._YAML.match("cwd: a" + sp + "b").group(2) == "a" + sp + "b"
assert aider._APPLIED.match("Applied edit to a" + sp + "b") is not None
assert hermes._V4A_FILE.match("*** Update File:" + sp) is None
assert omp._without_selectors("a.py" + ":1" * (N // 2) + "x") == "a.py" + ":1" * (N // 2) + "x"
assert omp._without_selectors("a.py:10-20:raw") == "a.py"
assert commands.split_command("pytest" + sp + "x") == ("pytest" + sp + "x", None)
assert commands.split_command("pytest -q  → exit 2") == ("pytest -q", 2)
assert commands.normalise_command("pytest" + sp + "-q | tail -5") == "pytest -q"
assert commands.program("FOO=1" + sp + "pytest") == ("pytest",)
from deja.text.redact import redact
assert redact("token: x9y8z7 " * 10_000)[1] == 1  # (the first value runs to the line's end)
assert redact("a: b\ntoken: x9y8z7 # note\n" * 10_000)[1] == 10_000
for unit in ("a.", "x://", "x://a:", "curl ", "sshpass ", "mysql "):  # each scanned the rest of its run or line
    assert redact("- @ :// " + unit * (N // len(unit)))[0].startswith("- @ :// ")
assert redact("1.http://u:hunter22@h")[0] == "1.http://u:[redacted:url-password]@h"
assert redact("curl -s https://x | curl -u admin:hunter22 https://y")[1] == 1
from deja.search import quantity, recency
from deja.search.query import _COUNTS
# "how much" tried from each of its repeats, each scanning the rest of the clause; "before" and a
# run of spaces split by two \s* every way (issue 14, session 11's question rules)
assert [u for u in quantity.groups("how much is my weight " * (N // 22) + "?") if "dollars" in u] == []
assert [u for u in quantity.groups("how much did the " * (N // 17) + "flat cost?") if "dollars" in u]
assert _COUNTS.search("how much is it " * (N // 15) + "?") is None
assert _COUNTS.search("how much " * (N // 9) + "have I spent?")
assert recency._BEFORE.search("which gym did I go to before" + sp + "x") is None
assert recency._BEFORE.search("which gym did I go to before" + sp + "?" + sp)
from deja.hooks import question
# an aside's leading \s* tried from each space of a run (the prompt hook went silent at its alarm)
assert question._asides_out("which gym did I go to before" + sp + "x").endswith("x")
assert question._asides_out("What did (as I said before) we call the gym?") != "What did (as I said before) we call the gym?"
"""


def test_every_fixed_pattern_runs_in_linear_work():
    subprocess.run([sys.executable, "-c", _PATTERNS], check=True, timeout=60)


def test_a_crafted_gemini_output_and_cline_message_are_indexed_in_linear_work(home):
    # a read file quoting the envelope's opener over and over (Gemini), an assistant message whose
    # tool call repeats `<path>` with no closer (Cline): each opener was scanned to the end of its
    # text, hours for a megabyte; the sessions are indexed and their words found
    chats = home / ".gemini/tmp/app/chats"
    chats.mkdir(parents=True)
    flood = "<untrusted_context>" * 50_000
    lines = [
        {"sessionId": "g1", "projectHash": "ab12", "startTime": "2026-01-01T10:00:00Z",
         "lastUpdated": "2026-01-01T10:00:00Z", "kind": "main"},
        {"id": "m1", "timestamp": "2026-01-01T10:00:01Z", "type": "user", "content": [{"text": "read the log gannetwing"}]},
        {"id": "m2", "timestamp": "2026-01-01T10:00:02Z", "type": "gemini", "content": "reading", "toolCalls": [{
            "id": "c1", "name": "read_file", "args": {"file_path": "/w/log.txt"},
            "result": [{"functionResponse": {"id": "c1", "name": "read_file", "response": {"output": flood}}}],
            "status": "success", "timestamp": "2026-01-01T10:00:03Z"}]},
    ]
    (chats / "session-2026-01-01T10-00-g1.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    sid = "1767261600000_hostl"
    d = home / ".cline/data/sessions" / sid
    d.mkdir(parents=True)
    said = "I will read it ternlight <read_file>" + "<path>" * 170_000 + "</read_file>"
    messages = [{"role": "user", "content": [{"type": "text", "text": "<task>open the notes</task>"}], "ts": 1767261600000},
                {"role": "assistant", "content": [{"type": "text", "text": said}], "ts": 1767261601000}]
    (d / f"{sid}.messages.json").write_text(json.dumps({"version": 1, "sessionId": sid, "agent": "lead", "messages": messages}))
    assert deja("index", proc=True).code == 0
    assert deja("search", "gannetwing", "--json").json()["hits"]
    assert deja("search", "ternlight", "--json").json()["hits"]


def test_a_command_holding_a_long_run_of_spaces_is_read_in_linear_work(home):
    # `deja how` splits and normalises every stored command: a run of spaces was tried at each of
    # its characters by three patterns (a 64 KiB command: over a minute, each)
    t = Transcript("c4a95e11-0000-4000-8000-00000000c20c", "/home/dev/x", 1)
    for i in range(4):
        t.bash(f"pytest{' ' * 60_000}-k case{i}", "1 passed")
    t.write(home)
    r = deja("how", "pytest", "--json", proc=True)
    assert r.code == 0 and "pytest" in r.out


def test_a_prompt_of_thousands_of_clauses_is_read_within_the_hooks_budget(home):
    # each lead-in dropped read the rest of the prompt again ("嗯，" × 2,000: 11 s), and a run of
    # question marks was scanned from each of them (16,000: 11 s); the prompt hook's 1.5 s alarm
    # cut it off (with DEJA_DEBUG=1 its traceback names _Slow). Now a few hundredths of a second.
    Transcript("c4a95e11-0000-4000-8000-00000000c30c", "/home/dev/x", 1).user(
        "which message queue for the billing jobs?").say("we picked the redpanda queue for billing").write(home)
    deja("index")
    for prompt in ("嗯，" * 2000 + "我们之前聊过的那个消息队列叫什么？", "?" * 16000 + "\n\nwhich queue did we pick last time?"):
        payload = {"session_id": "conv-9", "transcript_path": "/tmp/conv-9.jsonl", "cwd": "/home/dev/x",
                   "hook_event_name": "UserPromptSubmit", "prompt": prompt}
        r = deja("hook-prompt", input=json.dumps(payload, ensure_ascii=False), env={"DEJA_DEBUG": "1"}, check=False)
        assert r.code == 0 and "_Slow" not in r.err, r.err[-400:]
    from deja.hooks.question import question_text

    assert question_text("Hmm, ok, so, which queue did we pick?") == "which queue pick?"  # (as before)
    assert question_text("帮我回忆一下，之前跟你聊过的：我的猫叫什么名字？") == "我的猫叫什么名字？"


def test_a_pasted_blob_or_paragraph_as_a_query_is_searched_in_linear_work(home):
    # a query holding one 100 KB word (a pasted blob): the identifier rule tried its look-aheads at
    # every character, each scanning the rest of the word (8,000: 0.56 s a parse; 100 KB: minutes);
    # a Chinese paragraph of thousands of one-character words: each one's bigrams took in every
    # other's, each looked up in the index (400: 1.1 s; 4,500: minutes). Both answer now.
    Transcript("c4a95e11-0000-4000-8000-00000000c40c", "/home/dev/x", 1).user(
        "which message queue for the billing jobs?").say("we picked the redpanda queue for billing 的队列").write(home)
    deja("index")
    r = deja("search", "which queue " + "ab" * 50_000, "--json", proc=True, check=False)
    assert r.code in (0, 1) and "Traceback" not in r.err
    paragraph = "的".join(chr(0x4E00 + i * 4) for i in range(4500))
    r = deja("search", "队列 " + paragraph, "--json", proc=True, check=False)
    assert r.code in (0, 1) and "Traceback" not in r.err
    assert deja("search", "redpanda queue", "--json").json()["hits"]


def test_a_tool_output_of_one_long_line_of_assignments_is_redacted_in_linear_work(home):
    # each `token: x` looked back for its line's start: on a line of nothing else, to the start
    # of the text (1.6 MB: 2.7 s; 12 MB: minutes, in a parse worker of `deja index`)
    Transcript("c4a95e11-0000-4000-8000-00000000c50c", "/home/dev/x", 1).user("dump the config puffinlake").bash(
        "cat config.yml", "token: s3cr3tvalue " * 650_000).write(home)
    assert deja("index", proc=True).code == 0
    hits = deja("search", "puffinlake", "--json").json()["hits"]
    assert hits and "s3cr3tvalue" not in json.dumps(hits)


def test_a_question_repeating_how_much_or_padding_before_is_searched_in_linear_work(home):
    # "how much" × 4,000 without a word of money after it: each repeat scanned the rest of the
    # question twice over (22 s); "before" then 100,000 spaces: two runs of \s* split them every
    # way (5.6 s at 20,000, minutes here). Search has no alarm: both answer now in a blink.
    Transcript("c4a95e11-0000-4000-8000-00000000c60c", "/home/dev/x", 1).user(
        "I used to go to PureGym, my weight was 82 kg").write(home)
    deja("index")
    for query in ("how much is my weight " * 4000 + "?", "which gym did I go to before" + " " * 100_000 + "x"):
        r = deja("search", query, "--json", proc=True, check=False)
        assert r.code in (0, 1) and "Traceback" not in r.err, r.err[-400:]
    assert deja("search", "which gym did I go to before?", "--json").json()["hits"]


def test_a_record_repeating_how_much_costs_a_state_question_linear_work(home):
    # a question about the person's state reads its leading record's sentence as a query
    # (recency.follow), and "how much" × 4,000 there took 25 s in `deja search` "what gym do I go to?"
    Transcript("c4a95e11-0000-4000-8000-00000000c70c", "/home/dev/x", 1).user(
        "I go to the gym at PureGym every week, " + "how much is my weight " * 2_900).write(home)
    Transcript("c4a95e11-0000-4000-8000-00000000c80c", "/home/dev/x", 2).user(
        "Cancelled the gym membership at PureGym and switched to David Lloyd").write(home)
    deja("index")
    r = deja("search", "what gym do I go to?", "--json", proc=True, check=False)
    assert r.code == 0 and "Traceback" not in r.err, r.err[-400:]
    assert r.json()["hits"]
