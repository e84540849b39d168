"""aider: `.aider.chat.history.md`, a Markdown log in the directory aider ran in.

aider writes the file where it was launched (the git root when there is one), so there is no
central store: `~/.aider.chat.history.md`, every non-hidden child and grandchild directory of
HOME, `$AIDER_CHAT_HISTORY_FILE`, and each root of `DEJA_AIDER_ROOTS` (an os.pathsep list; the
root, its children and grandchildren) are probed. `.aider.input.history` repeats each input and
is not a transcript.

Every run appends a block opening `# aider chat started at YYYY-MM-DD HH:MM:SS` (local time):
one block is one session. Inside it, `#### ` lines are what the person typed (each line of one
input carries the prefix; inputs are separated by a blank line), `> ` lines are aider's own
messages (banner, prompts, token counts; a multi-line message blockquotes only its first line),
and anything else is the model's reply. Fenced code is content, whatever its lines look like.
aider keeps no tool output: `/run` output and `--read` file contents go to the model only. The
`>` lines stay out of speech, but name some work: `Running <cmd>` (a command aider ran), and
`Applied edit to <f>` / `Added <f> to the chat` (files). Typed `/run`, `/test`, `!` and `/git`
inputs are commands too, and SEARCH blocks of the diff edit format are the text an edit replaced.
There are no ids: a session is `aider-<sha1(path)[:12]>-<ordinal of its header>`, its cwd the
directory holding the file. `DEJA_AIDER_ROOT` replaces HOME as the probed root.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

from deja import paths
from deja.errors import SourceError
from deja.model import Parsed, Role, Session
from deja.sources.base import (
    Commands,
    Source,
    add_edits,
    add_files,
    basename,
    finish,
    parse_time,
    read_bytes,
)
from deja.sources.look import PLAIN, Look

HISTORY = ".aider.chat.history.md"
_HEADER = "# aider chat started at "
_STRICT_HEADER = re.compile(r"^# aider chat started at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_RUNNING = re.compile(r"^Running (.+)$")
_APPLIED = re.compile(r"^Applied edit to (\S(?:.*\S)?)\s*$")  # (`(.+?)\s*$` was quadratic in a run of spaces)
_ADDED = re.compile(r"^Added (.+?) to (?:the chat(?: \(read-only\))?|read-only files)\.?\s*$")
_OUTPUT_LINES = re.compile(r"^\d+ lines? of output$")
# What the person typed that makes aider run a shell command itself.
_USER_CMD = re.compile(r"^(?:/run\s+|/test\s+|!\s*)(.+)$|^/git\s+(.+)$")
_SEARCH = re.compile(r"^<{5,9} SEARCH\s*$")
_DIVIDER = re.compile(r"^={5,9}\s*$")
_ANSWER = re.compile(r"^[^\n]*\(Y\)es/\(N\)o[^\n]*\]: \w*$")


class Aider(Source):
    """Chat-history Markdown files found by probing HOME and the configured roots."""

    name = "aider"
    version = 1
    append_only = False  # many sessions per file, ids by ordinal: re-read whole
    cannot_resume = ("aider keeps no sessions: its chat history is one file per directory "
                     "(`cd DIR && aider --restore-chat-history` reloads all of it)")

    def _probe_roots(self, look: Look = PLAIN) -> list[Path]:
        roots = [paths.harness_root(self.name, paths.home(look.env), look.env)]
        extra = look.env("DEJA_AIDER_ROOTS") or ""
        roots += [Path(p).expanduser() for p in extra.split(os.pathsep) if p.strip()]
        return roots

    def roots(self, look: Look = PLAIN) -> list[Path]:
        out = self._probe_roots(look)
        env = _env_file(look)
        if env is not None:
            out.append(env)
        return out

    def discover(self, look: Look = PLAIN) -> list[Path]:
        found: dict[str, Path] = {}
        for root in self._probe_roots(look):
            children = _subdirs(root, look)
            for d in [root, *children, *(g for c in children for g in _subdirs(c, look))]:
                _probe(found, d / HISTORY, look)
        env = _env_file(look)
        if env is not None:
            _probe(found, env, look)
        return sorted(found.values())

    def parse(self, path: Path, start: int = 0) -> Parsed:
        text = read_bytes(path).decode("utf-8", errors="replace")
        full = os.path.abspath(path)
        reader = _Reader(self.name, full, os.path.dirname(full))
        for line in text.splitlines():
            reader.line(line)
        reader.close()
        if not reader.headers and text.strip():
            raise SourceError("not an aider chat history: no `# aider chat started at` line")
        return Parsed(finish(reader.sessions), 0, reader.skipped)


def _env_file(look: Look = PLAIN) -> Path | None:
    value = (look.env("AIDER_CHAT_HISTORY_FILE") or "").strip()
    if not value:
        return None
    p = Path(value).expanduser()
    return p if p.is_absolute() else None  # relative to wherever aider ran: unknowable


def _subdirs(d: Path, look: Look = PLAIN) -> list[Path]:
    """Non-hidden directories directly under `d` (symlinks not followed)."""
    out: list[Path] = []
    try:
        with look.scandir(d) as it:
            for e in it:
                try:
                    if not e.name.startswith(".") and e.is_dir(follow_symlinks=False):
                        out.append(Path(e.path))
                except OSError:
                    continue
    except OSError:
        pass
    return out


def _probe(found: dict[str, Path], p: Path, look: Look = PLAIN) -> None:
    try:
        mode = look.lstat(p).st_mode
    except OSError:
        return
    if stat.S_ISLNK(mode) or stat.S_ISDIR(mode):
        return
    found.setdefault(os.path.abspath(p), Path(os.path.abspath(p)))


class _Reader:
    """A line-at-a-time state machine over one history file."""

    def __init__(self, harness: str, path: str, cwd: str):
        self.harness, self.path, self.cwd = harness, path, cwd
        self.digest = hashlib.sha1(path.encode("utf-8", "surrogateescape")).hexdigest()[:12]
        self.sessions: list[Session] = []
        self.headers = 0
        self.skipped = 0
        self.s: Session | None = None
        self.cmds: Commands | None = None
        self.t = 0.0
        self.role: Role | None = None  # the open block
        self.buf: list[str] = []
        self.fence = ""  # the opening fence while inside fenced code
        self.in_tool = False  # the previous line was part of a `>` message
        self.files: list[str] = []  # paths named by the current run of `>` lines
        self.stray = False

    def line(self, line: str) -> None:
        if self.fence and not _STRICT_HEADER.match(line):  # a fence left open ends at the next run
            self.buf.append(line)
            fence = line.strip()
            if fence.startswith(self.fence) and not fence.strip(self.fence[0]):
                self.fence = ""
            return
        if line.startswith(_HEADER):
            self.start(line[len(_HEADER):])
            return
        if self.s is None:
            self.stray = self.stray or bool(line.strip())
            return
        bare = line.rstrip()
        if bare.startswith(">"):
            self.flush()
            self.tool(bare[1:].strip())
            return
        if self.in_tool and bare:
            return  # lazy continuation of a multi-line `>` message
        self.end_tool_run()
        # aider ends every typed line with two spaces; a bare `####` heading inside a reply is the model's
        typed = bare == "####" or bare.startswith("#### ")
        if typed and not (self.role is Role.ASSISTANT and not line.endswith("  ")):
            if self.role is not Role.USER:
                self.flush()
                self.role = Role.USER
            self.buf.append(bare[5:])
            return
        if not bare:
            if self.role is Role.USER:
                self.flush()  # one input per `####` run; the next input follows a blank line
            elif self.role is Role.ASSISTANT:
                self.buf.append("")
            return
        if self.role is not Role.ASSISTANT:
            self.flush()
            self.role = Role.ASSISTANT
        self.buf.append(bare)
        m = _FENCE.match(line)
        if m:
            self.fence = m.group(1)

    def start(self, when: str) -> None:
        self.close()
        if self.stray:
            self.skipped += 1  # text before the first header: a cut or foreign file
            self.stray = False
        self.headers += 1
        self.t = parse_time(when, local=True)  # aider writes local time
        if not self.t:
            self.skipped += 1
        self.s = Session(self.harness, f"aider-{self.digest}-{self.headers}", path=self.path, cwd=self.cwd,
                         project=basename(self.cwd))
        self.s.touch(self.t)
        self.cmds = Commands(self.s)
        self.sessions.append(self.s)

    def flush(self) -> None:
        s, role, buf = self.s, self.role, self.buf
        self.role, self.buf = None, []
        if s is None or role is None:
            return
        if role is Role.USER:
            lines = ["" if x.strip() == "<blank>" else x.rstrip() for x in buf]
            text = "\n".join(lines).strip()
            if _ANSWER.search(text):
                return  # a confirmation answered from a group choice, logged as if typed
            s.add(Role.USER, text, self.t)
            m = _USER_CMD.match(text) if "\n" not in text else None
            if m and self.cmds is not None:
                self.cmds.add(m.group(1) or f"git {m.group(2)}", self.t, None)
        else:
            text = "\n".join(buf).strip()
            s.add(Role.ASSISTANT, text, self.t)
            for fname, old in _search_blocks(text):
                add_edits(s, self.resolve(fname), [old], self.t)

    def tool(self, text: str) -> None:
        self.in_tool = True
        if self.cmds is not None and (m := _RUNNING.match(text)):
            self.cmds.add(m.group(1), self.t, None)
        m = _APPLIED.match(text) or _ADDED.match(text)
        if m and not _OUTPUT_LINES.match(m.group(1)):
            self.files.append(self.resolve(m.group(1).strip("`'\"")))

    def end_tool_run(self) -> None:
        if self.in_tool and self.s is not None:
            add_files(self.s, self.files, self.t)
        self.in_tool, self.files = False, []

    def resolve(self, name: str) -> str:
        return name if os.path.isabs(name) else os.path.join(self.cwd, name)

    def close(self) -> None:
        self.fence = ""
        self.flush()
        self.end_tool_run()


def _search_blocks(text: str) -> list[tuple[str, str]]:
    """(file, replaced text) of each SEARCH/REPLACE block of aider's diff edit format."""
    out: list[tuple[str, str]] = []
    if "SEARCH" not in text:
        return out
    lines = text.splitlines()
    fname = ""
    i = 0
    while i < len(lines):
        if not _SEARCH.match(lines[i]):
            i += 1
            continue
        for cand in reversed(lines[max(0, i - 3):i]):
            c = cand.strip()
            if c and not _FENCE.match(c):
                fname = c.strip("`*#:").strip()
                break
        j = i + 1
        while j < len(lines) and not _DIVIDER.match(lines[j]):
            j += 1
        if fname and j < len(lines):
            out.append((fname, "\n".join(lines[i + 1:j])))
        i = j + 1
    return out


SOURCE = Aider
