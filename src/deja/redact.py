"""Secret redaction, run on every write path before anything reaches the index.

Only the secret value is replaced (with `[redacted:<kind>]`); the key and the prose around it
stay searchable. `DEJA_NO_REDACT=1` turns redaction off, which is unsafe: credentials would be
written to the index in plain text.
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from collections.abc import Iterator

# A value that is a placeholder, not a secret: $VAR, ${VAR}, <your-key>, env lookups, redacted.
_PLACEHOLDER = re.compile(r"^(?:\$|<|\{|\[redacted|os\.environ|process\.env|env\.|\*+$|x+$)", re.I)

# A name whose value is a credential, where an assignment follows it directly: GITHUB_TOKEN=…,
# "db_password": "…", apiKey: … — never a bare `key`, mostly not a secret. Each name starts with
# its own literal (a `key` checks what precedes it afterwards), so the regex engine skips ahead
# by that literal instead of trying an alternation at every position.
_ASSIGNED = (
    r"[\"']?\s*(?::=|=|:)\s*"
    r"(?:\"([^\"\n]{4,256})\"|'([^'\n]{4,256})'|([^\s\"',;)}\]]{4,256}))"
)
_NAMES = (
    "passw(?:ord|d)",
    "passphrase",
    "pwd",
    "secret",
    "token",
    "credentials?",
    "key(?:" + "|".join(f"(?<={p}{sep}key)" for p in ("api", "access", "private", "auth") for sep in ("", "_", "-")) + ")",
)

class _Alternation:
    """Several literal-led patterns matched as their alternation would be: leftmost first, each
    match consuming its span. The regex engine skips ahead by a pattern's leading literal but
    tries an alternation at every position: this is several times faster."""

    def __init__(self, patterns: list[re.Pattern[str]]):
        self.patterns = patterns

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        found = sorted((m.start(), i, m) for i, p in enumerate(self.patterns) for m in p.finditer(text))
        end = 0
        for start, _, m in found:
            if start >= end:
                end = m.end()
                yield m


# (kind, gate, needles, pattern, group holding the value; 0 = the whole match, -1 = first that
# matched, on_lower). A pattern runs only when one of the gate's characters (if any) is in the
# text and one of its needles occurs in it (on_lower: in the ASCII-lowercased text, where the
# pattern runs too): most records hold no secret, and a substring test is a fraction of a regex
# scan (a one-character test a fraction of that).
_PATTERNS: list[tuple[str, str, tuple[str, ...], re.Pattern[str] | _Alternation, int, bool]] = [
    (
        "private-key",
        "",
        ("PRIVATE KEY-----",),
        re.compile(
            r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----.*?(?:-----END \1PRIVATE KEY-----|\Z)",
            re.S,
        ),
        0,
        False,
    ),
    ("jwt", "J", ("eyJ",), re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), 0, False),
    ("url-password", "@", ("://",), re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s:/@\"'<>]+:([^\s@/\"'<>]+)@", re.I), 1, False),
    (
        # one literal-led pattern instead of eight needles
        "aws-access-key",
        "",
        ("",),
        re.compile(r"A(?<!\wA)(?:KIA|SIA|GPA|IDA|ROA|NPA|NVA|IPA)[0-9A-Z]{16}\b"),
        0,
        False,
    ),
    (
        "aws-secret",
        "",
        ("aws",),
        re.compile(
            r"\baws_?(?:secret_?access_?key|secret_?key|secret)[\"']?\s*[:=]\s*[\"']?"
            r"([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
            re.I,
        ),
        1,
        True,
    ),
    ("anthropic-key", "", ("sk-ant-",), re.compile(r"\bsk-ant-[A-Za-z0-9]{2,8}-[A-Za-z0-9_-]{20,}"), 0, False),
    ("openai-key", "", ("sk-",), re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"), 0, False),
    ("github-token", "_", ("gh", "github_pat_"), re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"), 0, False),
    ("gitlab-token", "", ("glpat-",), re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), 0, False),
    ("npm-token", "_", ("npm_",), re.compile(r"\bnpm_[A-Za-z0-9]{36}\b"), 0, False),
    ("slack-token", "", ("xox",), re.compile(r"\bxox[abposre]-[A-Za-z0-9-]{10,}"), 0, False),
    ("google-api-key", "", ("AIza",), re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), 0, False),
    ("stripe-key", "_", ("_live_", "_test_"), re.compile(r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}"), 0, False),
    ("huggingface-token", "_", ("hf_",), re.compile(r"\bhf_[A-Za-z0-9]{30,}"), 0, False),
    (
        "bearer-token",
        "",
        ("bearer", "authorization"),
        re.compile(r"(?:\bbearer\s+|\bauthorization[\"']?\s*[:=]\s*[\"']?(?:token|basic)\s+)([A-Za-z0-9._~+/-]{16,}=*)", re.I),
        1,
        True,
    ),
    # Matched against the lowercased text without IGNORECASE: spans map back 1:1. Each name's
    # literal does the needle's work.
    ("secret-assignment", ":=", ("",), _Alternation([re.compile(name + _ASSIGNED) for name in _NAMES]), -1, True),
    (
        "high-entropy",
        "",
        ("=", ":"),
        # anchored on the rare `:`/`=`; the name before it is checked by look-behind
        _Alternation(
            [
                re.compile(rf"{op}(?:(?<=[A-Za-z0-9_\"']{op})|(?<=[A-Za-z0-9_\"'] {op}))\s*[\"']?([A-Za-z0-9+/_=-]{{32,}})")
                for op in (":", "=")
            ]
        ),
        1,
        False,
    ),
]

# Bits per character above which a 32+ character assigned value is taken for a key.
# Hex (git SHAs, digests) tops out at 4.0, so it is never caught by this rule.
HIGH_ENTROPY_BITS = 4.2


def enabled() -> bool:
    return os.environ.get("DEJA_NO_REDACT") != "1"


def _entropy(value: str) -> float:
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def _ascii_lower(text: str) -> str:
    """`text` with only ASCII letters lowercased: the same length, so spans map back 1:1 (and
    several times faster than str.lower() on non-ASCII text)."""
    if text.isascii():
        return text.lower()
    return text.encode("utf-8", "surrogatepass").lower().decode("utf-8", "surrogatepass")


def redact(text: str) -> tuple[str, int]:
    """Return `text` with secret values replaced, and how many were replaced."""
    if not text:
        return text, 0
    low = _ascii_lower(text)
    count = 0
    for kind, gate, needles, pattern, group, on_lower in _PATTERNS:
        if gate:  # one of these characters must be in the text: a memchr, ~20x cheaper than a needle
            for c in gate:
                if c in text:
                    break
            else:
                continue
        hay = low if on_lower else text
        for n in needles:  # (a loop, not any(): no generator per pattern per record)
            if n in hay:
                break
        else:
            continue
        pieces: list[str] = []
        last = 0
        for m in pattern.finditer(hay):
            g = next(i for i in (1, 2, 3) if m.group(i) is not None) if group == -1 else group
            value = text[m.start(g) : m.end(g)]
            if "[redacted:" in value:
                continue
            if kind == "secret-assignment" and _PLACEHOLDER.match(value):
                continue
            if kind == "high-entropy" and _entropy(value) < HIGH_ENTROPY_BITS:
                continue
            start, end = m.span(g)
            pieces.append(text[last:start])
            pieces.append(f"[redacted:{kind}]")
            last = end
            count += 1
        if pieces:
            pieces.append(text[last:])
            text = "".join(pieces)
            low = _ascii_lower(text)
    return text, count
