"""A broken `deja._native` falls back to the Python twins (deja/native.py): an extension that
does not load, or loads and is not this build's, costs speed, never a command.

Each case runs `deja` in its own process over a copy of the package holding the broken module:
the module is chosen at import (deja.native._load)."""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path

import pytest

import deja
from conftest import deja as run, write_jsonl

SID = "c0c0c0c0-0000-4000-8000-000000000001"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"

BROKEN = {
    # not an ELF at all (a torn copy, a foreign file): ImportError from the loader
    "garbage": (SUFFIX, b"\x7fELF this is not a shared object\n"),
    # one that loads and lacks a function (an older build): AttributeError in every importer
    "old": (".py", b"def scan(text, exact, folded):\n    return (0, 0, 0, 0)\n"),
    # one whose import raises what no loader expects (a foreign build's init failing)
    "raises": (".py", b"raise RuntimeError('wrong ABI: built for another interpreter')\n"),
    # one that loads and answers otherwise (another signature's results)
    "lies": (".py", b"def scan(t, e, f):\n    return (0, 0, 0, 0)\n"
                    b"def cjk_bigrams(t):\n    return t\n"
                    b"def other_words(m, k, r, x):\n    return (None, 0)\n"),
}


def _package_with(tmp_path: Path, case: str) -> Path:
    src = Path(deja.__file__).parent
    root = tmp_path / "src"
    shutil.copytree(src, root / "deja", ignore=shutil.ignore_patterns("__pycache__", "_native*"))
    suffix, body = BROKEN[case]
    (root / "deja" / f"_native{suffix}").write_bytes(body)
    return root


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_extension_falls_back_to_the_twins(home, tmp_path, case):
    write_jsonl(home / ".claude" / "projects" / "-w-nat" / f"{SID}.jsonl", [
        {"type": "user", "sessionId": SID, "cwd": "/w/nat", "timestamp": "2026-11-02T10:00:01Z",
         "message": {"role": "user", "content": "the quokka deploy broke 中文字幕 again, token ghp_" + "a1B2" * 9}},
        {"type": "assistant", "sessionId": SID, "cwd": "/w/nat", "timestamp": "2026-11-02T10:00:02Z",
         "message": {"role": "assistant", "content": "pinned the quokka image " + "lorem ipsum " * 9000}},
    ])
    env = {"PYTHONPATH": str(_package_with(tmp_path, case)), "DEJA_PURE": None}
    r = run("index", env=env, proc=True, check=False)
    assert r.code == 0 and "Traceback" not in r.err, r.err
    found = run("search", "quokka", "--json", env=env, proc=True, check=False)
    assert found.code == 0 and found.json()["hits"], found.out + found.err
    zh = run("search", "中文字幕", "--json", env=env, proc=True, check=False)
    assert zh.code == 0 and zh.json()["hits"], zh.out + zh.err
    assert "ghp_" + "a1B2" * 9 not in found.out + run("show", SID, env=env, proc=True, check=False).out
    state = run("doctor", "--json", env=env, proc=True, check=False).json()["versions"]["native"]
    assert state.startswith("broken, not used (") and "Python twins" in state, state
    text = run("doctor", env=env, proc=True, check=False).out
    assert "C extension broken, not used" in text
