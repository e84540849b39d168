"""Turning what the person typed into clauses: the query is data, never syntax.

Words are ANDed; `"…"` is a phrase (contiguous, CJK too). A word the tokenizer splits into
several tokens (`ERR-1234`, `src/client.py`, `广告点击`) is searched as the phrase of its parts.

Filler (tokenizer.FILLER_EN / FILLER_ZH: function words, question words, cues about the past)
need not match: the other clauses are the query's `content`. A query with filler in it reads as
a question (`question`): its content words are ranked by rarity instead of ANDed. A Chinese run
with filler in it is cut there, and its pieces are searched as their bigrams, each on its own
(the index holds CJK as bigrams), with the bigrams across each cut and its lone characters as
`glue`; a run without filler stays one exact phrase unless the query is a Chinese question. A
query of nothing but filler searches its filler.
"""

from __future__ import annotations

import re

from deja.errors import QueryError
from deja.plain import Plain
from deja.text.tokenizer import MEASURE_ZH, cjk_runs, content_pieces, is_cjk, is_filler, is_function_char, tokens, zh_split

_PIECES = re.compile(r'"([^"]*)"?|(\S+)')
# "the pipeline's build step": the word is `pipeline`, not the phrase "pipeline s" (which only
# the possessive itself would match). Inside quotes a phrase stays as typed.
_POSSESSIVE = re.compile(r"(?<=[^\W\d_])['’]s(?=[^\w'’]*$)", re.IGNORECASE)
# A question about what the assistant said ("what did you suggest", "your advice", 你建议, 你教我的,
# 你跟我说的): its answer is in an assistant turn, which then weighs what a person's own turn weighs
# otherwise. Not 我跟你说过 / 我和你提过 (the person telling the assistant: their own lines answer).
_ASKS_ASSISTANT = re.compile(
    r"\b(?:did|had|have|were)\s+you\b|\bwould\s+you\b(?!\s+(?:suggest|recommend|advise|propose)\b)|\byou\s+(?:said|suggested|recommended|told|gave|mentioned|proposed|advised|"
    r"wrote|picked|chose|came up with)\b|\byour\s+(?:advice|suggestion|recommendation|tip|idea|answer)s?\b"
    r"|(?<![跟和对给向])你(?:上次|之前|以前|那次|那天|当时|刚才)?(?:跟我|和我|对我|给我|替我)?(?:说|建议|推荐|提到|给的|给我|让我|告诉|帮我|教|讲|提醒|介绍|解释|列)"
    r"|您(?:上次|之前)?(?:跟我|和我|对我|给我)?(?:说|建议|推荐|教|讲)", re.IGNORECASE)
# A question about what the assistant advised ("the second book you recommended me", "what stretch did
# you tell me to do", 你推荐的…是哪个): it wants a pick (passage.ANSWERS["choice"]) when it asks for no other kind.
# So does one asking what a thing the assistant named is called ("what was that tool called", 你说的那个…叫什么),
# and one asking what the assistant said to do ("what colour did you say to paint the hall", "the film you
# said I should watch": "said to" and "said I should" are advice), and one asking which of them (哪部 哪家 哪款).
_ADVICE = re.compile(r"\byou\s+(?:\w+\s+)?(?:recommend|suggest|advise|propose|told|tell|gave|give)\w*|推荐|建议|让我|帮我|哪[本家位台部件首条张只辆所款种个]"
                     r"|\byou\s+(?:said|say)\s+(?:(?:i|we)\s+should|to)\b"
                     r"|\bcalled\b|\bname\s+of\b|叫什么|什么名字", re.IGNORECASE)
