"""Cutting a text to a width for a line of output."""

from __future__ import annotations

# The width of one line of a work answer (an invocation, a conclusion, a normalised command).
LINE_CHARS = 240


def clip(text: str, n: int = LINE_CHARS, flat: bool = True, wide: bool = False) -> str:
    """At most n characters (an ellipsis when cut); `flat` folds whitespace to single spaces.
    `wide`: n columns, a wide character (CJK) taking two — what it shows and what it costs in
    bytes (three a character) come nearer a line of Latin text's."""
    text = " ".join(text.split()) if flat else text.strip()
    if not wide:
        return text if len(text) <= n else text[: max(0, n - 1)].rstrip() + "…"
    if len(text) * 2 <= n:
        return text
    import unicodedata

    used = 0
    for i, ch in enumerate(text):
        used += 2 if ch >= "\u1100" and unicodedata.east_asian_width(ch) in "WF" else 1
        if used > n - 1:
            return text[:i].rstrip() + "…" if used > n or i < len(text) - 1 else text
    return text
