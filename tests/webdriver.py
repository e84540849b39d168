"""A small W3C WebDriver client over the standard library, for the web page's tests: it drives
Debian's headless Chromium through chromedriver (both from the `chromium` and `chromium-driver`
packages; .ci/run installs them). No dependency: selenium would add 14 packages and 45 MB for the
dozen calls these tests make (docs/notes.md, "deja serve")."""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("DEJA_TEST_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DEJA_TEST_CHROMEDRIVER", "/usr/bin/chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # the W3C key of an element reference


def available() -> bool:
    return bool(shutil.which(CHROMEDRIVER) and shutil.which(CHROMIUM))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class WebDriverError(AssertionError):
    pass


class Browser:
    """One headless Chromium session; `close()` ends it and the chromedriver this started."""

    def __init__(self, profile: Path, env: dict[str, str], width: int = 1200, height: int = 900):
        self.port = _free_port()
        self.driver = subprocess.Popen([CHROMEDRIVER, f"--port={self.port}"], env=env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                self._call("GET", "/status")
                break
            except (OSError, WebDriverError):
                if time.monotonic() > deadline or self.driver.poll() is not None:
                    self.driver.kill()
                    self.driver.wait()
                    raise WebDriverError("chromedriver did not start") from None
                time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--disable-sync", "--disable-default-apps",
                f"--window-size={width},{height}", f"--user-data-dir={profile}"]
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
                                                 "goog:chromeOptions": {"binary": CHROMIUM, "args": args}}}}
        try:
            self.session = self._call("POST", "/session", caps)["sessionId"]
        except BaseException:
            self.driver.kill()
            self.driver.wait()
            raise

    def _call(self, method: str, path: str, body: dict | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.loads(r.read() or b"{}").get("value")
        except urllib.error.HTTPError as e:
            raise WebDriverError(f"{method} {path}: {e.code} {e.read()[:500]!r}") from None

    def _s(self, method: str, path: str, body: dict | None = None) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body)

    # -- what the tests use

    def get(self, url: str) -> None:
        self._s("POST", "/url", {"url": url})

    def source(self) -> str:
        return self._s("GET", "/source")

    def find(self, css: str) -> str:
        return self._s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def find_all(self, css: str) -> list[str]:
        return [e[ELEMENT] for e in self._s("POST", "/elements", {"using": "css selector", "value": css})]

    def text(self, element: str) -> str:
        return self._s("GET", f"/element/{element}/text")

    def attribute(self, element: str, name: str) -> str | None:
        return self._s("GET", f"/element/{element}/attribute/{name}")

    def click(self, element: str) -> None:
        self._s("POST", f"/element/{element}/click", {})

    def type(self, element: str, text: str) -> None:
        self._s("POST", f"/element/{element}/value", {"text": text})

    def run(self, script: str, *args: Any) -> Any:
        return self._s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._s("GET", "/screenshot")))

    def wait(self, check: Callable[[], Any], timeout: float = 20, what: str = "the page") -> Any:
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = check()
            except WebDriverError:
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise WebDriverError(f"timed out waiting for {what}")
            time.sleep(0.1)

    def close(self) -> None:
        try:
            self._call("DELETE", f"/session/{self.session}")
        except (OSError, WebDriverError):
            pass
        finally:
            self.driver.terminate()
            try:
                self.driver.wait(10)
            except subprocess.TimeoutExpired:
                self.driver.kill()
                self.driver.wait()
