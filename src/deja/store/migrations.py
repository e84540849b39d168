"""Named, append-only catalog migrations, applied in order when the catalog opens.

Never edit or rename a migration that has shipped: add a new one. Each step commits together
with its bookkeeping row, or not at all.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs a search ~3 ms to import; F appears only in annotations
    from typing import TypeVar

    F = TypeVar("F", bound=Callable[..., None])

Migration = Callable[[sqlite3.Connection], None]
MIGRATIONS: list[tuple[str, Migration]] = []


def registrar(registry: list[tuple[str, F]]) -> Callable[[F], F]:
    """A decorator that appends a migration to `registry` under its function's name, in the
    order they are defined; a name twice is a bug. (The team hub's schema uses one too.)"""

    def register(fn: F) -> F:
        if any(name == fn.__name__ for name, _ in registry):
            raise ValueError(f"duplicate migration {fn.__name__}")
        registry.append((fn.__name__, fn))
        return fn

    return register


migration = registrar(MIGRATIONS)


@migration
def m001_initial(db: sqlite3.Connection) -> None:
    _script(
        db,
        """
        CREATE TABLE IF NOT EXISTS files (
            path TEXT PRIMARY KEY,
            fid INTEGER NOT NULL UNIQUE,   -- stable hash of path: the text index's key for its records
            harness TEXT NOT NULL,
            size INTEGER NOT NULL DEFAULT -1,
            mtime_ns INTEGER NOT NULL DEFAULT -1,
            safe_offset INTEGER NOT NULL DEFAULT 0,
            prefix_hash TEXT NOT NULL DEFAULT '',
            parser_version INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL,           -- pending | ok | error
            error TEXT NOT NULL DEFAULT '',
            sessions INTEGER NOT NULL DEFAULT 0,
            records INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            redactions INTEGER NOT NULL DEFAULT 0,
            indexed_at REAL NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS files_harness ON files(harness);
        CREATE TABLE IF NOT EXISTS sessions (
            key TEXT PRIMARY KEY,          -- harness:id
            sid INTEGER NOT NULL UNIQUE,   -- stable hash of key: the text index's session field
            harness TEXT NOT NULL,
            id TEXT NOT NULL,
            project TEXT NOT NULL DEFAULT '',
            cwd TEXT NOT NULL DEFAULT '',
            path TEXT NOT NULL DEFAULT '',
            title TEXT NOT NULL DEFAULT '',
            started REAL NOT NULL DEFAULT 0,
            updated REAL NOT NULL DEFAULT 0,
            parent TEXT NOT NULL DEFAULT '',
            fid INTEGER NOT NULL,
            records INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS sessions_updated ON sessions(updated);
        CREATE INDEX IF NOT EXISTS sessions_id ON sessions(id);
        CREATE INDEX IF NOT EXISTS sessions_fid ON sessions(fid);
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """
    )


@migration
def m002_retention(db: sqlite3.Connection) -> None:
    """Sessions whose source file disappeared are kept (marked `gone`); forgotten ones leave a
    tombstone so no later index brings them back."""
    _script(
        db,
        """
        ALTER TABLE sessions ADD COLUMN gone INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE IF NOT EXISTS tombstones (
            key TEXT PRIMARY KEY,
            path TEXT NOT NULL DEFAULT '',
            title TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL
        )
        """,
    )


@migration
def m003_ranking_and_curation(db: sqlite3.Connection) -> None:
    """Per-session ranking signals the indexer computes (the decision line, whether the session
    reverted and settled nothing), and what people and agents did with sessions: how often a
    search served each one, and the state a person gave it with `deja promote`. The last two are
    keyed by session key and are not re-readable from any source, so they outlive rebuilds."""
    _script(
        db,
        """
        ALTER TABLE sessions ADD COLUMN decision TEXT NOT NULL DEFAULT '';
        ALTER TABLE sessions ADD COLUMN reverted INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE IF NOT EXISTS recalls (
            key TEXT PRIMARY KEY,          -- harness:id of the session served
            count INTEGER NOT NULL DEFAULT 0,
            last REAL NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS curation (
            key TEXT PRIMARY KEY,          -- harness:id of the session promoted
            state TEXT NOT NULL,           -- accepted | rejected | superseded | stale
            note TEXT NOT NULL DEFAULT '',
            tags TEXT NOT NULL DEFAULT '',
            note_key TEXT NOT NULL DEFAULT '',  -- the notes session that holds the distilled note
            updated REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS curation_note_key ON curation(note_key)
        """,
    )


@migration
def m004_fresh_snapshot(db: sqlite3.Connection) -> None:
    """The snapshot a full freshness check leaves (meta `fresh`, deja/ingest/fresh.py) vouches for the file
    states as they were: any change to them deletes it, in the same transaction."""
    for event in ("INSERT", "UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER IF NOT EXISTS files_{event.lower()}_fresh AFTER {event} ON files "
            "BEGIN DELETE FROM meta WHERE key = 'fresh'; END"
        )


@migration
def m005_project_paths(db: sqlite3.Connection) -> None:
    """A project is a path (deja.projects): each session's `root` is the git root of its working
    directory, else the directory. Existing rows get it here from their `cwd`; the indexer writes
    it from then on. Notes sessions are one per project path and day now (their ids carry a hash
    of the path): their file is re-read (the notes source's version went up), and a promoted
    transcript's `note_key` is moved to the notes session of its own directory."""
    from deja.projects import root_of
    from deja.sources.notes import session_id

    _script(
        db,
        """
        ALTER TABLE sessions ADD COLUMN root TEXT NOT NULL DEFAULT '';
        CREATE INDEX IF NOT EXISTS sessions_root ON sessions(root);
        CREATE INDEX IF NOT EXISTS sessions_cwd ON sessions(cwd)
        """,
    )
    cwds = [r[0] for r in db.execute("SELECT DISTINCT cwd FROM sessions WHERE cwd != ''")]
    db.executemany("UPDATE sessions SET root = ? WHERE cwd = ?", [(root_of(c), c) for c in cwds])
    try:
        rows = list(db.execute(
            "SELECT c.key, c.note_key, s.cwd, s.project FROM curation c JOIN sessions s ON s.key = c.key "
            "WHERE c.note_key LIKE 'notes:%'"))
    except sqlite3.OperationalError:
        rows = []
    for key, note_key, cwd, project in rows:
        try:  # the old id is `<name>-<YYYY-MM-DD>`: noon of that day lands in the same day's session
            ts = time.mktime(time.strptime(note_key[-10:], "%Y-%m-%d")) + 43200
        except ValueError:
            ts = 0.0  # `<name>-undated`
        db.execute("UPDATE curation SET note_key = ? WHERE key = ?", (f"notes:{session_id(cwd or project, ts)}", key))


@migration
def m006_session_origin(db: sqlite3.Connection) -> None:
    """Sessions another machine sent (`deja sync import`) carry the machine they came from;
    "" is this machine's own. `--from MACHINE|local` filters on it."""
    _script(
        db,
        """
        ALTER TABLE sessions ADD COLUMN origin TEXT NOT NULL DEFAULT '';
        CREATE INDEX IF NOT EXISTS sessions_origin ON sessions(origin)
        """,
    )


@migration
def m007_shared_outputs(db: sqlite3.Connection) -> None:
    """Identical large tool outputs are stored once (store/outputs.py): each text's owner, and
    the sessions holding a copy of it."""
    _script(
        db,
        """
        CREATE TABLE IF NOT EXISTS outputs (digest TEXT PRIMARY KEY, sid INTEGER NOT NULL, seq INTEGER NOT NULL,
                                            fid INTEGER NOT NULL) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS outputs_fid ON outputs(fid);
        CREATE TABLE IF NOT EXISTS output_copies (digest TEXT NOT NULL, sid INTEGER NOT NULL, fid INTEGER NOT NULL);
        CREATE INDEX IF NOT EXISTS output_copies_digest ON output_copies(digest);
        CREATE INDEX IF NOT EXISTS output_copies_fid ON output_copies(fid);
        CREATE INDEX IF NOT EXISTS output_copies_sid ON output_copies(sid)
        """,
    )


@migration
def m008_file_totals(db: sqlite3.Connection) -> None:
    """The index's totals (files, sessions, records: `Catalog.totals`) kept in meta `totals` by a
    writer, so a read does not sum the files table (~4 ms at 5 GiB): any change to the file states
    deletes them, in the same transaction, as m004 does the freshness snapshot."""
    for event in ("INSERT", "UPDATE", "DELETE"):
        db.execute(
            f"CREATE TRIGGER IF NOT EXISTS files_{event.lower()}_totals AFTER {event} ON files "
            "BEGIN DELETE FROM meta WHERE key = 'totals'; END"
        )


def pending(db: sqlite3.Connection) -> list[str]:
    """Migrations not yet applied (read-only check)."""
    try:
        done = {row[0] for row in db.execute("SELECT name FROM migrations")}
    except sqlite3.OperationalError:
        done = set()
    return [name for name, _ in MIGRATIONS if name not in done]


def apply(db: sqlite3.Connection) -> list[str]:
    """Apply pending migrations; returns the names applied."""
    db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    done = {row[0] for row in db.execute("SELECT name FROM migrations")}
    applied = []
    for name, fn in MIGRATIONS:
        if name in done:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            fn(db)
            db.execute("INSERT INTO migrations(name, applied_at) VALUES (?, ?)", (name, time.time()))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        applied.append(name)
    return applied


def _script(db: sqlite3.Connection, script: str) -> None:
    """Run `;`-separated statements inside the caller's transaction (executescript would commit)."""
    for stmt in script.split(";"):
        if stmt.strip():
            db.execute(stmt)
