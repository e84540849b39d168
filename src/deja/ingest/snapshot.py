"""The freshness snapshot: what the last full check observed, split by how often a read replays it.

A full check (`indexer.make_plan` under a `Recording`) observes three kinds of thing, and the
snapshot keeps them apart:

- **the structure**: every environment variable read, every directory listed, every file read
  or probed by discovery (a config file, a `-wal`), deja's own code. Replayed on every read (one
  stat each): a new file changes its directory's mtime, a new store its parent's, a new setting
  its file's. The number of directories grows with projects and days, not with sessions.
- **the active store files**: transcripts the planner stat'ed (and discovery did not look at),
  changed within `ACTIVE_NS` of the check, at most the `active_max()` most recently changed.
  Replayed on every read: appending to a file changes nothing in its directory, so the session
  being worked on is stat'ed each time. The cap keeps a read flat when a day touched thousands of
  files (an import, a restored backup, a generated corpus: 30k files at 5 GiB, ~150 ms of stats).
- **the cold store files**, the rest, in slices of `slice_size()` files (meta rows of their own, never
  read by a read that does not check them). A read checks at most one slice, the one checked
  longest ago, and only once it is older than `full_every()` (60 s); `deja index` checks them
  all. So an append to a file idle for a day is found by the first search made `full_every()`
  after the slice was last checked and within as many searches as there are slices (one
  slice a search; 2 at 500 MiB, ~20 at 5 GiB): the bounded staleness traded for a search whose
  cost does not grow with the number of files.

A replay answers CURRENT (all the same), FILES (only store files changed, each still the same
regular file: planning them alone is what the full check would do, `fresh.open_fresh`), or STALE
(anything else: the full check). A store file is only in the files groups when the planner was
the only one to look at it (observed once, followed; `Recording.again`): discovery's decisions
never depend on it, so what changed there cannot change what is discovered.

Recent observations: a directory listed in the same clock tick as a file landed in it keeps its
mtime, so no snapshot is kept while a structure observation is too recent (`RACY_NS`). A store
file's observation is the very (size, mtime) the planner compares with the catalog, so replaying
it is as strict as the full check whatever its age: store files are kept when recent.
"""

from __future__ import annotations

import marshal
import os
import stat as _stat
import time
from collections.abc import Callable

from deja.native import NATIVE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from deja.sources.look import Packed, Recording
    from deja.store import Store

FORMAT = 3
META_KEY = "fresh"  # the trigger of migration m004 deletes this row on any change to the file states
SLICE_KEY = "fresh.cold."
CHECKED = "fresh-checked"  # a hint (Store.hint): when each cold slice was last found unchanged
RACY_NS = 3_000_000_000
ACTIVE_NS = 24 * 3600 * 1_000_000_000

CURRENT, FILES, STALE = "current", "files", "stale"

Sig = tuple[int, int, int, int, int, int] | None


def full_every() -> float:
    """Seconds after which a read checks a cold slice again (DEJA_FRESH_FULL_EVERY, read at
    call time; 0 checks one every read)."""
    return float(os.environ.get("DEJA_FRESH_FULL_EVERY", 60))


def active_max() -> int:
    """Store files replayed on every read at most: the most recently changed (DEJA_FRESH_ACTIVE,
    for tests). 256 stats, ~1.5 ms; the rest of the day's files are cold like older ones."""
    return int(os.environ.get("DEJA_FRESH_ACTIVE", 256))


def slice_size() -> int:
    """Cold files per slice (DEJA_FRESH_SLICE, for tests): 2,000 stats, ~8 ms, at most once a read."""
    return int(os.environ.get("DEJA_FRESH_SLICE", 2000))


