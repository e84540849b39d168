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

# Names whose value is a credential, matched where an assignment follows them directly:
# GITHUB_TOKEN=…, "db_password": "…", apiKey: … — never bare `key`, mostly not a secret.
_SECRET_NAME = (
    r"(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key"
    r"|private[_-]?key|auth[_-]?key|credentials?)"
)
# A value that is a placeholder, not a secret: $VAR, ${VAR}, <your-key>, env lookups, redacted.
_PLACEHOLDER = re.compile(r"^(?:\$|<|\{|\[redacted|os\.environ|process\.env|env\.|\*+$|x+$)", re.I)

# (kind, needles, pattern, group holding the value; 0 = the whole match, -1 = first that matched).
# A pattern runs only when one of its needles occurs in the lowercased text: most records hold
# no secret, and this keeps redaction off the indexing profile.
_PATTERNS: list[tuple[str, tuple[str, ...], re.Pattern[str], int]] = [
    (
        "private-key",
        ("private key-----",),
        re.compile(
            r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY-----.*?(?:-----END \1PRIVATE KEY-----|\Z)",
            re.S,
        ),
        0,
    ),
    ("jwt", ("eyj",), re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"), 0),
    ("url-password", ("://",), re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s:/@\"'<>]+:([^\s@/\"'<>]+)@", re.I), 1),
    (
        "aws-access-key",
        ("akia", "asia", "agpa", "aida", "aroa", "anpa", "anva", "aipa"),
        re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b"),
        0,
    ),
    (
        "aws-secret",
        ("aws",),
        re.compile(
            r"\baws_?(?:secret_?access_?key|secret_?key|secret)[\"']?\s*[:=]\s*[\"']?"
            r"([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
            re.I,
        ),
        1,
    ),
    ("anthropic-key", ("sk-ant-",), re.compile(r"\bsk-ant-[A-Za-z0-9]{2,8}-[A-Za-z0-9_-]{20,}"), 0),
    ("openai-key", ("sk-",), re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"), 0),
    ("github-token", ("gh", "github_pat_"), re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"), 0),
    ("gitlab-token", ("glpat-",), re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), 0),
    ("npm-token", ("npm_",), re.compile(r"\bnpm_[A-Za-z0-9]{36}\b"), 0),
    ("slack-token", ("xox",), re.compile(r"\bxox[abposre]-[A-Za-z0-9-]{10,}"), 0),
    ("google-api-key", ("aiza",), re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), 0),
    ("stripe-key", ("_live_", "_test_"), re.compile(r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}"), 0),
    ("huggingface-token", ("hf_",), re.compile(r"\bhf_[A-Za-z0-9]{30,}"), 0),
    (
        "bearer-token",
        ("bearer", "authorization"),
        re.compile(r"(?:\bbearer\s+|\bauthorization[\"']?\s*[:=]\s*[\"']?(?:token|basic)\s+)([A-Za-z0-9._~+/-]{16,}=*)", re.I),
        1,
    ),
    (
        # Matched against the lowercased text (no IGNORECASE: the literal alternation then
        # skips ahead by its first characters, several times faster); spans map back 1:1.
        "secret-assignment",
        ("passw", "passphrase", "pwd", "secret", "token", "key", "credential"),
        re.compile(
            rf"{_SECRET_NAME}[\"']?\s*(?::=|=|:)\s*"
            r"(?:\"([^\"\n]{4,256})\"|'([^'\n]{4,256})'|([^\s\"',;)}\]]{4,256}))"
        ),
        -1,
    ),
    (
        "high-entropy",
        ("=", ":"),
        # anchored on the rare `:`/`=`; the name before it is checked by look-behind
        re.compile(
            r"[:=](?:(?<=[A-Za-z0-9_\"'][:=])|(?<=[A-Za-z0-9_\"'] [:=]))\s*[\"']?([A-Za-z0-9+/_=-]{32,})"
        ),
        1,
    ),
]

# Every needle once: a substring test each (memchr speed) decides which patterns run.
_NEEDLES = tuple(sorted({n for _, ns, _, _ in _PATTERNS for n in ns}))

# Bits per character above which a 32+ character assigned value is taken for a key.
# Hex (git SHAs, digests) tops out at 4.0, so it is never caught by this rule.
HIGH_ENTROPY_BITS = 4.2


def enabled() -> bool:
    return os.environ.get("DEJA_NO_REDACT") != "1"


def _entropy(value: str) -> float:
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


def redact(text: str) -> tuple[str, int]:
    """Return `text` with secret values replaced, and how many were replaced."""
    if not text:
        return text, 0
    low = text.lower()
    present = {n for n in _NEEDLES if n in low}
    if not present:
        return text, 0
    count = 0
    for kind, needles, pattern, group in _PATTERNS:
        if present.isdisjoint(needles):
            continue
        pieces: list[str] = []
        last = 0
        lowered = kind == "secret-assignment" and len(low) == len(text)
        if kind == "secret-assignment" and not lowered:
            pattern = re.compile(pattern.pattern, re.I)  # rare: lower() changed the length
        for m in pattern.finditer(low if lowered else text):
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
            low = text.lower()
    return text, count
