"""The kinds of wiring deja writes into agents' config files: an MCP entry in a JSON or TOML
table, hook handlers in a JSON settings file, and a skill file. Each installs idempotently,
backs a file up once, and uninstalls only what deja added."""


import os
import re
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deja.install import files, toml_edit
from deja.install.files import ConfigError

NAME = "deja"  # the key of deja's entry in every agent's MCP table
HOOK_KINDS = ("context", "prompt", "tool", "precompact")
# A handler deja added: its command runs `deja hook-…` (any path to deja, or `python -m deja`).
_OURS = re.compile(r"(?:^|[\s/\\'\"])deja(?:\.exe)?['\"]?\s+hook-(context|prompt|tool|precompact)\b")


# -- how agents run deja


@dataclass(frozen=True)
class Command:
    """How an agent starts deja: `[/abs/path/deja]`, or `[python, -m, deja]` as a last resort."""

    argv: tuple[str, ...]

    @property
    def program(self) -> str:
        return self.argv[0]

    def args(self, *more: str) -> list[str]:
        return [*self.argv[1:], *more]

    def shell(self, *more: str) -> str:
        return shlex.join([*self.argv, *more])


def deja_command() -> Command:
    """The absolute path of the running deja: the script that was run, the one installed beside
    this Python (the same install), then PATH; else this Python with `-m deja`."""
    arg0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(arg0) in ("deja", "deja.exe"):
        found = os.path.abspath(arg0) if os.sep in arg0 else shutil.which(arg0)
        if found and os.access(found, os.X_OK):
            return Command((os.path.abspath(found),))
    beside = Path(sys.executable).parent / "deja"
    if beside.is_file() and os.access(beside, os.X_OK):
        return Command((str(beside),))
    found = shutil.which("deja")
    if found:
        return Command((os.path.abspath(found),))
    return Command((sys.executable, "-m", "deja"))


# -- results


@dataclass
class Change:
    agent: str
    what: str  # "MCP server" | "hooks" | "skill"
    path: Path
    action: str  # added | updated | removed | unchanged | absent
    backup: Path | None = None


@dataclass
class WiringState:
    what: str
    path: Path
    state: str  # installed | outdated | absent | unreadable
    detail: str = ""
    command: str = ""  # the program the entry runs, when installed or outdated
    argv: tuple[str, ...] = ()  # an MCP entry's whole command line, as the agent starts it
    env: dict[str, str] | None = None  # and the environment it adds


def _argv(entry: dict) -> tuple[tuple[str, ...], dict[str, str] | None]:
    """The command line and extra environment of an MCP entry (`command` a string with `args`,
    or a list as opencode writes it)."""
    cmd, args = entry.get("command"), entry.get("args")
    parts = list(cmd) if isinstance(cmd, list) else [cmd] if isinstance(cmd, str) else []
    parts += list(args) if isinstance(args, list) else []
    env = entry.get("env") if isinstance(entry.get("env"), dict) else entry.get("environment")
    env = {str(k): str(v) for k, v in env.items()} if isinstance(env, dict) else None
    return tuple(str(x) for x in parts), env


def _list(value: object) -> list:
    """`value` when it is a list, else no items (a hand-edited file may hold anything)."""
    return value if isinstance(value, list) else []


# -- the kinds of wiring


def _dig(data: dict, keys: tuple[str, ...], where: Path) -> dict | None:
    cur: Any = data
    for k in keys:
        if k not in cur:
            return None
        cur = cur[k]
        if not isinstance(cur, dict):
            raise ConfigError(f"{where}: `{'.'.join(keys)}` is not an object; deja will not rewrite it")
    return cur


def _backup_has(path: Path, keys: tuple[str, ...]) -> bool:
    """Whether the file as it was before deja first changed it had `keys` (so removing deja's
    entries leaves that container, even empty, as it was)."""
    b = Path(str(path) + files.BACKUP_SUFFIX)
    try:
        data, _, _ = files.load_json(b)
    except ConfigError:
        return False
    cur: Any = data
    for k in keys:
        if not isinstance(cur, dict) or k not in cur:
            return False
        cur = cur[k]
    return True


