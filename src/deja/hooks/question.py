"""What a prompt asks: whether it is a question about history and how (a cue that points back,
the person's own past, a particular event; a request or advice is none), and what such a
question searches for (its asides, lead-ins and cues taken out); the keywords of any other
prompt. The hooks' one home for reading a prompt (payload.py reads the host's JSON)."""

from __future__ import annotations

import re

from deja.hooks.payload import _Lazy

# How a prompt asks about history. A *cue* points back at an earlier conversation or time ("last
# time", "you might recall", "jog my memory", "in one of our old chats", "weeks ago", 上次, 回头看,
# 你推荐过, 前阵子, 聊天记录): it is talk about the conversation, so it is taken out of what is
# searched. It is built from kinds of sign, not one phrase each: a time back then, a
# conversation of ours, a person who said/told/suggested (or 说过/提过/聊过: a verb with the
# aspect 过), memory (remember, recall, forgot; 回忆, 印象, 记不清).
_CUE = _Lazy(
    # "before" said of the past ("we did this before", "told you before, but …"), not "before buying"
    r"\bbefore(?=\s*(?:[.?!,;:)]|$|(?:but|and|so|too|already|then|right|now|that|this|or)\b))|"
    r"\b(?:last\s+time|yesterday|previously|earlier|the\s+other\s+day|"
    r"last\s+(?:week|month|year|session|night|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|"
    r"(?:did|have|had)\s+we|we\s+(?:did|had|used|tried|fixed|decided)|remind(?:s|ed)?\s+me(?!\s+to\b)|(?:do|did)\s+you\s+remember|"
    r"remember\s+(?:when|what|how|which|where|who|why|the|our|that|this|us)|used\s+to|"
    # "what was it again?", "what's our band's name again?"
    r"again\s*(?=[?？.…]|$)|"
    r"recall(?:ed|ing)?|(?:you|we|i)\s+(?:might|may|should|will|would|probably|still)?\s*remember|look(?:ing)?\s+back|go(?:ing)?\s+back|think(?:ing)?\s+back|back\s+(?:when|then)|"
    r"(?:jog|refresh(?:es|ed|ing)?)\s+my\s+memory|help\s+me\s+(?:remember|recall)|"
    # "I forgot." / "I forgot what we picked", not "I forgot my password"
    r"(?:i|we)\s+(?:forgot|forget)(?=\s*(?:[.,:;!?]|$|what|which|when|where|who|how|why|if|whether))|"
    r"(?:i|we)\s+(?:can'?t\s+remember|cannot\s+remember|don'?t\s+remember|lost\s+track|can'?t\s+recall)|"
    r"(?:older|earlier|previous|prior|past|old|last|other|another|one\s+of\s+(?:our|the|my))\s+(?:\w+\s+)?"
    r"(?:chats?|conversations?|sessions?|discussions?|threads?|exchanges?|talks?)|"
    r"(?:our|us)\s+(?:\w+\s+){0,2}(?:chats?|conversations?|sessions?|discussions?|threads?|exchanges?|talks?|history|notes)|"
    r"your\s+(?:\w+\s+)?(?:history|records|notes|memory)\s+(?:with|of)\s+(?:me|us)|"
    r"(?:chats?|conversations?)\s+(?:history|log)|between\s+us|(?:came|come|comes|brought)\s+up|"
    r"at\s+some\s+point|from\s+before|a\s+while\s+(?:ago|back)|some\s+time\s+ago|\w+\s+ago|(?:days?|weeks?|months?|years?)\s+back|once\s+told|"
    r"(?:i|we)\s+(?:once\s+|already\s+|ever\s+|had\s+|have\s+)?(?:told|mentioned|said|asked|shared|showed|explained|described|gave|sent)\s+"
    r"(?:(?:this|that|it)\s+)?(?:with\s+|to\s+)?(?:you|u)|"
    r"(?:i|we)\s+(?:once\s+|already\s+|had\s+|have\s+)?(?:mentioned|brought\s+up)|(?:said|mentioned)\s+(?:it|that|this)\s+(?:once|before|earlier|already)|"
    r"we(?:'ve|\s+have)?\s+(?:once\s+|already\s+|had\s+|have\s+)?(?:been\s+over|gone\s+(?:over|through)|talked|discussed|spoke|chatted|said|"
    r"went\s+(?:over|through)|covered|agreed|settled|sorted|chose|picked|looked\s+at|worked\s+on))\b"
    # 之前 as "before" a clause (睡觉之前) and 过去 as "go over" (怎么过去) point at no past
    r"|(?:^|(?<=[\s，。？！：,.?!:我你他她们咱次天周月年]))之前|之前(?=的|说|聊|提|跟|和|问|讨论|告诉|给|帮|用|那)"
    r"|上次|上回|上一次|昨天|以前|前天|前几天|前些天|上周|上个月|上个?星期|去年|那次|那天|曾经|先前|早些时候|早先|以往|当时|当初|那时候?|那会儿?|那阵子?"
    r"|(?<!怎么)(?<![走开飞跑送拿坐骑])过去"
    r"|前阵子|前一阵子?|前段时间|(?:一|两|三|半|几|好几)个?(?:天|周|星期|礼拜|月|年)(?:以)?前"
    # the Chinese of "do you remember", "we talked about", "look back", "in the old chats"
    r"|还记得吗?|记得[吗吧]|记不记得|我记得|记不清|记不起|想不起|回忆|印象(?:中|里|吗)|有印象|没印象|(?<![别不要能])忘了|(?<![别不要能])忘记"
    r"|提醒我(?!明天|今天|后天|待会|等会|下午|晚上|早上)|来着|(?:聊天|对话|你的|我们的|咱们的)记录|记录里"
    # (… but not where 过 begins a word of its own: 你说过敏了吃什么药 says 过敏, allergic)
    r"|(?:聊|谈|讨论|说|讲|提|问|告诉|推荐|建议|介绍|给|帮|教|说到|提到|讲到|聊到|说起)过(?![敏期年节滤程户夜量度错失])"
    r"|回头|回顾|回想|翻一?翻|翻一下|翻看|聊天记录|历史记录|对话记录|历史对话|以前的记录|(?:那|上)次(?:的)?(?:对话|聊天)"
    r"|你(?:推荐|建议|介绍|告诉|讲|提)过(?![敏期年节滤程户夜量度错失])",  # (the same guard: 你推荐过滤水壶吗 asks now)
    re.I,
)
# A word ending in -ed that is no past tense ("what do I need", "how much speed"): no own past,
# no particular event.
_NOT_PAST = r"(?!(?:need|feed|speed|seed|bleed|breed|exceed|proceed|succeed|bed|red|shed|wed|used|based)\b)"
# A question about the person's own past needs no cue word ("what was the name of the hotel I
# booked", "did I …", "which city did my sister move to", 我…过): its words are the question,
# kept as asked.
_OWN_PAST = _Lazy(
    r"\b(?:did|have|had|was|were)\s+(?:i|we)\b|\b(?:was|were)\s+(?:my|our)\b|\bdid\s+(?:my|our)\b"
    # what the assistant said then: "what did you suggest", "you recommended"
    r"|\byou\s+(?:once\s+|already\s+|had\s+|have\s+)?(?:told|said|suggested|recommended|mentioned|gave|showed|helped|explained|proposed|advised)\b"
    r"|\b(?:did|had|have)\s+you\s+(?:\w+\s+){0,2}?(?:say|tell|suggest|recommend|mention|give|show|propose|advise|pick|choose|work\s+out)\b"
    r"|\b(?:what|which|when|where|who|whom|how|why)\b[^.?!\n]{0,80}?\b(?:i|we)\s+" + _NOT_PAST + r"(?:\w+ed|bought|got|went|made|took|told|gave|"
    r"ran|wrote|chose|met|spent|paid|sent|saw|found|left|began|kept|thought|put|had|ate|drove|flew|heard|sold|built|won|"
    r"lost|brought|caught|felt|held|knew|grew|drew|became|came|sat|wore|forgot|set\s+up|signed\s+up)\b"
    r"|\b(?:what|which|when|where|who|how)\b[^.?!\n]{0,60}?\b(?:my|our)\b[^.?!\n]{0,40}?\b(?:was|were|used\s+to)\b"
    r"|我们?[^，。？！,.?!\s]{0,8}过",
    re.I,
)
# A question: a question mark, a question word or auxiliary first, a Chinese question word (not
# the 几 of "a few": 这几天, 前几天, 好几次, 十几个, 没几个, 几乎 — a preface "这几天忙得团团转。" read
# as a question was searched with the question after it).
_QUESTION = _Lazy(
    r"[?？]|^\W*(?:what|what's|which|when|where|who|whom|whose|how|why|did|do|does|is|are|was|were|can|could|should|would|"
    r"will|have|has|had|tell\s+me|remind\s+me(?!\s+to\b))\b|吗|什么|哪|(?<![这那前好十没])几(?!乎)|多少|多久|谁|怎么|为什么|是否|有没有|是不是",
    re.I,
)
# A question about the person or what they were told: "what car do I drive", "what is my rent",
# 我开的是什么车, 你建议我留几个月… (its answer may be in history; a strong match is asked for).
_PERSONAL = _Lazy(r"\b(?:i|i'm|my|me|mine|we|our|us)\b|我|咱|你(?:说|建议|推荐|提|告诉|让我|给我)", re.I)
# … but not asking for advice or a how-to ("how do I fix", "should I", "what should I pack",
# 我想学…从哪里开始, 怎么才能): history does not answer those better than anything else does.
_ADVICE = _Lazy(
    r"\bhow\s+(?:do|can|could|should|would|might|will)\s+(?:i|we)\b(?!\s+(?:like|prefer|take|usually|normally))"
    r"|\b(?:should|can|could|shall|may|might)\s+(?:i|we)\b|\bwhat\s+should\b|(?<!did you )\bhelp\s+me\b"
    r"|\b(?:i|we)\s+(?:want|need|plan|am\s+planning|'d\s+like|would\s+like)\s+to\b|\bis\s+it\s+(?:safe|ok|okay|possible|better|worth|bad|normal)\b"
    r"|\bwhat(?:'s|\s+is)\s+the\s+best\b|\b(?:best|good|right)\s+(?:way|option|choice|idea)s?\b"
    r"|\b(?:do|would|can|could)\s+you\s+(?:recommend|suggest|advise)\b"
    # "what could be causing it", "tell me how it usually goes": an explanation, not a memory
    r"|\bwhat\s+(?:could|might|would)\s+(?:be\s+)?caus|\btell\s+me\s+how\b"
    # "why does my starter smell", "why is the build slow": the cause of what is so now, explained;
    # "what's a healthy breakfast", "what is a flat white": any one of a kind, or a definition
    r"|\bwhy\s+(?:does|do|is|are|won'?t|doesn'?t|don'?t|isn'?t|aren'?t|can'?t)\b|\bwhat(?:'s|\s+is|\s+are)\s+(?:a|an|some)\b"
    # "how much water do I need for rice", "what do we need for a visa": what it takes, in general
    r"|\b(?:do|does)\s+(?:i|we|one)\s+need\b|\bwhere\s+(?:do|should|can|would)\s+(?:i|we)\s+(?:start|begin)\b"
    # … but not what was done or meant, said as "the … you picked for me", "the one I want to buy"
    # (你帮我选的笔记本, 你给我推荐的书, 我想买的相机: a verb and 的 right after; 你帮我想的名字:
    # 我想 and 的 at once, what was thought of)
    r"|怎么(?:才|能|办|样才)|如何|怎样|我(?:想|要|该|应该|打算|准备)(?![^，。？！,.?!的]{0,3}的)|(?<!你)帮我(?![^，。？！,.?!的]{1,3}的)"
    # (你帮我: what the assistant did for me, the deed a longer clause: 你帮我给公众号起的名字)
    r"|你帮我(?![^，。？！,.?!的]{1,8}的)"
    r"|给我(?:写|推荐|讲|想)(?![^，。？！,.?!的]{0,3}的)|能不能|可以吗",
    re.I,
)
# The sentences of a prompt (split after . ? ! followed by a space, and after 。？！).
_SENTENCE = _Lazy(r"(?<=[.?!])\s+|(?<=[。？！])")
# Where a clause that leads into the question proper may end: a comma or a colon.
_LEAD = _Lazy(r"[,:;，：；]\s*")
_WH = _Lazy(r"^\W*(?:what|what's|which|when|where|who|whom|whose|how|why|did|do|does|is|are|was|were|can|could|would|have|has|had)\b", re.I)
_CJK_CHAR = _Lazy(r"[\u3400-\u9fff]")


