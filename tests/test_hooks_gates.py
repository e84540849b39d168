"""The prompt hook's gates (issue 14 item 6, branches `hook4`, `hook6`): what is no history question gets
nothing though it shares words with history (small talk, a general question, a trailing "again"),
a Chinese question about one particular past thing is answered, a cued question whose search found
only near misses is answered when its best stands out, and a level top names two more sessions.
Through the real `deja hook-prompt` in a throwaway HOME."""

from __future__ import annotations

import pytest

from conftest import Transcript, deja
from test_hooks import context_of, hook, prompt_payload


def _sid(prefix: str, i: int) -> str:
    return f"{prefix}{i:04d}-0000-4000-8000-{i:012d}"


FILLER = [("Plan a week of lunches.", "Soup on Monday, salads after."),
          ("Fix my bash prompt colours.", "Set PS1 with tput setaf."),
          ("Suggest a birthday card text.", "Another lap around the sun!"),
          ("帮我列一个周末的购物清单。", "牛奶、鸡蛋、青菜、面条。"),
          ("Write a haiku about autumn.", "Leaves drift on cold wind."),
          ("What is a good name for a goldfish?", "Bubbles, or Captain Fin.")]


@pytest.fixture
def world(home):
    lines = [
        ("/home/dev/car", "The mechanic said the car's problem was a worn clutch plate, so it's in the garage till Friday, I'll pick it up later.", "Ask for the old part back."),
        ("/home/dev/bake", "Our sourdough starter is finally bubbly and has a sour smell, baked two loaves this weekend.", "Nice, keep feeding it daily."),
        ("/home/dev/api", "Flaky tests are common here: test_login in auth_retry.py fails when the clock crosses midnight.", "Freeze the clock in that test."),
        ("/home/dev/home", "车险今年换成了大地保险，续保便宜一些。", "好的，记得保存保单。"),
        ("/home/dev/home", "楼下那家面包店叫麦香坊，他们的碱水包要排队。", "听起来不错。"),
        ("/home/dev/ops", "The nightly export job is called ledger-sync-nightly, it runs at 2am and is often late.", "Noted."),
    ]
    for i, (cwd, user, say) in enumerate(lines, 1):
        Transcript(_sid("b0b0", i), cwd, 10 + i).user(user).say(say).write(home)
    for i, (ask, say) in enumerate(FILLER, 1):
        Transcript(_sid("c0c0", i), "/home/dev/misc", 20 + i).user(ask).say(say).write(home)
    deja("index")
    return home


def said(prompt: str, conv: str) -> str:
    return hook("prompt", prompt_payload(prompt, conv))[1]


@pytest.mark.parametrize("prompt", [
    "I'm off to the mechanic now, talk later.",  # small talk: one everyday word, no recall
    "Why are flaky tests so common?",  # a general question: everyday words shared with history
    "Why does my sourdough starter smell like acetone?",  # the cause of what is so now
    "What's a sourdough starter?",  # a definition, or any one of a kind
    "Ugh, the export is late again.",  # "again" in a statement is "once more"
    "碱水包怎么做？",
])
def test_what_is_no_history_question_gets_nothing(world, prompt):
    assert said(prompt, f"conv-no-{abs(hash(prompt))}") == ""


def test_a_question_naming_code_still_gets_ordinary_recall(world):
    ctx = context_of(said("Why is test_login in auth_retry.py flaky?", "conv-code"), "UserPromptSubmit")
    assert _sid("b0b0", 3) in ctx and "related history" in ctx


@pytest.mark.parametrize("prompt, session", [
    ("What was the export job called again?", 6),  # "again" asks back in a question
    ("车险买的是哪家？", 4),  # a deed said with 的 before the question word
    ("楼下那家面包店叫什么名字？", 5),  # a thing pointed at as known to both
])
def test_a_question_about_one_past_thing_names_the_session(world, prompt, session):
    ctx = context_of(said(prompt, f"conv-yes-{session}"), "UserPromptSubmit")
    assert _sid("b0b0", session) in ctx.split("\n")[2], ctx


@pytest.fixture
def near(home):
    """A session holding one word of a question that gives several, each of the others said in
    another session (a near miss, tier weak)."""
    Transcript(_sid("d0d0", 1), "/home/dev/photo", 10).user("Shooting fireworks tonight from the bridge.").say(
        "For fireworks use an aperture of f/8 and a two second exposure.").write(home)
    more = [("The harbour car park was full again.", "Try the side street."), ("My tripod wobbles in the wind.", "Hang your bag from it."),
            ("The summer festival is loud this year.", "Earplugs help.")]
    for i, (ask, say) in enumerate(FILLER + more, 2):
        Transcript(_sid("d0d0", i), "/home/dev/misc", 10 + i).user(ask).say(say).write(home)
    deja("index")
    return home


