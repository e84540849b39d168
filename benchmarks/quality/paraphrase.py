"""The meaning set: sessions, English and Chinese, and questions that say the same thing in other
words. An English question shares no content word with its session (nor the first five letters of
one), a Chinese question shares no character with it; `check()` enforces both, so a question that
could be answered by matching words is rejected, not counted. Written for deja; nothing copied.

Each session: (key, project cwd, [(role, text)]). Each question: (text, session key).

    python benchmarks/quality/paraphrase.py --home /tmp/deja-meaning [--noise-mb 5]

builds HOME (these sessions as Claude Code transcripts plus generated background sessions), runs
`deja index` and `deja embed`, asks every question through the CLI (`deja search --json`) with and
without meaning (`--no-embed`), and prints hit@1 / hit@5 / MRR by question language.
"""

from __future__ import annotations

import re

SESSIONS = [
    ("p01", "/home/dev/api", [
        ("user", "Requests hang under load and psycopg reports the connection pool is exhausted."),
        ("assistant", "Connections were never released when a handler raised. I moved the release into a finally block and raised max_connections to 40."),
    ]),
    ("p02", "/home/dev/web", [
        ("user", "The sidebar overlaps the header on narrow screens; fix the flexbox layout."),
        ("assistant", "The flex child lacked min-width: 0, so it refused to shrink. Added it; the sidebar now wraps below 600px."),
    ]),
    ("p03", "/home/dev/ops", [
        ("user", "The nightly backup job fails with 'no space left on device' while writing the tarball."),
        ("assistant", "The volume was full of stale snapshots. Pruned everything older than two weeks and added a retention rule."),
    ]),
    ("p04", "/home/dev/api", [
        ("user", "Our password reset emails land in spam for Gmail users."),
        ("assistant", "The sending domain had no DKIM signature and SPF listed the wrong relay. Published both DNS records; inbox placement is back."),
    ]),
    ("p05", "/home/dev/mobile", [
        ("user", "The Android app crashes on startup after the upgrade to SDK 34."),
        ("assistant", "A foreground service started without declaring its type, which SDK 34 forbids. Declared dataSync in the manifest."),
    ]),
    ("p06", "/home/dev/data", [
        ("user", "The monthly invoice totals are off by a few cents compared with the ledger."),
        ("assistant", "Amounts were summed as floats. Switched to Decimal with banker's rounding at the end, matching accounting."),
    ]),
    ("p07", "/home/dev/infra", [
        ("user", "Kubernetes keeps killing the search pods with OOMKilled during reindexing."),
        ("assistant", "The JVM heap was larger than the container limit. Set -Xmx to 70% of the limit and raised the request to 4Gi."),
    ]),
    ("p08", "/home/dev/web", [
        ("user", "Translate the checkout page into German and French."),
        ("assistant", "Extracted all strings into locale catalogs and added de and fr; currency and dates follow the locale."),
    ]),
    ("p09", "/home/dev/api", [
        ("user", "Uploads of large videos time out after thirty seconds."),
        ("assistant", "The proxy cut requests at 30 s. Moved to resumable chunked uploads straight to object storage with presigned URLs."),
    ]),
    ("p10", "/home/dev/ci", [
        ("user", "The GitHub Actions pipeline takes twenty minutes; make it faster."),
        ("assistant", "Cached the dependency downloads and split the test suite across four parallel runners. It now finishes in six minutes."),
    ]),
    ("p11", "/home/dev/ops", [
        ("user", "数据库连接池在高峰期被耗尽，请求一直卡住。"),
        ("assistant", "异常分支没有归还连接。我把归还放进 finally，并把连接上限调到四十。"),
    ]),
    ("p12", "/home/dev/web", [
        ("user", "首页图片加载太慢，用户抱怨白屏很久。"),
        ("assistant", "图片都是原图。改成压缩后的 WebP，并且延迟加载首屏以外的图片。"),
    ]),
    ("p13", "/home/dev/api", [
        ("user", "登录接口被人暴力破解密码，日志里全是失败记录。"),
        ("assistant", "加了按账号和地址的限流，连续失败五次锁定十五分钟，并接入验证码。"),
    ]),
    ("p14", "/home/dev/data", [
        ("user", "导出的报表在 Excel 里中文全是乱码。"),
        ("assistant", "文件缺少 BOM，Excel 按本地编码打开。导出时写入 UTF-8 BOM 后正常显示。"),
    ]),
    ("p15", "/home/dev/infra", [
        ("user", "定时任务每天凌晨重复执行两次，订单被重复扣款。"),
        ("assistant", "两台机器都跑了同一个定时器。改为用分布式锁保证只有一台执行，并给扣款加幂等键。"),
    ]),
    ("p16", "/home/dev/mobile", [
        ("user", "苹果审核拒绝了我们的应用，说隐私说明不完整。"),
        ("assistant", "补充了相机和定位权限的用途描述，更新隐私清单后重新提交，已经通过。"),
    ]),
]

