"""The hook set: prompts a person types into an agent, run through the real prompt hook.

History prompts are a set's questions behind a cue that points at the past ("Last time, …",
"上次…"); the hook should inject the session that answers. Unrelated prompts are ordinary
requests that history does not answer (some share a word or two with it); the hook should stay
silent. The held-out cues and prompts are used only for the held-out sets.
"""

from __future__ import annotations

CUES = {"en": ["Last time, ", "Remind me: ", "We went over this before. ", "Earlier you helped me with this: "],
        "zh": ["上次", "之前我们聊过，", "还记得吗，", "以前"]}
HELDOUT_CUES = {"en": ["As we discussed previously, ", "Do you remember? ", "The other day: ", "Yesterday we talked about it. "],
                "zh": ["前几天", "上回", "之前", "我记得以前说过，"]}

UNRELATED = {
    "en": [
        "Write a Python function that flattens a nested list.",
        "Add type hints to this module and fix the mypy errors.",
        "Can you refactor the login form to use React hooks?",
        "Explain the difference between a process and a thread.",
        "Rename the variable tmp to buffer everywhere in this file.",
        "Generate a regex that matches ISO dates.",
        "Make the README more concise.",
        "Write unit tests for the date parser.",
        "Set up a GitHub Actions workflow that runs pytest on every push.",
        "What's a good name for a CLI that converts images?",
        "Translate this paragraph into French.",
        "Summarise this error log for me.",
        "Sort the imports and remove the unused ones.",
        "How do I center a div with flexbox?",
        "Draft a polite reply declining the meeting on Friday.",
        "Implement a binary search over a sorted array of timestamps.",
        "Convert this callback code to async/await.",
        "Plan a three day itinerary for a trip to the mountains.",
        "What should I cook for dinner tonight?",
        "Add a retry limit to the HTTP client in this file.",
        "Why does this loop never terminate?",
        "Create a Makefile with build, test and clean targets.",
        "Write a SQL query that returns the top ten customers by revenue.",
        "Explain what a closure is in JavaScript.",
        "Format this JSON and validate it against the schema.",
    ],
    "zh": [
        "帮我写一个快速排序函数。",
        "把这个函数改成异步的。",
        "解释一下进程和线程的区别。",
        "给这个模块加上类型注解。",
        "帮我把这段话翻译成英文。",
        "怎么用 flexbox 让元素居中？",
        "写一个匹配日期的正则表达式。",
        "帮我优化一下这个 SQL 查询。",
        "把 README 写得简洁一点。",
        "这个报错是什么意思？",
        "周末去哪里玩比较好？",
        "今晚做什么菜好呢？",
        "给这个接口写单元测试。",
        "帮我起一个命令行工具的名字。",
        "解释一下什么是闭包。",
    ],
}

HELDOUT_UNRELATED = {
    "en": [
        "Write a bash one-liner that counts lines in all .py files.",
        "Turn this class into a dataclass.",
        "How do I revert the last git commit but keep the changes?",
        "Explain big-O notation with an example.",
        "Write a cover letter for a backend developer role.",
        "Add pagination to this API endpoint.",
        "Why is my CSS grid not wrapping?",
        "Suggest a weekly workout plan for a beginner.",
        "Rewrite this function without recursion.",
        "Generate five test cases for an email validator.",
        "What is the capital of Australia?",
        "Make this error message friendlier.",
        "Write a Dockerfile for a small Flask app.",
        "How do I profile memory usage in Python?",
        "Draft a birthday message for my manager.",
        "Split this long function into smaller ones.",
        "Explain how HTTPS certificates are verified.",
        "Write a limerick about a lazy cat.",
        "Add logging to the upload handler.",
        "What is the difference between a list and a tuple?",
    ],
    "zh": [
        "写一个统计文件行数的脚本。",
        "把这个类改成数据类。",
        "怎么撤销最后一次 git 提交？",
        "用例子解释一下时间复杂度。",
        "帮我写一封求职信。",
        "给这个接口加上分页。",
        "推荐一个适合新手的健身计划。",
        "把这个递归函数改成循环。",
        "澳大利亚的首都是哪里？",
        "帮我给经理写一段生日祝福。",
    ],
}


# -- the builder shared by the hook sets with HOMEs of their own (hookdev2-5): their HOMEs, and
# each question put into prompts by the set's own `forms`.


def homes(probes_en: list, probes_zh: list, seeds: tuple[int, int], tags: tuple[str, str],
          counts: tuple[int, int] = (3, 2)) -> list[tuple[list, list[dict]]]:
    """English and Chinese HOMEs (three and two unless `counts` says) of memeval's filler chats
    with these probes, every probe asked in each."""
    import memeval_en
    import memeval_zh
    from memeval import Bank, build_bank

    def bank(m, lang: str, probes: list, homes: int) -> Bank:
        return Bank(lang, homes=homes, per_home=len(probes), themes=m.THEMES, probes=probes, chatter=m.CHATTER,
                    smalltalk=m.SMALLTALK, common=m.COMMON, turn=m.BANK.turn)

    return (build_bank(bank(memeval_en, "en", probes_en, counts[0]), seeds[0], tags[0])
            + build_bank(bank(memeval_zh, "zh", probes_zh, counts[1]), seeds[1], tags[1]))


def prompts(qs: list[dict], seed: str, set_name: str, home: str, forms) -> list[dict]:
    """One HOME's history prompts: `forms(rng, lang, fill)` gives each question's (position,
    prompt) pairs, rng drawn by the fixed seed of (seed, set, HOME); fill has {q} the question,
    {ql} its first letter lower, {q0} without its final mark, {a} / {b} its two parts
    (hookinside.split)."""
    import random

    import hookblind
    import hookinside

    rng = random.Random(f"{seed}:{set_name}:{home}")
    out = []
    for q in qs:
        lang = hookblind.lang_of(q)
        text = q["question"]
        q0, a, b = hookinside.split(text, lang)
        fill = {"q": text, "ql": text[:1].lower() + text[1:], "q0": q0, "a": a, "b": b}
        for position, prompt in forms(rng, lang, fill):
            out.append({"prompt": prompt, "lang": lang, "position": position, "sessions": q.get("sessions") or [q["session"]]})
    return out


def drawn(rng, templates: dict[str, list[tuple[str, str]]], lang: str, position: str, fill: dict) -> str:
    """A template of this position, drawn by rng, filled."""
    return rng.choice([t for pos, t in templates[lang] if pos == position]).format(**fill)
