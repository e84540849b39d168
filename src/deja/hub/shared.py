"""What this machine shares with a hub, and which hub: deja's config file, table `[hub]`.

    [hub]
    dsn = "postgresql://me@db.team.internal/deja"   # `deja sync push|pull` without a DSN
    shared = ["/home/me/src/shop"]                  # the only projects a push sends

Nothing is shared until the user says so with `deja sync share PATH`. A path is a project as
deja stores one (deja.projects: `~` and `..` resolved, then its git root); a push sends the
sessions whose project is a shared path or lies inside one (deja.sync.export.in_projects). The DSN may also come from `DEJA_HUB_DSN`,
which wins over the file (a password is better kept there, or in ~/.pgpass, than in the file).
"""

from __future__ import annotations

import os

from deja import config, projects
from deja.hub import HubError


def shared() -> list[str]:
    """The shared project paths, in the order they were shared."""
    return list(_table().get("shared") or [])


def share(path: str) -> tuple[str, bool]:
    """Share the project at `path`; (its project path, whether it was not shared before)."""
    project = project_of(path)
    now = shared()
    if project in now:
        return project, False
    _write({**_table(), "shared": [*now, project]})
    return project, True


def unshare(path: str) -> tuple[str, bool]:
    """Stop sharing the project at `path`; (its project path, whether it was shared)."""
    project = project_of(path)
    now = shared()
    if project not in now:
        return project, False
    _write({**_table(), "shared": [p for p in now if p != project]})
    return project, True


def project_of(path: str) -> str:
    """The project a path given on the command line means (deja.projects' one rule)."""
    p = projects.normalise(path)
    if not p:
        raise HubError("give the path of a project to share, e.g. `deja sync share ~/src/shop` or `.`")
    return projects.root_of(p)


def dsn(given: str | None) -> str:
    """The hub to talk to: the DSN given, else DEJA_HUB_DSN, else `dsn` under [hub] in the config."""
    for value in (given, os.environ.get("DEJA_HUB_DSN"), _table().get("dsn")):
        if isinstance(value, str) and value.strip():
            return value.strip()
    raise HubError(f"no hub given: name one (deja sync push postgresql://user@host/db), set DEJA_HUB_DSN, "
                   f"or set `dsn` under [hub] in {config.path()}")


def _table() -> dict:
    table = config.load().get("hub") or {}
    return dict(table) if isinstance(table, dict) else {}


def _write(body: dict) -> None:
    from deja.install import files, toml_edit

    where = config.path()
    text = files.read_text(where) or ""
    files.write_text(where, toml_edit.set_table(text, ("hub",), body, str(where)))
