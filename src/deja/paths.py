"""Where things are. Every path derives from HOME and XDG_*, with DEJA_* overrides.

deja never guesses a home: an unset, empty or relative HOME is an error (`HomeError`) at the
first path that needs it, never `/` (an empty HOME used to put the index in `/.cache/deja`).
A path given absolutely does not need HOME: with DEJA_INDEX_DIR or XDG_CACHE_HOME,
XDG_CONFIG_HOME, XDG_DATA_HOME and each enabled harness's own variable set, deja runs without one.
"""

from __future__ import annotations

import os
from pathlib import Path

from deja.errors import DejaError


class HomeError(DejaError):
    """HOME is unset, empty or relative, and a path deja needs derives from it."""


TYPE_CHECKING = False
if TYPE_CHECKING:  # no typing import on the search path
    from collections.abc import Callable

    # How a variable is read: os.environ.get, or discovery's look (deja.sources.look), which notes it.
    Getenv = Callable[[str], str | None]


def home(getenv: Getenv | None = None) -> Path:
    value = (getenv or os.environ.get)("HOME")
    if not value or not os.path.isabs(value):
        what = "not set" if value is None else "empty" if not value else f"not an absolute path ({value!r})"
        raise HomeError(f"HOME is {what}: set it to your home directory "
                        "(or give every directory deja uses absolutely: XDG_CACHE_HOME, XDG_CONFIG_HOME, XDG_DATA_HOME)")
    return Path(value)


def _xdg(var: str, default: str, getenv: Getenv | None) -> Path:
    value = (getenv or os.environ.get)(var)
    if value and os.path.isabs(value):
        return Path(value)
    return home(getenv) / default


def cache_home() -> Path:
    return _xdg("XDG_CACHE_HOME", ".cache", None)


def data_home(getenv: Getenv | None = None) -> Path:
    return _xdg("XDG_DATA_HOME", ".local/share", getenv)


def config_home(getenv: Getenv | None = None) -> Path:
    return _xdg("XDG_CONFIG_HOME", ".config", getenv)


def index_dir() -> Path:
    """The one directory holding the catalog and the text index."""
    override = os.environ.get("DEJA_INDEX_DIR")
    if override:
        return Path(override).expanduser()
    return cache_home() / "deja"


def notes_file(getenv: Getenv | None = None) -> Path:
    """`deja remember` entries: primary data, never deleted by deja."""
    override = (getenv or os.environ.get)("DEJA_NOTES_FILE")
    if override:
        return Path(override).expanduser()
    return data_home(getenv) / "deja" / "notes.jsonl"


def imported_dir(getenv: Getenv | None = None) -> Path:
    """Records other machines sent (`deja sync import`): primary data, one file per origin."""
    return data_home(getenv) / "deja" / "imported"


def sync_dir(getenv: Getenv | None = None) -> Path:
    """Sync's own state: the export watermarks of each destination."""
    return data_home(getenv) / "deja" / "sync"


def harness_root(harness: str, default: Path, getenv: Getenv | None = None) -> Path:
    """A harness's store root: `DEJA_<HARNESS>_ROOT` when set, else `default`."""
    override = (getenv or os.environ.get)(f"DEJA_{harness.upper()}_ROOT")
    if override:
        return Path(override).expanduser()
    return default
