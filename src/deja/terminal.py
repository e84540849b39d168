"""Text from transcripts on a person's terminal: the one home of the control-character rule.

A transcript can quote anything a web page or a tool printed, escape sequences included: a
clipboard write (OSC 52), a window title, a hyperlink, clear-screen, 8-bit CSI and DCS, a
backspace or carriage return that overwrites what was shown, a bidirectional override or isolate
that draws text in an order other than its own (U+202E, "Trojan source": a command or a file name
that reads as another), and the characters a terminal draws as nothing (LRM/RLM, zero-width
space, word joiner, BOM, Hangul fillers, the tag characters that spell hidden text for a model):
an id, a path, a title or a command that looks like another. `visible` turns every control
character but newline and tab, those bidi controls (U+202A–U+202E, U+2066–U+2069) and those
invisibles into a visible escape (`\\x1b`, `\\u202e`, `\\U000e0041`; a lone surrogate, an
undecodable byte, as that byte: `\\x9b`), so they are shown, never obeyed; a zero-width joiner or
non-joiner between two non-ASCII characters (an emoji sequence, a Persian or Indic word) and a
variation selector after one (❤️) are kept, any other is shown.
`ANSI` matches whole escape sequences, for code that wants the text without them (an error
line's signature; compiled on first use).
"""

from __future__ import annotations

import re

# The bidirectional embeddings, overrides and isolates: LRE RLE PDF LRO RLO, LRI RLI FSI PDI.
BIDI = "\u202a-\u202e\u2066-\u2069"
# Drawn as nothing, or as a blank no other blank tells apart: soft hyphen, combining grapheme
# joiner, Arabic letter mark, Hangul fillers, Mongolian vowel separator, zero-width space, LRM,
# RLM, the line and paragraph separators, word joiner and the invisible operators, the deprecated
# format characters, BOM, the interlinear annotation marks, the tag characters (U+E0000–E007F).
INVISIBLE = ("\u00ad\u034f\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u2028\u2029\u2060-\u2065"
             "\u206a-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\U000e0000-\U000e007f")
# A lone surrogate: an undecodable byte of a file or directory name or an argument (U+DC80–DCFF,
# Python's surrogateescape) goes out as that raw byte, a C1 control among them (0x9b: CSI)
SURROGATES = "\ud800-\udfff"
_JOINERS = "\u200c\u200d"
_SELECTORS = "\ufe00-\ufe0f\U000e0100-\U000e01ef"
# C0 but \t and \n, DEL, C1 (U+0080–U+009F: 8-bit CSI, OSC, DCS …), the bidi controls, the
# invisibles; a joiner not between two non-ASCII characters, a variation selector after none
# (a keycap, 1️⃣, excepted).
_CONTROL = re.compile(
    rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}{INVISIBLE}{SURROGATES}]"
    rf"|(?<![^\x00-\x7f{_JOINERS}])[{_JOINERS}]|[{_JOINERS}](?![^\x00-\x7f{_JOINERS}])"
    rf"|(?<![^\x00-\x7f{_JOINERS}{_SELECTORS}])[{_SELECTORS}](?!\u20e3)")
# Any of them, one class (the common text holds none: one fast scan, no look-arounds)
_ANY = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f{BIDI}{INVISIBLE}{SURROGATES}{_JOINERS}{_SELECTORS}]")
# What a JSON answer writes as a `\u` escape although JSON allows it raw (json.dumps escapes C0).
JSON_RAW = re.compile(rf"[\x7f-\x9f{BIDI}{INVISIBLE}{SURROGATES}]")
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
    if 0xDC80 <= c <= 0xDCFF:  # the undecodable byte itself
        c -= 0xDC00
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


def json_escape(m: re.Match[str]) -> str:
    """A JSON `\\u` escape of one character (a surrogate pair past U+FFFF)."""
    c = ord(m.group())
    if c < 0x10000:
        return f"\\u{c:04x}"
    c -= 0x10000
    return f"\\u{0xd800 + (c >> 10):04x}\\u{0xdc00 + (c & 0x3ff):04x}"


def visible(text: str) -> str:
    """`text` with its control characters shown as escapes (`\\x1b`, `\\r`-overwrites as `\\x0d`);
    newlines and tabs kept, a CRLF line end read as a newline."""
    if "\r\n" in text:
        text = text.replace("\r\n", "\n")
    if _ANY.search(text) is None:  # the common case: one scan, no copy
        return text
    return _CONTROL.sub(_escape, text)


def visible_data(obj: object) -> object:
    """A decoded JSON value with every string, a key's too, `visible` (what is handed on as data)."""
    if isinstance(obj, str):
        return visible(obj)
    if isinstance(obj, list):
        return [visible_data(v) for v in obj]
    if isinstance(obj, dict):
        return {visible(k) if isinstance(k, str) else k: visible_data(v) for k, v in obj.items()}
    return obj


def strip(text: str) -> str:
    """`text` without escape sequences (what a terminal would have drawn)."""
    if "\x1b" not in text and not _C1.search(text):
        return text
    return re.sub(ANSI, "", text)  # (re's own cache keeps it compiled)
