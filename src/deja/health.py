"""What each harness's store gave the index, and whether a source went blind."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from deja import sources
from deja.store import Store


@dataclass
class SourceState:
    harness: str
    state: str  # ok | missing | unreadable | parsed-zero
    files: int = 0
    sessions: int = 0
    records: int = 0
    skipped: int = 0
    redactions: int = 0
    errors: int = 0
    gone: int = 0
    reason: str = ""
    roots: list[str] = field(default_factory=list)


def source_states(store: Store) -> list[SourceState]:
    counts = store.catalog.harness_counts()
    out = []
    for src in sources.enabled():
        roots = src.roots()
        c = counts.get(src.name, {})
        st = SourceState(src.name, "ok", roots=[str(r) for r in roots])
        for k in ("files", "sessions", "records", "skipped", "redactions", "errors", "gone"):
            setattr(st, k, c.get(k, 0))
        present = [r for r in roots if os.path.lexists(r)]
        errors = store.catalog.errors(src.name)
        live_files = st.files - st.gone
        if not present:
            st.state = "missing"
        elif not any(os.access(r, os.R_OK | (os.X_OK if r.is_dir() else 0)) for r in present):
            st.state, st.reason = "unreadable", f"permission denied: {present[0]}"
        elif st.sessions and live_files > len(errors):
            if errors:
                st.reason = f"{len(errors)} file(s) unreadable, e.g. {_describe(*errors[0])}"
        elif errors:
            st.state, st.reason = "unreadable", _describe(*errors[0])
        elif live_files:
            st.state, st.reason = "parsed-zero", "its files exist but yield no sessions: the format may have moved"
        else:
            st.state = "missing"
        if st.gone:
            note = f"{st.gone} file(s) deleted by the harness; their sessions are kept"
            st.reason = f"{st.reason}; {note}" if st.reason else note
        out.append(st)
    for name, reason in sources.load_errors.items():
        out.append(SourceState(name, "unreadable", reason=reason))
    return out


def _describe(path: str, error: str) -> str:
    return error if path in error else f"{path}: {error}"
