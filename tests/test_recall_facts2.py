"""Issue 14, session 10: the person's facts said once inside a long turn about something else, asked
later in other words ("How long is my commute?", "How much is my rent?"), among sessions where the
person asks the assistant about the fact's topic. Through the CLI (`deja search --json`) in a
throwaway HOME."""

from __future__ import annotations

from test_recall_facts import _others, _scores
from test_recall_classes import _CHATTER
from test_search import OLD, ids, search, session


def test_a_topic_asked_in_many_turns_is_no_fact(home):
    # one chat where the person asks about commuting in five turns (each a short question holding
    # both words), against the long turn about a budget that says how long their commute is: every
    # ask is read as a question, not only the first three
    _others(home)
    asks = ["Is a long commute bad for you?", "Is a long commute bad for sleep?", "How do I survive a long commute?",
            "Do people quit over a long commute?", "Should I move to cut a long commute?", "Can a long commute be exercise?",
            "How do I stay calm on a long commute?"]
    session(home, "life", "asks", [(role, text, OLD) for a in asks
                                   for role, text in (("user", a), ("assistant", f"{_CHATTER} It depends on the person."))])
    session(home, "life", "budget", [
        ("user", "I am trying to sort out the household budget this weekend. My commute is forty minutes door to "
                 "door, so the season ticket is a big line. We also want to put something aside for a holiday next summer, and the car insurance renews in March. Which formula sums a column only when the "
                 "next column says paid?", OLD),
        ("assistant", f"{_CHATTER} SUMIF takes the range to test, the condition and the range to add.", OLD),
    ])
    r = search("How long is my commute?")
    assert ids(r)[0] == "budget", _scores(r)


def test_a_one_word_fact_question_reads_the_replies_as_the_other_side(home):
    # "How much is my rent?" has one content word, so the exact tier ranks it: the replies on renting
    # that say "rent" in every sentence are the assistant's, not the person's fact
    _others(home)
    for i in range(2):
        session(home, "life", f"renting-{i}", [
            ("user", "Is it better to rent or buy at my age?", OLD),
            ("assistant", "A common rule is to keep rent under a third of take-home pay. Ask what similar flats rent "
                          "for before you negotiate the rent. Landlords accept a smaller rent rise from a good tenant. "
                          "Renting buys flexibility; rent is not money thrown away.", OLD),
        ])
    session(home, "life", "budget", [
        ("user", "My spreadsheet has grown to twelve tabs and nobody else understands it. The rent on our flat is "
                 "1,275 a month, so that is by far the biggest line. We want to save for a holiday next summer, and the car insurance renews in March, so the spring months are tight. "
                 "How do I split a shared bill in a spreadsheet so everyone sees what they owe?", OLD),
        ("assistant", f"{_CHATTER} One row per transaction, and a pivot table for the totals.", OLD),
    ])
    r = search("How much is my rent?")
    assert ids(r)[0] == "budget", _scores(r)


def test_the_persons_own_fact_outranks_someone_elses(home):
    # "What am I allergic to?": a short line about a cousin's allergy holds the word as well as the
    # person's own "I am allergic to sesame" inside a long turn about a cover letter
    _others(home)
    session(home, "life", "cousin", [
        ("user", "My cousin says she is allergic to cats but keeps two of them. How do I explain a food allergy "
                 "to a restaurant?", OLD),
        ("assistant", f"{_CHATTER} Tell them when you book and again when you order.", OLD),
    ])
    session(home, "life", "letter", [
        ("user", "I am applying for a team lead position and the deadline is Friday. I am allergic to sesame, so I "
                 "always have to check the labels when we eat out. I have rewritten this paragraph four times "
                 "already. Is it fine to mention a career break in an application?", OLD),
        ("assistant", f"{_CHATTER} A career break needs one honest sentence, not an apology.", OLD),
    ])
    r = search("What am I allergic to?")
    assert ids(r)[0] == "letter", _scores(r)


