"""First-page time of the browser client, measured in the browser (headless Debian chromium).

Starts ``feldherr serve`` on a temporary database, then loads the lobby (``/``) and a seat's page
(``/play/...`` of a fresh game against a bot) ``--runs`` times each, every load in a fresh browser
context (empty cache), and reports the median and the worst of:

- ``dcl``: navigation start to DOMContentLoaded,
- ``interactive``: navigation start to the client's ``feldherr:interactive`` mark (the lobby form
  or the seat's page with its choices is on screen and its handlers attached).

Then the move round-trip (``--moves`` per game, 0: skip): for each game a fresh game of its fewest
players, the browser seat against bots of the lobby's default strength (other seats' moves shown
at once, the "at once" speed), random choices clicked; each move's time from the click that sends it
(the socket's ``move`` message) to the next decision of the seat on screen with its choices enabled
(or the game's end). The bots' moves in between are part of it.

    .venv/bin/python scripts/bench-web.py [--runs 20] [--game mansfeld] [--moves 40]
        [--games elgrande,mansfeld,wallenstein]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
# In the page, before it loads: the time a move leaves, and the time the seat's next decision is on
# screen with its choices enabled (or the game's end).
ROUND_TRIP = """
window.__rt = []; window.__pending = null;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try { if (JSON.parse(data).type === 'move') window.__pending = performance.now(); } catch (e) {}
  return send.call(this, data);
};
const ready = () => document.querySelector(
  '#choices button:not([disabled]):not(#plan-confirm), #plan-confirm:not([disabled]), #ending');
new MutationObserver(() => {
  if (window.__pending === null || !ready()) return;
  window.__rt.push(performance.now() - window.__pending);
  window.__pending = null;
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
# One random click among the enabled choices (a card into the plan's box, a toggle, Confirm ...).
CLICK = """(r) => {
  const buttons = [...document.querySelectorAll('#choices button:not([disabled])')];
  const confirm = document.querySelector('#plan-confirm:not([disabled]), #step-confirm:not([disabled])');
  const pick = confirm && r < 0.5 ? confirm : buttons[Math.floor(r * buttons.length)];
  if (pick) pick.click();
  return !!pick;
}"""
MEASURE = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const mark = performance.getEntriesByName('feldherr:interactive')[0];
  return {dcl: nav.domContentLoadedEventEnd, interactive: mark ? mark.startTime : null};
}"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--game", default="mansfeld")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--moves", type=int, default=40, help="moves per game for the round-trip (0: skip)")
    parser.add_argument("--games", default="elgrande,mansfeld,wallenstein")
    args = parser.parse_args()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FELDHERR_DATA": tmp}
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "feldherr.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{tmp}/db.sqlite3",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(url + "/api/health", timeout=1).read()
                    break
                except OSError:
                    time.sleep(0.1)
            body = json.dumps(
                {"game": args.game, "options": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "bot"}]}
            ).encode()
            results = {}
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
                for label in ("lobby", "seat page"):
                    samples = []
                    for _ in range(args.runs):
                        target = url + "/"
                        if label == "seat page":
                            info = json.loads(
                                urllib.request.urlopen(
                                    urllib.request.Request(
                                        url + "/api/games",
                                        data=body,
                                        headers={"content-type": "application/json"},
                                    )
                                ).read()
                            )
                            target = info["seats"][0]["invite"]
                        ctx = browser.new_context()
                        page = ctx.new_page()
                        page.goto(target)
                        page.wait_for_function(
                            "performance.getEntriesByName('feldherr:interactive').length > 0"
                        )
                        samples.append(page.evaluate(MEASURE))
                        ctx.close()
                    results[label] = samples
                trips = {}
                for name in args.games.split(",") if args.moves > 0 else []:
                    trips[name] = round_trips(browser, url, name, args.moves)
                version = browser.version
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    print(f"chromium {version}, {args.runs} cold loads each, loopback; milliseconds (median / worst)")
    for label, samples in results.items():
        dcl = [s["dcl"] for s in samples]
        ready = [s["interactive"] for s in samples]
        print(
            f"{label:10s} DOMContentLoaded {statistics.median(dcl):6.0f} / {max(dcl):6.0f}"
            f"   interactive {statistics.median(ready):6.0f} / {max(ready):6.0f}"
        )
    if trips:
        print(f"move round-trip, {args.moves} moves a game, default bots; ms (median / 90th / worst)")
    for name, times in trips.items():
        ordered = sorted(times)
        p90 = ordered[int(0.9 * (len(ordered) - 1))] if ordered else float("nan")
        worst = ordered[-1] if ordered else float("nan")
        median = statistics.median(ordered) if ordered else float("nan")
        print(f"{name:12s} {len(ordered):3d} moves   {median:6.0f} / {p90:6.0f} / {worst:6.0f}")
    return 0


def round_trips(browser: Any, url: str, game: str, moves: int) -> list[float]:
    """The move round-trips of the browser seat in one game (see the module docstring)."""
    catalog = json.loads(urllib.request.urlopen(url + "/api/catalog").read())
    entry = next(g for g in catalog if g["name"] == game)
    players = entry["min_players"]
    seats = [{"kind": "human", "name": "Anna"}] + [{"kind": "bot"} for _ in range(players - 1)]
    body = json.dumps({"game": game, "options": {"players": players}, "seats": seats, "seed": 1}).encode()
    headers = {"content-type": "application/json"}
    request = urllib.request.Request(url + "/api/games", data=body, headers=headers)
    info = json.loads(urllib.request.urlopen(request).read())
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.add_init_script("localStorage.setItem('feldherr:pace', 'instant');" + ROUND_TRIP)
    page = ctx.new_page()
    page.goto(info["seats"][0]["invite"])
    rng = random.Random(1)
    for _ in range(moves * 40):  # clicks: a move may take several (steps, plan boxes)
        if len(page.evaluate("window.__rt")) >= moves:
            break
        page.wait_for_selector("#choices button:not([disabled]), #ending", timeout=60_000)
        if page.locator("#ending").count():
            break
        page.evaluate(CLICK, rng.random())
    times = [float(x) for x in page.evaluate("window.__rt")]
    ctx.close()
    return times[:moves]


if __name__ == "__main__":
    raise SystemExit(main())
