"""Write the retrieval-quality set into a HOME as real Claude Code transcripts, plus background
sessions from the corpus generator, and HOME/questions.json.

    python benchmarks/quality/make.py --home /tmp/deja-quality [--noise-mb 20] [--seed 42]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
from conversations import QUESTIONS, SESSIONS


def session_uuid(key: str) -> str:
    return f"00000000-0000-4000-8000-{int(key[1:]):012d}"


def line(sid: str, role: str, content, ts: str, cwd: str, uid: str) -> dict:
    return {"type": role, "sessionId": sid, "cwd": cwd, "timestamp": ts, "uuid": uid, "message": {"role": role, "content": content}}


def write(home: Path) -> list[Path]:
    out = []
    for n, (key, cwd, turns) in enumerate(SESSIONS):
        sid = session_uuid(key)
        recs = []
        for i, (role, body) in enumerate(turns):
            ts = f"2026-03-{1 + n % 28:02d}T10:{i:02d}:00Z"
            if role == "user":
                recs.append(line(sid, "user", body, ts, cwd, f"{key}-{i}"))
            elif role == "assistant":
                recs.append(line(sid, "assistant", [{"type": "text", "text": body}], ts, cwd, f"{key}-{i}"))
            else:  # a Bash call and its output
                cmd, output = body
                recs.append(line(sid, "assistant", [{"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": cmd}}], ts, cwd, f"{key}-{i}c"))
                recs.append(line(sid, "user", [{"type": "tool_result", "tool_use_id": f"t{i}", "content": output}], ts, cwd, f"{key}-{i}o"))
        path = home / ".claude/projects" / cwd.replace("/", "-") / f"{sid}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
        out.append(path)
    qs = [{"question": q, "harness": "claude", "session": session_uuid(k), "key": k, "reworded": r} for q, k, r in QUESTIONS]
    (home / "questions.json").write_text(json.dumps(qs, ensure_ascii=False, indent=1))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--noise-mb", type=float, default=20, help="generated background sessions (0: none)")
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    if args.noise_mb:
        subprocess.run([sys.executable, str(HERE.parent / "gen_corpus.py"), "--home", str(args.home),
                        "--mb", str(args.noise_mb), "--seed", str(args.seed)], check=True, stdout=subprocess.DEVNULL)
    files = write(args.home)
    print(json.dumps({"sessions": len(files), "questions": len(QUESTIONS)}))


if __name__ == "__main__":
    main()
