"""The prompt hook on history questions (issue 14 item 6, branch `hookdet`): a question several
sessions answer alike, the fourth and fifth session named, what a how-to shares with history, and
lead-ins and asides that say nothing. Through the real `deja hook-prompt` in a throwaway HOME."""

from __future__ import annotations

import pytest

from conftest import Transcript, deja
from test_hooks import context_of, hook, prompt_payload


def _sid(prefix: str, i: int) -> str:
    return f"{prefix}{i:04d}-0000-4000-8000-{i:012d}"


@pytest.fixture
def level(home):
    """A failure said in three sessions alike, a rice answer, a guesthouse one session booked and
    four others name less of, and everyday sessions around them."""
    for i in (1, 2, 3):
        (Transcript(_sid("abab", i), "/home/dev/ops", 10 + i)
         .user("The nightly export job failed again, same timeout as before.")
         .say("Look at the lock the export takes first.").write(home))
    (Transcript(_sid("abab", 4), "/home/dev/kitchen", 14)
     .user("Cooking for four tonight, something simple please.")
     .say("Basmati rice and a dal: use 1.5 cups of water per cup of basmati rice and let it rest ten minutes.")
     .write(home))
    (Transcript(_sid("acac", 1), "/home/dev/trip", 15)
     .user("We booked the Alfama guesthouse in Lisbon for the conference, near the tram.")
     .say("Noted, the conference venue is two stops away.").write(home))
    for i, line in enumerate(["A guesthouse in Lisbon looked nice but it was full.",
                              "Another guesthouse in Lisbon had no lift.",
                              "Lisbon was sunny all week.", "Lisbon has steep hills."], 2):
        (Transcript(_sid("acac", i), "/home/dev/trip", 15 + i).user(line).say("Good to know.").write(home))
    (Transcript(_sid("aeae", 1), "/home/dev/home", 18)
     .user("The boiler repair finally happened this morning, the flat is warm again.").say("Good, bleed the radiators.").write(home))
    (Transcript(_sid("aeae", 2), "/home/dev/home", 19)
     .user("Had the dentist appointment today, no fillings this time.").say("Well done.").write(home))
    for i, (ask, say) in enumerate([("Plan a week of lunches.", "Soup on Monday, salads after."),
                                    ("Fix my bash prompt colours.", "Set PS1 with tput setaf."),
                                    ("What is a good stretch for the neck?", "Chin tucks, ten a day."),
                                    ("Suggest a birthday card text.", "Another lap around the sun!")], 1):
        (Transcript(_sid("adad", i), "/home/dev/misc", 20 + i).user(ask).say(say).write(home))
    deja("index")
    return home


def test_a_count_several_sessions_answer_alike_is_answered(level):
    # no cue and no person: the three sessions hold all of it, level, so no margin stands out
    ctx = context_of(hook("prompt", prompt_payload("How many times did the nightly export job fail?", "conv-count"))[1],
                     "UserPromptSubmit")
    assert all(_sid("abab", i) in ctx for i in (1, 2, 3)), ctx


def test_the_fourth_and_fifth_session_are_named_however_far_behind(level):
    ctx = context_of(hook("prompt", prompt_payload("Which guesthouse in Lisbon did we book for the conference?", "conv-five"))[1],
                     "UserPromptSubmit")
    assert _sid("acac", 1) in ctx.split("\n")[2], ctx  # the first session named
    assert all(_sid("acac", i) in ctx for i in range(1, 6)), ctx
    assert sum(line.startswith("- also ") for line in ctx.splitlines()) == 2
    assert len(ctx.encode()) <= 2048


def test_what_it_takes_is_no_history_question(level):
    # "need" ends in -ed but is no past tense: "how much … do I need" asks what it takes, not what happened
    prompt = "How much water do I need for basmati rice?"
    assert "earlier sessions" not in hook("prompt", prompt_payload(prompt, "conv-need"))[1]


def test_lead_ins_and_asides_that_say_nothing_are_not_searched():
    from deja.hooks.question import question_text

    assert question_text("Sorry to bother you, how far do I run on Sundays these days?") == "how far do I run on Sundays these days?"
    assert (question_text("What cron schedule did, as far as I remember telling you, you give me for the backup job?")
            == "What cron schedule did you give me for the backup job?")


