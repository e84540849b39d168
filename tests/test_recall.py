"""Issue 14: recall that answers a question asked in words. One test per failure the issue lists,
through the CLI (`deja … --json` and its human output), the MCP server over stdio and the hook."""

from __future__ import annotations

import pytest

from conftest import deja
from test_hooks import context_of, hook, prompt_payload
from test_search import OLD, ids, search, session

QUESTION = "When did we move the billing worker to the new queue?"


def _filler_heavy(home) -> None:
    # holds every filler word of the question (and "new"), but nothing it asks about
    session(home, "api", "aa-filler", [
        ("user", "When did we say the new office opens? We need to move the team to the new floor.", OLD),
        ("assistant", "Did we not agree to move it when the lease starts? The new floor is ready then.", OLD),
    ])
    session(home, "api", "zz-answer", [
        ("user", "the billing worker keeps timing out on RabbitMQ", OLD),
        ("assistant", "I moved the billing worker onto the SQS queue on Tuesday; retries and a dead letter queue come with it.", OLD),
    ])


def test_a_question_is_ranked_by_its_rare_words_not_its_filler(home):
    _filler_heavy(home)
    r = search(QUESTION)
    assert ids(r)[0] == "zz-answer", ids(r)
    assert r["tier"] in ("exact", "relevance")
    # the hit carries the turn that answers, from the answering side
    assert "SQS queue on Tuesday" in r["hits"][0]["answer"]
    # a query of nothing but filler still works: it searches the filler
    assert ids(search("when did we"))[0] == "aa-filler"
    # a Chinese question: its function words and cues need not match
    session(home, "api", "zh-answer", [("user", "计费服务的后台任务已经迁到Kafka上了", OLD)])
    session(home, "api", "zh-filler", [("user", "我们上次是什么时候开会的？", OLD)])
    r = search("我们上次是什么时候把计费任务迁到新队列的？")
    assert ids(r)[0] == "zh-answer", ids(r)
    # phrases and CJK terms stay exact
    assert ids(search('"billing worker onto"')) == ["zz-answer"]
    assert search("计费服务")["tier"] == "exact"


def test_partial_matches_rank_the_rare_words_over_the_common_ones(home):
    for i in range(4):
        session(home, "api", f"common-{i}", [("user", f"what did we decide about it? what did we decide about {i}?", OLD),
                                              ("assistant", "What did we decide about it? We did decide, about what we did.", OLD)])
    long = " ".join(f"Step {i}: read the schema, the indexes and the migration history." for i in range(40))
    session(home, "api", "soft-deletes", [("user", f"{long} Then: should rows be hard deleted?", OLD),
                                          ("assistant", f"{long} Soft deletes: a deleted_at column on customer records.", OLD)])
    r = search("what did we decide about soft deletes for customer records")
    assert ids(r)[0] == "soft-deletes", ids(r)


def test_notes_that_collect_many_words_do_not_take_over(home):
    session(home, "cli", "telemetry", [
        ("user", "Is there a way to opt out of usage reporting in our command line tool?", OLD),
        ("assistant", "Pass --no-telemetry to the cli, or set ACME_TELEMETRY=0; the flag is read first.", OLD),
    ])
    session(home, "cli", "canary-deploy", [
        ("user", "what does a prod deploy need?", OLD),
        ("assistant", "prod deploys need the canary flag; the fix was to default it on.", OLD),
    ])
    deja("index")
    for text in ("prod deploys need the canary flag", "the cli reads its config from the home directory"):
        deja("remember", "--project", "cli", text)
    deja("promote", "canary-deploy", "--note", "checked in the runbook")
    r = search("which flag turns off telemetry in the cli")
    assert ids(r)[0] == "telemetry", [(h["session"]["harness"], h["session"]["id"]) for h in r["hits"]]
    # the note still comes first when it is what was asked for
    r = search("what do prod deploys need, the canary flag?")
    assert r["hits"][0]["session"]["harness"] == "notes"


