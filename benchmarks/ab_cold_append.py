"""`deja index` after appending to 5 idle (cold) transcripts, two deja trees in the same go, on the
HOMEs `fresh_scale.py` makes (one-turn transcripts `s000000.jsonl` ..., 12 per project directory,
all but the newest 5 idle for 30 days): the resumed-old-session case, whose files sit in the
freshness snapshot's cold slices (ab_append.py appends to the newest files, which are active).
Each round appends one line to the same 5 files in both HOMEs, then runs each tree's `deja index`
on its own HOME, the order alternated; CPU is user + sys of the process and its children (wait4).

    python benchmarks/fresh_scale.py --work W --files 30000 --variant main=MAIN/src --variant new=src
    python benchmarks/ab_cold_append.py MAIN/src W/scale30000-main src W/scale30000-new --files 30000 --rounds 15 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base_src")
    ap.add_argument("base_home")
    ap.add_argument("new_src")
    ap.add_argument("new_home")
    ap.add_argument("--files", type=int, default=30000, help="how many transcripts fresh_scale.py made")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--seed", type=int, default=0, help="which files: a file appended to once is active, not idle")
    args = ap.parse_args()
    env0 = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_", "PYTHONDONTWRITE"))}
    envs = [("base", dict(env0, HOME=args.base_home, PYTHONPATH=os.path.abspath(args.base_src))),
            ("new", dict(env0, HOME=args.new_home, PYTHONPATH=os.path.abspath(args.new_src)))]
    idle = args.files - 5
    out: dict[str, list[float]] = {"base": [], "new": []}
    for r in range(args.rounds):
        files = [(i * 997 + r * 131 + args.seed * 4099) % idle for i in range(5)]
        for _, env in envs:
            for i in files:
                path = os.path.join(env["HOME"], ".claude/projects", f"-w-project{i // 12:05d}", f"s{i:06d}.jsonl")
                line = {"type": "user", "uuid": f"a{r}-{i}", "sessionId": f"s{i:06d}", "timestamp": "2026-03-02T10:00:00Z",
                        "cwd": f"/w/project{i // 12}", "message": {"role": "user", "content": f"resumed {r} wombat"}}
                with open(path, "a") as f:
                    f.write(json.dumps(line) + "\n")
        for label, env in (envs if r % 2 == 0 else envs[::-1]):
            p = subprocess.Popen([sys.executable, "-m", "deja", "index"], env=env, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
            if os.waitstatus_to_exitcode(status):
                raise SystemExit(f"deja index failed in {env['HOME']}")
            out[label].append((usage.ru_utime + usage.ru_stime) * 1000)
    b, n = statistics.median(out["base"]), statistics.median(out["new"])
    print(f"| `deja index` after appending to 5 idle files ({args.rounds} rounds, {args.files} files) | "
          f"base CPU {b:.0f} ms | new CPU {n:.0f} ms | new / base {n / b:.2f} |")


if __name__ == "__main__":
    main()
