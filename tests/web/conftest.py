"""Browser tests of the web client: a real ``feldherr serve`` process and Debian's chromium driven
by Playwright (``executable_path``; Playwright's own browser download is not used). Skipped when
either is missing (``bash scripts/setup.sh dev`` installs both). Screenshots go to
``test-artifacts/web/`` (gitignored)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "web"
CHROMIUM = os.environ.get("FELDHERR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

try:
    from playwright import sync_api as playwright_api
except ImportError:  # pragma: no cover - the web extra is missing
    playwright_api = None
MISSING = (
    "playwright is not installed (pip install -e '.[web]')"
    if playwright_api is None
    else None
    if Path(CHROMIUM).exists()
    else f"no chromium at {CHROMIUM} (bash scripts/setup-browser.sh)"
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    def __init__(self, url: str) -> None:
        self.url = url

    def api(self, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method="POST" if body is not None else "GET"
        )
        request.add_header("content-type", "application/json")
        if token:
            request.add_header("authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.loads(response.read())

    def create(self, game: str, options: dict[str, Any], seats: list[dict[str, Any]], seed: int = 7) -> Any:
        return self.api("/api/games", {"game": game, "options": options, "seats": seats, "seed": seed})

    def wait_status(self, game_id: str, status: str, timeout: float = 60) -> Any:
        end = time.time() + timeout
        while time.time() < end:
            info = self.api(f"/api/games/{game_id}")
            if info["status"] == status:
                return info
            time.sleep(0.1)
        raise AssertionError(f"game {game_id} did not reach {status}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    port = free_port()
    data = tmp_path_factory.mktemp("server")
    env = {
        **os.environ,
        "FELDHERR_DATA": str(data),
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests" / "core")]),
    }
    cmd = [
        sys.executable,
        "-m",
        "feldherr.cli",
        "serve",
        "--port",
        str(port),
        "--db",
        f"sqlite:///{data / 'db.sqlite3'}",
        "--register",
        "toy=toygame:ToyGame",
        "--fixed-seeds",  # the tests' games are reproducible
        "--absent-after",
        "-1",
        "--analysis-bot",
        "medium@1s",  # the analysis board's search: short, the tests' games are small
        "--create-every",
        "0",  # the browser tests create many games from one address
    ]
    log = open(data / "server.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1200):  # a ceiling of 2 minutes: on a busy machine the start has taken over 30 s
            try:
                urllib.request.urlopen(url + "/api/health", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError((data / "server.log").read_text()) from None
                time.sleep(0.1)
        yield Server(url)
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if MISSING or playwright_api is None:
        pytest.skip(MISSING)
    with playwright_api.sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


class Pages:
    """New pages in fresh contexts (separate storage: separate people), each collecting console
    errors; the test fails if any page logged one."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.errors: list[str] = []
        self.contexts: list[Any] = []

    def new(self, pace: str = "instant", **context: Any) -> Any:
        ctx = self.browser.new_context(**context)
        self.contexts.append(ctx)
        # Other seats' moves are paced on screen (pace.js); tests show them at once unless asked.
        ctx.add_init_script(f"localStorage.setItem('feldherr:pace', {json.dumps(pace)})")
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.on("console", lambda m: self.errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        return page

    def take_refused(self, page: Any, status: int, count: int = 1) -> None:
        """The browser's console reports of ``count`` requests refused with ``status`` that a test
        asked for: waited for (they reach the test on their own way, on a busy machine after the
        page has shown the refusal), then taken off the errors; any other error fails."""
        code = f"status of {status}"
        for _ in range(400):
            if sum(code in e for e in self.errors) >= count:
                break
            page.wait_for_timeout(50)  # a console event comes in between
        assert sum(code in e for e in self.errors) >= count, self.errors
        assert all(code in e for e in self.errors), self.errors
        self.errors.clear()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    made = Pages(browser)
    yield made
    for ctx in made.contexts:
        ctx.close()
    assert made.errors == [], made.errors


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
