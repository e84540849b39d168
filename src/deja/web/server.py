"""The HTTP server of `deja serve`: the standard library's ThreadingHTTPServer, nothing else.

- Bound to 127.0.0.1 only; a request whose Host is not this address (or `localhost`) at this port
  is refused, so a page elsewhere cannot reach it through DNS rebinding.
- A random token (`secrets.token_urlsafe`) is in the URL it prints; the first request that carries
  it gets a cookie (HttpOnly, SameSite=Strict, this port's own name); every request with neither
  gets 403. A change (POST) must also be JSON from this origin (a form elsewhere cannot send one).
- Every answer carries a strict Content-Security-Policy: only deja's own script and style sheet
  run (`script-src 'self'`), nothing is fetched from anywhere else, no page can frame it.
- Idle, it does nothing: the accept loop blocks in select() without a timeout (socketserver's
  default wakes twice a second), and a request opens the index read-only and closes it.
"""

from __future__ import annotations

import json
import re
import secrets
import sys
import threading
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import parse_qs, urlsplit

from deja.errors import DejaError, NotFound

HOST = "127.0.0.1"
HOSTS_ALLOWED = ("127.0.0.1", "localhost")
DEFAULT_PORT = 8787
STATIC = Path(__file__).parent / "static"
EXPORT_TYPES = {"md": "text/markdown; charset=utf-8", "html": "text/html; charset=utf-8",
                "json": "application/json; charset=utf-8"}
STATIC_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
MAX_BODY = 4096  # a change is one small JSON object
KEEP_ALIVE = 30.0  # seconds an idle connection is kept before its thread ends