def _prune(data: dict, keys: tuple[str, ...], path: Path) -> None:
    """Drop containers along `keys` that deja's removal left empty, unless they were there before."""
    for n in range(len(keys), 0, -1):
        parent = data
        for k in keys[: n - 1]:
            parent = parent.get(k, {})
        node = parent.get(keys[n - 1]) if isinstance(parent, dict) else None
        if node in ({}, []) and not _backup_has(path, keys[:n]):
            parent.pop(keys[n - 1], None)


def _backup_of(path: Path) -> Path | None:
    b = Path(str(path) + files.BACKUP_SUFFIX)
    return b if b.exists() else None


def _finish_json(path: Path, data: dict, style, existed: bool) -> Path | None:
    """Write `data`, or delete the file when deja created it and it is now empty."""
    backup = Path(str(path) + files.BACKUP_SUFFIX)
    if not data and existed and not backup.exists():
        files.real(path).unlink()
        return None
    files.save_json(path, data, style)
    return backup if backup.exists() else None


@dataclass
class JsonEntry:
    """`{…, "mcpServers": {"deja": {…}}}` in a JSON file (the container keys vary)."""

    agent: str
    where: Callable[[], Path]
    keys: tuple[str, ...]
    entry: Callable[[Command], dict]
    # The fields that say what runs; the user's other fields (env, timeouts) are kept on update.
    ident: tuple[str, ...] = ("command", "args")
    what: str = "MCP server"

    def state(self, cmd: Command | None = None) -> WiringState:
        path = self.where()
        try:
            data, _, _ = files.load_json(path)
            box = _dig(data, self.keys, path)
        except ConfigError as e:
            return WiringState(self.what, path, "unreadable", str(e))
        got = box.get(NAME) if box else None
        if not isinstance(got, dict):
            return WiringState(self.what, path, "absent")
        program = got.get("command")
        program = program[0] if isinstance(program, list) and program else program
        program = program if isinstance(program, str) else ""
        argv, env = _argv(got)
        if cmd is None or all(got.get(k) == v for k, v in self.entry(cmd).items() if k in self.ident):
            return WiringState(self.what, path, "installed", command=program, argv=argv, env=env)
        return WiringState(self.what, path, "outdated", "runs another deja than this one", command=program, argv=argv, env=env)

    def add(self, cmd: Command) -> Change:
        path = self.where()
        data, style, _ = files.load_json(path)
        box = _dig(data, self.keys, path)
        if box is None:
            box = data
            for k in self.keys:
                box = box.setdefault(k, {})
        want = self.entry(cmd)
        got = box.get(NAME)
        if isinstance(got, dict):
            if all(got.get(k) == v for k, v in want.items() if k in self.ident):
                return Change(self.agent, self.what, path, "unchanged")
            got.update({k: v for k, v in want.items() if k in self.ident})
            action = "updated"
        else:
            box[NAME] = want
            action = "added"
        files.save_json(path, data, style)
        return Change(self.agent, self.what, path, action, _backup_of(path))

    def remove(self) -> Change:
        path = self.where()
        data, style, existed = files.load_json(path)
        box = _dig(data, self.keys, path)
        if not box or NAME not in box:
            return Change(self.agent, self.what, path, "absent")
        del box[NAME]
        _prune(data, self.keys, path)
        return Change(self.agent, self.what, path, "removed", _finish_json(path, data, style, existed))


