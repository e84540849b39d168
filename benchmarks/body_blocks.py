"""What coding the records' text in blocks would save against one zstd frame per record (what
store/bodies.py does), on a built index: each session's records in order, cut into blocks of at
least N KiB, each block one frame at the same level with the generation's own dictionary (plus 4
bytes a record for an offset). Reads every body once (~15 s of CPU at 500 MiB).

    HOME=H python benchmarks/body_blocks.py
"""

from __future__ import annotations

import time

import tantivy

import scratch_home  # noqa: E402

scratch_home.require()

from deja import paths
from deja.store import Store, bodies, textindex

SIZES = (4096, 16384, 65536)


def main() -> None:
    store = Store(paths.index_dir(), readonly=True)
    text = store.text
    z = bodies.zstd()
    data = (text.path.parent / bodies.DICT_FILE).read_bytes()
    params = z.ZstdCompressionParameters.from_level(bodies.LEVEL, format=z.FORMAT_ZSTD1_MAGICLESS, write_checksum=0,
                                                    write_dict_id=0, write_content_size=1)
    cctx = z.ZstdCompressor(dict_data=z.ZstdCompressionDict(data), compression_params=params)
    searcher = text._searcher()
    t0 = time.process_time()
    per = plain = records = 0
    blocked = dict.fromkeys(SIZES, 0)
    for (sid,) in store.catalog.db.execute("SELECT sid FROM sessions"):
        q = tantivy.Query.term_query(text.schema, "sid", sid)
        n = textindex.hit_count(searcher.search(q, 1, count=True))
        if not n:
            continue
        hits = searcher.search(q, n, order_by_field="seq", order=tantivy.Order.Asc).hits
        coded = [bytes(searcher.doc(a).get_first("zbody") or b"") for _, a in hits]
        texts = [text.reader.text(b).encode() for b in coded]
        per += sum(len(b) for b in coded)
        plain += sum(len(t) for t in texts)
        records += len(coded)
        for size in SIZES:
            block: list[bytes] = []
            held = 0
            for t in [*texts, None]:  # None: the session's end
                if t is not None:
                    block.append(t)
                    held += len(t)
                if block and (held >= size or t is None):
                    blocked[size] += len(cctx.compress(b"\0".join(block))) + 4 * len(block)
                    block, held = [], 0
    mib = 1 << 20
    print(f"{records} records, {plain / mib:.1f} MiB of text; one frame a record (as stored): {per / mib:.2f} MiB "
          f"({per / plain:.3f} of the text)")
    for size in SIZES:
        print(f"blocks of {size // 1024} KiB or more: {blocked[size] / mib:.2f} MiB ({blocked[size] / plain:.3f}), "
              f"{(per - blocked[size]) / mib:.2f} MiB less")
    print(f"CPU {time.process_time() - t0:.1f} s")


if __name__ == "__main__":
    main()
