"""The Source contract, and the reading helpers every harness module shares."""

from __future__ import annotations

import os
import re
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote
from datetime import datetime, timezone
from pathlib import Path

from deja.errors import SourceError
from deja.model import Parsed, Role, Session
from deja.projects import name_of as basename  # a project's name: the one rule
from deja.sources.look import PLAIN, Look
from deja.times import valid


def _load_msgspec() -> None:
    """Load msgspec without typing_extensions: msgspec._core imports msgspec._utils, which takes
    get_type_hints/Required/NotRequired from typing_extensions when it can (that imports inspect,
    ast, dis, tokenize, socket: about a third of an append's imports, ~20 ms CPU at load 9) and
    from typing otherwise, which has them all on Python 3.11+. typing_extensions is shown as
    missing for that one import, then put back: a later `import typing_extensions` loads it as
    usual. The indexer imports this module before any parser (whose own `import msgspec` then
    finds it loaded): on the write path this is the import that loads it (docs/architecture.md,
    speed idioms)."""
    import sys

    if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]
    try:
        __import__("msgspec")
    finally:
        del sys.modules["typing_extensions"]


_load_msgspec()
import msgspec  # noqa: E402  (loaded above: this binds the name)

_decoder = msgspec.json.Decoder()
# A line nested past msgspec's depth limit raises RecursionError, not DecodeError: it is one bad
# line like any other, never the end of the file.
_UNDECODABLE = (msgspec.DecodeError, RecursionError)
# What a value of the wrong type or an absurd size raises while a parser handles one record
# (`5` where a list belongs, text that is a number, nesting past the interpreter's limit): it
# costs that record, counted, not the file. OSError and SourceError still cost the file.
BAD_VALUE = (TypeError, AttributeError, ValueError, KeyError, IndexError, ArithmeticError, RecursionError)


class Skips:
    """What a parse passed over. `with skips:` around the handling of one record (a line, a row,
    a message): a bad value in it (BAD_VALUE) skips the rest of that record and is counted."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0

    def __enter__(self) -> Skips:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> bool:
        if kind is not None and issubclass(kind, BAD_VALUE) and not issubclass(kind, SourceError):
            self.n += 1
            return True
        return False


class Source:
    """One harness's store.

    Subclasses set `name` and implement `roots()`, `discover()` and `parse()`. `parse` is pure
    and deterministic: the same bytes give the same sessions. A malformed line is counted in
    `Parsed.skipped`, never raised; an unreadable file raises OSError (or SourceError) and costs
    that file only.
    """

    name: str = ""
    # Bump when the parser's output changes: files parsed by an older version are re-read.
    version: int = 1
    # True when a file only ever grows, so a later parse may resume at `Parsed.offset`.
    append_only: bool = False
    # False for stores deja keeps itself (notes, imported sessions): not an agent's history, so
    # the first run's summary does not list them as agents found or missing.
    agent: bool = True
    # The agent's own command line to reopen one of its sessions (`deja resume`): "{id}" stands
    # for the session id. `resume_scoped`: the agent finds a session only from the session's
    # project directory (deja prints a `cd` first). Empty when the agent cannot reopen one, and
    # `cannot_resume` says why.
    resume_argv: tuple[str, ...] = ()
    resume_scoped: bool = False
    cannot_resume: str = ""
    # The command line that starts the agent with a first prompt (`deja handoff --to`): "{prompt}".
    prompt_argv: tuple[str, ...] = ()

    def roots(self, look: Look = PLAIN) -> list[Path]:
        """Where this harness keeps its store (after env overrides), as `look` sees it."""
        raise NotImplementedError

    def discover(self, look: Look = PLAIN) -> list[Path]:
        """Every file of the store, sorted. Everything it reads of the filesystem and the
        environment goes through `look` (deja.sources.look), which may note it."""
        raise NotImplementedError

    def parse(self, path: Path, start: int = 0) -> Parsed:
        """Sessions in `path`, reading from byte `start`."""
        raise NotImplementedError

    def parse_cost(self, path: Path, size: int, start: int, stop: int) -> int:
        """Bytes a parse of `path` from `start` reads, decompressed: what decides whether a
        change is parsed in front of the person or in the background. A source of compressed
        data measures it (inflate.inflated_size), counting no further than just past `stop`."""
        return size - start

    def note(self) -> str:
        """What the store's own bookkeeping has to say in `deja sources` and `deja doctor`
        ("" for nothing): e.g. the last import's skipped lines."""
        return ""

    def resume_command(self, id: str, path: str) -> tuple[str, ...] | str:
        """The argv that reopens session `id` (read from the store file `path`) in its agent, or
        one line saying why it cannot be reopened. A source whose agent addresses a session by
        something other than its id (a key in its store) overrides this."""
        if not self.resume_argv:
            return self.cannot_resume or f"{self.name} has no command that reopens a session"
        return tuple(a.replace("{id}", id) for a in self.resume_argv)

    def change_token(self, path: Path, look: Look = PLAIN) -> tuple[int, int] | None:
        """(size, mtime_ns)-like token that changes when `path` does, for a store that is not a
        plain file (a database server); None means: stat the file (and its SQLite `-wal`)."""
        return None


