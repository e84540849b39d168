"""The team hub: a PostgreSQL database several machines push their shared records to and pull
each other's from (`deja sync push|pull DSN`, docs/sync.md "Team hub").

- `schema`: the hub's tables and their named, versioned migrations.
- `server`: connecting (every failure one line, the password hidden), push and pull.
- `shared`: which projects this machine shares (deja's config, `[hub] shared`); nothing else
  is ever pushed.

The hub stores what sync exports (deja.sync's records, already redacted) and hands pulled ones
to sync's import: search never reads the hub, and nothing here is imported on the search path
(psycopg costs 0.2–0.5 s to import).
"""

from __future__ import annotations

from deja.errors import DejaError


class HubError(DejaError):
    """The hub cannot be reached, refused us, or is of a newer schema; the message names it
    without its password."""
