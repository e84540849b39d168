"""The hook commands end to end: a payload on stdin, the host's JSON on stdout, or silence.

Every call goes through the real `deja hook-*` entry point in a throwaway HOME.
"""

from __future__ import annotations

import json

import pytest

from conftest import Transcript, deja, install_real, live_index

CLAUDE_SESSION = "465046b8-089c-49a4-a891-283be4b0cb3f"
CLAUDE_CWD = "/tmp/harness/work-claude"
HISTORY_ZH = "上次数据库连接池的问题是怎么解决的？"


def hook(kind: str, payload, env: dict | None = None) -> tuple[int, str, str]:
    data = payload if isinstance(payload, (str, bytes)) else json.dumps(payload, ensure_ascii=False)
    r = deja(f"hook-{kind}", input=data, env=env, check=False)
    return r.code, r.out, r.err


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


@pytest.fixture
def chats(home):
    """Three earlier conversations, each a fact said once: a preference, a booking, a pick."""
    (Transcript("bbbb0001-0000-4000-8000-000000000001", "/home/dev/notes", 10)
     .user("For Makefiles I prefer tabs, and for the Python code four spaces; please keep it that way.")
     .say("Noted: tabs in Makefiles, four spaces in Python.").write(home))
    (Transcript("bbbb0002-0000-4000-8000-000000000002", "/home/dev/notes", 11)
     .user("I booked the Alfama guesthouse in Lisbon for the conference week, near the tram line.")
     .say("A good pick: the 28 tram stops close by.").write(home))
    (Transcript("bbbb0003-0000-4000-8000-000000000003", "/home/dev/notes", 12)
     .user("帮我比较一下几个消息队列")
     .say("最后用 RabbitMQ 做订单通知的消息队列，Kafka 留给日志。").write(home))
    deja("index")
    return home


@pytest.mark.parametrize("question, session", [
    # a cue the hook did not know as one (recall, look back, an older chat), in front or behind
    ("You might recall this: tabs or spaces in my Makefiles?", "bbbb0001"),
    ("Can you look back and tell me where I am staying in Lisbon?", "bbbb0002"),
    ("Which guesthouse in Lisbon, from one of our older chats?", "bbbb0002"),
    # no cue word at all: a question about the person's own past
    ("What was the name of the guesthouse I booked in Lisbon?", "bbbb0002"),
    ("翻一下以前的记录，订单通知用的是哪个消息队列？", "bbbb0003"),
    ("你推荐过订单通知用哪个消息队列？", "bbbb0003"),
    # a question of preference about the past is history too: the preference was said there
    ("Last time, what did I say I prefer for Makefile indentation?", "bbbb0001"),
    # ways of pointing back that are no fixed phrase: memory, a time back then, our old chats
    ("Jog my memory: which guesthouse in Lisbon?", "bbbb0002"),
    ("Which guesthouse in Lisbon? It came up between us once.", "bbbb0002"),
    ("我记不清了，订单通知最后用的是哪个消息队列？", "bbbb0003"),
    ("前阵子问过你，订单通知用的是哪个消息队列？", "bbbb0003"),
    # no cue and no past tense: a question about the person, answered on a strong match
    ("Where am I staying in Lisbon?", "bbbb0002"),
])
def test_history_question_in_its_many_forms_names_the_session(chats, question, session):
    code, out, err = hook("prompt", prompt_payload(question, f"conv-{session}"))
    assert code == 0, err
    ctx = context_of(out, "UserPromptSubmit")
    assert "earlier sessions" in ctx and session in ctx


@pytest.mark.parametrize("prompt", [
    "Write a Makefile with tabs for a Python project.",
    "Explain how message queues like RabbitMQ and Kafka differ.",
    "Remember to keep four spaces in the Python code.",
    "写一个消息队列的消费者示例",
    # questions, searched the question way, that no session answers strongly
    "What is the capital of Australia?",
    "How do I pick a quiet hotel in Lisbon for a family?",
    "Kafka 的分区数一般怎么设置？",
    # "before" here is no time back then
    "What should I check before booking a guesthouse in Lisbon?",
])
def test_a_request_that_shares_words_with_history_is_not_a_history_question(chats, prompt):
    assert "earlier sessions" not in hook("prompt", prompt_payload(prompt, "conv-req"))[1]


