#!/usr/bin/env python3
"""One client creating games in a loop against a real ``feldherr serve`` (docs/reliability.md):
how many it stored, the server's memory, and another game's latency before and after.

    .venv/bin/python scripts/create-flood.py [N [SERVE-ARGS...]]

N (default 1000) creations of an open toy game (two invited friends, so that each stays stored and
open in the lobby), one after another from one address. SERVE-ARGS go to ``feldherr serve``
(``--create-every 0``: no limit, as before it). Another game's latency: a seat's update of a
running game (``GET /api/games/{id}/update``, 50 requests, median and maximum), before, while
the other client posts (from a thread of this script) and after.
"""

from __future__ import annotations

import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "core"))

from tests.server.serverutil import Server  # noqa: E402


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def latency(server: Server, game_id: str, token: str) -> tuple[float, float]:
    times = []
    for _ in range(50):
        start = time.perf_counter()
        reply = server.http.get(
            f"/api/games/{game_id}/update", params={"since": 0}, headers={"authorization": f"Bearer {token}"}
        )
        times.append((time.perf_counter() - start) * 1000)
        assert reply.status_code == 200, reply.text
    return statistics.median(times), max(times)


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    extra = sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp), None, None, *(extra or ["--create-every", "10"])).start()
        try:
            assert server.proc is not None
            other = server.http.post(
                "/api/games",
                json={"game": "toy", "seats": [{"kind": "hotseat"}, {"kind": "bot", "bot": "random"}]},
            ).json()
            token = other["hotseat_tokens"][0]
            time.sleep(1)
            latency(server, other["id"], token)  # warm
            before_rss = rss_mib(server.proc.pid)
            before = latency(server, other["id"], token)
            body = {"game": "toy", "seats": [{"kind": "human"}, {"kind": "human"}]}
            statuses: dict[int, int] = {}
            times: list[float] = []

            def flood_client() -> None:
                with httpx.Client(base_url=server.url, timeout=30) as client:
                    start = time.perf_counter()
                    for _ in range(count):
                        code = client.post("/api/games", json=body).status_code
                        statuses[code] = statuses.get(code, 0) + 1
                    times.append(time.perf_counter() - start)

            flooding = threading.Thread(target=flood_client)
            flooding.start()
            time.sleep(0.2)
            during = latency(server, other["id"], token)  # while the other client posts
            flooding.join()
            flood = times[0]
            time.sleep(1)
            after_rss = rss_mib(server.proc.pid)
            after = latency(server, other["id"], token)
            with sqlite3.connect(Path(tmp) / "server.sqlite3") as db:
                stored = db.execute("select count(*) from games").fetchone()[0] - 1
            size = sum(p.stat().st_size for p in Path(tmp).glob("server.sqlite3*")) / 2**20
        finally:
            server.stop()
    print(f"feldherr serve {' '.join(extra or ['--create-every', '10'])}: {count} creations in {flood:.1f} s")
    print(f"  answers: {dict(sorted(statuses.items()))}; games stored: {stored} (database {size:.1f} MiB)")
    print(f"  server memory (RSS): {before_rss:.0f} MiB before, {after_rss:.0f} MiB after")
    print(f"  another game's seat update: median {before[0]:.1f} ms (max {before[1]:.1f}) before,")
    print(f"    median {during[0]:.1f} ms (max {during[1]:.1f}) during the creations,")
    print(f"    median {after[0]:.1f} ms (max {after[1]:.1f}) after")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
