"""What happens to every record of every harness between its parser and the index.

Clean-up (injected context is not speech), redaction, blobs to markers, a size cap (head and
tail), de-duplication, and a title when the store has none. Runs on every write path, so a
result never depends on which path wrote it.
"""

from __future__ import annotations

import re
import unicodedata

from deja.text import redact
from deja.text.tokenizer import MAX_TOKEN_CHARS
from deja.text.clip import clip
from deja.model import Record, Role, Session
from deja.native import NATIVE

# Stored text per record is capped (after redaction) so one pasted log cannot dominate the index.
# Past the cap a record keeps its head and its tail (where a command echoes and an error lands)
# around a marker that records how much was left out; docs/benchmarks.md "Caps" has the
# measurement behind the numbers and what is lost.
MAX_RECORD_CHARS = 64 * 1024
# Tool output is capped shorter: its first 3 KiB (the command's echo, the first error, a file's
# head) and its last 1 KiB (the summary, the exit, the last error). Tool output is ~95 % of the
# generated corpus's text and the bulk of a real store's; past 4 KiB its middle (lines of a file
# read whole, a long listing's middle, a log's progress lines) is cut, its words kept in the
# marker (below). Chosen by measurement (docs/benchmarks.md "Issue 18, session 9"): at 8 KiB a
# cold index is no faster, at 4 KiB it reads ~30 % less text; no needle or dev-set hit moved.
TOOL_OUTPUT_CHARS = 4 * 1024
# The cut middle's words stay findable: the marker lists, first seen first, the distinct words of
# the middle that the kept head and tail don't hold (case aside; bare numbers of up to four digits
# left out), at most WORDS_CHARS bytes of them, and says how many more there were:
# `[… 12,345 characters cut; the other words in them: a b c …]`,
# `[… 1,234,567 characters cut; the other words in them: a b c; 9,876 more not kept …]`. The
# stored text stays the indexed text. A word is a run of letters, digits, `_` and non-ASCII
# characters (split at ASCII punctuation and space): a CJK run stays a run, bigrammed when indexed.
# The bound by measurement (docs/benchmarks.md "Issue 18, session 9: every word of a cut output
# findable"): on the generated corpus only its four 1 MB logs have more new words than 4 KiB
# holds (their per-line durations, `4392s`), and 161 of main's 81,298 distinct words are lost.
CUT = " characters cut"  # what every marker holds after its count (coded.py and outputs.py test it)
WORDS_CHARS = 4 * 1024
# The list is read from the middle's first WORDS_SCAN characters only (snapped back to a space):
# finding distinct words costs ~11 MB of memory per MiB of distinct text, so a crafted record of
# the 64 MiB a source allows would cost a parse worker ~0.7 GB. Past it, words are neither listed
# nor counted. The generated corpus's largest outputs (1 MB logs) are read whole.
WORDS_SCAN = 2 << 20
_SPACES = bytes(b if chr(b).isalnum() or b == 95 or b >= 128 else 32 for b in range(256))
_LOWER_SPACES = _SPACES.lower()  # the same, ASCII capitals lowercased: one pass, not bytes.lower() and then this
_SNAP = 512  # a cut moves to a line break this close, so no word is cut in half
# Blobs are not text: a data: URI, a base64 run of at least BLOB_CHARS (images, archives, keys
# of keys; no word or hash is that long) whole or wrapped in lines, or a record mostly control bytes is replaced by a
# marker naming what it was and its size, e.g. `[base64 image/png, 48 KB]`.
BLOB_CHARS = 1024
_BLOB = re.compile(
    r"data:(?P<mime>[\w.+-]+/[\w.+-]+)?(?:;[\w.+-]+=[\w.+-]+)*;base64,(?P<uri>[A-Za-z0-9+/]{16,}={0,2})"
    r"|(?<![A-Za-z0-9+/])(?P<run>[A-Za-z0-9+/]{%d,}={0,2}"
    # wrapped at 60-76 a line (base64(1), MIME, PEM): 16 lines and more
    r"|(?:[A-Za-z0-9+/]{60,}={0,2}\r?\n){16,}[A-Za-z0-9+/]*={0,2}(?=\r?\n|\Z))" % BLOB_CHARS
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")
_CONTROL_BYTES = bytes([*range(0x09), 0x0b, 0x0c, *range(0x0e, 0x20), 0x7f])  # _CONTROL's ASCII part
_BINARY_SHARE = 0.1  # a record whose text is this share control bytes (or undecodable) is binary
TITLE_CHARS = 60

_OWN_RECALL = re.compile(r"(?:<deja-recall>|&lt;deja-recall&gt;).*?(?:</deja-recall>|&lt;/deja-recall&gt;|\Z)", re.S)
# A block runs to its closer but never past another of its openers: an opener with no closer
# ("<command-name>x " repeated in a pasted log) then costs a scan to the next opener, not to the end
# of the text for each one (quadratic: 200 KB of them took 8.7 s).
_COMPLETE_BLOCKS = re.compile(
    r"<system-reminder>(?:(?!<system-reminder>).)*?</system-reminder>"
    r"|<local-command-caveat>(?:(?!<local-command-caveat>).)*?</local-command-caveat>"
    r"|<command-name>(?:(?!<command-name>).)*?</command-args>",
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
    # Each regex runs only when the literal it needs is there (code and logs hold `<` and `[` on
    # most lines: a scan of a large output for nothing). The gates are what the patterns require.
    if "<" in text:
        if "<system-reminder>" in text or "<local-command-caveat>" in text or "<command-name>" in text:
            text = _COMPLETE_BLOCKS.sub("", text)
        if "user_query>" in text or "hook_context>" in text:
            text = _UNWRAP.sub("", text)
        text = _strip_preamble(text)
    if ("[" in text and ("[Request interrupted by user" in text or "[Your previous response had no visible output" in text)
            or "hook additional context:" in text or "continued from a previous conversation" in text):
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
            return clip(text, TITLE_CHARS)
    for role, prefix in ((Role.ASSISTANT, ""), (Role.TOOL_OUTPUT, "tool output: ")):
        for r in session.records:
            if r.role is role:
                return clip(prefix + r.text, TITLE_CHARS)
    return ""


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{round(n / 1024)} KB"
    return f"{n / (1024 * 1024):.1f} MB"


def _blob_marker(m: re.Match[str]) -> str:
    data = m.group("uri") if m.group("run") is None else m.group("run")
    chars = len(data) - data.count("\n") - data.count("\r")
    size = chars * 3 // 4 - data.count("=")
    mime = m.group("mime") if m.group("run") is None else None
    return f"[base64 {mime}, {_size(size)}]" if mime else f"[base64, {_size(size)}]"


def unblob(text: str) -> str:
    """Blobs out: binary records and base64 runs become markers; the prose around them stays."""
    sample = text[:4096]  # binary shows at once; a bounded look keeps text records cheap
    if len(sample) >= 64 and _controls(sample) > _BINARY_SHARE * len(sample) \
            and not sample.replace("\n", "").replace("\t", "").isprintable():
        return f"[binary, {_size(len(text.encode('utf-8', 'surrogatepass')))}]"
    if "base64," not in text and not _may_hold_run(text):
        return text  # the regex scan (~10x the cost of the look) is spared
    return _BLOB.sub(_blob_marker, text)


def _controls(sample: str) -> int:
    """How many characters of `sample` _CONTROL matches: `_native.controls` reads the str as it
    is stored; its twin encodes it first (an extension built without it fails native._PROBES: the twin)."""
    return NATIVE.controls(sample) if NATIVE else controls_py(sample)


def controls_py(sample: str) -> int:
    """Twin of `_native.controls`: the count on the sample's UTF-8, in C (a byte below 0x80 is
    always a character of its own; U+FFFD is EF BF BD): a regex or `isprintable` walk of a str
    holding non-ASCII costs several times more."""
    data = sample.encode("utf-8", "surrogatepass")
    return len(data) - len(data.translate(None, _CONTROL_BYTES)) + data.count(b"\xef\xbf\xbd")


def _may_hold_run(text: str) -> bool:
    """Whether a base64 run can be in `text`: a run (whole or wrapped) covers a whole aligned
    block of half BLOB_CHARS with no space in it, so looking at those blocks is enough."""
    step = BLOB_CHARS // 2
    return any(" " not in text[i : i + step] for i in range(0, len(text) - step + 1, step))


def _snap(text: str, at: int, forward: bool) -> int:
    """A cut point near `at` on a line break (after it), or `at` when none is close."""
    if forward:
        i = text.find("\n", at, at + _SNAP)
        return at if i < 0 else i + 1
    i = text.rfind("\n", max(0, at - _SNAP), at)
    return at if i < 0 else i + 1


def _other_words(middle: str, kept: str, room: int = WORDS_CHARS) -> str:
    """The marker's list: the distinct words of `middle` that `kept` lacks (case aside), first
    seen first, at most `room` bytes of UTF-8, then how many more were left out. Bytes split at
    ASCII bytes: in Python the cost is the words' objects and their hashing, ~20 ns per byte of a
    cut output (docs/benchmarks.md); `_native.other_words` does it without them where it was
    built. WORDS_CHARS = 0 makes the marker the bare count, at no cost."""
    if room <= 0:
        return ""  # no list, and none of its cost
    mid, keep = middle.encode("utf-8", "surrogatepass"), kept.encode("utf-8", "surrogatepass")
    told, n = NATIVE.other_words(mid, keep, room, MAX_TOKEN_CHARS) if NATIVE else (None, 0)
    if told is None:  # no extension, or its probes ran out on words crafted to collide
        told, n = other_words_py(mid, keep, room)
    kept_n = told.count(b" ") + 1 if told else 0  # (a word holds no space)
    words = told.decode("utf-8", "surrogatepass")
    return f"{words}; {n - kept_n:,} more not kept" if kept_n < n else words


def other_words_py(middle: bytes, kept: bytes, room: int) -> tuple[bytes, int]:
    """The twin of `_native.other_words` (UTF-8 in): the words that fit `room` joined by
    spaces, and how many words the list had before the cut."""
    seen = set(kept.translate(_LOWER_SPACES).split())
    distinct = dict.fromkeys(middle.translate(_SPACES).split())
    # A bare number of up to four digits (a line number, a count, a year) says nothing alone and
    # numbered lines hold one each: two thirds of the lists' text, and no word lost without them
    # (docs/benchmarks.md). An ASCII word longer than the analyzer keeps would be dropped by it.
    words = [w for w in distinct if w.lower() not in seen and not (len(w) <= 4 and w.isdigit())
             and (len(w) <= MAX_TOKEN_CHARS or not w.isascii())]
    size = sum(map(len, words)) + len(words)
    n = len(words)
    while size > room:  # from the end: the list keeps the words seen first
        size -= len(words.pop()) + 1
    return b" ".join(words), n


def cap(text: str, limit: int = MAX_RECORD_CHARS) -> str:
    """At most ~`limit` characters: the head (three quarters) and the tail, and a marker saying
    how much was cut and which other words the cut held (`_other_words`)."""
    if len(text) <= limit:
        return text
    head = _snap(text, limit * 3 // 4, forward=False)
    tail = _snap(text, len(text) - limit // 4, forward=True)
    middle = text[head:tail]
    if len(middle) > WORDS_SCAN:
        middle = middle[: max(middle.rfind(" ", 0, WORDS_SCAN), middle.rfind("\n", 0, WORDS_SCAN), 0) or WORDS_SCAN]
    words = _other_words(middle, text[:head] + "\n" + text[tail:])
    told = f"; the other words in them: {words}" if words else ""
    return f"{text[:head]}\n[… {tail - head:,}{CUT}{told} …]\n{text[tail:]}"


def prepare(session: Session, redacting: bool = True) -> int:
    """Clean, redact, cap and de-duplicate a session's records in place; returns redactions."""
    redactions = 0
    kept: list[Record] = []
    seen: set[tuple[Role, float, str]] = set()
    for rec in session.records:
        text = clean(rec.text, rec.role)
        if not text:
            continue
        text = unicodedata.normalize("NFC", text)
        if redacting:
            # redacted whole, then unblobbed and cut: either first could leave a secret's head (or
            # a PEM block's frame) where no rule sees it
            text, n = redact.redact(text)
            redactions += n
        text = cap(unblob(text), TOOL_OUTPUT_CHARS if rec.role is Role.TOOL_OUTPUT else MAX_RECORD_CHARS)
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
        session.title = clip(session.title, TITLE_CHARS)
    else:
        session.title = derive_title(session)  # from records already redacted
    if redacting and session.cwd:
        session.cwd, n = redact.redact(session.cwd)
        session.project = redact.redact(session.project)[0]
        redactions += n
    return redactions
