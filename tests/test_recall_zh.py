"""Issue 14, session 6: Chinese questions asked as a person asks them, through the CLI.

A Chinese question is indexed and searched as character bigrams; its filler (我 的 是 什么 …) is
cut out before its content is searched. Each test is one way that cut lost the words a session
holds the answer in (each fails on the code before this change)."""

from __future__ import annotations

from test_search import OLD, deja, ids, search, session

# sessions about other things, in Chinese, so that common bigrams (我的 我家 的是 …) are common
_CHATTER = [
    ("周末想做红烧肉，从哪开始比较好？", "先把五花肉焯水，再用冰糖炒糖色，小火炖一个小时就差不多了。"),
    ("我家的网络晚上总是很慢，怎么办？", "可以先换个信道试试，路由器放在房子中间信号会好很多。"),
    ("我的简历要怎么写才能突出重点？", "把最近两段经历写详细，每条都写清楚你做了什么、结果是什么。"),
    ("这个月的开销有点大，怎么记账比较好？", "每天花的钱记在手机里，月底按类别看一遍，就知道钱花在哪了。"),
    ("我们的服务部署以后日志太多了，怎么处理？", "先把调试日志关掉，再按天切分日志文件，保留最近七天。"),
]


def _chats(home, chats: dict[str, tuple[str, str]], at: str = OLD) -> None:
    """The background, then one session per {id: (user turn, assistant turn)}."""
    for i, (q, a) in enumerate(_CHATTER):
        session(home, "life", f"bg-{i}", [("user", q, OLD), ("assistant", a, OLD)])
    for sid, (q, a) in chats.items():
        session(home, "life", sid, [("user", q, at), ("assistant", a, at)])


def _first(question: str) -> str | None:
    found = ids(search(question))
    return found[0] if found else None


def test_a_one_character_word_is_found_in_its_bigrams_with_function_characters(home):
    # 车 stands between filler in the question (我开的是什么车); the answer holds it beside other
    # function characters (我的车是), not beside the question's (么车, 开的): any of its bigrams
    # with a function character is the word. A compound (停车场) is another word.
    _chats(home, {"car": ("我的车是前年买的二手思域，油耗还可以", "思域的口碑一直不错，记得按时保养。"),
                  "parking": ("小区的停车场晚上很难找到位置", "可以问问物业能不能租一个固定车位。")})
    assert _first("我开的是什么车？") == "car"


def test_the_bigrams_across_the_filler_are_searched_when_the_content_bigram_is_held_nowhere(home):
    # 我家狗叫什么名字: cut at its filler, the content is 家狗 and 名字, which no session holds; the
    # answer says 我家的狗叫… — the bigrams across the cut (我家 of 我|家狗, 狗叫 of 狗|叫什么) are
    # what it holds. A friend's dog (朋友家的狗) holds neither.
    _chats(home, {"dog": ("我家的狗叫可乐，是一只三岁的柴犬", "柴犬很聪明，多带它出去散步。"),
                  "friend": ("朋友家的狗最近生病了，花了不少钱", "宠物保险可以考虑一下。")})
    assert _first("我家狗叫什么名字？") == "dog"


def test_two_one_character_words_of_the_question_are_found_side_by_side(home):
    # 报 and 课 are lone characters of the question (我报的是什么课); the answer writes them as one
    # bigram the other way round (把钢琴课报上了: 课报)
    _chats(home, {"class": ("上周把钢琴课报上了，老师是音乐学院的研究生", "钢琴入门先练好指法，每天半小时就够。"),
                  "news": ("今天的报纸说地铁要延长到机场了", "那以后去机场方便多了。")})
    assert _first("我报的是什么课？") == "class"


def test_two_function_characters_are_no_content_and_an_unknown_word_finds_nothing(home):
    # 我养的那只乌龟叫什么: 那只 and 的那 are no word; with no turtle anywhere nothing matches,
    # although many sessions say 的那 and 那只
    cups = {f"that-{i}": (f"上次买的那只杯子摔坏了，第{i}次了", "下次买个不锈钢的那种吧。") for i in range(3)}
    _chats(home, {"cat": ("我的那只猫叫年糕，特别黏人", "橘猫都很亲人。"), **cups})
    r = search("我养的那只乌龟叫什么？")
    assert r["tier"] in ("none", "weak") and r["total"] == 0, (r["tier"], ids(r))
    run = deja("search", "我养的那只乌龟叫什么？", check=False)
    assert run.code == 1 and "Traceback" not in run.err


def test_a_question_about_now_prefers_the_newer_of_two_sessions_that_say_the_same(home):
    # the older session says the old salary (rent), the newer one the new: both hold 月薪 (rent)
    # about equally (search.recency lifts only close matches, by at most PRESENT_LIFT), and a
    # question about the present (现在, now) is answered by the later one
    _chats(home, {"old": ("我现在月薪一万二", "房租占比有点高，可以考虑合租。"),
                  "rent-old": ("my rent is 1200 a month for the flat on Elm street", "That is a fair rent for the area.")},
           at="2026-01-05T10:00:00Z")
    _chats(home, {"new": ("跳槽成功了，新工作月薪一万八，通勤也比以前近了半个小时", "恭喜！记得把五险一金的基数也确认一下。"),
                  "rent-new": ("my rent is 1350 a month for the flat from May, the landlord raised it", "That rent is steep; ask whether the lease caps increases.")},
           at="2026-03-20T10:00:00Z")
    assert _first("我现在的月薪是多少？") == "new"
    assert _first("What is my rent now?") == "rent-new"


def test_a_chinese_run_typed_apart_in_a_question_is_searched_as_its_bigrams(home):
    # 导出报表报 (typed before a space) holds no filler, but the question does: it is searched as
    # its bigrams like the rest, not as the phrase 导出报表报 that no session holds
    gateway = {f"gw-{i}": (f"网关又返回 504 了，第{i}次", "先把超时参数改成 60 秒试试。") for i in range(3)}
    _chats(home, {"export": ("导出报表的时候一直超时，服务端日志里是 504", "把网关的 proxy_read_timeout 改成 300 秒，报表大的时候够用。"),
                  **gateway})
    assert _first("导出报表报 504 的时候，你让我把哪个参数改成多少？") == "export"
