"""Sessions other machines sent (`deja sync import`), read from deja's own imported store like
any harness's store; and the rules of that store and of a sync record, which the sync package
(deja.sync) and the write path (deja.ingest.imported) build on.

The store is primary data under `$XDG_DATA_HOME/deja/imported/` (never only in the cache, so
`deja index --rebuild` and a deleted index lose nothing):

- `<origin>/<k>.jsonl`: a directory per origin machine holding SHARDS append-only files; a
  session's records are all in one of them (k is a hash of its harness and id), so the indexer
  reads the shards in parallel and a forget rewrites one. One sync record per line (below) plus
  `key` (its identity as received) and `n` (the order it arrived in here, rising per origin; what
  an export's watermark for imported records counts).
- `tombstones.jsonl`: sessions forgotten here (`deja forget`): never imported again.

A session keeps its harness and carries its origin; its id is `<session id>@<origin>`, so it
never clobbers a local session of the same harness and id. Its project is the path it had on its
origin (not looked up here: that directory may not exist on this machine).

A sync record (docs/sync.md):

    {"v": 1, "origin": "laptop", "harness": "claude", "session_id": "4f1c…", "project": "/home/me/shop",
     "cwd": "/home/me/shop/api", "title": "…", "parent": "", "role": "assistant", "text": "…",
     "time": "2026-07-14T12:00:00Z", "seq": 12}
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

import msgspec

from deja import paths, times
from deja.model import Parsed, Role, Session
from deja.sources.base import Lines, Skips, Source, basename, read_bytes

VERSION = 1  # of the record
SUFFIX = ".jsonl"
TOMBSTONES = "tombstones.jsonl"
# Files per origin: more than the cores of any laptop, few enough that an origin costs little.
SHARDS = 8
# The string fields every record has (possibly empty); `time` (str or None) and `seq` (int) besides.
STRINGS = ("origin", "harness", "session_id", "project", "cwd", "title", "parent", "role", "text")
_ROLES = frozenset(r.value for r in Role)
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


# -- the record


def iso_time(t: float) -> str | None:
    """A record's time as it travels: RFC 3339 UTC to the second, None when unknown."""
    return times.iso(t)


def epoch(value: object) -> float:
    """A record's `time` as epoch seconds (0.0 when unknown or not a sane time)."""
    if not isinstance(value, str) or not value:
        return 0.0
    from datetime import datetime, timezone

    try:
        dt = datetime.fromisoformat(value[:-1] + "+00:00" if value.endswith("Z") else value)
    except ValueError:
        return 0.0
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    try:
        return times.valid(dt.timestamp())
    except (OverflowError, OSError, ValueError):
        return 0.0


def checked(d: object) -> dict | None:
    """A decoded line as a record, or None when it is not one (a field missing or of the wrong
    type, a role deja does not know, empty text, an origin that cannot name a machine, a newer
    record version). Fields beyond the schema are dropped."""
    if not isinstance(d, dict):
        return None
    v = d.get("v", VERSION)
    if not isinstance(v, int) or isinstance(v, bool) or v > VERSION or v < 1:
        return None
    out: dict = {"v": VERSION}
    for name in STRINGS:
        value = d.get(name, "")
        if value is None:
            value = ""
        if not isinstance(value, str):
            return None
        out[name] = value
    if not out["origin"] or out["origin"] == "local" or "\n" in out["origin"]:
        return None  # `--from local` means this machine
    if not out["harness"] or not out["session_id"] or not out["text"].strip() or out["role"] not in _ROLES:
        return None
    t = d.get("time")
    out["time"] = iso_time(epoch(t)) if t is not None else None
    seq = d.get("seq", 0)
    out["seq"] = seq if isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0 else 0
    return out


def slug(name: str) -> str:
    """`name` as a file name part: [A-Za-z0-9._-] kept; anything else replaced, with a short
    hash of the name so two names never share a file."""
    safe = _UNSAFE.sub("_", name).strip(".") or "_"
    if safe == name:
        return safe
    return f"{safe[:40]}-{hashlib.blake2b(name.encode('utf-8', 'surrogatepass'), digest_size=3).hexdigest()}"


# -- the store


def directory() -> Path:
    return paths.imported_dir()


def origin_dir(origin: str) -> Path:
    return directory() / slug(origin)


def shard(origin: str, harness: str, session_id: str) -> Path:
    """The file a session's records are kept in."""
    h = hashlib.blake2b(f"{harness}\x1f{session_id}".encode("utf-8", "surrogatepass"), digest_size=4).digest()
    return origin_dir(origin) / f"{int.from_bytes(h, 'big') % SHARDS}{SUFFIX}"