@dataclass
class TomlEntry:
    """`[mcp_servers.deja]` in a TOML file, edited as text (see toml_edit)."""

    agent: str
    where: Callable[[], Path]
    table: tuple[str, ...]
    entry: Callable[[Command], dict]
    what: str = "MCP server"

    def _read(self) -> tuple[Path, str]:
        path = self.where()
        return path, files.read_text(path) or ""

    def state(self, cmd: Command | None = None) -> WiringState:
        try:
            path, text = self._read()
            doc = toml_edit.parse(text, str(path))
        except ConfigError as e:
            return WiringState(self.what, self.where(), "unreadable", str(e))
        cur: Any = doc
        for k in self.table:
            cur = cur.get(k) if isinstance(cur, dict) else None
        if not isinstance(cur, dict):
            return WiringState(self.what, path, "absent")
        program = got if isinstance(got := cur.get("command"), str) else ""
        argv, env = _argv(cur)
        if cmd is None or all(cur.get(k) == v for k, v in self.entry(cmd).items()):
            return WiringState(self.what, path, "installed", command=program, argv=argv, env=env)
        return WiringState(self.what, path, "outdated", "runs another deja than this one", command=program, argv=argv, env=env)

    def _existing(self, text: str, where: str) -> dict | None:
        cur: Any = toml_edit.parse(text, where)
        for k in self.table:
            cur = cur.get(k) if isinstance(cur, dict) else None
        return cur if isinstance(cur, dict) else None

    def add(self, cmd: Command) -> Change:
        path, text = self._read()
        want = self.entry(cmd)
        got = self._existing(text, str(path))
        if got is not None and all(got.get(k) == v for k, v in want.items()):
            return Change(self.agent, self.what, path, "unchanged")
        # The user's other keys in deja's table (env, timeouts) stay.
        body = {**got, **want} if got else want
        try:
            new = toml_edit.set_table(text, self.table, body, str(path))
        except TypeError:
            raise ConfigError(f"{path}: [{'.'.join(self.table)}] holds values deja cannot rewrite; edit it by hand") from None
        files.backup(path)
        files.write_text(path, new)
        return Change(self.agent, self.what, path, "updated" if got is not None else "added", _backup_of(path))

    def remove(self) -> Change:
        path, text = self._read()
        new = toml_edit.remove_table(text, self.table, str(path))
        if new == text:
            return Change(self.agent, self.what, path, "absent")
        backup = Path(str(path) + files.BACKUP_SUFFIX)
        if not new.strip() and not backup.exists():
            files.real(path).unlink()
            return Change(self.agent, self.what, path, "removed")
        files.backup(path)
        files.write_text(path, new)
        return Change(self.agent, self.what, path, "removed", backup)


@dataclass
class HookEvent:
    event: str  # the host's event name
    kind: str  # which deja hook it runs
    matcher: str | None = None
    timeout: int = 5  # in the host's unit (seconds, or milliseconds for Gemini CLI)


