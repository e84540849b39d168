"""Retrieval quality in one command: session-level hit@1, hit@5 and MRR per question set, asked
verbatim through the CLI (`deja QUESTION --json`, a new process each, as a person or an agent
asks), and the hook set through the real prompt hook.

    python benchmarks/quality/run.py --home /tmp/deja-quality                 # hand, en, zh + hooks
    python benchmarks/quality/run.py --home /tmp/deja-quality --heldout       # the held-out sets only
    python benchmarks/quality/run.py --home /tmp/deja-quality --sets en --no-make --json out.json
    python benchmarks/quality/run.py --home /tmp/deja-quality --sets chat --misses   # the long chats
    python benchmarks/quality/run.py --home /tmp/deja-quality --sets memeval --baseline  # + BM25 baseline

Each set gets its own HOME under --home (built by make.py unless --no-make; `hand` gets 20 MiB of
generated background sessions, the generated sets none), indexed by the real `deja index`.
A rank beyond the 15 sessions returned counts as a miss. The long-chat sets (`chat`, `chat-heldout`,
`memeval`) have several HOMEs each (under --home/SET/h0, h1, …); a question several sessions answer ("how many
times …") is ranked by the first of them. Hooks: a history prompt (a cue, then a
question) counts when the injection names the session that answers; an unrelated prompt counts
when anything is injected. Searches count recalls (the reuse lift) as they would for a person;
--inproc asks through the library in one process instead (faster, counts nothing).
memeval2 (memeval2.py, the held-out set of session 6) and memeval3 (memeval3.py, session 7's)
bring their own hook sets: each answerable question behind a cue before, after or inside it (or
none), and unrelated requests, scored as above and per language and cue position.
--hooks-blind also runs the blind hook set (hookblind.py: new cues in any position, new unrelated
prompts) on memeval and chat-heldout, scored per language and per cue position; --hooks-dev the
set branch `hook2` tuned on (hookdev.py, the same scoring) on memeval, chat and chat-heldout;
--hooks-inside the set branch `hookin` tuned on (hookinside.py: the cue inside the question
sentence or trailing it) on memeval and chat-heldout. The set `hookdev2` (hookdev2.py, branch `hook3`)
is a hook set with HOMEs of its own: `--sets hookdev2 --hooks-only` runs it; `hookdev3`
(hookdev3.py, branch `hookdet`: questions with no cue, Chinese cues inside the sentence) and `hookdev4`
(hookdev4.py, branch `hook4`: every question in every cue position, English and Chinese) and `hookdev5`
(hookdev5.py, branch `hook5`: new cue wordings in both languages, new look-alike unrelated prompts) and `hookdev6`
(hookdev6.py, branch `hook6`: mostly no cue, a cue before or inside; facts of the person's and the assistant's) and `hookdev7`
(hookdev7.py, branch `hook7`: Chinese-heavy, cues before, inside, none and after a long preface; look-alike unrelated prompts) likewise.
--hooks-only skips the searches (with --no-make, a quick rerun of the hook sets).
prefs (prefs.py, session 7's dev set for requests that name the need, not the preference), advice
(advice.py, session 9's: the same with same-topic neighbours that state no preference) zh3
(zh3.py, session 8's Chinese dev set; its hooks use the Chinese cues), zh4 (zh4.py, session 9's,
two HOMEs of 46 sessions and one of 120), zh5 (zh5.py, session 10's: colloquial questions put
otherwise than their answers, two HOMEs of 124 sessions) and zh6 (zh6.py, session 11's: a quantity
asked, a figure with its unit answered; two Chinese HOMEs of 126 sessions and one English, hooks as
facts') and zh7 (zh7.py, session 12's: everyday Chinese put otherwise, figures glued to their units; two
Chinese HOMEs of 124 sessions and one English, hooks as facts') and zh8 (zh8.py, session 13's: whole
hand-written Chinese chats, one HOME of 142 sessions; names, 几年级, volumes and clock times, what the
assistant said; hooks as facts') are scored like memeval, per language; so is `facts` (facts.py, session 9: facts said once, asked in other words, English and
Chinese HOMEs; its hooks use memeval's cues and unrelated prompts, the language per HOME), and
`said` (said.py, session 9: what the assistant said, the reply naming a pick after the person's
situation; hooks as facts') and `facts2` (facts2.py, session 10: the person's facts inside long turns
about other subjects, same-topic sessions asking in the question's words; hooks as facts') and `facts3`
(facts3.py, session 11: the fact an aside in a long chat about another subject, worded unlike the
question, same-topic sessions where the person talks of the same thing; hooks as facts') and `meaning`
(meaning.py, session 12: the answer shares no content word with the question, no character in
Chinese; hooks as facts') and `meaning2` (meaning2.py, session 13: the answer and a decoy each hold
one word of the question; hooks as facts').
`updates` (updates.py, session 7) asks each knowledge update with and without "now" (kinds
update / update-now). `updates2` (updates2.py, session 8) the same, the change told in other
words (the newer line shares few of the question's words); `updates4` (updates4.py, session 10) a state
said three times or more, the newest plainly, with same-topic decoys after it; `updates5` (updates5.py, session 11) a state
changed twice in other words, often without the question's topic word, among same-topic chats, also asked for the value
before (kind update-old: any older statement answers); `updates7` (updates7.py, session 13) a state changed two or three
times, then decoys: somebody else's state, an older value mentioned as past, a chat (kinds update / update-now /
update-ask). `counts` (counts.py, session 8) asks how many / how much across sessions
(kinds count / total): any session holding an instance answers. `abstain` (abstain.py, session 8) pairs
each answerable question with an unanswerable twin (one key word changed), scored as memeval's
abstentions; no hook set. memeval's questions carry a kind (scored per kind too); an `abstain` question (no session holds
it) is not in hit@k/MRR but in "abstained": right when deja returns nothing, only its weak tier
(near misses), or exits 1 (its "nothing matches"). --baseline ranks the same HOMEs with bm25.py (session-level BM25) beside deja.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import hookblind  # noqa: E402
import hookdev  # noqa: E402
import hookdev2  # noqa: E402
import hookdev3  # noqa: E402
import hookdev4  # noqa: E402
import hookdev5  # noqa: E402
import hookdev6  # noqa: E402
import hookdev7  # noqa: E402
import hookinside  # noqa: E402
import hookset  # noqa: E402
import make  # noqa: E402

TUNING = ("hand", "en", "zh")
OWN_HOMES = {"hookdev2": hookdev2, "hookdev3": hookdev3, "hookdev4": hookdev4, "hookdev5": hookdev5, "hookdev6": hookdev6, "hookdev7": hookdev7}  # hook sets with HOMEs of their own
HELDOUT = ("heldout-en", "heldout-zh")
NOISE_MB = {"hand": 20}
EMBED_S: dict[str, float] = {}  # `deja embed` wall seconds per HOME (--semantic)

INPROC = r"""
import json, sys
from deja import paths
from deja.search import Options, search
from deja.store import Store
store = Store(paths.index_dir(), readonly=True)
out = []
for q in json.loads(sys.argv[1]):
    try:
        r = search(store, q, Options(embed=sys.argv[2] == "embed"))
    except Exception as e:  # an internal error: a miss, counted apart (ERRORS)
        out.append({"ids": [], "tier": "error", "total": 0, "error": repr(e)})
        continue
    out.append({"ids": [h.session.id for h in r.hits], "tier": r.tier, "total": r.total})
