"""The SQLite catalog: file states, sessions and metadata. Transactional; WAL for readers."""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from deja import times
from deja.errors import IndexDamaged, NotFound, StoreError
from deja.plain import Plain
from deja.store import migrations, outputs


class FileState(Plain):
    __slots__ = ("path", "fid", "harness", "size", "mtime_ns", "safe_offset", "prefix_hash", "parser_version", "state",
                 "error", "sessions", "records", "skipped", "redactions")

    def __init__(self, path: str, fid: int, harness: str, size: int, mtime_ns: int, safe_offset: int, prefix_hash: str,
                 parser_version: int, state: str, error: str = "", sessions: int = 0, records: int = 0,
                 skipped: int = 0, redactions: int = 0):
        self.path, self.fid, self.harness, self.size, self.mtime_ns = path, fid, harness, size, mtime_ns
        self.safe_offset, self.prefix_hash, self.parser_version, self.state = safe_offset, prefix_hash, parser_version, state
        self.error, self.sessions, self.records, self.skipped, self.redactions = error, sessions, records, skipped, redactions


# `safe_offset` of an error row whose failure holds until the file changes (it inflates past the
# cap, its agent holds it locked): its size, mtime and parser version are those of the failed
# read, and the file is not read again while they match.
UNTIL_CHANGED = -1
TOTALS_KEY = "totals"  # meta: "files sessions records", deleted on any change to the file states (m008)


class FailedFile(Plain):
    """A file that could not be read this time. `until_changed`: reading it again would fail the
    same way until the file changes; `size`, `mtime_ns` and `parser_version` are the read's."""

    __slots__ = ("path", "fid", "harness", "error", "until_changed", "size", "mtime_ns", "parser_version")

    def __init__(self, path: str, fid: int, harness: str, error: str, until_changed: bool = False, size: int = -1,
                 mtime_ns: int = -1, parser_version: int = 0):
        self.path, self.fid, self.harness, self.error = path, fid, harness, error
        self.until_changed, self.size, self.mtime_ns, self.parser_version = until_changed, size, mtime_ns, parser_version


class SessionRow(Plain):
    # decision: the line where the session's assistant settled something ("" if none);
    # reverted: its own text says it reverted or rolled back, and it settled nothing;
    # project: the display name; root: the project itself, a path (deja.projects.root_of).
    # origin: the machine an imported session came from ("" for this machine's own).
    __slots__ = ("key", "sid", "harness", "id", "project", "cwd", "path", "title", "started", "updated", "parent", "fid",
                 "records", "gone", "decision", "reverted", "root", "origin")

    def __init__(self, key: str, sid: int, harness: str, id: str, project: str, cwd: str, path: str, title: str,
                 started: float, updated: float, parent: str, fid: int, records: int, gone: int = 0,
                 decision: str = "", reverted: int = 0, root: str = "", origin: str = ""):
        self.key, self.sid, self.harness, self.id, self.project, self.cwd = key, sid, harness, id, project, cwd
        self.path, self.title, self.started, self.updated, self.parent = path, title, started, updated, parent
        self.fid, self.records, self.gone, self.decision, self.reverted = fid, records, gone, decision, reverted
        self.root, self.origin = root, origin


class Curation(Plain):
    __slots__ = ("key", "state", "note", "tags", "note_key", "updated")

    def __init__(self, key: str, state: str, note: str, tags: str, note_key: str, updated: float):
        self.key, self.state, self.note, self.tags, self.note_key, self.updated = key, state, note, tags, note_key, updated


# Shown ids: at least ID_MIN characters; a plain prefix longer than ID_PLAIN_MAX is shown
# harness-qualified instead when that is shorter. An ambiguous prefix lists this many candidates.
ID_MIN = 8
ID_PLAIN_MAX = 12
AMBIGUOUS_SHOWN = 10
_TOP = "\U0010ffff"  # sorts after every character: `prefix <= x < prefix + _TOP` is "x starts with prefix"