@dataclass
class JsonHooks:
    """`{"hooks": {"<Event>": [{"matcher": …, "hooks": [{"type": "command", "command": …}]}]}}`:
    the shape Claude Code, Codex, Gemini CLI and Qwen Code share."""

    agent: str
    where: Callable[[], Path]
    events: list[HookEvent]
    handler: Callable[[Command, HookEvent], dict]
    what: str = "hooks"

    def _want(self, cmd: Command, ev: HookEvent) -> dict:
        group: dict[str, Any] = {}
        if ev.matcher is not None:
            group["matcher"] = ev.matcher
        group["hooks"] = [self.handler(cmd, ev)]
        return group

    @staticmethod
    def _ours(handler: Any, kind: str | None = None) -> bool:
        if not isinstance(handler, dict) or not isinstance(handler.get("command"), str):
            return False
        m = _OURS.search(handler["command"])
        return m is not None and (kind is None or m.group(1) == kind)

    def _box(self, data: dict, path: Path) -> dict | None:
        return _dig(data, ("hooks",), path)

    def state(self, cmd: Command | None = None) -> WiringState:
        path = self.where()
        try:
            data, _, _ = files.load_json(path)
            box = self._box(data, path) or {}
        except ConfigError as e:
            return WiringState(self.what, path, "unreadable", str(e))
        found = [h for groups in box.values() if isinstance(groups, list) for g in groups if isinstance(g, dict)
                 for h in _list(g.get("hooks")) if self._ours(h)]
        if not found:
            return WiringState(self.what, path, "absent")
        program = shlex.split(found[0]["command"])[0] if found[0]["command"].strip() else ""
        if cmd is None:
            return WiringState(self.what, path, "installed", command=program)
        for ev in self.events:
            groups = box.get(ev.event)
            want = self._want(cmd, ev)
            if not isinstance(groups, list) or want not in groups and not any(
                    isinstance(g, dict) and g.get("matcher") == ev.matcher and want["hooks"][0] in (g.get("hooks") or [])
                    for g in groups):
                return WiringState(self.what, path, "outdated", f"{ev.event} does not run `deja hook-{ev.kind}` as this deja would",
                                   command=program)
        return WiringState(self.what, path, "installed", command=program)

    def add(self, cmd: Command) -> Change:
        path = self.where()
        data, style, _ = files.load_json(path)
        box = self._box(data, path)
        if box is None:
            box = data.setdefault("hooks", {})
        changed = added = False
        for ev in self.events:
            groups = box.get(ev.event)
            if groups is None:
                groups = box[ev.event] = []
            if not isinstance(groups, list):
                raise ConfigError(f"{path}: hooks.{ev.event} is not a list; deja will not rewrite it")
            want = self._want(cmd, ev)
            if any(isinstance(g, dict) and g.get("matcher") == ev.matcher and want["hooks"][0] in (g.get("hooks") or [])
                   for g in groups):
                continue
            had = self._strip(groups, ev.kind)
            groups.append(want)
            changed = True
            added = added or not had
        if not changed:
            return Change(self.agent, self.what, path, "unchanged")
        files.save_json(path, data, style)
        return Change(self.agent, self.what, path, "added" if added else "updated", _backup_of(path))

    def handlers(self) -> list[tuple[str, int, int]]:
        """Where deja's handlers sit: (event, index of the group in the event, index in the group)."""
        try:
            data, _, _ = files.load_json(self.where())
            box = self._box(data, self.where()) or {}
        except ConfigError:
            return []
        return [(event, gi, hi) for event, groups in box.items() if isinstance(groups, list)
                for gi, g in enumerate(groups) if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                for hi, h in enumerate(g["hooks"]) if self._ours(h)]

    def _strip(self, groups: list, kind: str | None) -> bool:
        """Take deja's handlers (of `kind`, or all) out of an event's groups; True if any were."""
        took = False
        for g in list(groups):
            hs = g.get("hooks") if isinstance(g, dict) else None
            if not isinstance(hs, list):
                continue
            keep = [h for h in hs if not self._ours(h, kind)]
            if len(keep) != len(hs):
                took = True
                if keep:
                    g["hooks"] = keep
                else:
                    groups.remove(g)
        return took

    def remove(self) -> Change:
        path = self.where()
        data, style, existed = files.load_json(path)
        box = self._box(data, path)
        if not box:
            return Change(self.agent, self.what, path, "absent")
        took = False
        for event in list(box):
            groups = box[event]
            if isinstance(groups, list) and self._strip(groups, None):
                took = True
                _prune(data, ("hooks", event), path)
        if not took:
            return Change(self.agent, self.what, path, "absent")
        _prune(data, ("hooks",), path)
        return Change(self.agent, self.what, path, "removed", _finish_json(path, data, style, existed))


SKILL_MARK = "<!-- written by `deja install pi`; `deja uninstall pi` removes it -->"


@dataclass
class SkillFile:
    """A file deja owns outright (pi has no MCP: it reads skills, and deja is a CLI)."""

    agent: str
    where: Callable[[], Path]
    text: Callable[[Command], str]
    what: str = "skill"

    def _current(self) -> str | None:
        return files.read_text(self.where())

    def state(self, cmd: Command | None = None) -> WiringState:
        path = self.where()
        try:
            got = self._current()
        except ConfigError as e:
            return WiringState(self.what, path, "unreadable", str(e))
        if got is None or SKILL_MARK not in got:
            return WiringState(self.what, path, "absent" if got is None else "unreadable",
                               "" if got is None else "a skill deja did not write is there")
        m = re.search(r"^`([^`]+)` ", got, re.M)
        program = shlex.split(m.group(1))[0] if m else ""
        if cmd is None or got == self.text(cmd):
            return WiringState(self.what, path, "installed", command=program)
        return WiringState(self.what, path, "outdated", "written for another deja", command=program)

    def add(self, cmd: Command) -> Change:
        path = self.where()
        got = self._current()
        want = self.text(cmd)
        if got == want:
            return Change(self.agent, self.what, path, "unchanged")
        if got is not None and SKILL_MARK not in got:
            raise ConfigError(f"{path} exists and deja did not write it; deja leaves it alone")
        files.write_text(path, want)
        return Change(self.agent, self.what, path, "added" if got is None else "updated")

    def remove(self) -> Change:
        path = self.where()
        got = self._current()
        if got is None or SKILL_MARK not in got:
            return Change(self.agent, self.what, path, "absent")
        files.real(path).unlink()
        try:
            path.parent.rmdir()
        except OSError:
            pass
        return Change(self.agent, self.what, path, "removed")