def test_the_injection_quotes_the_line_that_answers(chats):
    # a question about what the person said: their own statement, not the assistant's reply
    ctx = context_of(hook("prompt", prompt_payload("Where am I staying in Lisbon?", "conv-line"))[1], "UserPromptSubmit")
    assert "Alfama guesthouse" in ctx
    # a question about what the assistant said: its answer
    ctx = context_of(hook("prompt", prompt_payload("你推荐过订单通知用哪个消息队列？", "conv-line2"))[1], "UserPromptSubmit")
    assert "最后用 RabbitMQ" in ctx


def test_a_chinese_cue_taken_out_leaves_the_question_searchable(home):
    # 说过 taken out with a gap left "几次加班到很晚" a run with no filler: one exact phrase no text holds
    (Transcript("cccc0001-0000-4000-8000-000000000001", "/home/dev/notes", 10)
     .user("这周我加班到很晚好几次，周二周三周四都是十一点才走").say("注意休息，加班太多效率会下降。").write(home))
    (Transcript("cccc0002-0000-4000-8000-000000000002", "/home/dev/notes", 11)
     .user("帮我写一个周报的模板").say("好的，周报可以分成本周进展、问题和下周计划三部分。").write(home))
    deja("index")
    ctx = context_of(hook("prompt", prompt_payload("请问我跟你说过几次加班到很晚？", "conv-zh"))[1], "UserPromptSubmit")
    assert "cccc0001" in ctx and "cccc0002" not in ctx


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
    from deja.hooks.question import is_history_question, keywords, without_cues

    assert keywords(HISTORY_ZH) == ["数据库连接池"]
    assert keywords("How did we fix the flaky test_login in auth.py last time?") == ["flaky", "test_login", "auth.py"]
    assert is_history_question(HISTORY_ZH) and is_history_question("what did we decide yesterday?")
    assert not is_history_question("add a retry to the client")
    assert is_history_question("What was my first car?") and is_history_question("我去过哪些城市？")
    assert not is_history_question("Why is my build failing?") and not is_history_question("这个错误是什么意思？")
    assert without_cues("Going back to an older chat, which queue did we pick?") == "to an , which queue pick?"
    assert without_cues("你推荐过哪个消息队列？") == "哪个消息队列？"
    assert without_cues("请问我跟你说过几次加班到很晚？") == "请问我跟你几次加班到很晚？"
    assert keywords("<deja-recall>上次 数据库</deja-recall> 缓存命中率") == ["缓存命中率"]