# A question about a particular thing that happened or holds now, with no person in it ("What was
# the salary in the Brightpath offer?", "What made the events query take so long?", "Which
# Postgres version is staging on now?", 支付服务一共挂了几次？, 订单服务是哪天迁移的？): a past
# tense or "now". How-to and general questions ask in the present about things in general ("What
# causes a battery to drain?", 咖啡豆应该怎么保存？) and don't match.
_PARTICULAR = _Lazy(
    r"\b(?:was|were|did|had|has\s+been|have\s+been|now|currently|at\s+the\s+moment)\b"
    r"|\b(?:what|which|when|where|who|how|why)\b[^.?!\n]{0,60}?\b(?<!\bbe\s)" + _NOT_PAST
    + r"(?:\w+ed|made|found|got|went|took|bought|said|told|gave|came|ran|broke|left|sent|paid|spent|chose|wrote)\b"
    r"|(?<![为好])了(?![吗吧呢])|哪天|哪一天|现在|目前|当时|是[^，。？！,.?!]{1,12}的[？?]|哪个在前|哪个先|谁先|隔了|相隔"
    # what was done, said as a deed and 的 before the question word (瓷砖选的什么颜色, 车险买的是哪家,
    # 限流设的多少), what came of it (后来, 最后), and a thing pointed at as known to both (那家面包店,
    # 那个方案; "the name of that bakery", "the rent on the new flat": a new one of the person's own):
    # each asks about one particular thing, not things in general
    r"|\w的是?(?:什么|哪|多少|谁|几)|后来|最后(?![一个])|那(?:个|家|款|本|位|只|辆|台|件|条|篇|部|首|所|间)\w"
    r"|\b(?:of|at|from|about|with|for|to|on|by)\s+(?:that|those)\s+(?!(?:is|was|are|were|will|would|can|could)\b)[a-z]"
    r"|\bthe\s+new\s+[a-z]",
    re.I,
)
# … asked how to do something (怎么, 如何: a how-to, whatever its tense), or which is best or
# first of a kind ("Which phone has the best battery life right now?", "What was the first
# programming language?", "What was the original name of Docker?", 第一家咖啡馆是在哪里开的？,
# 最早的银行是哪个国家的？): things in general.
_HOW_TO = _Lazy(r"怎么|如何|怎样|第一(?!次)|最早|\bthe\s+(?:best|worst|most|least|first|original|earliest|oldest)\b", re.I)


