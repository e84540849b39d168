"""The one normalised shape every source returns."""

from __future__ import annotations

from deja.plain import Plain
from deja.roles import CODE_ROLE, ROLE_CODE, SPEECH_ROLES, WORK_ROLES, Role
from deja.times import valid


# Plain slotted classes, not dataclasses: `dataclasses` (and building these) cost every
# append's `deja index` ~15 ms of start-up (deja.plain).
class Record(Plain):
    """One thing said or done in a session. `time` is epoch seconds (0 when unknown)."""

    __slots__ = ("role", "text", "time", "seq")

    def __init__(self, role: Role, text: str, time: float = 0.0, seq: int = 0) -> None:
        self.role, self.text, self.time, self.seq = role, text, time, seq


class Session(Plain):
    """One conversation.

    `project` is the short display name of the working directory, `cwd` the full path when the
    store records it (`root`, the project path, is found from it unless the session says); `parent` the session this one was spawned from (subagents), when recorded.
    Every time goes through `deja.times.valid` (0 when unknown or not sane); `skipped` counts
    blocks whose text was not a string.
    """

    __slots__ = ("harness", "id", "project", "path", "title", "started", "updated", "parent", "cwd", "records",
                 "skipped", "origin", "root")

    # `origin`, `root`: sessions another machine sent (deja.sources.imported): the machine it came
    # from, and its project path there ("" for this machine's own: the project is found from `cwd`).
    def __init__(self, harness: str, id: str, project: str = "", path: str = "", title: str = "",
                 started: float = 0.0, updated: float = 0.0, parent: str = "", cwd: str = "",
                 records: list[Record] | None = None, skipped: int = 0, origin: str = "", root: str = "") -> None:
        self.harness, self.id, self.project, self.path, self.title = harness, id, project, path, title
        self.started, self.updated, self.parent, self.cwd = started, updated, parent, cwd
        self.records: list[Record] = [] if records is None else records
        self.skipped, self.origin, self.root = skipped, origin, root

    @property
    def key(self) -> str:
        return f"{self.harness}:{self.id}"

    def add(self, role: Role, text: str, time: float = 0.0) -> None:
        """Append a record and widen started/updated to its time. A text that is not a string
        (a store's `"text": 5`) is that block skipped, counted."""
        if text.__class__ is not str:
            if text:
                self.skipped += 1
            return
        if not text.strip():
            return
        time = valid(time)
        self.records.append(Record(role, text, time, len(self.records)))
        if time:
            self._widen(time)

    def touch(self, time: float) -> None:
        time = valid(time)
        if time:
            self._widen(time)

    def _widen(self, time: float) -> None:
        if not self.started or time < self.started:
            self.started = time
        if time > self.updated:
            self.updated = time

    def settle(self) -> None:
        """Fields a store gave in the wrong type become empty (the identity falls back to a
        string), so nothing downstream meets a number where a path or title belongs."""
        if self.id.__class__ is not str:
            self.id = str(self.id) if isinstance(self.id, (int, float)) and not isinstance(self.id, bool) else ""
        for name in ("id", "project", "path", "title", "parent", "cwd"):
            value = getattr(self, name)
            if value.__class__ is not str:
                setattr(self, name, "")
            elif not value.isascii():
                setattr(self, name, escaped(value))
        self.started, self.updated = valid(self.started), valid(self.updated)


def escaped(value: str) -> str:
    """`value` as it can be stored: a path's undecodable bytes (kept as surrogates) escaped
    (`\\xff`), so that it encodes as UTF-8; any other string as it is."""
    if value.isascii():
        return value
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return value


class Parsed(Plain):
    """What one parse of one source file yields.

    `offset` is the byte offset a later parse may resume from (0 when the store is not
    append-only); `skipped` counts lines or rows that could not be read.
    """

    __slots__ = ("sessions", "offset", "skipped", "state")

    def __init__(self, sessions: list[Session] | None = None, offset: int = 0, skipped: int = 0,
                 state: dict | None = None) -> None:
        self.sessions: list[Session] = [] if sessions is None else sessions
        self.offset, self.skipped = offset, skipped
        self.state: dict = {} if state is None else state


__all__ = ["Role", "ROLE_CODE", "CODE_ROLE", "SPEECH_ROLES", "WORK_ROLES", "Record", "Session", "Parsed", "escaped"]