def test_how_a_prompt_asks_and_what_it_searches():
    from deja.hooks.question import asking, question_text

    assert asking("Refresh my memory: which hotel?") == asking("帮我回忆一下，我开的是什么车？") == "cue"
    assert asking("What did you suggest for the accent wall?") == "cue"
    assert asking("What car do I drive?") == asking("我开的是什么车？") == "personal"
    # any other question is read as a request: ordinary recall, never the question way's looser bar
    assert asking("How do I fix a leaking tap?") == asking("我想学古筝，从哪里开始？") == ""
    assert asking("What is the capital of Australia?") == ""
    assert asking("Write a Makefile with tabs.") == asking("帮我写一个快速排序函数。") == ""
    # words of the past that here point at none: a reminder to set, a password, before a clause, to go over
    assert asking("Remind me to call mom tomorrow.") == asking("提醒我明天开会") == asking("别忘了带钥匙") == ""
    assert asking("I forgot my password, how do I reset it?") == asking("What should I check before buying a car?") == ""
    assert asking("睡觉之前吃什么好？") == asking("从机场怎么过去？") == asking("怎么给面试官留下好印象？") == ""
    assert asking("之前我们聊过的那家餐厅叫什么？") == asking("I forgot. What is my rent?") == "cue"
    assert asking("So, what's our band's name again?") == asking("那家餐厅叫什么来着？") == asking("几天之前说的那家餐厅叫什么？") == "cue"
    # the question sentence, without a lead-in that only points back or says nothing
    assert question_text("Going back to an older chat, which queue did we pick?") == "which queue pick?"
    assert question_text("Context: it came up before. What is my rent now? I need it tonight.") == "What is my rent now?"
    assert question_text("Hmm, who is my manager?") == "who is my manager?"
    assert question_text("你还有印象吗？我是什么时候拿到驾照的？") == "我是什么时候拿到驾照的？"
    assert question_text("帮我回忆一下，我开的是什么车？") == "我开的是什么车？"
    # a lead-in that says what the question is about stays
    assert question_text("我上周说的那家餐厅，叫什么名字？") == "我说的那家餐厅，叫什么名字？"
    assert question_text("In the Lisbon trip, which hotel did we pick?").startswith("In the Lisbon trip")
    # an aside inside the question that points back goes whole: its words would split the question's
    assert question_text("What did, as I mentioned before, you suggest for the hallway?") == "What did you suggest for the hallway?"
    assert question_text("Which hotel did you — I think it was last spring — suggest?") == "Which hotel did you suggest?"
    assert question_text("Who did (you told me once, I'm sure) you suggest for the roof?") == "Who did you suggest for the roof?"
    assert question_text("我现在（以前聊过）的月薪是多少？") == "我现在的月薪是多少？"
    # an aside that does not point back stays
    assert question_text("Which hotel (the one near the tram) did you suggest?") == "Which hotel (the one near the tram) did you suggest?"


@pytest.fixture
def asides(home):
    """A fact said once in each of four conversations, and two that share the question's frame."""
    (Transcript("dddd0001-0000-4000-8000-000000000001", "/home/dev/notes", 10)
     .user("我养的猫咪叫豆包，三岁了，最近老是掉毛").say("换季掉毛很正常，每天梳一梳会好很多。").write(home))
    (Transcript("dddd0002-0000-4000-8000-000000000002", "/home/dev/notes", 11)
     .user("新项目叫什么名字好？用哪个词比较好？").say("可以叫“青鸟”，或者“远帆”，都好记。").write(home))
    (Transcript("dddd0003-0000-4000-8000-000000000003", "/home/dev/notes", 12)
     .user("We booked the Alfama guesthouse in Lisbon for the conference week.")
     .say("A good pick: the 28 tram stops close by.").write(home))
    (Transcript("dddd0004-0000-4000-8000-000000000004", "/home/dev/notes", 13)
     .user("订单通知的消息队列该用哪个？").say("订单通知的消息队列用 RabbitMQ，Kafka 留给日志。").write(home))
    (Transcript("dddd0005-0000-4000-8000-000000000005", "/home/dev/notes", 14)
     .user("We booked a table in Lisbon for Friday, at the fado place by the river.")
     .say("Fado starts late there, around ten.").write(home))
    deja("index")
    return home


@pytest.mark.parametrize("question, session", [
    # a trailing clause that only points back: the question before it is what is asked
    ("When did we book the guesthouse in Lisbon, do you remember?", "dddd0003"),
    ("Which guesthouse did we book in Lisbon, do you still remember?", "dddd0003"),
    # a clause between commas inside the question
    ("我养的那只猫咪，我记得之前说过，叫什么名字？", "dddd0001"),
    ("订单通知的消息队列，之前跟你聊过的，用的是哪个？", "dddd0004"),
])
def test_a_cue_inside_or_after_the_question_leaves_the_question_whole(asides, question, session):
    assert_first_named(question, session)


def assert_first_named(question: str, session: str) -> None:
    """The prompt hook answers `question` with `session` as the first session it names."""
    code, out, err = hook("prompt", prompt_payload(question, f"conv-{session}-{len(question)}"))
    assert code == 0, err
    ctx = context_of(out, "UserPromptSubmit")
    assert "earlier sessions" in ctx and session in ctx.split("\n")[2]  # the first session named