def is_history_question(text: str) -> bool:
    """A prompt that points back at history (a cue), or asks about the person's own past and is
    no request for advice ("How do I set up …" is present tense, not "I set up")."""
    return _points_at_past(text) or bool(_OWN_PAST.search(text) and not _ADVICE.search(text))


def _points_at_past(text: str) -> bool:
    """A cue in the prompt. A trailing "again" asks back only in a question ("what was it
    again?"); in a statement it says "once more" ("the train is late again.")."""
    return any(not m.group().lower().startswith("again") or _QUESTION.search(text) for m in _CUE.finditer(text))


def asking(text: str) -> str:
    """How a prompt asks about history, which sets how strong a match it needs: `cue` (it points
    back at an earlier conversation or time, or asks about the person's own past), `personal`
    (a question about the person, or what they were told, that is not a request for advice),
    `particular` (a question about a particular past event or present state, no how-to), or ""
    (any other question, a request, a statement: ordinary recall)."""
    if is_history_question(text):
        return "cue"
    if not _QUESTION.search(text) or _ADVICE.search(text):
        return ""
    if _about_now(text):
        return ""
    if _PERSONAL.search(text):
        return "personal"
    return "particular" if _PARTICULAR.search(text) and not _HOW_TO.search(text) else ""


def _about_now(text: str) -> bool:
    """The person's situation now or later, then a question that asks nothing of the past or the
    person on its own: "My sister's wedding is coming up, what's a nice gift?", 我房东要涨房租，合理吗？
    — advice, though it says "my" ("…, which one did I pick?", "…, what is my …?" still ask)."""
    sentences = [s for s in _SENTENCE.split(text) if _QUESTION.search(s)]
    parts = _LEAD.split(sentences[-1].strip()) if sentences else []
    if len(parts) < 2:
        return False
    lead, rest = " ".join(parts[:-1]), parts[-1]
    return (bool(_PERSONAL.search(lead)) and not _QUESTION.search(lead) and bool(_QUESTION.search(rest))
            and not asking(rest))


