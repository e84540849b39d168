"""The work, not just the talk: how a tool was run, which sessions touched a file, what fixed an
error, and a digest of the best session for a question.

Each query asks the store for the newest records of the roles that carry its words, then reads
them here: commands split into shell segments, paths compared by trailing components, errors by
a normalised signature. The CLI (`deja how|blame|fix|ctx`) and the MCP server only render these.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from deja import times
from deja.errors import QueryError
from deja.terminal import strip as strip_escapes
from deja.model import CODE_ROLE, ROLE_CODE, Role
from deja.search import Options, project_sids, search
from deja.store import Filters, SessionRow, Store, StoredRecord
from deja.text.clip import clip
from deja.text.commands import ENV, READ_ONLY, SEGMENTS, normalise_command, program, split_command
from deja.text.decision import conclusion
from deja.text.tokenizer import tokens

# Records read per query, newest first: every use of a tool on most machines; beyond that the
# answer says it is capped.
HOW_RECORDS = 5000
BLAME_RECORDS = 5000
FIX_RECORDS = 2000
# Sessions a fix is looked for in (each is read whole), newest first.
FIX_SESSIONS = 40
# After an error, the commands read until the failing command passes (or this many).
FIX_WINDOW = 12
DIGEST_BYTES = 8192
T = TypeVar("T")

_CMD, _EDIT, _FILES = ROLE_CODE[Role.COMMAND], ROLE_CODE[Role.EDIT], ROLE_CODE[Role.FILES]
_USER, _ASSISTANT, _TOOL = ROLE_CODE[Role.USER], ROLE_CODE[Role.ASSISTANT], ROLE_CODE[Role.TOOL_OUTPUT]
_PATHISH = re.compile(r"[^\s'\"`()\[\]{}<>,;|*]+")
def _records(store: Store, clauses: list[tuple[str, ...]], roles: Sequence[int], limit: int,
             harness: str | None, project: str | None, since: float | None) -> tuple[list[StoredRecord], bool]:
    """The newest `limit` records of `roles` holding every clause, and whether more matched."""
    cands, count = store.text.search(clauses, Filters(harness, project_sids(store, project), since, list(roles)), limit,
                                     newest=True)
    return store.text.bodies([c.addr for c in cands]), count > len(cands)


@dataclass
class Found(Generic[T]):
    """A work query's first `limit` items, how many in all, and whether more records matched than were read."""

    query: str
    items: list[T]
    total: int
    capped: bool


# -- how
@dataclass
class Invocation:
    """One way a tool was run: the normalised command, across every session that ran it."""

    command: str
    sessions: int
    runs: int
    failed: int  # runs whose non-zero exit the store recorded
    last: float
    example: str  # the newest full command line, as it ran
    session: SessionRow  # the newest session that ran it


def how(store: Store, tool: str, project: str | None = None, harness: str | None = None,
        since: float | None = None, limit: int = 20) -> Found[Invocation]:
    """The real invocations of `tool` (`pytest`, `docker build`): command records that run it,
    grouped by normalised command, most sessions first, then newest."""
    words, toks = tool.split(), tuple(tokens(tool))
    if not words or not toks:
        raise QueryError("name a tool: `deja how pytest`, `deja how \"docker build\"`")
    rx = re.compile(r"(?<![\w-])" + r"\s+".join(map(re.escape, words)) + r"(?![\w-]|\.\w)", re.IGNORECASE)
    first = os.path.basename(words[0]).lower()
    recs, capped = _records(store, [toks], [_CMD], HOW_RECORDS, harness, project, since)
    rows = store.catalog.sessions_by_sid({r.sid for r in recs})
    groups: dict[str, Invocation] = {}
    seen: set[tuple[str, int]] = set()
    for r in recs:  # newest first: the first record of a group is its newest
        row = rows.get(r.sid)
        cmd, code = split_command(r.text)
        # The tool must be what runs (`python -m pytest`), not an argument (`pip install pytest`).
        seg = next((x for x in SEGMENTS.split(cmd) if rx.search(x) and first in {p.lower() for p in program(x)}), "")
        if row is None or not seg:
            continue
        key = normalise_command(seg, row.cwd)
        g = groups.setdefault(key, Invocation(key, 0, 0, 0, float(r.time), clip(cmd), row))
        g.sessions += (key, r.sid) not in seen
        seen.add((key, r.sid))
        g.runs += 1
        g.failed += bool(code)
    out = sorted(groups.values(), key=lambda i: (-i.sessions, -i.last, i.command))
    return Found(tool, out[:limit], len(out), capped)


