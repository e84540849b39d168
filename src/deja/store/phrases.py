"""Phrases without positions for tool output (schema 4, issue 18 item 7).

Positions are what a phrase query reads: where each token stands in its record. Tool output is
94 % of the text and its positions were a third of the index (72.8 of 219 MiB at 500 MiB), so the
text index keeps them only for the other records: every record's tokens are in `text` with their
frequencies (what every word is scored on, as before), and every record but tool output has them
again in `near`, with positions. A phrase (an identifier, a path, a CJK word, a quoted run) then
matches

- a record with `near`: the phrase query over `near`, exact, scored by it (an index without tool
  output scores it as schema 3 did);
- tool output: every word of the phrase in the record (an AND over `text`, scored as its words),
  and then its stored text is read and must hold the words one after the other
  (`tokenizer.holds`, the same tokens). That check runs on the candidates a search returns and on
  every candidate a per-session count (the exact tier's) counts, so the matches are those of
  positions; what it costs grows with the tool records that hold every word of the phrase but
  not the phrase (docs/benchmarks.md "Issue 18, session 8").

Left approximate: in a ranking over any clause (`search_sessions`' last step, within sessions
that hold every clause), a tool record that holds a phrase's words apart still gets their score
when it also matches another clause truly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import tantivy

from deja.store.outputs import TOOL_OUTPUT
from deja.text.tokenizer import holds, tokens

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.store.textindex import Candidate, StoredRecord, Variants


def query(schema: tantivy.Schema, phrase: Sequence[str]) -> tantivy.Query:
    """What may hold `phrase`: the phrase in `near`, or tool output with all of its words (to be
    checked: `keep`, `tally`)."""
    must = tantivy.Occur.Must
    tool = tantivy.Query.const_score_query(tantivy.Query.term_set_query(schema, "role", [TOOL_OUTPUT]), 0.0)
    words = [(must, tantivy.Query.term_query(schema, "text", t)) for t in phrase]
    return tantivy.Query.boolean_query([
        (tantivy.Occur.Should, tantivy.Query.phrase_query(schema, "near", list(phrase))),
        (tantivy.Occur.Should, tantivy.Query.boolean_query([*words, (must, tool)])),
    ])


def tool_words(schema: tantivy.Schema, phrase: Sequence[str]) -> tantivy.Query:
    """Tool output holding every word of `phrase` (unscored)."""
    must = tantivy.Occur.Must
    return tantivy.Query.boolean_query([
        *((must, tantivy.Query.term_query(schema, "text", t)) for t in phrase),
        (must, tantivy.Query.term_set_query(schema, "role", [TOOL_OUTPUT])),
    ])


def has_phrase(clauses: Sequence[Sequence[str]]) -> bool:
    return any(len(c) > 1 for c in clauses)


def _true(text: str, clauses: Sequence[Sequence[str]], require_all: bool, variants: Variants | None) -> bool:
    """Whether a tool record's text holds its query: every phrase (`require_all`: its words
    matched already), or any clause (a word: the word or one of its forms among the tokens; a
    fuzzy word is taken as matched)."""
    said = [c for c in clauses if len(c) > 1]
    if require_all:
        return all(holds(text, c) for c in said)
    if any(holds(text, c) for c in said):
        return True
    words = [c[0] for c in clauses if len(c) == 1]
    if not words:
        return False
    if variants and any(w in variants.fuzzy for w in words):
        return True
    have = set(tokens(text))
    forms = variants.forms if variants else {}
    return any(w in have or any(f in have for f in forms.get(w, ())) for w in words)


def keep(cands: list[Candidate], clauses: Sequence[Sequence[str]], require_all: bool, variants: Variants | None,
         read: Callable[[Sequence[tantivy.DocAddress]], list[StoredRecord]]) -> list[Candidate]:
    """The candidates whose match is true: every one but tool output as it is, tool output once
    its text holds its phrases (`_true`)."""
    tool = [c for c in cands if c.role == TOOL_OUTPUT]
    if not tool:
        return cands
    false = {id(c) for c, r in zip(tool, read([c.addr for c in tool]))
             if not _true(r.text, clauses, require_all, variants)}
    return [c for c in cands if id(c) not in false] if false else cands


def tally(searcher: tantivy.Searcher, q: tantivy.Query, phrase: Sequence[str],
          read: Callable[[Sequence[tantivy.DocAddress]], list[StoredRecord]]) -> dict[int, int]:
    """{session: its tool records that hold `phrase`}, of the records `q` matches (tool output
    with every word of the phrase)."""
    n = searcher.search(q, 1, count=True).count or 0  # type: ignore[attr-defined]
    if not n:
        return {}
    out: dict[int, int] = {}
    hits = searcher.search(q, n, count=False).hits
    for r in read([a for _, a in hits]):
        if holds(r.text, phrase):
            out[r.sid] = out.get(r.sid, 0) + 1
    return out
