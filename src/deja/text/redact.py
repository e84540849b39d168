"""Secret redaction, run on every write path before anything reaches the index, and again on
whatever a front shows or sends (the CLI's echo and JSON, hook output, MCP answers), so an index
written before a rule existed does not show what the rule now catches.

Only the secret value is replaced (with `[redacted:<kind>]`); the key and the prose around it
stay searchable. `DEJA_NO_REDACT=1` turns redaction off, which is unsafe: credentials would be
written to the index in plain text.
"""

from __future__ import annotations

import math
import os
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator

from deja.native import NATIVE
from deja.text.providers import PROVIDERS

# A name whose value is a credential, where an assignment follows it directly: GITHUB_TOKEN=…,
# "db_password": "…", apiKey: …, SECRET_KEY_BASE=… — never a bare `key`, mostly not a secret.
# Each name starts with its own literal (a `key` checks what precedes it afterwards), so the
# regex engine skips ahead by that literal instead of trying an alternation at every position.
# A value is quoted (JSON escapes inside it are part of it; any length) or one bare word; a bare
# value after `:` on a line of its own (YAML) runs to the end of the line (see _line_value).
_ASSIGNED = (
    r"[\"']?\s*(:=|=|:)\s*"
    r"(?:\"((?:[^\"\\\n]|\\.){4,})\"|'([^'\n]{4,})'|([^\s\"',;)}\]]+))"
)
_KEY_OWNERS = ("api", "access", "private", "auth", "secret", "signing", "encryption", "master", "account", "client")
_NAMES = (
    "passw(?:ord|d)",
    "passphrase",
    "pwd",
    "secret",
    "token",
    "credentials?",
    "key(?:" + "|".join(f"(?<={p}{sep}key)" for p in _KEY_OWNERS for sep in ("", "_", "-")) + ")(?:_?base)?",
)
_LITERALS = ("passw", "passphrase", "pwd", "secret", "token", "credential", "key")  # each name's own
# A credential passed on a command line: `--password X`, `sshpass -p X`, `curl -u user:pw`,
# `mysql -pX`, `openssl … -passin pass:X`. Case matters (`-P` is
# not `-p`); `--password-stdin` and `-p` before another flag are no value.
_VALUE = r"(?:\"([^\"\n]+)\"|'([^'\n]+)'|([^\s\"'`;|&<>]+))"
# (The command's own arguments never run past another mention of it: on a line of "curl curl …"
# each one was scanned to the end of the line for its flag, quadratic: 40 KB took 1.8 s.)
_CLI = [
    r"--pass(?:word|wd)?(?:=|[ \t]+)(?!-)" + _VALUE,
    r"\bsshpass\b(?:(?!\bsshpass\b)[^\n])*?[ \t]-p[ \t]*(?!-)" + _VALUE,
    r"\bcurl\b(?:(?!\bcurl\b)[^\n])*?[ \t](?:-u|--user)(?:=|[ \t]*)[\"']?[^\s:\"']*:([^\s\"']+)",
    r"\bmysql(?:dump|admin)?\b(?:(?!\bmysql)[^\n])*?[ \t]-p(?!\s|-)" + _VALUE,
    r"-pass(?:in|out)?[ \t]+pass:" + _VALUE,
]
_CLI_LEAD = [(), ("sshpass",), ("curl",), ("mysql",), ()]  # (the others open with a literal the engine skips by)


