#!/usr/bin/env python3
"""Where a move's server time goes: persistence, view building, fan-out (in one process, SQLite).

    .venv/bin/python scripts/profile-move.py [MOVES [SPECTATORS]]

For each real game (Wallenstein 4 seats, El Grande 4, Mansfeld 3) it plays MOVES random moves
(default 150) through the hub's own path (``Hub.commit`` into a temporary SQLite database), with
every seat and SPECTATORS spectator connections (default 2, as in the load test: 200 spectators
over 100 games) attached, and times per move: the commit (persistence), building each
connection's update (the view, the log texts, the choices) and serialising the messages (what the
event loop does per connection before it sends). Prints milliseconds per move (mean and p99).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from feldherr.server.config import Settings
from feldherr.server.hub import Conn, Hub, NewGame
from feldherr.server.store import SeatRow, Store


class NullLoop:
    """Stands in for the event loop: a pushed message is serialised at once (the sender's work)."""

    def __init__(self) -> None:
        self.dump_seconds = 0.0

    def call_soon_threadsafe(self, fn: Callable[..., Any], message: Any) -> None:
        if message is not None:
            start = time.perf_counter()
            if isinstance(message, dict):
                json.dumps(message, ensure_ascii=False)
            self.dump_seconds += time.perf_counter() - start


def profile(game: str, players: int, moves: int, spectators: int, work: Path) -> dict[str, float]:
    store = Store(f"sqlite:///{work / (game + '.sqlite3')}")
    store.migrate()
    settings = Settings(db_url="", absent_after=-1, bot_workers=0)
    hub = Hub(store, settings, _bus())
    now = time.time()
    seats = [SeatRow(s, "human", None, f"P{s}", f"tok{s}", True, now) for s in range(players)]
    row, _ = hub.create(NewGame(game, {"players": players}, seats, True, 7))
    table = hub.table(row.id)
    loop = NullLoop()
    conns = []
    for seat in [*range(players), *([None] * spectators)]:
        conn = Conn(loop, 10**9)  # type: ignore[arg-type]
        if seat is not None:
            conn.seats = (seat,)
        hub.attach(conn, row.id, [f"tok{seat}"] if seat is not None else [], {})
        conns.append(conn)
    rng = random.Random(3)
    commit, fanout, dump = [], [], []
    for _ in range(moves):
        match = table.match
        if match.is_over():
            break
        seat = rng.choice(match.to_move())
        legal = match.view(seat)["decision"]["moves"]
        move = rng.choice(legal)
        with table.lock:
            start = time.perf_counter()
            hub.commit(table, seat, move, match.version)
            middle = time.perf_counter()
            loop.dump_seconds = 0.0
            hub._broadcast(table)
            end = time.perf_counter()
        commit.append(middle - start)
        dump.append(loop.dump_seconds)
        fanout.append(end - middle - loop.dump_seconds)
    hub.close()
    store.dispose()

    def ms(values: list[float], q: float | None = None) -> float:
        if q is None:
            return round(1000 * statistics.fmean(values), 2)
        return round(1000 * sorted(values)[min(len(values) - 1, int(q * len(values)))], 2)

    return {
        "moves": len(commit),
        "commit_ms": ms(commit),
        "commit_p99_ms": ms(commit, 0.99),
        "updates_ms": ms(fanout),
        "updates_p99_ms": ms(fanout, 0.99),
        "serialise_ms": ms(dump),
        "serialise_p99_ms": ms(dump, 0.99),
    }


def _bus() -> Any:
    from feldherr.server.bus import make_bus

    return make_bus(None)


def main() -> int:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    spectators = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    asyncio.set_event_loop(asyncio.new_event_loop())
    with tempfile.TemporaryDirectory() as tmp:
        for game, players in (("wallenstein", 4), ("elgrande", 4), ("mansfeld", 3)):
            print(game, players, json.dumps(profile(game, players, moves, spectators, Path(tmp))), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
