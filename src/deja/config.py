"""`~/.config/deja/config.toml` (`$XDG_CONFIG_HOME/deja/config.toml`, `DEJA_CONFIG`): defaults
a person sets once. Read only when the file exists (one stat otherwise), parsed once per
process and again only when the file changed; every value says where it came from.

    roles = ["user", "assistant"]   # search's default roles (--role overrides)
    semantic = false                # meaning search (semantic re-ranking) on or off
    color = "never"                 # auto | always | never (--color, NO_COLOR, TERM=dumb win)
    limit = 20                      # sessions a search shows (--limit overrides)
    last = 10                       # sessions `deja last` shows
    machine = "laptop"              # this machine's name in synced records (DEJA_MACHINE wins)
    [harnesses]
    aider = false                   # out of the index at the next run; its files untouched
    [hub]                           # the team hub (deja.hub.shared; `deja sync share` writes it)
    dsn = "postgresql://me@db/deja" # `deja sync push|pull` without a DSN (DEJA_HUB_DSN wins)
    shared = ["/home/me/src/shop"]  # the only projects `deja sync push` sends
"""

from __future__ import annotations

import os
from pathlib import Path

from deja.errors import DejaError

DEFAULTS: dict[str, object] = {
    "roles": None,  # search's own default (deja.roles.SPEECH_ROLES)
    "semantic": True,
    "color": "auto",
    "limit": 15,
    "last": 10,
    "machine": None,  # deja.sync.format.machine: the host name
}
_COLORS = ("auto", "always", "never")
LIMIT_MAX = 10_000

_cache: tuple[tuple[int, int], dict] | None = None


class ConfigError(DejaError):
    """The config file does not parse or holds a value deja cannot use."""


def path() -> Path:
    if os.environ.get("DEJA_CONFIG"):
        return Path(os.environ["DEJA_CONFIG"])
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "deja" / "config.toml"


def load() -> dict:
    """The file's settings, checked; {} when there is no file."""
    global _cache
    p = path()
    try:
        st = os.stat(p)
    except OSError:
        return {}
    sig = (st.st_mtime_ns, st.st_size)
    if _cache is not None and _cache[0] == sig:
        return _cache[1]
    import tomllib  # only when a file exists

    try:
        with open(p, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ConfigError(f"{p} does not parse ({e}); fix it or move it away") from e
    _check(p, data)
    _cache = (sig, data)
    return data


def _check(p: Path, data: dict) -> None:
    from deja.harnesses import HARNESSES

    def bad(key: str, want: str) -> ConfigError:
        return ConfigError(f"{p}: `{key}` must be {want}; got {data.get(key)!r}")

    for key, value in data.items():
        if key == "harnesses":
            if not isinstance(value, dict):
                raise bad(key, "a table of harness = true/false")
            for h, on in value.items():
                if h not in HARNESSES:
                    raise ConfigError(f"{p}: [harnesses] names {h!r}, not a harness deja reads ({', '.join(HARNESSES)})")
                if not isinstance(on, bool):
                    raise ConfigError(f"{p}: [harnesses] {h} must be true or false; got {on!r}")
        elif key == "hub":
            _check_hub(p, value)
        elif key not in DEFAULTS:
            raise ConfigError(f"{p}: unknown setting {key!r}; known: {', '.join([*DEFAULTS, 'harnesses', 'hub'])}")
        elif key == "roles":
            from deja.roles import roles_from_names

            if not isinstance(value, list) or not value or not all(isinstance(r, str) for r in value):
                raise bad(key, "a list of role names")
            try:
                roles_from_names(value)
            except DejaError as e:
                raise ConfigError(f"{p}: `roles`: {e}") from e
        elif key == "semantic" and not isinstance(value, bool):
            raise bad(key, "true or false")
        elif key == "color" and value not in _COLORS:
            raise bad(key, " | ".join(_COLORS))
        elif key == "machine" and (not isinstance(value, str) or not value.strip() or "\n" in value):
            raise bad(key, "a machine name (a non-empty string)")
        elif key in ("limit", "last") and (isinstance(value, bool) or not isinstance(value, int)
                                           or not 1 <= value <= LIMIT_MAX):
            raise bad(key, f"a whole number from 1 to {LIMIT_MAX}")


def _check_hub(p: Path, value: object) -> None:
    if not isinstance(value, dict):
        raise ConfigError(f"{p}: [hub] must be a table (dsn = \"…\", shared = [\"/path\", …])")
    for k, v in value.items():
        if k == "dsn" and not isinstance(v, str):
            raise ConfigError(f"{p}: [hub] dsn must be a PostgreSQL connection string")
        elif k == "shared" and not (isinstance(v, list) and all(isinstance(x, str) and x for x in v)):
            raise ConfigError(f"{p}: [hub] shared must be a list of project paths (`deja sync share PATH` adds one)")
        elif k not in ("dsn", "shared"):
            raise ConfigError(f"{p}: [hub] has no setting {k!r}; known: dsn, shared")


def get(key: str) -> tuple[object, str]:
    """A setting's value from the file, else its default; and which ("file" or "default")."""
    data = load()
    if key in data:
        return data[key], "file"
    return DEFAULTS[key], "default"


def harnesses_off() -> set[str]:
    """Harnesses the file turns off: they leave the index at the next run."""
    table = load().get("harnesses") or {}
    return {h for h, on in table.items() if on is False}