def test_a_made_up_token_is_an_honest_nothing(home):
    _filler_heavy(home)
    r = search("qzx-frobnicate-9000")
    assert r["tier"] in ("none", "weak") and r["total"] == 0
    human = deja("qzx-frobnicate-9000", check=False)
    assert human.code == 1 and "No session matches" in human.out and "Traceback" not in human.err
    # words that hold little of the question: near misses, said to be low confidence, exit 1
    human = deja("what did we decide about the zorblaxian frobnication queue", check=False)
    assert human.code == 1 and "low confidence" in human.out

    async def script(s):
        return [await s.call_tool("recall", {"query": q}) for q in ("qzx-frobnicate-9000",
                                                                      "what did we decide about the zorblaxian frobnication queue")]

    made_up, near = _mcp(home, script)
    assert "No past session matches" in made_up and "session(s) match" not in made_up
    assert "No past session matches" in near and "LOW CONFIDENCE" in near
    # and the hook injects nothing for it
    code, out, _ = hook("prompt", prompt_payload("Last time, what did we decide about the zorblaxian frobnication queue?"))
    assert code == 0 and out == ""


def test_a_command_is_found_without_a_role_and_mcp_recall_takes_roles(home):
    session(home, "api", "ran-it", [("user", "ship it", OLD), ("bash", ("./deploy.sh canary-cmd-codex --fast", "ok"), OLD),
                                    ("assistant", "deployed", OLD)])
    session(home, "api", "talked", [("user", "the deploy went fine", OLD)])
    r = search("canary-cmd-codex")
    assert ids(r) == ["ran-it"] and r["hits"][0]["snippet_roles"] == ["command"]
    assert "command: $ ./deploy.sh canary-cmd-codex" in deja("canary-cmd-codex").out  # shown as what it is
    # a query that looks like a command searches commands at once, next to what was said
    r = search("./deploy.sh --fast")
    assert ids(r)[0] == "ran-it" and "command" in r["hits"][0]["snippet_roles"]

    async def script(s):
        return [await s.call_tool("recall", {"query": "deploy", "roles": ["command"]}),
                await s.call_tool("recall", {"query": "canary-cmd-codex"}),
                await s.call_tool("recall", {"query": "deploy", "roles": ["nonsense"]})]

    s = _mcp_raw(home, script)
    only_commands, default, bad = s
    assert "ran-it" in _text(only_commands) and "talked" not in _text(only_commands)
    assert "command: $ ./deploy.sh canary-cmd-codex" in _text(default)
    assert bad.is_error and "unknown role" in _text(bad)


@pytest.mark.parametrize("line", ["最后决定改为用连接池，问题解决了。", "В итоге решили оставить старую очередь задач.",
                                  "The fix was to release the connection in a finally block."])
def test_the_decision_line_is_recognised_in_english_chinese_and_russian(home, line):
    session(home, "api", "decided", [("user", "the quokka pool leaks connections", OLD),
                                     ("assistant", f"I looked at the pool for a while.\n{line}", OLD)])
    r = search("quokka")
    assert r["hits"][0]["decision"] == line
    md = deja("ctx", "quokka").out
    assert line in md


def test_a_history_question_injects_the_session_that_answers_with_what_it_decided(home):
    _filler_heavy(home)
    session(home, "api", "zh-answer", [("user", "计费服务的后台任务要换队列", OLD),
                                       ("assistant", "已经迁到Kafka上了，最后决定用死信队列处理失败的消息。", OLD)])
    session(home, "api", "zh-other", [("user", "今天的会议改到下午", OLD)])
    deja("index")
    code, out, _ = hook("prompt", prompt_payload("Last time: " + QUESTION))
    ctx = context_of(out, "UserPromptSubmit")
    assert "zz-answer" in ctx and "SQS queue on Tuesday" in ctx  # the answer, not the earlier question
    code, out, _ = hook("prompt", prompt_payload("上次我们是什么时候把计费任务迁到新队列的？", session="conv-2"))
    ctx = context_of(out, "UserPromptSubmit")
    assert "zh-answer" in ctx and "最后决定用死信队列" in ctx
    # an unrelated prompt gets nothing
    code, out, _ = hook("prompt", prompt_payload("Write a Python function that flattens a nested list.", session="conv-3"))
    assert code == 0 and out == ""


# -- MCP over stdio, as tests/test_mcp.py drives it


def _text(result) -> str:
    return "".join(c.text for c in result.content if c.type == "text")


def _mcp_raw(home, script):
    from test_mcp import _run

    deja("index")
    return _run(home, script)


def _mcp(home, script) -> list[str]:
    return [_text(r) for r in _mcp_raw(home, script)]


