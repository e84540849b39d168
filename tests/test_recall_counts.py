"""Issue 14, session 8: questions that count across sessions ("How many books did I read this
year?", 我一共去过几次健身房？). Several sessions each hold one instance, said in passing and by its
name, not by the question's category word. Through the CLI (`deja search --json`) in a throwaway
HOME."""

from __future__ import annotations

from conftest import deja
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def test_a_chinese_question_whose_lone_character_is_common_does_not_crash(home):
    # 看 stands alone in 我看了几次医生; its bigrams with function characters (你看 看你 要看 就看) are
    # summed, and a record holding several of them counted once for each: past the records' number
    for i in range(3):
        session(home, "life", f"chat-{i}", [
            ("user", f"你看看你，要看就看吧，第{i}次了", OLD),
            ("assistant", f"你看这样行不行，看你自己，要看就看。{i}", OLD),
        ])
    session(home, "life", "doctor", [
        ("user", "今天去医院看了皮肤科，医生说没什么大问题", OLD),
        ("assistant", "那就好，按时涂药膏就行。", OLD),
    ])
    r = deja("search", "--json", "--", "我看了几次医生？", check=False)
    assert r.code == 0 and "internal error" not in r.err, r.err
    assert ids(r.json())[0] == "doctor"
