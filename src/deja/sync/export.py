"""What this machine sends: its own sessions (read from the index) and what it imported from
others (read from the imported store, origin kept, so records travel on: A → B → C), redacted
again on the way out.

Watermarks, per destination (`files` for `deja sync export`, `ssh:<host>`, a hub's own name):
for this machine's records, per source file (per session key for a session with no file) the
newest record time sent; for imported records, per origin the highest arrival number `n` sent
(with a project filter, per source or origin and project).
A record at or below its watermark is not sent again; `full` ignores them. Watermarks move only
when the caller says the records reached their destination (`Export.commit`); kept in
`$XDG_DATA_HOME/deja/sync/watermarks.json`, written whole and renamed into place.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from deja import paths
from deja.sources import imported as stored
from deja.sync import format
from deja.text import redact

WATERMARKS = "watermarks.json"


def _marks_path() -> Path:
    return paths.sync_dir() / WATERMARKS


def load_marks() -> dict[str, dict[str, dict[str, float]]]:
    """{destination: {"sources": {source: time}, "imported": {origin: n}}}; {} when none or
    unreadable (an export then sends everything again, which an import takes as duplicates)."""
    try:
        data = json.loads(_marks_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data.get("destinations", {}) if isinstance(data, dict) else {}


def _save_marks(marks: dict) -> None:
    p = _marks_path()
    p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump({"version": 1, "destinations": marks}, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, p)


def in_projects(project: str, cwd: str, projects: Sequence[str] | None) -> bool:
    """Whether a session of project path `project` (working directory `cwd`) is one of
    `projects` (paths, as deja.projects normalises them): its project is one of them, or its
    directory lies inside one. None: every session."""
    if projects is None:
        return True
    for p in projects:
        p = p.rstrip("/") or "/"
        if project == p or cwd == p or (cwd or project).startswith(p + "/") or project.startswith(p + "/"):
            return True
    return False


class Export:
    """One export: `records()` yields the redacted records to send, newest-first per source
    never assumed; `commit()` then moves this destination's watermarks past them.

    `destination` names whose watermarks apply; `full` sends everything regardless; `projects`
    (project paths) limits the export to those projects' sessions (the team hub's "only what was
    shared"); `me` is this machine's name (default `format.machine()`); records whose origin is
    `skip_origin` (the machine they are for: it would refuse its own) are not sent."""

    def __init__(self, destination: str = "files", full: bool = False, projects: Sequence[str] | None = None,
                 me: str | None = None, refresh: bool = True, skip_origin: str = ""):
        self.destination = destination
        self.skip_origin = skip_origin
        self.full = full
        self.projects = None if projects is None else list(projects)
        self.me = format.machine() if me is None else me
        self.refresh = refresh
        self.exported = 0
        self.sessions = 0
        self.redactions = 0
        self._sources: dict[str, float] = {}
        self._imported: dict[str, float] = {}

    def records(self) -> Iterator[dict]:
        marks = {} if self.full else load_marks().get(self.destination, {})
        yield from self._local(marks.get("sources", {}))
        yield from self._stored(marks.get("imported", {}))

    def _part(self, project: str) -> str:
        """With a project filter, watermarks are per source and project: a project shared later
        is sent whole, even from a file another shared project's records already passed."""
        return "" if self.projects is None else "\x1f" + project

    def _clean(self, value: str) -> str:
        if not value:
            return value
        out, n = redact.redact(value)
        self.redactions += n
        return out

    def _local(self, marks: dict[str, float]) -> Iterator[dict]:
        from deja.model import CODE_ROLE
        from deja.store import Store

        if self.refresh:
            from deja.sync.imports import reindex

            reindex()
        store = Store(paths.index_dir(), readonly=True)
        try:
            for row in store.sessions():
                if row.origin or not in_projects(row.root, row.cwd, self.projects):
                    continue
                source = (row.path or row.key) + self._part(row.root or row.cwd)
                mark = marks.get(source)
                if mark is not None and row.updated <= mark:
                    continue
                title, cwd, project = self._clean(row.title), self._clean(row.cwd), self._clean(row.root or row.cwd)
                sent = False
                for r in store.records(row.sid):
                    if mark is not None and r.time <= mark:
                        continue
                    text = self._clean(r.text)
                    if not text.strip():
                        continue
                    yield format.record(self.me, row.harness, row.id, project, cwd, title, row.parent,
                                        CODE_ROLE[r.role].value, text, r.time, r.seq)
                    self.exported += 1
                    sent = True
                    # a source of untimed records only gets mark 0: not sent again until one is timed
                    self._sources[source] = max(float(r.time), self._sources.get(source, mark or 0.0))
                self.sessions += sent
        finally:
            store.close()

    def _stored(self, marks: dict[str, float]) -> Iterator[dict]:
        import msgspec

        dec = msgspec.json.Decoder()
        tombs = stored.tombstones()
        seen: set[tuple[str, str, str]] = set()
        for path in stored.files():
            for line in stored.lines(path):
                try:
                    d = dec.decode(line)
                except (msgspec.DecodeError, RecursionError):
                    continue
                rec = format.checked(d)
                n = d.get("n") if isinstance(d, dict) else None
                if rec is None or not isinstance(n, int):
                    continue
                origin = rec["origin"]
                if origin == self.skip_origin or not in_projects(rec["project"], rec["cwd"], self.projects):
                    continue
                mark = origin + self._part(rec["project"] or rec["cwd"])
                if n <= marks.get(mark, 0) or (origin, rec["harness"], rec["session_id"]) in tombs:
                    continue
                if n > self._imported.get(mark, 0):
                    self._imported[mark] = n
                for name in ("text", "title", "cwd", "project"):
                    rec[name] = self._clean(rec[name])
                yield rec
                self.exported += 1
                ident = (origin, rec["harness"], rec["session_id"])
                if ident not in seen:
                    seen.add(ident)
                    self.sessions += 1

    def moved(self) -> dict:
        """The watermarks this export would move (what `commit` applies)."""
        return {"destination": self.destination, "sources": dict(self._sources), "imported": dict(self._imported)}

    def commit(self) -> None:
        """The records yielded reached their destination: move its watermarks past them."""
        commit_moved(self.moved())


