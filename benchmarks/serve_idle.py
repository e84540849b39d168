"""`deja serve` at rest: CPU and wake-ups while nobody asks, and whether any index file moved.

    python benchmarks/serve_idle.py [--home DIR] [--seconds 60] [--uvicorn]

Without --home it builds a throwaway HOME from the real-agent fixtures (tests/fixtures/real) and
indexes it; with --home it serves that HOME's existing index (nothing is indexed). It starts
`deja serve --port 0 --no-open`, asks each page once (so every lazy import has happened), notes
every index file's mtime and size, then reads the process's CPU time (utime + stime,
/proc/PID/stat) and the context switches of all its threads (/proc/PID/task/*/status) before and
after `--seconds` of silence, checks the index files again, and ends the server by its pid.
`--uvicorn` measures a minimal starlette app under uvicorn (what the mcp SDK already installs)
the same way, for the choice of stack. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).parent
FIXTURES = HERE.parent / "tests" / "fixtures" / "real"
UVICORN_APP = """
import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route
app = Starlette(routes=[Route("/", lambda r: PlainTextResponse("ok"))])
uvicorn.run(app, host="127.0.0.1", port=0, log_level="error")
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def switches(pid: int) -> int:
    n = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        for line in Path(f"/proc/{pid}/task/{task}/status").read_text().splitlines():
            if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                n += int(line.split(":")[1])
    return n


def files(index: Path) -> dict[str, tuple[int, int]]:
    return {str(p): (p.stat().st_mtime_ns, p.stat().st_size) for p in index.rglob("*") if p.is_file()}


def idle(pid: int, seconds: float) -> tuple[float, int]:
    c, s = cpu_seconds(pid), switches(pid)
    time.sleep(seconds)
    return cpu_seconds(pid) - c, switches(pid) - s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--uvicorn", action="store_true")
    args = ap.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="deja-serve-idle."))
    try:
        home = args.home or scratch / "home"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
        env["HOME"] = str(home)
        if args.home is None:
            home.mkdir()
            for h in sorted(p.name for p in FIXTURES.iterdir()):
                for item in (FIXTURES / h).iterdir():
                    if item.name != "MANIFEST.json":
                        shutil.copytree(item, home / item.name, dirs_exist_ok=True)
            subprocess.run([sys.executable, "-m", "deja", "index"], env=env, check=True, capture_output=True)
        index = home / ".cache" / "deja"
        proc = subprocess.Popen([sys.executable, "-m", "deja", "serve", "--port", "0", "--no-open"], env=env,
                                stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            url = re.search(r"http://\S+", proc.stdout.readline())
            assert url, "no URL printed"
            root, token = url.group().split("/?token=")
            for page in ("/", "/api/search?q=canary", "/sources", "/notes", "/stats", "/log", "/static/app.js"):
                sep = "&" if "?" in page else "?"
                urllib.request.urlopen(f"{root}{page}{sep}token={token}", timeout=60).read()
            time.sleep(1)
            before = files(index)
            cpu, woke = idle(proc.pid, args.seconds)
            after = files(index)
        finally:
            proc.terminate()
            proc.wait(10)
        changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
        print(f"deja serve  idle {args.seconds:.0f} s: CPU {cpu:.3f} s, context switches {woke}, "
              f"index files {len(before)}, changed {len(changed)}{': ' + ', '.join(changed) if changed else ''}")
        if args.uvicorn:
            app = scratch / "uv_app.py"
            app.write_text(UVICORN_APP)
            uv = subprocess.Popen([sys.executable, str(app)], env=env)
            try:
                time.sleep(3)
                cpu, woke = idle(uv.pid, args.seconds)
            finally:
                uv.terminate()
                uv.wait(10)
            print(f"uvicorn     idle {args.seconds:.0f} s: CPU {cpu:.3f} s, context switches {woke}")
    finally:
        shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
