"""Index what is worth searching (issue 18 item 2): a tool output past the cap keeps its head and
its tail, and the marker between them tells the length cut and the cut's other words (so every
word of it stays findable), and blobs (base64, images, binary bytes) become
markers while the prose around them stays searchable. Through the CLI, in a throwaway HOME."""

from __future__ import annotations

import base64
import random

from conftest import Transcript, deja

from deja.ingest.prepare import CUT, MAX_RECORD_CHARS, TOOL_OUTPUT_CHARS, WORDS_CHARS, WORDS_SCAN, cap

SID = "c4a95e11-0000-4000-8000-000000000001"


def _hits(*query: str) -> list[dict]:
    return deja("search", *query, "--json").json()["hits"]


def _parts(text: str) -> tuple[str, int, str, str]:
    """A cut record's head, the count it tells, the marker's word list and its tail."""
    head, rest = text.split("\n[… ", 1)
    marker, tail = rest.split(" …]\n", 1)
    count, _, words = marker.partition(CUT)
    return head, int(count.replace(",", "")), words.removeprefix("; the other words in them: "), tail


def _log(rng: random.Random, chars: int) -> str:
    words = ["compile", "worker", "cache", "retry", "socket", "parse", "flush", "queue"]
    lines, n = [], 0
    while n < chars:
        line = f"src/{rng.choice(words)}.py:{rng.randint(1, 900)}: {' '.join(rng.choices(words, k=8))}"
        lines.append(line)
        n += len(line) + 1
    return "\n".join(lines)


def test_a_1mb_tool_output_keeps_its_head_and_tail_and_show_reports_the_cut(home):
    body = _log(random.Random(7), 1_000_000)
    out = f"$ make build-zanzibarquill\n{body}\nerror: linker failed on mortarpelican-77\n"
    (Transcript(SID, "/home/dev/shop", 3)
     .user("why does the build fail")
     .bash("make build-zanzibarquill", out)
     .say("The linker fails; I will look at the flags.")
     .write(home))
    deja("index")
    for needle in ("zanzibarquill", "mortarpelican"):
        hits = _hits(needle)
        assert hits and hits[0]["session"]["id"] == SID, needle
    records = deja("show", SID, "--json").json()["records"]
    [rec] = [r for r in records if "zanzibarquill" in r["text"] and "mortarpelican" in r["text"]]
    assert len(rec["text"]) < TOOL_OUTPUT_CHARS + WORDS_CHARS + 200
    head, told, _, tail = _parts(rec["text"])
    assert told == len(out.strip()) - len(head) - len(tail) and told > 900_000, told
    page = deja("show", SID).out
    assert "characters cut" in page


def test_a_needle_at_the_start_middle_or_end_of_a_1mb_output_is_found_and_show_tells_the_cut(home):
    """The cut middle's words are in the marker: a word seen only there is found like one in the
    head or the tail, an identifier's parts too; what the bound leaves out is counted."""
    rng = random.Random(17)
    half = _log(rng, 500_000)
    numbered = " ".join(f"step{i}" for i in range(3000))  # more new words than the list holds
    out = (f"begin ospreylantern\n{half}\nretry cache_flush_kittiwake in CoralSnapper.init on port 48213\n"
           f"{numbered}\n{_log(rng, 500_000)}\nend gannetquill\n")
    (Transcript(SID, "/home/dev/shop", 3)
     .user("what did the long build print")
     .bash("make all", out)
     .say("It printed a lot.")
     .write(home))
    deja("index")
    for needle in ("ospreylantern", "kittiwake", "coralsnapper", "cache_flush_kittiwake", "48213", "gannetquill"):
        hits = _hits(needle)
        assert hits and hits[0]["session"]["id"] == SID, needle
    [rec] = [r for r in deja("show", SID, "--json").json()["records"] if "ospreylantern" in r["text"]]
    head, told, words, tail = _parts(rec["text"])
    assert told > 990_000 and "gannetquill" in tail
    listed = words.split("; ")[0].split()
    # first seen first, case kept; words the head or tail hold are not repeated
    assert listed.index("cache_flush_kittiwake") < listed.index("CoralSnapper") < listed.index("step0")
    assert "retry" not in listed and "compile" not in listed and "gannetquill" not in listed
    # a line number is no word of its own; a longer number (a port, an id) is
    assert "48213" in listed and not any(w.isdigit() and len(w) <= 4 for w in listed)
    assert len(words.split("; ")[0].encode()) <= WORDS_CHARS and "step2999" not in listed
    more = int(words.rsplit("; ", 1)[1].removesuffix(" more not kept").replace(",", ""))
    assert more >= 3000 - sum(w.startswith("step") for w in listed)
    page = deja("show", SID).out
    assert "characters cut; the other words in them:" in page and "CoralSnapper" in page


