"""`deja index --rebuild`: a new generation built beside the live index, then swapped in.

Readers keep answering from the live generation while the new one is written (and are told a
rebuild is running); the swap is one rename (store/generations.py). The new generation gets:

1. the tombstones of the old one first, so forgotten sessions are not read again;
2. every file its sources list, read whole;
3. what the old one held that no source gives back, as far as it reads (store/salvage.py): the
   sessions and records of files that are gone, of files that cannot be read now, and of stores
   that could not be listed this time; then what people and agents did with sessions
   (promotions, recall counts). Sessions the new read produced win over old copies.

If anything fails before the swap the new generation is deleted and the old one stays live: a
failed rebuild never leaves an emptier index than it found. A damaged old generation is moved
aside (`damaged.<n>`) once the new one is live. A kill at any step leaves `live` naming a
complete generation; the next writer sweeps what was half-built.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from deja import faults, sources
from deja.ingest import fresh
from deja.ingest import indexer
from deja.errors import DejaError
from deja.plain import Plain
from deja.ingest.report import Report
from deja.store import FileState, SessionRow, Store, StoredRecord, bodies, generations, outputs
from deja.store.salvage import Prior, open_prior
from deja.text.tokenizer import analyzer_input

Progress = Callable[[str], None]


class Outcome(Plain):
    """What a rebuild did, beyond the indexing report."""

    __slots__ = ("report", "damaged", "moved_to", "carried_sessions", "carried_records", "lost_sessions", "problems")

    def __init__(self, report: Report, damaged: str = "", moved_to: str = "", carried_sessions: int = 0,
                 carried_records: int = 0, lost_sessions: int = 0, problems: list[str] | None = None):
        self.report, self.damaged, self.moved_to = report, damaged, moved_to
        self.carried_sessions, self.carried_records, self.lost_sessions = carried_sessions, carried_records, lost_sessions
        self.problems = problems or []

    def as_dict(self) -> dict:
        return {"damaged": self.damaged or None, "moved_to": self.moved_to or None,
                "carried_sessions": self.carried_sessions, "carried_records": self.carried_records,
                "lost_sessions": self.lost_sessions, "problems": self.problems}

    def summary(self) -> str:
        """One line for a person ("" when there is nothing to say beyond the report)."""
        parts = []
        if self.damaged:
            parts.append(f"the old index was damaged ({self.damaged})" + (f"; moved to {self.moved_to}" if self.moved_to else ""))
        if self.carried_sessions or self.lost_sessions:
            parts.append(f"kept {self.carried_sessions} session(s) ({self.carried_records} records) whose sources are gone "
                         f"or unreadable" + (f"; {self.lost_sessions} could not be read back" if self.lost_sessions else ""))
        if any(p.startswith("files: ") for p in self.problems):
            parts.append("its catalog could not be read, so the history of deleted sources it held could not be kept")
        elif self.problems and self.damaged:
            parts.append(f"unreadable: {self.problems[0]}" + (f" (+{len(self.problems) - 1} more)" if len(self.problems) > 1 else ""))
        return "; ".join(parts)


def run(root: Path, progress: Progress | None = None) -> Outcome:
    """Rebuild the index at `root` beside the live one. The caller holds the writer lock."""
    generations.sweep(root)
    old = generations.live(root)
    if progress and old is not None:
        progress("rebuilding beside the live index (searches answer from it meanwhile)…")
    prior = open_prior(old)
    gen = generations.new(root)
    generations.mark_rebuilding(root, gen)
    store: Store | None = None
    swapped = False
    try:
        store = Store(root, at=gen, create=True)
        store.catalog.carry("tombstones", prior.rows["tombstones"])
        known = {r[0]: FileState(*r) for r in prior.rows["files"]}
        # gone and excluded are judged against the old catalog, as an incremental run would
        before = indexer.make_plan(store, known=known)
        with fresh.recording() as rec:
            plan = indexer.make_plan(store, rebuild=True, look=rec)
        t0 = time.monotonic()
        report = indexer.apply(store, plan, progress)
        outcome = Outcome(report, damaged=prior.damaged)
        _carry(store, prior, known, before, outcome)
        store.catalog.carry("curation", prior.rows["curation"])
        store.catalog.carry("recalls", prior.rows["recalls"])
        store.text.close()  # commit, let merges finish, keep a copy of meta.json
        report.gone = sum(1 for f in store.catalog.files().values() if f.state == "gone")
        if not report.errors:
            fresh.keep(store, rec, {s.name for s in sources.enabled()})
        report.seconds = time.monotonic() - t0
        store.close()
        store = None
        faults.point("rebuild-built")
        generations.swap(root, gen)
        swapped = True
        faults.point("rebuild-swapped")
    except Exception as e:
        raise DejaError(f"the rebuild failed ({type(e).__name__}: {e}); the index as it was is still in use") from e
    finally:
        if not swapped:
            if store is not None:
                try:
                    store.close()
                except Exception:  # noqa: BLE001 - the failure being raised is the one to report
                    pass
            shutil.rmtree(gen, ignore_errors=True)
        generations.unmark_rebuilding(root)
    outcome.problems = prior.problems
    if old is not None:
        outcome.moved_to = generations.retire(root, old, damaged=bool(prior.damaged))
    return outcome


def _carry(store: Store, prior: Prior, known: dict[str, FileState], before: indexer.Plan, out: Outcome) -> None:
    """What the old generation held that the new read did not give again."""
    now = store.catalog.files()
    excluded, gone = set(before.excluded), set(before.gone)
    tombstoned = {r[0] for r in prior.rows["tombstones"]}
    take: dict[int, tuple[FileState, str]] = {}  # fid -> (old state, state to keep)
    for path, f in known.items():
        new = now.get(path)
        if path in excluded or (new is not None and new.state == "ok"):
            continue  # removed on purpose, or read again
        if f.state == "gone" or path in gone:
            take[f.fid] = (f, "gone")
        elif new is not None:
            take[f.fid] = (f, "error")  # unreadable now: it keeps what it gave before
        elif f.state == "ok":
            take[f.fid] = (f, "ok")  # its store could not be listed this time
    if not take:
        return
    have = store.session_keys()
    rows = {r[1]: SessionRow(*r) for r in prior.rows["sessions"]
            if r[11] in take and r[0] not in have and r[0] not in tombstoned}
    counts = dict.fromkeys(rows, 0)
    text = store.text
    encode = bodies.Codec.of(text.path.parent).encode  # the new generation's (ingest.coded)
    for rec in _with_text(prior, prior.records(rows)):
        row = rows.get(rec.sid)
        if row is None:
            continue
        text.add(row.fid, row.sid, row.harness, row.project, rec.role, rec.time, rec.seq,
                 encode(rec.text.encode("utf-8", "surrogatepass")), analyzer_input(rec.text))
        counts[rec.sid] += 1
    text.commit()
    kept = [r for sid, r in rows.items() if counts[sid]]
    for r in kept:
        r.records = counts[r.sid]
    out.carried_sessions = len(kept)
    out.carried_records = sum(counts.values())
    out.lost_sessions = len(rows) - len(kept)
    by_fid: dict[int, list[SessionRow]] = {}
    for r in kept:
        by_fid.setdefault(r.fid, []).append(r)
    states = []
    for fid, (f, state) in take.items():
        got = by_fid.get(fid, [])
        if state == "ok" and sum(r.records for r in got) != f.records:
            continue  # partly read back: leave it to the next run to read whole
        if state != "error" and not got:
            continue
        new = now.get(f.path)
        states.append(FileState(f.path, f.fid, f.harness, f.size, f.mtime_ns, f.safe_offset, f.prefix_hash,
                                f.parser_version, "ok" if state == "gone" else state,
                                new.error if new is not None else f.error, len(got), sum(r.records for r in got),
                                f.skipped, f.redactions))
    store.catalog.commit_files(states, kept, [])
    store.catalog.mark_gone([f.path for f, state in take.values() if state == "gone" and by_fid.get(f.fid)])


def _with_text(prior: Prior, records: Iterable[StoredRecord]) -> list[StoredRecord]:
    """Carried records with each copy of a shared output given its text back from its owner in the
    old generation (store/outputs.py): the new one keeps no owner for it. A copy whose owner
    cannot be read back keeps its marker."""
    recs = list(records)
    keys = {k for r in recs if (k := outputs.copy_key(r.text))}
    if not keys:
        return recs
    owner = {row[0]: (row[1], row[2]) for row in prior.rows["outputs"] if row[0] in keys}
    texts = {(o.sid, o.seq): o.text for o in prior.records({sid for sid, _ in owner.values()})}
    for r in recs:
        k = outputs.copy_key(r.text)
        if k and owner.get(k) in texts:
            r.text = texts[owner[k]]
    return recs


__all__ = ["run", "Outcome"]
