"""PostgreSQL connection strings (libpq DSNs, URI or key=value), said without their password.

The one home of the rule for every PostgreSQL deja talks to (Hermes's store, the team hub):
`label` names a DSN in messages and paths, `secret` is what `hide` takes out of a driver's
message before anyone sees it. `connected` opens a psycopg connection (imported only then) and turns every driver error into
one line of the caller's error class.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote

PREFIX = "pg:"


def fields(dsn: str) -> tuple[dict[str, str], str]:
    """A DSN's user, host, port, dbname and password (URI or key=value), and the DSN without its
    password."""
    m = re.match(r"postgres(?:ql)?://([^/?#]*)([^?#]*)(?:\?([^#]*))?", dsn)
    if m:
        netloc, db, query = m.group(1), m.group(2), m.group(3) or ""
        userinfo, _, hostport = netloc.rpartition("@")
        user, _, password = userinfo.partition(":")
        found = {"user": unquote(user), "password": unquote(password), "host": unquote(hostport),
                 "dbname": unquote(db.lstrip("/"))}
        found.update((k, v) for k, v in parse_qsl(query) if k in ("user", "host", "port", "dbname", "password"))
        clean = re.sub(r"(://[^:@/]*):[^@/]*@", r"\1@", dsn)
        return found, re.sub(r"([?&])password=[^&]*&?", r"\1", clean)
    pairs = re.findall(r"(\w+)\s*=\s*('(?:\\.|[^'\\])*'|\S+)", dsn)
    found = {k: v[1:-1] if v.startswith("'") else v for k, v in pairs}
    return found, " ".join(f"{k}={v}" for k, v in sorted(pairs) if k != "password")


def label(dsn: str) -> str:
    """A path-like name for a DSN, without its password: `pg:user@host:port/db#<hash>`."""
    found, clean = fields(dsn)
    host = re.sub(r"/+", "/", found.get("host", "")).rstrip("/")
    if ":" not in host and found.get("port"):
        host += f":{found['port']}"
    digest = hashlib.blake2b(clean.encode(), digest_size=4).hexdigest()
    name = f"{PREFIX}{found.get('user', '')}@{host or 'local'}/{found.get('dbname', '')}#{digest}"
    # It must survive being a Path: no doubled or trailing slashes.
    return name if str(Path(name)) == name else f"{PREFIX}{digest}"


def defaults(dsn: str) -> dict[str, Any]:
    """What deja adds when connecting, unless the DSN says otherwise: give up on an unreachable
    server after 5 s, and say who is connecting."""
    return {k: v for k, v in (("connect_timeout", 5), ("application_name", "deja")) if k not in dsn}


def secret(dsn: str) -> str:
    """The DSN's password ('' when it has none)."""
    return fields(dsn)[0].get("password", "")


def hide(e: BaseException, dsn: str) -> str:
    """The first line of a driver's error, the DSN's password replaced by `***`."""
    line = (str(e).strip().splitlines() or [type(e).__name__])[0]
    pw = secret(dsn)
    return line.replace(pw, "***") if pw else line


@contextmanager
def connected(dsn: str, name: str, error: type[Exception], needs: str, extra: str = "postgres") -> Iterator[Any]:
    """A psycopg connection to `dsn`, closed on the way out. Any psycopg error, connecting or
    inside the block, becomes `error("<name>: …")` without the password; no psycopg is
    `error("<needs> needs psycopg: pip install 'deja[<extra>]'")`."""
    try:
        import psycopg
    except ImportError as e:
        raise error(f"{needs} needs psycopg: pip install 'deja[{extra}]'") from e
    try:
        conn = psycopg.connect(dsn, **defaults(dsn))
    except psycopg.Error as e:
        raise error(f"{name}: cannot connect: {hide(e, dsn)}") from e
    try:
        yield conn
    except psycopg.Error as e:
        raise error(f"{name}: {hide(e, dsn)}") from e
    finally:
        conn.close()
