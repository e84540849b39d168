"""Sessions other machines sent (`deja sync import`), read from deja's own imported store
(`$XDG_DATA_HOME/deja/imported/<origin>.jsonl`, deja.sync.stored) like any harness's store.

A session keeps its harness and carries its origin; its id is `<session id>@<origin>`, so it
never clobbers a local session of the same harness and id. Its project is the path it had on its
origin (not looked up here: that directory may not exist on this machine).
"""

from __future__ import annotations

from pathlib import Path

from deja.model import Parsed, Role, Session
from deja.sources.base import Lines, Skips, Source, basename, read_bytes
from deja.sync import format, stored


def session_id(session: str, origin: str) -> str:
    """The id an imported session has here."""
    return f"{session}@{origin}"


class Imported(Source):
    name = "imported"
    version = 1
    append_only = True
    agent = False

    def note(self) -> str:
        from deja.sync.imports import last_import

        return last_import()

    def roots(self) -> list[Path]:
        return [stored.directory()]

    def discover(self) -> list[Path]:
        return stored.files()

    def parse(self, path: Path, start: int = 0) -> Parsed:
        lines = Lines(read_bytes(path, start), base=start)
        tombs = stored.tombstones()
        by_key: dict[tuple[str, str, str], list[tuple[float, int, Role, str, dict]]] = {}
        skips = Skips()
        for d in lines:
            with skips:
                rec = format.checked(d)
                if rec is None:
                    lines.skipped += 1
                    continue
                ident = (rec["origin"], rec["harness"], rec["session_id"])
                if ident in tombs:
                    continue
                by_key.setdefault(ident, []).append(
                    (format.epoch(rec["time"]), rec["seq"], Role(rec["role"]), rec["text"], rec))
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
        return Parsed(sessions, lines.offset, lines.skipped + skips.n)


SOURCE = Imported