def test_a_question_joining_two_events_is_answered(level):
    # each event said in its own session: the two stand level at the top, half the words each
    ctx = context_of(hook("prompt", prompt_payload("Which came first, the boiler repair or the dentist appointment?", "conv-two"))[1],
                     "UserPromptSubmit")
    assert _sid("aeae", 1) in ctx and _sid("aeae", 2) in ctx, ctx


def test_what_was_done_for_the_person_is_no_request():
    # 帮我 / 给我推荐 / 我想 before a verb and 的 name what was done or meant ("the laptop you picked
    # for me"), not a request; "did you help me" is the past
    from deja.hooks.question import asking

    for question in ("你给我推荐的那本书叫什么？", "你帮我选的是哪款笔记本？", "我想买的那款相机是什么牌子？"):
        assert asking(question) == "personal", question
    assert asking("Which laptop did you help me pick?") == "cue"
    for request in ("帮我推荐一个好用的编辑器？", "给我推荐几本入门机器学习的书。", "Can you help me plan a trip?"):
        assert asking(request) == "", request


@pytest.fixture
def long_zh(home):
    """Six Chinese sessions about a back stretch, each turn long (a Chinese character is three
    bytes: two full lines of them fill 2 KB), and everyday sessions around them."""
    filler = "跑前用快走热身，拉伸放在跑完之后做。跑鞋最好去店里试穿，让店员看看你的步态。停练之后先用平时一半的重量，两周内慢慢加回去。"
    for i in range(1, 7):
        (Transcript(_sid("afaf", i), "/home/dev/health", 10 + i)
         .user(f"腰疼的时候做什么拉伸比较好？{filler}")
         .say(f"腰疼可以试试第{i}种拉伸，每天早上做，左右各一分钟。{filler * 2}").write(home))
    for i, (ask, say) in enumerate([("帮我写一个快速排序。", "好的，这是快速排序。"), ("今晚吃什么？", "番茄炒蛋。")], 1):
        (Transcript(_sid("agag", i), "/home/dev/misc", 20 + i).user(ask).say(say).write(home))
    deja("index")
    return home


def test_every_session_is_named_when_chinese_lines_fill_the_budget(long_zh):
    # 2 KB held the first two full Chinese lines and nothing after them; now a Chinese line is cut
    # by its columns (a character takes two) and the last full lines give way to short ones, so
    # every session chosen is named
    ctx = context_of(hook("prompt", prompt_payload("上次跟你聊过，你建议我腰疼做什么拉伸？", "conv-zh-long"))[1],
                     "UserPromptSubmit")
    named = [line for line in ctx.splitlines() if line.startswith("- ")]
    assert all(_sid("afaf", i) in ctx for i in range(1, 7)), ctx
    assert any(line.startswith("- also ") for line in named), ctx
    assert not named[0].startswith("- also "), ctx  # the best keeps its full line


@pytest.fixture
def jams(home):
    """A printer jam told in three sessions alike, in everyday words the question puts otherwise."""
    for i in (1, 2, 3):
        (Transcript(_sid("ahah", i), "/home/dev/office", 10 + i)
         .user("The office printer jammed again, paper everywhere.").say("Check the rollers.").write(home))
    for i, (ask, say) in enumerate([("Plan a week of lunches.", "Soup on Monday, salads after."),
                                    ("Fix my bash prompt colours.", "Set PS1 with tput setaf."),
                                    ("Which printer should the office buy?", "A laser printer with a duplex unit.")], 1):
        (Transcript(_sid("aiai", i), "/home/dev/misc", 20 + i).user(ask).say(say).write(home))
    deja("index")
    return home


def test_a_count_is_answered_without_a_margin(jams):
    # no cue and no person: the three sessions hold part of the question's words, level at the top
    ctx = context_of(hook("prompt", prompt_payload("How many times did the office printer jam over the winter?", "conv-jam"))[1],
                     "UserPromptSubmit")
    assert all(_sid("ahah", i) in ctx for i in (1, 2, 3)), ctx
    from deja.search.query import parse  # the hook's reading of a count is search.query's

    assert parse("How many times did the printer jam?").counts and parse("打印机卡纸了几次？").counts
    assert not parse("Which printer should the office buy?").counts


