"""deja's regular expressions, compiled once and kept across processes (a speed idiom).

Python compiles a pattern in Python (`re._parser`, `re._compiler`): the ~40 a search compiles
(its modules' constants, the tokenizer's CJK class, the question's answer and change patterns)
cost ~12 ms of CPU in every new process, the ~50 an append compiles about as much. The compiled form is a
list of integers that `_sre.compile` turns into a pattern in microseconds, so `deja index`
keeps the compiled form of every pattern deja's hot paths compile (`build`: the modules of the
search, the hooks and the write path imported, the lazily compiled constants compiled) in one
file beside the index, and a new process puts them into `re`'s own cache before deja's modules
are imported (`load`): `re.compile` then finds each there, as it would a pattern compiled
earlier in the same process. Nothing else changes: the pattern objects are what `re.compile`
makes of the same pattern (equal to them: the same pattern, flags and code).

The file is keyed by the interpreter (its version, `_sre.MAGIC`, the code word size): any other
interpreter ignores it. An entry is keyed by its pattern's text and flags, so an edited pattern
is simply not found and is compiled as usual. A process that compiled a pattern while importing
deja's modules that the file lacks (deja was upgraded or edited) leaves a mark, and the next
`deja index` builds the file again. Only constants are kept: `build` runs in a process of its
own (`python -m deja.cli.patterns ROOT`, started by `deja index`) that runs no query, and keeps
only what the imports and the named lazy constants compiled. A damaged or torn file is ignored (it is rewritten whole, then renamed); nothing is
synced: losing it costs only the compiling. An interpreter whose `re` is not laid out as this
expects (another implementation, a future CPython) runs without it.
"""

from __future__ import annotations

import os
import re
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

FORMAT = 2  # 2: the search path's patterns first, and how many
STALE = "regex.stale"

_seeded: set[tuple[type, str | bytes, int]] = set()  # what load() put into re's cache
_before: set[tuple[type, str | bytes, int]] = set()  # what re's cache held before it
_read: dict[str, bool] = {}  # root -> whether load() found this interpreter's file there (for stale)


def _tag() -> tuple:
    import _sre  # type: ignore[import-not-found]
    from array import array

    return (FORMAT, sys.version, sys.implementation.name, _sre.MAGIC, _sre.CODESIZE, array("I").itemsize, sys.maxunicode)


def _file(root: str) -> str:
    return os.path.join(root, f"regex.{sys.implementation.cache_tag}.cache")


def _usable() -> bool:
    cache = getattr(re, "_cache", None)
    return (isinstance(cache, dict) and sys.implementation.name == "cpython" and sys.version_info[:2] >= (3, 11)
            and hasattr(re, "_compiler") and hasattr(re._compiler, "_code") and hasattr(re, "_parser"))


def load(root: str, every: bool = True) -> int:
    """Put the patterns kept under the index directory `root` into `re`'s cache (`every`: all of
    them, else the search path's alone); returns how many (0 when there is no file, or it is
    another interpreter's, or damaged)."""
    global _before
    _before = set(getattr(re, "_cache", ()))
    if not _usable():
        return 0
    _read[root] = False  # until the whole file is found good
    try:
        with open(_file(root), "rb") as f:
            blob = f.read()
    except OSError:
        return 0
    import marshal
    from array import array

    import _sre

    try:
        tag, searching, entries = marshal.loads(blob)
        if tag != _tag():
            return 0
        made = [((type(pat), pat, flags), _sre.compile(pat, final, array("I", code).tolist(), groups, index, names))
                for pat, flags, final, code, groups, index, names in (entries if every else entries[:searching])]
    except (EOFError, ValueError, TypeError, RuntimeError, OverflowError):
        return 0  # a torn or foreign file: compile as usual
    if every:
        _read[root] = True
    else:
        del _read[root]  # the search path's entries alone were read: `stale` reads the file itself
    cache = re._cache  # type: ignore[attr-defined]
    room = getattr(re, "_MAXCACHE", 512) - len(cache)
    for key, pattern in made[:max(0, room)]:
        cache.setdefault(key, pattern)
        _seeded.add(key)
    return len(_seeded)


def missed() -> bool:
    """Whether this process compiled a pattern since `load` that the file did not hold (call it
    right after the imports: what they compiled is deja's own constants)."""
    cache = getattr(re, "_cache", None)
    if not isinstance(cache, dict):
        return False
    return any(key not in _seeded and key not in _before for key in cache)