def without_cues(text: str) -> str:
    """The question with its cues about the past taken out: they say where to look, not what for.
    A Chinese cue goes without a trace (a gap would cut the sentence into runs, and a run with
    no filler in it is searched as one exact phrase)."""
    def gone(m: re.Match[str]) -> str:
        return "" if _CJK_CHAR.match(m.group()) else " "

    return " ".join(_CUE.sub(gone, text).split())


def _points_back(text: str) -> bool:
    """Text that only points back at history: a cue, and without it nothing to search for (no
    keyword, or a few Chinese characters: 你还有印象吗？, 之前跟你聊过的)."""
    if not _CUE.search(text):
        return False
    rest = without_cues(text).strip(",.:;?!，。：；？！ ")
    return not keywords(rest) or (bool(_CJK_CHAR.search(rest)) and len(rest) <= 6)


# An aside inside a sentence: in brackets, or between two dashes set off by spaces. Tried from a
# run of spaces' start only (the same matches: that try already splits the run every way; from
# each of its spaces, a 50,000-space prompt was quadratic and the hook went silent at its alarm).
_ASIDE = _Lazy(r"(?<!\s)\s*(?:\(([^()]{1,160})\)|（([^（）]{1,80})）|\s[—–-]{1,2}\s([^—–]{1,160}?)\s[—–-]{1,2}(?=\s))")
_CLAUSE_END = _Lazy(r"(?<![.?!。？！…])[.?!。？！…]+\s*$")  # (from a run's start: each of its marks was a scan of the rest)


