"""`deja serve`: the local web page, through the real command and a real headless Chromium.

The server is started as `deja serve --port 0 --no-open` in the throwaway HOME, its URL read from
what it prints, and it is ended by its pid. The browser is Debian's chromium driven by
chromedriver over WebDriver (tests/webdriver.py); without them the browser tests skip.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import pytest

import webdriver
from conftest import deja, hits, install_real, write_jsonl

SID = "c0c0c0c0-0000-4000-8000-00000000beef"
SCRIPT = "<script>window.pwned = 1</script>"
IMG = '<img src=x onerror="window.pwned = 2">'
ESCAPES = "\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\x9b2J"
# What a page must never hold raw: C0 controls but \t \n \r, DEL, C1.
RAW_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
CANARY = "canary"  # every real-agent fixture's sessions hold it
# docs/serve.png is made by: DEJA_SERVE_SCREENSHOT=docs/serve.png pytest tests/test_serve.py -k page_search
# (read here: the home fixture clears DEJA_* before a test runs)
SCREENSHOT = os.environ.get("DEJA_SERVE_SCREENSHOT")


@contextmanager
def served(*extra: str) -> Iterator[str]:
    """`deja serve` running in this test's HOME; yields the URL it printed (with the token)."""
    proc = subprocess.Popen([sys.executable, "-m", "deja", "serve", "--port", "0", "--no-open", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.match(r"deja serve: (http://127\.0\.0\.1:\d+/\?token=[\w-]+)$", line.strip())
        assert m, f"no URL in {line!r}: {proc.stderr.read() if proc.poll() is not None and proc.stderr else ''}"
        yield m.group(1)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def base(url: str) -> str:
    u = urlsplit(url)
    return f"{u.scheme}://{u.netloc}"


def token(url: str) -> str:
    return url.rsplit("token=", 1)[1]


def fetch(url: str, headers: dict | None = None, data: bytes | None = None) -> tuple[int, dict, bytes]:
    req = urllib.request.Request(url, data=data, headers=headers or {}, method="POST" if data is not None else "GET")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def corpus(home: Path) -> None:
    for h in ("claude", "codex", "gemini", "opencode"):
        install_real(home, h)


def hostile(home: Path) -> None:
    def line(kind: str, content, n: int) -> dict:
        return {"type": kind, "sessionId": SID, "cwd": "/w/page", "timestamp": f"2026-11-03T10:00:{n:02d}Z",
                "message": {"role": kind, "content": content}}

    write_jsonl(home / ".claude" / "projects" / "-w-page" / f"{SID}.jsonl", [
        line("user", f"marmoset question {SCRIPT} {IMG} {ESCAPES} what now", 1),
        line("assistant", [{"type": "text", "text": f"marmoset answer {SCRIPT}{ESCAPES} pinned it"},
                           {"type": "tool_use", "id": "t1", "name": "Bash",
                            "input": {"command": f"echo marmoset {SCRIPT}"}}], 2),
        line("user", [{"type": "tool_result", "tool_use_id": "t1", "content": f"marmoset {IMG}{ESCAPES}"}], 3),
    ])


# -- without a browser: the door


def test_token_host_and_headers(home):
    corpus(home)
    deja("index")
    with served() as url:
        root, tok = base(url), token(url)
        for path in ("/", "/api/search?q=canary", "/sources", "/notes", "/static/app.js", f"/session?id={SID}"):
            code, _, body = fetch(root + path)
            assert code == 403, path
            assert CANARY not in body.decode()
        assert fetch(f"{root}/?token={'x' * len(tok)}")[0] == 403
        code, headers, body = fetch(url)
        assert code == 200 and b"<input id=q" in body
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "default-src 'none'" in csp and "unsafe-inline" not in csp
        cookie = headers["Set-Cookie"].split(";", 1)[0]
        assert tok in cookie and "HttpOnly" in headers["Set-Cookie"] and "SameSite=Strict" in headers["Set-Cookie"]
        code, _, body = fetch(root + "/api/search?q=canary", {"Cookie": cookie})
        assert code == 200 and json.loads(body)["hits"]
        # another name for this address (DNS rebinding) is refused, token or not
        code, _, _ = fetch(url, {"Host": f"evil.example:{urlsplit(url).port}"})
        assert code == 403
        # a change must be JSON from this origin
        change = json.dumps({"harness": "codex", "on": False}).encode()
        assert fetch(root + "/api/harness", {"Cookie": cookie, "Content-Type": "text/plain"}, change)[0] == 403
        assert fetch(root + "/api/harness", {"Cookie": cookie, "Content-Type": "application/json",
                                             "Origin": "http://evil.example"}, change)[0] == 403
        assert not (home / ".config" / "deja" / "config.toml").exists()
        code, _, body = fetch(root + "/api/harness", {"Cookie": cookie, "Content-Type": "application/json"},
                              json.dumps({"harness": "nosuch", "on": False}).encode())
        assert code == 400 and "not a harness" in json.loads(body)["error"]


def test_no_index_and_bad_questions_are_one_line_answers(home):
    with served() as url:
        root, tok = base(url), token(url)
        assert fetch(url)[0] == 200  # the page itself needs no index
        code, _, body = fetch(f"{root}/api/search?q=canary&token={tok}")
        assert code == 400 and "run `deja index`" in json.loads(body)["error"]
        code, _, body = fetch(f"{root}/sources?token={tok}")
        assert code == 400 and "deja index" in body.decode() and "Traceback" not in body.decode()
    corpus(home)
    deja("index")
    with served() as url:
        root, tok = base(url), token(url)
        code, _, body = fetch(f"{root}/api/search?q=canary&role=nosuch&token={tok}")
        assert code == 400 and "nosuch" in json.loads(body)["error"]
        code, _, body = fetch(f"{root}/api/search?q=canary&since=yesterdayish&token={tok}")
        assert code == 400 and json.loads(body)["error"]


def test_a_change_with_a_size_that_is_no_number_is_a_bad_request(home):
    import http.client

    with served() as url:
        port, tok = urlsplit(url).port, token(url)
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        c.putrequest("POST", f"/api/harness?token={tok}")
        for k, v in (("Content-Type", "application/json"), ("Content-Length", "abc")):
            c.putheader(k, v)
        c.endheaders(b'{"harness": "codex", "on": false}')
        r = c.getresponse()
        assert r.status == 400 and "small JSON object" in json.loads(r.read())["error"]


def test_other_hosts_refused(home):
    r = deja("serve", "--host", "0.0.0.0", "--no-open", check=False)
    assert r.code != 0 and "127.0.0.1 only" in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_search_endpoint_is_the_cli_search(home):
    corpus(home)
    deja("index")
    with served() as url:
        for q in ("canary", "diagnose outage", "canary-codex-user-1"):
            code, _, body = fetch(f"{base(url)}/api/search?{urlencode({'q': q, 'token': token(url)})}")
            page = json.loads(body)
            cli = deja("search", q, "--json").json()
            assert hits(page) == hits(cli) and hits(cli), q
            assert [h["snippets"] for h in page["hits"]] == [h["snippets"] for h in cli["hits"]]


def test_serving_writes_nothing(home):
    corpus(home)
    deja("index")
    index = home / ".cache" / "deja"
    before = {p: (p.stat().st_mtime_ns, p.stat().st_size) for p in index.rglob("*") if p.is_file()}
    with served() as url:
        for path in ("/", "/api/search?q=canary", "/sources", "/notes"):
            assert fetch(f"{base(url)}{path}{'&' if '?' in path else '?'}token={token(url)}")[0] == 200
    after = {p: (p.stat().st_mtime_ns, p.stat().st_size) for p in index.rglob("*") if p.is_file()}
    changed = {str(p) for p in before if before[p] != after.get(p)} - {str(p) for p in before if p.name.endswith("-shm")}
    assert not changed and set(after) - set(before) <= {p for p in after if p.name.endswith(("-shm", "-wal"))}
    assert not (home / ".config" / "deja" / "config.toml").exists()


def test_session_commands_and_exports_are_the_cli_s(home):
    corpus(home)
    hostile(home)
    deja("index")
    with served() as url:
        root, tok = base(url), token(url)
        for ident in ("claude:" + SID, hits(deja("search", "canary-codex-user-1", "--json").json())[0][1]):
            code, _, body = fetch(f"{root}/session?{urlencode({'id': ident, 'token': tok})}")
            assert code == 200
            page = body.decode()
            line = deja("resume", ident).out.strip()
            assert f"<code>{html.escape(line)}</code>" in page and f'data-copy="{html.escape(line)}"' in page
            for fmt in ("md", "html", "json"):
                code, headers, body = fetch(f"{root}/export?{urlencode({'id': ident, 'format': fmt, 'token': tok})}")
                assert code == 200 and headers["Content-Disposition"].startswith("attachment;")
                assert body.decode() == deja("export", ident, "--format", fmt).out
        code, _, body = fetch(f"{root}/session?{urlencode({'id': 'nosuchsession', 'token': tok})}")
        assert code == 404 and "no session with id" in body.decode()
        code, _, body = fetch(f"{root}/api/stats?token={tok}")
        assert json.loads(body) == {k: v for k, v in deja("stats", "--json").json().items() if k != "schema_version"}


def test_notes_and_log_pages(home):
    corpus(home)
    deja("index")
    deja("remember", "staging deploys need the <b>VPN</b>", "--project", "/w/ops", "--tag", "ops")
    from deja.views import served as served_log

    served_log.record("hook", "claude-code UserPromptSubmit", "why <i>flaky</i> login", ["claude:" + SID], 120, "prompt")
    with served() as url:
        code, _, body = fetch(f"{base(url)}/notes?token={token(url)}")
        assert code == 200 and "staging deploys need the &lt;b&gt;VPN&lt;/b&gt;" in body.decode()
        code, _, body = fetch(f"{base(url)}/log?token={token(url)}")
        page = body.decode()
        assert code == 200 and "why &lt;i&gt;flaky&lt;/i&gt; login" in page and "claude-code UserPromptSubmit" in page
        assert f'href="/session?id=claude%3A{SID}"' in page


# -- in a real browser

needs_browser = pytest.mark.skipif(not webdriver.available(), reason="needs chromium and chromedriver")


@pytest.fixture(scope="module")
def browser(tmp_path_factory) -> Iterator[webdriver.Browser]:
    if not webdriver.available():
        pytest.skip("needs chromium and chromedriver")
    own = tmp_path_factory.mktemp("browser")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "DEJA_"))}
    env["HOME"] = str(own)  # chromium's own files go to a throwaway home too
    b = webdriver.Browser(own / "profile", env)
    try:
        yield b
    finally:
        b.close()


