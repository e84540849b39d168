"""What a session settled: the line where its assistant states a decision or a result. The one
rule for the decision on a hit, in a hook's injection, in a digest and in a promoted note; read
once at index time (`marks`, stored per session in the catalog) and from stored records
(`conclusion`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from deja.roles import ROLE_CODE, Role
from deja.text.clip import clip

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.model import Record
    from deja.store import StoredRecord

_ASSISTANT = ROLE_CODE[Role.ASSISTANT]
# Its own words that it undid something: damped only when nothing else was settled.
_REVERT = re.compile(r"\b(revert(?:ed|ing)?|rolled back|roll(?:ing)? back|undid|undo(?:ne)?|backed out)\b|回滚|撤销",
                     re.IGNORECASE)
# A line that states a decision or a result. English, Chinese and Russian.
DECISION = re.compile(
    r"\b(decided|decision|conclusion|root cause|the fix|fixed|fixes|resolved|solution|going with|switched|"
    r"now pass|tests pass|all pass|works now|the cause|because|so we|we will|we'll)\b"
    r"|决定|决策|结论|修复|修好|原因|解决|改为|改成|最后用|最终|采用|选定|定了|就用"
    r"|(?<!\w)(?:реш(?:или|ено|ение|ил[аи]?)|исправ\w*|оставил\w*|оставляем|причин\w*|выбрал\w*|вывод)",
    re.IGNORECASE,
)


def prose(text: str) -> list[str]:
    """A message's lines of prose: no code fences, tables or headings, list markers and bold gone."""
    out, fenced = [], False
    for line in text.splitlines():
        t = line.strip()
        fenced ^= t.startswith("```")
        if not (fenced or t.startswith("```") or len(t) < 12 or t.startswith(("|", "#"))):
            out.append(re.sub(r"^(?:[-*+]\s+|\d+[.)]\s+)", "", t).replace("**", ""))
    return out


def settled(texts: Sequence[str], fallback: bool = False) -> str:
    """The line where a session settled something, from its assistant messages in order: in the
    last substantive one, the first line stating a decision or result; else its first line of
    prose when `fallback`, else ""."""
    for text in reversed(texts):
        lines = prose(text)
        if lines and sum(len(x) for x in lines) >= 20:
            return next((x for x in lines if DECISION.search(x)), lines[0] if fallback else "")
    return ""


def marks(records: Sequence[Record]) -> tuple[str, bool]:
    """(the decision line, reverted-and-settled-nothing) for one session's records, at index time."""
    said = [r.text for r in records if r.role == Role.ASSISTANT]
    decision = clip(settled(said)) if said else ""
    reverted = not decision and any(_REVERT.search(t) for t in said)
    return decision, reverted


def conclusion(records: Sequence[StoredRecord]) -> str:
    """The session's last assistant conclusion: from its last substantive assistant message, the
    first line that states a decision or result (DECISION), else its first line of prose."""
    return clip(settled([r.text for r in records if r.role == _ASSISTANT], fallback=True))
