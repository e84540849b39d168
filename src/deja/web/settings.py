"""The one thing the page writes: a harness in or out of the corpus, as the config file's
`[harnesses]` table says it (deja.config). The file is edited as text (deja.install.toml_edit:
comments and the rest of the file stay as they are, and the edit is proven by re-reading it) and
replaced atomically; the indexer honours it at the next `deja index`; the harness's own files are
never touched."""

from __future__ import annotations

from deja import config
from deja.errors import DejaError
from deja.install import files, toml_edit
from deja.sources import HARNESSES

TABLE = ("harnesses",)


def set_harness(harness: str, on: bool) -> bool:
    """Turn `harness` on (its key leaves the table: on is the default) or off (`harness = false`).
    Returns whether it is on now, as the config file reads back."""
    if harness not in HARNESSES:
        raise DejaError(f"{harness!r} is not a harness deja reads ({', '.join(HARNESSES)})")
    where = config.path()
    text = files.read_text(where) or ""
    current = toml_edit.parse(text, str(where)).get("harnesses")
    table = dict(current) if isinstance(current, dict) else {}
    if on:
        table.pop(harness, None)
    else:
        table[harness] = False
    if table:
        new = toml_edit.set_table(text, TABLE, table, str(where))
    else:
        new = toml_edit.remove_table(text, TABLE, str(where))
    if new != text:
        files.write_text(where, new)
    return harness not in config.harnesses_off()