def shown_keys(b: webdriver.Browser) -> list[str]:
    return [b.attribute(e, "data-key") or "" for e in b.find_all("li.hit")]


@needs_browser
def test_page_search_shows_the_cli_sessions(home, browser, tmp_path):
    corpus(home)
    deja("index")
    with served() as url:
        browser.get(base(url) + "/")
        assert "403" in browser.source() and "<input" not in browser.source()
        browser.get(url)
        browser.type(browser.find("#q"), "canary diagnose")
        keys = browser.wait(lambda: shown_keys(browser), what="search results")
        cli = deja("search", "canary", "diagnose", "--json").json()
        assert keys == [f"{h}:{i}" for h, i in hits(cli)] and len(keys) >= 3
        shot = tmp_path / "serve.png"
        browser.screenshot(shot)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        if SCREENSHOT:
            shutil.copy(shot, SCREENSHOT)
        # typing on replaces the answer (search as you type)
        browser.type(browser.find("#q"), " codex")
        cli = deja("search", "canary diagnose codex", "--json").json()
        narrow = [f"{h}:{i}" for h, i in hits(cli)]
        browser.wait(lambda: shown_keys(browser) == narrow, what="the narrower answer")
        # a session page opens from a hit and shows its records with their roles
        browser.click(browser.find("li.hit a.title"))
        browser.wait(lambda: browser.find_all("li.rec"), what="the session page")
        roles = [browser.text(e) for e in browser.find_all("li.rec > .role")]
        assert "user" in roles and "assistant" in roles
        folded = browser.find_all("li.rec details")
        assert folded, "tool output and commands are folded"
        show = deja("show", narrow[0], "--json").json()
        assert len(browser.find_all("li.rec")) == show["total"]
        # a command links to a search for it
        link = browser.find("li.rec.command a")
        assert "role=command" in (browser.attribute(link, "href") or "")


