"""omp (Oh My Pi): `~/.omp/agent/sessions/<encoded cwd>/<ISO-ts>_<uuidv7>.jsonl`.

The directory encodes the cwd with one leading dash (`-tmp-work`, `-` + path under HOME);
older builds wrote pi's `--a-b--`. Roots: `$PI_CODING_AGENT_DIR/sessions` (else
`~/<$PI_CONFIG_DIR or .omp>/agent/sessions`), every `~/.omp/profiles/<name>/agent/sessions`,
and, when `$XDG_DATA_HOME/omp` exists, `$XDG_DATA_HOME/omp/sessions` and
`$XDG_DATA_HOME/omp/profiles/<name>/sessions` (no `agent` segment under XDG).
`DEJA_OMP_ROOT`, when set, is the only root. Subagent transcripts sit beside their parent in
`<session stem>/<id>.jsonl` and name it in `parentSession`.

Line 1 is a fixed-width (256 bytes, space-padded) `{"type": "title", "title", "pad"}` slot that
omp rewrites in place when the title changes; line 2 the pi header `{"type": "session",
"version": 3, "id", "cwd", "parentSession"?}`; then pi entries (`message` with `toolCall` blocks
and `toolResult`, `custom` tool-lifecycle records, `title_change`, …). Everything after the slot
only grows and the slot never changes length, so the file is treated as append-only: a title
rewrite changes the already-read prefix, whose hash the indexer checks before resuming, so it
forces a whole re-read; a resumed parse re-reads the slot and the header for title and identity.

Tools: `bash` (`command`) and `read`/`write` (`path`, read with `:N-M`-style selectors), plus
the model-facing intent `i`. `edit` takes one of five shapes, by mode: replace (`path`,
`old_string`), patch (`path`, `edits[].diff`), apply_patch and hashline (`input`: a
`*** Begin Patch` envelope with `*** Update File:` or `[PATH#TAG]` headers) and sloppy
(`input`). Its result carries `details.diff` (`-N|old line`, per file in
`details.perFileResults` for several files) — what was really replaced, in every mode — which
gives the `edit` records; the arguments are the fallback when a result has no diff.
`~/.omp/agent/agent.db` holds settings, auth and usage, not transcripts.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

from deja import paths
from deja.model import Parsed, Session
from deja.sources.base import (
    Lines,
    Skips,
    Source,
    add_edits,
    add_files,
    decode_json,
    finish,
    read_bytes,
    walk,
)
from deja.sources.openclaw import Transcript, absolute, patch_envelope
from deja.sources.look import PLAIN, Look

# one `:selector` a read path ends with (`file.py:10-20:raw`)
_SELECTOR = re.compile(r"raw|conflicts|img|-?\d+(?:[-+]\d*)?(?:,\d+(?:[-+]\d*)?)*", re.IGNORECASE)
_HASHLINE_FILE = re.compile(r"^\[(.+)#[0-9A-Za-z]+\]\s*$")
_MOVE = re.compile(r"^MV\s+(.+)$")
_NUMBERED = re.compile(r"^-\s*\d+\|(.*)$")


def removed_runs(diff: object) -> list[str]:
    """Each contiguous run of removed lines of a diff (`-N|text` as omp numbers them, or `-text`)."""
    runs: list[str] = []
    run: list[str] = []
    for line in diff.splitlines() if isinstance(diff, str) else []:
        m = _NUMBERED.match(line)
        if m or (line.startswith("-") and not line.startswith("---")):
            run.append(m.group(1) if m else line[1:])
            continue
        if run:
            runs.append("\n".join(run))
            run = []
    if run:
        runs.append("\n".join(run))
    return runs


def _read_path(path: object, cwd: str) -> str:
    if not isinstance(path, str) or "://" in path:
        return ""  # URLs and internal URIs (memory://, skill://, artifact://) are not files
    return absolute(_without_selectors(path.strip()), cwd)


def _without_selectors(path: str) -> str:
    """`path` without the `:selector`s it ends with, taken off from the right, one `rfind` each: a
    pattern for the whole chain anchored at the end (`(?::sel)+$`) was tried at every colon and
    ran to the end from each (quadratic: 20 KB of `:1` took 6 s)."""
    end = len(path)
    while (i := path.rfind(":", 0, end)) >= 0 and _SELECTOR.fullmatch(path, i + 1, end):
        end = i
    return path[:end]


def _session_id(ref: object) -> str:
    """A session id from `parentSession`, which holds an id or a session file's path."""
    if not isinstance(ref, str) or not ref.strip():
        return ""
    stem = ref.strip().replace("\\", "/").rsplit("/", 1)[-1]
    if stem.endswith(".jsonl"):
        stem = stem[:-6]
        return stem.split("_", 1)[-1] if "_" in stem else stem
    return stem