def test_blobs_are_markers_and_the_prose_around_them_is_found(home):
    rng = random.Random(3)
    png = base64.b64encode(bytes(rng.randrange(256) for _ in range(48 * 1024))).decode()
    run = base64.b64encode(bytes(rng.randrange(256) for _ in range(6000))).decode()
    wrapped = base64.encodebytes(bytes(rng.randrange(256) for _ in range(3000))).decode()  # 76 a line
    binary = "".join(chr(rng.randrange(32)) for _ in range(3000))
    # the base64 is checked as a token the tokenizer keeps: a slice of the run, under its length cap
    sample = next(w for w in (png[i:i + 40] for i in range(0, 4000, 40)) if w.isalnum())
    t = (Transcript(SID, "/home/dev/shop", 4)
         .user("render the chart for the quarterly report")
         .bash("cat chart.html", f"before the picture kestrelbanjo <img src=\"data:image/png;base64,{png}\"> after it")
         .bash("cat key.b64", f"wrapped blob\n{run}\nfollowed by saltmarshtuba")
         .bash("base64 icon.ico", f"{wrapped}encoded for ospreyfiddle")
         .bash("cat core.bin", binary)
         .say("The chart is rendered."))
    # a Claude `image` content block inside a tool result
    t.lines[-1:-1] = [{**t.lines[-2], "uuid": "img-1", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_img", "content": [
            {"type": "text", "text": "screenshot of velvetcompass"},
            {"type": "image", "source": {"type": "base64", "media_type": "image/jpeg", "data": png}}]}]}}]
    t.write(home)
    deja("index")
    for word in ("kestrelbanjo", "saltmarshtuba", "velvetcompass", "ospreyfiddle"):
        assert _hits(word), word
    assert not _hits(sample)
    assert not _hits(run[100:140])
    line = next(w for w in wrapped.splitlines() if w.isalnum())
    assert not _hits(line)
    text = "\n".join(r["text"] for r in deja("show", SID, "--json").json()["records"])
    assert "[base64 image/png, 48 KB]" in text and "[base64 image/jpeg, 48 KB]" in text
    assert "[base64, 6 KB]" in text and "[base64, 3 KB]" in text and "[binary, " in text
    assert png[:200] not in text and run[:200] not in text and wrapped[:200] not in text and wrapped.splitlines()[-1] not in text and binary[:200] not in text


def test_a_tool_output_past_its_own_cap_keeps_head_and_tail_while_speech_keeps_more(home):
    """Tool output is capped at TOOL_OUTPUT_CHARS (its head and tail kept, the middle's length
    told); what the person and the assistant say keeps the whole record cap."""
    rng = random.Random(11)
    n = 3 * TOOL_OUTPUT_CHARS
    assert n < MAX_RECORD_CHARS  # the prompt below is under the record cap, the output over its own
    out = (f"starting gannetharbour\n{_log(rng, n // 2)}\nhalfway quokkaledger\n{_log(rng, n // 2)}"
           f"\nfinished with marmotcinder\n")
    prompt = f"{_log(rng, n // 2)}\nsomewhere puffinlantern\n{_log(rng, n // 2)}"
    (Transcript(SID, "/home/dev/shop", 3)
     .user(prompt)
     .bash("make logs", out)
     .say("The log is long; the start and the end say what ran.")
     .write(home))
    deja("index")
    for needle in ("gannetharbour", "marmotcinder", "puffinlantern"):
        hits = _hits(needle)
        assert hits and hits[0]["session"]["id"] == SID, needle
    assert _hits("quokkaledger")[0]["session"]["id"] == SID  # the middle's words are in the marker
    records = deja("show", SID, "--json").json()["records"]
    [rec] = [r for r in records if "gannetharbour" in r["text"]]
    head, told, words, tail = _parts(rec["text"])
    assert len(head + tail) < TOOL_OUTPUT_CHARS + 200 and "marmotcinder" in tail
    assert told == len(out.strip()) - len(head) - len(tail), told
    assert "quokkaledger" not in head + tail and "halfway quokkaledger" in words
    [said] = [r for r in records if "puffinlantern" in r["text"]]
    assert CUT not in said["text"]