@needs_browser
def test_harness_switch_round_trips(home, browser):
    corpus(home)
    deja("index")
    config = home / ".config" / "deja" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("# mine\nlimit = 20\n")
    codex_files = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in (home / ".codex").rglob("*") if p.is_file()}
    assert any(h == "codex" for h, _ in hits(deja("search", CANARY, "--json", "--limit", "50").json()))
    with served() as url:
        browser.get(url)
        browser.get(base(url) + "/sources")
        switch = browser.find('button.switch[data-harness="codex"]')
        assert browser.attribute(switch, "aria-checked") == "true"
        browser.click(switch)
        browser.wait(lambda: browser.attribute(switch, "aria-checked") == "false", what="the switch")
        text = config.read_text()
        assert text.startswith("# mine\nlimit = 20\n") and "[harnesses]\ncodex = false" in text
        deja("index")
        found = hits(deja("search", CANARY, "--json", "--limit", "50").json())
        assert found and not any(h == "codex" for h, _ in found)
        browser.get(base(url) + "/sources")  # the page reads the state back
        switch = browser.find('button.switch[data-harness="codex"]')
        assert browser.attribute(switch, "aria-checked") == "false"
        browser.click(switch)
        browser.wait(lambda: browser.attribute(switch, "aria-checked") == "true", what="the switch back")
        assert config.read_text() == "# mine\nlimit = 20\n"
        deja("index")
        assert any(h == "codex" for h, _ in hits(deja("search", CANARY, "--json", "--limit", "50").json()))
    assert {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in (home / ".codex").rglob("*") if p.is_file()} == codex_files


