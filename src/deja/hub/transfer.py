"""`deja sync push` and `deja sync pull`: sync's export into the hub, the hub into sync's import.

Push sends only the shared projects (deja.hub.shared; nothing when none is) through
`deja.sync.export.Export` with the hub's own watermarks (destination `hub:<label>`, per source
and project, so a project shared later is sent whole); they move only after the hub committed
every batch. Pull hands every record above this machine's pull watermark to
`deja.sync.imports.import_records`, then moves the watermark on the hub and brings the index up
to date: pulled sessions are searched locally like any imported ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from deja.pg import dsn as dsn_rule
from deja.hub import HubError, server, shared
from deja.sync import format


@dataclass
class Pushed:
    machine: str
    hub: str
    projects: list[str]
    sent: int = 0
    sessions: int = 0
    added: int = 0
    duplicate: int = 0


def push(dsn: str, full: bool = False) -> Pushed:
    """Push this machine's shared projects to the hub at `dsn` (everything again with `full`)."""
    from deja.sync.export import Export

    projects = shared.shared()
    label = dsn_rule.label(dsn)
    if not projects:
        raise HubError("nothing is shared, so nothing was pushed: share a project first "
                       "(deja sync share ~/src/shop); `deja sync shared` lists what is")
    with server.connect(dsn) as hub:
        ex = Export(destination=f"hub:{label}", full=full, projects=projects)
        added, duplicate = hub.push(ex.me, rows(ex.records()))
        ex.commit()
    return Pushed(ex.me, label, projects, ex.exported, ex.sessions, added, duplicate)


def rows(records: Iterable[dict]) -> Iterator[server.Row]:
    """The hub's row of each of sync's records."""
    import msgspec

    enc = msgspec.json.Encoder()
    for rec in records:
        try:
            body = enc.encode(rec).decode()
        except (UnicodeEncodeError, msgspec.EncodeError):  # a lone surrogate: as JSON escapes
            import json

            body = json.dumps(rec, ensure_ascii=True)
        yield server.Row(format.key(rec), _col(rec["origin"]), _col(rec["harness"]), _col(rec["session_id"]),
                         rec.get("time"), format.text_hash(rec["text"]), _col(rec["project"]), body)


def _col(value: str) -> str:
    """A key part as a PostgreSQL text column can hold it (no NUL, valid UTF-8); the record's
    JSON keeps it exact."""
    if value.isascii() and "\x00" not in value:
        return value
    return value.replace("\x00", "\ufffd").encode("utf-8", "replace").decode("utf-8")


def pull(dsn: str, full: bool = False):  # -> deja.sync.imports.Counts
    """Import what the hub at `dsn` holds from other machines, above this machine's watermark
    (everything with `full`); the counts."""
    from deja.sync import imports

    me = format.machine()
    with server.connect(dsn) as hub:
        with hub.pulling(me, full) as (top, texts):
            counts = imports.import_records(_decoded(texts, hub.label), me)
        hub.pulled(me, top)
    if counts.added:
        imports.reindex()
    return counts


def _decoded(texts: Iterable[str], label: str) -> Iterator[object]:
    """Each row's record; None for a row that is not JSON (import counts it as skipped). A
    record of a newer format version stops the pull (HubError) before the watermark moves past
    it: after an upgrade, the next pull gets it."""
    import msgspec

    dec = msgspec.json.Decoder()
    for text in texts:
        try:
            d = dec.decode(text)
        except (msgspec.DecodeError, RecursionError):
            yield None
            continue
        v = d.get("v") if isinstance(d, dict) else None
        if isinstance(v, int) and v > format.VERSION:
            raise HubError(f"hub {label} holds records of format version {v}, newer than this deja's "
                           f"({format.VERSION}): upgrade deja on this machine, then pull again")
        yield d
