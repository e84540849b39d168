"""Issue 14, session 4: classes of failure found on the long multi-session chats
(benchmarks/quality/chat.py), one test each, through the CLI (`deja search --json`)."""

from __future__ import annotations

from conftest import deja
from test_hooks import context_of, hook, prompt_payload
from test_search import OLD, ago, ids, search, session

_CHATTER = ("Keep notes on what you try so you can compare later. The simplest option is usually the best place "
            "to start. If that does not work, we can try another approach. A quick test tells you more than a debate.")


def _background(home, n: int = 4) -> None:
    # sessions about other things, so that common words are common
    for i in range(n):
        session(home, "life", f"bg-{i}", [("user", f"what should I cook tonight, something with onions {i}?", OLD),
                                          ("assistant", f"{_CHATTER} A soup with onions and carrots is quick.", OLD)])


def test_an_answer_said_in_passing_inside_a_long_turn_is_found(home):
    # the answer is one sentence of a long assistant turn; a short line shares two of its words
    _background(home)
    session(home, "infra", "short-turns", [
        ("user", "the image push stage is slow", OLD),
        ("assistant", "Cache the layers.", OLD),
    ])
    session(home, "infra", "long-turn", [
        ("user", "how is the pipeline doing?", OLD),
        ("assistant", f"{_CHATTER} {_CHATTER} The image push stage got faster after we moved to a smaller base image. "
                      f"{_CHATTER} {_CHATTER}", OLD),
    ])
    r = search("What made the image push stage faster?")
    assert ids(r)[0] == "long-turn", ids(r)
    assert "smaller base image" in r["hits"][0]["answer"]


def test_a_question_about_what_the_assistant_said_weighs_its_turns(home):
    _background(home)
    # the same words: in one session the person said them, in the other the assistant did
    session(home, "life", "user-said", [
        ("user", "for the dinner party I was thinking of a lamb stew", ago(days=1)),
        ("assistant", "Sounds good.", ago(days=1)),
    ])
    session(home, "life", "assistant-said", [
        ("user", "any idea what to cook?", ago(days=30)),
        ("assistant", "For the dinner party I would make a lamb stew, it can be made a day ahead.", ago(days=30)),
    ])
    assert ids(search("What did you suggest for the dinner party?"))[0] == "assistant-said"
    assert ids(search("What did I say about the dinner party?"))[0] == "user-said"


def test_question_scaffolding_does_not_decide_the_answer(home):
    _background(home)
    # "database" is commoner here than "pick": read as a content word, "pick" would decide
    for i in range(2):
        session(home, "data", f"db-{i}", [("user", f"the database is slow on report {i}", OLD),
                                          ("assistant", "Add an index to the database table.", OLD)])
    session(home, "atlas", "pick-colours", [("user", "let's pick the atlas colours, pick one by Friday", OLD),
                                            ("assistant", "I will pick blue for atlas.", OLD)])
    session(home, "atlas", "atlas-storage", [("user", "atlas needs storage", OLD),
                                             ("assistant", "For atlas the database is Postgres.", OLD)])
    r = search("Which database did we pick for atlas?")
    assert ids(r)[0] == "atlas-storage", ids(r)


def test_a_possessive_is_its_word(home):
    _background(home)
    session(home, "infra", "pipeline", [("user", "the pipeline build step got faster with the cache", OLD)])
    session(home, "infra", "build-only", [("user", "the build step of the app is fine", OLD),
                                          ("assistant", "The build step is fine.", OLD)])
    r = search("what made the pipeline's build step faster?")
    assert ids(r)[0] == "pipeline", ids(r)
    shown = deja("search", "--explain", "what made the pipeline's build step faster?")
    assert "made pipeline build step faster" in shown.out + shown.err


