"""The prompt hook against hostile input: a prompt of thousands of clauses read in linear work,
titles of narrow four-byte characters still naming every session, and one parse of the
question for all the hook asks of it. Through the real `deja hook-prompt` in a throwaway HOME
where a host is involved."""

from __future__ import annotations

import unicodedata

from conftest import Transcript, deja
from test_hooks import context_of, hook, prompt_payload


def _sid(prefix: str, i: int) -> str:
    return f"{prefix}{i:04d}-0000-4000-8000-{i:012d}"


# Gothic letters: one column each (east_asian_width N), four bytes each in UTF-8
GOTHIC = "".join(chr(0x10330 + i % 27) for i in range(70))


def test_narrow_four_byte_titles_leave_every_session_named(home):
    assert unicodedata.east_asian_width(GOTHIC[0]) == "N" and len(GOTHIC[0].encode()) == 4
    (Transcript(_sid("amam", 9), "/home/dev/trip", 9)
     .user(f"{GOTHIC} Guesthouse Azul in Porto had a rooftop terrace with a plunge pool and a sauna.")
     .say(f"{GOTHIC} Nice.").write(home))
    for i in range(1, 9):
        (Transcript(_sid("amam", i), "/home/dev/trip", 10 + i)
         .user(f"{GOTHIC} Guesthouse number {i} in Porto had a rooftop terrace.").say(f"{GOTHIC} Nice.").write(home))
    deja("index")
    prompt = "Last time, which guesthouse in Porto had a rooftop terrace with a plunge pool and a sauna?"
    ctx = context_of(hook("prompt", prompt_payload(prompt, "conv-gothic"))[1], "UserPromptSubmit")
    named = [line for line in ctx.splitlines() if line.startswith("- ")]
    assert _sid("amam", 9) in named[0], ctx
    assert len(named) >= 7, ctx
    assert len(ctx.encode()) <= 2048


def test_a_prompt_of_thousands_of_clauses_is_read_in_linear_work(monkeypatch):
    # "嗯，" × 8,000 before a question was read again from each comma to its end, and again after
    # each lead-in dropped: 68 s for 16 KB (the hook's alarm ended it). Counted, not timed: the
    # characters the prompt reading's patterns are handed, at two sizes
    from deja.hooks import payload, question

    seen = [0]

    class Counting:
        def __init__(self, rx):
            self.rx = rx

        def __getattr__(self, name):
            method = getattr(self.rx, name)

            def counted(*args, **kw):
                seen[0] += sum(len(a) for a in args if isinstance(a, str))
                return method(*args, **kw)
            return counted

    for name, value in list(vars(question).items()):
        if isinstance(value, payload._Lazy):
            monkeypatch.setattr(question, name, Counting(value))

    def work(prompt: str) -> int:
        seen[0] = 0
        question.asking(prompt)
        question.question_text(prompt)
        return seen[0]

    for clause, ask in (("嗯，", "我家猫叫什么名字？"), ("hmm, ", "what did I name the cat?"), ("a,", "上次我家猫叫什么？"),
                        ("我记得之前说过，", "叫什么名字？"), ("what, ", "did I name the cat?")):
        small, large = work(clause * 500 + ask), work(clause * 4000 + ask)
        assert large <= 8 * 1.5 * small, (clause, small, large)  # linear: 8 times the prompt, at most ~8 times the work


def test_the_prompt_hook_parses_its_question_once(home, monkeypatch):
    # the search, the count's margin and the side asked about read one Query (it was parsed three times)
    from deja.search import query

    (Transcript(_sid("anan", 1), "/home/dev/office", 10)
     .user("The office printer jammed again, paper everywhere.").say("Check the rollers.").write(home))
    (Transcript(_sid("anan", 2), "/home/dev/office", 11)
     .user("The office printer jammed again this morning.").say("I'd suggest replacing the pickup roller.").write(home))
    (Transcript(_sid("anan", 3), "/home/dev/misc", 12).user("Plan a week of lunches.").say("Soup on Monday.").write(home))
    deja("index")
    parsed: list[str] = []
    real = query.parse

    def counting(text: str):
        parsed.append(text)
        return real(text)

    import deja.search as engine

    monkeypatch.setattr(query, "parse", counting)
    monkeypatch.setattr(engine, "parse", counting)
    for prompt in ("How many times did the office printer jam?", "Last time, what did you suggest for the office printer?"):
        parsed.clear()
        ctx = context_of(hook("prompt", prompt_payload(prompt, f"conv-{len(prompt)}"))[1], "UserPromptSubmit")
        assert _sid("anan", 2) in ctx, ctx
        assert len(parsed) == 1, parsed
