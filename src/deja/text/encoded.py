"""Secrets said in an encoding redaction's patterns cannot read: percent-encoded (a form body, a
query string, `curl --data-urlencode`: `OPENAI_API_KEY%3Dsk-proj-…%0A`, where `%3D` glues the
key's prefix to a word and hides the `=`) and base64 (`base64 .env`, a Kubernetes secret, a
Docker `auth`: the whole file in one blob). Called by `redact.redact` on what its patterns left:

- a run of non-space text holding `%XX` is decoded, and when the decoded run holds a secret it
  replaces the run, redacted (the decoded text is what was meant);
- a base64 run of 40+ characters (or lines of one, wrapped at a fixed width) that decodes to
  printable text holding a secret is replaced whole by `[redacted:encoded-secret]`.

Cheap on text that holds neither: a `%` is a memchr, and the base64 runs are looked for only in a
text whose longest run of such characters (`redact`'s scan) reaches `B64_MIN`.
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Callable

from deja.text.redact import B64_MIN  # (redact imports this module only when a text needs it)

Redact = Callable[[str], "tuple[str, int]"]
B64_MAX = 1 << 20  # a larger blob is an image or an archive, not a config file
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_RUN_END = re.compile(r"[\s\"'`<>]")
_B64 = re.compile(r"[A-Za-z0-9+/]{%d,}={0,2}" % B64_MIN)
# a wrapped blob's line end and what begins the next line: an indent (YAML `|`), a line number
# (`cat -n`, `grep -n`, an agent's file read: `     2\t`, `     2→`)
_EOL = re.compile(r"\r?\n[ \t]*(?:\d{1,9}(?:\t|\u2192|:)[ \t]*)?")
_LINE = re.compile(r"[A-Za-z0-9+/]+={0,2}(?=\r?\n|\Z)")  # a wrapped blob's next line, whole
MARK = "[redacted:encoded-secret]"
_SEGMENT = re.compile(r"[^/]{20}")
SLASH_TRIES = 4  # a run's slashes a blob is looked for after, when the whole run is no blob
_TEXT_BYTES = bytes(b for b in range(256) if b >= 0x20 and b != 0x7F or b in b"\t\n\r")  # deleted: text remains empty


def percent(text: str, redact: Redact) -> tuple[str, int]:
    """`text` with each percent-encoded run that decodes to a secret replaced by its decoded,
    redacted text (decoded twice when the first decoding still holds `%XX`: a query string
    inside a form field)."""
    from urllib.parse import unquote

    pieces: list[str] = []
    last = count = 0
    m = _PERCENT.search(text)
    while m is not None:
        start = m.start()
        while start > last and not _RUN_END.match(text, start - 1):
            start -= 1
        stop = _RUN_END.search(text, m.end())
        end = stop.start() if stop else len(text)
        plain = unquote(text[start:end])
        if _PERCENT.search(plain):
            plain = unquote(plain)
        clean, n = redact(plain)
        if _B64.search(clean):  # base64 sent percent-encoded (`+ / =` as `%2B %2F %3D`): read decoded
            clean, k = base64(clean, redact)
            n += k
        if n:
            pieces += [text[last:start], clean]
            last = end
            count += n
        m = _PERCENT.search(text, end)
    if not count:
        return text, 0
    pieces.append(text[last:])
    return "".join(pieces), count


def base64(text: str, redact: Redact) -> tuple[str, int]:
    """`text` with each base64 blob that decodes to printable text holding a secret replaced by
    `MARK`. A blob wrapped in lines (MIME, PEM: every line but the last of one width) is one."""
    pieces: list[str] = []
    last = count = 0
    pos = 0
    while (m := _B64.search(text, pos)) is not None:
        start, end = m.span()
        lines = [m.group()]
        width = end - start
        while width % 4 == 0 and text[end - 1] != "=" and (eol := _EOL.match(text, end)) is not None:
            line = _LINE.match(text, eol.end())  # (MIME and Windows' certutil wrap with CRLF)
            if line is None or len(line.group()) > width:
                break
            end = line.end()
            lines.append(line.group())
            if len(line.group()) < width:
                break  # the last line
        pos = end
        if end - start > B64_MAX:
            continue
        blob = "".join(lines)  # (without the line ends, indents and line numbers between its lines)
        plain = _decoded(blob)
        # a blob at the end of a URL's path (`/raw/T1BF…`): its path is in the run, the decoding
        # misaligned. It is tried from after each of the run's first slashes (a few head decodings),
        # when the run holds a stretch with no slash a blob would (not a path of short names)
        slash, tries = 0, SLASH_TRIES if _SEGMENT.search(lines[0]) else 0
        while plain is None and tries and (slash := lines[0].find("/", slash, len(blob) - B64_MIN) + 1) > 0:
            tries -= 1
            if (plain := _decoded(blob[slash:])) is not None:
                start = m.start() + slash
        if plain is None:
            continue
        _, n = redact(plain)
        if n:
            pieces += [text[last:start], MARK]
            last = end
            count += n
    if not count:
        return text, 0
    pieces.append(text[last:])
    return "".join(pieces), count


def _decoded(blob: str) -> str | None:
    """`blob` decoded, when it is base64 of printable UTF-8 text (a config file, not an image)."""
    head = "".join(blob[:128].split())  # (its line ends and indents aside)
    try:
        if len(head) > 64 and binascii.a2b_base64(head[:64]).translate(None, _TEXT_BYTES):
            return None  # its head is binary (an image, an archive): most blobs stop here
        data = "".join(blob.split())
        data += "=" * (-len(data) % 4)
        raw = binascii.a2b_base64(data.encode("ascii"))
    except (binascii.Error, ValueError):
        return None
    if not raw:
        return None
    try:
        plain = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not plain.replace("\n", "").replace("\r", "").replace("\t", "").isprintable():
        return None
    return plain


__all__ = ["percent", "base64", "MARK", "B64_MIN"]
