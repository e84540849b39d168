"""`deja doctor`: is everything deja needs in order, and if not, what to do about it.

It only reads: the index is opened read-only (never created), agents' config files are parsed,
never written. Each problem says what is wrong and what to do; an `error` means something is
broken (the command exits non-zero), a `warning` that something will not work as well as it
could.
"""

from __future__ import annotations

import fcntl
import os
import platform
import sqlite3
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from deja import __version__, native, paths
from deja.text import redact
from deja.search import SCHEMA_VERSION  # one schema_version for every --json answer (docs/cli.md)


@dataclass
class Problem:
    severity: str  # error | warning
    what: str
    fix: str


@dataclass
class Report:
    versions: dict = field(default_factory=dict)
    index: dict = field(default_factory=dict)
    sources: list[dict] = field(default_factory=list)
    agents: list[dict] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def error(self, what: str, fix: str) -> None:
        self.problems.append(Problem("error", what, fix))

    def warn(self, what: str, fix: str) -> None:
        self.problems.append(Problem("warning", what, fix))

    def as_json(self) -> dict:
        return {"schema_version": SCHEMA_VERSION, "ok": self.ok, "versions": self.versions, "index": self.index,
                "sources": self.sources, "agents": self.agents, "problems": [asdict(p) for p in self.problems]}


def versions() -> dict:
    try:
        from importlib.metadata import version

        tv = version("tantivy")
    except Exception:  # metadata missing in an unusual install: not a problem worth failing on
        import tantivy

        tv = getattr(tantivy, "__version__", "?")
    return {"deja": __version__, "python": platform.python_version(), "tantivy": tv, "sqlite": sqlite3.sqlite_version,
            "platform": f"{platform.system()} {platform.machine()}", "executable": sys.executable,
            "native": native.state()}


def _size(d: Path) -> int:
    total = 0
    for root, _, names in os.walk(d):
        for n in names:
            try:
                total += os.lstat(os.path.join(root, n)).st_size
            except OSError:
                pass
    return total


