"""How a record's text is kept in the text index: zstd, with a dictionary trained on the index's
own records.

Most records are short (median ~200 bytes on the benchmark corpus), too short for a compressor
to learn anything within one record: tantivy's doc store (lz4 over 16 KiB blocks, the only codec
the tantivy wheel has) kept 81.5 MiB of text in 46.6 MiB, zstd per record 39 MiB, zstd per record
with a 64 KiB dictionary trained on the first 1 MiB of text 26.7 MiB, at 0.8 s of CPU per 100 MiB
of corpus (docs/benchmarks.md "Issue 18, session 5: index size"; a 256 KiB one: 5 % smaller
again, session 6). So each body is compressed here, in the process that parsed it
(ingest.coded), and tantivy stores it as it is (its doc store set to `none`).

A body is one tag byte and its payload:
- `RAW` (0): UTF-8 as it is (records shorter than SMALL: a frame would not pay for itself);
- `ZSTD` (1): a zstd frame without a dictionary (a run that never filled the sample);
- `DICT` (2): a zstd frame made with the generation's dictionary (DICT_FILE beside `text/`).

Frames are magicless, without checksum or dictionary id (the tag says which). A new generation
starts with an empty DICT_FILE (no dictionary yet; a generation of this format without the file
is damaged, like one missing a segment file). The dictionary is trained once per generation, by
the first writer whose run holds DICT_SAMPLE bytes of text (ingest.coded: the first files of the
run are parsed and held until then), and is written over the empty file (fsynced, renamed into
place) before any body that needs it is coded; it is never replaced after that, so a reader and
a parse worker load it once. An index written before this format (schema 2) keeps
its text in a `body` field as plain UTF-8 and is read as such (`legacy`).
"""

from __future__ import annotations

import os
from pathlib import Path

from deja.errors import IndexDamaged

RAW, ZSTD, DICT = 0, 1, 2
DICT_FILE = "text.dict"
LEVEL = 3  # levels 6 and 9 saved 1-4% more for 3-6x the CPU
DICT_BYTES = 256 * 1024  # 64 KiB: 5 % larger bodies; 1 MiB (on a 4 MiB sample): 0.7 % smaller, 3x the training
DICT_SAMPLE = 1 << 20  # a 4 MiB sample trained a dictionary no better, in 4x the time
SAMPLE_RECORD = 16 * 1024  # only the head of a long record goes into the sample
SMALL = 24
# The cover trainer's segment and d-mer sizes, fixed: left to zstd it tries several (0.29 s of CPU
# for 1 MiB against 0.06 s, and bodies 0.1 % smaller on the benchmark corpus)
TRAIN_K, TRAIN_D = 256, 8

_backend: object = None


def zstd():  # -> the zstandard C backend module
    """zstandard's C extension, loaded without its package `__init__` (which imports `platform`
    and `typing`: ~14 ms against ~1.2 ms, measured in new processes; a search decodes the
    snippets' records, so it pays this on every run). Falls back to the package."""
    global _backend
    if _backend is None:
        try:
            import importlib.machinery as machinery

            spec = machinery.PathFinder.find_spec("zstandard")
            where = spec.submodule_search_locations if spec is not None else None
            if not where:
                raise ImportError("zstandard")
            for suffix in machinery.EXTENSION_SUFFIXES:
                path = os.path.join(where[0], "backend_c" + suffix)
                if os.path.exists(path):
                    break
            else:
                raise ImportError("zstandard.backend_c")
            loader = machinery.ExtensionFileLoader("zstandard.backend_c", path)
            module = loader.create_module(machinery.ModuleSpec("zstandard.backend_c", loader, origin=path))
            loader.exec_module(module)
            module.FORMAT_ZSTD1_MAGICLESS  # noqa: B018  # the names this module uses are there
            _backend = module
        except (ImportError, AttributeError, OSError):
            import zstandard

            _backend = zstandard
    return _backend


def _params(z):  # -> ZstdCompressionParameters
    return z.ZstdCompressionParameters.from_level(LEVEL, format=z.FORMAT_ZSTD1_MAGICLESS, write_checksum=0,
                                                  write_dict_id=0, write_content_size=1)


