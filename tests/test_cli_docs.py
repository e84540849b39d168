"""docs/cli.md is generated from the commands (deja.cli.docs): it must be what the generator
writes now, and a command's changed help must show up as drift of that command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import deja
from deja.cli import COMMANDS, EXAMPLES, docs

ROOT = Path(__file__).parent.parent
TEMPLATE = ROOT / docs.TEMPLATE


def test_docs_cli_md_is_what_the_commands_generate():
    stale = docs.drift(TEMPLATE.read_text(), (ROOT / "docs" / "cli.md").read_text())
    assert stale == [], f"docs/cli.md is out of date for {stale}: run python -m deja.cli.docs"


def test_every_command_has_its_help_and_example_in_the_docs():
    text = (ROOT / "docs" / "cli.md").read_text()
    for name in COMMANDS:
        assert name in EXAMPLES, f"{name} has no example in deja.cli.EXAMPLES"
        shown = deja(name, "--help").out
        assert shown.rstrip().endswith(EXAMPLES[name]), name
        section = docs.sections(text)[name]
        assert EXAMPLES[name] in section and f"Usage: deja {name}" in section, name


def test_a_changed_help_is_drift_of_that_command(monkeypatch):
    template = TEMPLATE.read_text()
    current = docs.render(template)
    assert docs.drift(template, current) == []
    monkeypatch.setitem(EXAMPLES, "how", "deja how cargo")
    monkeypatch.setitem(COMMANDS, "blame", (COMMANDS["blame"][0], "Who touched a file."))
    from deja.cli.app import cli

    for name in ("how", "blame"):  # the example is set on the command when it is first loaded
        monkeypatch.setattr(cli.get_command(None, name), "epilog", None)  # type: ignore[arg-type]
    stale = docs.drift(template, current)
    assert "how" in stale and "blame" in stale and "search" not in stale, stale
    assert "deja how cargo" in docs.render(template)


def test_a_command_the_template_does_not_place_is_documented_by_its_help():
    template = TEMPLATE.read_text().replace("{{command friction}}\n", "")
    out = docs.render(template)
    assert out.count("## `deja friction`") == 1 and "Usage: deja friction" in out
    assert out.index("## `deja friction`") > out.index("## `deja doctor`")  # among the others, at the end


def test_the_generator_is_one_command_and_checks_too():
    p = subprocess.run([sys.executable, "-m", "deja.cli.docs", "--check"], capture_output=True, text=True, timeout=120,
                       cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "python -m deja.cli.docs" in (ROOT / "docs" / "cli.md").read_text().split("\n## ")[0]