QUESTIONS = [
    # English sessions, English and Chinese questions.
    ("too many open database sessions, the server refuses new ones", "p01"),
    ("服务器拒绝新的数据库会话", "p01"),
    ("menu column covers the top banner on small phones", "p02"),
    ("手机上左边栏挡住了顶部导航", "p02"),
    ("storage ran dry while archiving overnight", "p03"),
    ("夜里归档时硬盘满了", "p03"),
    ("messages to google accounts are flagged as junk", "p04"),
    ("邮件被当成垃圾邮件", "p04"),
    ("phone program dies right when opened since the platform update", "p05"),
    ("安卓程序一打开就闪退", "p05"),
    ("billing sums differ slightly from bookkeeping", "p06"),
    ("账单金额和账本差几分钱", "p06"),
    ("workloads terminated for exceeding memory", "p07"),
    ("容器因为内存超限被杀掉", "p07"),
    ("offer the purchase flow in other european languages", "p08"),
    ("把付款页面翻译成德语和法语", "p08"),
    ("big clips fail to transfer before the deadline", "p09"),
    ("大视频上传超时", "p09"),
    ("speed up the build workflow that runs on every push", "p10"),
    ("持续集成跑得太慢", "p10"),
    # Chinese sessions, Chinese and English questions.
    ("访问量暴增时取不出空闲句柄，服务无响应", "p11"),
    ("database pool exhausted at peak traffic", "p11"),
    ("打开网站时插画显示得特别拖沓", "p12"),
    ("homepage pictures render slowly", "p12"),
    ("有黑客不停尝试猜测用户凭据", "p13"),
    ("attackers guessing passwords on sign in", "p13"),
    ("下载下来统计数据用微软办公程序看，变成一堆怪符号", "p14"),
    ("spreadsheet shows garbled characters in exported report", "p14"),
    ("深夜的批处理作业启动二遍，害顾客付费翻倍", "p15"),
    ("scheduled job ran twice and charged customers double", "p15"),
    ("app store rejected us over privacy", "p16"),
    ("上架时因为个人信息政策被退回", "p16"),
]

STOP = set("""a an the of to in on at for from by with and or but not no is are was were be been being it its
this that these those we our us you your i my me he she they them their what which who whom how why when where
do does did done can could should would will shall may might must have has had get got make made so too very
than then there here into onto out up down over under again once all any each few more most other some such only
own same just also new ones one while""".split())
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


def check() -> list[str]:
    """What makes a question answerable by shared words: empty when the set is clean."""
    text = {key: " ".join(t for _, t in turns) for key, _, turns in SESSIONS}
    bad = []
    for q, key in QUESTIONS:
        shared = set(CJK.findall(q)) & set(CJK.findall(text[key]))
        stems = {w[:5] for w in _words(text[key])}
        shared |= {w for w in _words(q) - STOP if w[:5] in stems}
        if shared:
            bad.append(f"{q!r} shares {sorted(shared)} with {key}")
    return bad


def main() -> None:
    import argparse
    import json
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).parent
    sys.path.insert(0, str(here))
    from make import line, session_uuid
    from run import scores

    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True)
    ap.add_argument("--noise-mb", type=float, default=5)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    if bad := check():
        sys.exit("the set shares words with its sessions:\n" + "\n".join(bad))
    home = args.home.resolve()
    for d in (".claude", ".codex", ".pi", ".cache/deja"):
        shutil.rmtree(home / d, ignore_errors=True)
    if args.noise_mb:
        subprocess.run([sys.executable, str(here.parent / "gen_corpus.py"), "--home", str(home), "--mb", str(args.noise_mb),
                        "--seed", str(args.seed)], check=True, stdout=subprocess.DEVNULL)
    for n, (key, cwd, turns) in enumerate(SESSIONS):
        sid = session_uuid(key)
        recs = [line(sid, role, text if role == "user" else [{"type": "text", "text": text}],
                     f"2026-04-{1 + n % 28:02d}T09:{i:02d}:00Z", cwd, f"{key}-{i}") for i, (role, text) in enumerate(turns)]
        path = home / ".claude/projects" / cwd.replace("/", "-") / f"{sid}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))} | {"HOME": str(home)}
    deja = [sys.executable, "-m", "deja"]
    subprocess.run([*deja, "index"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run([*deja, "embed"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = {}
    for mode, flags in (("words", ["--no-embed"]), ("meaning", [])):
        rows = []
        for q, key in QUESTIONS:
            p = subprocess.run([*deja, "search", q, "--json", "--limit", "15", *flags], env=env, capture_output=True, text=True)
            r = json.loads(p.stdout) if p.stdout.strip() else {"hits": [], "tier": "none"}
            ids = [h["session"]["id"] for h in r["hits"]]
            want = session_uuid(key)
            zh = bool(CJK.search(q))
            same = zh == bool(CJK.search(" ".join(t for k, _, turns in SESSIONS if k == key for _, t in turns)))
            rows.append({"question": q, "key": key, "zh": zh, "same": same, "rank": ids.index(want) + 1 if want in ids else 0,
                         "tier": r["tier"]})
        out[mode] = rows
    print("| search | questions | n | hit@1 | hit@5 | MRR |\n|---|---|---|---|---|---|")
    for mode, rows in out.items():
        for name, sel in (("all", rows), ("English", [r for r in rows if not r["zh"]]), ("Chinese", [r for r in rows if r["zh"]]),
                          ("same language as the session", [r for r in rows if r["same"]]),
                          ("other language", [r for r in rows if not r["same"]])):
            s = scores(sel)
            print(f"| {mode} | {name} | {s['questions']} | {s['hit_at_1']:.2f} | {s['hit_at_5']:.2f} | {s['mrr']:.2f} |")
    print("\n| question | session | rank with meaning | tier |\n|---|---|---|---|")
    for r in out["meaning"]:
        print(f"| {r['question']} | {r['key']} | {r['rank'] or '>15'} | {r['tier']} |")


if __name__ == "__main__":
    main()