def commit_moved(moved: dict) -> None:
    marks = load_marks()
    mine = marks.setdefault(str(moved["destination"]), {})
    for part in ("sources", "imported"):
        have = mine.setdefault(part, {})
        for k, v in (moved.get(part) or {}).items():
            if isinstance(v, (int, float)):
                have[k] = max(v, have.get(k, 0))
    _save_marks(marks)


# Where `export_dir(pending=True)` leaves the watermarks it would move, beside the batch.
PENDING = ".deja-sync-pending.json"


def export_dir(directory: Path, full: bool = False, destination: str = "files",
               pending: bool = False, skip_origin: str = "") -> tuple[Path | None, Export]:
    """`deja sync export DIR`: one batch of everything new for `destination` written to
    `directory`; the watermarks move once the batch is in place, or with `pending` only when
    `commit_pending(DIR)` says it arrived (what `deja sync ssh --pull` asks of the remote)."""
    ex = Export(destination, full, skip_origin=skip_origin)
    path, _ = format.write_batch(directory, ex.records(), ex.me)
    if pending:
        (directory / PENDING).write_text(json.dumps(ex.moved()), encoding="utf-8")
    else:
        ex.commit()
    return path, ex


def commit_pending(directory: Path) -> bool:
    """Move the watermarks a pending export left in `directory`; False when it left none."""
    try:
        moved = json.loads((directory / PENDING).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(moved, dict) or "destination" not in moved:
        return False
    commit_moved(moved)
    return True


__all__ = ["Export", "export_dir", "commit_pending", "commit_moved", "load_marks", "in_projects"]