# In a question about what the assistant said, an English ordinal ("the second book you suggested")
# frames it rather than names its answer: the reply lists its picks in order ("start with X, and after
# that Y") and seldom numbers them, so search._graded weighs it as scaffolding (tokenizer.SCAFFOLD_EN).
# Not in Chinese, whose replies number their picks as the question does (第二本再看…), nor the Chinese
# verbs of advice (推荐 建议 说), which the replies say too (我推荐你先读…): as frame words they lost
# those answers on `facts` and `zh3` (docs/benchmarks.md, "Issue 14, session 9: what the assistant said").
_FRAME = re.compile(r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b", re.IGNORECASE)
# ... and an ordinal in either language: the question names a pick by its place in a list (passage.named_pick)
ORDINAL = re.compile(_FRAME.pattern + r"|第[二三四五六七八九十]", re.IGNORECASE)
# The first person singular ("what car do I drive", "my sister", "I'm", 我的车, not 我们): a question
# in it is about the person, so what they said in their own turns answers it; a sentence in it is
# about the person (search.passage).
FIRST_PERSON = re.compile(r"\b(?:i|my|me|mine|myself)\b|我(?!们)", re.IGNORECASE)

# A question that counts or adds up across sessions (Query.counts): "how many", "how often", "how much
# … in total / spent / cost", 几次 几本 几家 一共 总共 多少次 (not the time between two events: _WANTS "time";
# not 那几家 / 这几个, "those few", which points at things already named).
# ("how much" is read from its clause's first one only, (?>…): tried from each, each scanned the
# rest of the clause, quadratic in a prompt repeating it; a later one finds nothing the first does not.)
_COUNTS = re.compile(r"\bhow\s+(?:many|often)\b|(?:^|(?<=\?))(?>[^?]*?\bhow\s+much\b)(?=[^?]*\b(?:in\s+total|altogether|so\s+far|spent|spend|cost|paid|pay)\b)"
                     r"|\bnumber\s+of\s+times\b|\bin\s+total\b|(?<![那这])几[次本家趟场回遍位种个]|多少次|一共|总共", re.IGNORECASE)
# How many the person has or is part of now, a state, not events to count: "how many cats do we have",
# "how many people are on my team", 我有几盆花, 我们组有几个人 (not 有几次).
_HOLDS = re.compile(r"\b(?:do|does)\s+(?:i|we|you|my\s+\w+|our\s+\w+)\s+(?:have|own|keep)\b|\b(?:are|is)\s+(?:there|on|in)\b"
                    r"|\bam\s+i\b|有几(?!次)|有多少(?!次)", re.IGNORECASE)
# The count word of "how many" / "how often": asks, it is not a word the answer holds.
_COUNT_WORD = re.compile(r"\bhow\s+(many|often)\b", re.IGNORECASE)

# The kind of answer a question asks for (search.passage.ANSWERS): a time, a person, a number, a reason, a choice.
_WANTS = (
    # ... also the time between two events, or their order ("how many days between…", "which did I
    # do first, … or …"): answered by the sentences that place each event in time
    ("time", re.compile(r"^\W*when\b|\bwhat\s+(?:date|day|time|month|year|week)\b|\bhow\s+long\s+ago\b|什么时候|哪天|哪一天|几号|几月|哪年"
                        r"|\bhow\s+many\s+(?:days|weeks|months|years)\b(?=[^?]*\b(?:between|since|ago|passed|after|before|until|from)\b)"
                        r"|\b(?:first|earlier|later)\b[^?]*\bor\b|\bor\b[^?]*\b(?:first|earlier|later)\b|过了几天|隔了几天|多少天|先.{1,30}还是",
                        re.IGNORECASE)),
    ("person", re.compile(r"^\W*who\b|\bwhom\b|\bwho\s+(?:is|was|did|does)\b|是谁|跟谁|和谁", re.IGNORECASE)),
    # a count or a total across sessions ("how many books did I read", "how often", "how much have I
    # spent on … in total", 几次 / 几本 / 一共): each session holding one instance answers a part of it
    # (passage.ANSWERS["count"]: an event the person reports, or a number)
    ("count", _COUNTS),
    # (几 before a measure word asks for a number too: 几条 几口 几岁, tokenizer.MEASURE_ZH)
    ("number", re.compile(r"\bhow\s+(?:many|much|often|far)\b|\bwhat\s+(?:price|amount|share|percentage|size|number)\b|多少"
                          r"|(?<![那这])几(?=[" + MEASURE_ZH + "])",
                          re.IGNORECASE)),
    ("reason", re.compile(r"^\W*why\b|\bhow\s+come\b|\bwhat\s+(?:was\s+|is\s+)?caus|\bwhat\s+made\b|\bwhat\s+(?:was|is)\s+the\s+"
                          r"(?:reason|cause|problem|issue)\b|为什么|为何|怎么会|什么原因|原因是", re.IGNORECASE)),
    # a request for a recommendation or advice ("can you recommend a show", "any tips for my commute",
    # "what should I cook", 有什么推荐): answered by what the person likes, does or cannot have
    # (passage.ANSWERS["preference"]); never a question about what the assistant said (asks_assistant)
    ("preference", re.compile(r"\b(?:recommend|suggest|suggestions?|recommendations?|tips|ideas?\s+for|any\s+advice|advise\s+me|"
                              r"(?:what|where)\s+(?:\w+\s+){0,2}(?:should|could|can|shall)\s+(?:i|we)|which\s+(?:\w+\s+){0,2}should\s+(?:i|we)|"
                              r"help\s+me\s+(?:pick|choose|find|plan|decide))\b"
                              r"|推荐|有什么建议|给点建议|什么.{0,4}好|哪个好|吃什么|做什么菜|看什么|买什么|送什么|喝什么|听什么|怎么安排"
                              r"|怎么.{1,6}(?:比较|才|最)好|什么.{0,6}(?:合适|适合)",
                              re.IGNORECASE)),
    # "which hotel did we pick", "what did we decide on", "what did you recommend": a pick, a decision or advice
    ("choice", re.compile(r"^\W*which\b|\bwhat\s+(?:\w+\s+){0,2}did\s+(?:we|i|you)\s+(?:decide|pick|choose|go\s+with|settle|end\s+up|"
                          r"suggest|recommend|advise|propose)|选了|选的|选哪|定了哪|决定用|推荐了?什么|建议了?什么", re.IGNORECASE)),
)

# A question about how things stand now ("what is my rent now", "my current manager", "still",
# "these days", 现在 / 目前 / 最近 / 还在): a value that changed is answered by the newer session, and by
# the sentence that states the change (search.recency, passage.CHANGE).
_PRESENT = re.compile(r"\b(?:now|nowadays|currently|current|at\s+the\s+moment|at\s+present|presently|these\s+days|still|"
                      r"anymore|any\s+more|latest|newest|most\s+recent(?:ly)?|lately|(?:my|our|the)\s+last)\b|现在|目前|如今|当前|眼下|最新|最近|还在|仍然|依然", re.IGNORECASE)
# ... of which these place the question in time and say nothing of its answer (query.parse: not content)
_NOW = re.compile(r"\b(?:now|nowadays|currently|current|at\s+the\s+moment|at\s+present|presently|these\s+days|still|"
                  r"anymore|any\s+more|lately)\b", re.IGNORECASE)

# A name the query gives: in a question, a word written with a capital inside a sentence ("which
# hotel did I book in Rome", "our Kafka cluster"): not its first word, nor one after a sentence end
# or a line break, nor "I", and none in a question written in capitals or Title Case throughout. In
# any query, a word shaped like an identifier: parts joined by - . / with letters and digits in it,
# an underscore, a path or file name, camelCase (`qzx-frobnicate-9000`, `ERR-1234`, `retry_budget`,
# `src/app.py`, `fetchUser`); not 3pm, 2nd, python3 or 24-hour, which people write apart or
# otherwise. Nobody says a name otherwise, so a session without it is about something else
# (search._graded: a near miss at best).
_NAME = re.compile(r"(?<![\w'’-])(?<![.!?:;。！？：；]\s)(?<![.!?:;。！？：；\n])(?<!^)(?-i:[A-Z][\w'’-]*)")
_WORD = re.compile(r"(?<![\w'’-])[^\W\d_][\w'’-]*")
# (The digit-and-letter look-aheads are tried from the word's start only, and a name's dot needs
# two word characters before it, not a run: tried at every character of a 8,000-character word,
# each scanned the rest of it, 0.8 s a parse, quadratic in a pasted blob; the same matches.)
_IDENTIFIER = re.compile(r"(?<!\S)(?!\d+(?:-[A-Za-z]+)+\b)(?=(?=\S*\d)(?=\S*[A-Za-z])\S*[A-Za-z0-9][-./][A-Za-z0-9]|"
                         r"\S*(?:[A-Za-z0-9]_[A-Za-z0-9]|[\w.-]/[\w.-]|\w\w\.[a-z]{1,4}\b|[a-z][A-Z]))\S+")
_NOT_NAMES = frozenset({"i", "i'm", "i've", "i'd", "i'll", "january", "february", "march", "april", "may", "june", "july",
                        "august", "september", "october", "november", "december", "monday", "tuesday", "wednesday",
                        "thursday", "friday", "saturday", "sunday"})  # dates: a session rarely writes its own

# A verb and its particle, which a session often writes as one word: "timing out" ~ `timeout`,
# "signed up" ~ `signup`, "rolled back" ~ `rollback`, "logged in" ~ `login`.
_PHRASAL = re.compile(r"\b([a-z]{3,})\s+(out|up|in|down|back|off|over)\b", re.IGNORECASE)


class Query(Plain):
    # clauses: one token = a term, several = a phrase; content: the clauses that are not filler;
    # question: some filler was dropped (the content is ranked, not ANDed); asks_assistant: a
    # question about what the assistant said (its turns weigh as a person's do otherwise);
    # asks_person: a question about the person (first person singular), not about the assistant
    # wants: the kind of answer a question asks for (time | person | count | number | reason | preference | choice | "")
    # compounds: {word: the closed compounds of it and the particle after it} (see _PHRASAL)
    # glue: the clauses of a Chinese question that are no missing word when no record holds them
    # (the bigrams across a content piece's edges, a lone content character); lone: its lone
    # content characters (searched in their bigrams with function characters, search._graded);
    # counted: those of them a count asks with (几点 几岁: held after a number too, 六点);
    # present: a question about how things stand now (_PRESENT); related: for a question about the
    # person, per group of search.related it names, the words its answer may say instead; counts: a
    # question that counts or adds up across sessions (_COUNTS; wants "count"); fact: a question about
    # a fact the person or the assistant said (asks_assistant, or asks_person and not a preference);
    # names: the content clauses it writes as names or identifiers (_NAME, _IDENTIFIER)
    # frame: for a question about the assistant, its content clauses that frame it (_FRAME), weighed as scaffolding
    # asking: the content clauses that name a quantity asked (多重, "tall"; search.quantity); units: its units' tokens
    __slots__ = ("text", "clauses", "content", "question", "asks_assistant", "asks_person", "wants", "compounds", "glue",
                 "lone", "counted", "present", "related", "counts", "fact", "names", "frame", "asking", "units")

    def __init__(self, text: str, clauses: tuple[tuple[str, ...], ...], content: tuple[tuple[str, ...], ...] | None = None,
                 question: bool = False):
        self.text, self.clauses = text, clauses
        self.content = clauses if content is None else content
        self.question = question
        self.asks_assistant = question and bool(_ASKS_ASSISTANT.search(text))
        self.wants = next((k for k, rx in _WANTS if rx.search(text) and not (k == "preference" and self.asks_assistant)),
                          "") if question else ""
        if self.asks_assistant and not self.wants and _ADVICE.search(text):  # "the second book you recommended me"
            self.wants = "choice"
        # a request for a recommendation is about the person too: their likes and habits answer it
        self.asks_person = question and not self.asks_assistant and (self.wants == "preference" or bool(FIRST_PERSON.search(text)))
        self.compounds = _compounds(text, self.content) if question else {}
        self.present = question and bool(_PRESENT.search(text))
        if self.wants == "count" and _HOLDS.search(text):  # "how many cats do we have": a state, a number
            self.wants = "number"
        # counts across sessions: many sessions each hold a part of the answer (search._graded, passage)
        self.counts = self.wants == "count"
        # a fact said once, in passing: what the person said about themselves or what the assistant told
        # them (not a request for a recommendation, which their likes answer wherever they are said)
        self.fact = self.asks_assistant or (self.asks_person and self.wants != "preference")
        found = [w for w in _NAME.findall(text.strip()) if w.lower() not in _NOT_NAMES] if question else []
        if len(found) * 2 > len(_WORD.findall(text)):  # Title Case or capitals throughout: no word stands out as a name
            found = []
        found += _IDENTIFIER.findall(text)
        named = {tuple(tokens(_POSSESSIVE.sub("", w.strip(".,;:!?\"'()")))) for w in found}
        self.names: frozenset[tuple[str, ...]] = frozenset(c for c in self.content if c in named)
        self.frame: frozenset[tuple[str, ...]] = _framing(text, self.content) if self.asks_assistant else frozenset()
        self.glue: frozenset[tuple[str, ...]] = frozenset()
        self.lone: frozenset[str] = frozenset()
        self.counted: frozenset[str] = frozenset()
        # a question about the person: the everyday words the answer may say instead (search.related)
        self.related: list[list[str]] = []
        if self.asks_person:
            from deja.search import related

            self.related = related.groups(text, {c[0] for c in self.content if len(c) == 1}, self.counts)
        # a quantity asked (search.quantity): the units its answer states it in (one clause of the
        # question's own), and the words that name it (多重, "tall"), which weigh as scaffolding
        self.asking: frozenset[tuple[str, ...]] = frozenset()
        self.units: list[str] = []
        if question:
            from deja.search import quantity

            if units := quantity.groups(text):
                cue = quantity.cues(text)
                self.asking = frozenset(c for c in self.content if len(c) == 1 and c[0] in cue)
                self.units = list(dict.fromkeys(u for g in units for u in g))

    @property
    def terms(self) -> set[str]:
        return {t for c in self.clauses for t in c}

    def explain(self) -> str:
        shown = " ".join if self.question else " AND ".join
        out = shown(c[0] if len(c) == 1 else '"' + " ".join(c) + '"' for c in self.content)
        dropped = [c[0] for c in self.clauses if c not in self.content and len(c) == 1]
        if not self.question:
            return out
        return out + "  (ranked by rarity; filler not required" + (f": {' '.join(dropped)})" if dropped else ")")


# A query is read up to its first QUERY_CHARS characters (cut at a space when one is near the
# end): what a search does grows with its distinct words (each one looked up, weighed, found in
# every snippet's text), and a pasted log of 3,000 words took minutes (session 12, `hostile12`).
# No question comes near it (the dev sets' longest is 81 characters; the prompt hook reads 600,
# hooks.question.QUESTION_CHARS), so every question is read whole.
QUERY_CHARS = 1000


def bounded(text: str) -> str:
    """`text` as a search reads it: at most QUERY_CHARS characters."""
    if len(text) <= QUERY_CHARS:
        return text
    space = max(text.rfind(c, QUERY_CHARS - 40, QUERY_CHARS + 1) for c in " \t\n")
    return text[: space if space > 0 else QUERY_CHARS]


def valid_text(text: str) -> str:
    """`text` the analyzer takes: a lone surrogate (an argument's undecodable byte, `deja search
    $'\\xff'`, decoded by Python as U+DCFF; one sent in JSON to the MCP server or a hook) becomes
    U+FFFD or "?"."""
    if text.isascii():
        return text
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")


def _unled(toks: tuple[str, ...]) -> list[tuple[str, ...]]:
    """A word's tokens as the clauses it is searched by: cut where the tokenizer led a Chinese run
    after Arabic digits with its first character alone (10公里 -> 10 公 公里, tokenizer v3). The text
    holds that lone character only where the run is glued to the digits; written apart (10 公里, as
    much Chinese is spaced) it holds 10 and 公里 alone, and the phrase 10 公 公里 missed it."""
    out: list[tuple[str, ...]] = []
    start = 0
    for i in range(1, len(toks) - 1):
        c, nxt = toks[i], toks[i + 1]
        if (len(c) == 1 and is_cjk(c) and toks[i - 1][-1:].isdigit() and toks[i - 1].isascii()
                and len(nxt) == 2 and nxt[0] == c and i > start):
            out.append(toks[start:i])
            start = i + 1
    out.append(toks[start:])
    return out


def parse(text: str) -> Query:
    text = valid_text(text)
    clauses: list[tuple[str, ...]] = []
    content: list[tuple[str, ...]] = []
    glue: set[tuple[str, ...]] = set()
    lone: set[str] = set()
    counted: set[str] = set()
    dropped = False

    def add(toks: tuple[str, ...], filler: bool) -> None:
        nonlocal dropped
        if not toks:
            return
        if toks not in clauses:
            clauses.append(toks)
        if filler:
            dropped = True
        elif toks not in content:
            content.append(toks)

    def edge(pair: str, piece: str, other: str, filler: str) -> None:
        # Only across a one-character filler word (我|家猫 -> 我家, 车|是) or into the verb of a
        # question word (猫|叫什么 -> 猫叫): a cue, a count or a pronoun of two characters (上次|说,
        # 一共|去, 多少|钱, 我们|家) stands apart from the words around it in any answer.
        # Nor after 的 (领的|结婚证 -> 的结, 我做的|红烧肉 -> 的红): it ends a phrase and begins no
        # word, and a chat that says "the X" of any kind holds it. But a lone character after an
        # aspect 过 that a filler ended in makes a word with it (说过|敏 -> 过敏, 提过|期 -> 过期):
        # held, it is the word the question says; held nowhere, it is glue.
        aspect = len(piece) == 1 and len(filler) > 1 and filler.endswith("过") and other == "过" and pair[0] == other
        if len(pair) != 2 or (len(filler) > 1 and not aspect and not (filler.endswith("什么") and filler[0] == other)):
            return
        if (len(piece) == 1 and is_function_char(other)) or _functional(pair) or other in _ASKING or pair[0] == "的":
            return
        for t in tokens(pair):
            add((t,), False)
            glue.add((t,))

    counting = {w.lower() for w in _COUNT_WORD.findall(text)}

    def words(part: str) -> None:
        for toks in _unled(tuple(tokens(_POSSESSIVE.sub("", part)))):
            add(toks, all(is_filler(t) or t in counting for t in toks))

    # A Chinese question (filler in one of its runs): each of its runs is searched as its bigrams,
    # one typed apart from the rest too (上传文件报 413 的时候…: no phrase 上传文件报 need match)
    zh_question = any(content_pieces(run) != [run] for _, run in cjk_runs(text))
    for phrase, word in _PIECES.findall(text):
        if phrase:
            add(tuple(tokens(phrase)), False)
            continue
        runs = cjk_runs(word)
        parts = [_parts(run) for _, run in runs]
        if not runs or not (zh_question or any(f for split in parts for *_, f in split)):
            words(word)  # no CJK, or CJK without filler in a query without Chinese filler: as typed
            continue
        # a Chinese sentence: cut at its filler; what is not CJK stays as written
        at = 0
        for (start, run), split in zip(runs, parts):
            words(word[at:start])
            for i, (p, piece, filler) in enumerate(split):
                if filler:
                    dropped = True
                    continue
                end = p + len(piece)
                before = split[i - 1][1] if i and split[i - 1][2] else ""
                after = split[i + 1][1] if i + 1 < len(split) and split[i + 1][2] else ""
                # The bigrams across its edges with the filler around it (我家 of 我|家猫, 猫叫 of
                # 猫|叫什么): what the text holds where it says the same words, searched too (in
                # the order of the run: search._straddling reads it), and never a missing word.
                if before:
                    edge(run[p - 1 : p + 1], piece, run[p - 1], before)
                if len(piece) >= 2:
                    for t in tokens(piece):
                        if not _functional(t):  # 那只 of 那只乌龟: no word
                            add((t,), False)
                else:
                    # A lone character (车, 猫) is indexed alone only when it stands alone; inside a
                    # sentence the text holds it as bigrams: searched in any bigram with a function
                    # character (的车, 车是: search._graded), and one no record holds is no missing
                    # word (`glue`). A measure word a count asks with (几点) is held after a number.
                    add((piece,), False)
                    glue.add((piece,))
                    lone.add(piece)
                    if before == "几":  # 几|点 (not 几次|步: 次 is the measure word there)
                        counted.add(piece)
                    elif i > 1 and split[i - 1][1] in counted and split[i - 2][1] == "几":
                        # the measure word and the one character after it (几年级 -> 年级, 几号线 ->
                        # 号线, 几点钟 -> 点钟): the word the answer says with its number (四年级)
                        measured = split[i - 1][1] + piece  # (not `word`: the rest of it is read below)
                        add((measured,), False)
                        glue.add((measured,))
                if after:
                    edge(run[end - 1 : end + 1], piece, run[end], after)
            if all(f for *_, f in split):
                add(tuple(tokens(run)), True)
            at = start + len(run)
        words(word[at:])
    if not clauses and not content:
        raise QueryError("nothing to search for: give at least one word or number")
    if dropped and len(content) > 2:
        # a question placed now ("these days", "at the moment", "currently", "still"): the time it is
        # asked in is no word of its answer; two words are left at least, so the question is still
        # ranked as one (search._search: a question of one word is ANDed, without its related words)
        timing = {t for m in _NOW.finditer(text) for t in tokens(m.group())}
        kept = [c for c in content if not (len(c) == 1 and c[0] in timing)]
        content = kept if len(kept) > 1 else content
    question = bool(content) and dropped
    q = Query(text, tuple(clauses), tuple(content) if content else None, question)
    q.glue, q.lone, q.counted = frozenset(glue), frozenset(lone), frozenset(counted)
    return q


def _parts(run: str) -> list[tuple[int, str, bool]]:
    """A CJK run's parts (tokenizer.zh_split) with their offsets: (start, text, is filler);
    the measure word after a 几 (几点起床) is a part of its own, a one-character word."""
    out: list[tuple[int, str, bool]] = []
    at = 0
    for part, filler in zh_split(run):
        if not filler and out and out[-1][2] and out[-1][1] == "几" and len(part) > 1:
            out.append((at, part[0], False))
            at, part = at + 1, part[1:]
        out.append((at, part, filler))
        at += len(part)
    return out


# The characters of Chinese question words (什么 怎么 哪个 几次 谁): a bigram across a content
# piece's edge with one of them is in no answer, which says what they ask for (么牌 of 什么|牌子).
_ASKING = frozenset("什怎哪几谁么")


def _functional(bigram: str) -> bool:
    """Is this CJK bigram two function characters (那只, 的那): part of no word the question is about?"""
    return len(bigram) == 2 and is_function_char(bigram[0]) and is_function_char(bigram[1])


def _framing(text: str, content) -> frozenset[tuple[str, ...]]:
    """The content clauses of a question about the assistant that frame it (_FRAME); none when they
    would be all of its content."""
    near = {t for m in _FRAME.finditer(text) for t in tokens(m.group())}
    out = frozenset(c for c in content if len(c) == 1 and c[0] in near)
    return out if len(out) < len(content) else frozenset()


def _compounds(text: str, content) -> dict[str, list[str]]:
    from deja.search.signals import stem

    words = {c[0] for c in content if len(c) == 1}
    out: dict[str, list[str]] = {}
    for verb, particle in _PHRASAL.findall(text):
        verb, particle = verb.lower(), particle.lower()
        if verb not in words:
            continue
        base = stem(verb)
        bases = {verb, base, base + "e"} if not base.endswith("e") else {verb, base}
        out[verb] = sorted({b + particle + s for b in bases for s in ("", "s")})
    return out


_SINCE = re.compile(r"^(\d+(?:\.\d+)?)\s*([smhdwy])$")
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400, "y": 365 * 86400}


def parse_since(text: str, now: float, flag: str = "--since") -> float:
    """`30d`, `12h`, `2w` (ago), or a date / date-time (`2026-01-31`, `2026-01-31T09:00`)."""
    from datetime import datetime

    t = text.strip().lower()
    m = _SINCE.match(t)
    if m:
        return now - float(m.group(1)) * _UNIT[m.group(2)]
    try:
        dt = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise QueryError(f"cannot read {flag} {text!r}: use a span like 30d, 12h, 2w or a date like 2026-01-31") from None
    return dt.timestamp()