@needs_browser
def test_hostile_transcript_renders_inert(home, browser):
    hostile(home)
    deja("index")
    with served() as url:
        browser.get(url)
        browser.type(browser.find("#q"), "marmoset")
        browser.wait(lambda: shown_keys(browser), what="search results")
        browser.click(browser.find("li.hit a.title"))
        browser.wait(lambda: browser.find_all("li.rec"), what="the session page")
        assert browser.run("return window.pwned === undefined")
        assert browser.run("return document.querySelectorAll('main script, main img').length") == 0
        page = browser.source()
        assert not RAW_CONTROL.search(page)
        assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in page
        text = browser.text(browser.find("main"))
        assert SCRIPT in text and "\\x1b]52" in text
        # the same over the JSON endpoints
        code, _, body = fetch(f"{base(url)}/api/session?id={SID}&token={token(url)}")
        assert code == 200 and not RAW_CONTROL.search(body.decode()) and "\\\\x9b" in body.decode()


def test_json_endpoints_show_bidi_and_invisible_characters_as_the_pages_do(home):
    """The page draws what JSON.parse gives back (textContent): a bidi override or an invisible
    tag character reaches it as an escape, not as a character the browser obeys or hides."""
    tricks = "\u202e\u2066\u200b\U000e0041\x9b"
    write_jsonl(home / ".claude" / "projects" / "-w-page" / f"{SID}.jsonl", [
        {"type": "user", "sessionId": SID, "cwd": "/w/page", "timestamp": "2026-11-03T10:00:01Z",
         "message": {"role": "user", "content": f"marmoset {tricks} question"}}])
    deja("index")
    raw = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b\U000e0000-\U000e007f]")
    with served() as url:
        for path in (f"/api/search?q=marmoset&token={token(url)}", f"/api/session?id={SID}&token={token(url)}"):
            code, _, body = fetch(base(url) + path)
            text = json.dumps(json.loads(body), ensure_ascii=False)  # as the page's script holds it
            assert code == 200 and "marmoset" in text and not raw.search(text), path
            assert "\\u202e" in text, path


@needs_browser
def test_stats_chart(home, browser):
    corpus(home)
    deja("index")
    stats = deja("stats", "--json").json()
    bars = sum(1 for h in stats["harnesses"] for p in stats["periods"] if h["by_period"].get(p, {}).get("sessions"))
    with served() as url:
        browser.get(url)
        browser.get(base(url) + "/stats")
        browser.wait(lambda: browser.find_all("svg.chart"), what="the chart")
        titles = browser.run("return [...document.querySelectorAll('svg.chart rect title')].map(t => t.textContent)")
        assert len(titles) == bars and bars >= 2
        want = {f"{h['name']} {p}: {h['by_period'][p]['sessions']}" for h in stats["harnesses"] for p in h["by_period"]}
        assert set(titles) == want