def walk(root: Path, match: re.Pattern[str] | None = None, suffixes: tuple[str, ...] = (),
         look: Look = PLAIN) -> list[Path]:
    """Regular files under `root` whose name ends with one of `suffixes` (or matches `match`).

    Symlinks and special files (a FIFO would block open() forever) are not followed or returned.
    A directory that cannot be listed is passed over and noted (in `look.unlisted`); one that is
    not there is not.
    """
    found: list[str] = []
    stack = [str(root)]
    while stack:
        d = stack.pop()
        try:
            it = look.scandir(d)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as err:
            if look.unlisted is not None:
                look.unlisted.append((d, "cannot list this directory: " + (err.strerror or str(err)).lower()))
            continue
        with it:
            for entry in it:
                try:
                    if entry.is_symlink():
                        continue
                    if entry.is_dir():
                        stack.append(entry.path)
                    # Special files (a FIFO, a socket) are returned too: reading refuses them
                    # without blocking, and they are counted as unreadable rather than ignored.
                    elif entry.name.endswith(suffixes) if suffixes else True:
                        if match is None or match.search(entry.name):
                            found.append(entry.path)
                except OSError:
                    continue
    found.sort()  # as strings: sorting Path objects costs ten times more
    return [Path(p) for p in found]


def store_at(path: Path, look: Look = PLAIN) -> bool:
    """Something other than a symlink is at `path`, where an agent keeps its database file: a
    file, or a directory or FIFO, which reading reports as unreadable (and says what it is)
    instead of the store showing as missing. Symlinks are not followed, as in walk()."""
    return look.lexists(path) and not look.is_link(path)


def is_regular(path: Path, look: Look = PLAIN) -> bool:
    try:
        return stat.S_ISREG(look.lstat(path).st_mode)
    except OSError:
        return False