@pytest.fixture
def events(home):
    """Facts said once, in passing, about things that happened (no "I" in the question that asks
    them back), a sentence a how-to shares words with, and close look-alikes."""
    (Transcript("eeee0001-0000-4000-8000-000000000001", "/home/dev/jobs", 10)
     .user("Help me plan the move. The Brightpath offer came in today: 84,000 a year plus a signing bonus.")
     .say("Congratulations. Start with the notice period, then the flat.").write(home))
    (Transcript("eeee0002-0000-4000-8000-000000000002", "/home/dev/api", 11)
     .user("Why is the dashboard so slow this morning?")
     .say("The events query took long because created_at had no index; with one it runs in 40 ms.").write(home))
    (Transcript("eeee0003-0000-4000-8000-000000000003", "/home/dev/ops", 12)
     .user("帮我看看集群的监控").say("订单服务三月五号迁移到新集群了，之后延迟降了一半。").write(home))
    (Transcript("eeee0004-0000-4000-8000-000000000004", "/home/dev/ops", 13)
     .user("I set up SSH keys for GitHub on the new laptop last week, it works.").say("Good, keep the key passphrase-protected.").write(home))
    (Transcript("eeee0005-0000-4000-8000-000000000005", "/home/dev/notes", 14)
     .user("我外甥刚满七岁，下棋已经能赢我了").say("七岁就这么厉害，可以报个少儿象棋班。").write(home))
    (Transcript("eeee0006-0000-4000-8000-000000000006", "/home/dev/notes", 15)
     .user("小孩几岁开始学钢琴比较好？").say("一般五到七岁开始，手指力量够了再学。").write(home))
    deja("index")
    return home


@pytest.mark.parametrize("question, session", [
    # a question about a particular past event or present state, no person and no cue in it
    ("What was the salary in the Brightpath offer?", "eeee0001"),
    ("What made the events query take so long?", "eeee0002"),
    ("订单服务是哪天迁移到新集群的？", "eeee0003"),
    # a clause that points back inside a Chinese question keeps what comes before it
    ("我外甥，之前说过的，今年几岁？", "eeee0005"),
])
def test_a_question_about_a_particular_event_names_the_session(events, question, session):
    assert_first_named(question, session)


@pytest.mark.parametrize("prompt", [
    "How do I set up SSH keys for GitHub?",  # "I set up" in a how-to is no own past
    "What causes a slow events query in Postgres?",  # a general question, present tense
    "小孩几岁开始学钢琴比较好？",
    "What could be causing the dashboard to be slow?",
])
def test_a_how_to_that_shares_words_with_an_event_is_no_history_question(events, prompt):
    assert "earlier sessions" not in hook("prompt", prompt_payload(prompt, f"conv-how-{len(prompt)}"))[1]


def test_asides_about_the_talk_leave_the_question_whole():
    from deja.hooks.question import question_text

    assert question_text("What car do, according to what I told you, I drive?") == "What car do I drive?"
    assert question_text("What car do, I believe I shared this with you earlier, I drive?") == "What car do I drive?"
    assert question_text("Out of curiosity, how old is my nephew?") == "how old is my nephew?"
    assert question_text("我之前说过上传文件报 413 的时候，你让我把那个参数改成多少？").startswith("我上传文件报 413 的时候")


def test_close_runners_up_are_named_in_short_lines(home):
    for i, place in enumerate(["Alfama", "Baixa", "Chiado", "Belem", "Graca"]):
        (Transcript(f"ffff000{i}-0000-4000-8000-00000000000{i}", "/home/dev/trip", 10 + i)
         .user(f"We looked at a guesthouse in {place}, Lisbon, for the conference week.")
         .say("Noted, near the tram line. " + "The rest of the plan can wait. " * 20).write(home))
    deja("index")
    ctx = context_of(hook("prompt", prompt_payload("Last time, which guesthouse in Lisbon did we look at?", "conv-more"))[1],
                     "UserPromptSubmit")
    named = [f"ffff000{i}" for i in range(5) if f"ffff000{i}" in ctx]
    assert len(named) == 5, ctx
    assert sum(line.startswith("- also ") for line in ctx.splitlines()) == 2
