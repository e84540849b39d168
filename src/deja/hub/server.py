"""Talking to the hub: connect, push records, pull records.

Every psycopg failure becomes one `HubError` line naming the hub by its label (user, host,
database; never the password, which is also cut out of the driver's own message).

Push copies a batch into a temporary table, then, holding a transaction-scoped advisory lock,
inserts it with `ON CONFLICT DO NOTHING` on the record key: a record already there (pushed
again, or by another machine) is counted, not added. The lock serialises the inserts of
concurrent pushers (each one's COPY runs outside it), so `id`s become visible in order and a
puller that saw every id up to N never misses a row below N that committed later.

Pull reads, in one repeatable-read snapshot, the rows above this machine's pull watermark that
neither originate here nor were pushed from here, and the highest id in that snapshot, which
becomes the new watermark once sync's import has stored them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any, NamedTuple

from deja.pg import dsn as dsn_rule
from deja.hub import HubError, schema

PUSH_LOCK = 0x64656A6102  # pg_advisory_xact_lock key around each push batch's insert
BATCH = 5000


class Row(NamedTuple):
    """One record as the hub stores it: its key and the parts of it, its project, and sync's
    JSON of the record (deja.hub.transfer makes them)."""

    key: str
    origin: str
    harness: str
    session: str
    time: str | None
    text_hash: str
    project: str
    record: str


class Hub:
    """An open connection to a hub at its current schema."""

    def __init__(self, conn: Any, label: str):
        self.conn = conn
        self.label = label

    def push(self, machine: str, rows: Iterable[Row]) -> tuple[int, int]:
        """Store `rows` pushed by `machine`; (added, already there)."""
        added = sent = 0
        top = 0
        it = iter(rows)
        with self.conn.cursor() as cur:
            cur.execute("CREATE TEMP TABLE IF NOT EXISTS deja_incoming (key TEXT, origin TEXT, harness TEXT, "
                        "session TEXT, time TIMESTAMPTZ, text_hash TEXT, project TEXT, record TEXT) "
                        "ON COMMIT DELETE ROWS")
            self.conn.commit()
            while chunk := list(islice(it, BATCH)):
                with self.conn.transaction():
                    with cur.copy("COPY deja_incoming FROM STDIN") as copy:
                        for r in chunk:
                            copy.write_row(r)
                    cur.execute("SELECT pg_advisory_xact_lock(%s)", (PUSH_LOCK,))
                    cur.execute(
                        "WITH ins AS (INSERT INTO deja_records "
                        "(key, origin, harness, session, time, text_hash, project, record, pushed_by) "
                        "SELECT key, origin, harness, session, time, text_hash, project, record, %s "
                        "FROM deja_incoming "
                        "ON CONFLICT ON CONSTRAINT deja_records_key DO NOTHING RETURNING id) "
                        "SELECT count(*), coalesce(max(id), 0) FROM ins", (machine,))
                    n, high = cur.fetchone()
                    added += n
                    sent += len(chunk)
                    top = max(top, high)
                    cur.execute(
                        "INSERT INTO deja_machines(machine, pushed_id, pushed_at) VALUES (%s, %s, now()) "
                        "ON CONFLICT (machine) DO UPDATE SET pushed_id = greatest(deja_machines.pushed_id, "
                        "excluded.pushed_id), pushed_at = now()", (machine, top))
        return added, sent - added

    @contextmanager
    def pulling(self, machine: str, full: bool = False) -> Iterator[tuple[int, Iterator[str]]]:
        """(the new watermark, sync's JSON of each record above the old one that is not this
        machine's own), in one snapshot. Call `pulled(machine, watermark)` once they are stored."""
        import psycopg

        since = 0 if full else self.watermark(machine)
        self.conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        try:
            with self.conn.transaction():
                with self.conn.cursor() as cur:
                    cur.execute("SELECT coalesce(max(id), 0) FROM deja_records")
                    top = cur.fetchone()[0]
                with self.conn.cursor(name="deja_pull") as named:
                    named.itersize = BATCH
                    named.execute("SELECT record FROM deja_records WHERE id > %s AND id <= %s "
                                  "AND origin <> %s AND pushed_by <> %s ORDER BY id", (since, top, machine, machine))
                    yield max(top, since), (r[0] for r in named)
        finally:
            self.conn.isolation_level = None

    def watermark(self, machine: str) -> int:
        with self.conn.cursor() as cur:
            cur.execute("SELECT pulled_id FROM deja_machines WHERE machine = %s", (machine,))
            row = cur.fetchone()
        self.conn.commit()
        return int(row[0]) if row else 0

    def pulled(self, machine: str, top: int) -> None:
        with self.conn.transaction(), self.conn.cursor() as cur:
            cur.execute(
                "INSERT INTO deja_machines(machine, pulled_id, pulled_at) VALUES (%s, %s, now()) "
                "ON CONFLICT (machine) DO UPDATE SET pulled_id = excluded.pulled_id, pulled_at = now()",
                (machine, top))

    def count(self) -> int:
        with self.conn.cursor() as cur:
            cur.execute("SELECT count(*) FROM deja_records")
            n = int(cur.fetchone()[0])
        self.conn.commit()
        return n


@contextmanager
def connect(dsn: str) -> Iterator[Hub]:
    """The hub at `dsn`, migrated to this deja's schema; closed on the way out."""
    label = dsn_rule.label(dsn)
    with dsn_rule.connected(dsn, f"hub {label}", HubError, "the team hub", extra="hub") as conn:
        schema.ensure(conn, label)
        yield Hub(conn, label)