def test_a_chinese_fact_said_as_the_persons_own(home):
    # 我哥哥住在哪个城市？: 我朋友的哥哥 (a friend's brother) lives somewhere too; 我哥哥搬去了… is the person's
    _others(home)
    session(home, "life", "friend", [
        ("user", "我朋友的哥哥住在房车里，一年到头到处跑。长途出行开车和坐高铁哪个便宜？", OLD),
        ("assistant", f"{_CHATTER} 一个人出行的话，算上停车费，高铁往往比开车便宜。", OLD),
    ])
    session(home, "life", "letter", [
        ("user", "招聘的人说每封信都会看。我哥哥春天搬去了里斯本，家里的群现在有两个时区。我写的初稿读起来很生硬。帮我改一下求职信的第一段？", OLD),
        ("assistant", f"{_CHATTER} 开头先写你最自豪的一个成果。", OLD),
    ])
    r = search("我哥哥住在哪个城市？")
    assert ids(r)[0] == "letter", _scores(r)


def test_a_change_the_person_states_is_theirs_as_well(home):
    # 我用的手机是小米11 says the phone as the person's (我用); the later 干脆换了苹果16 drops the 我, as
    # Chinese does, and states the change: it is the person's too, and the newer answer
    _others(home)
    session(home, "life", "old", [
        ("user", "我用的手机是小米11，电池还行。帮我看看这段解析配置文件的代码有没有问题。", OLD),
        ("assistant", f"{_CHATTER} 异常只捕获你能处理的那一种。", OLD),
        *[(role, f"{text}（{i}）", OLD) for i in range(4)
          for role, text in (("user", "这个函数还能再短一点吗？"), ("assistant", f"{_CHATTER} 可以把循环换成推导式。"))],
    ])
    session(home, "life", "new", [
        ("user", "手机屏幕摔碎了，干脆换了苹果16。国庆出门要带哪些衣服？公司停车场总是没位置。", "2026-05-01T10:00:00Z"),
        ("assistant", f"{_CHATTER} 行李多带几件薄外套。", "2026-05-01T10:00:00Z"),
    ])
    r = search("我用的是什么手机？")
    assert ids(r)[0] == "new", _scores(r)


def test_where_someone_lives_or_works_put_in_other_words(home):
    # "relocate" / "moved to", "works" / "got a job": the person's line says neither of the question's
    # verbs; sessions about the city and the sister hold those words and not the fact
    _others(home)
    for i in range(3):
        session(home, "life", f"city-{i}", [
            ("user", "Which city has the best museums for a weekend?", OLD),
            ("assistant", f"{_CHATTER} A city with free museums makes a cheap weekend.", OLD),
            ("user", "My sister says I overthink these things. Is a city break better in spring?", OLD),
            ("assistant", f"{_CHATTER} Spring is quieter in most cities.", OLD),
        ])
    session(home, "life", "moved", [
        ("user", "By the way, my sister Mara just moved to Lisbon for a hospital job. How often should we back up "
                 "the database? The dog kept me up again.", OLD),
        ("assistant", f"{_CHATTER} Back up nightly and test a restore once a month.", OLD),
    ])
    for q in ("Which city did my sister relocate to?", "Where did I say my sister works?"):
        r = search(q)
        assert ids(r)[0] == "moved", (q, _scores(r))


def test_a_question_for_a_name_is_answered_by_one(home):
    # "What is my cat called?": the line that says the word "called" names no one; the one that
    # gives the name (a word with a capital inside the sentence) holds only "cat"
    _others(home)
    session(home, "life", "called", [
        ("user", "The cat next door gets called in at night so the foxes leave it alone. How do I fix a dripping tap?", OLD),
        ("assistant", f"{_CHATTER} A dripping tap usually needs a new washer.", OLD),
        *[(role, f"{text} ({i})", OLD) for i in range(3)
          for role, text in (("user", "And the one in the bathroom?"), ("assistant", f"{_CHATTER} The same washer fits."))],
    ])
    session(home, "life", "named", [
        ("user", "I am writing a small tool that cleans up exported data. Our cat Mochi walked across the keyboard "
                 "and deleted half a paragraph, hence the mess. Why does my Python script get slower as the list "
                 "grows?", OLD),
        ("assistant", f"{_CHATTER} Checking membership in a list is linear; a set makes it constant.", OLD),
    ])
    r = search("What is my cat called?")
    assert ids(r)[0] == "named", _scores(r)