class _Rx:
    """A pattern compiled on first use: a process that redacts a little (a search printing its
    hits, a hook) compiles only the patterns its text calls for, not all of them (~10 ms).
    `literal`, when given, must occur in the text for the pattern to run.

    `lead`: strings one of which every match starts with, exactly as it stands in the text the
    pattern runs on. A pattern that opens with `\\b`, or is case-insensitive, gives the regex
    engine no literal to skip ahead by, so `finditer` tries it at every position of the text
    (10-20 ns a character: most of what redaction's regexes cost on a large output that holds the
    needle); with `lead` it is tried only where a lead occurs (`str.find`) and matched there, which
    finds the same matches: none can start anywhere else, and `match` at a position still sees
    the character before it for `\\b`. A case-insensitive pattern's lead holds no letter that a
    non-ASCII character folds to (i, k, s: ı İ K ſ), so it is exact on the lowercased text too
    (tests/test_redact_lead.py)."""

    __slots__ = ("src", "flags", "literal", "lead", "rx")

    def __init__(self, src: str, flags: int = 0, literal: str = "", lead: tuple[str, ...] = ()):
        self.src, self.flags, self.literal, self.lead = src, flags, literal, lead
        self.rx: re.Pattern[str] | None = None
        _EVERY.append(self)

    def get(self) -> re.Pattern[str]:
        if self.rx is None:
            self.rx = re.compile(self.src, self.flags)
        return self.rx

    def finditer(self, text: str, known: frozenset[str] | None = None) -> Iterator[re.Match[str]]:
        """`known`, when given: the literals known to be in `text` (no need to look again)."""
        if self.literal and (self.literal not in text if known is None else self.literal not in known):
            return iter(())
        if self.lead:
            return self._led(text)
        return (self.rx or self.get()).finditer(text)

    def _led(self, text: str) -> Iterator[re.Match[str]]:
        rx = self.rx or self.get()
        # each lead's next occurrence, looked for again only once the scan has passed it: a lead
        # that occurs everywhere ("gh" in a crafted run) must not make the others' find run to
        # the end of the text at every step (quadratic in a 64 MiB record)
        ahead = [text.find(lead) for lead in self.lead]
        at = tries = 0
        while True:
            for k, i in enumerate(ahead):
                if 0 <= i < at:
                    ahead[k] = text.find(self.lead[k], at)
            starts = [i for i in ahead if i >= 0]
            if not starts:
                return
            at = min(starts)
            tries += 1
            if tries > LEAD_TRIES and tries * LEAD_SPACING > at:
                # leads closer than LEAD_SPACING characters apart (a crafted run): the engine's own
                # scan from here is cheaper than a Python step per lead, and finds the same
                yield from rx.finditer(text, at)
                return
            m = rx.match(text, at)
            if m is None:
                at += 1
            else:
                yield m
                at = max(m.end(), at + 1)  # as finditer: the next match starts past this one


_EVERY: list[_Rx] = []
# _Rx._led steps from lead to lead while they stand at least LEAD_SPACING characters apart on
# average (after LEAD_TRIES steps): denser than that, a step in Python costs more than the regex
# engine's scan of the characters in between.
LEAD_TRIES, LEAD_SPACING = 64, 32


def compile_all() -> None:
    """Compile every pattern now (deja.cli.patterns keeps them compiled for later processes)."""
    for rx in _EVERY:
        rx.get()


class _Alternation:
    """Several literal-led patterns matched as their alternation would be: leftmost first, each
    match consuming its span. The regex engine skips ahead by a pattern's leading literal but
    tries an alternation at every position: this is several times faster."""

    def __init__(self, patterns: list[_Rx]):
        self.patterns = patterns

    def finditer(self, text: str, known: frozenset[str] | None = None) -> Iterator[re.Match[str]]:
        found = sorted((m.start(), i, m) for i, p in enumerate(self.patterns) for m in p.finditer(text, known))
        end = 0
        for start, _, m in found:
            if start >= end:
                end = m.end()
                yield m


# A JSON or mapping key that names a credential (`db_password`, `apiKey`, `client_secret`):
# the same names, at the end of the key.
_KEY_NAMES = [_Rx(name + r"\Z", literal=lit) for name, lit in zip(_NAMES, _LITERALS)]