def _shards(d: Path) -> list[Path]:
    try:
        names = [e.name for e in os.scandir(d) if e.name.endswith(SUFFIX) and e.name[: -len(SUFFIX)].isdigit()
                 and e.is_file(follow_symlinks=False)]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [d / n for n in sorted(names, key=lambda n: int(n[: -len(SUFFIX)]))]


def origin_files(origin: str) -> list[Path]:
    return _shards(origin_dir(origin))


def files() -> list[Path]:
    """Every origin's files, sorted."""
    d = directory()
    try:
        dirs = sorted(e.name for e in os.scandir(d) if not e.name.startswith(".") and e.is_dir(follow_symlinks=False))
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [p for name in dirs for p in _shards(d / name)]


def lines(path: Path) -> Iterator[bytes]:
    """The complete lines of a store file (a torn last line is not one)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return
    end = data.rfind(b"\n") + 1
    pos = 0
    while pos < end:
        nl = data.index(b"\n", pos)
        line = data[pos:nl]
        pos = nl + 1
        if line.strip():
            yield line


class Tomb(msgspec.Struct):
    """A tombstone line (and what a store line is matched against it by)."""

    origin: str = ""
    harness: str = ""
    session_id: str = ""


tomb_decoder = msgspec.json.Decoder(Tomb)


def tombstones() -> set[tuple[str, str, str]]:
    """(origin, harness, session id) of every session forgotten here."""
    out: set[tuple[str, str, str]] = set()
    for line in lines(directory() / TOMBSTONES):
        try:
            t = tomb_decoder.decode(line)
        except (msgspec.DecodeError, RecursionError):
            continue
        out.add((t.origin, t.harness, t.session_id))
    return out


# -- the source


def session_id(session: str, origin: str) -> str:
    """The id an imported session has here."""
    return f"{session}@{origin}"


class Imported(Source):
    name = "imported"
    version = 1
    append_only = True
    agent = False

    def note(self) -> str:
        """The last import's lines skipped and batches cut short (`deja sync import` keeps it)."""
        import json

        try:
            d = json.loads((paths.sync_dir() / LAST_IMPORT).read_text(encoding="utf-8"))
            skipped, cut = int(d.get("skipped") or 0), [str(x) for x in d.get("truncated") or []]
            when, source = times.local(d.get("time")), str(d.get("source", ""))
        except (OSError, ValueError, TypeError, AttributeError):
            return ""
        parts = [f"{skipped} unreadable line(s) skipped"] if skipped else []
        if cut:
            parts.append(f"cut short: {', '.join(cut)}")
        return f"last import ({when}, from {source}): " + "; ".join(parts) if parts else ""

    def roots(self) -> list[Path]:
        return [directory()]

    def discover(self) -> list[Path]:
        return files()

    def parse(self, path: Path, start: int = 0) -> Parsed:
        lines_ = Lines(read_bytes(path, start), base=start)
        tombs = tombstones()
        by_key: dict[tuple[str, str, str], list[tuple[float, int, Role, str, dict]]] = {}
        skips = Skips()
        for d in lines_:
            with skips:
                rec = checked(d)
                if rec is None:
                    lines_.skipped += 1
                    continue
                ident = (rec["origin"], rec["harness"], rec["session_id"])
                if ident in tombs:
                    continue
                by_key.setdefault(ident, []).append((epoch(rec["time"]), rec["seq"], Role(rec["role"]), rec["text"], rec))
        sessions = []
        for (origin, harness, sid), recs in by_key.items():
            recs.sort(key=lambda r: (r[0] or float("inf"), r[1]))  # unknown times last, as they arrived
            head = recs[0][4]
            cwd = head["cwd"] or head["project"]
            s = Session(harness, session_id(sid, origin), project=basename(head["project"] or cwd), cwd=cwd,
                        path=str(path), title=head["title"],
                        parent=session_id(head["parent"], origin) if head["parent"] else "")
            s.origin, s.root = origin, head["project"]
            for t, _, role, text, _ in recs:
                s.add(role, text, t)
            if s.records:
                sessions.append(s)
        return Parsed(sessions, lines_.offset, lines_.skipped + skips.n)


# What the last import did (`deja.sync.imports.note_import` writes it, `Imported.note` says it).
LAST_IMPORT = "last-import.json"

SOURCE = Imported
