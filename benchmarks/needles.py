"""Needles for the generated corpus: planted facts of several kinds, each in exactly one session,
each with distractors in other sessions that hold part of it.

Kinds:
  pair      two rare words in one session; each word alone in other sessions
  ident     an identifier in tool output (traceback, test failure); its parts, or a near
            identifier, in other sessions' tool output
  path      a file path in a diff and in the reply; the same basename in another directory, and
            another file of the same directory, elsewhere
  question  a person asks something; the answer's words are in the reply. The query is how one
            would ask for it later (not the words of the session verbatim); distractors hold
            halves of the subject
  cjk       a four-character Chinese term; each half of it in other sessions

Words are drawn per seed from pools no background text uses, and never reused across needles.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

PER_KIND = 8

RARE = (
    "quixotic marmalade halcyon zephyr obsidian mandolin gargoyle saffron labyrinth periwinkle "
    "cobblestone falconry juniper thimble porcupine lantern walrus bramble meadowlark sextant "
    "tambourine origami kestrel nautilus pumpernickel quasar rhubarb sarsaparilla tapestry "
    "vermilion wombat xylophone zeppelin anchovy bagpipe catamaran dandelion flamingo gondola "
    "harpsichord igloo kaleidoscope lemur mongoose narwhal ocelot pelican quokka salamander "
    "toucan ukulele armadillo buttercup chandelier driftwood"
).split()
PARTS = (
    "ledger quorum drift snapshot reconcile shard beacon ferry harbor lattice prism ember cinder "
    "tally vault warden sprocket gantry keel rudder anvil bellows cog flint grist hopper kiln loom "
    "mortar nib"
).split()
DIRS = "billing ingest payouts identity ledgerd notifier geofence archivist".split()

QUESTIONS = [
    # (query as asked later, the question in the session, the answer, two partial distractors)
    ("why does the nightly invoice export skip archived tenants",
     "The nightly invoice export is skipping archived tenants again, why?",
     "The exporter joins on tenant status and drops anything archived before the invoice query runs. "
     "I changed the predicate so archived tenants with open invoices are kept in the nightly export.",
     "The nightly invoice export finished in four minutes today.",
     "We archived tenants older than two years last quarter."),
    ("how did we stop the websocket reconnect storm after deploys",
     "Clients hammer the server with websocket reconnects after every deploy. How do we stop that?",
     "Added jittered exponential backoff to the websocket reconnect loop, capped at thirty seconds, "
     "so the reconnect storm after a deploy spreads out over a minute.",
     "The websocket handshake logs are noisy, can we drop them to debug level?",
     "There was a storm of pager alerts overnight, mostly duplicates."),
    ("what caused the pdf thumbnails to render blank",
     "PDF thumbnails render blank on the dashboard. What is going on?",
     "The thumbnail worker ran ghostscript without fonts installed, so every PDF page rendered blank; "
     "installing the fonts package in the worker image fixed the thumbnails.",
     "The pdf upload limit is raised to fifty megabytes.",
     "Thumbnails are cached in the CDN for a day."),
    ("which flag turns off telemetry in the cli",
     "Is there a way to opt out of usage reporting in our command line tool?",
     "Yes: pass --no-telemetry or set ACME_TELEMETRY=0; the cli reads the flag before it opens the "
     "telemetry socket, so nothing is sent.",
     "The telemetry dashboard shows a spike in crash reports.",
     "The cli flag parser rejects unknown options with exit code 2."),
    ("why did the staging certificate expire",
     "Staging says the TLS cert is no longer valid, and it did not renew. Why?",
     "Certbot's renewal cron lived on the old staging host that was decommissioned, so the certificate "
     "expired without renewing; I moved renewal into the ingress controller.",
     "Certificate pinning on the mobile apps needs the new intermediate.",
     "The staging database snapshot was restored this morning."),
    ("how do we rotate the webhook signing keys",
     "How should we change the secrets used to sign outgoing webhooks without breaking receivers?",
     "Publish the new signing key alongside the old one, sign webhook payloads with both for a week, and "
     "receivers accept either signature until the old key is retired. That is how to rotate them.",
     "Webhook retries go to a dead letter queue after five attempts.",
     "Signing keys for the mobile release live in the hardware vault."),
    ("why did the android build break after the gradle upgrade",
     "The android build fails right after we bumped gradle, any idea why?",
     "The new gradle plugin requires JDK 17 and the android build image still shipped JDK 11; bumping "
     "the image to JDK 17 fixed the build.",
     "The gradle cache on the runners is four gigabytes.",
     "The android emulator is slow on the shared runners."),
    ("what did we decide about soft deletes for customer records",
     "Should customer records be removed for good or just flagged when someone deletes them?",
     "We decided on soft deletes: a deleted_at column on customer records, purged after ninety days by "
     "a nightly job, which keeps compliance happy.",
     "Customer support exported the records for the audit.",
     "The soft launch of the new pricing page went fine."),
]
# Four-character terms as two halves; no character of them is in the background's Chinese.
CJK_TERMS = [
    ("熔断", "阈值"), ("灰度", "回滚"), ("幂等", "令牌"), ("死锁", "排查"),
    ("分片", "迁移"), ("限流", "水位"), ("背压", "信号"), ("冷备", "切换"),
    ("租约", "续期"), ("哨兵", "选举"),
]
CJK_FILL = "我们 今天 继续 处理 这个 问题 然后 再 看 一下 日志 服务 配置 已经 修复 了".split()


@dataclass
class Plan:
    plants: dict[int, list] = field(default_factory=dict)  # session index -> [(position, turns)]
    needles: list[dict] = field(default_factory=list)  # with "session": index, "distractors": [index]
    last: int = 0

    def put(self, rng: random.Random, session: int, group: list) -> None:
        self.plants.setdefault(session, []).append((rng.random(), group))
        self.last = max(self.last, session)

    def listing(self, where: dict[int, tuple[str, str]]) -> list[dict]:
        out = []
        for n in self.needles:
            harness, sid = where[n["session"]]
            out.append({"kind": n["kind"], "query": n["query"], "harness": harness, "session": sid,
                        "distractors": [{"harness": where[d][0], "session": where[d][1]} for d in n["distractors"]]})
        return out


def _cjk_sentence(rng: random.Random, term: str) -> str:
    fill = [rng.choice(CJK_FILL) for _ in range(rng.randint(4, 9))]
    fill.insert(rng.randint(0, len(fill)), term)
    return "".join(fill) + "。"


def _insert(rng: random.Random, text: str, words: list[str]) -> str:
    parts = text.split(" ")
    for w in words:
        parts.insert(rng.randint(0, len(parts)), w)
    return " ".join(parts)


def _camel(ws: list[str]) -> str:
    return ws[0] + "".join(w.capitalize() for w in ws[1:])


def plan(rng: random.Random, sessions: int, paragraph) -> Plan:
    """Where each needle and distractor goes among `sessions` sessions. `paragraph(rng, n)` is the
    generator's filler prose."""
    p = Plan()

    def place(kind: str, query: str, target: list, distractors: list[list]) -> None:
        idx = rng.sample(range(sessions), 1 + len(distractors)) if sessions > len(distractors) else list(range(1 + len(distractors)))
        p.put(rng, idx[0], target)
        for i, g in zip(idx[1:], distractors):
            p.put(rng, i, g)
        p.needles.append({"kind": kind, "query": query, "session": idx[0], "distractors": idx[1:]})

    def ask(text=None):
        return ("user", text if text is not None else paragraph(rng, rng.randint(1, 2)))

    def reply(text=None):
        return ("assistant", text if text is not None else paragraph(rng, rng.randint(1, 3)))

    # rare word pairs
    words = rng.sample(RARE, 2 * PER_KIND)
    for a, b in zip(words[::2], words[1::2]):
        target = [ask(), reply(_insert(rng, paragraph(rng, 3), [a, b]))]
        place("pair", f"{a} {b}", target,
              [[ask(_insert(rng, paragraph(rng, 2), [a])), reply()], [ask(), reply(_insert(rng, paragraph(rng, 2), [b]))]])

    # identifiers in tool output
    parts = rng.sample(PARTS, 3 * PER_KIND)
    for i in range(PER_KIND):
        a, b, c = parts[3 * i : 3 * i + 3]
        style = i % 3
        if style == 0:  # camelCase: one token; distractors hold its prefix and its suffix
            ident, near = _camel([a, b, c]), [_camel([a, b]), _camel([b, c])]
        elif style == 1:  # snake_case: a phrase; distractors share two of three parts
            ident, near = f"{a}_{b}_{c}", [f"{a}_{b}_limit", f"{b}_{c}_{a}"]
        else:  # an error code: distractors differ in one part
            num = rng.randint(1000, 9999)
            ident, near = f"E_{a.upper()}_{num}", [f"E_{a.upper()}_{num + 1}", f"W_{b.upper()}_{num}"]

        def failing(name: str) -> list:
            mod = rng.choice(PARTS)
            out = (f"FAILED tests/test_{mod}.py::test_{rng.choice(PARTS)} - AssertionError\n"
                   f"Traceback (most recent call last):\n  File \"src/{mod}/core.py\", line {rng.randint(10, 900)}, in run\n"
                   f"    result = {name}(batch)\nRuntimeError: {name} returned an empty batch\n"
                   f"==== 1 failed, {rng.randint(10, 300)} passed in {rng.uniform(1, 30):.2f}s ====")
            return [ask(), ("command", f"pytest -x tests/test_{mod}.py"), ("output", out), reply()]

        place("ident", ident, failing(ident), [failing(n) for n in near])

    # paths
    dirs = rng.sample(DIRS, PER_KIND)
    names = rng.sample(PARTS, 2 * PER_KIND)
    for d, (x, y) in zip(dirs, zip(names[::2], names[1::2])):
        path = f"services/{d}/{x}_{y}.py"
        other_dir = f"tools/legacy/{x}_{y}.py"
        other_file = f"services/{d}/{y}.py"

        def diff(pth: str) -> list:
            out = (f"diff --git a/{pth} b/{pth}\n--- a/{pth}\n+++ b/{pth}\n@@ -{rng.randint(1, 200)},7 +{rng.randint(1, 200)},9 @@\n"
                   f"-    return None\n+    return self.flush()\n")
            return [ask(), ("command", f"git diff -- {pth}"), ("output", out), reply(f"I changed {pth} so that it flushes before returning. " + paragraph(rng, 1))]

        place("path", path, diff(path), [diff(other_dir), diff(other_file)])

    # natural-language questions
    for query, q, a, d1, d2 in rng.sample(QUESTIONS, min(PER_KIND, len(QUESTIONS))):
        place("question", query, [ask(q), reply(a)], [[ask(d1), reply()], [ask(), reply(d2)]])

    # Chinese terms
    for h1, h2 in rng.sample(CJK_TERMS, PER_KIND):
        term = h1 + h2
        place("cjk", term, [ask(_cjk_sentence(rng, term)), reply()],
              [[ask(_cjk_sentence(rng, h1)), reply()], [ask(), reply(_cjk_sentence(rng, h2))]])
    return p
