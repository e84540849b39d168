"""A shell command as deja reads it from a `command` record: split from its exit status, cut into
segments, normalised to how it would be typed again, and the program it runs."""

from __future__ import annotations

import os
import re

from deja.text.clip import LINE_CHARS

# A pattern that opens with a run of whitespace starts only where the run does ((?<!\s)): tried
# at every character of a long run, each try scanned the rest of it (quadratic: a command holding
# 20 KB of spaces took 5.6 s to normalise, in a prompt hook).
_EXIT = re.compile(r"(?<!\s)\s+→ exit (-?\d+)\s*$")
SEGMENTS = re.compile(r"(?:(?<!\s)\s+)?(?:&&|\|\||;|\n)\s*")
# Output plumbing that does not change what ran.
_PLUMBING = re.compile(r"(?:(?<!\s)\s+)?(?:\|\s*(?:tail|head|less|more|cat)\b[^|]*|[12]?>&[12]|[12]?>\s*/dev/null)\s*")
ENV = re.compile(r"^(?:[A-Za-z_]\w*=\S*\s+)+")
# Looking, not fixing: left out of what fixed an error.
READ_ONLY = set("ls cat head tail grep rg find pwd echo which wc tree less file stat env printenv type sed awk nl "
                "true sleep date cd".split()) | {f"git {w}" for w in ("status", "diff", "log", "show", "branch", "blame")}
# Words that lead to the real program: `python -m pytest`, `uv run pytest`, `npx tsc`.
_LAUNCHERS = set("python python3 uv uvx npx npm pnpm yarn bunx poetry pipenv sudo time timeout nice exec env "
                 "bash sh hatch -m run exec x".split())


def split_command(text: str) -> tuple[str, int | None]:
    """A `command` record as (the command, its exit status when the store recorded a failure)."""
    m = _EXIT.search(text)
    cmd = text[: m.start()] if m else text
    return (cmd[2:] if cmd.startswith("$ ") else cmd).strip(), int(m.group(1)) if m else None


def normalise_command(cmd: str, cwd: str = "") -> str:
    """A command as it would be typed again: no `cd … &&`, no output plumbing, no absolute prefix
    of the session's own directory, single spaces."""
    if cwd:
        cmd = cmd.replace(cwd.rstrip("/") + "/", "")
    parts = [p for p in SEGMENTS.split(cmd) if p and not re.match(r"cd\s", p)]
    return " ".join(" && ".join(_PLUMBING.sub(" ", p).strip() for p in parts).split())[:LINE_CHARS]


def program(cmd: str) -> tuple[str, ...]:
    """What a command runs: `python -m pytest -q` → (python, -m, pytest); `pytest -q` → (pytest,)."""
    for seg in SEGMENTS.split(cmd):
        words = ENV.sub("", seg.strip()).split()
        if not words or words[0] == "cd":
            continue
        out = [os.path.basename(words[0])]
        for w in words[1:]:
            if out[-1] not in _LAUNCHERS:
                break
            if out[-1] in ("timeout", "nice", "time") and re.fullmatch(r"-?[\d.]+[smhd]?|-n", w):
                continue  # `timeout 60 pytest` runs pytest
            out.append(w if w.startswith("-") else os.path.basename(w))
        return tuple(out)
    return ()


# Programs that only look around or shuffle files: no invocation worth remembering (a hook's
# hint names the tool a command runs; these it leaves alone). READ_ONLY's programs and more.
TRIVIAL = {w for w in READ_ONLY if " " not in w} | {
    "false", "mkdir", "rm", "cp", "mv", "touch", "chmod", "export", "source", "printf", "test", "[", "diff", "sort",
    "uniq", "cut", "tr", "xargs", "jq", "git", "man", "clear", "history", "du", "df", "ps", "kill", "sh", "bash"}
# Tools whose first word after the program says what is run (`cargo test`, `docker build`).
_SUBCOMMANDS = {"cargo", "docker", "go", "kubectl", "make", "pip", "pip3", "terraform", "helm", "gh", "dotnet", "mvn",
                "gradle", "bazel", "deno", "bun", "just", "tox", "nox", "podman", "composer", "mix", "rake"}
# Launchers whose last plain word is the tool (`uv run pytest` is pytest).
_TOOL_LAUNCHERS = {"python", "python3", "uv", "uvx", "npx", "bunx", "poetry", "pipenv", "hatch", "sudo", "time",
                   "timeout", "nice", "exec", "env", "bash", "sh"}


def tool_of(cmd: str) -> tuple[str, str]:
    """The tool a command line runs, as `deja how` names it (`pytest`, `cargo test`), and the
    shell segment that runs it. Empty for commands that only look around (TRIVIAL)."""
    for seg in SEGMENTS.split(cmd):
        prog = program(seg)
        if not prog or prog[0] == "cd":
            continue
        words = list(prog)
        if len(words) >= 2 and words[0] in _TOOL_LAUNCHERS:
            words = [w for w in words[1:] if not w.startswith("-") and w not in ("run", "exec", "x")][-1:] or words[-1:]
        name = words[0]
        if name in TRIVIAL:
            return "", ""
        if len(words) == 1 and name in _SUBCOMMANDS:
            rest = seg.split()
            at = next((i for i, w in enumerate(rest) if os.path.basename(w) == name), -1)
            sub = next((w for w in rest[at + 1:] if re.fullmatch(r"[a-z][\w-]*", w)), "") if at >= 0 else ""
            if sub:
                words.append(sub)
        return " ".join(words), seg
    return "", ""
