"""A project is a path: the git root of a session's working directory, found by walking up for
a `.git` entry (no git is run; each directory is looked at once per process), else the working
directory itself. Its name (the last part) is only for display and for `--project NAME`, which
must name one path: two `shop` directories are two projects.

The one home of project paths: what the indexer stores (`root_of`), and what `--project`, the
hooks, `deja forget` and `deja remember` mean by a project (`normalise`, `resolve`).
"""

from __future__ import annotations

import os
import re

from deja.errors import QueryError

_WINDOWS = re.compile(r"^[A-Za-z]:[\\/]")
_roots: dict[str, str] = {}  # directory -> the git root above it ("" when none)


def normalise(path: str) -> str:
    """A path as deja stores and compares it: `~` expanded, `.`/`..` resolved, no trailing slash.
    A Windows path (a Windows harness's store) keeps its form, without a trailing separator."""
    p = path.strip()
    if not p:
        return ""
    if _WINDOWS.match(p) or "\\" in p:
        return p.rstrip("\\/") or p
    p = os.path.expanduser(p)
    if not os.path.isabs(p):
        p = os.path.abspath(p)
    return os.path.normpath(p)


def name_of(path: str) -> str:
    """The last part of a project path (`shop` for `/home/dev/shop`)."""
    return re.split(r"[/\\]", path.rstrip("/\\"))[-1] if path else ""


def root_of(cwd: str) -> str:
    """The project of a working directory: the nearest directory at or above it holding `.git`
    (not `/` nor the home directory itself, which may be a dotfiles repository), else `cwd`."""
    if not cwd or not os.path.isabs(cwd) or "\\" in cwd:
        return cwd.rstrip("/\\") if cwd else ""
    start = os.path.normpath(cwd)
    home = os.path.expanduser("~")
    seen: list[str] = []
    d, root = start, ""
    while True:
        if d in _roots:
            root = _roots[d]
            break
        seen.append(d)
        parent = os.path.dirname(d)
        if parent == d or d == home:
            break
        if os.path.lexists(os.path.join(d, ".git")):
            root = d
            break
        d = parent
    for s in seen:
        _roots[s] = root
    return root or start


def resolve(catalog, arg: str | None) -> str | None:  # catalog: deja.store.catalog.Catalog
    """`--project` as the one project path it means, or None without one.

    A path (anything with a `/`, `~` or `.`) is that directory's project: the sessions' own root
    when some have it as root or working directory, else its git root. A name must match exactly
    one project path (by its last part, or the working directory's); several are a QueryError
    listing them, none is a QueryError too."""
    if arg is None or not arg.strip():
        return None
    arg = arg.strip()
    if arg in (".", "..") or arg.startswith(("~", ".")) or "/" in arg or "\\" in arg:
        path = normalise(arg)
        if catalog.has_project(path):
            return path
        return root_of(path)
    roots = catalog.project_roots(arg)
    if len(roots) == 1:
        return roots[0]
    if not roots:
        raise QueryError(f"no project named {arg!r}; `deja workspaces` lists them (or give its path)")
    listed = "\n".join(f"  {r}" for r in roots)
    raise QueryError(f"{arg!r} names {len(roots)} projects; give the path of one:\n{listed}")
