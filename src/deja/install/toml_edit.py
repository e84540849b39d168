"""A minimal, careful edit of one `[a.b]` table in a TOML file (Codex's config.toml).

The standard library reads TOML but does not write it, and rewriting a user's file from a
parsed copy would drop their comments and layout. So deja edits text: it appends its own table
at the end, or cuts out exactly the lines of its table — the header and its key lines, never a
comment or blank line that belongs to what follows — and then re-reads the result with tomllib
to prove that nothing but its own table changed. If that proof fails, nothing is written.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from deja.install.files import ConfigError

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def key(part: str) -> str:
    return part if _BARE.match(part) else json.dumps(part)


def value(v: Any) -> str:
    """A TOML value for a string, a list of strings, a bool or an int (all deja writes)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def table_text(path: tuple[str, ...], body: dict[str, Any]) -> str:
    """`[path]` with its keys; nested tables follow as `[path.key]` sections."""
    lines = ["[" + ".".join(key(p) for p in path) + "]"]
    lines += [f"{key(k)} = {value(v)}" for k, v in body.items() if not isinstance(v, dict)]
    out = "\n".join(lines) + "\n"
    for k, v in body.items():
        if isinstance(v, dict):
            out += table_text((*path, k), v)
    return out


def _header_re(path: tuple[str, ...]) -> re.Pattern[str]:
    parts = [rf"(?:{re.escape(p)}|\"{re.escape(p)}\"|'{re.escape(p)}')" for p in path]
    return re.compile(r"^\s*\[\s*" + r"\s*\.\s*".join(parts) + r"\s*(?:\]|\.)")


_ANY_HEADER = re.compile(r"^\s*\[")


def _code_lines(lines: list[str]) -> list[bool]:
    """For each line, whether it starts outside a multi-line string (where a header can be)."""
    out = []
    inside: str | None = None
    for line in lines:
        out.append(inside is None)
        s = line.split("#", 1)[0] if inside is None else line
        i = 0
        while i < len(s):
            for q in ('"""', "'''"):
                if s.startswith(q, i) and (inside is None or inside == q):
                    inside = None if inside else q
                    i += 2
                    break
            i += 1
    return out


def _span(lines: list[str], path: tuple[str, ...]) -> tuple[int, int] | None:
    """[start, end) of the table `path` and its sub-tables, without trailing comments/blanks."""
    hdr = _header_re(path)
    code = _code_lines(lines)
    start = next((i for i, ln in enumerate(lines) if code[i] and hdr.match(ln)), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines):
        if code[end] and _ANY_HEADER.match(lines[end]) and not hdr.match(lines[end]):
            break
        end += 1
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    return start, end


def _get(doc: dict, path: tuple[str, ...]) -> Any:
    cur: Any = doc
    for p in path:
        if not isinstance(cur, dict) or p not in cur:
            return None
        cur = cur[p]
    return cur


def _without(doc: dict, path: tuple[str, ...]) -> dict:
    """A copy of `doc` without `path` (and without parents that only held it)."""
    out = json.loads(json.dumps(doc, default=str))
    parents = [out]
    cur = out
    for p in path[:-1]:
        if not isinstance(cur.get(p), dict):
            return out
        cur = cur[p]
        parents.append(cur)
    cur.pop(path[-1], None)
    for i in range(len(path) - 1, 0, -1):
        if parents[i] == {}:
            parents[i - 1].pop(path[i - 1], None)
    return out


def parse(text: str, where: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{where} does not parse as TOML ({e}); deja will not rewrite it: fix it and run the command again") from None


def _verify(old: str, new: str, path: tuple[str, ...], want: dict | None, where: str) -> None:
    """Refuse unless `new` differs from `old` only in the table at `path`."""
    before = parse(old, where)
    try:
        after = tomllib.loads(new)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"editing {where} would break it ({e}); add deja's table by hand") from None
    same_rest = json.dumps(_without(before, path), sort_keys=True, default=str) == json.dumps(
        _without(after, path), sort_keys=True, default=str)
    if not same_rest or _get(after, path) != want:
        raise ConfigError(f"{where} defines {'.'.join(path)} in a way deja cannot edit safely; edit it by hand")


def set_table(text: str, path: tuple[str, ...], body: dict[str, Any], where: str) -> str:
    """`text` with the table at `path` holding exactly `body` (appended when absent)."""
    doc = parse(text, where)
    if _get(doc, path) == body:
        return text
    lines = text.splitlines(keepends=True)
    span = _span(lines, path)
    block = table_text(path, body)
    if span is None:
        if _get(doc, path) is not None:
            raise ConfigError(f"{where} defines {'.'.join(path)} inline; deja cannot edit it safely: edit it by hand")
        new = text
        if new and not new.endswith("\n"):
            new += "\n"
        if new.strip():
            new += "\n"
        new += block
    else:
        start, end = span
        new = "".join(lines[:start]) + block + "".join(lines[end:])
    _verify(text, new, path, body, where)
    return new


def remove_table(text: str, path: tuple[str, ...], where: str) -> str:
    """`text` without the table at `path` (and the blank line deja put before it)."""
    doc = parse(text, where)
    if _get(doc, path) is None:
        return text
    lines = text.splitlines(keepends=True)
    span = _span(lines, path)
    if span is None:
        raise ConfigError(f"{where} defines {'.'.join(path)} inline; deja cannot remove it safely: edit it by hand")
    start, end = span
    after_blank = end >= len(lines) or not lines[end].strip()
    if start > 0 and not lines[start - 1].strip() and after_blank:
        start -= 1
    new = "".join(lines[:start]) + "".join(lines[end:])
    _verify(text, new, path, None, where)
    return new