class Reader:
    """Decodes the bodies of one generation's text index (`gen`: the directory holding `text/`
    and DICT_FILE). `legacy`: an index of schema 2, whose bodies are plain UTF-8."""

    __slots__ = ("gen", "legacy", "_plain", "_dict")

    def __init__(self, gen: Path, legacy: bool = False):
        self.gen, self.legacy = gen, legacy
        self._plain: object = None
        self._dict: object = None

    def text(self, body: bytes) -> str:
        if self.legacy:
            return body.decode("utf-8", "replace")
        if not body:
            return ""
        tag = body[0]
        if tag == RAW:
            return body[1:].decode("utf-8", "replace")
        if tag == ZSTD:
            if self._plain is None:
                z = zstd()
                self._plain = z.ZstdDecompressor(format=z.FORMAT_ZSTD1_MAGICLESS)
            dctx = self._plain
        elif tag == DICT:
            if self._dict is None:
                self._dict = self._load()
            dctx = self._dict
        else:
            raise IndexDamaged(f"a record in the text index at {self.gen / 'text'} is in an unknown format ({tag})")
        try:
            data = dctx.decompress(body[1:])  # type: ignore[attr-defined]
        except Exception as e:  # zstd.ZstdError: the class lives in the lazily loaded module
            raise IndexDamaged(f"a record in the text index at {self.gen / 'text'} cannot be decompressed ({e})") from e
        return data.decode("utf-8", "replace")

    def _load(self) -> object:
        path = self.gen / DICT_FILE
        try:
            data = path.read_bytes()
        except OSError as e:
            raise IndexDamaged(f"the text index's dictionary {path} cannot be read ({e.strerror})") from None
        if not data:
            raise IndexDamaged(f"the text index's dictionary {path} is empty, and records need it")
        z = zstd()
        try:
            return z.ZstdDecompressor(dict_data=z.ZstdCompressionDict(data), format=z.FORMAT_ZSTD1_MAGICLESS)
        except Exception as e:  # zstd.ZstdError
            raise IndexDamaged(f"the text index's dictionary {path} is damaged ({e})") from e


class Codec:
    """Encodes bodies, with the generation's dictionary when it has one (`data`, the bytes of
    DICT_FILE; empty: plain zstd frames). Built wherever records are prepared: in the writer for
    a small write, in each parse worker for a large one, so compression runs in parallel with
    the writer (the dictionary crosses to a worker once, when the pool starts)."""

    __slots__ = ("data", "_cctx", "_tag")

    def __init__(self, data: bytes = b""):
        z = zstd()
        self.data = data
        if data:
            self._cctx = z.ZstdCompressor(dict_data=z.ZstdCompressionDict(data), compression_params=_params(z))
            self._tag = DICT
        else:
            self._cctx = z.ZstdCompressor(compression_params=_params(z))
            self._tag = ZSTD

    @classmethod
    def of(cls, gen: Path) -> Codec:
        """The codec of one generation, as its DICT_FILE stands."""
        try:
            data = (gen / DICT_FILE).read_bytes()
        except FileNotFoundError:
            raise IndexDamaged(f"the text index's dictionary {gen / DICT_FILE} is missing") from None
        return cls(data)

    def encode(self, body: bytes) -> bytes:
        if len(body) < SMALL:
            return raw(body)
        out = self._cctx.compress(body)
        if len(out) >= len(body):
            return raw(body)
        return bytes((self._tag,)) + out


def raw(body: bytes) -> bytes:
    """A body kept as it is (short text, a shared output's marker)."""
    return bytes((RAW,)) + body


class Sample:
    """What a writer without a dictionary has seen: the heads of records, up to DICT_SAMPLE bytes."""

    __slots__ = ("parts", "size")

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, body: bytes) -> None:
        if self.size < DICT_SAMPLE and len(body) >= SMALL:
            head = body[:SAMPLE_RECORD]
            self.parts.append(head)
            self.size += len(head)

    @property
    def full(self) -> bool:
        return self.size >= DICT_SAMPLE


def train(gen: Path, sample: Sample) -> Codec | None:
    """The generation's dictionary, trained on a full sample and written (durable) before any
    body coded with it can reach the index; None when zstd cannot learn from the sample (too few
    or too alike records: plain frames go on). Only the writer (holding the lock) calls this,
    and only while DICT_FILE is empty: a dictionary is never replaced."""
    z = zstd()
    try:
        data = z.train_dictionary(DICT_BYTES, sample.parts, level=LEVEL, k=TRAIN_K, d=TRAIN_D).as_bytes()
    except Exception:  # zstd.ZstdError
        return None
    put(gen, data)
    return Codec(data)


def start(gen: Path) -> None:
    """A new generation's DICT_FILE: empty (no dictionary yet), unless one is there."""
    if not (gen / DICT_FILE).exists():
        put(gen, b"")


def put(gen: Path, data: bytes) -> None:
    """DICT_FILE written whole or not at all, and durable before the caller goes on."""
    path = gen / DICT_FILE
    tmp = gen / f"{DICT_FILE}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    dfd = os.open(gen, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)
