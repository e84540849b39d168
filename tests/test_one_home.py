"""One home per rule (issue 13): a rule that had several drifting copies keeps one, and these
checks fail when a copy comes back."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import deja

SRC = Path(deja.__file__).parent


def _modules() -> dict[str, str]:
    return {str(p.relative_to(SRC)): p.read_text() for p in sorted(SRC.rglob("*.py"))}


def test_one_cjk_table():
    """Which characters are CJK is decided in text/tokenizer alone (the tokenizer bigrams them,
    the close tier never fuzzes them, a hook's keywords cut at them)."""
    ideographs = re.compile(r"\\u4e00|\\u3040|\\uac00|\u4e00-|[\u4e00]-")
    found = [name for name, text in _modules().items() if name != "text/tokenizer.py" and ideographs.search(text)]
    assert not found, f"a CJK range outside text/tokenizer.py: {found}"


def test_one_clip():
    """Cutting a text to a width with an ellipsis is text/clip's: no other module defines a
    function that ends a cut text with "…" (it had five homes, two with the trailing space)."""
    cut = re.compile(r"\]\s*(?:\.rstrip\(\))?\s*\+\s*\"…\"")
    found = []
    for name, text in _modules().items():
        if name == "text/clip.py":
            continue
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef) and cut.search(ast.get_source_segment(text, node) or ""):
                body = [n for n in node.body if not isinstance(n, ast.Expr)]
                if len(body) <= 3:  # a clip, not a function that also cuts somewhere in its work
                    found.append(f"{name}:{node.name}")
    assert not found, f"a second clip: {found}"


def test_times_are_formatted_by_deja_times():
    """Formatting a time for a person is deja.times' (local, iso, when, ago): the CLI keeps no
    forwarders and no copy of its own."""
    for name, text in _modules().items():
        if name.startswith("cli/"):
            tree = ast.parse(text)
            defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert not defined & {"iso", "day", "when", "_ago", "ago", "_day"}, name
    from deja import times

    assert times.ago(1000.0, now=1000.0 + 3 * 86400 + 5) == "3 days ago"
    assert times.ago(1000.0, now=1000.0 + 3600) == "1 hour ago" and times.ago(5.0, now=10.0) == "just now"
    assert times.when(float("nan")) == "----------"


def test_the_command_list_says_what_each_command_says_of_itself():
    """`deja --help` lists each command with the first paragraph of its own docstring (copied
    into deja.cli.COMMANDS so the listing imports no command); the two cannot drift."""
    import importlib

    from deja.cli import COMMANDS

    for name, (module, line) in COMMANDS.items():
        cmd = getattr(importlib.import_module(module), name.replace("-", "_"))
        first = " ".join((cmd.help or "").strip().split("\n\n")[0].split())
        assert line == first, f"deja {name}: the list says {line!r}, the command {first!r}"
