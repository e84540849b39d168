"""Issue 14, session 11 (branch `assist2`): what the assistant proposed, asked later in the words of
the act ("the film you said I should watch", "which backup app did you recommend?"), and
requests whose same-topic neighbours are about someone else ("my cousin's camera broke"). Through
the CLI (`deja search --json`) in a throwaway HOME."""

from __future__ import annotations

from test_recall_classes import _CHATTER
from test_recall_facts import _others
from test_search import OLD, ids, search, session


def _scores(r) -> list[tuple[str, float]]:
    return [(h["session"]["id"], h["score"]) for h in r["hits"]]


def test_said_i_should_is_advice_and_the_reply_names_it(home):
    # "the film you said I should watch with my dad": advice, as "you told me to" is; the person's turn
    # says the dad, the reply names the film ("I would put on Rio Bravo") without the question's
    # words; chats about films and dads hold every word of the question and name nothing
    _others(home)
    for i in range(3):
        session(home, "life", f"films-{i}", [
            ("user", f"My dad falls asleep during every film. ({i})", OLD),
            ("assistant", f"{_CHATTER} Watch in the afternoon: the evening film is what sends people to sleep. ({i})", OLD),
        ])
    session(home, "life", "proposed", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "My dad is visiting next week and he only likes old western films.", OLD),
        ("assistant", f"{_CHATTER} For the two of you I would put on Rio Bravo on the first night.", OLD),
    ])
    r = search("What was the film you said I should watch with my dad?")
    assert ids(r)[0] == "proposed", _scores(r)


def test_a_reply_that_opens_on_what_to_do_names_the_pick(home):
    # "Install Restic and point it at your documents folder": advice as a reply gives it, the verb of
    # what to do first; chats about backups hold the question's words and name nothing
    _others(home)
    for i in range(3):
        session(home, "life", f"backups-{i}", [
            ("user", f"Is a backup on the same disk any use? ({i})", OLD),
            ("assistant", f"{_CHATTER} A backup on the same disk dies with the disk, so keep a backup "
                          f"elsewhere. ({i})", OLD),
        ])
    session(home, "life", "installed", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "I lost a folder of work last week and I have no backups at all.", OLD),
        ("assistant", f"{_CHATTER} Install Restic tonight and point it at your documents folder.", OLD),
    ])
    r = search("Which backup app did you recommend?")
    assert ids(r)[0] == "installed", _scores(r)


def test_a_request_is_not_answered_by_someone_elses_story(home):
    # "Can you recommend a camera?": the person said the phone's photos of the kids' matches blur (a
    # related word); chats on the topic tell of a cousin's, a colleague's and a neighbour's camera,
    # with the request's own word and nothing of the person's
    _others(home)
    for i, who in enumerate(("My cousin's camera broke on the first day of her holiday.",
                             "A colleague bought a camera and never takes it out of the box.",
                             "Our neighbour's camera is older than our house.")):
        session(home, "life", f"theirs-{i}", [
            ("user", who, OLD),
            ("assistant", f"{_CHATTER} Cameras break most often from drops; a strap helps. ({i})", OLD),
            ("user", f"Does a camera shop fix a camera like that? ({i})", OLD),
            ("assistant", f"{_CHATTER} Most shops send it away for a quote first. ({i})", OLD),
        ])
    session(home, "life", "mine", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "The phone photos from the kids' football matches on Saturdays always come out blurry.", OLD),
        ("assistant", f"{_CHATTER} Fast action needs a short shutter time.", OLD),
    ])
    r = search("Can you recommend a camera?")
    assert ids(r)[0] == "mine", _scores(r)


def test_a_gift_request_is_answered_by_what_the_other_person_likes(home):
    # the request names the sister: a sentence about her answers it (the rule above stays off)
    _others(home)
    for i in range(2):
        session(home, "life", f"party-{i}", [
            ("user", f"Her birthday dinner is on Friday, what time should we book? ({i})", OLD),
            ("assistant", f"{_CHATTER} Book for seven so nobody rushes. ({i})", OLD),
        ])
    session(home, "life", "sister", [
        ("user", "My sister is obsessed with pottery lately, she talks about nothing else.", OLD),
        ("assistant", f"{_CHATTER} Pottery is a good hobby for the winter.", OLD),
    ])
    r = search("What should I get my sister for her birthday?")
    assert "sister" in ids(r)[:2], _scores(r)


def test_a_request_in_the_plural_is_a_request(home):
    # "where should we go": a request like "where should I go", answered by the person's stated like
    _others(home)
    for i in range(3):
        session(home, "life", f"weekend-{i}", [
            ("user", f"How long does it take to drive to the coast for a weekend? ({i})", OLD),
            ("assistant", f"{_CHATTER} For a weekend at the coast, go early to miss the traffic and go on a weekday if you "
                          f"can; the coast is quieter. ({i})", OLD),
        ])
    session(home, "life", "hikes", [
        ("user", "I hate crowds and I love long hikes in the hills, every weekend I can.", OLD),
        ("assistant", f"{_CHATTER} Hill walking is a good way to get away.", OLD),
    ])
    r = search("Where should we go this weekend?")
    assert ids(r)[0] == "hikes", _scores(r)


