"""The one normalised shape every source returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from deja.roles import CODE_ROLE, ROLE_CODE, SPEECH_ROLES, WORK_ROLES, Role


@dataclass(slots=True)
class Record:
    """One thing said or done in a session. `time` is epoch seconds (0 when unknown)."""

    role: Role
    text: str
    time: float = 0.0
    seq: int = 0


@dataclass(slots=True)
class Session:
    """One conversation.

    `project` is the short display name of the working directory, `cwd` the full path when the
    store records it; `parent` the session this one was spawned from (subagents), when recorded.
    """

    harness: str
    id: str
    project: str = ""
    path: str = ""
    title: str = ""
    started: float = 0.0
    updated: float = 0.0
    parent: str = ""
    cwd: str = ""
    records: list[Record] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.harness}:{self.id}"

    def add(self, role: Role, text: str, time: float = 0.0) -> None:
        """Append a record and widen started/updated to its time."""
        if not text or not text.strip():
            return
        self.records.append(Record(role, text, time, len(self.records)))
        self.touch(time)

    def touch(self, time: float) -> None:
        if time <= 0:
            return
        if not self.started or time < self.started:
            self.started = time
        if time > self.updated:
            self.updated = time


@dataclass(slots=True)
class Parsed:
    """What one parse of one source file yields.

    `offset` is the byte offset a later parse may resume from (0 when the store is not
    append-only); `skipped` counts lines or rows that could not be read.
    """

    sessions: list[Session] = field(default_factory=list)
    offset: int = 0
    skipped: int = 0
    state: dict = field(default_factory=dict)


__all__ = ["Role", "ROLE_CODE", "CODE_ROLE", "SPEECH_ROLES", "WORK_ROLES", "Record", "Session", "Parsed"]