def mark_stale(root: str) -> None:
    """Note for the next `deja index` that the file lacks a pattern deja compiles (a reader may
    write this: it is a hint, not the truth; losing it only costs the compiling)."""
    try:
        if os.path.isdir(root):
            with open(os.path.join(root, STALE), "wb"):
                pass
    except OSError:
        pass


def stale(root: str) -> bool:
    """Whether `build` should run: no file for this interpreter, another's, or a reader's mark.
    After `load` of the same root in this process (`deja index` loads at its start), its reading
    is the answer: the file is not unmarshalled twice (~0.5 ms of every `deja index`)."""
    if not _usable():
        return False
    if os.path.exists(os.path.join(root, STALE)):
        return True
    if root in _read:
        return not _read[root]
    try:
        with open(_file(root), "rb") as f:
            head = f.read()
        import marshal

        return marshal.loads(head)[0] != _tag()
    except (OSError, EOFError, ValueError, TypeError, IndexError):
        return True


# The modules whose constants are kept, and the constants compiled on first use: the search
# path's first (a search loads those alone), then the hooks', the write path's and every parser's.
SEARCH_MODULES = ("deja.cli.quick", "deja.search", "deja.search.passage", "deja.search.quantity", "deja.search.recency",
                  "deja.search.related", "deja.search.snippets", "deja.text.redact", "deja.text.tokenizer")
OTHER_MODULES = ("deja.cli.indexing", "deja.hooks.payload", "deja.hooks.question", "deja.ingest.indexer", "deja.ingest.prepare",
                 "deja.text.decision")


def _imported(names: tuple[str, ...], steps: list[tuple[Callable[..., object], tuple]]) -> None:
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - an optional part missing: its patterns are compiled as usual
            pass
    for step, args in steps:
        try:
            step(*args)
        except Exception:  # noqa: BLE001 - what cannot be compiled here is compiled as usual
            pass


def _search_lazy() -> list[tuple[Callable[..., object], tuple]]:
    from deja.search import passage
    from deja.text import redact, tokenizer

    steps: list[tuple[Callable[..., object], tuple]] = [
        (tokenizer._cjk_split, ()), (tokenizer._zh_filler, ()), (redact.compile_all, ()), (passage._change, ()), (passage._named, ())]
    return steps + [(passage._answer, (w, p)) for w in (*passage.ANSWERS, "choice") for p in (False, True)] + [
        (passage._value, (w,)) for w in ("number", "person", "")]


def _other_lazy() -> list[tuple[Callable[..., object], tuple]]:
    from deja import sources

    return [(sources.load, (name,)) for name in sources.HARNESSES]


def build(root: str) -> int:
    """Write the file under `root` afresh: every pattern `re`'s cache holds once deja's hot
    modules are imported and their lazy constants compiled, in this process (`deja index`, which
    compiled nothing from a query). Returns how many were kept."""
    if not _usable() or not os.path.isdir(root):
        return 0
    import marshal
    from array import array

    try:
        _imported(SEARCH_MODULES, _search_lazy())
    except Exception:  # noqa: BLE001 - the search path's modules are deja's own: kept as far as they import
        pass
    searching = list(re._cache)  # type: ignore[attr-defined]
    try:
        _imported(OTHER_MODULES, _other_lazy())
    except Exception:  # noqa: BLE001
        pass
    seen = set(searching)
    every = searching + [k for k in re._cache if k not in seen]  # type: ignore[attr-defined]
    parse, code_of = re._parser.parse, re._compiler._code  # type: ignore[attr-defined]
    entries: list[tuple] = []
    first = 0  # entries of the search path's patterns, which come first
    for n, (kind, pat, flags) in enumerate(every):
        if n == len(searching):
            first = len(entries)
        if flags & re.DEBUG or kind not in (str, bytes):
            continue
        try:
            p = parse(pat, flags)
            code = array("I", [int(c) for c in code_of(p, flags)]).tobytes()
        except Exception:  # noqa: BLE001 - whatever cannot be kept is compiled as usual
            continue
        index = dict(p.state.groupdict)
        names: list[str | None] = [None] * p.state.groups
        for k, i in index.items():
            names[i] = k
        entries.append((pat, flags, int(flags | p.state.flags), code, p.state.groups - 1, index, tuple(names)))
    if len(every) == len(searching):
        first = len(entries)
    path = _file(root)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600), "wb") as f:
            f.write(marshal.dumps((_tag(), first, entries)))
        os.replace(tmp, path)
        try:
            os.unlink(os.path.join(root, STALE))
        except FileNotFoundError:
            pass
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return 0
    return len(entries)


if __name__ == "__main__":  # `python -m deja.cli.patterns ROOT`: what `deja index` runs when the file is stale
    build(sys.argv[1])
