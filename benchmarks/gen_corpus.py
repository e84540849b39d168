"""Generate a realistic corpus of agent transcripts in a fake HOME (Claude Code, Codex, pi).

    python benchmarks/gen_corpus.py --home OUT_HOME --mb 100 [--seed 42] [--jobs N]
    python benchmarks/gen_corpus.py --home OUT_HOME --append-files 5   # grow 5 live sessions

Sessions have a mix of prose, code, shell commands and long tool outputs (the bulk of real
stores), ~7% Chinese sentences, and the envelope noise each harness writes (request records, token
counts, developer instructions), and real stores' noise in tool results (benchmarks/noise.py:
inlined images, binary and base64 dumps, the same file read ~50 times, ~1 MiB build logs).
Deterministic for a seed: each session is a function of (seed, its index), so `--jobs` processes
(default: every core) write them in parallel and the corpus is the same for any number of jobs.

Needles (see benchmarks/needles.py) are planted in known sessions, each with distractors that hold
part of it in other sessions, and listed in OUT_HOME/needles.json: kind, the query as a person
would type it, and the harness and id of the one session that holds it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import uuid
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import needles
import noise

WORDS = (
    "the a to of and in is it that for on with this be as are was at by or from not but have an "
    "error test build deploy pool connection timeout retry cache index query config server client "
    "request response token session user database migration schema tenant filter predicate merge "
    "branch commit rebase release canary rollout gateway latency memory leak thread lock queue "
    "worker scheduler handler middleware router endpoint payload parser tokenizer snippet ranking "
    "vector embedding docker kubernetes helm terraform python rust golang typescript react vite "
    "pytest cargo npm yarn make fixture mock stub assert failure flaky regression benchmark"
).split()
CJK = "数据库连接池耗尽缓存命中率下降广告点击服务健康状况配置文件内容网关超时重试索引查询会话检索".replace(" ", "")
# Words of the Chinese sentences (~7% of all sentences). The needles' Chinese terms use characters
# none of these have, so only their planted sessions hold them.
CJK_WORDS = (
    "数据库 连接池 耗尽 缓存 命中率 下降 广告 点击 服务 健康 状况 配置 文件 内容 网关 超时 重试 索引 查询 "
    "会话 检索 部署 测试 失败 修复 问题 日志 错误 用户 请求 响应 性能 内存 线程 队列 我们 需要 已经 这个 "
    "因为 所以 然后 可以 没有 发现 的 了 在 是 和 把 被 先 再 看 一下"
).split()
CHINESE_SHARE = 0.07
COMMANDS = [
    "pytest -x tests/test_{w}.py", "npm run build", "cargo test --release", "git diff HEAD~1 -- src/{w}.py",
    "go test ./{w}/...", "make {w}", "docker compose up -d {w}", "rg -n '{w}' src/",
]


def chinese_sentence(rng: random.Random) -> str:
    return "".join(rng.choice(CJK_WORDS) for _ in range(rng.randint(6, 16))) + "。"


def sentence(rng: random.Random, n: int) -> str:
    if rng.random() < CHINESE_SHARE:
        return chinese_sentence(rng)
    words = [rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.03:  # a Chinese term inside English text
        i = rng.randrange(len(CJK) - 6)
        words.append(CJK[i : i + rng.randint(2, 6)])
    if rng.random() < 0.15:
        words.append(f"ERR-{rng.randint(1000, 9999)}")
    if rng.random() < 0.15:
        words.append(f"src/{rng.choice(WORDS)}/{rng.choice(WORDS)}.py")
    return " ".join(words).capitalize() + "."


def paragraph(rng: random.Random, sentences: int) -> str:
    return " ".join(sentence(rng, rng.randint(6, 18)) for _ in range(sentences))


def tool_output(rng: random.Random) -> str:
    lines = rng.randint(5, 120)
    return "\n".join(
        f"{rng.choice(WORDS)}/{rng.choice(WORDS)}.py:{rng.randint(1, 900)}: {sentence(rng, rng.randint(3, 10))}"
        for _ in range(lines)
    )


class Noise:
    """What a session's noise is drawn from: the seed and about how many sessions the corpus has
    (pool sizes follow it, so a popular file is read ~50 times at any size)."""

    def __init__(self, seed: int, sessions: int):
        self.seed, self.sessions = seed, max(1, sessions)


def output(rng: random.Random) -> tuple[str, object]:
    """One background tool output: mostly lines of text, sometimes an image or a dump."""
    x = rng.random()
    if x < noise.P_IMAGE:
        return "image", noise.image(rng)
    x -= noise.P_IMAGE
    if x < noise.P_BINARY:
        return "output", noise.binary(rng)
    x -= noise.P_BINARY
    if x < noise.P_BASE64:
        return "output", noise.base64_dump(rng)
    return "output", tool_output(rng)


def turns(rng: random.Random, plants: list | None = None, mix: Noise | None = None):
    """The turns of one session: (kind, text). `plants` are groups of turns (needles and
    distractors) placed between exchanges by their own random stream, so planting does not change
    the rest of the session. `mix` adds the noise of benchmarks/noise.py."""
    groups = []
    for _ in range(rng.randint(3, 30)):
        g = [("user", paragraph(rng, rng.randint(1, 3)))]
        for _ in range(rng.randint(0, 4)):
            cmd = rng.choice(COMMANDS).format(w=rng.choice(WORDS))
            g.append(("command", cmd))
            g.append(output(rng) if mix else ("output", tool_output(rng)))
        g.append(("assistant", paragraph(rng, rng.randint(1, 6))))
        groups.append(g)
    if mix:
        pool = tuple(WORDS)
        extra = []
        for _ in range(rng.choice(noise.READS)):
            path, text = noise.popular_file(mix.seed, rng.randrange(max(1, mix.sessions // noise.READERS)), pool)
            extra.append([("user", paragraph(rng, 1)), ("command", f"cat -n {path}"), ("output", text),
                          ("assistant", paragraph(rng, 2))])
        if rng.random() < noise.P_HUGE:
            extra.append([("user", paragraph(rng, 1)), ("command", "make -j2 all 2>&1"),
                          ("output", noise.huge_log(rng, mix.seed, mix.sessions, pool)), ("assistant", paragraph(rng, 2))])
        for g in extra:
            groups.insert(rng.randint(0, len(groups)), g)
    for pos, group in plants or ():
        groups.insert(int(pos * (len(groups) + 1)), group)
    for g in groups:
        yield from g


def ts(t: float) -> str:
    import time

    return time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(t))


def claude_session(rng: random.Random, home: Path, t0: float, plants: list | None = None,
                   mix: Noise | None = None) -> tuple[int, str, Path]:
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    cwd = f"/home/dev/{rng.choice(WORDS)}-{rng.choice(WORDS)}"
    path = home / ".claude/projects" / cwd.replace("/", "-") / f"{sid}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    t = t0
    out = []
    base = {"sessionId": sid, "cwd": cwd, "version": "2.1.332", "gitBranch": "main", "userType": "external"}
    for i, (kind, text) in enumerate(turns(rng, plants, mix)):
        t += rng.uniform(1, 60)
        if kind == "user":
            out.append({"type": "queue-operation", "operation": "enqueue", "timestamp": ts(t), "sessionId": sid})
            out.append(base | {"type": "user", "uuid": f"u{i}", "timestamp": ts(t), "message": {"role": "user", "content": text}})
        elif kind == "assistant":
            out.append(base | {"type": "assistant", "uuid": f"a{i}", "timestamp": ts(t), "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}})
            out.append({"type": "cost-state", "sessionId": sid, "totalCostUSD": rng.random()})
        elif kind == "command":
            out.append(base | {"type": "assistant", "uuid": f"c{i}", "timestamp": ts(t), "message": {"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}", "name": "Bash", "input": {"command": text}}]}})
            last = f"t{i}"
        elif kind == "image":  # a screenshot: an image block in the tool result, as Claude Code writes it
            mime, data = text
            content = [{"type": "text", "text": "Screenshot taken."}, {"type": "image", "source": {"type": "base64", "media_type": mime, "data": data}}]
            out.append(base | {"type": "user", "uuid": f"o{i}", "timestamp": ts(t), "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": last, "content": content}]}})
        else:
            out.append(base | {"type": "user", "uuid": f"o{i}", "timestamp": ts(t), "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": last, "content": text}]}, "toolUseResult": {"stdout": text[:200]}})
    data = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in out)
    path.write_text(data)
    return len(data.encode()), sid, path


def codex_session(rng: random.Random, home: Path, t0: float, plants: list | None = None,
                  mix: Noise | None = None) -> tuple[int, str, Path]:
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    day = ts(t0)[:10].replace("-", "/")
    path = home / ".codex/sessions" / day / f"rollout-{ts(t0)[:19].replace(':', '-')}-{sid}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    cwd = f"/home/dev/{rng.choice(WORDS)}"
    t = t0
    out = [{"timestamp": ts(t), "type": "session_meta", "payload": {"id": sid, "cwd": cwd, "cli_version": "0.171.0"}},
           {"timestamp": ts(t), "type": "response_item", "payload": {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "<permissions instructions>" + paragraph(rng, 10) + "</permissions instructions>"}]}}]
    for i, (kind, text) in enumerate(turns(rng, plants, mix)):
        t += rng.uniform(1, 60)
        if kind in ("user", "assistant"):
            ctype = "input_text" if kind == "user" else "output_text"
            out.append({"timestamp": ts(t), "type": "response_item", "payload": {"type": "message", "role": kind, "content": [{"type": ctype, "text": text}]}})
            out.append({"timestamp": ts(t), "type": "event_msg", "payload": {"type": "user_message" if kind == "user" else "agent_message", "message": text}})
        elif kind == "command":
            out.append({"timestamp": ts(t), "type": "response_item", "payload": {"type": "function_call", "name": "exec_command", "call_id": f"c{i}", "arguments": json.dumps({"cmd": text})}})
            last = f"c{i}"
        else:
            if kind == "image":
                text = f"Screenshot taken: data:{text[0]};base64,{text[1]}"
            out.append({"timestamp": ts(t), "type": "response_item", "payload": {"type": "function_call_output", "call_id": last, "output": f"Chunk ID: x\nProcess exited with code {rng.choice([0, 0, 0, 1])}\nOutput:\n{text}"}})
            out.append({"timestamp": ts(t), "type": "event_msg", "payload": {"type": "token_count", "info": {"total": rng.randint(1, 10**6)}}})
    data = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in out)
    path.write_text(data)
    return len(data.encode()), sid, path


def pi_session(rng: random.Random, home: Path, t0: float, plants: list | None = None,
               mix: Noise | None = None) -> tuple[int, str, Path]:
    sid = str(uuid.UUID(int=rng.getrandbits(128)))
    cwd = f"/home/dev/{rng.choice(WORDS)}"
    path = home / ".pi/agent/sessions" / f"-{cwd.replace('/', '-')}--" / f"{ts(t0).replace(':', '-')}_{sid}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    t = t0
    out = [{"type": "session", "version": 3, "id": sid, "timestamp": ts(t), "cwd": cwd}]
    for i, (kind, text) in enumerate(turns(rng, plants, mix)):
        t += rng.uniform(1, 60)
        if kind in ("user", "assistant"):
            out.append({"type": "message", "id": f"m{i}", "timestamp": ts(t), "message": {"role": kind, "content": [{"type": "text", "text": text}]}})
        elif kind == "command":
            out.append({"type": "message", "id": f"m{i}", "timestamp": ts(t), "message": {"role": "assistant", "content": [{"type": "toolCall", "id": f"c{i}", "name": "bash", "arguments": {"command": text}}]}})
        else:
            if kind == "image":
                text = f"Screenshot taken: data:{text[0]};base64,{text[1]}"
            out.append({"type": "message", "id": f"m{i}", "timestamp": ts(t), "message": {"role": "toolResult", "toolCallId": f"c{i-1}", "toolName": "bash", "content": [{"type": "text", "text": text}]}})
    data = "".join(json.dumps(x, ensure_ascii=False) + "\n" for x in out)
    path.write_text(data)
    return len(data.encode()), sid, path


def append_turns(home: Path, n: int, rng: random.Random) -> list[Path]:
    """Append one user turn and one reply to the n newest Claude transcripts (a live session)."""
    files = sorted((home / ".claude/projects").rglob("*.jsonl"), key=lambda p: p.stat().st_mtime)[-n:]
    import time as _t

    for f in files:
        sid = f.stem
        now = _t.time()
        with open(f, "a") as out:
            for role, text in (("user", paragraph(rng, 2)), ("assistant", paragraph(rng, 3))):
                content = text if role == "user" else [{"type": "text", "text": text}]
                out.write(json.dumps({"type": role, "sessionId": sid, "timestamp": ts(now), "message": {"role": role, "content": content}}) + "\n")
    return files


MAKERS = (claude_session, codex_session, pi_session)
HARNESSES = ("claude", "codex", "pi")
T0 = 1_767_225_600.0  # 2026-01-01
CHUNK = 16  # sessions per task


def make_chunk(home: Path, seed: int, start: int, plants: dict[int, list], mix: Noise | None) -> list[tuple[int, int, str, str]]:
    """Sessions start … start + CHUNK - 1: (index, bytes, id, path) each."""
    out = []
    for n in range(start, start + CHUNK):
        size, sid, path = MAKERS[n % 3](random.Random(f"{seed}:{n}"), home, T0 + n * 600, plants.get(n), mix)
        out.append((n, size, sid, str(path)))
    return out


def generate(home: Path, mb: float, seed: int, jobs: int, plain: bool = False) -> dict:
    target = int(mb * 1024 * 1024)
    # ~5.2 sessions per MiB without the noise, ~4.3 with it: spread the needles over the first
    # sessions of that many; the loop goes on past the size if a planted session is still to come.
    estimate = max(12, int(mb * (5.2 if plain else 4.3)))
    plan = needles.plan(random.Random(f"needles-{seed}"), estimate, paragraph)
    mix = None if plain else Noise(seed, estimate)
    where: dict[int, tuple[str, str]] = {}
    total = sessions = 0
    done = False
    extra: list[str] = []  # sessions written past the end by tasks already under way

    def take(rows: list[tuple[int, int, str, str]]) -> None:
        nonlocal total, sessions, done
        for n, size, sid, path in rows:
            if done:
                extra.append(path)
                continue
            where[n] = (HARNESSES[n % 3], sid)
            total += size
            sessions = n + 1
            done = total >= target and n >= plan.last

    def plants(start: int) -> dict[int, list]:
        return {n: plan.plants[n] for n in range(start, start + CHUNK) if n in plan.plants}

    start = 0
    if jobs <= 1:
        while not done:
            take(make_chunk(home, seed, start, plants(start), mix))
            start += CHUNK
    else:
        with ProcessPoolExecutor(jobs) as pool:
            running: deque[Future] = deque()
            while running or not done:
                while not done and len(running) < 2 * jobs:
                    running.append(pool.submit(make_chunk, home, seed, start, plants(start), mix))
                    start += CHUNK
                take(running.popleft().result())
    for path in extra:
        os.unlink(path)
        try:
            os.rmdir(os.path.dirname(path))
        except OSError:
            pass
    listed = plan.listing(where)
    (home / "needles.json").write_text(json.dumps(listed, ensure_ascii=False, indent=1))
    return {"sessions": sessions, "bytes": total, "needles": len(listed)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--mb", type=float, default=100, help="corpus size in MiB (5120: ~2.5M records)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes writing sessions (same corpus for any number)")
    ap.add_argument("--no-noise", action="store_true", help="leave out benchmarks/noise.py's images, dumps, repeats and huge logs")
    ap.add_argument("--append-files", type=int, default=0, help="grow N existing sessions instead")
    args = ap.parse_args()
    if args.append_files:
        rng = random.Random(args.seed)
        print(json.dumps({"appended": [str(p) for p in append_turns(args.home, args.append_files, rng)]}))
        return
    import time

    t = time.perf_counter()
    out = generate(args.home, args.mb, args.seed, args.jobs, args.no_noise)
    print(json.dumps(out | {"seconds": round(time.perf_counter() - t, 1), "jobs": args.jobs}))


if __name__ == "__main__":
    os.umask(0o077)
    main()
