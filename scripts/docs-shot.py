"""Copy a browser test's screenshot into docs/img the way the docs keep them: scaled to 960 px wide
(desktop) or 390 px (phone), cut to at most 1600 px high (from a chosen top), 128 colours.

    .venv/bin/python scripts/docs-shot.py test-artifacts/web/printed-modules-en.png \
        docs/img/web-wallenstein-modules-en.png [--top 1400] [--height 1600] [--width 960]
    .venv/bin/python scripts/docs-shot.py --all      # every picture of docs/img from SHOTS below
    .venv/bin/python scripts/docs-shot.py --clean    # the lobby and analysis pictures (CLEAN below)

The screenshots come from the browser tests (``tests/web``; ``shot()`` writes full pages to
``test-artifacts/web/``): run the tests that take them first,

    .venv/bin/python -m pytest tests/web/test_games.py tests/web/test_table.py \
        tests/web/test_printed_boards.py tests/web/test_analysis.py tests/web/test_shell.py \
        tests/web/test_words.py tests/web/test_boards.py tests/web/test_editor.py \
        tests/web/test_editor_fields.py -q

``--clean`` takes the pictures of :data:`CLEAN` itself, on a ``feldherr serve`` of its own with a
fresh database (the tests' server holds every game the tests left, and its lobby listed dozens of
them, with the tests' toy game in the form): a lobby with one finished game of each title played
by bots, the page of a game created with a friend's seat on a phone (its invite link), the
hot-seat hand-over of a Wallenstein game of two people and two bots, and the analysis board of a
mid-game decision of one player with several moves, searched with ``--budget`` (default
``hard@8s``; the tests' ``medium@1s`` searched a few hundred times and the picture showed a
decision of two moves). About two minutes.

Needs Pillow (installed with the dev extras); ``--clean`` also Playwright and chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
SHOTS_FROM = ROOT / "test-artifacts" / "web"
DOCS_IMG = ROOT / "docs" / "img"

#: Every picture of docs/img: the test's screenshot it is made from, and how (``raw``: copied as it
#: is, the analysis board alone; ``height``: rows kept after scaling; ``width``: scaled width).
SHOTS: dict[str, tuple[str, dict[str, int | bool]]] = {
    "web-analysis-position-de": ("analysis-position-de-board", {"raw": True}),
    "web-editor-elgrande-phone": ("editor-elgrande-en-form", {}),
    "web-editor-refused-de": ("editor-wallenstein-refused-de", {}),
    "web-editor-counties-de-phone": ("editor-fields-wallenstein-de-390-form", {"height": 1200}),
    "web-elgrande": ("elgrande-mid", {}),
    "web-elgrande-de-phone": ("elgrande-mid-de-phone", {}),
    "web-elgrande-ending-de": ("elgrande-ending-de-desktop", {"height": 900}),
    "web-guided-elgrande-en": ("guided-elgrande-en", {}),
    "web-guided-elgrande-de": ("guided-elgrande-de", {}),
    "web-guided-mansfeld-en": ("guided-mansfeld-en", {}),
    "web-guided-mansfeld-de": ("guided-mansfeld-de", {}),
    "web-guided-wallenstein-en": ("guided-wallenstein-en", {}),
    "web-guided-wallenstein-de": ("guided-wallenstein-de", {}),
    "web-mansfeld-characters": ("mansfeld-characters", {"height": 360}),
    "web-mansfeld-ending": ("mansfeld-ending", {}),
    "web-mansfeld-ending-de": ("mansfeld-ending-de-desktop", {}),
    "web-mansfeld-phone": ("mansfeld-hotseat-ending", {}),
    "web-phone": ("table-phone-wallenstein", {}),
    "web-step-picker": ("step-picker-set", {"height": 500}),
    "web-table-elgrande-en": ("table-board-elgrande-en", {}),
    "web-table-elgrande-de": ("table-board-elgrande-de", {}),
    "web-table-mansfeld-en": ("table-board-mansfeld-en", {}),
    "web-table-mansfeld-de": ("table-board-mansfeld-de", {}),
    "web-table-paced": ("table-paced", {}),
    "web-table-phone-elgrande": ("table-phone-elgrande", {}),
    "web-table-rules": ("table-rules-elgrande", {}),
    "web-table-tooltip": ("table-elgrande-tooltip", {}),
    "web-table-tower-mid": ("table-tower-mid", {}),
    "web-table-wallenstein-en": ("printed-table-en", {}),
    "web-table-wallenstein-de": ("printed-table-de", {}),
    "web-wallenstein": ("wallenstein-mid", {}),
    "web-wallenstein-de-phone": ("wallenstein-mid-de-phone", {}),
    "web-wallenstein-ending": ("wallenstein-ending", {}),
    "web-wallenstein-ending-de": ("wallenstein-ending-de-desktop", {"height": 900}),
    "web-wallenstein-modules-en": ("printed-module-boards-en", {}),
    "web-wallenstein-modules-de": ("printed-module-boards-de", {}),
    "web-wallenstein-plan": ("wallenstein-plan-staged", {}),
    "web-wallenstein-plan-board-en": ("printed-plan-board-en", {}),
    "web-wallenstein-plan-board-de": ("printed-plan-board-de", {}),
    "web-wallenstein-plan-board-phone": ("printed-plan-board-phone-de", {"width": 390}),
    "web-wallenstein-planning": ("wallenstein-planning", {}),
    "web-wallenstein-winter-en": ("printed-winter-panel-en", {}),
    "web-wallenstein-winter-de-phone": ("printed-winter-de-phone", {}),
}


#: The pictures ``--clean`` takes on a server of its own (not from the tests' screenshots).
CLEAN = (
    "web-lobby",
    "web-lobby-de",
    "web-lobby-created-phone",
    "web-hotseat",
    "web-analysis-en",
    "web-analysis-de",
    "web-analysis-phone",
)

#: The games the clean lobby lists (finished, played by bots): game, players, seed.
LOBBY_GAMES = [("wallenstein", 4, 11), ("elgrande", 3, 12), ("mansfeld", 3, 13)]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def _server(budget: str) -> Iterator[str]:
    """A ``feldherr serve`` on a free port with a fresh database; its address."""
    data = Path(tempfile.mkdtemp(prefix="feldherr-docs-"))
    port = _free_port()
    cmd = [sys.executable, "-m", "feldherr.cli", "serve", "--port", str(port), "--fixed-seeds",
           "--db", f"sqlite:///{data / 'db.sqlite3'}", "--analysis-bot", budget,
           "--create-every", "0"]  # fmt: skip
    log = open(data / "server.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env={**os.environ, "FELDHERR_DATA": str(data)}, stdout=log, stderr=log
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(1200):
            try:
                urllib.request.urlopen(url + "/api/health", timeout=1).read()
                break
            except OSError:
                if proc.poll() is not None:
                    raise SystemExit((data / "server.log").read_text()) from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
        shutil.rmtree(data, ignore_errors=True)


def _api(url: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method="GET" if body is None else "POST")
    request.add_header("content-type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def _finished(url: str, game: str, players: int, seed: int) -> str:
    """A game of bots played to its end: its id."""
    seats = [{"kind": "bot", "bot": "heuristic"}] * players
    made = _api(
        url, "/api/games", {"game": game, "options": {"players": players}, "seats": seats, "seed": seed}
    )
    for _ in range(3000):
        if _api(url, f"/api/games/{made['id']}")["status"] == "finished":
            return str(made["id"])
        time.sleep(0.1)
    raise SystemExit(f"{game} did not finish")


def _decision_with_choices(url: str, game_id: str, low: int = 4, high: int = 9) -> int:
    """The step of the finished game to analyse: the last one in its first three quarters where one
    seat alone decided (not a secret plan made at once) between ``low`` and ``high`` moves."""
    from feldherr.games import get_game

    record = _api(url, f"/api/games/{game_id}/record")
    game = get_game(record["game"])
    state = game.new_state(record["options"], record["seed"])
    found = 0
    for at, (seat, move) in enumerate(record["moves"]):
        alone = len(state.to_move()) == 1
        if at < len(record["moves"]) * 3 // 4 and alone and low <= len(state.legal_moves(seat)) <= high:
            found = at
        state.apply(seat, game.move_from_json(move))
    return found


def _analysis(page: Any, url: str, game_id: str, at: int, lang: str, target: Path) -> None:
    """The analysis board of step ``at`` of the finished game, searched, as a picture."""
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(f"{url}/replay/{game_id}")
    page.wait_for_selector("#at")
    page.fill("#at", str(at))
    page.press("#at", "Enter")
    # the replay has gone there (the box holds the typed number at once; the slider follows the step)
    page.wait_for_function(f"document.querySelector('#scrub').value === '{at}'")
    page.wait_for_timeout(500)
    page.click("#analyse")
    page.click("#analysis-run")
    page.wait_for_selector("#analysis-moves li", timeout=180_000)
    page.wait_for_timeout(300)
    page.locator("#analysis").screenshot(path=str(target))
    print(f"{target}: step {at}")


def _lobby(
    browser: Any,
    url: str,
    lang: str,
    game: str,
    names: list[str],
    seats: dict[int, str] | None = None,
    **context: Any,
) -> Any:
    """A new page (``context``: the browser context's options) of the lobby in ``lang`` once it lists
    the games, with ``game`` chosen in the form, the kinds of ``seats`` set and ``names`` filled in
    from the first seat on."""
    page = browser.new_context(**context).new_page()
    page.add_init_script(f"localStorage.setItem('feldherr:lang', '{lang}')")
    page.goto(url + "/")
    page.wait_for_selector("#games a")
    page.select_option("#game", game)
    for seat, kind in (seats or {}).items():
        page.select_option(f"#seat-{seat}", kind)
    for seat, name in enumerate(names):
        page.fill(f"#name-{seat}", name)
    return page


def take_clean(budget: str) -> None:
    """The pictures of :data:`CLEAN` on a server of their own (see the module's docstring)."""
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("FELDHERR_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with _server(budget) as url, sync_playwright() as pw:
        games = {name: _finished(url, name, players, seed) for name, players, seed in LOBBY_GAMES}
        browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        shots = Path(tempfile.mkdtemp(prefix="feldherr-shots-"))
        desk: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}}
        for lang, name in (("en", "web-lobby"), ("de", "web-lobby-de")):
            page = _lobby(browser, url, lang, "wallenstein", ["Anna"], **desk)
            page.evaluate("document.activeElement.blur()")  # no focus ring in the picture
            page.wait_for_timeout(300)
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            copy(shots / f"{name}.png", DOCS_IMG / f"{name}.png")
        phone: dict[str, Any] = {
            "viewport": {"width": 390, "height": 844},
            "has_touch": True,
            "is_mobile": True,
        }
        # a friend's seat: the link to send, on a phone
        page = _lobby(browser, url, "en", "mansfeld", ["Anna", "Bert"], {1: "friend"}, **phone)
        page.click("#start")
        page.wait_for_selector("#created .copy")
        page.wait_for_timeout(300)
        page.screenshot(path=str(shots / "web-lobby-created-phone.png"))
        copy(shots / "web-lobby-created-phone.png", DOCS_IMG / "web-lobby-created-phone.png")
        # hot-seat: two people at one device with two bots, the hand-over before the first plans
        low: dict[str, Any] = {"viewport": {"width": 1280, "height": 720}}
        hotseat = {0: "hotseat", 1: "hotseat"}
        page = _lobby(browser, url, "en", "wallenstein", ["Anna", "Bert"], hotseat, **low)
        page.click("#start")
        page.wait_for_selector("#pass")
        page.evaluate("document.activeElement.blur()")
        page.wait_for_timeout(500)
        page.screenshot(path=str(shots / "web-hotseat.png"))
        copy(shots / "web-hotseat.png", DOCS_IMG / "web-hotseat.png")
        at = _decision_with_choices(url, games["wallenstein"])
        for lang in ("en", "de"):
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            _analysis(page, url, games["wallenstein"], at, lang, DOCS_IMG / f"web-analysis-{lang}.png")
        page = browser.new_context(**phone).new_page()
        at = _decision_with_choices(url, games["elgrande"])
        _analysis(page, url, games["elgrande"], at, "en", DOCS_IMG / "web-analysis-phone.png")
        browser.close()
        shutil.rmtree(shots, ignore_errors=True)


def copy(source: Path, target: Path, top: int = 0, height: int = 1600, width: int = 0) -> None:
    """The docs' copy of one screenshot (see the module's docstring)."""
    image = Image.open(source).convert("RGB")
    width = width or (390 if image.width <= 420 else 960)
    scale = width / image.width
    image = image.crop((0, top, image.width, image.height))
    image = image.resize((width, round(image.height * scale)), Image.Resampling.LANCZOS)
    image = image.crop((0, 0, width, min(image.height, height)))
    image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(target, optimize=True)
    print(f"{target}: {image.width}x{image.height}")


def copy_all() -> None:
    """Every picture of :data:`SHOTS` from the tests' screenshots; says which are missing."""
    missing = []
    for name, (shot, how) in SHOTS.items():
        source = SHOTS_FROM / f"{shot}.png"
        if not source.exists():
            missing.append(shot)
            continue
        target = DOCS_IMG / f"{name}.png"
        if how.get("raw"):
            Image.open(source).convert("RGB").save(target, optimize=True)
            print(f"{target}: as taken")
        else:
            copy(source, target, height=int(how.get("height", 1600)), width=int(how.get("width", 0)))
    if missing:
        raise SystemExit(f"no screenshot (run the browser tests first): {', '.join(missing)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="every picture of docs/img (SHOTS)")
    parser.add_argument(
        "--clean", action="store_true", help="the lobby and analysis pictures on a server of their own"
    )
    parser.add_argument("--budget", default="hard@8s", help="the analysis board's search (with --clean)")
    parser.add_argument("source", type=Path, nargs="?")
    parser.add_argument("target", type=Path, nargs="?")
    parser.add_argument("--top", type=int, default=0, help="first row to keep, in the source's pixels")
    parser.add_argument("--height", type=int, default=1600, help="most rows to keep, after scaling")
    parser.add_argument(
        "--width", type=int, default=0, help="scaled width (default: 960, or 390 for a phone shot)"
    )
    args = parser.parse_args()
    if args.clean:
        take_clean(args.budget)
        return
    if args.all:
        copy_all()
        return
    if args.source is None or args.target is None:
        parser.error("a source and a target, or --all")
    copy(args.source, args.target, args.top, args.height, args.width)


if __name__ == "__main__":
    main()