def test_a_cued_question_takes_a_near_miss_that_stands_out(near):
    question = "which tripod did you suggest for the fireworks at the harbour?"
    r = deja("search", "--json", "--no-embed", "--", question, check=False)
    assert '"tier": "weak"' in r.out  # the search alone: near misses only
    ctx = context_of(said(f"Last time, {question}", "conv-near"), "UserPromptSubmit")
    assert _sid("d0d0", 1) in ctx.split("\n")[2] and "near misses" in ctx
    # without a cue the question does not say an answer is there: nothing
    assert said("Which tripod for my fireworks at the harbour?", "conv-near-2") == ""
    # a word no record holds (a thing never said): an honest nothing
    assert said("Last time, which zorblaxian tripod did you suggest for the fireworks?", "conv-near-3") == ""


def test_a_level_top_names_two_more_sessions(home):
    from deja.hooks.payload import RECALL_LEVEL, RECALL_MORE

    for i in range(10):
        (Transcript(_sid("e0e0", i), "/home/dev/trip", 10 + i)
         .user(f"We looked at guesthouse number {i + 1} in Lisbon for the conference week.")
         .say("Noted, near the tram line.").write(home))
    deja("index")
    ctx = context_of(said("Last time, which guesthouse in Lisbon did we look at?", "conv-level"), "UserPromptSubmit")
    assert sum(line.startswith("- also ") for line in ctx.splitlines()) == RECALL_MORE + RECALL_LEVEL == 6, ctx


@pytest.fixture
def firsts(home):
    """Sessions that hold a world question's words (the first of a kind, the original name), and a
    reply naming how long to steep cold brew, among everyday ones."""
    (Transcript(_sid("aoao", 1), "/home/dev/reading", 10)
     .user("Reading about the original name of Docker, it was dotCloud before the rename.").say("Yes, dotCloud was the company.").write(home))
    (Transcript(_sid("aoao", 2), "/home/dev/reading", 11)
     .user("看到一篇文章说第一家咖啡馆是在伊斯坦布尔开的。").say("对，十六世纪的伊斯坦布尔。").write(home))
    (Transcript(_sid("aoao", 3), "/home/dev/coffee", 12)
     .user("夏天想自己做冷萃咖啡。").say("冷萃放冰箱泡十六个小时，然后过滤两遍，可以放三天。").write(home))
    (Transcript(_sid("apap", 1), "/home/dev/home", 20)
     .user("Signed the lease today, rent on the new flat is £1,450 a month, bills on top.").say("Congratulations!").write(home))
    (Transcript(_sid("apap", 2), "/home/dev/writing", 21)
     .user("想开一个写读书笔记的号。").say("公众号可以叫田野笔记，短一点好记。").write(home))
    for i, (ask, say) in enumerate(FILLER, 4):
        (Transcript(_sid("aoao", i), "/home/dev/misc", 10 + i).user(ask).say(say).write(home))
    deja("index")
    return home


@pytest.mark.parametrize("prompt", ["What was the original name of Docker?", "第一家咖啡馆是在哪里开的？"])
def test_the_first_or_original_of_a_kind_is_asked_of_the_world(firsts, prompt):
    # like "the first …": 第一家, 最早, "the original …" ask about things in general, however well
    # a session matches them
    code, out, _ = hook("prompt", prompt_payload(prompt, f"conv-first-{len(prompt)}"))
    assert code == 0 and out == "", out


@pytest.mark.parametrize("prompt", ["冷萃要泡多久，你应该记得吧？", "想确认一下，冷萃要泡多久来着？"])
def test_you_remember_right_and_a_lead_in_that_confirms(firsts, prompt):
    # 记得吧 points back like 记得吗; 确认 in a lead-in says what to do, not what about (it was
    # searched, and no record holds it); 多久 asks (the clause before "你应该记得吧？" read as a
    # statement about now without it)
    ctx = context_of(hook("prompt", prompt_payload(prompt, f"conv-steep-{len(prompt)}"))[1], "UserPromptSubmit")
    assert _sid("aoao", 3) in ctx.split("\n")[2], ctx
    from deja.hooks.question import asking, keywords

    assert keywords("想确认一下") == [] and asking("冷萃你说要泡多久，你应该记得吧？") == "cue"


@pytest.mark.parametrize("prompt, session", [("How much is the rent on the new flat?", _sid("apap", 1)),
                                             ("你帮我给公众号起的名字是什么？", _sid("apap", 2))])
def test_the_new_thing_and_what_you_did_for_me_are_asked_of_history(firsts, prompt, session):
    # "the new flat" points at one thing of the person's own, like "that bakery" (a particular
    # question: the strong bar); 你帮我…的 is what the assistant did, however long the deed
    # (你帮我给公众号起的 was read as a request, 帮我…: only three characters were let through)
    ctx = context_of(hook("prompt", prompt_payload(prompt, f"conv-new-{len(prompt)}"))[1], "UserPromptSubmit")
    assert session in ctx.split("\n")[2], ctx
    from deja.hooks.question import asking

    assert asking("帮我给公众号起个名字？") == "" and asking("What are the rules of pickleball?") == ""
