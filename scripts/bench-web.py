"""First-page time of the browser client, measured in the browser (headless Debian chromium).

Starts ``feldherr serve`` on a temporary database, then loads the lobby (``/``) and a seat's page
(``/play/...`` of a fresh game against a bot) ``--runs`` times each, every load in a fresh browser
context (empty cache), and reports the median and the worst of:

- ``dcl``: navigation start to DOMContentLoaded,
- ``interactive``: navigation start to the client's ``feldherr:interactive`` mark (the lobby form
  or the seat's page with its choices is on screen and its handlers attached).

    .venv/bin/python scripts/bench-web.py [--runs 20] [--game mansfeld]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
