"""Text from transcripts on a person's terminal: the one home of the control-character rule.

A transcript can quote anything a web page or a tool printed, escape sequences included: a
clipboard write (OSC 52), a window title, a hyperlink, clear-screen, 8-bit CSI and DCS, a
backspace or carriage return that overwrites what was shown, a bidirectional override or isolate
that draws text in an order other than its own (U+202E, "Trojan source": a command or a file name
that reads as another). `visible` turns every control character but newline and tab, and those
nine (U+202A–U+202E, U+2066–U+2069), into a visible escape (`\\x1b`, `\\u202e`), so they are
shown, never obeyed. `ANSI` matches whole escape sequences, for code that wants the text without
them (an error line's signature; compiled on first use).
"""

from __future__ import annotations

import re

# The bidirectional embeddings, overrides and isolates: LRE RLE PDF LRO RLO, LRI RLI FSI PDI.
BIDI = "\u202a-\u202e\u2066-\u2069"
# C0 but \t and \n, DEL, C1 (U+0080–U+009F: 8-bit CSI, OSC, DCS …), the bidi controls.
_CONTROL = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}]")
# What a JSON answer writes as a `\u` escape although JSON allows it raw (json.dumps escapes C0).
JSON_RAW = re.compile(rf"[\x7f-\x9f{BIDI}]")
_C1 = re.compile(r"[\x80-\x9f]")
# ESC or 8-bit CSI, then the sequence: CSI (`[`), OSC / DCS / APC / PM / SOS up to BEL or ST, or
# a two-character escape.
ANSI = (
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"
    r"|(?:\x1b[\]P_^X]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[ -/]*[0-~]"
)


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def visible(text: str) -> str:
    """`text` with its control characters shown as escapes (`\\x1b`, `\\r`-overwrites as `\\x0d`);
    newlines and tabs kept, a CRLF line end read as a newline."""
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    if _CONTROL.search(text) is None:  # the common case: one scan, no copy
        return text
    return _CONTROL.sub(_escape, text)


def strip(text: str) -> str:
    """`text` without escape sequences (what a terminal would have drawn)."""
    if "\x1b" not in text and not _C1.search(text):
        return text
    return re.sub(ANSI, "", text)  # (re's own cache keeps it compiled)
