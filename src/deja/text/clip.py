"""Cutting a text to a width for a line of output."""

from __future__ import annotations

# The width of one line of a work answer (an invocation, a conclusion, a normalised command).
LINE_CHARS = 240


def clip(text: str, n: int = LINE_CHARS, flat: bool = True) -> str:
    """At most n characters (an ellipsis when cut); `flat` folds whitespace to single spaces."""
    text = " ".join(text.split()) if flat else text.strip()
    return text if len(text) <= n else text[: max(0, n - 1)].rstrip() + "…"
