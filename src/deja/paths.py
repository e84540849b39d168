"""Where things are. Every path derives from HOME and XDG_*, with DEJA_* overrides."""

from __future__ import annotations

import os
from pathlib import Path


def home() -> Path:
    return Path(os.environ.get("HOME") or os.path.expanduser("~"))


def _xdg(var: str, default: str) -> Path:
    value = os.environ.get(var)
    if value and os.path.isabs(value):
        return Path(value)
    return home() / default


def cache_home() -> Path:
    return _xdg("XDG_CACHE_HOME", ".cache")


def data_home() -> Path:
    return _xdg("XDG_DATA_HOME", ".local/share")


def config_home() -> Path:
    return _xdg("XDG_CONFIG_HOME", ".config")


def index_dir() -> Path:
    """The one directory holding the catalog and the text index."""
    override = os.environ.get("DEJA_INDEX_DIR")
    if override:
        return Path(override).expanduser()
    return cache_home() / "deja"


def notes_file() -> Path:
    """`deja remember` entries: primary data, never deleted by deja."""
    override = os.environ.get("DEJA_NOTES_FILE")
    if override:
        return Path(override).expanduser()
    return data_home() / "deja" / "notes.jsonl"


def harness_root(harness: str, default: Path) -> Path:
    """A harness's store root: `DEJA_<HARNESS>_ROOT` when set, else `default`."""
    override = os.environ.get(f"DEJA_{harness.upper()}_ROOT")
    if override:
        return Path(override).expanduser()
    return default