def read_bytes(path: Path, start: int = 0) -> bytes:
    """The bytes of a regular file from `start`; refuses FIFOs and devices. Read into one buffer
    of the file's size (a 200 MB transcript costs 200 MB, not twice that while chunks join)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"not a regular file: {path}")
        with open(fd, "rb", buffering=0, closefd=False) as f:
            if start:
                f.seek(start)
            return f.readall()
    finally:
        os.close(fd)


# The largest record (one JSONL line, one compressed blob holding a document) that is decoded.
# Real records are at most a few MB (an inlined image, a tool output the agent already cut),
# a long Zed thread's document some tens of MB; decoding one costs several times its size in
# memory, so a larger one is skipped and counted, never held. (The override is for tests.)
def max_record() -> int:
    return int(os.environ.get("DEJA_MAX_RECORD", 64 << 20))


class Lines:
    """JSON objects of a JSONL byte string, with the count of lines that did not decode.

    `offset` ends up just past the last complete line (relative to the file, given `base`):
    a torn final line is not consumed, unless it decodes whole (a file that ends without a
    newline). A line longer than max_record() is skipped and counted (`oversized`) without being
    copied or decoded.
    """

    def __init__(self, data: bytes, base: int = 0):
        self.data = data
        self.base = base
        self.offset = base
        self.skipped = 0
        self.decoded = 0
        self.oversized = 0

    def check(self) -> None:
        """A file of which no line decodes is not a transcript (garbage, or a format moved)."""
        if self.skipped and not self.decoded:
            if self.oversized == self.skipped:
                raise SourceError(f"every line is over the {max_record() >> 20} MiB cap for one record "
                                  f"({self.oversized} line(s)): nothing read", until_changed=True)
            raise SourceError(f"not JSON lines: none of {self.skipped} line(s) decodes")

    def __iter__(self) -> Iterator[dict]:
        data = self.data
        base = self.base
        # a byte-order mark is stepped over, not sliced off (that would copy the whole file)
        pos = 3 if base == 0 and data.startswith(b"\xef\xbb\xbf") else 0
        n = len(data)
        cap = max_record()
        while pos < n:
            nl = data.find(b"\n", pos)
            end = n if nl < 0 else nl
            torn = nl < 0
            if end - pos > cap:
                if not torn:  # consumed and counted; a torn one waits until it is whole
                    self.skipped += 1
                    self.oversized += 1
                    self.offset = base + end + 1
                pos = end + 1
                continue
            line = data[pos:end].strip()
            pos = end + 1
            if line:
                try:
                    obj = _decoder.decode(line)
                except _UNDECODABLE:
                    if not torn:  # a complete bad line is consumed (and counted once)
                        self.skipped += 1
                        self.offset = base + pos
                    continue
                self.offset = base + (n if torn else pos)
                if isinstance(obj, dict):
                    self.decoded += 1
                    yield obj
                else:
                    self.skipped += 1
            elif not torn:
                self.offset = base + pos


# How long a read waits for an agent's lock on its SQLite store. An agent's own transactions
# hold it for milliseconds; a lock held longer is an agent in EXCLUSIVE mode, which keeps it
# until it exits, so waiting longer only makes every search slow. The failure is remembered
# until the store changes (SourceError.until_changed).
BUSY_SECONDS = 0.25


@contextmanager
def sqlite_readonly(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an agent's SQLite store that sees rows still in its WAL.

    The store belongs to its agent: deja never writes, locks out, or creates files beside it.
    With a live WAL and its shared-memory file present, a `mode=ro` connection reads both. With a
    WAL but no `-shm` (the agent is not running), opening would create one, so the database and
    its WAL are copied to a private temporary directory and read there. With no WAL, the file is
    read as immutable. Errors become SourceError with the reason.
    """
    try:
        st = os.lstat(path)
    except OSError as e:
        raise SourceError(f"cannot open {path}: {(e.strerror or str(e)).lower()}") from e
    mode = st.st_mode
    if not stat.S_ISREG(mode):
        kind = ("a directory" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a symlink" if stat.S_ISLNK(mode) else "a special file")
        raise SourceError(f"not a database file: {path} is {kind}", path, until_changed=True)
    if st.st_size == 0:
        raise SourceError(f"not a database file: {path} is empty", path, until_changed=True)
    import shutil  # here: ~3 ms of imports (bz2, lzma, random) a store of JSON lines never needs
    import tempfile

    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    tmp: str | None = None
    try:
        if wal.exists() and wal.stat().st_size > 0 and not shm.exists():
            tmp = tempfile.mkdtemp(prefix="deja-sqlite-")
            copy = Path(tmp) / path.name
            shutil.copyfile(path, copy)
            shutil.copyfile(wal, f"{copy}-wal")
            uri = f"file:{quote(str(copy))}?mode=ro"
        elif wal.exists() and wal.stat().st_size > 0:
            uri = f"file:{quote(str(path))}?mode=ro"
        else:
            uri = f"file:{quote(str(path))}?mode=ro&immutable=1"
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS)
    except (OSError, sqlite3.Error) as e:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
        raise SourceError(f"cannot open {path} read-only: {e}") from e
    # A TEXT value that is not UTF-8 (a torn write, an agent's bug) read with U+FFFD in place of its
    # bad bytes: the default decoder raised in the cursor, outside any record's guard, and one such
    # row made the whole store unreadable (every session in it lost)
    conn.text_factory = _lenient_text
    try:
        conn.execute("PRAGMA query_only = ON")
        yield conn
    except sqlite3.DatabaseError as e:
        # A query that fails means the schema drifted or the file is damaged: never "no sessions".
        msg = str(e)
        if "locked" in msg or "busy" in msg:
            raise SourceError(f"locked by its agent: {path} (tried again when it changes)", path,
                              until_changed=True) from e
        raise SourceError(f"{path}: {msg}") from e
    finally:
        conn.close()
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


def _lenient_text(data: bytes) -> str:
    return str(data, "utf-8", "replace")


def head_record(path: Path, kind: str, lines: int = 8) -> dict:
    """The first record of type `kind` among a JSONL file's first lines ({} if none): the
    header a parse resuming mid-file needs for the session's identity."""
    with open(path, "rb") as f:
        for _ in range(lines):
            line = f.readline()
            if not line:
                break
            try:
                d = _decoder.decode(line)
            except _UNDECODABLE:
                continue
            if isinstance(d, dict) and d.get("type") == kind:
                return d
    return {}


def decode_json(data: bytes | str) -> object:
    """One JSON document; raises msgspec.DecodeError for anything that does not decode,
    nesting too deep included."""
    try:
        return _decoder.decode(data)
    except RecursionError:
        raise msgspec.DecodeError("JSON nested too deeply") from None