# Words about the talk itself, left in a clause that points back once its cue is out ("according
# to what I told you", "I believe I shared this with you earlier", "and I'm asking because we
# covered it once"): they say how the person knows, not what they ask about.
_TALK = frozenset(
    """according believe believed think thought sure pretty guess reckon asking ask asked because shared share
    mentioned mention told tell telling said say saying remember recall memory correctly serves once far""".split()
)


def _only_points_back(clause: str) -> bool:
    """A clause that points back and, without its cues, says nothing to search for ("as I
    mentioned before", "do you remember", "if you remember from our earlier chat", 我记得之前说过)
    but words about the talk itself (_TALK)."""
    if len(clause) > ASIDE_CHARS:  # (no aside is this long: a pasted log of clauses stays linear)
        return False
    return bool(_CUE.search(clause)) and all(w.lower() in _TALK for w in keywords(without_cues(clause)))


# The longest clause read as one that only points back (a pasted log of clauses stays linear; the
# lead-ins dropped are bounded by LEAD_CHARS and LEADS below).
ASIDE_CHARS = 200


def _asides_out(text: str) -> str:
    """The sentence without its asides about the conversation, wherever they sit: a bracketed or
    dashed aside that points back ("What did (you told me once) we call …", "Which hotel did we
    — I think last month — pick?") and a clause between commas that only points back ("What did,
    as I mentioned before, you …", "…, do you remember?", 我通勤单程，我记得之前说过，要多久？).
    Left in, they cut the question's words apart ("did … you tell") and add words about talking
    (told, talked) to what is searched. A Chinese aside goes without a gap (see without_cues)."""
    def aside(m: re.Match[str]) -> str:
        inner = next(g for g in m.groups() if g is not None)
        if not is_history_question(inner):
            return m.group()
        return "" if _CJK_CHAR.match(text[m.end():m.end() + 1] or " ") or m.group(2) is not None else " "

    text = _ASIDE.sub(aside, text)
    parts, seps = _LEAD.split(text), _LEAD.findall(text)
    gone = [bool(p.strip()) and _only_points_back(_CLAUSE_END.sub("", p)) for p in parts]
    if not any(gone) or all(g or not p.strip() for g, p in zip(gone, parts)):
        return text
    out, joined = "", False  # joined: a clause went since the last one kept
    for i, part in enumerate(parts):
        if gone[i]:
            joined = bool(out)
            if i == len(parts) - 1 and (end := _CLAUSE_END.search(part)):
                out = out.rstrip() + end.group().strip()  # the sentence's own end stays
            continue
        if out and joined:
            out = out.rstrip() + ("" if _CJK_CHAR.match(out.rstrip()[-1:] or " ") and _CJK_CHAR.match(part.lstrip()[:1] or " ") else " ")
            part = part.lstrip()
        elif out:
            out += seps[i - 1]
        out, joined = out + part, False
    return out