_FILE_COLS = "path, fid, harness, size, mtime_ns, safe_offset, prefix_hash, parser_version, state, error, sessions, records, skipped, redactions"
_SESSION_COLS = (
    "key, sid, harness, id, project, cwd, path, title, started, updated, parent, fid, records, gone, decision, reverted, root, "
    "origin"
)


AUTOCHECKPOINT = 1000  # SQLite's default: a commit that leaves the WAL past this many pages checkpoints it
RECALL_WAL_MAX = 64 * 1024 * 1024  # a recall count checkpoints only a WAL larger than this (count_recalls)


def _wal_size(path: Path) -> int:
    try:
        return os.stat(f"{path}-wal").st_size
    except OSError:
        return 0


# The tables a catalog of this deja has (checked on every open: one read of the schema page).
TABLES = ("files", "sessions", "meta", "tombstones", "recalls", "curation", "outputs", "output_copies")


class Catalog:
    def __init__(self, path: Path, readonly: bool = False):
        self.path = path
        self.readonly = readonly
        self._claims: outputs.Claims | None = None
        try:
            if readonly:
                self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, timeout=10)
                if migrations.pending(self.db):
                    self._check_schema(older_ok=True)
                    raise StoreError(f"the index at {path.parent} is from an older deja; run `deja index` to upgrade it")
            else:
                fresh = not path.exists()
                self.db = sqlite3.connect(path, isolation_level=None, timeout=30)
                if fresh:
                    os.chmod(path, 0o600)
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                migrations.apply(self.db)
            self._check_schema()
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                raise StoreError(f"the index catalog at {path} is busy ({e}); try again in a moment") from e
            raise IndexDamaged(f"the catalog {path} cannot be read ({e})") from e
        except sqlite3.DatabaseError as e:
            raise IndexDamaged(f"the catalog {path} is not a readable database ({e})") from e

    def _check_schema(self, older_ok: bool = False) -> None:
        """Its tables are there (an older catalog, about to be upgraded, may lack the newer ones)."""
        have = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        need = ("files", "sessions", "meta") if older_ok else TABLES
        missing = [t for t in need if t not in have]
        if missing:
            raise IndexDamaged(f"the catalog {self.path} lacks its table(s) {', '.join(missing)}")

    def close(self) -> None:
        self.db.close()

    def quick_check(self) -> str:
        """SQLite's quick_check: "" when it passes, else its first complaints."""
        try:
            rows = self.db.execute("PRAGMA quick_check(3)").fetchall()
        except sqlite3.DatabaseError as e:
            return str(e)
        return "" if rows == [("ok",)] else "; ".join(str(r[0]) for r in rows)

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

    def set_meta(self, key: str, value: str | bytes) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    def del_meta(self, key: str) -> None:
        self.db.execute("DELETE FROM meta WHERE key = ?", (key,))

    # -- files
    def files(self) -> dict[str, FileState]:
        return {r[0]: FileState(*r) for r in self.db.execute(f"SELECT {_FILE_COLS} FROM files")}

    def files_at(self, paths: Sequence[str]) -> dict[str, FileState]:
        """The states of these files only (a few changed files, not the whole table)."""
        out: dict[str, FileState] = {}
        for i in range(0, len(paths), 500):
            chunk = list(paths[i:i + 500])
            q = f"SELECT {_FILE_COLS} FROM files WHERE path IN ({', '.join('?' * len(chunk))})"
            out.update((r[0], FileState(*r)) for r in self.db.execute(q, chunk))
        return out

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

    def mark_errors(self, items: Sequence[FailedFile]) -> None:
        """Files that could not be read this time: say why, keep what they gave before. A failure
        that holds until the file changes records the stat it failed at (UNTIL_CHANGED)."""
        if not items:
            return
        rows = [(f.path, f.fid, f.harness, f.error) for f in items]
        with self.transaction():
            self.db.executemany(
                "INSERT INTO files(path, fid, harness, state, error) VALUES (?1, ?2, ?3, 'error', ?4) "
                "ON CONFLICT(path) DO UPDATE SET state = 'error', error = excluded.error", rows)
            self.db.executemany(
                f"UPDATE files SET size = ?2, mtime_ns = ?3, parser_version = ?4, safe_offset = {UNTIL_CHANGED} "
                "WHERE path = ?1", [(f.path, f.size, f.mtime_ns, f.parser_version) for f in items if f.until_changed])
            # a failure that may pass (permission denied, a parser bug) is tried on every run
            self.db.executemany(
                f"UPDATE files SET safe_offset = 0 WHERE path = ? AND safe_offset = {UNTIL_CHANGED}",
                [(f.path,) for f in items if not f.until_changed])

    def shared(self, replaced: list[int]) -> outputs.Claims:
        """The write batch's shared outputs (store/outputs.py), committed with its file states by
        the next `commit_files`. `replaced`: the batch's list of files read whole."""
        if self._claims is None:
            self._claims = outputs.Claims(self.db, replaced)
        return self._claims

    def commit_files(self, states: Sequence[FileState], sessions: Sequence[SessionRow], replaced: Sequence[int]) -> None:
        """After the text index committed: sessions and file states land together, states last
        (then the batch's shared outputs, which may mark other files pending: store/outputs.py).

        `replaced` are the files whose sessions are replaced whole; `sessions` holds their new
        rows and the merged rows of files that were appended to.
        """
        claims, self._claims = self._claims, None
        with self.transaction():
            self.db.executemany("DELETE FROM sessions WHERE fid = ?", [(f,) for f in replaced])
            self.db.executemany(
                f"INSERT OR REPLACE INTO sessions({_SESSION_COLS}) VALUES ({', '.join('?' * 18)})",
                [
                    (s.key, s.sid, s.harness, s.id, s.project, s.cwd, s.path, s.title, s.started, s.updated, s.parent,
                     s.fid, s.records, 0, s.decision, s.reverted, s.root, s.origin)
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
            # what the replaced files owned and no longer do is released, claims or not
            (claims or outputs.Claims(self.db, [])).commit({f.fid for f in states if f.state == "error"}, replaced)

    def mark_gone(self, paths: Sequence[str]) -> None:
        """Source files that disappeared: their sessions stay, marked as such."""
        with self.transaction():
            for path in paths:
                self.db.execute("UPDATE files SET state = 'gone' WHERE path = ?", (path,))
                self.db.execute("UPDATE sessions SET gone = 1 WHERE fid = (SELECT fid FROM files WHERE path = ?)", (path,))

    def remove_files(self, paths: Sequence[str]) -> None:
        """Forget files entirely (excluded by the user): rows and sessions."""
        with self.transaction():
            outputs.release_files(self.db, [r[0] for p in paths for r in self.db.execute(
                "SELECT fid FROM files WHERE path = ?", (p,))])
            for path in paths:
                self.db.execute("DELETE FROM sessions WHERE fid = (SELECT fid FROM files WHERE path = ?)", (path,))
                self.db.execute("DELETE FROM files WHERE path = ?", (path,))

    def session_keys(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT key FROM sessions")}

    def live_fids(self) -> list[tuple[str, int, str]]:
        """(path, fid, harness) of every file whose source still exists (not `gone`)."""
        return list(self.db.execute("SELECT path, fid, harness FROM files WHERE state != 'gone'"))

    # -- tombstones
    def tombstoned(self) -> set[str]:
        return {r[0] for r in self.db.execute("SELECT key FROM tombstones")}

    def tombstones(self) -> list[tuple[str, str, str, float]]:
        return list(self.db.execute("SELECT key, path, title, created FROM tombstones ORDER BY created, key"))

    def forget(self, rows: Sequence[SessionRow]) -> None:
        """Remove sessions for good and tombstone their keys. Their files are marked pending so a
        crash before the text index drops the records is repaired by the next run's re-read."""
        with self.transaction():
            outputs.release_sessions(self.db, [r.sid for r in rows])
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

    def sessions_by_key(self, keys: Iterable[str]) -> dict[str, SessionRow]:
        ks = list(set(keys))
        out: dict[str, SessionRow] = {}
        for i in range(0, len(ks), 500):
            chunk = ks[i : i + 500]
            q = f"SELECT {_SESSION_COLS} FROM sessions WHERE key IN ({','.join('?' * len(chunk))})"
            for r in self.db.execute(q, chunk):
                out[r[0]] = SessionRow(*r)
        return out

    def select_sessions(self, root: str | None = None, before: float | None = None) -> list[SessionRow]:
        """Sessions of one project (its exact path: deja.projects.resolve), updated before a time."""
        where: list[str] = []
        args: list[object] = []
        if root:
            where.append("(root = ? OR cwd = ?)")
            args += [root, root]
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
        """Sessions whose id, or `harness:id` key, starts with `prefix` (exact matches first).

        Range queries on the id and key indexes, case-sensitive as the ids are."""
        if not prefix.isascii():  # (a lone surrogate, an argument's undecodable byte, cannot be bound)
            prefix = prefix.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
        hi = prefix + _TOP
        q = (
            f"SELECT {_SESSION_COLS} FROM sessions WHERE (id >= ? AND id < ?) OR (key >= ? AND key < ?) "
            "ORDER BY (id = ? OR key = ?) DESC, updated DESC LIMIT ?"
        )
        return [SessionRow(*r) for r in self.db.execute(q, (prefix, hi, prefix, hi, prefix, prefix, limit))]

    def resolve(self, ident: str) -> SessionRow:
        """The one session an id, `harness:id` or a unique prefix of either names; NotFound
        otherwise, an ambiguous prefix listing its candidates (harness, date, title)."""
        ident = ident.strip()
        matches = self.find_sessions(ident, AMBIGUOUS_SHOWN + 1) if ident else []
        exact = [m for m in matches if m.id == ident or m.key == ident]
        if len(exact) == 1 or (exact and any(m.key == ident for m in exact)):
            return next((m for m in exact if m.key == ident), exact[0])
        if not matches:
            raise NotFound(f"no session with id {ident!r}; `deja last` lists recent sessions")
        if len(matches) == 1:
            return matches[0]
        shown = exact or matches
        hi = ident + _TOP
        n = len(exact) or self.db.execute(
            "SELECT count(*) FROM sessions WHERE (id >= ? AND id < ?) OR (key >= ? AND key < ?)", (ident, hi, ident, hi)
        ).fetchone()[0]
        from deja.times import when  # the error path only

        ids = self.display_ids(shown[:AMBIGUOUS_SHOWN])
        lines = [f"  {ids[m.key]}  {m.harness}  {when(m.updated or m.started)}  {m.title[:60]}" for m in shown[:AMBIGUOUS_SHOWN]]
        more = [f"  … and {n - AMBIGUOUS_SHOWN} more"] if n > AMBIGUOUS_SHOWN else []
        raise NotFound("\n".join([f"{ident!r} matches {n} sessions; give more of the id, one of:", *lines, *more]))

    def display_ids(self, rows: Iterable[SessionRow]) -> dict[str, str]:
        """key -> the id to show for it: the shortest prefix that `resolve` maps back to it alone,
        git-style (at least ID_MIN characters). Past ID_PLAIN_MAX characters, or when another
        harness has the very same id, `harness:` + the prefix unique within its harness. Four
        indexed range queries per row (its neighbours by id and by key), never a scan."""
        out: dict[str, str] = {}
        for r in rows:
            if r.key in out:
                continue
            n_all, same = self._shared(r.id, r.key, "id", "")
            n_own, _ = self._shared(r.key, r.key, "key", r.harness + ":")
            n_own -= len(r.harness) + 1
            plain = max(ID_MIN, n_all + 1)
            own = max(ID_MIN, n_own + 1)
            if not same and (plain <= ID_PLAIN_MAX or own >= plain):
                out[r.key] = r.id[:plain]
            else:
                out[r.key] = f"{r.harness}:{r.id[:own]}"
        return out

    def _shared(self, value: str, key: str, col: str, floor: str) -> tuple[int, bool]:
        """The longest prefix `value` shares with its neighbours in `col` (other sessions, values
        starting with `floor`), and whether a neighbour is the same value."""
        best, same = 0, False
        for op, order in (("<=", "DESC"), (">=", "ASC")):
            row = self.db.execute(
                f"SELECT {col} FROM sessions WHERE {col} {op} ? AND {col} >= ? AND {col} < ? AND key != ? "
                f"ORDER BY {col} {order} LIMIT 1", (value, floor, floor + _TOP, key)).fetchone()
            if row:
                other = row[0]
                n = len(os.path.commonprefix([value, other]))
                same = same or other == value
                best = max(best, n)
        return best, same

    def recent_sessions(self, limit: int, harness: str | None = None, root: str | None = None,
                        origin: str | None = None) -> list[SessionRow]:
        where, args = [], []
        if origin is not None:
            where.append("origin = ?")
            args.append(origin)
        if harness:
            where.append("harness = ?")
            args.append(harness)
        if root:
            where.append("(root = ? OR cwd = ?)")
            args += [root, root]
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        q = f"SELECT {_SESSION_COLS} FROM sessions {clause} ORDER BY updated DESC, id ASC LIMIT ?"
        return [SessionRow(*r) for r in self.db.execute(q, (*args, limit))]

    # -- projects (paths: deja.projects)
    def has_project(self, path: str) -> bool:
        q = "SELECT 1 FROM sessions WHERE root = ? OR cwd = ? LIMIT 1"
        return self.db.execute(q, (path, path)).fetchone() is not None

    def project_roots(self, name: str) -> list[str]:
        """The project paths a name may mean: roots whose last part, or whose sessions' directory
        name, is `name` (case-insensitive)."""
        from deja.projects import name_of

        want = name.lower()
        q = "SELECT DISTINCT root, project FROM sessions WHERE root != ''"
        return sorted({root for root, project in self.db.execute(q)
                       if name_of(root).lower() == want or (project or "").lower() == want})

    def project_sids(self, root: str) -> list[int]:
        return [r[0] for r in self.db.execute("SELECT sid FROM sessions WHERE root = ? OR cwd = ?", (root, root))]

    # -- origins (deja.sync: sessions other machines sent carry the machine's name)
    def origins(self) -> list[str]:
        """The machines imported sessions came from."""
        return [r[0] for r in self.db.execute("SELECT DISTINCT origin FROM sessions WHERE origin != '' ORDER BY origin")]

    def origin(self, value: str) -> str:
        """What `--from` names: `local` (this machine's own: "") or a machine imported sessions
        came from; NotFound, naming the machines there are, otherwise."""
        if value == "local":
            return ""
        if self.db.execute("SELECT 1 FROM sessions WHERE origin = ? LIMIT 1", (value,)).fetchone():
            return value
        known = ", ".join(["local", *self.origins()])
        raise NotFound(f"no sessions from machine {value!r}; --from takes one of: {known}")

    def origin_sids(self, origin: str) -> list[int] | None:
        """The session ids from one origin ("" for this machine's own); None when that is every
        session (nothing was imported)."""
        if origin == "" and not self.db.execute("SELECT 1 FROM sessions WHERE origin != '' LIMIT 1").fetchone():
            return None
        return [r[0] for r in self.db.execute("SELECT sid FROM sessions WHERE origin = ?", (origin,))]

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

    def last_indexed(self) -> float:
        """When an index run last wrote a file's state (0: never)."""
        return float(self.db.execute("SELECT coalesce(max(indexed_at), 0) FROM files").fetchone()[0])

    def totals(self, keep: bool = False) -> tuple[int, int, int]:
        """(files, sessions, records), as kept in meta `totals` (m008's triggers drop it on any change
        to the file states) or summed; `keep`: a writer holding the lock keeps what it summed."""
        kept = self.get_meta(TOTALS_KEY)
        if isinstance(kept, str) and len(got := kept.split()) == 3 and all(g.isdigit() for g in got):
            return int(got[0]), int(got[1]), int(got[2])
        r = self.db.execute("SELECT count(*), coalesce(sum(sessions), 0), coalesce(sum(records), 0) FROM files").fetchone()
        out = int(r[0]), int(r[1]), int(r[2])
        if keep and not self.readonly:
            with self.transaction():
                self.set_meta(TOTALS_KEY, " ".join(map(str, out)))
        return out


    # -- what was done with sessions (kept across rebuilds: no source can give them back)
    def count_recalls(self, keys: Sequence[str]) -> None:
        """A search served these sessions: one more recall each. Best effort: a read-only or busy
        catalog skips the count rather than fail the search."""
        if self.readonly or not keys:
            return
        now = time.time()
        # A count is a row or two: it never checkpoints. A commit that finds the WAL past 1,000
        # pages checkpoints it (the catalog written and fsynced, 20-70 ms on a busy disk), and
        # after a build the WAL stays past that while only such one-commit processes write (none
        # restarts it), so every search paid it. The writers checkpoint; a WAL that has grown
        # past RECALL_WAL_MAX anyway (searches and no writer for a long time) is checkpointed here.
        spare = _wal_size(self.path) < RECALL_WAL_MAX
        try:
            if spare:
                self.db.execute("PRAGMA wal_autocheckpoint=0")
            with self.transaction():
                self.db.executemany(
                    "INSERT INTO recalls(key, count, last) VALUES (?, 1, ?) "
                    "ON CONFLICT(key) DO UPDATE SET count = count + 1, last = excluded.last",
                    [(k, now) for k in dict.fromkeys(keys)],
                )
        except sqlite3.OperationalError:
            pass
        finally:
            if spare:
                self.db.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT}")

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

    # -- a rebuild's carry-over (store/salvage.py reads, rebuild.py writes)
    def carry(self, table: str, rows: Sequence[tuple]) -> None:
        """Rows read from the generation a rebuild replaces, written as they were."""
        cols = CARRIED[table]
        if rows:
            with self.transaction():
                self.db.executemany(
                    f"INSERT OR REPLACE INTO {table}({cols}) VALUES ({', '.join('?' * (cols.count(',') + 1))})", rows
                )


# What a rebuild carries from the generation it replaces: what no source can give back (the
# files and sessions of sources that are gone) and what people and agents did with sessions.
CARRIED = {
    "files": _FILE_COLS,
    "sessions": _SESSION_COLS,
    "tombstones": "key, path, title, created",
    "curation": "key, state, note, tags, note_key, updated",
    "recalls": "key, count, last",
    "outputs": "digest, sid, seq, fid",  # read only, to give a carried copy its text (ingest.rebuild)
}


def session_json(s: SessionRow) -> dict:
    """A session row as every --json answer and MCP tool shows it (docs/cli.md)."""
    return {
        "harness": s.harness,
        "id": s.id,
        "project": s.project,
        "path": s.path,
        "title": s.title,
        "started": times.iso(s.started),
        "updated": times.iso(s.updated),
        "cwd": s.cwd,
        "parent": s.parent or None,
        "records": s.records,
        "source_gone": bool(s.gone),
        "origin": s.origin or None,  # the machine an imported session came from (deja sync)
    }
