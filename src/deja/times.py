"""What counts as a time, and how a time is shown: one rule for every parser and every reader.

A store can hold anything where a time belongs: 1e300, a 30-digit integer, a negative, a
far-future 1e17 ms, a string no clock writes. Any time outside [EARLIEST, now + AHEAD] is
unknown (0.0) for that record, never an error. Readers apply the same rule before formatting,
so a bad time already in an index written by an older deja shows as unknown instead of failing
the command ("year is out of range").
"""

from __future__ import annotations

import time as _time

# 1990-01-01 UTC: older than any coding agent's transcript, so anything before it (a counter,
# a duration, a negative) is not a time these stores wrote.
EARLIEST = 631_152_000.0
# Clocks run ahead and stores travel between machines, but by hours, not by a year: a time
# further ahead of this machine's clock is a bad value, and would sort first in `last` for good.
AHEAD = 366 * 86_400.0
# Fixed when the process starts (a call per record would cost the indexer): a long-running
# MCP server's bound lags the clock by its uptime, well inside AHEAD.
_LATEST = _time.time() + AHEAD


def valid(t: object) -> float:
    """`t` as epoch seconds when it is a number in the sane range, else 0.0 (unknown).

    NaN, infinities, integers too large for a float, None and non-numbers are all unknown.
    """
    try:
        # Any value is tried: what does not compare or convert raises, and is unknown.
        if EARLIEST <= t <= _LATEST:  # type: ignore[operator]  # t is any object, on purpose
            return float(t)  # type: ignore[arg-type]  # likewise
    except (TypeError, ValueError, ArithmeticError):  # Decimal('NaN') raises on comparison
        pass
    return 0.0


def local(t: object, fmt: str = "%Y-%m-%d %H:%M", unknown: str = "undated") -> str:
    """A time in local time as `fmt`, or `unknown` when it is not a sane time."""
    v = valid(t)
    return _time.strftime(fmt, _time.localtime(v)) if v else unknown


def iso(t: object) -> str | None:
    """A time as RFC 3339 UTC (`2026-03-01T10:00:00Z`), or None when it is not a sane time."""
    v = valid(t)
    return _time.strftime("%Y-%m-%dT%H:%M:%SZ", _time.gmtime(v)) if v else None


__all__ = ["EARLIEST", "AHEAD", "valid", "local", "iso"]


def when(t: object) -> str:
    """A time for a column of output: local, to the minute; dashes of the same width unknown."""
    return local(t, unknown="----------")


def ago(t: float, now: float | None = None) -> str:
    """How long before `now` (default: this moment) `t` was: `3 days ago`, `just now`."""
    s = max(0, int((_time.time() if now is None else now) - t))
    for unit, n in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if s >= n:
            k = s // n
            return f"{k} {unit}{'' if k == 1 else 's'} ago"
    return "just now"
