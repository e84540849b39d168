"""What happens to every record of every harness between its parser and the index.

Clean-up (injected context is not speech), redaction, a size cap, de-duplication, and a title
when the store has none. Runs on every write path, so a result never depends on which path
wrote it.
"""

from __future__ import annotations

import re
import unicodedata

from deja.text import redact
from deja.model import Role, Session

# Stored text per record is capped (after redaction) so one pasted log cannot dominate the index.
MAX_RECORD_CHARS = 64 * 1024
TITLE_CHARS = 60

_OWN_RECALL = re.compile(r"(?:<deja-recall>|&lt;deja-recall&gt;).*?(?:</deja-recall>|&lt;/deja-recall&gt;|\Z)", re.S)
_COMPLETE_BLOCKS = re.compile(
    r"<system-reminder>.*?</system-reminder>"
    r"|<local-command-caveat>.*?</local-command-caveat>"
    r"|<command-name>.*?</command-args>",
    re.S,
)
_UNWRAP = re.compile(r"</?(?:user_query|hook_context)>")
_PREAMBLE_TAGS = (
    "session_context",
    "timestamp",
    "environment_context",
    "recommended_plugins",
    "permissions instructions",
    "skills_instructions",
    "user_instructions",
    "INSTRUCTIONS",
)
_PREAMBLE = re.compile(
    r"\A\s*(?:# AGENTS\.md instructions[^\n]*\n\s*)?<(" + "|".join(map(re.escape, _PREAMBLE_TAGS)) + r")>"
)
_DROP_LINES = re.compile(
    r"^\s*(?:This session is being continued from a previous conversation"
    r"|\[Request interrupted by user"
    r"|\[Your previous response had no visible output"
    r"|UserPromptSubmit hook additional context:"
    r"|SessionStart hook additional context:).*$\n?",
    re.M,
)
_BLANKS = re.compile(r"\n{3,}")
_TITLE_SKIP = ("<local-command", "<command-", "<task-notification", "<teammate-message", "Caveat:")


def _strip_preamble(text: str) -> str:
    """Remove leading injected-context blocks, repeatedly, respecting nesting of the same tag."""
    while True:
        m = _PREAMBLE.match(text)
        if not m:
            return text
        tag = m.group(1)
        open_t, close_t = f"<{tag}>", f"</{tag}>"
        depth, pos = 1, m.end()
        while depth:
            nxt_close = text.find(close_t, pos)
            if nxt_close < 0:
                return text  # unclosed: leave it, it may be the person's own text
            nxt_open = text.find(open_t, pos)
            if 0 <= nxt_open < nxt_close:
                depth += 1
                pos = nxt_open + len(open_t)
            else:
                depth -= 1
                pos = nxt_close + len(close_t)
        text = text[pos:]


def clean(text: str, role: Role) -> str:
    """Injected context out, speech in. Work records (paths, commands) are kept verbatim."""
    if role in (Role.FILES, Role.COMMAND, Role.EDIT, Role.DEVELOPER):
        # Work records are kept verbatim; developer text *is* the harness's instructions, kept
        # whole under its own role (searchable with --role developer, never served as speech).
        return text.strip()
    if "deja-recall" in text:
        text = _OWN_RECALL.sub("", text)
    if "<" in text:
        text = _COMPLETE_BLOCKS.sub("", text)
        text = _UNWRAP.sub("", text)
        text = _strip_preamble(text)
    if "[" in text or "hook additional context" in text or "continued from a previous" in text:
        text = _DROP_LINES.sub("", text)
    if "\n\n\n" in text:  # a substring test is ~10x cheaper than the regex scan it spares
        text = _BLANKS.sub("\n\n", text)
    return text.strip("\n").strip()


def derive_title(session: Session) -> str:
    """The first substantial thing the person said; else the first reply; else tool output."""
    users = [r.text for r in session.records if r.role is Role.USER and not r.text.startswith(_TITLE_SKIP)]
    for i, text in enumerate(users):
        thin = len(text.split()) <= 2 and len(text) <= 12
        if not thin or i == len(users) - 1:
            return shorten(text)
    for role, prefix in ((Role.ASSISTANT, ""), (Role.TOOL_OUTPUT, "tool output: ")):
        for r in session.records:
            if r.role is role:
                return shorten(prefix + r.text)
    return ""


def shorten(text: str, limit: int = TITLE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def prepare(session: Session, redacting: bool = True) -> int:
    """Clean, redact, cap and de-duplicate a session's records in place; returns redactions."""
    redactions = 0
    kept = []
    seen: set[tuple[Role, float, str]] = set()
    for rec in session.records:
        text = clean(rec.text, rec.role)
        if not text:
            continue
        text = unicodedata.normalize("NFC", text)
        if redacting:
            text, n = redact.redact(text)
            redactions += n
        if len(text) > MAX_RECORD_CHARS:
            text = text[:MAX_RECORD_CHARS]
        if not text.strip():
            continue
        ident = (rec.role, rec.time, text)
        if ident in seen:
            continue
        seen.add(ident)
        rec.text = text
        rec.seq = len(kept)
        kept.append(rec)
    session.records = kept
    if session.title:
        # redacted whole, then cut: a cut first would leave a secret's head for no rule to see
        if redacting:
            session.title, n = redact.redact(session.title)
            redactions += n
        session.title = shorten(session.title)
    else:
        session.title = derive_title(session)  # from records already redacted
    if redacting and session.cwd:
        session.cwd, n = redact.redact(session.cwd)
        session.project = redact.redact(session.project)[0]
        redactions += n
    return redactions
