"""Fault injection for the crash-safety tests, at named points of the write path.

`DEJA_TEST_CRASH=<point>[:<n>]` kills the process with SIGKILL the n-th time it reaches the
point; `DEJA_TEST_RAISE=<point>[:<n>]` raises RuntimeError there instead (a failing run, not a
killed one); `DEJA_TEST_SLEEP=<point>:<seconds>` sleeps there each time (a slow run, for tests of
what readers see meanwhile). Unset, a point costs one environment lookup.
"""

from __future__ import annotations

import os
import signal
import time

_hits: dict[str, int] = {}


def _nth(var: str, name: str) -> bool:
    want = os.environ.get(var)
    if not want:
        return False
    point, _, nth = want.partition(":")
    if point != name:
        return False
    key = f"{var}:{name}"
    _hits[key] = _hits.get(key, 0) + 1
    return _hits[key] >= int(nth or 1)


def end_run() -> None:
    """Count the points afresh in the next run of this process (deja.cli._end_run)."""
    _hits.clear()


def point(name: str) -> None:
    if _nth("DEJA_TEST_CRASH", name):
        os.kill(os.getpid(), signal.SIGKILL)
    if _nth("DEJA_TEST_RAISE", name):
        raise RuntimeError(f"injected failure at {name}")
    slow = os.environ.get("DEJA_TEST_SLEEP")
    if slow:
        where, _, seconds = slow.partition(":")
        if where == name:
            time.sleep(float(seconds or 0))