# A Chinese lead-in that points back goes when, without its cues, at most this many characters of
# keywords are left of it (当初你帮我弄过这个 → 弄过).
LEAD_LEFT = 5
# A lead-in is at most this many characters, and at most LEADS of them go from the front of a
# question. What follows a lead-in is judged by its first QUESTION_CHARS (what would be searched).
# Together they bound the work: a prompt of thousands of clauses ("嗯，" × 8,000) was read again
# from each comma to its end, each lead-in dropped starting over (quadratic: 16 KB took 68 s).
LEAD_CHARS = 200
LEADS = 8


def _lead_off(text: str) -> str | None:
    """The question without its first lead-in clause, or None when it has none to drop."""
    for m in _LEAD.finditer(text):
        if m.start() > LEAD_CHARS:
            break
        lead, seen = text[: m.start()], text[m.end(): m.end() + QUESTION_CHARS]
        if _CJK_CHAR.search(lead):
            # a Chinese lead-in goes when it says nothing (对了，请问), when each of its clauses says
            # nothing or points back and, without its cues, only a few characters are left
            # (帮我回忆一下，之前跟你聊过的： — but not 我家猫，我记得之前说过，叫什么名字？),
            # or when it points back and the question after it says what it is about on its own
            # (当初你帮我弄过这个，我是什么时候拿到驾照的？ — but not 我上周说的那家餐厅，叫什么名字？) and
            # little is left of it without its cues (not 我之前说过上传文件报 413 的时候，你让我…)
            drop = not _QUESTION.search(lead) and (
                not keywords(lead) or all(_points_back(c) or not keywords(c) for c in _LEAD.split(lead))
                or (bool(_CUE.search(lead)) and sum(map(len, keywords(seen))) >= 4
                    and sum(map(len, keywords(without_cues(lead)))) <= LEAD_LEFT))
        else:
            # an English lead-in before a Chinese question ("Earlier you helped me with this: 我现在…？")
            # goes on the same terms: the question is read by its own marks, not a first word
            asks = bool(_WH.match(seen)) or (bool(_CJK_CHAR.match(seen.lstrip())) and bool(_QUESTION.search(seen)))
            drop = asks and (not keywords(lead) or bool(_CUE.search(lead)))
        # … and only before a question that says more than that it points back (its lead-in
        # holds what it is about: 我家猫，我记得之前说过，叫什么名字？)
        if drop and _QUESTION.search(seen) and not _only_points_back(_CLAUSE_END.sub("", seen)):
            return text[m.end():]
    return None


def question_text(text: str) -> str:
    """What a question about history searches for: its question sentences when the prompt has
    others besides ("I need this for a form. <question> Thanks."; a sentence that only points
    back, "你还有印象吗？", is none), less a lead-in that only points back or says nothing
    ("Going back to an older chat, which queue …" → "which queue …"; "Hmm, …"; "帮我回忆一下，…"),
    less its cues, cut to QUESTION_CHARS."""
    text = strip_recall(text).strip()
    sentences = [s for s in _SENTENCE.split(text) if s.strip()]
    asked = [s for s in sentences if _QUESTION.search(without_cues(s))]
    asked = [s for s in asked if not _points_back(s)] or asked
    if asked and len(asked) < len(sentences):
        text = " ".join(asked)
    # the asides out first (a clause that only points back, wherever it sits: 我外甥，之前说过的，
    # 今年几岁？ keeps 我外甥), then a lead-in, then the asides a lead-in hid
    text = _asides_out(text)
    for step in range(2):
        for _ in range(LEADS):
            if (rest := _lead_off(text)) is None:
                break
            text = rest
        if not step:
            text = _asides_out(text)
    return (without_cues(text) or text)[:QUESTION_CHARS]


