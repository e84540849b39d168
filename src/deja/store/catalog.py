"""The SQLite catalog: file states, sessions and metadata. Transactional; WAL for readers."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from deja.errors import StoreError
from deja.plain import Plain
from deja.store import migrations


class FileState(Plain):
    __slots__ = ("path", "fid", "harness", "size", "mtime_ns", "safe_offset", "prefix_hash", "parser_version", "state",
                 "error", "sessions", "records", "skipped", "redactions")

    def __init__(self, path: str, fid: int, harness: str, size: int, mtime_ns: int, safe_offset: int, prefix_hash: str,
                 parser_version: int, state: str, error: str = "", sessions: int = 0, records: int = 0,
                 skipped: int = 0, redactions: int = 0):
        self.path, self.fid, self.harness, self.size, self.mtime_ns = path, fid, harness, size, mtime_ns
        self.safe_offset, self.prefix_hash, self.parser_version, self.state = safe_offset, prefix_hash, parser_version, state
        self.error, self.sessions, self.records, self.skipped, self.redactions = error, sessions, records, skipped, redactions


class SessionRow(Plain):
    # decision: the line where the session's assistant settled something ("" if none);
    # reverted: its own text says it reverted or rolled back, and it settled nothing.
    __slots__ = ("key", "sid", "harness", "id", "project", "cwd", "path", "title", "started", "updated", "parent", "fid",
                 "records", "gone", "decision", "reverted")

    def __init__(self, key: str, sid: int, harness: str, id: str, project: str, cwd: str, path: str, title: str,
                 started: float, updated: float, parent: str, fid: int, records: int, gone: int = 0,
                 decision: str = "", reverted: int = 0):
        self.key, self.sid, self.harness, self.id, self.project, self.cwd = key, sid, harness, id, project, cwd
        self.path, self.title, self.started, self.updated, self.parent = path, title, started, updated, parent
        self.fid, self.records, self.gone, self.decision, self.reverted = fid, records, gone, decision, reverted


class Curation(Plain):
    __slots__ = ("key", "state", "note", "tags", "note_key", "updated")

    def __init__(self, key: str, state: str, note: str, tags: str, note_key: str, updated: float):
        self.key, self.state, self.note, self.tags, self.note_key, self.updated = key, state, note, tags, note_key, updated


_FILE_COLS = "path, fid, harness, size, mtime_ns, safe_offset, prefix_hash, parser_version, state, error, sessions, records, skipped, redactions"
_SESSION_COLS = (
    "key, sid, harness, id, project, cwd, path, title, started, updated, parent, fid, records, gone, decision, reverted"
)


class Catalog:
    def __init__(self, path: Path, readonly: bool = False):
        self.path = path
        self.readonly = readonly
        try:
            if readonly:
                self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, timeout=10)
                if migrations.pending(self.db):
                    raise StoreError(f"the index at {path.parent} is from an older deja; run `deja index` to upgrade it")
            else:
                fresh = not path.exists()
                self.db = sqlite3.connect(path, isolation_level=None, timeout=30)
                if fresh:
                    os.chmod(path, 0o600)
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                migrations.apply(self.db)
        except sqlite3.DatabaseError as e:
            raise StoreError(f"the index catalog at {path} cannot be opened ({e}); run `deja index --rebuild`") from e

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """BEGIN IMMEDIATE … COMMIT, or ROLLBACK on any error (`with conn:` is not a transaction)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- meta
    def get_meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # -- files
    def files(self) -> dict[str, FileState]:
        return {r[0]: FileState(*r) for r in self.db.execute(f"SELECT {_FILE_COLS} FROM files")}

    def mark_pending(self, items: Iterable[tuple[str, int, str]]) -> None:
        """Before the text index is touched: these files' records are about to change."""
        rows = list(items)
        if rows:
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO files(path, fid, harness, state) VALUES (?, ?, ?, 'pending') "
                    "ON CONFLICT(path) DO UPDATE SET state = 'pending'",
                    rows,
                )

    def mark_errors(self, items: Sequence[tuple[str, int, str, str]]) -> None:
        """Files that could not be read this time: say why, keep what they gave before."""
        if items:
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO files(path, fid, harness, state, error) VALUES (?, ?, ?, 'error', ?) "
                    "ON CONFLICT(path) DO UPDATE SET state = 'error', error = excluded.error",
                    items,
                )

    def commit_files(self, states: Sequence[FileState], sessions: Sequence[SessionRow], replaced: Sequence[int]) -> None:
        """After the text index committed: sessions and file states land together, states last.

        `replaced` are the files whose sessions are replaced whole; `sessions` holds their new
        rows and the merged rows of files that were appended to.
        """
        with self.transaction():
            self.db.executemany("DELETE FROM sessions WHERE fid = ?", [(f,) for f in replaced])
            self.db.executemany(
                f"INSERT OR REPLACE INTO sessions({_SESSION_COLS}) VALUES ({', '.join('?' * 16)})",
                [
                    (s.key, s.sid, s.harness, s.id, s.project, s.cwd, s.path, s.title, s.started, s.updated, s.parent,
                     s.fid, s.records, 0, s.decision, s.reverted)
                    for s in sessions
                ],
            )
            self.db.executemany(
                f"INSERT OR REPLACE INTO files({_FILE_COLS}, indexed_at) VALUES ({', '.join('?' * 15)})",
                [
                    (f.path, f.fid, f.harness, f.size, f.mtime_ns, f.safe_offset, f.prefix_hash, f.parser_version, f.state,
                     f.error, f.sessions, f.records, f.skipped, f.redactions, time.time())
                    for f in states
                ],
            )

    def mark_gone(self, paths: Sequence[str]) -> None:
        """Source files that disappeared: their sessions stay, marked as such."""
        with self.transaction():
            for path in paths:
                self.db.execute("UPDATE files SET state = 'gone' WHERE path = ?", (path,))
                self.db.execute("UPDATE sessions SET gone = 1 WHERE fid = (SELECT fid FROM files WHERE path = ?)", (path,))

    def remove_files(self, paths: Sequence[str]) -> None:
        """Forget files entirely (excluded by the user): rows and sessions."""
        with self.transaction():
            for path in paths:
                self.db.execute("DELETE FROM sessions WHERE fid = (SELECT fid FROM files WHERE path = ?)", (path,))
                self.db.execute("DELETE FROM files WHERE path = ?", (path,))

    def live_fids(self) -> list[tuple[str, int, str]]:
        """(path, fid, harness) of every file whose source still exists (not `gone`)."""
        return list(self.db.execute("SELECT path, fid, harness FROM files WHERE state != 'gone'"))

    def drop_live(self) -> None:
        """For a rebuild: forget every file that can be read again; `gone` history stays."""
        with self.transaction():
            self.db.execute("DELETE FROM sessions WHERE fid IN (SELECT fid FROM files WHERE state != 'gone')")
            self.db.execute("DELETE FROM files WHERE state != 'gone'")

    # -- tombstones
    def tombstoned(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT key FROM tombstones")}

    def tombstones(self) -> list[tuple[str, str, str, float]]:
        return list(self.db.execute("SELECT key, path, title, created FROM tombstones ORDER BY created, key"))

    def forget(self, rows: Sequence[SessionRow]) -> None:
        """Remove sessions for good and tombstone their keys. Their files are marked pending so a
        crash before the text index drops the records is repaired by the next run's re-read."""
        with self.transaction():
            for r in rows:
                self.db.execute("DELETE FROM sessions WHERE key = ?", (r.key,))
                self.db.execute(
                    "INSERT OR REPLACE INTO tombstones(key, path, title, created) VALUES (?, ?, ?, ?)",
                    (r.key, r.path, r.title, time.time()),
                )
                self.db.execute("UPDATE files SET state = 'pending' WHERE fid = ? AND state = 'ok'", (r.fid,))

    def unforget(self, key: str) -> str | None:
        """Drop a tombstone; its file is re-read on the next index. Returns the file, if known."""
        row = self.db.execute("SELECT path FROM tombstones WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        with self.transaction():
            self.db.execute("DELETE FROM tombstones WHERE key = ?", (key,))
            self.db.execute("UPDATE files SET state = 'pending' WHERE path = ? AND state != 'gone'", (row[0],))
        return row[0]

    def clear(self) -> None:
        with self.transaction():
            self.db.execute("DELETE FROM sessions")
            self.db.execute("DELETE FROM files")

    def sessions_by_key(self, keys: Iterable[str]) -> dict[str, SessionRow]:
        ks = list(set(keys))
        out: dict[str, SessionRow] = {}
        for i in range(0, len(ks), 500):
            chunk = ks[i : i + 500]
            q = f"SELECT {_SESSION_COLS} FROM sessions WHERE key IN ({','.join('?' * len(chunk))})"
            for r in self.db.execute(q, chunk):
                out[r[0]] = SessionRow(*r)
        return out

    def select_sessions(self, project: str | None = None, before: float | None = None) -> list[SessionRow]:
        where, args = [], []
        if project:
            where.append("(lower(project) = ? OR cwd = ?)")
            args += [project.lower(), project]
        if before is not None:
            where.append("updated < ?")
            args.append(before)
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        return [SessionRow(*r) for r in self.db.execute(f"SELECT {_SESSION_COLS} FROM sessions {clause} ORDER BY updated", args)]

    # -- sessions
    def sessions_by_sid(self, sids: Iterable[int]) -> dict[int, SessionRow]:
        ids = list(set(sids))
        out: dict[int, SessionRow] = {}
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            q = f"SELECT {_SESSION_COLS} FROM sessions WHERE sid IN ({','.join('?' * len(chunk))})"
            for r in self.db.execute(q, chunk):
                out[r[1]] = SessionRow(*r)
        return out

    def find_sessions(self, prefix: str, limit: int = 20) -> list[SessionRow]:
        """Sessions whose id or key starts with `prefix` (exact matches first)."""
        like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        q = (
            f"SELECT {_SESSION_COLS} FROM sessions WHERE id LIKE ? ESCAPE '\\' OR key LIKE ? ESCAPE '\\' "
            "ORDER BY (id = ? OR key = ?) DESC, updated DESC LIMIT ?"
        )
        return [SessionRow(*r) for r in self.db.execute(q, (like, like, prefix, prefix, limit))]

    def recent_sessions(self, limit: int, harness: str | None = None, project: str | None = None) -> list[SessionRow]:
        where, args = [], []
        if harness:
            where.append("harness = ?")
            args.append(harness)
        if project:
            where.append("lower(project) = ?")
            args.append(project.lower())
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        q = f"SELECT {_SESSION_COLS} FROM sessions {clause} ORDER BY updated DESC, id ASC LIMIT ?"
        return [SessionRow(*r) for r in self.db.execute(q, (*args, limit))]

    def harness_counts(self) -> dict[str, dict[str, int]]:
        """Per harness: files, sessions, records, skipped, redactions, errors."""
        out: dict[str, dict[str, int]] = {}
        q = (
            "SELECT harness, count(*), sum(sessions), sum(records), sum(skipped), sum(redactions), "
            "sum(state = 'error'), sum(state = 'gone') FROM files GROUP BY harness"
        )
        for h, files, sessions, records, skipped, redactions, errors, gone in self.db.execute(q):
            out[h] = {
                "files": files, "sessions": sessions or 0, "records": records or 0,
                "skipped": skipped or 0, "redactions": redactions or 0, "errors": errors or 0, "gone": gone or 0,
            }
        return out

    def harness_spans(self) -> list[tuple[str, int, float, float]]:
        """Per harness with sessions: (harness, sessions, earliest start, latest update), most first."""
        q = ("SELECT harness, count(*), min(CASE WHEN started > 0 THEN started ELSE updated END), max(updated) "
             "FROM sessions GROUP BY harness ORDER BY count(*) DESC, harness")
        return [(h, int(n), float(a or 0), float(b or 0)) for h, n, a, b in self.db.execute(q)]

    def errors(self, harness: str) -> list[tuple[str, str]]:
        q = "SELECT path, error FROM files WHERE harness = ? AND state = 'error' ORDER BY path"
        return list(self.db.execute(q, (harness,)))

    def totals(self) -> tuple[int, int, int]:
        r = self.db.execute("SELECT count(*), coalesce(sum(sessions), 0), coalesce(sum(records), 0) FROM files").fetchone()
        return int(r[0]), int(r[1]), int(r[2])


    # -- what was done with sessions (kept across rebuilds: no source can give them back)
    def count_recalls(self, keys: Sequence[str]) -> None:
        """A search served these sessions: one more recall each. Best effort: a read-only or busy
        catalog skips the count rather than fail the search."""
        if self.readonly or not keys:
            return
        now = time.time()
        try:
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO recalls(key, count, last) VALUES (?, 1, ?) "
                    "ON CONFLICT(key) DO UPDATE SET count = count + 1, last = excluded.last",
                    [(k, now) for k in dict.fromkeys(keys)],
                )
        except sqlite3.OperationalError:
            pass

    def recall_counts(self, keys: Iterable[str]) -> dict[str, int]:
        return dict(self._in("SELECT key, count FROM recalls WHERE key IN ({})", list(set(keys))))

    def set_curation(self, c: Curation) -> None:
        with self.transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO curation(key, state, note, tags, note_key, updated) VALUES (?, ?, ?, ?, ?, ?)",
                (c.key, c.state, c.note, c.tags, c.note_key, c.updated),
            )

    def curation(self, keys: Iterable[str]) -> dict[str, Curation]:
        q = "SELECT key, state, note, tags, note_key, updated FROM curation WHERE key IN ({})"
        return {r[0]: Curation(*r) for r in self._in(q, list(set(keys)))}

    def promoted_notes(self, keys: Iterable[str]) -> set[str]:
        """Which of these sessions are notes sessions holding a note promoted from a transcript."""
        return {r[0] for r in self._in("SELECT DISTINCT note_key FROM curation WHERE note_key IN ({})", list(set(keys)))}

    def _in(self, sql: str, values: list) -> Iterator[tuple]:
        for i in range(0, len(values), 500):
            chunk = values[i : i + 500]
            yield from self.db.execute(sql.format(",".join("?" * len(chunk))), chunk)
