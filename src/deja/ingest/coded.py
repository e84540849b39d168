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

from deja.store import bodies, outputs

if TYPE_CHECKING:
    from deja.ingest.indexer import Task, _Parsed

# The first files of a run are held at most this many bytes of text while the sample fills.
HOLD = 8 * bodies.DICT_SAMPLE


def coded(item: _Parsed, codec: bodies.Codec) -> _Parsed:
    """Each record of a parsed file as the writer adds it: (role, time, seq, coded text, analyzer
    input, shareable key and size or None)."""
    encode, share = codec.encode, outputs.shareable
    for ready in item.sessions:
        ready.docs[:] = [(role, t, seq, encode(body), form, share(role, body)) for role, t, seq, body, form in ready.docs]
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