def _writer(d: Path) -> int | None:
    """The pid of a deja writer holding the index right now, else None (never takes the lock)."""
    try:
        fd = os.open(d / "writer.lock", os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            pid = os.pread(fd, 32, 0).decode(errors="replace").strip()
            return int(pid) if pid.isdigit() else -1
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def check_index(r: Report):
    """Fill in the index section; return the store opened read-only, or None."""
    from deja.errors import IndexDamaged, StoreError
    from deja.store import INDEX_VERSION, Store, generations

    d = paths.index_dir()
    gen = generations.live(d)
    info: dict = {"dir": str(d), "live": str(gen) if gen else None, "exists": gen is not None, "opens": False,
                  "expected_version": INDEX_VERSION, "damaged": None,
                  "rebuilding": generations.rebuilding(d) is not None}
    r.index = info
    if not info["exists"]:
        r.warn(f"no index yet at {d}: searches, the MCP server and hooks have nothing to answer from",
               "run `deja index` (the first run reads every agent's history)")
        return None
    info["bytes"] = _size(d)
    writer = _writer(d)
    info["writer_pid"] = writer
    rebuild_fix = ("run `deja index --rebuild`: it moves the damaged index aside, builds a new one and keeps what it "
                   "can read of the history of deleted sources")
    try:
        store = Store(d, readonly=True)
        try:
            store.verify()
        except BaseException:
            store.close()
            raise
    except IndexDamaged as e:
        info["damaged"] = e.reason
        r.error(f"the index is damaged: {e.reason}", rebuild_fix)
        return None
    except StoreError as e:
        r.error(f"the index cannot be opened: {e}", "run `deja index --rebuild` (the index is a cache: nothing is lost)")
        return None
    except Exception as e:  # a damaged file can fail in the engine below: same remedy
        r.error(f"the index cannot be read ({type(e).__name__}: {e})",
                "run `deja index --rebuild` (the index is a cache: nothing is lost)")
        return None
    info["opens"] = True
    try:
        info["version"] = store.catalog.get_meta("index_version")
        info["files"], info["sessions"], info["records"] = store.catalog.totals()
        states = [f.state for f in store.catalog.files().values()]
        info["pending"] = states.count("pending")
        info["errors"] = states.count("error")
        info["gone"] = states.count("gone")
        info["documents"] = store.text.num_docs()
    except (sqlite3.Error, StoreError, OSError, ValueError) as e:
        info["damaged"] = str(e)
        r.error(f"the index is damaged: {e}", rebuild_fix)
        store.close()
        return None
    if info["version"] != INDEX_VERSION:
        r.warn(f"the index was built by another deja ({info['version']}; this one writes {INDEX_VERSION})",
               "run `deja index`: it rebuilds the index for this version")
    if info["pending"] and writer is None:
        r.warn(f"{info['pending']} file(s) are half-indexed (an index run was interrupted)", "run `deja index` to finish them")
    if not redact.enabled():
        r.warn("secret redaction is off (DEJA_NO_REDACT=1): secrets from transcripts go into the index",
               "unset DEJA_NO_REDACT and run `deja index --rebuild`")
    return store


def _unreadable_fix(reason: str) -> str:
    """What to do about a store that cannot be read, by why: access, or a thing that is no file."""
    if "not a regular file" in reason or any(f"is {kind}" in reason for kind in (
            "a directory", "a FIFO", "a symlink", "a special file")):  # (sources/base.py's words)
        return ("it is not a file an agent wrote (a FIFO, socket, device or directory): move it out of the "
                "agent's store, then run `deja index`")
    if "permission denied" in reason.lower():
        return "give your user read access to it (see `deja sources`), then run `deja index`"
    return "fix what the reason says (see `deja sources`), then run `deja index`"


def check_sources(r: Report, store) -> None:
    from deja import sources

    if store is not None:
        from deja.ingest.status import source_states

        for s in source_states(store):
            r.sources.append({"harness": s.harness, "state": s.state, "files": s.files, "sessions": s.sessions,
                              "errors": s.errors, "reason": s.reason, "roots": s.roots})
            if s.state == "unreadable":
                r.error(f"{s.harness}: its store cannot be read ({s.reason})", _unreadable_fix(s.reason))
            elif s.errors:
                r.warn(f"{s.harness}: {s.reason}", "what those files gave before is kept; a file is read again when it "
                       "changes, or on `deja index` once what the reason says is fixed")
            elif s.state == "parsed-zero":
                r.warn(f"{s.harness}: {s.reason}", "update deja; if that does not help, report it with `deja sources --json`")
            if s.note:
                r.warn(f"{s.harness}: {s.note}", "what could be read was kept; ask for the batch again (or a new "
                       "export with --full) and import it: what is already here is not doubled")
        return
    for src in sources.enabled():
        roots = src.roots()
        try:
            n = len(src.discover())
        except OSError:
            n = 0
        r.sources.append({"harness": src.name, "state": "found" if n else "missing", "files": n,
                          "roots": [str(p) for p in roots]})
    for name, reason in sources.load_errors.items():
        r.sources.append({"harness": name, "state": "unreadable", "reason": reason, "roots": []})
        r.error(f"{name}: {reason}", "reinstall deja")


def _runnable(program: str) -> bool:
    if not program:
        return False
    if os.sep in program:
        return os.path.isfile(program) and os.access(program, os.X_OK)
    import shutil

    return shutil.which(program) is not None


def check_agents(r: Report, has_index: bool) -> None:
    from deja import install

    cmd = install.deja_command()
    for st in install.status(cmd):
        wiring: list[dict[str, str]] = []
        row = {"agent": st.name, "title": st.title, "present": st.present, "hooks_supported": st.hooks_supported,
               "format_source": st.source, "wiring": wiring}
        for w in st.wiring:
            wiring.append({"what": w.what, "path": str(w.path), "state": w.state, "detail": w.detail,
                                  "command": w.command})
            if w.state == "unreadable":
                r.warn(f"{st.title}: {w.detail}", f"fix {w.path} by hand; deja never rewrites a file it cannot parse")
            elif w.state in ("installed", "outdated") and not _runnable(w.command):
                r.error(f"{st.title}: its deja {w.what} runs {w.command or '(nothing)'}, which is not there",
                        f"run `deja install {st.name}`" + (" --hooks" if w.what == "hooks" else ""))
            elif w.state == "outdated":
                r.warn(f"{st.title}: its {w.what} runs another deja ({w.command}) than this one ({cmd.program})",
                       f"run `deja install {st.name}`" + (" --hooks" if w.what == "hooks" else "") + " to point it here")
            if w.what == "hooks" and w.state == "installed" and not has_index:
                r.warn(f"{st.title}: hooks are wired but there is no index, so they stay silent", "run `deja index`")
        r.agents.append(row)


def check_servers(r: Report) -> None:
    """Start each agent's configured deja MCP server once, as the agent would; one start per
    distinct command line. An entry whose program is not there is reported by check_agents."""
    from deja import install
    from deja.install import probe

    started = probe.problems([a for a in install.AGENTS if _runnable(a.mcp.state().command)])
    for name, problem in started.items():
        a = install.agent(name)
        row = next((x for x in r.agents if x["agent"] == name), None)
        if row is not None:
            row["server"] = "starts" if problem is None else "does not start"
        if problem is not None:
            what, _, fix = problem.partition(" — ")
            r.error(f"{a.title}: its deja MCP server {what}", fix)


def _snake(event: str) -> str:
    return "".join("_" + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(event))


def check_codex_trust(r: Report) -> None:
    """Codex runs a hook only once a person has trusted it (`[hooks.state."<key>"] trusted_hash`
    in its config.toml, key `<hooks.json>:<event>:<group>:<handler>`). deja cannot tell a trusted
    hook whose definition changed since (that takes Codex's own hash), only one never trusted."""
    import tomllib

    from deja import install

    codex = install.agent("codex")
    hooks = codex.hooks
    if hooks is None or hooks.state().state not in ("installed", "outdated"):
        return
    where = hooks.where()
    cfg = codex.mcp.where()
    try:
        state = tomllib.loads(cfg.read_text()).get("hooks", {}).get("state", {}) if cfg.exists() else {}
    except (OSError, tomllib.TOMLDecodeError):
        return  # check_agents reports a config.toml it cannot read
    state = state if isinstance(state, dict) else {}

    def trusted(key: str) -> bool:
        entry = state.get(key)
        return isinstance(entry, dict) and bool(entry.get("trusted_hash"))

    untrusted = [ev for ev, gi, hi in hooks.handlers() if not trusted(f"{where}:{_snake(ev)}:{gi}:{hi}")]
    row = next((x for x in r.agents if x["agent"] == "codex"), None)
    if row is not None:
        row["hooks_untrusted"] = untrusted
    if untrusted:
        r.warn(f"Codex CLI: Codex has not trusted deja's hooks yet ({', '.join(untrusted)}), so it runs none of them",
               "start `codex` in a terminal, type `/hooks` and trust the deja hooks (once per change of them)")


def check() -> Report:
    r = Report(versions=versions())
    store = check_index(r)
    try:
        check_sources(r, store)
    finally:
        if store is not None:
            store.close()
    check_agents(r, bool(r.index.get("opens")))
    check_servers(r)
    check_codex_trust(r)
    return r


__all__ = ["check", "Report", "Problem", "SCHEMA_VERSION"]
