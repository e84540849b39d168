"""How the prompt hook reads a Chinese prompt (issue 14 item 6, branch `hook7`): a preface about
the person's days (这几天, 前几天: 几 of "a few", no question word) is no question and is not
searched with the question after it, and what the assistant thought of for me (你帮我想的…) is a
question about history, not a request. Through the real `deja hook-prompt` in a throwaway HOME."""

from __future__ import annotations

import pytest

from conftest import Transcript, deja
from test_hooks import context_of, hook, prompt_payload
from test_hooks_gates import FILLER, _sid


@pytest.fixture
def shop(home):
    (Transcript(_sid("a7a7", 1), "/home/dev/shop", 10)
     .user("想开一家奶茶店，帮我想个店名。").say("奶茶店可以叫半糖主义，好念又好记。").write(home))
    (Transcript(_sid("a7a7", 2), "/home/dev/home", 11)
     .user("车险今年换成了大地保险，续保便宜一些。").say("好的，记得保存保单。").write(home))
    (Transcript(_sid("a7a7", 3), "/home/dev/home", 12)
     .user("搬家公司约在周六上午，要提前打包。").say("先把易碎的东西包好。").write(home))
    (Transcript(_sid("a7b7", 1), "/home/dev/coffee", 13)
     .user("每年都立好多目标，最后都放弃了。").say("想养成好习惯的话可以读《掌控习惯》，方法很具体。").write(home))
    (Transcript(_sid("a7b7", 2), "/home/dev/school", 14)
     .user("Mrs Alvarez, my daughter's teacher, wants a meeting about the reading club.").say("Bring her reading log.").write(home))
    for i, (ask, say) in enumerate(FILLER, 4):
        Transcript(_sid("a7a7", i), "/home/dev/misc", 10 + i).user(ask).say(say).write(home)
    deja("index")
    return home


def said(prompt: str, conv: str) -> str:
    return hook("prompt", prompt_payload(prompt, conv))[1]


PREFACE = "这几天忙得团团转，又是搬家又是加班，孩子还感冒了，脑子完全不够用。"


@pytest.mark.parametrize("prompt", [PREFACE + "车险今年买的是哪家？", PREFACE + "上次跟你说过的，车险今年买的是哪家？"])
def test_a_preface_about_these_few_days_is_not_searched(shop, prompt):
    ctx = context_of(said(prompt, f"conv-preface-{len(prompt)}"), "UserPromptSubmit")
    assert _sid("a7a7", 2) in ctx.split("\n")[2], ctx
    from deja.hooks.question import question_text

    assert question_text(prompt) == "车险今年买的是哪家？"


def test_what_you_thought_of_for_me_is_asked_of_history(shop):
    ctx = context_of(said("你帮我想的奶茶店名字是什么？", "conv-thought"), "UserPromptSubmit")
    assert _sid("a7a7", 1) in ctx.split("\n")[2], ctx
    from deja.hooks.question import asking

    # … but wanting to is still a request
    assert asking("我想开一家奶茶店，叫什么名字好？") == ""


@pytest.mark.parametrize("prompt", ["你推荐我读的那本讲习惯的书叫什么？", "Hey, what's the name of my daughter's teacher?"])
def test_a_best_session_that_stands_out_by_far_answers_with_less_coverage(shop, prompt):
    # the question's words no answer repeats (你推荐 / 我读 / 讲习, "name") weigh in its rarity: the
    # answering session holds less than payload.STRONG's share, and leads by far
    from deja.hooks.payload import CLEAR, STRONG

    ctx = context_of(said(prompt, f"conv-clear-{len(prompt)}"), "UserPromptSubmit")
    assert _sid("a7b7", 1 if prompt.startswith("你") else 2) in ctx.split("\n")[2], ctx
    assert CLEAR[0] < STRONG["personal"][0]