def test_a_cue_takes_no_part_of_the_words_around_it(home):
    # 说过 is a cue, but not in 你说过敏了 (过敏: allergic); 还记得吗 goes whole; an English lead-in
    # that points back goes before a Chinese question as before an English one
    from deja.hooks.question import question_text

    assert question_text("还记得吗，你说过敏了可以吃什么药？") == "你说过敏了可以吃什么药？"
    assert question_text("Earlier you helped me with this: 我现在在哪家公司？") == "我现在在哪家公司？"
    assert question_text("你说过的，你建议侄子的生日会玩什么桌游？") == "你建议侄子的生日会玩什么桌游？"
    # after 你 too: 你推荐过滤水壶吗 asks about a filter kettle now, 你提过期的药 about expired medicine
    from deja.hooks.question import is_history_question

    assert not is_history_question("你推荐过滤水壶吗？") and not is_history_question("你提过期的药还能吃吗？")
    assert question_text("我想买个净水器，你推荐过滤水壶吗？") == "我想买个净水器，你推荐过滤水壶吗？"
    assert is_history_question("你推荐过的那本书叫什么？")
    (Transcript(_sid("ajaj", 1), "/home/dev/health", 10)
     .user("春天一到鼻子就痒。").say("过敏的话可以先吃氯雷他定，一天一片，可能会有点犯困。").write(home))
    for i, (ask, say) in enumerate([("帮我写一个快速排序。", "好的，这是快速排序。"), ("今晚吃什么？", "番茄炒蛋。"),
                                    ("感冒了吃什么好？", "多喝水，吃点清淡的。")], 2):
        (Transcript(_sid("ajaj", i), "/home/dev/misc", 10 + i).user(ask).say(say).write(home))
    deja("index")
    ctx = context_of(hook("prompt", prompt_payload("还记得吗，你说过敏了可以吃什么药？", "conv-zh-allergy"))[1], "UserPromptSubmit")
    assert _sid("ajaj", 1) in ctx.split("\n")[2], ctx


def test_the_sixth_and_seventh_session_are_named(home):
    # RECALL_MORE: four short lines after the three full ones behind a clear leader (two before)
    (Transcript(_sid("akak", 9), "/home/dev/trip", 9)
     .user("Guesthouse Azul in Porto had a rooftop terrace with a plunge pool and a sauna.").say("Nice.").write(home))
    for i in range(1, 9):
        (Transcript(_sid("akak", i), "/home/dev/trip", 10 + i)
         .user(f"Guesthouse number {i} in Porto had a rooftop terrace.").say("Nice.").write(home))
    deja("index")
    prompt = "Last time, which guesthouse in Porto had a rooftop terrace with a plunge pool and a sauna?"
    ctx = context_of(hook("prompt", prompt_payload(prompt, "conv-seven"))[1], "UserPromptSubmit")
    assert _sid("akak", 9) in ctx.split("\n")[2], ctx
    assert sum(line.startswith("- ") for line in ctx.splitlines()) >= 7, ctx
    assert sum(line.startswith("- also ") for line in ctx.splitlines()) >= 4, ctx


def test_a_wide_character_takes_two_columns():
    from deja.text.clip import clip

    assert clip("中文字符", 6, wide=True) == "中文…"
    assert clip("中文字", 6, wide=True) == "中文字"
    assert clip("abcdef", 4, wide=True) == clip("abcdef", 4) == "abc…"
    assert clip("中文字符", 6) == "中文字符"


def test_the_first_of_a_kind_is_asked_of_the_world(home):
    # "the first …" like "the best …": a question about things in general, however well history matches it
    (Transcript(_sid("alal", 1), "/home/dev/school", 10)
     .user("We covered the first programming language in the history lecture today, it was a long one.").say("Fun.").write(home))
    for i, (ask, say) in enumerate([("Plan a week of lunches.", "Soup on Monday, salads after."),
                                    ("Fix my bash prompt colours.", "Set PS1 with tput setaf.")], 2):
        (Transcript(_sid("alal", i), "/home/dev/misc", 10 + i).user(ask).say(say).write(home))
    deja("index")
    assert hook("prompt", prompt_payload("What was the first programming language?", "conv-first"))[1] == ""
    from deja.hooks.question import asking

    assert asking("When did the export job first fail?") == "particular"
