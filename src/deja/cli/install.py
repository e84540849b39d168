"""`deja install`, `deja uninstall`, `deja doctor`: render what deja.install and deja.doctor do."""

from __future__ import annotations

import click

from deja.cli import render
from deja.errors import DejaError


def _home(p) -> str:
    from deja import paths

    s, h = str(p), str(paths.home())
    return "~" + s[len(h):] if s == h or s.startswith(h + "/") else s


def _names():
    from deja import install as lib

    return [a.name for a in lib.AGENTS]


def _pick(targets: tuple[str, ...], every: bool, only_present: bool):
    from deja import install as lib

    if targets and every:
        raise click.UsageError("name agents or give --all, not both")
    if targets:
        return [lib.agent(t) for t in targets]
    if not every:
        raise click.UsageError(f"name an agent ({', '.join(_names())}) or give --all")
    return lib.present() if only_present else list(lib.AGENTS)


def _report(changes, as_json: bool, errors: list[str], servers: dict[str, str | None] | None = None) -> None:
    if as_json:
        from deja.search import SCHEMA_VERSION

        out = {
            "schema_version": SCHEMA_VERSION,
            "changes": [{"agent": c.agent, "what": c.what, "path": str(c.path), "action": c.action,
                         "backup": str(c.backup) if c.backup else None} for c in changes],
            "errors": errors,
        }
        if servers is not None:
            out["servers"] = [{"agent": a, "starts": p is None, "problem": p} for a, p in servers.items()]
        render.emit_json(out)
        return
    for c in changes:
        note = f" (backup: {_home(c.backup)})" if c.backup and c.action in ("added", "updated") else ""
        render.echo(f"{c.agent:<12} {c.what:<11} {c.action:<9} {_home(c.path)}{note}")
    for agent, problem in (servers or {}).items():
        if problem is None:
            render.echo(f"{agent:<12} {'MCP server':<11} {render.style('answers', fg='green')}")
        else:
            render.echo(f"Error: {agent}: the MCP server it was given {problem}", err=True)


def _start_servers(agents, changes) -> dict[str, str | None]:
    """Start the MCP server each agent was just given, once per distinct command line."""
    from deja.install import probe

    wired = {c.agent for c in changes if c.what == "MCP server"}
    return probe.problems([a for a in agents if a.name in wired])