def test_which_of_them_asks_for_a_pick_in_chinese(home):
    # 你说的那部电影是哪部？: 哪部 asks which one the assistant picked, and 先看《…》 is how a reply
    # proposes it ("start with"); chats about the dad's films hold the question's words and name none
    _others(home)
    for i in range(3):
        session(home, "life", f"films-{i}", [
            ("user", f"我爸看电影总是看到一半就睡着（{i}）", OLD),
            ("assistant", f"下午看电影比晚上好，晚上的电影最容易让人睡着。（{i}）", OLD),
        ])
    session(home, "life", "proposed", [
        ("user", "面包怎么才能发得更好？", OLD),
        ("assistant", "面团放在暖一点的地方，多等一会儿。", OLD),
        ("user", "我爸要来住几天，他只爱看老西部电影", OLD),
        ("assistant", "先看《赤胆屠龙》，节奏慢，但结尾他会喜欢。", OLD),
    ])
    r = search("你说适合和我爸一起看的那部电影是哪部？")
    assert ids(r)[0] == "proposed", _scores(r)


def test_a_pick_asked_by_its_place_is_in_the_reply_that_lists_in_order(home):
    # "the third exercise you told me to do for my back": the reply lists in order ("…, then …, and
    # then …") and names nothing as a name would be written; chats on exercise hold the question's
    # words in their replies
    _others(home)
    for i in range(3):
        session(home, "life", f"exercise-{i}", [
            ("user", f"Is it normal for my back to hurt after the gym? ({i})", OLD),
            ("assistant", f"{_CHATTER} Some stiffness the next day is normal; four to six exercises are plenty for a "
                          f"beginner. ({i})", OLD),
        ])
    session(home, "life", "listed", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "My lower back aches after sitting all day at the desk.", OLD),
        ("assistant", f"{_CHATTER} Do three things each evening: a plank for a minute, then glute bridges ten times, "
                      "and then a hip flexor stretch on each side for thirty seconds.", OLD),
    ])
    r = search("What was the third exercise you told me to do for my back?")
    assert ids(r)[0] == "listed", _scores(r)


def test_a_statement_in_related_words_lifts_its_session_less_than_one_in_the_requests_own(home):
    # "Any tips for my commute?": the person said "I cycle to work" (related words only); chats that
    # say "commute" without saying anything of the person's habits hold the request's own word
    _others(home)
    for i in range(3):
        session(home, "life", f"commute-{i}", [
            ("user", f"The commute has been awful lately, the trains are always late. ({i})", OLD),
            ("assistant", f"{_CHATTER} Rail delays are worst in autumn. ({i})", OLD),
        ])
    session(home, "life", "cycle", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "I cycle to work every day, even when it rains.", OLD),
        ("assistant", f"{_CHATTER} Mudguards make a big difference in the rain; lights too, on a dark commute.", OLD),
    ])
    r = search("Any tips for my commute?")
    assert ids(r)[0] == "cycle", _scores(r)


def test_a_named_pick_outranks_neighbours_whose_every_reply_holds_the_words(home):
    # the answering session's only record holding the question's words is the person's turn (no session
    # score); each neighbour's replies hold them again and again: PICKED outweighs that
    _others(home)
    for i in range(3):
        session(home, "life", f"laptops-{i}", [
            ("user", f"Is it worth buying a refurbished laptop? ({i})", OLD),
            ("assistant", f"{_CHATTER} Buy the model one generation old and the price drops by a third. ({i})", OLD),
            ("user", f"What should I check on a used laptop? ({i})", OLD),
            ("assistant", f"{_CHATTER} Check the battery cycles before you buy; a laptop battery is the first thing "
                          f"to go. ({i})", OLD),
            ("user", f"Any laptop brand to avoid? ({i})", OLD),
            ("assistant", f"{_CHATTER} Buy from a brand that sells spare parts; a laptop hinge breaks sooner or later. ({i})", OLD),
        ])
    session(home, "life", "picked", [
        ("user", "How do I get my bread to rise more?", OLD),
        ("assistant", f"{_CHATTER} Give the dough a warmer spot and more time.", OLD),
        ("user", "I travel a lot for work and need a new laptop, I can spend about 1200.", OLD),
        ("assistant", f"{_CHATTER} For that much travel, the ThinkPad X1 Carbon is the one I would pick: light, and the "
                      "battery lasts a full day.", OLD),
    ])
    r = search("Which laptop did you tell me to buy?")
    assert ids(r)[0] == "picked", _scores(r)


def test_the_reply_naming_the_pick_in_passing_outranks_replies_on_the_topic(home):
    # "Which password manager did you recommend?": the reply that answers says it in passing, inside a
    # chat about something else, one record holding one of the question's words and naming the pick;
    # chats on passwords hold every word in reply after reply and name nothing
    _others(home)
    for i in range(3):
        session(home, "life", f"passwords-{i}", [
            ("user", f"Is it safe to keep passwords in the browser? ({i})", OLD),
            ("assistant", f"{_CHATTER} A password manager is the single change that most improves your security. ({i})", OLD),
            ("user", f"What if I forget the master password? ({i})", OLD),
            ("assistant", f"{_CHATTER} Most password managers let you print an emergency kit. ({i})", OLD),
        ])
    session(home, "life", "passing", [
        ("user", "Any tips for reading more books this year?", OLD),
        ("assistant", f"{_CHATTER} Ten pages a day adds up. For a small team I would keep passwords in 1Password: shared "
                      "vaults, and the browser extension is solid.", OLD),
    ])
    r = search("Which password manager did you recommend?")
    assert ids(r)[0] == "passing", _scores(r)
