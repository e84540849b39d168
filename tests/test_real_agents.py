"""Every canary the real agent CLIs wrote is found in its own session, at its role — all twelve
stores in one HOME, one index, through the `deja` CLI.

`pytest -m conformance` first regenerates the stores with the registries' newest agent releases
(`shared/tools/real-harness`, `USE_LATEST=1`) and checks those: it tells when a release moved its
format. It needs npm and PyPI and takes minutes; it is not part of the default run.
"""

from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from conftest import FIXTURES, deja, install

ROLE = {"user_prompt": ["user"], "assistant_text": ["assistant"], "tool_output": ["tool"], "tool_command": ["command", "files"]}
HARNESS_TOOL = Path(__file__).resolve().parents[2] / "shared" / "tools" / "real-harness" / "make_real_stores.sh"


def _install(stores: Path, home: Path) -> dict[str, dict]:
    return {d.name: install(home, d) for d in sorted(p for p in stores.iterdir() if (p / "MANIFEST.json").is_file())}


def _check(manifests: dict[str, dict], env: dict) -> None:
    deja("index", env=env)
    states = {s["harness"]: s for s in deja("sources", "--json", env=env).json()["sources"]}
    jobs = []
    for harness, m in manifests.items():
        assert states[harness]["state"] == "ok" and states[harness]["sessions"] >= 1, states[harness]
        for c in m["canaries"]:
            if c.get("expected") is not False:
                jobs.append((harness, c))

    def find(job):
        harness, c = job
        for role in ROLE[c["role"]]:
            r = deja("search", f'"{c["phrase"]}"', "--harness", harness, "--role", role, "--json", env=env).json()
            if r["tier"] == "exact":
                return job, role, [h["session"]["id"] for h in r["hits"]]
        return job, None, []

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(find, jobs))
    missing = [(h, c["phrase"], c["role"]) for (h, c), role, ids in results if role is None]
    assert not missing, f"canaries not found at their role: {missing}"
    # its own session: one session per canary, the same one for every canary of a turn
    by_turn: dict[tuple[str, int], set[str]] = {}
    for (h, c), _, ids in results:
        assert len(ids) == 1, (h, c["phrase"], ids)
        by_turn.setdefault((h, c.get("turn", 0)), set()).update(ids)
    assert all(len(ids) == 1 for ids in by_turn.values()), by_turn


def test_every_canary_of_every_real_agent(home):
    manifests = _install(FIXTURES / "real", home)
    assert len(manifests) >= 12
    _check(manifests, {"HOME": str(home)})


@pytest.mark.conformance
def test_newest_agent_releases_still_parse(home, tmp_path):
    out = tmp_path / "stores"
    env = {**os.environ, "OUT_DIR": str(out), "USE_LATEST": "1"}
    subprocess.run(["bash", str(HARNESS_TOOL)], env=env, check=True, timeout=3600)
    manifests = _install(out, home)
    _check(manifests, {"HOME": str(home)})
