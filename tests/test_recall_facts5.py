"""Issue 14, session 13: the everyday facts people tell an assistant about themselves, asked by their
category and told in the words the answer says, sharing no word with the question ("what's my blood
type" / "I'm O negative, so the donor centre texts me", "what am I allergic to" / "peanuts set off
hives", "what medication do I take" / "levothyroxine every morning", 我是什么血型 / 我是O型血, 我对什么过敏 /
一碰芒果就起疹子, 我有几个兄弟姐妹 / 上面有两个哥哥): search.related's groups, English beside Chinese.
Through the CLI (`deja search --json`) in a throwaway HOME; without the groups the answering session
is no candidate at all."""

from __future__ import annotations

import pytest

from test_recall_facts import _others, _scores
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def _working(home, key: str, fact: str, lang: str = "en") -> None:
    """A working session on two subjects; the fact the person's answer to a generic question back."""
    en = lang == "en"
    asks = (["Why does my Python script say list index out of range?", "Why does my printer say it is offline?",
             "How do I print double-sided on a Mac?"] if en
            else ["Python脚本报列表索引越界是怎么回事？", "打印机显示离线是怎么回事？", "苹果电脑怎么双面打印？"])
    reply = "Restart it and check the network." if en else "重启一下，确认在同一个网络。"
    back = "Anything about you I should keep in mind?" if en else "关于你的情况，有什么我需要注意的吗？"
    turns = []
    for i, a in enumerate(asks):
        turns.append(("user", f"{fact} {a}" if i == 2 else a, OLD))
        turns.append(("assistant", f"{_CHATTER} {reply}" + (f" {back}" if i == 1 else ""), OLD))
    session(home, "work", key, turns)


def _topic(home, asks: list[str], reply: str) -> None:
    """Short chats on the question's topic in its words, the person's value unsaid."""
    for i, a in enumerate(asks):
        session(home, "life", f"topic-{i}", [("user", a, OLD), ("assistant", f"{_CHATTER} {reply}", OLD)])


@pytest.mark.parametrize("fact, asks, reply, question", [
    ("I'm O negative, so the donor centre texts me every few months.",
     ["Does blood type matter for diet?", "How can I find out my blood type?"], "A GP test will tell you.",
     "What's my blood type?"),
    ("Anything with peanuts sets off hives and I carry an EpiPen everywhere.",
     ["Can you develop an allergy as an adult?", "Should I tell my employer about an allergy?"], "Yes, at any age.",
     "What am I allergic to?"),
    ("I take levothyroxine every morning before breakfast, so coffee has to wait.",
     ["Is it safe to drink alcohol on medication?", "Can I take medication abroad?"], "Check the leaflet first.",
     "What medication am I on?"),
    ("I have two brothers and we are all terrible at keeping in touch.",
     ["How do I stay close to siblings who live far away?"], "A regular call helps.",
     "How many siblings do I have?"),
])
def test_an_everyday_fact_told_in_the_answers_words(home, fact, asks, reply, question):
    _others(home)
    _working(home, "fact", fact)
    _topic(home, asks, reply)
    r = search(question)
    assert "fact" in ids(r)[:3], _scores(r)


@pytest.mark.parametrize("fact, asks, reply, question", [
    ("我是O型血，献血站隔几个月就给我发短信。", ["血型跟饮食有关系吗？", "怎么查自己的血型？"], "去医院验一下就知道。", "我是什么血型？"),
    ("我一碰芒果就浑身起疹子，嘴还会肿。", ["成年以后还会突然过敏吗？"], "会的，什么年纪都可能开始。", "我对什么过敏？"),
    ("我上面有两个哥哥，过年总被拿来比较。", ["兄弟姐妹住得远怎么保持联系？"], "定期约个视频。", "我有几个兄弟姐妹？"),
])
def test_an_everyday_fact_in_chinese(home, fact, asks, reply, question):
    _others(home)
    _working(home, "fact", fact, "zh")
    _topic(home, asks, reply)
    r = search(question)
    assert "fact" in ids(r)[:3], _scores(r)


def test_a_question_about_home_does_not_find_a_detached_head_or_android_studio(home):
    # "home" / "house" name a kind of home by its instances (flat, apartment, cottage); "studio" and
    # "detached" are also a coding agent's everyday words (Android Studio, a detached HEAD), and a
    # question about a home folder found those sessions, which hold none of its words
    session(home, "work", "studio", [("user", "Android Studio shows the device as detached after the update", OLD),
                                      ("assistant", "Restart the adb server.", OLD)])
    session(home, "work", "gitrepo", [("user", "git says I am in a detached HEAD state after checkout", OLD),
                                       ("assistant", "Create a branch first.", OLD)])
    session(home, "work", "dotfiles", [("user", "my dotfiles repo needs a bootstrap script", OLD),
                                        ("assistant", "Use a Makefile.", OLD)])
    from conftest import deja, hits

    deja("index")
    for q in ("what is in my home folder", "where is my home"):
        found = {i for _, i in hits(deja("search", q, "--json", check=False).json())}
        assert not {"studio", "gitrepo"} & found, (q, found)
