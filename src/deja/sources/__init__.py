"""The registry: every harness, in a fixed order, loaded lazily.

A harness's module is `deja.sources.<name>` and names its Source class in `SOURCE`; the order
below is the order of `deja sources`. Code outside a harness's own module never branches on its
name. `DEJA_SOURCES=claude,codex` limits the sources.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from deja.harnesses import HARNESSES, SOURCES

TYPE_CHECKING = False
if TYPE_CHECKING:  # the sources' helpers (msgspec, …) are imported when a source loads
    from deja.sources.base import Source

def available() -> list[str]:
    """Sources (the harnesses, then `imported`) whose module is present."""
    return [n for n in SOURCES if importlib.util.find_spec(f"deja.sources.{n}") is not None]


def load(name: str) -> Source:
    module = importlib.import_module(f"deja.sources.{name}")
    return module.SOURCE()


# Sources whose module failed to load, with the reason: reported by `deja sources`, never fatal
# to the others.
load_errors: dict[str, str] = {}


def enabled() -> list[Source]:
    """The sources to index, honouring DEJA_SOURCES and the config file's [harnesses]."""
    from deja import config

    off = config.harnesses_off()
    names = [n for n in available() if n not in off]
    want = os.environ.get("DEJA_SOURCES")
    if want:
        chosen = {w.strip() for w in want.split(",") if w.strip()}
        names = [n for n in names if n in chosen]
    out = []
    for n in names:
        try:
            out.append(load(n))
        except Exception as e:  # a broken source module costs that harness only
            load_errors[n] = f"source module failed to load: {type(e).__name__}: {e}"
    return out