def stat_sigs_py(paths: list[str], follow: bool = True) -> list[Sig]:
    """Each path's stat signature, None where it cannot be stat'ed. The twin of
    `_native.stat_sigs`, which gives the same with the GIL released, on two threads (a replay of
    `deja index` stats every store file: ~24k at 5 GiB, most of an append's time)."""
    stat = os.stat if follow else os.lstat
    out: list[Sig] = []
    add = out.append
    for path in paths:
        try:
            st = stat(path)
        except OSError:
            add(None)
            continue
        add((st.st_mode, st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
    return out


_sigs: Callable[[list[str], bool], list[Sig]] = getattr(NATIVE, "stat_sigs", None) or stat_sigs_py


def _same_file(old: Sig, new: Sig) -> bool:
    """`new` is the same regular file as `old` (grown, shrunk or rewritten in place)."""
    return old is not None and new is not None and _stat.S_ISREG(new[0]) and old[:3] == new[:3]


class Group:
    """Store files: paths, their harness (an index into the snapshot's names) and stat signatures."""

    __slots__ = ("paths", "hix", "sigs", "_old")

    def __init__(self, paths: list[str], hix: bytes, sigs: bytes) -> None:
        self.paths, self.hix, self.sigs = paths, hix, sigs
        self._old: list[Sig] | None = None

    def old(self) -> list[Sig]:
        """The signatures as kept (unpacked once: a replay that found a change and the update
        after it both read them)."""
        if self._old is None:
            self._old = marshal.loads(self.sigs)
        return self._old

    def diff(self, names: list[str]) -> list[tuple[str, str]] | None:
        """Replay: [] when all the same, the (path, harness) of the files that changed, or None
        when one changed in a way only the full check may judge (gone, replaced)."""
        now = _sigs(self.paths, True)
        if marshal.dumps(now, 2) == self.sigs:  # version 2 writes equal values as equal bytes
            return []
        out = []
        for i, (old, new) in enumerate(zip(self.old(), now)):
            if old != new:
                if not _same_file(old, new):
                    return None
                out.append((self.paths[i], names[self.hix[i]]))
        return out

    def pack(self) -> bytes:
        return marshal.dumps((self.paths, self.hix, self.sigs))


class Snap:
    """A snapshot as read back: the structure and the active files at once, the cold slices
    only when checked."""

    __slots__ = ("blob", "id", "env", "followed", "not_followed", "sigs", "names", "active", "slices", "files", "made_ns",
                 "_found")

    def __init__(self, blob: bytes) -> None:
        (fmt, self.id, self.env, self.followed, self.not_followed, self.sigs, self.names, active, self.slices,
         self.files, self.made_ns) = marshal.loads(blob)
        if fmt != FORMAT:
            raise ValueError(fmt)
        self.blob = blob
        self.active = Group(*active)
        # after a replay of every slice: the slices it found changed (an append's update needs them)
        self._found: dict[int, Group] | None = None

    def checked(self, store: Store) -> list[int]:
        """When each cold slice was last found unchanged (the snapshot's own time for any
        slice no read has checked since)."""
        times = [self.made_ns] * self.slices
        hint = store.hint(CHECKED)
        if hint:
            try:
                sid, seen = marshal.loads(hint)
                if sid == self.id and len(seen) == self.slices:
                    times = [max(a, b) for a, b in zip(times, seen)]
            except (EOFError, ValueError, TypeError):
                pass
        return times

    def slice(self, store: Store, i: int) -> Group | None:
        blob = store.meta(f"{SLICE_KEY}{i}")
        if not isinstance(blob, bytes):
            return None
        try:
            sid, paths, hix, sigs = marshal.loads(blob)
        except (EOFError, ValueError, TypeError):
            return None
        return Group(paths, hix, sigs) if sid == self.id else None

    def replay(self, store: Store, full: bool = False) -> tuple[str, list[tuple[str, str]]]:
        """(CURRENT, []), (FILES, the changed store files as (path, harness)) or (STALE, []).
        `full`: every cold slice too (else at most the one due); a slice found unchanged is
        noted (a hint) so the next read moves on to the next."""
        get = os.environ.get
        for key, value in self.env:
            if get(key) != value:
                return STALE, []
        now = _sigs(self.followed, True) + _sigs(self.not_followed, False)
        if marshal.dumps(now, 2) != self.sigs:
            return STALE, []
        changed = self.active.diff(self.names)
        if changed is None:
            return STALE, []
        if not self.slices:
            return (FILES if changed else CURRENT), changed
        times = self.checked(store)
        if full:
            due = list(range(self.slices))
        else:
            oldest = min(range(self.slices), key=times.__getitem__)
            due = [oldest] if time.time_ns() - times[oldest] > full_every() * 1e9 else []
        started = time.time_ns()
        found_in: dict[int, Group] = {}
        for i in due:
            group = self.slice(store, i)
            found = group.diff(self.names) if group is not None else None
            if found is None or group is None:
                return STALE, []
            if found:
                changed += found
                found_in[i] = group
            else:
                times[i] = started
        if full:
            self._found = found_in
        if due:
            store.put_hint(CHECKED, marshal.dumps((self.id, times)))
        return (FILES if changed else CURRENT), changed

    def slices_of(self, store: Store, paths: set[str]) -> dict[int, Group]:
        """The cold slices that hold any of `paths`. After a replay of every slice (`deja index`)
        the changed files' slices are the ones it found changed: not read from the catalog again."""
        if self._found is not None:
            return {i: g for i, g in self._found.items() if not paths.isdisjoint(g.paths)}
        out = {}
        for i in range(self.slices):
            group = self.slice(store, i)
            if group is not None and not paths.isdisjoint(group.paths):
                out[i] = group
        return out


def load(store: Store) -> Snap | None:
    blob = store.meta(META_KEY)
    if not isinstance(blob, bytes):
        return None
    try:
        return Snap(blob)
    except (EOFError, ValueError, TypeError):
        return None


def build(store: Store, rec: Recording, harnesses: set[str]) -> str:
    """Keep a snapshot of a full check's observations; returns why not ("" when kept). The
    caller holds the writer lock and has just applied the whole plan made under `rec`."""
    from deja.sources.look import unpack  # not loaded by a read that only replays
    if rec.opaque:
        return rec.opaque
    every = store.live_files()
    live = dict(every)
    racy = rec.end_ns - RACY_NS
    active_since = rec.end_ns - ACTIVE_NS
    struct: dict[tuple[str, bool], Sig] = {}
    # store files keep their packed signatures (look.pack) until a group is made of them
    active: list[tuple[str, str, Packed]] = []
    cold: list[tuple[str, str, Packed]] = []
    for path, follow, packed in rec.observations():
        key = (path, follow)
        sig = unpack(packed)
        harness = live.get(path) if follow else None
        if (harness is not None and sig is not None and key not in rec.again and key not in rec.code
                and not rec.has(path, False)):
            (active if sig[4] >= active_since else cold).append((path, harness, packed))
            continue
        if sig is not None and sig[4] > racy and sig[5] > racy and key not in rec.code:
            return f"{path} changed too recently to trust its mtime"
        struct[key] = sig
    for path, harness in every:
        if harness in harnesses and not rec.has(path, True):
            return f"{path} is not a file that can be stat'ed"
    cap = active_max()
    if len(active) > cap:  # the most recently changed stay active, newest first (mtime, then path)
        active.sort(key=lambda row: (-unpack(row[2])[4], row[0]))  # type: ignore[index]
        cold += active[cap:]
        del active[cap:]
    names = sorted({h for _, h, _ in active + cold})
    followed = sorted(p for p, follow in struct if follow)
    not_followed = sorted(p for p, follow in struct if not follow)
    sigs = [struct[p, True] for p in followed] + [struct[p, False] for p in not_followed]
    sid = time.time_ns()
    cold.sort()
    size = slice_size()
    slices = [_group(cold[i:i + size], names) for i in range(0, len(cold), size)]
    _put(store, sid, sorted(rec.vars.items()), followed, not_followed, marshal.dumps(sigs, 2), names,
         _group(sorted(active), names), slices, len(every), rec.start_ns, old_slices=_old_slices(store, len(slices)))
    return ""


def _group(rows: list[tuple[str, str, Packed]], names: list[str]) -> Group:
    """A group of (path, harness, signature: as kept or packed) rows."""
    from deja.sources.look import unpack
    ix = {n: i for i, n in enumerate(names)}
    return Group([p for p, _, _ in rows], bytes(ix[h] for _, h, _ in rows),
                 marshal.dumps([unpack(s) for _, _, s in rows], 2))


def _old_slices(store: Store, n: int) -> int:
    """One past the last slice row kept from an earlier snapshot (the trigger may have dropped
    its main row already, so the rows are probed): what a new one with `n` slices must delete."""
    end = n
    while store.meta(f"{SLICE_KEY}{end}") is not None:
        end += 1
    return end


def _put(store: Store, sid: int, env: list, followed: list[str], not_followed: list[str], sigs: bytes,
         names: list[str], active: Group, slices: list[Group] | dict[int, Group], files: int, made_ns: int,
         old_slices: int = 0, count: int | None = None) -> None:
    n = len(slices) if count is None else count
    values: dict[str, str | bytes | None] = {
        f"{SLICE_KEY}{i}": marshal.dumps((sid, g.paths, g.hix, g.sigs))
        for i, g in (slices.items() if isinstance(slices, dict) else enumerate(slices))}
    values.update({f"{SLICE_KEY}{i}": None for i in range(n, old_slices)})
    values[META_KEY] = marshal.dumps((FORMAT, sid, env, followed, not_followed, sigs, names,
                                      (active.paths, active.hix, active.sigs), n, files, made_ns))
    store.put_metas(values)


def update(store: Store, snap: Snap, rec: Recording, changed: list[tuple[str, str]]) -> None:
    """After the files a FILES replay named were planned alone and applied (`rec` holding their
    new observations): the same snapshot, those files' signatures renewed (and moved to the
    active group). The structure was replayed unchanged, so it still holds."""
    paths = {p for p, _ in changed}
    names = snap.names  # the changed files came from the snapshot's own groups: no new harness
    old = snap.active
    rows: list[tuple[str, str, Packed]] = [(p, names[h], s) for p, h, s in zip(old.paths, old.hix, old.old())
                                           if p not in paths]
    for path, harness in changed:
        sig = rec.sig(path, True)
        if sig is None or (path, True) in rec.again:
            return  # no snapshot is kept: the trigger dropped the old one, the next read checks in full
        rows.append((path, harness, sig))
    touched = {}
    cold = paths.difference(old.paths)  # an append to an active file leaves the cold slices unread
    for i, g in (snap.slices_of(store, cold) if cold else {}).items():
        kept: list[tuple[str, str, Packed]] = [(p, names[h], s) for p, h, s in zip(g.paths, g.hix, g.old())
                                               if p not in paths]
        touched[i] = _group(kept, names)
    _put(store, snap.id, snap.env, snap.followed, snap.not_followed, snap.sigs, names, _group(sorted(rows), names),
         touched, snap.files, snap.made_ns, count=snap.slices)
