"""Cutting a text to a width for a line of output."""

from __future__ import annotations

# The width of one line of a work answer (an invocation, a conclusion, a normalised command).
LINE_CHARS = 240


def clip(text: str, n: int = LINE_CHARS, flat: bool = True, wide: bool = False) -> str:
    """At most n characters (an ellipsis when cut); `flat` folds whitespace to single spaces.
    `wide`: n columns, a wide character (CJK) taking two, and at most 2n bytes of UTF-8 — what it
    shows and what it costs in bytes come nearer a line of Latin text's (a CJK character: two
    columns, three bytes; a narrow four-byte one, Gothic or mathematical letters: one column, so
    the bytes bound it, or a title of them took four times a Latin title's share of 2 KB)."""
    text = " ".join(text.split()) if flat else text.strip()
    if not wide:
        return text if len(text) <= n else text[: max(0, n - 1)].rstrip() + "…"
    if len(text) * 2 <= n:
        return text
    import unicodedata

    used = size = 0
    for i, ch in enumerate(text):
        used += 2 if ch >= "\u1100" and unicodedata.east_asian_width(ch) in "WF" else 1
        size += 1 if ch < "\x80" else 2 if ch < "\u0800" else 3 if ch < "\U00010000" else 4
        if used > n - 1 or size > 2 * (n - 1):
            return text[:i].rstrip() + "…" if used > n or size > 2 * n or i < len(text) - 1 else text
    return text
