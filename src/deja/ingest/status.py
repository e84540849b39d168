"""What each harness's store gave the index, and whether a source went blind."""

from __future__ import annotations

import os
import re
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
    note: str = ""  # what the store's own bookkeeping says (Source.note), also in `reason`


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
        st.note = src.note()
        for note in (f"{st.gone} file(s) deleted by the harness; their sessions are kept" if st.gone else "", st.note):
            if note:
                st.reason = f"{st.reason}; {note}" if st.reason else note
        out.append(st)
    for name, reason in sources.load_errors.items():
        out.append(SourceState(name, "unreadable", reason=reason))
    return out


def _describe(path: str, error: str) -> str:
    return error if path in error else f"{path}: {error}"


# -- the first run's summary: what deja found of the user's own history

NOTES = "notes"  # deja's own notes are not an agent's history


@dataclass
class AgentSpan:
    harness: str
    sessions: int
    first: float
    last: float


@dataclass
class Found:
    agents: list[AgentSpan]
    missing: list[str]  # harnesses deja reads whose stores are not on this machine
    example: str  # a query from the user's own history ("" when there is none)


# Words too common in session titles to make a telling example.
_COMMON = frozenset(
    "about after again also and any are because been before being but can could does doing done for from "
    "have help here how into just like make more need please should some than that the their them then "
    "there these this those using what when where which while will with would your".split())
_WORD = re.compile(r"[^\W\d_]{4,}|[\u3400-\u9fff]{2,6}")


def example_word(title: str) -> str:
    """The most telling word of a title: its longest word that is not a common one."""
    words = [w for w in _WORD.findall(title) if w.lower() not in _COMMON]
    return max(words, key=len, default="")


def found(store: Store) -> Found:
    spans = [AgentSpan(*row) for row in store.catalog.harness_spans() if row[0] != NOTES]
    have = {a.harness for a in spans}
    missing = [s.name for s in sources.enabled() if s.name not in have and s.agent]
    example = ""
    for s in store.recent(20):
        if s.harness != NOTES and (example := example_word(s.title)):
            break
    return Found(spans, missing, example)