@click.command()
@click.argument("targets", nargs=-1)
@click.option("--all", "every", is_flag=True, help="Every agent found on this machine.")
@click.option("--hooks", is_flag=True, help="Also wire deja's hooks (where the agent has hooks).")
@click.option("--auto", is_flag=True, help="Every agent found on this machine, MCP server and hooks (= --all --hooks).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def install(targets, every, hooks, auto, as_json) -> None:
    """Wire deja's MCP server (and with --hooks or --auto its hooks) into your agents.

    TARGETS are agent names: claude-code, codex, gemini, qwen, opencode, cursor, copilot,
    windsurf, pi. Running it again changes nothing; each config file is backed up once
    (FILE.deja-backup) before deja first changes it.
    """
    from deja import install as lib

    agents = _pick(targets, every or (auto and not targets), only_present=True)
    if not agents:
        raise DejaError(f"no agents found on this machine; name one: deja install {_names()[0]}")
    cmd = lib.deja_command()
    changes, errors = _run(agents, lambda a: lib.install(a, cmd, hooks or auto), len(targets) == 1)
    servers = _start_servers(agents, changes)
    _report(changes, as_json, errors, servers)
    if not as_json and any(c.what == "hooks" and c.agent == "codex" and c.action != "unchanged" for c in changes):
        render.echo("codex: it runs no hook until you trust it: start `codex`, type `/hooks` and trust the deja hooks")
    if errors or any(p is not None for p in servers.values()):
        raise click.exceptions.Exit(1)


@click.command()
@click.argument("targets", nargs=-1)
@click.option("--all", "every", is_flag=True, help="Every agent deja knows.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def uninstall(targets, every, as_json) -> None:
    """Remove deja's MCP server, hooks and skill from your agents' config, and nothing else."""
    from deja import install as lib

    agents = _pick(targets, every, only_present=False)
    changes, errors = _run(agents, lib.uninstall, len(targets) == 1)
    if not as_json:
        changes = [c for c in changes if c.action != "absent" or targets]
        if not changes and not errors:
            render.echo("deja is not wired into any agent")
    _report(changes, as_json, errors)
    if errors:
        raise click.exceptions.Exit(1)


def _run(agents, fn, single: bool):
    from deja.install import ConfigError

    changes, errors = [], []
    for a in agents:
        try:
            changes += fn(a)
        except (ConfigError, OSError) as e:
            msg = str(e) if isinstance(e, ConfigError) else f"{a.name}: {e.strerror or e}"
            if single:
                raise DejaError(msg) from e
            errors.append(msg)
            render.echo(f"Error: {msg}", err=True)
    return changes, errors


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def doctor(as_json) -> None:
    """Check the index, every agent's store, and deja's wiring into each agent.

    Exits non-zero when something is broken; every problem comes with what to do.
    """
    from deja import doctor as lib

    r = lib.check()
    if as_json:
        render.emit_json(r.as_json())
    else:
        _print(r)
    if not r.ok:
        raise click.exceptions.Exit(1)


def _print(r) -> None:
    v = r.versions
    render.echo(f"versions  deja {v['deja']} · python {v['python']} · tantivy {v['tantivy']} · sqlite {v['sqlite']}"
                f" · C extension {v['native']}")
    i = r.index
    if not i.get("exists"):
        render.echo(f"index     none yet at {_home(i['dir'])}")
    elif not i.get("opens"):
        render.echo(f"index     {_home(i['dir'])}: " + render.style("cannot be opened", fg="red"))
    else:
        extra = f", {i['pending']} pending" if i.get("pending") else ""
        extra += f", {i['errors']} unreadable" if i.get("errors") else ""
        busy = f", indexing now (pid {i['writer_pid']})" if i.get("writer_pid") else ""
        render.echo(f"index     {_home(i['dir'])}: {i['bytes'] / 1e6:.1f} MB, {i['sessions']} sessions, "
                   f"{i['records']} records from {i['files']} files ({i['version']}){extra}{busy}")
    found = [s for s in r.sources if s["state"] not in ("missing",)]
    parts = []
    for s in found:
        n = f" {s['sessions']}" if "sessions" in s else f" ({s.get('files', 0)} files)"
        colour = "green" if s["state"] in ("ok", "found") else "red"
        parts.append(render.style(s["harness"], fg=colour) + n + ("" if s["state"] in ("ok", "found") else f" ({s['state']})"))
    render.echo("stores    " + (", ".join(parts) if parts else "no agent history found"))
    render.echo("agents")
    for a in r.agents:
        if not a["present"] and all(w["state"] == "absent" for w in a["wiring"]):
            continue
        bits = []
        for w in a["wiring"]:
            shade = {"installed": "green", "outdated": "yellow", "unreadable": "red"}.get(w["state"])
            bits.append(f"{w['what']} " + (render.style(w["state"], fg=shade) if shade else w["state"]))
        if a.get("server") == "does not start":
            bits[0] += " " + render.style("(does not start)", fg="red")
        hint = ""
        if a["wiring"][0]["state"] == "absent":
            hint = render.style(f"  (`deja install {a['agent']}`)", dim=True)
        render.echo(f"  {a['agent']:<12} " + ", ".join(bits) + hint)
    if not r.problems:
        render.echo(render.style("ok", fg="green") + ": nothing to fix")
        return
    render.echo("problems")
    for p in r.problems:
        colour = "red" if p.severity == "error" else "yellow"
        render.echo(f"  {render.style(f'{p.severity:<8}', fg=colour)} {p.what}")
        render.echo(f"           → {p.fix}")
