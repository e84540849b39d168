"""What tests build stores from and read them back with: the fixtures put into a HOME, a
hand-written Claude Code transcript, JSONL files, a harness's store parsed as the indexer parses
it. One copy of each; conftest.py re-exports them (tests import them from either)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from deja.ingest.prepare import prepare
from deja.model import Parsed, Session
from deja.sources import load

FIXTURES = Path(__file__).parent / "fixtures"


# -- processes

def server_env(home: Path) -> dict[str, str]:
    """The environment of a deja process a test starts by hand (the MCP server over stdio): HOME,
    and the tree under test when it is on PYTHONPATH, else the process imports whatever deja is
    installed (an editable install of another tree may write another index version)."""
    tree = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}
    return {"HOME": str(home), **tree}


# -- stores in HOME

def install(home: Path, fixture: str | Path) -> dict:
    """Copy a fixture store (tests/fixtures/<fixture>, or a directory) into HOME, as it lies under
    the home of the machine that wrote it; return its MANIFEST.json."""
    src = fixture if isinstance(fixture, Path) else FIXTURES / fixture
    for item in src.iterdir():
        if item.name == "MANIFEST.json":
            continue
        if item.is_dir():
            shutil.copytree(item, home / item.name, dirs_exist_ok=True)
        else:
            shutil.copy2(item, home / item.name)
    return json.loads((src / "MANIFEST.json").read_text())


def install_real(home: Path, harness: str) -> dict:
    """Put the store a real agent CLI wrote (tests/fixtures/real/<h>) into HOME; return its manifest."""
    return install(home, FIXTURES / "real" / harness)


def write_jsonl(path: Path, records: list[dict]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    return path


class Transcript:
    """A Claude Code transcript as the real CLI writes it: JSONL, one content block per line.
    `agent` makes it a subagent's sidechain (a file under <session>/subagents/)."""

    def __init__(self, sid: str, cwd: str, day: int, agent: str = ""):
        self.sid, self.cwd, self.day, self.agent, self.n, self.lines = sid, cwd, day, agent, 0, []

    def _line(self, kind: str, content) -> Transcript:
        self.n += 1
        line = {"type": kind, "sessionId": self.sid, "cwd": self.cwd, "uuid": f"{self.sid[:8]}-{self.agent}{self.n}",
                "timestamp": f"2026-03-{self.day:02d}T10:{self.n:02d}:00.000Z", "isSidechain": bool(self.agent),
                "message": {"role": kind, "content": content}}
        if self.agent:
            line["agentId"] = self.agent
        self.lines.append(line)
        return self

    def user(self, text: str) -> Transcript:
        return self._line("user", text)

    def say(self, text: str) -> Transcript:
        return self._line("assistant", [{"type": "text", "text": text}])

    def tool(self, name: str, args: dict, result: str, error: bool = False) -> Transcript:
        tid = f"toolu_{self.sid[:4]}{self.agent}{self.n}"
        self._line("assistant", [{"type": "tool_use", "id": tid, "name": name, "input": args}])
        return self._line("user", [{"type": "tool_result", "tool_use_id": tid, "content": result, "is_error": error}])

    def bash(self, cmd: str, out: str, code: int = 0) -> Transcript:
        return self.tool("Bash", {"command": cmd}, f"Exit code {code}\n{out}" if code else out, error=bool(code))

    def edit(self, path: str, old: str, new: str) -> Transcript:
        return self.tool("Edit", {"file_path": path, "old_string": old, "new_string": new}, f"The file {path} has been updated.")

    def read(self, path: str, out: str) -> Transcript:
        return self.tool("Read", {"file_path": path}, out)

    def write(self, home: Path) -> Transcript:
        d = home / ".claude" / "projects" / self.cwd.replace("/", "-")
        write_jsonl(d / self.sid / "subagents" / f"{self.agent}.jsonl" if self.agent else d / f"{self.sid}.jsonl", self.lines)
        return self


# -- a store read back

def parse(harness: str, path: Path, start: int = 0) -> Parsed:
    """One file of `harness`'s store parsed from `start`, its sessions prepared as the indexer
    prepares them (cleaned, redacted, capped, titled)."""
    parsed = load(harness).parse(path, start)
    for s in parsed.sessions:
        prepare(s)
    return parsed


def parse_all(harness: str, paths: list[Path] | None = None, clean: bool = False, whole: bool = False,
              ) -> tuple[list[Session], int]:
    """Every session of `harness`'s store in HOME (of `paths` when given), prepared, and the count
    of entries skipped. `clean`: no file skips anything; `whole`: every file is read to its end
    in one go (offset 0: not an append-only file)."""
    src = load(harness)
    sessions: list[Session] = []
    skipped = 0
    for path in src.discover() if paths is None else paths:
        parsed = parse(harness, path)
        assert not (clean and parsed.skipped), (path, parsed.skipped)
        assert not (whole and parsed.offset), (path, parsed.offset)
        skipped += parsed.skipped
        sessions += parsed.sessions
    return sessions, skipped


def by_id(sessions: list[Session]) -> dict[str, Session]:
    """Sessions by id; no two may share one."""
    out: dict[str, Session] = {}
    for s in sessions:
        assert s.id not in out, s.id
        out[s.id] = s
    return out


# -- what the CLI answered

def hits(result: dict) -> list[tuple[str, str]]:
    return [(h["session"]["harness"], h["session"]["id"]) for h in result["hits"]]


def live_index(index_dir: Path) -> Path:
    """The generation of the index that `live` names: where its catalog and text index are."""
    return index_dir / (index_dir / "live").read_text().strip()