# -- blame
SPECIFICITY = ("", "name", "suffix", "path")


@dataclass
class Mention:
    """One session's link to a file."""

    session: SessionRow
    specificity: str  # path (all of the given path) | suffix (a trailing part of it) | name
    touched: bool  # read, edited or run on (files / edit / command records), not only talked about
    roles: list[str]
    count: int
    first: float
    last: float
    mention: str  # the path as the session wrote it
    decision: str = ""  # the session's last assistant conclusion


def _parts(path: str) -> list[str]:
    return [p for p in path.replace("\\", "/").split("/") if p and p != "."]


def _specificity(want: list[str], absolute: bool, mention: str, cwd: str) -> int:
    """3: the mention is the path (a relative one resolved against the session's directory);
    2: they share two or more trailing components; 1: only the name; 0: not the file."""
    m = mention.replace("\\", "/")
    got = _parts((os.path.normpath(os.path.join(cwd, m)) if cwd and not m.startswith("/") else m).lower())
    n = 0
    while n < min(len(want), len(got)) and want[-1 - n] == got[-1 - n]:
        n += 1
    if n == len(want) and (not absolute or len(got) == n):
        return 3
    return min(n, 2)


def blame(store: Store, path: str, project: str | None = None, harness: str | None = None,
          since: float | None = None, limit: int = 10) -> Found[Mention]:
    """Sessions that touched or discussed a file: the most specific mention first (all of the path,
    then a trailing part of it, then its name), then touched before talked about, then newest."""
    want = _parts(path.strip().lower())
    toks = tuple(tokens(want[-1])) if want else ()
    if not toks:
        raise QueryError("name a file: `deja blame src/client.py`")
    base = want[-1]
    roles = [_FILES, _EDIT, _CMD, _USER, _ASSISTANT]
    recs, capped = _records(store, [toks], roles, BLAME_RECORDS, harness, project, since)
    rows = store.catalog.sessions_by_sid({r.sid for r in recs})
    found: dict[int, Mention] = {}
    best: dict[int, int] = {}
    for r in recs:  # newest first
        row = rows.get(r.sid)
        if row is None or base not in r.text.lower():
            continue
        text = r.text.split("\n", 1)[0] if r.role == _EDIT else r.text  # an edit's path, not its old text
        cands = (re.sub(r"(?::\d+)+$", "", m.group().rstrip(".,:;)")) for m in _PATHISH.finditer(text))
        spec, seen = max(((_specificity(want, path.startswith("/"), t, row.cwd), t) for t in cands
                          if os.path.basename(t.replace("\\", "/")).lower() == base), default=(0, ""))
        if not spec:
            continue
        touched = r.role in (_FILES, _EDIT, _CMD)
        m = found.setdefault(r.sid, Mention(row, "", False, [], 0, float(r.time), float(r.time), seen))
        m.count += 1
        m.touched |= touched
        m.first = min(m.first, float(r.time))
        if CODE_ROLE[r.role].value not in m.roles:
            m.roles.append(CODE_ROLE[r.role].value)
        # The most specific mention wins; at equal specificity, the path as a tool wrote it.
        if spec * 2 + touched > best.get(r.sid, 0):
            best[r.sid], m.mention, m.specificity = spec * 2 + touched, seen, SPECIFICITY[spec]
    ranked = sorted(found.values(), key=lambda m: (-(best[m.session.sid] // 2), not m.touched, -m.last, m.session.id))
    for m in ranked[:limit]:
        m.decision = conclusion(store.records(m.session.sid))
    return Found(path, ranked[:limit], len(found), capped)


# -- fix
_EXC = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Failure|Fault)\b(?::\s*\S.*)?")
_CODED = re.compile(r"\berror\[?[A-Z]+\d+\]?|\b[A-Z]{2,}\d{3,}\b|\bE[A-Z]{3,}\b|\bERR_[A-Z_]+\b")
_ERRORISH = re.compile(r"error|fatal|failed|panic|exception|traceback|cannot|not found|denied", re.IGNORECASE)
_PATHTOK = re.compile(r"(?:[\w.~-]*[/\\])+([\w.-]+)")


def normalise_error(line: str) -> str:
    """An error line as it stays across runs and machines: lower case, paths cut to their file
    names, numbers and addresses as `N`, quotes and spaces made uniform."""
    s = _PATHTOK.sub(r"\1", re.sub(r"[‘’`“”\"]", "'", strip_escapes(line).lower()))
    s = re.sub(r"\b\d+(?:\.\d+)*\b", "N", re.sub(r"\b0x[0-9a-f]+\b", "N", s))
    return " ".join(s.split())[:200]


def signature(error: str) -> str:
    """The error's signature: the exception line (`ModuleNotFoundError: No module named 'x'`; a
    traceback's last), else the line with an error code (`error[E0382]`, `TS2345`, `ENOENT`),
    else the first line that reads like an error, else the first line — normalised."""
    lines = [ln.strip() for ln in strip_escapes(error).splitlines() if ln.strip()]
    if not lines:
        raise QueryError("give the error text: `deja fix \"ModuleNotFoundError: No module named 'x'\"`")
    excs = [m.group() for m in map(_EXC.search, reversed(lines)) if m and ":" in m.group()]
    pick = excs[0] if excs else next((ln for ln in lines if _CODED.search(ln)), "") or next(
        (ln for ln in lines if _ERRORISH.search(ln)), lines[0])
    sig = normalise_error(pick)
    if not [t for t in tokens(sig) if t != "n"]:
        raise QueryError(f"the error {error[:60]!r} has no words to match on")
    return sig


def _has(text: str, sig: str, words: Sequence[str]) -> bool:
    low = text.lower()
    return all(w in low for w in words) and any(sig in normalise_error(ln) for ln in text.splitlines() if ln.strip())


@dataclass
class FixSession:
    """One session that hit the error and got past it."""

    session: SessionRow
    error: str  # the line as it appeared there
    failed: str  # the command that hit it ("" when none ran just before)
    commands: list[str]  # what ran after its last occurrence, until the failing command passed
    edited: list[str]
    verified: bool  # the failing command ran again without a recorded error exit
    time: float


@dataclass
class FixCommand:
    command: str
    sessions: int
    verified: int  # sessions where the failing command passed after it
    last: float


@dataclass
class FixResult:
    error: str
    signature: str
    commands: list[FixCommand]
    sessions: list[FixSession]
    unresolved: int  # sessions where the error came last, with nothing after it
    capped: bool


def fix(store: Store, error: str, project: str | None = None, harness: str | None = None,
        since: float | None = None, limit: int = 5) -> FixResult:
    """What ran after the same error (matched on its signature) in sessions where it did not come
    back: the commands after its last occurrence, up to the point the failing command passed."""
    sig = signature(error)
    words = [t for t in dict.fromkeys(tokens(sig)) if t != "n"][:8]
    raw_words = [w for w in re.findall(r"[^\W_]+", sig) if w != "n"]
    recs, capped = _records(store, [(w,) for w in words], [_TOOL, _USER], FIX_RECORDS, harness, project, since)
    sids = list(dict.fromkeys(r.sid for r in recs if _has(r.text, sig, raw_words)))[:FIX_SESSIONS]
    rows = store.catalog.sessions_by_sid(sids)
    tried = [_fix_in(store.records(sid), sig, raw_words, rows[sid]) for sid in sids if sid in rows]
    found = sorted((f for f in tried if f is not None and (f.commands or f.edited)), key=lambda f: (not f.verified, -f.time))
    groups: dict[str, FixCommand] = {}
    for f in found:
        for c in f.commands:
            g = groups.setdefault(c, FixCommand(c, 0, 0, 0.0))
            g.sessions, g.verified, g.last = g.sessions + 1, g.verified + f.verified, max(g.last, f.time)
    commands = sorted(groups.values(), key=lambda g: (-g.verified, -g.sessions, -g.last, g.command))
    return FixResult(error.strip(), sig, commands[: limit * 2], found[:limit], len(tried) - len(found), capped)


def _fix_in(recs: list[StoredRecord], sig: str, words: Sequence[str], row: SessionRow) -> FixSession | None:
    hits = [i for i, r in enumerate(recs) if r.role in (_TOOL, _USER) and _has(r.text, sig, words)]
    if not hits:
        return None
    last = hits[-1]
    line = next((ln.strip() for ln in recs[last].text.splitlines() if sig in normalise_error(ln)), "")
    failed = next((split_command(r.text)[0] for r in reversed(recs[max(0, last - 6) : last]) if r.role == _CMD), "")
    fs = FixSession(row, clip(line), normalise_command(failed, row.cwd), [], [], False, float(recs[last].time))
    want = program(failed) if failed else ()
    for r in recs[last + 1 :]:
        fs.time = max(fs.time, float(r.time))
        if r.role == _EDIT and r.text.split("\n", 1)[0] not in fs.edited:
            fs.edited.append(r.text.split("\n", 1)[0])
        if r.role != _CMD:
            continue
        cmd, code = split_command(r.text)
        if want and program(cmd) == want:  # the failing command again: passed, or still failing
            fs.verified = not code
            if fs.verified:
                break
            continue
        w = ENV.sub("", cmd).split()
        if not w or w[0] in READ_ONLY or " ".join(w[:2]) in READ_ONLY:
            continue
        n = normalise_command(cmd, row.cwd)
        if n and n not in fs.commands:
            fs.commands.append(n)
        if len(fs.commands) >= FIX_WINDOW:
            break
    return fs


# -- digest
@dataclass
class Digest:
    """The best session for a query, as a markdown digest for a prompt."""

    session: SessionRow
    question: str
    decision: str
    answer: str
    commands: list[str]
    files: list[str]
    markdown: str = ""
    tier: str = "exact"
    match: str = ""  # the turn of the answering side that best matches the query


def digest(store: Store, query: str, harness: str | None = None, project: str | None = None,
           max_bytes: int = DIGEST_BYTES) -> Digest | None:
    """A markdown digest (title, question, decision, last answer, commands, files) of the session
    that best answers `query`, at most `max_bytes` of UTF-8; None when nothing matches."""
    res = search(store, query, Options(harness=harness, project=project, limit=1))
    if not res.hits or res.tier == "weak":  # near misses are not an answer
        return None
    hit = res.hits[0]
    recs = store.records(hit.session.sid)
    users = [r for r in recs if r.role == _USER]
    matched = {s.seq for s in hit.snippets if s.role == Role.USER.value}
    q = next((r for r in users if r.seq in matched), users[0] if users else None)
    answer = next((r.text.strip() for r in reversed(recs) if r.role == _ASSISTANT and len(r.text.strip()) >= 20), "")
    commands: list[str] = []
    files: dict[str, str] = {}
    for r in recs:
        if r.role == _CMD:
            cmd, code = split_command(r.text)
            line = clip(cmd.split("\n", 1)[0], 200) + (f"  → exit {code}" if code else "")
            commands += [line] if line not in commands else []
        elif r.role == _EDIT:
            files[r.text.split("\n", 1)[0]] = "edited"
        elif r.role == _FILES:
            files.update({p: files.get(p, "read") for p in r.text.splitlines()})
    best = next((r.text.strip() for r in recs if hit.answer is not None and r.seq == hit.answer.seq), "")
    d = Digest(hit.session, q.text.strip() if q else "", conclusion(recs), answer, commands,
               [f"{p} ({kind})" for p, kind in files.items()], tier=res.tier, match=best)
    d.markdown = _markdown(d, max_bytes)
    return d


def _markdown(d: Digest, max_bytes: int) -> str:
    """Long parts are shortened first, then lists, until the digest fits."""
    s = d.session
    when = times.local(s.updated)
    title = s.title or clip(d.question.split("\n", 1)[0], 100) or s.id
    head = [f"# {title}", "", f"{s.harness} session `{s.id}` · project `{s.project or '-'}` · {when}", ""]

    def listing(name: str, items: list[str], n: int) -> list[str]:
        more = [f"- … {len(items) - n} more"] if len(items) > n else []
        return [name, "", *(f"- {x}" for x in items[:n]), *more, ""] if items[:n] else []

    def build(qn: int, an: int, cn: int, fn: int) -> str:
        out = list(head)
        if d.question:
            out += ["## Question", "", *("> " + ln for ln in clip(d.question, qn, False).splitlines()), ""]
        if d.match and an:
            out += ["## Best match", "", clip(d.match, an, False), ""]
        if d.decision:
            out += ["## Decision", "", d.decision, ""]
        if an and d.answer and d.answer != d.match and clip(d.answer, an, False) != d.decision:
            out += ["## Last answer", "", clip(d.answer, an, False), ""]
        out += listing("## Commands run", [f"`{c}`" for c in d.commands], cn) + listing("## Files touched", d.files, fn)
        return "\n".join(out).rstrip() + "\n"

    for budget in [(1500, 3000, 40, 40), (800, 1500, 20, 20), (400, 600, 10, 10), (200, 200, 5, 5), (100, 0, 0, 0)]:
        md = build(*budget)
        if len(md.encode()) <= max_bytes:
            return md
    raw = md.encode()[: max(0, max_bytes - 4)].decode("utf-8", "ignore")
    return raw[: raw.rfind("\n") + 1] if "\n" in raw else raw


__all__ = [
    "how", "blame", "fix", "digest", "signature", "normalise_error", "normalise_command",
    "split_command", "conclusion", "program", "Found", "Invocation", "Mention", "FixResult", "FixSession",
    "FixCommand", "Digest",
]
