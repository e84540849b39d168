"""Roo Code: `<VS Code user dir>/globalStorage/rooveterinaryinc.roo-cline/tasks/<taskId>/`.

Each task folder holds `api_conversation_history.json` (a JSON array of Anthropic-style
messages, rewritten whole; Roo adds a `ts` in epoch ms to each message) and `history_item.json`
(`{id, ts, task, workspace, mode}`: the first prompt and the working directory). The transcript
is Cline's extension format (Roo is a fork) and is read by `deja.sources.cline.parse_task`:
XML-tagged or native tool calls, `[tool for 'x'] Result:` answers, and an
`<environment_details>` block in every user turn, which is dropped.

Stores are looked for in every VS Code-family user dir (Code, Insiders, VSCodium, Cursor,
Windsurf), in a `roo-cline.customStoragePath` set in that dir's `settings.json`, and in the Roo
CLI's `~/.vscode-mock/global-storage` (`DEJA_ROO_CLI_ROOT`). `DEJA_ROO_ROOTS` (a path list)
replaces that search. Each root holds `tasks/` directly.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from deja import paths
from deja.model import Parsed
from deja.sources.base import Source, decode_json, read_bytes
from deja.sources.cline import env_paths, parse_task, task_files, vscode_user_dirs
from deja.sources.look import PLAIN, Look

EXTENSION = "rooveterinaryinc.roo-cline"
SETTING = "roo-cline.customStoragePath"
# JSONC: strings are kept whole; comments go; a comma before a closing bracket goes
# (a comment with no `*/` runs to the end, as a JSONC reader takes it: each unclosed `/*` was a
# scan to the end of the file)
_JSONC = re.compile(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?(?:\*/|\Z)|,(?=\s*[}\]])', re.DOTALL)


class Roo(Source):
    name = "roo"
    version = 1
    append_only = False
    cannot_resume = "Roo Code is a VS Code extension with no command line: reopen the task from its history panel"

    def roots(self, look: Look = PLAIN) -> list[Path]:
        listed = env_paths("DEJA_ROO_ROOTS", look)
        if listed is not None:
            return listed
        if look.env("DEJA_ROO_ROOT"):
            return [paths.harness_root(self.name, Path(), look.env)]
        out: list[Path] = []
        for user in vscode_user_dirs(look):
            out.append(user / "globalStorage" / EXTENSION)
            custom = _custom_storage(user / "settings.json", look)
            if custom:
                out.append(custom)
        out.append(Path(look.env("DEJA_ROO_CLI_ROOT") or paths.home(look.env) / ".vscode-mock" / "global-storage"))
        return list(dict.fromkeys(out))

    def discover(self, look: Look = PLAIN) -> list[Path]:
        return [p for root in self.roots(look) for p in task_files(root, look)]

    def parse(self, path: Path, start: int = 0) -> Parsed:
        item = _read_json(path.parent / "history_item.json")
        meta = {"task": item.get("task"), "ts": item.get("ts"), "cwd": item.get("workspace")}
        return parse_task(self.name, path, meta)


def _read_json(path: Path) -> dict:
    try:
        doc = decode_json(read_bytes(path))
    except (OSError, msgspec.DecodeError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _custom_storage(settings: Path, look: Look = PLAIN) -> Path | None:
    """`roo-cline.customStoragePath` from a VS Code `settings.json` (JSONC), when set."""
    try:
        text = look.read_bytes(settings).decode("utf-8", "replace")
    except OSError:
        return None
    if SETTING not in text:
        return None
    try:
        doc = decode_json(_JSONC.sub(lambda m: m.group(1) or "", text).encode())
    except msgspec.DecodeError:
        return None
    value = doc.get(SETTING) if isinstance(doc, dict) else None
    if not isinstance(value, str) or not value.strip():
        return None
    return Path(value.strip()).expanduser()


SOURCE = Roo
