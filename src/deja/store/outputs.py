"""Identical large tool outputs, stored and indexed once.

The same file read fifty times, the same build log in every session that ran the build: a tool
output of at least SHARE_BYTES, or one the cap cut to its head and tail, as it is stored
(redacted, unblobbed, capped: ingest.prepare), is keyed by a hash of its text. The first record with a key *owns* it: its text is stored and
indexed as any record's. Every later record with that key is a *copy*: it is stored as a marker
naming the key and the size (`[identical output, 12,345 bytes, stored once: #<key>]`) and not
indexed, so a search finds the text through its owner's session, once. Reading a session
(`Store.records`: show, export, sync, handoff, the web page) puts the owner's text in each copy's
place, so every session still reads whole.

The catalog's `outputs` table names each key's owner (session, record, file); `output_copies`
names the sessions and files holding a copy. When the owner's records leave the index (its file
read again whole without it, its session forgotten, its file excluded) the key is *released*: its
row goes and the files holding copies are marked pending, so the next run reads them whole and
the first of them owns the key. These rows change in the catalog transactions that record the
file states (`commit_files`, `forget`, `remove_files`), so a crash leaves them as consistent
with the text index as the states are: a file pending is read again whole, releasing what it held.
Lost: a search for the text finds one session, not every session that holds it (a path or a
command still finds each, their records are not shared); a copy in a file that is gone from disk
cannot be read again, so if its owner is forgotten the copy shows its marker.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence

# Chosen by measurement (docs/benchmarks.md "Issue 18, session 5"): below this, identical outputs
# are statuses and short listings ("ok", a test summary) that people do search per session;
# above it, file contents and logs, whose repeats are what make an index grow.
SHARE_BYTES = 4096
TOOL_OUTPUT = 4  # roles.ROLE_CODE[Role.TOOL_OUTPUT] (store imports no roles module; never renumbered)
_MARK = "[identical output, "
_MARKER = re.compile(r"\[identical output, [\d,]+ bytes, stored once: #([0-9a-f]{32})\]")


def key(body: bytes) -> str:
    """128 bits of SHA-256: twice blake2b's speed where the CPU has SHA instructions (measured,
    docs/benchmarks.md), and a collision nobody can make on purpose."""
    import hashlib  # here: a search that reads no copy never loads OpenSSL (see store.stable_id)

    return hashlib.sha256(body).hexdigest()[:32]


def shareable(role: int, body: bytes, cut: bool = False) -> tuple[str, int] | None:
    """(key, size) of a record that may be stored once, None for any other. `cut`: the record was
    cut to its head and tail (ingest.prepare's cap), so it was large whatever its length now. Run
    where the record is prepared (a parse worker for a large write), so the writer hashes nothing."""
    if role != TOOL_OUTPUT or (len(body) < SHARE_BYTES and not cut):
        return None
    return key(body), len(body)


def marker(k: str, size: int) -> bytes:
    return f"{_MARK}{size:,} bytes, stored once: #{k}]".encode()


def copy_key(text: str) -> str | None:
    """The key a stored record's text is a copy of, or None when it is text of its own."""
    if not text.startswith(_MARK):
        return None
    m = _MARKER.fullmatch(text)
    return m.group(1) if m else None


class Claims:
    """One write batch's view of the keys: what it claims and copies. The writer hands `stored`
    every large record it adds; `commit` runs in the batch's catalog transaction
    (Catalog.commit_files). `replaced`: the batch's files whose records are written anew (the
    writer's own list, which grows as the batch does): what they owned is theirs to claim again."""

    __slots__ = ("db", "replaced", "owned", "copies")

    def __init__(self, db: sqlite3.Connection, replaced: list[int]):
        self.db, self.replaced = db, replaced
        self.owned: dict[str, tuple[int, int, int]] = {}  # key -> (sid, seq, fid) of its new owner
        self.copies: list[tuple[str, int, int]] = []  # (key, sid, fid)

    def stored(self, sid: int, seq: int, fid: int, k: str, size: int) -> bytes | None:
        """One large record's claim on its key (`shareable`): the marker to store and index in
        its place when an earlier record owns the same text, else None (the record is stored as
        it is and, if no one owned the key, now owns it)."""
        if k not in self.owned:
            row = self.db.execute("SELECT fid FROM outputs WHERE digest = ?", (k,)).fetchone()
            if row is None or row[0] in self.replaced:
                self.owned[k] = (sid, seq, fid)
                return None
        self.copies.append((k, sid, fid))
        return marker(k, size)

    def commit(self, failed: set[int], replaced: Sequence[int]) -> None:
        """Inside the batch's transaction, after the file states. `failed`: files whose records
        did not make it (their claims and copies go). The keys the replaced files owned and no
        record claimed again are released (their copies' files marked pending)."""
        db = self.db
        owned = {k: v for k, v in self.owned.items() if v[2] not in failed}
        lost = {k for k, v in self.owned.items() if v[2] in failed}
        lost.update(k for fid in replaced for (k,) in db.execute("SELECT digest FROM outputs WHERE fid = ?", (fid,)))
        db.executemany("DELETE FROM output_copies WHERE fid = ?", [(f,) for f in replaced])
        db.executemany("INSERT OR REPLACE INTO outputs(digest, sid, seq, fid) VALUES (?, ?, ?, ?)",
                       [(k, *v) for k, v in owned.items()])
        db.executemany("INSERT INTO output_copies(digest, sid, fid) VALUES (?, ?, ?)",
                       [c for c in self.copies if c[2] not in failed])
        release(db, lost - owned.keys())


def release(db: sqlite3.Connection, keys: Iterable[str]) -> None:
    """The owners of `keys` are gone: the keys are free, and every file holding a copy is read
    again whole by the next run (the first copy read then owns the key). In the caller's
    transaction."""
    for k in keys:
        db.execute("DELETE FROM outputs WHERE digest = ?", (k,))
        db.execute("UPDATE files SET state = 'pending' WHERE state = 'ok' AND fid IN "
                   "(SELECT fid FROM output_copies WHERE digest = ?)", (k,))


def release_sessions(db: sqlite3.Connection, sids: Sequence[int]) -> None:
    """Sessions leave the index for good (forgotten): their copies go, their keys are released.
    (A scan of `outputs` per session: forgetting is rare, and an index on sid would cost every
    claim an update.)"""
    keys = [k for sid in sids for (k,) in db.execute("SELECT digest FROM outputs WHERE sid = ?", (sid,))]
    db.executemany("DELETE FROM output_copies WHERE sid = ?", [(s,) for s in sids])
    release(db, keys)


def release_files(db: sqlite3.Connection, fids: Sequence[int]) -> None:
    """Files leave the index (excluded): the same, by file."""
    keys = [k for fid in fids for (k,) in db.execute("SELECT digest FROM outputs WHERE fid = ?", (fid,))]
    db.executemany("DELETE FROM output_copies WHERE fid = ?", [(f,) for f in fids])
    release(db, keys)


def owners(db: sqlite3.Connection, keys: Iterable[str]) -> dict[str, tuple[int, int]]:
    """key -> (sid, seq) of its owner, for the keys that have one."""
    out = {}
    for k in set(keys):
        row = db.execute("SELECT sid, seq FROM outputs WHERE digest = ?", (k,)).fetchone()
        if row:
            out[k] = (row[0], row[1])
    return out


def stored(db: sqlite3.Connection) -> tuple[int, int]:
    """(keys owned, copies) in the catalog: what `deja` stores once, and how many times it did not
    store it again."""
    owned = db.execute("SELECT count(*) FROM outputs").fetchone()[0]
    copies = db.execute("SELECT count(*) FROM output_copies").fetchone()[0]
    return owned, copies
