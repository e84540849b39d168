"""`deja sync ssh HOST`: sync with another machine over the system's ssh and scp.

Push (the default): export what is new for `ssh:<HOST>` into a temporary directory, copy the
batch to a temporary directory on HOST (`mktemp -d` there), run `deja sync import` there, and
move the watermarks once it reported. Pull (`--pull`): HOST exports what is new for
`ssh:<this machine>` without moving its watermarks, the batch is copied here and imported, then
HOST moves them (`deja sync export --pending` / `deja sync commit`). `--both`: push, then pull.

HOST is an ssh config alias or `[user@]host[:port]`. `DEJA_SSH` and `DEJA_SCP` name the
commands (default `ssh`, `scp`); `DEJA_SSH_OPTS` adds options to both (shell words, e.g.
`-F ~/.ssh/deja_config -i ~/.ssh/id_sync`). The remote deja is the one on PATH there, else
`~/.local/bin/deja`.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from deja.sync import export, format, imports

# What the remote shell runs first: find deja (PATH, then ~/.local/bin), or exit MISSING.
MISSING = 97
_FIND = ('D=$(command -v deja 2>/dev/null); if [ -z "$D" ] && [ -x "$HOME/.local/bin/deja" ]; then '
         'D="$HOME/.local/bin/deja"; fi; if [ -z "$D" ]; then exit 97; fi; ')
_HOST = re.compile(r"^(?:(?P<user>[^@\s/]+)@)?(?P<host>[^@\s:/]+|\[[0-9A-Fa-f:.]+\])(?::(?P<port>\d{1,5}))?$")
_TIMEOUT = float(os.environ.get("DEJA_SSH_TIMEOUT", 3600))


class SshError(format.SyncError):
    """ssh or scp failed, or the remote deja did."""


@dataclass
class Target:
    """HOST as ssh and scp take it: `dest` (`user@host` or an alias) and the port, if given."""

    text: str
    dest: str
    port: str = ""

    def ssh(self) -> list[str]:
        return [*_cmd("DEJA_SSH", "ssh"), *(["-p", self.port] if self.port else []), *_opts()]

    def scp(self) -> list[str]:
        return [*_cmd("DEJA_SCP", "scp"), "-q", *(["-P", self.port] if self.port else []), *_opts()]


def target(host: str) -> Target:
    m = _HOST.match(host.strip())
    if not m or host.startswith("-"):
        raise SshError(f"not a host: {host!r}; give an ssh config alias or [user@]host[:port]")
    dest = f"{m['user']}@{m['host']}" if m["user"] else m["host"]
    return Target(host.strip(), dest, m["port"] or "")


def _cmd(var: str, default: str) -> list[str]:
    return shlex.split(os.environ.get(var) or default)


def _opts() -> list[str]:
    return shlex.split(os.environ.get("DEJA_SSH_OPTS", ""))


@dataclass
class Report:
    host: str
    pushed: int = 0  # records sent
    remote: dict = field(default_factory=dict)  # the remote import's counts
    pulled: int = 0  # records the remote sent
    local: imports.Counts | None = None  # this side's import of them


# ssh's own failures before the session began (the command never ran, so trying again is safe): a
# busy server drops connections it has not authenticated yet (sshd's MaxStartups).
_DROPPED = ("kex_exchange_identification", "Connection reset by peer", "Connection closed by")
_TRIES = 3


def _run(t: Target, argv: list[str], what: str) -> str:
    for attempt in range(_TRIES):
        try:
            p = subprocess.run(argv, capture_output=True, text=True, timeout=_TIMEOUT, stdin=subprocess.DEVNULL)
        except FileNotFoundError:
            raise SshError(f"cannot {what}: {argv[0]!r} is not installed here (install OpenSSH's client)") from None
        except subprocess.TimeoutExpired:
            raise SshError(f"cannot {what}: no answer from {t.text} in {_TIMEOUT:.0f}s") from None
        if p.returncode != 255 or not any(m in p.stderr for m in _DROPPED) or attempt == _TRIES - 1:
            break
        time.sleep(0.5 * (attempt + 1))
    if p.returncode == MISSING:
        raise SshError(f"deja is not installed on {t.text}: install it there (`pipx install deja`, or put it in "
                       "~/.local/bin) and run this again")
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or [f"exit status {p.returncode}"])[-1]
        raise SshError(f"cannot {what} ({t.text}): {last}")
    return p.stdout


def _remote(t: Target, script: str, what: str) -> str:
    return _run(t, [*t.ssh(), t.dest, "--", _FIND + script], what)


def _tempdir(t: Target) -> str:
    d = _remote(t, 'mktemp -d "${TMPDIR:-/tmp}/deja-sync.XXXXXX"', "make a directory on the remote").strip()
    if not d.startswith("/") or "\n" in d or "'" in d:
        raise SshError(f"cannot make a directory on {t.text}: mktemp said {d!r}")
    return d


def _drop(t: Target, d: str) -> None:
    try:
        _remote(t, f"case {shlex.quote(d)} in /*/deja-sync.*) rm -rf -- {shlex.quote(d)};; esac", "clean up")
    except SshError:
        pass  # a temporary directory left on the remote is not worth failing a sync that worked


def remote_machine(t: Target) -> str:
    """The remote deja's machine name (and that there is one: MISSING says how to install it)."""
    return _remote(t, '"$D" sync machine', "reach the remote").strip()


