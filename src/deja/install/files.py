"""Reading and rewriting an agent's config file without losing anything of the user's.

A file is backed up once (`<file>.deja-backup`) before deja first changes it, replaced
atomically (same directory, same permissions, through a symlink to its target), and rewritten
in its own style: a JSON file keeps its indentation and final newline, so removing what deja
added gives back the bytes that were there. A file that does not parse is never rewritten.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deja.errors import DejaError

BACKUP_SUFFIX = ".deja-backup"


class ConfigError(DejaError):
    """An agent's config file cannot be read or safely rewritten."""


def real(path: Path) -> Path:
    """The file a config path names, through symlinks (dotfile managers link them)."""
    try:
        return Path(os.path.realpath(path))
    except OSError:
        return path


def read_text(path: Path) -> str | None:
    """The file's text, or None when it does not exist."""
    try:
        return real(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as e:
        raise ConfigError(f"{path} is not UTF-8 text; deja leaves it alone (add deja by hand)") from e
    except OSError as e:
        raise ConfigError(f"cannot read {path}: {e.strerror or e}") from e


def backup(path: Path) -> Path | None:
    """Copy the file to `<file>.deja-backup` unless a backup is already there."""
    target = real(path)
    if not target.exists():
        return None
    dest = Path(str(path) + BACKUP_SUFFIX)
    if dest.exists():
        return dest
    shutil.copy2(target, dest)
    return dest


def write_text(path: Path, text: str) -> None:
    """Replace the file atomically, keeping its permissions (new files are private: 0600)."""
    target = real(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o600
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".deja-tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- JSON in the file's own style


@dataclass
class JsonStyle:
    indent: str | None  # None: compact on one line
    newline: bool  # the file ends with a newline
    spaced: bool = False  # compact with `, ` and `: ` (Python's way) rather than `,` and `:` (JavaScript's)
    ascii_only: bool = False  # non-ASCII written as \u escapes (Python's default) rather than as is

    def dumps(self, data: Any) -> str:
        if self.indent is None:
            text = json.dumps(data, ensure_ascii=self.ascii_only, separators=(", ", ": ") if self.spaced else (",", ":"))
        else:
            text = json.dumps(data, ensure_ascii=self.ascii_only, indent=self.indent)
        return text + ("\n" if self.newline else "")


_INDENT = re.compile(r"^[ \t]+(?=\S)", re.M)
_NON_ASCII_ESCAPE = re.compile(r"\\u(?:00[89a-fA-F][0-9a-fA-F]|0[1-9a-fA-F][0-9a-fA-F]{2}|[1-9a-fA-F][0-9a-fA-F]{3})")


def json_style(text: str | None) -> JsonStyle:
    if not text or not text.strip():
        return JsonStyle("  ", True)
    body = text.strip()
    m = _INDENT.search(body)
    indent = m.group() if m else (None if "\n" not in body else "  ")
    escaped = body.isascii() and bool(_NON_ASCII_ESCAPE.search(body))
    return JsonStyle(indent, text.endswith("\n"), bool(re.search(r'":\s', body)), escaped)


def load_json(path: Path) -> tuple[dict, JsonStyle, bool]:
    """(the object, its style, whether the file exists). Refuses a file that does not parse."""
    text = read_text(path)
    if text is None or not text.strip():
        return {}, json_style(text), text is not None
    try:
        data = json.loads(text)
    except ValueError as e:  # JSONDecodeError, or a number past Python's digit limit
        why = f"{e.msg}, line {e.lineno}" if isinstance(e, json.JSONDecodeError) else str(e)
        raise ConfigError(
            f"{path} does not parse as JSON ({why}); deja will not rewrite it: "
            "fix it (or remove its comments) and run the command again"
        ) from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path} holds a JSON {type(data).__name__}, not an object; deja will not rewrite it")
    return data, json_style(text), True


def save_json(path: Path, data: dict, style: JsonStyle) -> None:
    backup(path)
    write_text(path, style.dumps(data))