# (kind, gate, needles, pattern, group holding the value; 0 = the whole match, -1 = first that
# matched, on_lower). A pattern runs only when one of the gate's characters (if any) is in the
# text and one of its needles occurs in it (on_lower: in the ASCII-lowercased text, where the
# pattern runs too): most records hold no secret, and a substring test is a fraction of a regex
# scan (a one-character test a fraction of that). Provider formats as their issuers document them.
_PATTERNS: list[tuple[str, str, tuple[str, ...], _Rx | _Alternation, int, bool]] = [
    (
        "private-key",  # PEM (RSA, EC, OPENSSH, ENCRYPTED, …) and PGP `PRIVATE KEY BLOCK`s
        "K",
        ("PRIVATE KEY",),
        _Rx(
            r"-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK|)-----.*?(?:-----END \1PRIVATE KEY\2-----|\Z)",
            re.S,
        ),
        0,
        False,
    ),
    ("jwt", "J", ("eyJ",), _Rx(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}", lead=("eyJ",)), 0, False),
    (
        # userinfo `user:password@` (user may be empty: redis://:pw@); a password may hold `/`
        # but is not a port (host:8080/path@x). A scheme is at most 40 characters: tried at each
        # word of a run like "a.a.a…", an unbounded one scanned the rest of the run from each
        # (quadratic: 100 KB took 24 s); a password never runs past another `://` (each scheme of
        # "x://x://…" scanned the rest of the text for an `@`)
        "url-password",
        "@",
        ("://",),
        _Rx(r"\b[a-z][a-z0-9+.-]{0,39}://[^\s:/@\"'<>]*:(?!\d{1,5}(?:[/@]|$))((?:(?!://)[^\s@\"'<>])+)@", re.I),
        1,
        False,
    ),
    (
        # Slack and Discord webhook URLs: whoever holds one can post as the app
        "webhook-url",
        "/",
        ("hooks",),
        _Alternation(
            [
                _Rx(r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/-]{16,})"),
                _Rx(r"/api/webhooks/(\d{5,}/[A-Za-z0-9_-]{20,})"),
            ]
        ),
        -1,
        False,
    ),
    (
        # one literal-led pattern instead of eight needles
        "aws-access-key",
        "",
        ("",),
        _Rx(r"A(?<!\wA)(?:KIA|SIA|GPA|IDA|ROA|NPA|NVA|IPA)[0-9A-Z]{16}\b"),
        0,
        False,
    ),
    (
        "aws-secret",
        "",
        ("aws",),
        _Rx(
            r"\baws_?(?:secret_?access_?key|secret_?key|secret)[\"']?\s*[:=]\s*[\"']?"
            r"([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
            re.I,
            lead=("aw",),
        ),
        1,
        True,
    ),
    ("anthropic-key", "", ("sk-ant-",), _Rx(r"\bsk-ant-[A-Za-z0-9]{2,8}-[A-Za-z0-9_-]{20,}", lead=("sk-ant-",)), 0, False),
    ("openai-key", "", ("sk-",), _Rx(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}", lead=("sk-",)), 0, False),
    ("github-token", "_", ("gh", "github_pat_"),
     _Rx(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})", lead=("gh", "github_pat_")), 0, False),
    (
        # every GitLab token kind (personal, OAuth app secret, deploy, runner, CI job, trigger, feed,
        # incoming mail, agent, SCIM, feature flags, workspace), and a routable token's `.01.<crc>`
        "gitlab-token",
        "-",
        ("gl",),
        # (`gl` first, `\b` as a look-behind: the engine skips ahead by the literal, where a lead
        # stepped through every "gl" of prose in Python)
        _Rx(r"gl(?<!\wgl)(?:pat|oas|dt|rtr|rt|cbt|ptt|ft|imt|agent|soat|ffct|wt)-[A-Za-z0-9_-]{20,}"
            r"(?:\.[0-9]{1,3}\.[A-Za-z0-9]{6,12}\b)?"),
        0,
        False,
    ),
    ("npm-token", "_", ("npm_",), _Rx(r"\bnpm_[A-Za-z0-9]{36}\b", lead=("npm_",)), 0, False),
    # bot, user, app-level (xapp-: Socket Mode) and configuration tokens
    ("slack-token", "", ("xox", "xapp-"), _Rx(r"\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}", lead=("xox", "xapp-")), 0, False),
    ("google-api-key", "", ("AIza",), _Rx(r"\bAIza[0-9A-Za-z_-]{35}", lead=("AIza",)), 0, False),
    ("google-oauth-secret", "X", ("GOCSPX-",), _Rx(r"\bGOCSPX-[A-Za-z0-9_-]{20,}", lead=("GOCSPX-",)), 0, False),
    # an OAuth access token (gcloud auth print-access-token, any Google API's Authorization header)
    ("google-oauth-token", ".", ("ya29.",), _Rx(r"\bya29\.[A-Za-z0-9_-]{20,}", lead=("ya29.",)), 0, False),
    ("stripe-key", "_", ("_live_", "_test_"), _Rx(r"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}", lead=("sk_", "rk_")), 0, False),
    ("stripe-webhook-secret", "_", ("whsec_",), _Rx(r"\bwhsec_[A-Za-z0-9+/=]{24,}", lead=("whsec_",)), 0, False),
    ("docker-token", "_", ("dckr_",), _Rx(r"\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}", lead=("dckr_",)), 0, False),
    ("huggingface-token", "_", ("hf_",), _Rx(r"\bhf_[A-Za-z0-9]{30,}", lead=("hf_",)), 0, False),
    (
        # prefixes that hold a `_`: one gate, one literal-led pattern each
        "service-token",
        "_",
        ("shp", "_v1_", "gsk_", "r8_", "lin_api_"),
        _Alternation(
            [
                _Rx(r"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b", lead=("shp",)),  # Shopify
                _Rx(r"\bdo[opr]_v1_[a-f0-9]{64}\b", lead=("do",)),  # DigitalOcean
                _Rx(r"\bgsk_[A-Za-z0-9]{48,}\b", lead=("gsk_",)),  # Groq
                _Rx(r"\br8_[A-Za-z0-9]{37}\b", lead=("r8_",)),  # Replicate
                _Rx(r"\blin_api_[A-Za-z0-9]{40}\b", lead=("lin_api_",)),  # Linear
            ]
        ),
        0,
        False,
    ),
    # Today's other providers' formats (session 12), matched on the lowercased text: their
    # needles are folded ones, whose room the C scan has (_FOLDED); each runs only where its own is
    ("provider-token", "", tuple(n for _, n, _ in PROVIDERS),
     _Alternation([_Rx(p, literal=n, lead=lead) for p, n, lead in PROVIDERS]), 0, True),
    # gated on a capital or punctuation each format always holds
    ("sendgrid-key", "G", ("SG.",), _Rx(r"\bSG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}", lead=("SG.",)), 0, False),
    ("pypi-token", "E", ("pypi-",), _Rx(r"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{40,}", lead=("pypi-AgEIcHlwaS5vcmc",)), 0, False),
    (
        "bearer-token",
        "",
        ("bearer", "authorization"),
        _Rx(r"(?:\bbearer\s+|\bauthorization[\"']?\s*[:=]\s*[\"']?(?:token|basic)\s+)([A-Za-z0-9._~+/-]{16,}=*)", re.I,
            lead=("bearer", "author")),  # no i, k or s: "authorization" holds an i (ı İ fold to it)
        1,
        True,
    ),
    (
        # a ~/.netrc entry (curl, git, heroku and pip read it), on one line or one per field
        "netrc-password",
        "",
        ("machine",),
        _Rx(r"\bmachine\s+\S+\s+login\s+\S+\s+(?:account\s+\S+\s+)?password\s+(\S+)", lead=("machine",)),
        1,
        False,
    ),
    ("cli-password", "-", ("pass", "curl", "mysql"), _Alternation([_Rx(p, lead=lead) for p, lead in zip(_CLI, _CLI_LEAD)]), -1, False),
    # Matched against the lowercased text without IGNORECASE: spans map back 1:1. Its needles
    # are the names' literals (each of its patterns also runs only where its own is).
    ("secret-assignment", ":=", _LITERALS, _Alternation([_Rx(name + _ASSIGNED, literal=lit) for name, lit in zip(_NAMES, _LITERALS)]), -1, True),
    (
        "high-entropy",
        "",
        ("=", ":"),
        # anchored on the rare `:`/`=`; the name before it is checked by look-behind
        _Alternation(
            [
                _Rx(rf"{op}(?:(?<=[A-Za-z0-9_\"']{op})|(?<=[A-Za-z0-9_\"'] {op}))\s*[\"']?([A-Za-z0-9+/_=-]{{32,}})")
                for op in (":", "=")
            ]
        ),
        1,
        False,
    ),
]

# A second gate, by runs: the value of most provider formats is one unbroken run of at least
# 15 characters of [A-Za-z0-9_-] (`sk-…`, `ghp_…`, `AKIA…`, `xoxb-` and ten more: _STRICT_KINDS),
# and a few need a run of the wider [A-Za-z0-9_+/=.~-] (`whsec_` and 24 base64 characters: 30; a
# high-entropy value: 32; an AWS secret: 40). Most records hold no such run. Whether one does is
# one `bytes.translate` and a `find`, once per record, where each of those patterns would scan
# the record for its needles (and the Python loop over patterns is itself a cost: redaction was
# ~40% of a worker's time). A run is a necessary condition of a match, so nothing is missed; the
# classes are ASCII, and of the patterns gated only the AWS secret's is case-insensitive, where
# four non-ASCII letters fold to ASCII ones (K ſ ı İ): no AWS secret holds them. A replacement
# brings no strict run a strict pattern could match: a marker's only long run is its kind's
# name, between `:` and `]`, and no kind's name holds a provider's prefix.
_STRICT_RUN = b"a" * 15
_STRICT_KINDS = frozenset((
    "aws-access-key", "anthropic-key", "openai-key", "github-token", "gitlab-token", "npm-token", "slack-token",
    "google-api-key", "google-oauth-secret", "google-oauth-token", "stripe-key", "docker-token", "huggingface-token",
    "service-token", "sendgrid-key", "pypi-token", "provider-token",
))
_WIDE_RUN = {"stripe-webhook-secret": 30, "high-entropy": 32, "aws-secret": 40}


def _run_table(extra: bytes) -> bytes:
    word = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-" + extra
    return bytes(97 if b in word else 32 for b in range(256))  # a class byte -> `a`, any other -> ` `


_STRICT_TABLE, _WIDE_TABLE = _run_table(b""), _run_table(b"+/=.~")
# The patterns with the wide run each needs (b"" for none): all of them, and those a record
# without a strict run can match.
_WITH_RUNS = [(*p, b"a" * _WIDE_RUN.get(p[0], 0)) for p in _PATTERNS]
_WITHOUT_STRICT = [p for p in _WITH_RUNS if p[0] not in _STRICT_KINDS]

# With the C extension (deja/native.py) every gate and needle above is looked for in one pass
# (`_native.scan`: bit i of its first int for _EXACT[i] in the text, of its second for
# _FOLDED[i] in the ASCII-lowercased text, then the longest strict and wide runs), and a
# pattern's tests are masks: (gate bits, needle bits in the text its pattern runs on; _ANY when
# a needle is ""). The same tests, so the same patterns run on the same texts.
_EXACT = tuple(sorted({c for p in _PATTERNS for c in p[1]} | {n for p in _PATTERNS if not p[5] for n in p[2] if n}))
_FOLDED = tuple(sorted({n for p in _PATTERNS if p[5] for n in p[2] if n}))
_ANY = -1


def _bits(names: tuple[str, ...], among: tuple[str, ...]) -> int:
    return _ANY if not names or "" in names else sum(1 << among.index(n) for n in names)


_MASKS = {p[0]: (_bits(tuple(p[1]), _EXACT), _bits(p[2], _FOLDED if p[5] else _EXACT)) for p in _PATTERNS}

# Bits per character above which a 32+ character assigned value is taken for a key.
# Hex (git SHAs, digests) tops out at 4.0, so it is never caught by this rule.
# A base64 run shorter than this is a word, a hash or an id: never decoded (deja.text.encoded).
B64_MIN = 40
HIGH_ENTROPY_BITS = 4.2
# A bare assigned value shorter than this is a word, not a secret (`token: 5`).
MIN_BARE = 4

# What may precede a `name: value` for the value to run to the end of its line (YAML, .env).
# A value that is a placeholder, not a secret: $VAR, ${VAR}, <your-key>, env lookups, redacted.
_PLACEHOLDER = _Rx(r"^(?:\$|<|\{|\[redacted|os\.environ|process\.env|env\.|\*+$|x+$)", re.I)
_LINE_HEAD = _Rx(r"[ \t]*(?:-[ \t]+)?[\"']?[A-Za-z0-9_.-]*")


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
    data = text.encode("utf-8", "surrogatepass").lower()
    try:
        return data.decode()  # the strict decoder is ~4x faster; it refuses only a lone surrogate
    except UnicodeDecodeError:
        return data.decode("utf-8", "surrogatepass")


def _line_value(text: str, m: re.Match[str], line: list[int]) -> tuple[int, int]:
    """The span of a bare assigned value: one word, or (after `name:` that opens its line, as in
    YAML) the rest of the line but a trailing ` # comment`.

    `line` is [where the last look for a line's start began, the newline found before it], kept
    across one pattern's matches (they come in order): each match looked back from itself to its
    line's start, to the start of the text on a line of nothing but `token: x` (quadratic: 1.6 MB
    took 2.7 s, a 64 MiB record hours)."""
    start, end = m.span(4)
    if m.group(1) != ":":
        return start, end
    at = m.start()
    if line[0] > at:  # (not in order: look from the start)
        line[0], line[1] = 0, -1
    if (nl := text.rfind("\n", line[0], at)) >= 0:
        line[1] = nl
    line[0] = at
    head = line[1] + 1
    if not _LINE_HEAD.get().fullmatch(text, head, m.start()):
        return start, end
    stop = text.find("\n", end)
    stop = len(text) if stop < 0 else stop
    rest = text[end:stop]
    cut = rest.find(" #")
    rest = (rest if cut < 0 else rest[:cut]).rstrip()
    return start, end + len(rest)


def redact(text: str) -> tuple[str, int]:
    """Return `text` with secret values replaced, and how many were replaced."""
    if not text:
        return text, 0
    text, count, run = _patterns(text)
    if "%" in text or run >= B64_MIN:  # what the patterns could not read: percent-encoded, base64
        from deja.text import encoded  # (here: most texts, and a search, never need it)

        if "%" in text:
            text, n = encoded.percent(text, _found)
            count += n
        if run >= B64_MIN:
            text, n = encoded.base64(text, _found)
            count += n
    return text, count


def _found(text: str) -> tuple[str, int]:
    """`redact` by the patterns alone (what a decoded run is read by: it is never decoded again)."""
    return _patterns(text)[:2] if text else (text, 0)


def _patterns(text: str) -> tuple[str, int, int]:
    """`text` with what the patterns find replaced, how many, and a bound on its longest run of
    base64 characters (at least encoded.B64_MIN when it holds one that long)."""
    low: str | None = None  # the ASCII-lowercased text, made when a pattern first needs it
    wide: bytes | None = None  # the text through _WIDE_TABLE, made when a pattern first needs it
    count = 0
    scan = NATIVE.scan if NATIVE else None
    known: frozenset[str] = frozenset()
    if scan:  # every test below at once, in C
        hits = scan(text, _EXACT, _FOLDED)
        strict = hits[2] >= len(_STRICT_RUN)
        order, known = _chosen(strict, hits)
    else:
        hits = None
        strict = _STRICT_RUN in text.encode("utf-8", "surrogatepass").translate(_STRICT_TABLE)
        order = _EVERY_INDEX[strict]
    patterns = _WITH_RUNS if strict else _WITHOUT_STRICT
    k = 0
    while k < len(order):
        at = order[k]
        k += 1
        kind, gate, needles, pattern, group, on_lower, run = patterns[at]
        if hits is not None:  # (its masks passed: _chosen)
            if on_lower:
                if low is None:
                    low = _ascii_lower(text)
                hay = low
            else:
                hay = text
        elif gate:  # one of these characters must be in the text: a memchr, ~20x cheaper than a needle
            for c in gate:
                if c in text:
                    break
            else:
                continue
        if hits is None:
            if on_lower:
                if low is None:
                    low = _ascii_lower(text)
                hay = low
            else:
                hay = text
            for n in needles:  # (a loop, not any(): no generator per pattern per record)
                if n in hay:
                    break
            else:
                continue
            if run:  # after the needles: most records never get this far for these three
                if wide is None:
                    wide = text.encode("utf-8", "surrogatepass").translate(_WIDE_TABLE)
                if run not in wide:
                    continue
        pieces: list[str] = []
        last = 0
        line = [0, -1]  # (_line_value's look back for a line's start, kept across the matches)
        for m in pattern.finditer(hay, known if hits is not None and on_lower else None):
            if group == -1:  # the first group that matched (a secret-assignment's group 1 is its operator)
                first = 2 if kind == "secret-assignment" else 1
                g = next(i for i in range(first, m.re.groups + 1) if m.group(i) is not None)
            else:
                g = group
            start, end = m.span(g)
            if kind == "secret-assignment" and g == 4:
                start, end = _line_value(text, m, line)
                if end - start < MIN_BARE:
                    continue
            value = text[start:end]
            if "[redacted:" in value:
                continue
            if group == -1 and _PLACEHOLDER.get().match(value):
                continue
            if kind == "high-entropy" and (value[0] == "/" or _entropy(value) < HIGH_ENTROPY_BITS):
                continue  # (a value that opens with `/` is a path: `files: /srv/app/…`)
            if start < last:
                continue
            pieces.append(text[last:start])
            pieces.append(f"[redacted:{kind}]")
            last = end
            count += 1
        if pieces:
            pieces.append(text[last:])
            text = "".join(pieces)
            low = wide = None
            if scan:  # the patterns after this one, tested on the new text
                hits = scan(text, _EXACT, _FOLDED)
                order, known = _chosen(strict, hits)
                k = bisect_right(order, at)
    return text, count, hits[3] if hits is not None else _longest_wide(text)


def _longest_wide(text: str) -> int:
    """At least B64_MIN when `text` holds a run of that many base64 characters (without the C scan)."""
    return B64_MIN if b"a" * B64_MIN in text.encode("utf-8", "surrogatepass").translate(_WIDE_TABLE) else 0


# Which patterns a scan's hits let run (_MASKS, the wide run), in order, and the folded literals
# found, by the hits: a record's choice is one dict look-up instead of a test per pattern (most
# records hold the same few needles). Bounded: cleared when full.
_CHOSEN: dict[tuple[bool, int, int, int], tuple[tuple[int, ...], frozenset[str]]] = {}
_CHOSEN_MAX = 4096
_LONGEST_RUN = max(_WIDE_RUN.values())
_EVERY_INDEX = {True: tuple(range(len(_WITH_RUNS))), False: tuple(range(len(_WITHOUT_STRICT)))}


def _chosen(strict: bool, hits: tuple[int, int, int, int]) -> tuple[tuple[int, ...], frozenset[str]]:
    key = (strict, hits[0], hits[1], min(hits[3], _LONGEST_RUN))
    got = _CHOSEN.get(key)
    if got is None:
        patterns = _WITH_RUNS if strict else _WITHOUT_STRICT
        order = []
        for at, (kind, _gate, _needles, _pattern, _group, on_lower, run) in enumerate(patterns):
            gate_bits, needle_bits = _MASKS[kind]
            if ((gate_bits == _ANY or hits[0] & gate_bits) and (needle_bits == _ANY or hits[on_lower] & needle_bits)
                    and hits[3] >= len(run)):
                order.append(at)
        known = frozenset(n for i, n in enumerate(_FOLDED) if hits[1] >> i & 1)  # (the literals too)
        if len(_CHOSEN) >= _CHOSEN_MAX:
            _CHOSEN.clear()
        got = _CHOSEN[key] = (tuple(order), known)
    return got


def redact_data(obj: object) -> tuple[object, int]:
    """A decoded JSON value with every string redacted, and the whole value of a key that names
    a credential (`{"password": "a b c"}`): what `redact` finds in text, found in structure."""
    if isinstance(obj, str):
        return redact(obj)
    if isinstance(obj, list):
        out, count = [], 0
        for item in obj:
            clean, n = redact_data(item)
            out.append(clean)
            count += n
        return out, count
    if isinstance(obj, dict):
        d: dict[object, object] = {}
        count = 0
        for k, v in obj.items():
            if isinstance(v, str) and isinstance(k, str) and len(v) >= MIN_BARE and not _PLACEHOLDER.get().match(v) \
                    and "[redacted:" not in v:
                low = _ascii_lower(k)
                if any(next(p.finditer(low), None) for p in _KEY_NAMES):
                    d[k] = "[redacted:secret-assignment]"
                    count += 1
                    continue
            d[k], n = redact_data(v)
            count += n
        return d, count
    return obj, 0
