"""Bots think in worker processes: a person's acknowledgement is not delayed by bots thinking at
other tables, a worker that dies is replaced and the bot's move computed again (the same move).

``FELDHERR_TEST_SERVE_ARGS="--bot-workers 0"`` runs the latency test against bots on threads in the
server's process (the design before issue 22): it fails (measured p50 170-180 ms, max 330-430 ms on
the 2-core development machine, against 5 ms and 11 ms with worker processes)."""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from feldherr.core.match import Match
from feldherr.games import get_game
from feldherr.server.workers import BotPool, BotTask, decision_seed

from .serverutil import Client, Server

BOT_TABLES = 3


def ack_latencies(server: Server, count: int) -> list[float]:
    """Seconds from sending a move to its ack, for ``count`` moves of hot-seat toy games."""
    out: list[float] = []
    while len(out) < count:
        created = server.create(
            "toy", [{"kind": "hotseat"}, {"kind": "hotseat"}], options={"rounds": 5, "variant": "plain"}
        )
        client = Client(server, created["id"], created["hotseat_tokens"])
        while len(out) < count:
            update = client.until(lambda m: m["type"] == "update" and (bool(m["asked"]) or "outcome" in m))
            if "outcome" in update:
                break
            if update["seat"] not in update["asked"]:
                continue
            time.sleep(0.05)  # let the latest updates arrive: the move goes against the newest
            message = {
                "type": "move",
                "seat": update["seat"],
                "move": update["view"]["decision"]["moves"][0],
                "version": update["version"],
                "id": len(out),
            }
            start = time.perf_counter()
            client.send(message)
            sent_id = message["id"]
            ack = client.until(
                lambda m, sent_id=sent_id: m["type"] in ("ack", "error") and m.get("id") == sent_id
            )
            if ack["type"] == "ack" and ack["applied"]:
                out.append(time.perf_counter() - start)
        client.close()
    return out


def test_a_persons_ack_is_quick_while_hard_bots_think_elsewhere(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, *os.environ.get("FELDHERR_TEST_SERVE_ARGS", "").split()).start()
    try:
        for _ in range(BOT_TABLES):
            srv.create(
                "mansfeld",
                [{"kind": "bot", "bot": "hard"}, {"kind": "bot", "bot": "hard"}],
                options={"players": 2},
            )
        time.sleep(2.0)  # the bots are thinking now
        latencies = ack_latencies(srv, 30)
        busy = [
            g for g in srv.http.get("/api/games?status=running").json()["games"] if g["game"] == "mansfeld"
        ]
        assert len(busy) == BOT_TABLES  # the bots were still at it when we stopped measuring
    finally:
        srv.stop()
    p50, worst = statistics.median(latencies), max(latencies)
    p80 = sorted(latencies)[int(0.8 * len(latencies))]
    print(
        f"ack latency with {BOT_TABLES} hard-bot tables: p50 {p50 * 1000:.1f} ms, "
        f"p80 {p80 * 1000:.1f} ms, max {worst * 1000:.1f} ms"
    )
    # Bots on the event loop delay every ack (p50 170-180 ms); a few slow acks are the shared
    # machine's other work (a max of 490 ms once, with p50 9 ms, in a full run beside other jobs),
    # so the test holds the bulk of the acks to the bound, not the slowest one.
    assert p50 < 0.05 and p80 < 0.1, (p50, p80, worst)


def test_a_dead_worker_is_replaced_and_the_move_computed_again() -> None:
    game = get_game("mansfeld")
    match = Match(game, {"players": 3}, 5)
    seat = match.to_move()[0]
    task = BotTask("mansfeld", match.snapshot()["state"], seat, "ismcts", decision_seed(77, match.version))
    pool = BotPool(1)
    try:
        first = pool.think(task)
        worker = pool.pids()[0]
        # Killed before the next decision reaches it (killed while it thinks, the move could be
        # done first on a quiet machine and the pool would need no replacement: a race).
        os.kill(worker, signal.SIGKILL)
        time.sleep(0.2)
        answer: list[object] = []
        thread = threading.Thread(target=lambda: answer.append(pool.think(task)))
        thread.start()
        thread.join(60)
        assert answer == [first] and pool.replaced == 1
        assert worker not in pool.pids() and pool.think(task) == first
    finally:
        pool.close()


@pytest.mark.slow
def test_the_server_replaces_killed_bot_workers(tmp_path: Path) -> None:
    srv = Server(tmp_path).start()
    try:
        created = srv.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=3)
        client = Client(srv, created["id"], [created["seats"][0]["token"]])
        client.play(stop_after=1)
        assert srv.proc is not None
        children = subprocess.run(
            ["pgrep", "-P", str(srv.proc.pid)], capture_output=True, text=True
        ).stdout.split()
        workers = [
            int(pid)
            for pid in children
            if "--multiprocessing-fork" in Path(f"/proc/{pid}/cmdline").read_text()
        ]
        assert workers, children
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        assert client.play(timeout=60) is not None  # the bot's moves come from fresh workers
        assert "a bot worker died" in srv.logs()
    finally:
        srv.stop()


def test_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    """A server killed without closing its pool (SIGKILL, out of memory) leaves no bot workers
    behind: each ends itself when it sees its parent gone."""
    script = (
        "import os, sys\n"
        "from feldherr.server.workers import BotPool\n"
        "pool = BotPool(2)\n"
        "for f in pool.warm(): f.result(60)\n"
        "print(*pool.pids(), flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    out = tmp_path / "pids"
    with out.open("w") as sink:  # a file, not a pipe: the workers hold it open as long as they run
        subprocess.run([sys.executable, "-c", script], stdout=sink, stderr=subprocess.STDOUT, timeout=120)
    text = out.read_text()
    workers = [int(pid) for pid in text.split()[:2] if pid.isdigit()]
    assert len(workers) == 2, text

    def alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        # a zombie (ended, not yet reaped by init) counts as ended
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"

    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(pid) for pid in workers), workers
