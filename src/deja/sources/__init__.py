"""The registry: every harness, in a fixed order, loaded lazily.

Code outside a harness's own module never branches on its name. `DEJA_SOURCES=claude,codex`
limits the sources.
"""

from __future__ import annotations

import importlib
import os

from deja.sources.base import Source

# name -> "module:Class"; the order is the order of `deja sources`.
REGISTRY: dict[str, str] = {
    "claude": "deja.sources.claude:Claude",
    "codex": "deja.sources.codex:Codex",
    "pi": "deja.sources.pi:Pi",
    "notes": "deja.sources.notes:Notes",
}

# Every harness deja knows by name, including those whose source module is not written yet.
HARNESSES = (
    "claude codex opencode aider gemini cursor antigravity grok qwen pi copilot cline roo goose "
    "kimi openclaw hermes omp deepseek zed notes"
).split()


def load(name: str) -> Source:
    module, cls = REGISTRY[name].split(":")
    return getattr(importlib.import_module(module), cls)()


def enabled() -> list[Source]:
    """The sources to index, honouring DEJA_SOURCES."""
    want = os.environ.get("DEJA_SOURCES")
    names = list(REGISTRY)
    if want:
        chosen = {w.strip() for w in want.split(",") if w.strip()}
        names = [n for n in names if n in chosen]
    return [load(n) for n in names]
