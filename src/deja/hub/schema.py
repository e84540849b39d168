"""The hub's tables, as named, append-only migrations applied in order on first contact.

Like the catalog's (deja/store/migrations.py): never edit or rename a migration that has
shipped, add one. A migration's version is its place in the list; `deja_schema` holds one row
per applied migration. A hub whose `deja_schema` holds a version this deja does not know was
migrated by a newer deja, and is refused (`HubError`): an older deja might write rows the newer
one reads wrong. Migrating takes a transaction-scoped advisory lock, so two machines meeting a
new hub at once do not both create it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deja.hub import HubError
from deja.store.migrations import registrar

Migration = Callable[[Any], None]  # takes a psycopg cursor inside the migrating transaction
MIGRATIONS: list[tuple[str, Migration]] = []
migration = registrar(MIGRATIONS)
SCHEMA_LOCK = 0x64656A6101  # pg_advisory_xact_lock key while migrating ("deja" 1)


@migration
def m001_records(cur: Any) -> None:
    """One append-only table of redacted records, keyed as sync keys them: `key` is
    deja.sync.format.key, the hash of origin, harness, session id, time (to the second) and the
    hash of the text, which are columns too (`time` is NULL when the record has none). `record`
    is sync's JSON object of the record. `id` orders arrivals: a puller asks for the ids above
    the last it pulled. `pushed_by` is the machine whose push added the row (the origin may be
    another: records travel on). One row per machine in `deja_machines`: the highest id its
    pushes added and the highest it pulled (its pull watermark)."""
    cur.execute("""
        CREATE TABLE deja_records (
            id BIGSERIAL PRIMARY KEY,
            key TEXT NOT NULL,
            origin TEXT NOT NULL,
            harness TEXT NOT NULL,
            session TEXT NOT NULL,
            time TIMESTAMPTZ,
            text_hash TEXT NOT NULL,
            project TEXT NOT NULL DEFAULT '',
            pushed_by TEXT NOT NULL,
            pushed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            record TEXT NOT NULL,         -- JSON text: JSONB refuses an escaped NUL
            CONSTRAINT deja_records_key UNIQUE (key)
        )""")
    cur.execute("CREATE INDEX deja_records_project ON deja_records (project)")
    cur.execute("""
        CREATE TABLE deja_machines (
            machine TEXT PRIMARY KEY,
            pushed_id BIGINT NOT NULL DEFAULT 0,
            pushed_at TIMESTAMPTZ,
            pulled_id BIGINT NOT NULL DEFAULT 0,
            pulled_at TIMESTAMPTZ
        )""")


VERSION = len(MIGRATIONS)


def ensure(conn: Any, label: str) -> list[str]:
    """Bring the hub at `conn` to this deja's schema; the names applied. Refuses a newer hub."""
    with conn.cursor() as cur:
        cur.execute("SELECT to_regclass('deja_schema') IS NOT NULL")
        if cur.fetchone()[0]:
            cur.execute("SELECT coalesce(max(version), 0) FROM deja_schema")
            have = cur.fetchone()[0]
            _refuse_newer(have, label)
            if have == VERSION:
                conn.commit()
                return []
        conn.commit()
    applied: list[str] = []
    with conn.transaction(), conn.cursor() as cur:
        cur.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        cur.execute("""CREATE TABLE IF NOT EXISTS deja_schema (
                           version INTEGER PRIMARY KEY,
                           name TEXT NOT NULL UNIQUE,
                           applied_at TIMESTAMPTZ NOT NULL DEFAULT now())""")
        cur.execute("SELECT version, name FROM deja_schema")
        done = dict(cur.fetchall())
        _refuse_newer(max(done, default=0), label)
        for version, (name, fn) in enumerate(MIGRATIONS, 1):
            if version in done:
                if done[version] != name:
                    raise HubError(f"hub {label}: its migration {version} is {done[version]!r}, not {name!r}: "
                                   "it was made by another program; give deja a database of its own")
                continue
            fn(cur)
            cur.execute("INSERT INTO deja_schema(version, name) VALUES (%s, %s)", (version, name))
            applied.append(name)
    return applied


def _refuse_newer(have: int, label: str) -> None:
    if have > VERSION:
        raise HubError(f"hub {label} has schema version {have}, newer than this deja's ({VERSION}): "
                       "upgrade deja on this machine (pip install -U deja) before pushing or pulling")