# Words that say what to do rather than what about: left out of a prompt's keywords on top of
# the filler every query drops (tokenizer.FILLER_EN / FILLER_ZH).
_REQUEST_EN = frozenset(
    """find look see know think thing things way fix fixed solve solved resolve resolved problem problems issue
    issues work worked working happen happened make made use used try tried decide decided week month session
    sessions day later like get got show hmm hey hi hello ok okay um uh oh btw quick sorry thanks please curiosity
    curious wondering wonder bother bothering disturb interrupt random""".split()
)
_REQUEST_ZH = _Lazy("问题|解决|处理|喜欢|偏好|习惯|通常|一般|平时|常用|更|最|谢谢|感谢|麻烦|确认")
_WORD = _Lazy(r"[A-Za-z0-9_][\w./:@#+-]*[\w]|[A-Za-z0-9]")
MAX_KEYWORDS = 5
# A history question is searched as asked (its filler is dropped by the search), cut to this.
QUESTION_CHARS = 600


# A keyword that names a thing in code or data rather than an everyday word: a digit, a path or
# file's punctuation, snake_case, camelCase or kebab-case (auth.py, test_login, 5.0.2, PaymentRetry,
# okapi-gateway).
_SPECIFIC = _Lazy(r"[\d./_:@#+]|[a-z][A-Z]|\w-\w")


def recall_words(text: str) -> list[str]:
    """The keywords an ordinary prompt (no question about history: a request, a statement, a
    question `asking` reads as none) is recalled on, or none. A question read as no history question is
    recalled only on a word that names a thing in code or data ("why does test_login fail?"),
    not on everyday words it shares with history ("Why are flaky tests so common in CI?",
    碱水包怎么做？); a statement needs two words or such a word ("I'm off to the mechanic now.",
    谢谢，搞定了。 are small talk)."""
    words = keywords(text)
    if any(_SPECIFIC.search(w) for w in words):
        return words
    return [] if _QUESTION.search(text) or len(words) < 2 else words


def strip_recall(text: str) -> str:
    """The prompt without any earlier deja recall quoted in it."""
    return re.sub(r"<deja-recall>.*?(?:</deja-recall>|\Z)", " ", text, flags=re.S)


def keywords(text: str) -> list[str]:
    """The words of a prompt worth searching for: no function words, no question words, no
    words about time; CJK runs cut at Chinese function words. The most specific few, in order."""
    text = strip_recall(text)
    found: list[tuple[int, str]] = []  # (position, word)
    from deja.text.tokenizer import FILLER_EN, cjk_runs, content_pieces, is_cjk, without_cjk

    for start, run in cjk_runs(text):
        for part in content_pieces(run):
            for piece in _REQUEST_ZH.split(part):
                if len(piece) >= 2:
                    found.append((start, piece))
    latin = without_cjk(text)
    for m in _WORD.finditer(latin):
        w = m.group().strip(".:/")
        low = w.lower()
        if len(w) < 2 or low in FILLER_EN or low in _REQUEST_EN or (low.isdigit() and len(low) < 3):
            continue
        found.append((m.start(), w))
    seen: set[str] = set()
    unique = []
    for pos, w in sorted(found):
        if w.lower() not in seen:
            seen.add(w.lower())
            unique.append((pos, w))
    if len(unique) > MAX_KEYWORDS:
        def weight(item: tuple[int, str]) -> int:
            w = item[1]
            cjk = is_cjk(w[0])
            return len(w) * (2 if cjk else 1) + (4 if re.search(r"[\d./_-]", w) else 0)
        keep = sorted(unique, key=lambda x: -weight(x))[:MAX_KEYWORDS]
        unique = sorted(keep)
    return [w for _, w in unique]
