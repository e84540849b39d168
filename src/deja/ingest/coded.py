"""Records' text coded for the text index where the records are prepared (store/bodies.py).

Compression runs in the process that parsed the file: a parse worker for a large write, so it
runs beside the writer instead of on its thread; the writer alone for a small one. The same
process keys the large tool outputs that may be stored once (store/outputs.py), so the writer
neither compresses nor hashes.

A generation starts without a dictionary. The first run that writes to it parses its first files
here and holds them (`first`) until they have given DICT_SAMPLE bytes of text (or HOLD bytes in
all, or the plan ends); with a full sample the dictionary is trained and written before any of
them is coded, and the pool's workers are handed it when they start. A run that never fills the
sample codes plain zstd frames, and a later run (a rebuild, a generation's first large write)
trains the dictionary.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from deja.ingest.prepare import CUT
from deja.store import bodies, outputs

if TYPE_CHECKING:
    from deja.ingest.indexer import Task, _Parsed

_CUT = CUT.encode()
# The first files of a run are held at most this many bytes of text while the sample fills.
HOLD = 8 * bodies.DICT_SAMPLE


def coded(item: _Parsed, codec: bodies.Codec) -> _Parsed:
    """Each record of a parsed file as the writer adds it: (role, time, seq, coded text, analyzer
    input, shareable key and size or None).

    A large output whose analyzer input is its text (ASCII: no CJK to rewrite) crosses to the
    writer coded only, its analyzer input None: most of those bytes are such outputs, and a copy
    of one (store/outputs.py) is never indexed, so the writer decodes only the ones it indexes
    (`text_of`), a fraction of what pickling the text twice cost (docs/benchmarks.md "Issue 18,
    session 9")."""
    encode, share, output, cut = codec.encode, outputs.shareable, outputs.TOOL_OUTPUT, _CUT
    for ready in item.sessions:
        docs = []
        for role, t, seq, body, form in ready.docs:
            key = share(role, body, role == output and cut in body)  # a cut output was large
            docs.append((role, t, seq, encode(body), None if key and form.isascii() else form, key))
        ready.docs[:] = docs
    return item


def first(queue: deque[Task], parse: Callable[[Task], _Parsed], gen: Path) -> tuple[deque[_Parsed], bodies.Codec]:
    """A run whose generation has no dictionary yet: the first tasks of `queue` parsed (taken
    off it) and held while the sample fills, and the codec to code them and the rest with."""
    sample, size = bodies.Sample(), 0
    held: deque[_Parsed] = deque()
    while queue and not sample.full and size < HOLD:
        item = parse(queue.popleft())
        held.append(item)
        for ready in item.sessions:
            for doc in ready.docs:
                sample.add(doc[3])
                size += len(doc[3])
    codec = bodies.train(gen, sample) if sample.full else None
    return held, codec or bodies.Codec()
