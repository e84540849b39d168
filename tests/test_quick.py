"""`deja search` read without click (deja/cli/quick.py) reads every argument list as the click
command does, or leaves it to click."""

from __future__ import annotations

import click
import pytest

from conftest import deja
from deja.cli import quick
from deja.cli.search import search as click_search

CASES = [
    ["pool", "timeout"],
    ["search", "pool", "timeout"],
    ["pool", "--json", "timeout"],
    ["--json", "pool"],
    ["pool", "--harness", "codex", "--since", "30d", "--limit", "3"],
    ["pool", "--harness=claude", "--limit=7", "--project=/w/api/"],
    ["pool", "--role", "user", "--role", "tool,command", "--all", "--re", "--explain", "--no-embed"],
    ["pool", "--limit", "+5"],
    ["pool", "--", "--json", "-x"],
    ["-", "pool"],
    ["search", "search"],
    ["search", "last"],
    ["pool", "--project", "--json"],
    ["pool", "--limit", "10000"],
    ["pool", "--from", "devbox", "--from=local"],
    # left to click: help, errors, unknown options
    ["pool", "--limit", "0"],
    ["pool", "--limit", "10001"],
    ["pool", "--limit", "many"],
    ["pool", "--harness", "nope"],
    ["pool", "--harness"],
    ["pool", "-x"],
    ["pool", "--json=1"],
    ["pool", "--jso"],
    ["pool", "--help"],
    ["pool", "-h"],
    ["search"],
    ["search", "--json"],
    ["--help"],
    ["--version"],
    ["last"],
    ["show", "abc"],
    ["hook-prompt"],
]


@pytest.mark.parametrize("args", CASES, ids=" ".join)
def test_quick_reads_as_click_does(args):
    plain = quick.parse(list(args))
    if args and args[0] in ("last", "show", "hook-prompt", "--help", "--version"):
        assert plain is None
        return
    words = args[1:] if args[0] == "search" else args
    try:
        ctx = click_search.make_context("search", list(words))
    except (click.exceptions.Exit, click.UsageError, click.BadParameter):
        assert plain is None  # click reports it
        return
    if plain is None:  # only help is left to click among what click accepts
        assert "--help" in words or "-h" in words
        return
    params = dict(ctx.params)
    params["query"], params["roles"] = list(params["query"]), list(params["roles"])
    full = {"harness": None, "project": None, "since": None, "all_": False, "regex": False, "rebuild": False,
            "explain": False, "no_embed": False, "as_json": False, "origin": None, **plain}
    assert full == params


def test_usage_errors_read_as_click_writes_them(home):
    r = deja("search", "pool", "--limit", "0", check=False)
    assert r.code == 2 and "Invalid value for '--limit'" in r.err
    r = deja("pool", "--harness", "nope", check=False)
    assert r.code == 2 and "Invalid value for '--harness'" in r.err
    r = deja("pool", "--role", "bogus", check=False)
    assert r.code == 1 and r.err.startswith("Error: unknown role 'bogus'")
    assert "Usage: deja search" in deja("search", "--help").out