def test_large_outputs_are_found_by_english_and_chinese_words(home):
    """A large output crosses to the writer coded only when its text is its analyzer input (ASCII);
    one with Chinese in it keeps its bigram rewrite. Both are found, head and tail, and a Chinese
    run of the cut middle by its bigrams (the marker keeps it a run)."""
    rng = random.Random(5)
    ascii_out = f"ledger ibiscusmarble begins\n{_log(rng, 6000)}\nends with fernwhistle\n"
    cjk_out = f"构建日志 第一行 检查缓存\n{_log(rng, 6000)}\n中途 数据库迁移完成\n{_log(rng, 6000)}\n最后 链接器 报错 结束\n"
    (Transcript(SID, "/home/dev/shop", 5)
     .user("show me both logs")
     .bash("cat build.log", ascii_out)
     .bash("cat build-zh.log", cjk_out)
     .say("Both logs are above.")
     .write(home))
    deja("index")
    for needle in ("ibiscusmarble", "fernwhistle", "检查缓存", "链接器", "数据库", "迁移完成"):
        hits = _hits(needle)
        assert hits and hits[0]["session"]["id"] == SID, needle


def test_a_secret_in_the_cut_middle_never_reaches_the_word_list(home):
    """Redaction runs on the whole text before the cap: the marker lists the redaction's own
    words, never a secret's, and the secret is not found."""
    rng = random.Random(23)
    token, key = "ghp_0123456789abcdefghijABCDEFGHIJ012345", "AKIAIOSFODNN7EXAMPLE"
    out = (f"{_log(rng, 20_000)}\nexport GITHUB_TOKEN={token} AWS_KEY={key} for heronbuckle\n"
           f"{_log(rng, 20_000)}\n")
    (Transcript(SID, "/home/dev/shop", 3)
     .user("print the environment")
     .bash("env", out)
     .say("Done.")
     .write(home))
    deja("index")
    [rec] = [r for r in deja("show", SID, "--json").json()["records"] if CUT in r["text"]]
    _, _, words, _ = _parts(rec["text"])
    assert "heronbuckle" in words and "redacted" in words.split()
    assert token not in rec["text"] and key not in rec["text"] and "0123456789abcdefghij" not in words
    assert _hits("heronbuckle")[0]["session"]["id"] == SID
    assert not _hits(key) and not _hits(token)


def test_the_word_list_reads_a_bounded_share_of_a_huge_middle():
    """A crafted record of tens of MiB costs the word pass only its first WORDS_SCAN characters:
    a word there is listed, one past it is not (nor counted), and the cut is still told whole."""
    filler = " ".join(f"w{i:x}q" for i in range(1_200_000))  # ~10 MiB of distinct words
    text = f"head line\n{'x ' * 4000}nearbittern {filler} farplover\n{'y ' * 1000}tail line\n"
    out = cap(text, TOOL_OUTPUT_CHARS)
    assert len(text) > 4 * WORDS_SCAN and "nearbittern" in out and "farplover" not in out
    told = int(out.split("[… ", 1)[1].split(CUT, 1)[0].replace(",", ""))
    assert told > len(text) - TOOL_OUTPUT_CHARS - 1024 and out.endswith("tail line\n")
    more = int(out.rsplit("; ", 1)[1].split(" more not kept", 1)[0].replace(",", ""))
    assert more < WORDS_SCAN // 6  # counted within the scanned characters, not the 1.2 million words


def test_a_block_opener_with_no_closer_is_cleaned_in_linear_work(home):
    # a pasted log repeating "<command-name>" with no "</command-args>": each opener scanned to the
    # end of the (uncapped) user text for its closer, quadratic (200 KB: 8.7 s; this one: hours).
    # A process of its own with a timeout hundreds of times what it takes, so a regression fails
    # instead of holding the suite; and through the CLI, the text stays findable.
    import subprocess
    import sys

    code = ("from deja.ingest.prepare import clean\n"
            "from deja.roles import Role\n"
            "text = '<command-name>x ' * 200_000\n"
            "assert clean(text, Role.USER) == text.strip()\n"
            "assert clean('a <system-reminder>s</system-reminder> b', Role.USER) == 'a  b'\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    sid = "c4a95e11-0000-4000-8000-00000000c10c"
    Transcript(sid, "/home/dev/x", 1).user("log follows " + "<command-name>x " * 20_000 + " zebrafinch").write(home)
    deja("index")
    assert sid in [h["session"]["id"] for h in deja("search", "zebrafinch", "--json").json()["hits"]]