class Forbidden(Exception):
    pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, token: str):
        self.token = token
        super().__init__((HOST, port), Handler)
        self.port = self.server_address[1]
        self.cookie = f"deja_{self.port}"

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/?token={self.token}"


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    timeout = KEEP_ALIVE
    server_version = "deja"
    sys_version = ""
    _download = ""  # the file name of an export being answered

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass  # a request line holds the token: nothing is logged

    # -- the two verbs

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer("GET")

    def do_POST(self) -> None:  # noqa: N802
        self._answer("POST")

    def _answer(self, verb: str) -> None:
        self._body_read = verb != "POST"  # a GET has no body; a POST's is read by _post
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        try:
            set_cookie = self._admit(query)
        except Forbidden as e:
            self._send(HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8", f"403 forbidden: {e}\n".encode())
            return
        try:
            status, ctype, body = (self._get(url.path, query) if verb == "GET" else self._post(url.path))
        except NotFound as e:
            status, ctype, body = HTTPStatus.NOT_FOUND, *self._error(url.path, str(e))
        except DejaError as e:
            status, ctype, body = HTTPStatus.BAD_REQUEST, *self._error(url.path, str(e))
        except Forbidden as e:
            status, ctype, body = HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8", f"403 forbidden: {e}\n".encode()
        except Exception as e:  # noqa: BLE001 - a bug costs its request, not the server
            from deja.cli import render

            sys.stderr.write(render.safe(f"deja serve: internal error on {url.path}: {type(e).__name__}: {e}") + "\n")
            status, ctype, body = HTTPStatus.INTERNAL_SERVER_ERROR, *self._error(url.path, "internal error")
        self._send(status, ctype, body, set_cookie)

    # -- who may ask

    def _admit(self, query: dict[str, str]) -> bool:
        """Raises Forbidden unless the request is for this server and carries its token; True
        when the token came in the URL (the answer sets the cookie)."""
        host = self.headers.get("Host", "")
        if host not in {f"{h}:{self.server.port}" for h in HOSTS_ALLOWED}:
            raise Forbidden("this server answers only at its own address")
        token = self.server.token
        if secrets.compare_digest(query.get("token", "").encode(), token.encode()):
            return True
        jar = SimpleCookie()
        try:
            jar.load(self.headers.get("Cookie", ""))
        except Exception:  # noqa: BLE001 - a cookie header that does not parse carries no token
            pass
        given = jar.get(self.server.cookie)
        if given is not None and secrets.compare_digest(given.value.encode(), token.encode()):
            return False
        raise Forbidden("open the URL `deja serve` printed (it carries the token)")

    # -- what is asked

    def _get(self, path: str, q: dict[str, str]) -> tuple[int, str, bytes]:
        from deja.web import data, pages

        html = "text/html; charset=utf-8"
        if path == "/":
            return HTTPStatus.OK, html, pages.search_page().encode()
        if path == "/api/search":
            query = q.get("q", "").strip()
            if not query:
                return HTTPStatus.OK, *_json({"hits": [], "query": "", "total": 0, "tier": "none"})
            roles = [r for r in q.get("role", "").split(",") if r]
            return HTTPStatus.OK, *_json(data.search(query, q.get("harness"), q.get("project"), q.get("since"), roles))
        if path == "/api/harnesses":
            return HTTPStatus.OK, *_json({"harnesses": _indexed_harnesses()})
        if path == "/session":
            return HTTPStatus.OK, html, pages.session_page(data.session(q.get("id", ""))).encode()
        if path == "/api/session":
            return HTTPStatus.OK, *_json(data.session(q.get("id", "")))
        if path == "/sources":
            return HTTPStatus.OK, html, pages.sources_page(data.sources()).encode()
        if path == "/api/sources":
            return HTTPStatus.OK, *_json(data.sources())
        if path == "/export":
            fmt = q.get("format", "md")
            text, sid = data.export(q.get("id", ""), fmt)
            self._download = f"deja-{re.sub(r'[^A-Za-z0-9._-]', '_', sid)[:80]}.{fmt}"
            return HTTPStatus.OK, EXPORT_TYPES[fmt], text.encode("utf-8", "replace")
        if path == "/stats":
            return HTTPStatus.OK, html, pages.stats_page(data.stats(q.get("by", "month"))).encode()
        if path == "/api/stats":
            return HTTPStatus.OK, *_json(data.stats(q.get("by", "month")))
        if path == "/log":
            return HTTPStatus.OK, html, pages.log_page(data.log()).encode()
        if path == "/notes":
            return HTTPStatus.OK, html, pages.notes_page(data.notes()).encode()
        if path.startswith("/static/"):
            name = path[len("/static/"):]
            f = STATIC / name
            if "/" in name or f.suffix not in STATIC_TYPES or not f.is_file():
                raise NotFound(f"no file {name!r}")
            return HTTPStatus.OK, STATIC_TYPES[f.suffix], f.read_bytes()
        raise NotFound(f"no page {path!r}")

    def _post(self, path: str) -> tuple[int, str, bytes]:
        origin = self.headers.get("Origin")
        if origin is not None and origin not in {f"http://{h}:{self.server.port}" for h in HOSTS_ALLOWED}:
            raise Forbidden("a change must come from this page")
        if self.headers.get_content_type() != "application/json":
            raise Forbidden("a change is sent as JSON")
        try:
            size = int(self.headers.get("Content-Length") or 0)
        except ValueError:  # `Content-Length: abc`: no size, refused below (was an internal error)
            size = -1
        if not 0 < size <= MAX_BODY:
            raise DejaError("a change is one small JSON object")
        body = self.rfile.read(size)
        self._body_read = True
        try:
            change = json.loads(body)
        except ValueError as e:
            raise DejaError(f"the change is not JSON ({e})") from None
        if path == "/api/harness":
            from deja.web import settings

            if not isinstance(change, dict) or not isinstance(change.get("harness"), str) or not isinstance(change.get("on"), bool):
                raise DejaError('send {"harness": NAME, "on": true|false}')
            on = settings.set_harness(change["harness"], change["on"])
            return HTTPStatus.OK, *_json({"harness": change["harness"], "on": on})
        raise NotFound(f"no change {path!r}")

    # -- answers

    def _error(self, path: str, message: str) -> tuple[str, bytes]:
        if path.startswith("/api/"):
            return _json({"error": message})
        from deja.web import pages

        return "text/html; charset=utf-8", pages.message_page("Not shown", message).encode()

    def _send(self, status: int, ctype: str, body: bytes, set_cookie: bool = False) -> None:
        if status != HTTPStatus.OK and not getattr(self, "_body_read", True):
            # a refused change's body is still unread on the socket: the connection cannot be
            # reused. Only then: closing a socket with unread bytes resets it, and a browser may
            # lose the answer it has not read yet (an empty 403 page).
            self.close_connection = True
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Cache-Control", "no-store")
        download = getattr(self, "_download", "")
        if download:  # an export: saved, never shown in this origin
            self.send_header("Content-Disposition", f'attachment; filename="{download}"')
            self._download = ""
        if set_cookie:
            self.send_header("Set-Cookie", f"{self.server.cookie}={self.server.token}; Path=/; HttpOnly; SameSite=Strict")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def _json(obj: dict) -> tuple[str, bytes]:
    """A JSON answer through the CLI's funnel (render.json_text: redacted, C1 escaped), every string
    `visible` first: the page draws what JSON.parse gives back, so a bidi override or an invisible
    character is shown as an escape, as the server's own pages show it (pages.esc)."""
    from deja.cli import render
    from deja.terminal import visible_data

    shown = visible_data(obj)
    assert isinstance(shown, dict)
    return "application/json; charset=utf-8", render.json_text(shown).encode("utf-8", "replace")


def _indexed_harnesses() -> list[str]:
    from deja.web import data

    with data.reading() as store:
        return [h for h, _n, _a, _b in store.catalog.harness_spans()]


def serve(port: int = DEFAULT_PORT, open_browser: bool = True, out: TextIO | None = None) -> None:
    """Serve until interrupted. The URL (with its token) goes to `out` first."""
    try:
        server = Server(port, secrets.token_urlsafe(32))
    except OSError as e:
        raise DejaError(f"cannot listen on {HOST}:{port} ({e.strerror or e}); pick another with --port N "
                        "(0: any free port)") from None
    stream = out or sys.stdout
    stream.write(f"deja serve: {server.url}\n(only this machine can open it; Ctrl-C stops it)\n")
    stream.flush()
    if open_browser:
        import webbrowser

        threading.Thread(target=webbrowser.open, args=(server.url,), daemon=True).start()
    try:
        # None: select() blocks until a request comes (the default, 0.5, wakes twice a second)
        server.serve_forever(poll_interval=None)  # type: ignore[arg-type]
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