def test_a_when_question_prefers_the_sentence_that_holds_a_time(home):
    _background(home)
    # the same words; the newer session (freshness) holds no time, the older one does
    session(home, "life", "race-newsletter", [("user", "I signed up for the race newsletter, the race photos are great", ago(days=1))])
    session(home, "life", "race-date", [("user", "I signed up for the race, it is on October 12, the race starts early", ago(days=60))])
    # (without the lift the newer one comes first: the same words, and fresher)
    assert ids(search("When is the race I signed up for?"))[0] == "race-date"


def _zh_sessions(home) -> None:
    session(home, "data", "zh-db", [("user", "北极星项目的存储要稳定可靠，你有什么建议？", OLD),
                                    ("assistant", "北极星项目就用达梦数据库：工具成熟，备份方便。", OLD)])
    session(home, "data", "zh-sync", [("user", "订单服务的同步任务昨晚挂了", OLD),
                                      ("assistant", "查到了，原因是连接池太小，已经调大。", OLD)])
    session(home, "data", "zh-other", [("user", "数据库的慢查询怎么排查？", OLD),
                                       ("assistant", "先看执行计划，再加索引。", OLD)])
    for i in range(3):
        session(home, "life", f"zh-bg-{i}", [("user", f"周末去哪里玩比较好？第{i}次问了", OLD),
                                             ("assistant", "可以去公园散步，或者看一场电影。", OLD)])


def test_a_chinese_question_is_not_weak_for_bigrams_that_straddle_its_words(home):
    # 单同 (订单 + 同步), 步出 (同步 + 出), 本原 (根本 + 原因) are in no text: they are no missing word
    _zh_sessions(home)
    r = search("上次订单同步出故障的根本原因是什么？")
    assert r["tier"] != "weak" and ids(r)[0] == "zh-sync", (r["tier"], ids(r))
    # words no session holds are still missing: an honest nothing
    r = deja("search", "--json", "我们上次去的青蛙湖度假村在哪个城市？", check=False).json()
    assert r["tier"] in ("weak", "none") and r["total"] == 0


def test_chinese_cues_about_the_past_are_history_questions(home):
    # "do you remember" in Chinese is a cue as its English is: the hook injects the answer
    _zh_sessions(home)
    deja("index")
    code, out, _ = hook("prompt", prompt_payload("还记得吗，我们给北极星项目最后选了哪个数据库？", session="conv-zh"))
    assert code == 0 and "zh-db" in context_of(out, "UserPromptSubmit")
    # an unrelated Chinese request gets nothing
    code, out, _ = hook("prompt", prompt_payload("帮我写一个把嵌套列表展平的函数。", session="conv-zh2"))
    assert code == 0 and out.strip() == ""


def test_a_verb_and_its_particle_find_the_word_they_make(home):
    # "timing out" is what a session calls a timeout; not every session that says "time"
    _background(home)
    session(home, "api", "auth-timeouts", [("user", "auth is flaky", OLD),
                                           ("assistant", "The root cause of the auth timeouts was a lock held across a call.", OLD)])
    session(home, "api", "auth-time", [("user", "where does the time go in auth? the time is bad, every time", OLD),
                                       ("assistant", "Measure where the time goes in the auth handler first; time it twice.", OLD)])
    r = search("Why did the auth service keep timing out?")
    assert ids(r)[0] == "auth-timeouts", ids(r)


def test_a_chinese_who_question_finds_the_meeting_with_a_person(home):
    # 关于 (about) is filler as "about" is; 和谁 (with whom) wants a person: 和陈静
    session(home, "img", "zh-crash", [("user", "图片压缩服务昨晚一直崩溃，怎么回事？", ago(days=1))])
    session(home, "img", "zh-about", [("user", "关于图片的事，关于压缩的事，关于服务的事，以后再说。", ago(days=1))])
    session(home, "img", "zh-meet", [("user", "今天和陈静开了很长的会，讨论图片压缩服务重构的事。", ago(days=20))])
    for i in range(3):
        session(home, "life", f"zh-bg-{i}", [("user", f"周末去哪里玩比较好？第{i}次问了", OLD)])
    r = search("上次关于图片压缩服务的会是和谁开的？")
    assert ids(r)[0] == "zh-meet", ids(r)
