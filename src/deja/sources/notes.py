"""deja's own notes: `deja remember` entries in `$XDG_DATA_HOME/deja/notes.jsonl`
(`DEJA_NOTES_FILE`). One session per project and calendar day (local time).

The notes file is primary data: deja appends to it and never deletes it.
"""

from __future__ import annotations

from pathlib import Path

from deja import paths, times
from deja.model import Parsed, Role, Session
from deja.sources.base import Lines, Skips, Source, basename, finish, is_regular, parse_time, read_bytes
from deja.sources.look import PLAIN, Look


def session_id(project: str, t: float) -> str:
    """The notes session a note written for `project` (a path) at time `t` lands in:
    `<name>-<6 hex of the path>-<day>`, so two directories of one name keep their notes apart."""
    import hashlib

    tag = hashlib.blake2b(project.encode("utf-8", "surrogatepass"), digest_size=3).hexdigest()
    return f"{basename(project) or '-'}-{tag}-{_day(t)}"


def _day(t: float) -> str:
    return times.local(t, "%Y-%m-%d")


class Notes(Source):
    name = "notes"
    version = 2  # 2: one session per project path and day
    agent = False
    cannot_resume = "a note written with `deja remember` is not an agent's conversation"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        return [paths.notes_file(look.env)]

    def discover(self, look: Look = PLAIN) -> list[Path]:
        f = paths.notes_file(look.env)
        return [f] if is_regular(f, look) else []

    def parse(self, path: Path, start: int = 0) -> Parsed:
        lines = Lines(read_bytes(path))
        by_key: dict[str, Session] = {}
        skips = Skips()
        for d in lines:
            with skips:
                text = d.get("text")
                if not isinstance(text, str) or not text.strip():
                    lines.skipped += 1
                    continue
                t = parse_time(d.get("ts"))
                project = got if isinstance(got := d.get("project"), str) else ""
                name = basename(project) or "-"
                sid = session_id(project, t)
                s = by_key.get(sid)
                if s is None:
                    s = by_key[sid] = Session(self.name, sid, project=name, cwd=project, path=str(path))
                    s.title = f"notes: {name} {_day(t)}"
                tags = d.get("tags")
                if isinstance(tags, list) and tags:
                    text = text + "\n" + " ".join(f"#{x}" for x in tags if isinstance(x, str))
                s.add(Role.USER, text, t)
        return Parsed(finish(list(by_key.values())), 0, lines.skipped + skips.n)


SOURCE = Notes