print(json.dumps(out))
"""

HOOKS = r"""
import json, os, sys
from deja.hooks import handlers as hooks
out = []
for i, prompt in enumerate(json.loads(sys.argv[1])):
    payload = {"hook_event_name": "UserPromptSubmit", "session_id": f"bench-{os.getpid()}-{i}", "cwd": "/home/dev/bench", "prompt": prompt}
    out.append(hooks.run("prompt", json.dumps(payload), budget=None))
print(json.dumps(out))
"""


def scores(rows: list[dict]) -> dict:
    """hit@1, hit@5 and MRR over the rows with an answer; the share abstained of those without."""
    none = [r for r in rows if r.get("kind") == "abstain"]
    rows = [r for r in rows if r.get("kind") != "abstain"]
    n = len(rows)
    out = {"questions": n,
           "hit_at_1": sum(r["rank"] == 1 for r in rows) / n if n else 0.0,
           "hit_at_5": sum(1 <= r["rank"] <= 5 for r in rows) / n if n else 0.0,
           "mrr": sum(1 / r["rank"] for r in rows if r["rank"]) / n if n else 0.0}
    if none:
        out |= {"unanswerable": len(none), "abstained": sum(r["abstained"] for r in none) / len(none)}
    return out


def rank_of(q: dict, ids: list[str]) -> int:
    """The 1-based rank of the first answering session in ids, 0 when none is there."""
    ranks = [ids.index(s) + 1 for s in q.get("sessions", [q["session"]]) if s in ids]
    return min(ranks) if ranks else 0


def by_kind(rows: list[dict]) -> dict[str, dict]:
    kinds = sorted({r["kind"] for r in rows if "kind" in r}) + sorted({f"lang:{r['lang']}" for r in rows if "lang" in r})
    return {k: scores([r for r in rows if r.get("kind") == k or f"lang:{r.get('lang')}" == k]) for k in kinds}


def ask(env: dict, questions: list[str], inproc: bool, semantic: bool) -> list[dict]:
    if inproc:
        return json.loads(subprocess.run([sys.executable, "-c", INPROC, json.dumps(questions), "embed" if semantic else "lexical"],
                                         env=env, capture_output=True, text=True, check=True).stdout)
    out = []
    for q in questions:
        argv = [sys.executable, "-m", "deja", "search", "--json", *([] if semantic else ["--no-embed"]), "--", q]
        p = subprocess.run(argv, env=env, capture_output=True, text=True)
        if p.returncode in (1, 2) and not p.stdout.strip() and "Traceback" not in p.stderr:
            # a user error (e.g. every word read as filler): the question got no answer, a miss
            out.append({"ids": [], "tier": "refused", "total": 0, "rc": p.returncode})
            continue
        if p.returncode not in (0, 1) and "internal error" in p.stderr and "Traceback" not in p.stderr:
            # deja's own crash, reported as one line: a miss, counted apart and listed at the end
            out.append({"ids": [], "tier": "error", "total": 0, "rc": p.returncode, "error": p.stderr.strip()})
            continue
        if p.returncode not in (0, 1) or not p.stdout.strip():
            raise SystemExit(f"deja failed on {q!r}: {p.stderr.strip()}")
        r = json.loads(p.stdout)
        out.append({"ids": [h["session"]["id"] for h in r["hits"]], "tier": r["tier"], "total": r["total"], "rc": p.returncode})
    return out


def run_set(root: Path, name: str, args) -> dict:
    home = root / name
    if not args.no_make:
        if home.exists():
            shutil.rmtree(home)
        home.mkdir(parents=True)
        make.make(home, name, NOISE_MB.get(name, 0), args.seed)
    homes = sorted(home.glob("h[0-9]*")) if name in make.MULTI else [home]
    rows, hooks, base, blind, dev, inside, dev2 = [], [], [], [], [], [], []
    for h in homes:
        env = _env(h, args)
        qs = json.loads((h / "questions.json").read_text())
        asked = [] if args.hooks_only else ask(env, [q["question"] for q in qs], args.inproc, args.semantic)
        for q, got in zip(qs, asked):
            rows.append(q | {"rank": rank_of(q, got["ids"]), "tier": got["tier"], "total": got["total"],
                             "top": got["ids"][:3], "home": h.name,
                             "abstained": not got["ids"] or got["tier"] in ("none", "weak") or got.get("rc") == 1})
        if args.baseline:
            import bm25

            for q, ids in zip(qs, bm25.rank(h, [q["question"] for q in qs])):
                base.append(q | {"rank": rank_of(q, ids), "top": ids[:3], "home": h.name, "abstained": not ids})
        if name in OWN_HOMES:  # a hook set with HOMEs of its own (its prompts, not hookset's)
            dev2.append(run_blind(env, name, h.name, qs, OWN_HOMES[name]))
        elif name not in ("hand", "abstain") and not args.no_hooks:
            hooks.append(run_hooks(env, name, qs, h.name))
        if args.hooks_blind and name in hookblind.SETS:
            blind.append(run_blind(env, name, h.name, qs))
        if args.hooks_dev and name in hookdev.SETS:
            dev.append(run_blind(env, name, h.name, qs, hookdev))
        if args.hooks_inside and name in hookinside.SETS:
            inside.append(run_blind(env, name, h.name, qs, hookinside))
    out: dict = {"questions": scores(rows), "rows": rows}
    if any("kind" in r for r in rows):
        out["kinds"] = by_kind(rows)
    if base:
        out["baseline"] = {"questions": scores(base), "kinds": by_kind(base), "rows": base}
    if hooks:
        out["hooks"] = _merged(hooks)
        if name in ("memeval2", "memeval3"):
            import memeval2

            out["hooks"]["by"] = memeval2.merged_by(hooks)
    if blind:
        out["blind"] = hookblind.merged(blind)
    if dev:
        out["dev"] = hookblind.merged(dev)
    if inside:
        out["inside"] = hookblind.merged(inside)
    if dev2:
        out["dev2"] = hookblind.merged(dev2)
    return out


def _env(home: Path, args) -> dict:
    """The environment of a set's HOME, indexed (and embedded with --semantic)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env["HOME"] = str(home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([sys.executable, "-m", "deja", "index"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if args.semantic:
        env["HF_HUB_OFFLINE"] = "1"
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deja", "embed"], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        key = f"{home.parent.name}/{home.name}" if home.name[1:].isdigit() else home.name
        EMBED_S[key] = time.perf_counter() - t
    return env


