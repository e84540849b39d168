"""Forgetting, on purpose: sessions removed for good, with tombstones so no later index brings
them back. (Sessions whose source file the harness deleted are kept; see indexer.)"""

from __future__ import annotations

from deja.errors import DejaError
from deja.store import SessionRow, Store, stable_id


def select(store: Store, session: str | None, project: str | None, before: float | None) -> list[SessionRow]:
    if not (session or project or before is not None):
        raise DejaError("say what to forget: --session ID, --project P or --before DATE")
    if session:
        return [store.session(session)]
    from deja import projects

    return store.catalog.select_sessions(projects.resolve(store.catalog, project), before)


def forget(store: Store, rows: list[SessionRow]) -> None:
    """Catalog first (tombstones, rows gone), then the text index; every step is idempotent.
    A session another machine sent is also tombstoned in the imported store, and its records
    leave it (deja.ingest.imported), so neither a rebuild nor a later import brings it back."""
    imported = [(r.origin, r.harness, r.id.removesuffix("@" + r.origin)) for r in rows if r.origin]
    if imported:
        from deja.ingest import imported as store_writer

        store_writer.forget(imported)
    store.catalog.forget(rows)
    tomb = store.catalog.tombstoned()
    store.text.delete_sessions([stable_id(k) for k in tomb])
    store.text.commit()


def unforget(store: Store, key: str) -> str:
    path = store.catalog.unforget(key)
    if path is None:
        matches = [k for k, *_ in store.catalog.tombstones() if k.split(":", 1)[-1].startswith(key) or k.startswith(key)]
        if len(matches) == 1:
            path = store.catalog.unforget(matches[0])
        else:
            raise DejaError(f"no forgotten session {key!r}; `deja forget --list` shows them")
    return path or ""