def push(t: Target, full: bool = False) -> tuple[int, dict]:
    # its own records, which it holds already, stay here
    ex = export.Export(f"ssh:{t.text}", full, skip_origin=remote_machine(t))
    with tempfile.TemporaryDirectory(prefix="deja-sync-") as tmp:
        batch, n = format.write_batch(Path(tmp), ex.records(), ex.me)
        if batch is None:
            return 0, {}
        d = _tempdir(t)
        try:
            _run(t, [*t.scp(), str(batch), f"{t.dest}:{d}/"], "copy the batch")
            out = _remote(t, f'"$D" sync import {shlex.quote(d)} --json', "import on the remote")
        finally:
            _drop(t, d)
    ex.commit()
    try:
        counts = json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        counts = {}
    return n, counts if isinstance(counts, dict) else {}


def pull(t: Target, full: bool = False) -> tuple[int, imports.Counts]:
    me = format.machine()
    d = _tempdir(t)
    try:
        out = _remote(t, f'"$D" sync export {shlex.quote(d)} --to {shlex.quote("ssh:" + me)} --pending '
                         f'--for {shlex.quote(me)}{" --full" if full else ""} --json', "export on the remote")
        try:
            info = json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise SshError(f"the remote deja on {t.text} did not say what it exported: {out[-200:]!r}") from None
        batch = info.get("batch") if isinstance(info, dict) else None
        if not batch:
            return 0, imports.Counts()
        with tempfile.TemporaryDirectory(prefix="deja-sync-") as tmp:
            _run(t, [*t.scp(), f"{t.dest}:{batch}", f"{tmp}/"], "copy the batch back")
            counts = imports.import_dir(Path(tmp))
        if counts.added:
            imports.reindex()
        _remote(t, f'"$D" sync commit {shlex.quote(d)}', "move the remote's watermarks")
    finally:
        _drop(t, d)
    return int(info.get("records") or 0), counts


def run(host: str, mode: str = "push", full: bool = False) -> Report:
    """`mode`: push, pull or both."""
    t = target(host)
    r = Report(t.text)
    if mode in ("push", "both"):
        r.pushed, r.remote = push(t, full)
    if mode in ("pull", "both"):
        r.pulled, r.local = pull(t, full)
    return r


__all__ = ["run", "push", "pull", "target", "Target", "Report", "SshError"]