def _merged(parts: list[dict]) -> dict:
    """One hook result from several HOMEs' (the shares weighted by their prompts)."""
    h, u = sum(p["history"] for p in parts), sum(p["unrelated"] for p in parts)
    return {"history": h, "unrelated": u,
            "history_answered": sum(p["history_answered"] * p["history"] for p in parts) / h,
            "history_injected": sum(p["history_injected"] * p["history"] for p in parts) / h,
            "unrelated_injected": sum(p["unrelated_injected"] * p["unrelated"] for p in parts) / u,
            "missed": [m for p in parts for m in p["missed"]], "noisy": [m for p in parts for m in p["noisy"]]}


def _hooked(env: dict, prompts: list[str]) -> list[str]:
    """What the real prompt hook injects for each prompt, in one process."""
    return json.loads(subprocess.run([sys.executable, "-c", HOOKS, json.dumps(prompts)], env=env,
                                     capture_output=True, text=True, check=True).stdout)


def run_hooks(env: dict, name: str, qs: list[dict], home: str = "") -> dict:
    if name in ("memeval2", "memeval3"):  # their own cues (before, after, inside, none) and unrelated prompts per language
        import importlib

        import memeval2

        own = importlib.import_module(name)
        hist, other = own.history(qs, home), own.unrelated(qs)
        got = _hooked(env, [p["prompt"] for p in hist + other])
        return memeval2.score(hist, got[: len(hist)], other, got[len(hist):])
    if name in ("memeval", "facts", "said", "facts2", "said2", "zh6", "zh7", "zh8", "facts3", "facts4", "facts5", "meaning", "assist3", "meaning2"):  # memeval's cues and prompts, the language per HOME; no unanswerable question
        import memeval

        lang = qs[0]["lang"]
        cues, unrelated = memeval.CUES[lang], memeval.UNRELATED[lang]
        qs = [q for q in qs if q.get("kind") != "abstain"]
    else:
        lang = "zh" if name.endswith("zh") or name.startswith("zh") else "en"
        held = "heldout" in name
        cues = (hookset.HELDOUT_CUES if held else hookset.CUES)[lang]
        unrelated = (hookset.HELDOUT_UNRELATED if held else hookset.UNRELATED)[lang]
    history = [cues[i % len(cues)] + q["question"] for i, q in enumerate(qs)]
    got = _hooked(env, history + unrelated)
    hist, other = got[: len(history)], got[len(history):]
    answered = [any(s in text for s in q.get("sessions", [q["session"]])) for q, text in zip(qs, hist)]
    return {"history": len(history), "history_answered": sum(answered) / len(history),
            "history_injected": sum(bool(t) for t in hist) / len(history),
            "unrelated": len(unrelated), "unrelated_injected": sum(bool(t) for t in other) / len(unrelated),
            "missed": [p for p, ok in zip(history, answered) if not ok],
            "noisy": [p for p, t in zip(unrelated, other) if t]}