def parse_time(value: object, local: bool = False) -> float:
    """Epoch seconds from an RFC 3339 string, an epoch number (s or ms, as a number or a string),
    or a datetime; 0.0 when unknown or not a sane time (`deja.times.valid`: huge, negative, NaN,
    far future). Never raises. A string without a zone is UTC, or local time with `local`."""
    if value is None or isinstance(value, bool):
        return 0.0
    if isinstance(value, (int, float)):
        try:
            v = float(value)
        except OverflowError:  # an integer of hundreds of digits
            return 0.0
        # seconds and milliseconds ranges do not overlap: whichever reading is sane
        return valid(v) or valid(v / 1000.0)
    if isinstance(value, datetime):
        try:
            return valid(value.timestamp())
        except (OverflowError, OSError, ValueError):
            return 0.0
    if isinstance(value, str):
        s = value.strip()
        if not s or len(s) > 64:
            return 0.0
        if s.replace(".", "", 1).isdigit():
            try:
                return parse_time(float(s))
            except ValueError:  # digits float() does not read ("²")
                return 0.0
        try:
            dt = datetime.fromisoformat(s.replace("Z", "+00:00") if s.endswith("Z") else s)
        except ValueError:
            return 0.0
        if dt.tzinfo is None and not local:
            dt = dt.replace(tzinfo=timezone.utc)
        try:
            return valid(dt.timestamp())
        except (OverflowError, OSError, ValueError):  # a local time mktime cannot place
            return 0.0
    return 0.0


def text_of(content: object) -> str:
    """Text of a message `content`: a string, or a list of parts carrying `text` (or a base64 `source`)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, str):
                parts.append(p)
            elif isinstance(p, dict):
                t = p.get("text")
                if isinstance(t, str):
                    parts.append(t)
                elif isinstance(src := p.get("source"), dict) and isinstance(src.get("data"), str):
                    # an inlined image or document: as a data: URI, which ingest.prepare turns
                    # into a marker (`[base64 image/png, 48 KB]`), never indexed as text
                    parts.append(f"data:{src.get('media_type') or 'application/octet-stream'};base64,{src['data']}")
        return "\n".join(parts)
    return ""


def command_text(cmd: object, exit_code: int | None = None) -> str:
    """A `command` record: `$ cmd`, with `  → exit N` when the store says it failed."""
    if isinstance(cmd, list):
        argv = [str(a) for a in cmd]
        # ["bash", "-lc", "<script>"] is how several harnesses wrap the real command
        if len(argv) >= 3 and argv[-2] in ("-c", "-lc") and os.path.basename(argv[0]) in ("bash", "sh", "zsh"):
            cmd = argv[-1]
        else:
            cmd = " ".join(argv)
    if not isinstance(cmd, str) or not cmd.strip():
        return ""
    text = "$ " + cmd.strip()
    if exit_code:
        text += f"  → exit {exit_code}"
    return text


def with_exit(command: str, exit_code: int | None) -> str:
    if exit_code and "  → exit " not in command:
        return f"{command}  → exit {exit_code}"
    return command


_READ_CMD = re.compile(r"^\s*(?:cat|head|tail|less|more|nl|bat|sed\s+-n\s+\S+)\s+(?:-\S+\s+)*([^\s|;&<>]+)\s*$")


def read_paths(cmd: str) -> list[str]:
    """Files a plain shell read (`cat f`, `sed -n 1,20p f`, `nl -ba f`) opened."""
    out = []
    for part in re.split(r"&&|\|\||;", cmd):
        m = _READ_CMD.match(part.split("|")[0])
        if m:
            out.append(m.group(1).strip("'\""))
    return out


class Commands:
    """A session's `command` records by tool-call id, so a later result can add its exit status."""

    def __init__(self, session: Session):
        self.session = session
        self.by_call: dict[str, int] = {}

    def add(self, raw: object, time: float, call_id: object) -> str:
        cmd = command_text(raw)
        if cmd:
            self.session.add(Role.COMMAND, cmd, time)
            if isinstance(call_id, str):
                self.by_call[call_id] = len(self.session.records) - 1
        return cmd

    def exited(self, call_id: object, code: int | None) -> None:
        if code and isinstance(call_id, str) and call_id in self.by_call:
            rec = self.session.records[self.by_call[call_id]]
            rec.text = with_exit(rec.text, code)


def add_edits(session: Session, path: str, olds: list[object], time: float) -> None:
    """One `edit` record per replaced span: the path, then the old text (capped at 32 KiB)."""
    for old in olds:
        if isinstance(old, str) and old:
            session.add(Role.EDIT, f"{path}\n{old[:32768]}", time)


def add_files(session: Session, paths: list[str], time: float) -> None:
    seen: list[str] = []
    for p in paths:
        if isinstance(p, str) and p.strip() and p not in seen:
            seen.append(p.strip())
    if seen:
        session.add(Role.FILES, "\n".join(seen), time)


def finish(sessions: list[Session]) -> list[Session]:
    """Drop sessions that hold nothing."""
    return [s for s in sessions if s.records]


__all__ = [
    "Source",
    "Parsed",
    "Lines",
    "walk",
    "read_bytes",
    "parse_time",
    "basename",
    "text_of",
    "command_text",
    "with_exit",
    "read_paths",
    "add_files",
    "add_edits",
    "Commands",
    "finish",
    "is_regular",
    "store_at",
    "decode_json",
    "sqlite_readonly",
    "head_record",
    "Skips",
    "BAD_VALUE",
    "Look",
    "max_record",
]