class OmpTranscript(Transcript):
    """omp's tools on top of the pi-shaped entries."""

    def __init__(self, session: Session):
        super().__init__(session)
        # edit call id → (path, replaced text) pairs read from its arguments, used only when
        # its result shows no diff
        self.pending: dict[str, tuple[float, list[tuple[str, str]]]] = {}

    def tool(self, name: str, args: dict, call_id: object, t: float) -> None:
        s = self.s
        if name == "bash":
            self.calls.add(args.get("command"), t, call_id)
        elif name in ("read", "write"):
            path = _read_path(args.get("path"), s.cwd)
            if path:
                add_files(s, [path], t)
        elif name == "edit":
            files, spans = self._edit_args(args)
            add_files(s, files, t)
            if isinstance(call_id, str) and call_id:
                self.pending[call_id] = (t, spans)
            else:
                self._spans(spans, t)

    def _edit_args(self, args: dict) -> tuple[list[str], list[tuple[str, str]]]:
        cwd = self.s.cwd
        path = absolute(args.get("path") or args.get("file_path"), cwd)
        files = [path] if path else []
        spans: list[tuple[str, str]] = []
        if path:
            old = args.get("old_string")
            if isinstance(old, str):  # replace mode
                spans.append((path, old))
            for e in got if isinstance(got := args.get("edits"), list) else []:
                if not isinstance(e, dict):
                    continue
                if isinstance(e.get("old_string"), str):  # replace batch
                    spans.append((path, e["old_string"]))
                spans += [(path, r) for r in removed_runs(e.get("diff"))]  # patch mode
                if absolute(e.get("rename"), cwd):
                    files.append(absolute(e.get("rename"), cwd))
        text = args.get("input")
        if isinstance(text, str):  # apply_patch, hashline, sloppy
            env_files, removed = patch_envelope(text, cwd)
            files += env_files
            spans += [(f, "\n".join(lines)) for f, lines in removed.items()]
            for line in text.splitlines():
                m = _HASHLINE_FILE.match(line) or _MOVE.match(line)
                if m:
                    files.append(absolute(m.group(1), cwd))
        return files, spans

    def _spans(self, spans: list[tuple[str, str]], t: float) -> None:
        for path, old in spans:
            add_edits(self.s, path, [old], t)

    def result(self, msg: dict, t: float) -> None:
        super().result(msg, t)
        call_id = msg.get("toolCallId")
        pending = self.pending.pop(call_id, None) if isinstance(call_id, str) else None
        if msg.get("toolName") != "edit" and pending is None:
            return
        details = got if isinstance(got := msg.get("details"), dict) else {}
        per_file = got if isinstance(got := details.get("perFileResults"), list) else [details]
        spans: list[tuple[str, str]] = []
        for f in per_file:
            if isinstance(f, dict) and isinstance(f.get("path"), str):
                spans += [(f["path"], r) for r in removed_runs(f.get("diff"))]
        if spans:
            self._spans(spans, t)
        elif pending and not msg.get("isError"):
            self._spans(pending[1], t)

    def done(self, fallback_project: str = "") -> Session:
        for t, spans in self.pending.values():  # calls whose result never came
            self._spans(spans, t)
        self.pending.clear()
        return super().done(fallback_project)


class Omp(Source):
    """omp session files (one session each), under every profile and data root."""

    name = "omp"
    version = 1
    append_only = True
    # Checked against `omp --help` 18.2.3 (docs/notes.md, session 4).
    resume_argv = ("omp", "--resume={id}")
    resume_scoped = True  # sessions are kept per working directory, as pi's
    prompt_argv = ("omp", "{prompt}")

    def roots(self, look: Look = PLAIN) -> list[Path]:
        if look.env("DEJA_OMP_ROOT"):
            return [paths.harness_root(self.name, Path(), look.env)]
        base = paths.home(look.env) / (look.env("PI_CONFIG_DIR") or ".omp")
        agent = look.env("PI_CODING_AGENT_DIR")
        out = [(Path(agent).expanduser() if agent else base / "agent") / "sessions"]
        out += [p / "agent" / "sessions" for p in _subdirs(base / "profiles", look)]
        xdg = paths.data_home(look.env) / "omp"
        if look.is_dir(xdg):
            out += [xdg / "sessions"] + [p / "sessions" for p in _subdirs(xdg / "profiles", look)]
        return list(dict.fromkeys(out))

    def discover(self, look: Look = PLAIN) -> list[Path]:
        return sorted({p for root in self.roots(look) for p in walk(root, suffixes=(".jsonl",), look=look)})

    def parse(self, path: Path, start: int = 0) -> Parsed:
        stem = path.stem
        s = Session(self.name, stem.split("_", 1)[-1] if "_" in stem else stem, path=str(path))
        b = OmpTranscript(s)
        titles = {"slot": "", "change": "", "header": ""}
        if start:
            for d in _head(path):
                self._meta(b, d, titles)
        lines = Lines(read_bytes(path, start), start)
        skips = Skips()
        for d in lines:
            with skips:
                if not self._meta(b, d, titles):
                    b.entry(d)
        lines.check()
        b.done()
        s.title = titles["slot"] or titles["change"] or titles["header"]
        return Parsed(finish([s]), lines.offset, lines.skipped + skips.n)

    @staticmethod
    def _meta(b: OmpTranscript, d: dict, titles: dict[str, str]) -> bool:
        """Title slot, title changes and the header; True when `d` was one of them."""
        kind = d.get("type")
        title = got if isinstance(got := d.get("title"), str) else ""
        if kind == "title":
            titles["slot"] = title.strip()
        elif kind == "title_change":
            titles["change"] = title.strip() or titles["change"]
        elif kind == "session":
            b.header(d)
            titles["header"] = title.strip()
            b.s.parent = _session_id(d.get("parentSession"))
        else:
            return False
        return True


def _subdirs(d: Path, look: Look = PLAIN) -> list[Path]:
    try:
        return sorted(p for p in look.iterdir(d) if look.is_dir(p) and not look.is_link(p))
    except OSError:
        return []


def _head(path: Path) -> list[dict]:
    """The title slot and header a resumed parse does not see again (the first lines)."""
    out: list[dict] = []
    with open(path, "rb") as f:
        for _ in range(3):
            try:
                d = decode_json(f.readline(1 << 20))
            except msgspec.DecodeError:
                continue
            if isinstance(d, dict):
                out.append(d)
                if d.get("type") == "session":
                    break
    return out


SOURCE = Omp