def run_blind(env: dict, name: str, home: str, qs: list[dict], prompts=hookblind) -> dict:
    """The blind hook set (hookblind.py; or hookdev.py) in one HOME, through the real prompt hook."""
    hist, other = prompts.history(qs, name, home), prompts.unrelated(qs)
    got = _hooked(env, [p["prompt"] for p in hist + other])
    return hookblind.score(hist, got[: len(hist)], other, got[len(hist):])


def _kinds(name: str, r: dict) -> None:
    base = r.get("baseline", {}).get("kinds", {})
    print(f"\n{name} per kind: deja hit@1 / hit@5 / MRR" + (" | baseline hit@1 / hit@5 / MRR" if base else "")
          + f"\n\n| kind | questions | deja |{' baseline |' if base else ''}\n|---|---|---|{'---|' if base else ''}")

    def cell(s: dict) -> str:
        if not s["questions"]:
            return f"abstained {s['abstained']:.3f}"
        return f"{s['hit_at_1']:.3f} / {s['hit_at_5']:.3f} / {s['mrr']:.3f}"

    for k, s in [*r["kinds"].items(), ("all", r["questions"])]:
        b = base.get(k) if k != "all" else r["baseline"]["questions"] if base else None
        n = s["questions"] or s.get("unanswerable", 0)
        print(f"| {k} | {n} | {cell(s)} |" + (f" {cell(b)} |" if b else ""))
    if "unanswerable" in r["questions"]:
        s, b = r["questions"], r.get("baseline", {}).get("questions", {})
        print(f"\nunanswerable: {s['unanswerable']}, deja abstained {s['abstained']:.3f}"
              + (f", baseline {b['abstained']:.3f}" if b else ""))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path, required=True, help="a directory for the sets' HOMEs")
    ap.add_argument("--sets", help=f"comma-separated, of {', '.join(make.SETS)} (default: {', '.join(TUNING)})")
    ap.add_argument("--heldout", action="store_true", help="the held-out sets (score them only at the end)")
    ap.add_argument("--seed", type=int, default=42, help="background sessions' seed")
    ap.add_argument("--no-make", action="store_true", help="the sets' HOMEs are already built")
    ap.add_argument("--inproc", action="store_true", help="ask through the library in one process, not the CLI")
    ap.add_argument("--semantic", action="store_true", help="run `deja embed` and search with the semantic tier")
    ap.add_argument("--misses", action="store_true", help="list the questions not ranked first")
    ap.add_argument("--no-hooks", action="store_true", help="skip the hook set")
    ap.add_argument("--hooks-blind", action="store_true", help=f"also the blind hook set (hookblind.py) on {', '.join(hookblind.SETS)}")
    ap.add_argument("--hooks-dev", action="store_true", help=f"also hook2's tuning hook set (hookdev.py) on {', '.join(hookdev.SETS)}")
    ap.add_argument("--hooks-inside", action="store_true",
                    help=f"also hookin's set, the cue inside the question (hookinside.py) on {', '.join(hookinside.SETS)}")
    ap.add_argument("--hooks-only", action="store_true", help="only the hook sets, no searches")
    ap.add_argument("--baseline", action="store_true", help="also rank with the BM25 baseline (bm25.py), in-process")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    names = args.sets.split(",") if args.sets else HELDOUT if args.heldout else TUNING
    root = args.home.resolve()
    results = {n: run_set(root, n, args) for n in names}
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False))
    print("| set | questions | hit@1 | hit@5 | MRR |\n|---|---|---|---|---|")
    for n, r in results.items():
        for label, res in (("", r), (" (BM25 baseline)", r.get("baseline"))):
            if res:
                s = res["questions"]
                print(f"| {n}{label} | {s['questions']} | {s['hit_at_1']:.3f} | {s['hit_at_5']:.3f} | {s['mrr']:.3f} |")
    errors = [(n, row["question"]) for n, r in results.items() for row in r["rows"] if row["tier"] == "error"]
    if errors:
        print(f"\ninternal errors (counted as misses): {len(errors)}\n" + "\n".join(f"- {n}: {q}" for n, q in errors))
    for n, r in results.items():
        if "kinds" in r:
            _kinds(n, r)
    if EMBED_S:
        print("\n`deja embed` per HOME: " + ", ".join(f"{h} {s:.1f} s" for h, s in EMBED_S.items()))
    hooked = {n: r["hooks"] for n, r in results.items() if "hooks" in r}
    if hooked:
        print("\n| hook set | history prompts | answering session injected | unrelated prompts | injected |\n|---|---|---|---|---|")
        for n, h in hooked.items():
            print(f"| {n} | {h['history']} | {h['history_answered']:.3f} | {h['unrelated']} | {h['unrelated_injected']:.3f} |")
        for n, h in hooked.items():
            if "by" in h:
                import memeval2

                print(f"\n{n} hook set per language and cue position\n\n" + memeval2.table(h["by"]))
    for key, title in (("blind", "blind hook set (hookblind.py)"), ("dev", "hook2's tuning hook set (hookdev.py)"),
                       ("inside", "hookin's set, the cue inside the question (hookinside.py)"),
                       ("dev2", "the hook sets with their own HOMEs (hookdev2.py: hook3's; hookdev3.py: hookdet's; hookdev4.py: hook4's; hookdev5.py: hook5's; hookdev6.py: hook6's; hookdev7.py: hook7's)")):
        blinds = {n: r[key] for n, r in results.items() if key in r}
        if blinds:
            print(f"\n{title}\n\n" + hookblind.HEADER)
            for n, b in blinds.items():
                print(hookblind.table(n, b))
            if len(blinds) > 1:
                print(hookblind.table("all", hookblind.merged(list(blinds.values()))))
    if args.misses:
        for n, r in results.items():
            for row in r["rows"]:
                if row.get("kind") == "abstain":
                    if not row["abstained"]:
                        print(f"- {n}: {row['question']} -> unanswerable, yet {row['tier']} hits (top {[t[-4:] for t in row['top']]})")
                elif row["rank"] != 1:
                    print(f"- {n}: {row['question']} -> rank {row['rank'] or '>15'} ({row['tier']}, {row['total']} sessions;"
                          f" {row.get('home', '')} answer {row['session'][-4:]}, top {[t[-4:] for t in row.get('top', [])]})")
            for p in r.get("hooks", {}).get("missed", []):
                print(f"- {n} hook missed: {p}")
            for p in r.get("hooks", {}).get("noisy", []):
                print(f"- {n} hook injected: {p}")
            for key in ("blind", "dev", "inside", "dev2"):
                for p in r.get(key, {}).get("missed", []):
                    print(f"- {n} {key} hook missed: {p}")
                for p in r.get(key, {}).get("injected", []):
                    print(f"- {n} {key} hook injected: {p}")


if __name__ == "__main__":
    main()
