"""Bots think in worker processes, never in the server's own process.

A bot's move is a pure function of a :class:`BotTask`: the game, the position as JSON (the state's
snapshot, exactly what :meth:`~feldherr.core.game.State.to_json` gives), the seat, the bot's name
and a seed for this one decision (derived from the seat's bot seed and the version, so the same
game asks the same bot the same question with the same seed wherever and however often it is
asked). :class:`BotPool` runs these tasks on a process pool sized from the machine's cores, its
workers at a lower CPU priority than the server, so that a bot thinking for a second never holds
the server's interpreter or delays another seat's acknowledgement. A worker that dies (killed,
out of memory) breaks the pool: it is replaced by a fresh one and the task is computed again from
the same snapshot and seed, which gives the same move for a deterministic bot. A worker whose
server is gone (killed without closing its pool) ends itself within a second.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from feldherr.core.bots import SeatAccess
from feldherr.core.game import JSON
from feldherr.core.play import bot_table
from feldherr.games import get_game, register

log = logging.getLogger("feldherr.server")
NICE = 10
"""How much lower the workers' CPU priority is than the server's (Unix ``nice``)."""
RETRIES = 3
A = TypeVar("A")
R = TypeVar("R")


@dataclass(frozen=True)
class BotTask:
    """One bot decision, everything a worker needs (picklable, no live objects)."""

    game: str
    state: dict[str, Any]
    seat: int
    bot: str
    seed: int


def decision_seed(bot_seed: int, version: int) -> int:
    """The seed of one decision of a bot: a stable mix of the seat's bot seed and the version."""
    digest = hashlib.blake2b(f"{bot_seed}:{version}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def think(task: BotTask) -> JSON:
    """The bot's move for ``task`` as JSON (runs in a worker; also callable in-process)."""
    game = get_game(task.game)
    state = game.state_from_json(task.state)
    bot = bot_table(game)[task.bot](task.seed)
    return game.move_to_json(bot.choose(SeatAccess(state, task.seat)))


PARENT_CHECK = 1.0
"""Seconds between a worker's looks at whether the server that started it still runs."""


def _follow_parent(parent: int) -> None:
    """End this worker when its server is gone: a server killed without closing its pool (SIGKILL,
    out of memory) would otherwise leave its workers waiting for work forever."""
    while True:
        time.sleep(PARENT_CHECK)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker(registered: tuple[str, ...], server: int) -> None:
    # the server's pid comes from the server: a worker still starting when the server is killed
    # already has init as its parent
    with contextlib.suppress(OSError, AttributeError):
        os.nice(NICE)
    threading.Thread(target=_follow_parent, args=(server,), daemon=True).start()
    for item in registered:
        name, _, target = item.partition("=")
        register(name, target)


def _ready() -> int:
    return os.getpid()


def default_workers() -> int:
    """One worker per core (at least one)."""
    return max(1, os.cpu_count() or 1)


class BotPool:
    """Worker processes for bots (see the module docstring); ``workers == 0`` thinks in the calling
    thread instead (for debugging; it competes with the server for its interpreter)."""

    def __init__(self, workers: int, registered: tuple[str, ...] = ()) -> None:
        self.workers = workers
        self.registered = registered
        self.replaced = 0
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = self._new() if workers > 0 else None

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(self.registered, os.getpid()),
        )

    def warm(self) -> list[Future[int]]:
        """Start the workers now (they import the games once) instead of at the first bot move."""
        pool = self._pool
        return [pool.submit(_ready) for _ in range(self.workers)] if pool is not None else []

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and monitoring)."""
        pool = self._pool
        procs: dict[int, Any] = getattr(pool, "_processes", None) or {}
        return sorted(procs)

    def think(self, task: BotTask) -> JSON:
        """The bot's move (blocks the calling thread, not the interpreter, until a worker answers)."""
        return self.run(think, task, f"{task.game} seat {task.seat}")

    def run(self, fn: Callable[[A], R], task: A, what: str) -> R:
        """``fn(task)`` in a worker (a module-level function and a picklable task; ``what`` names
        the work in the log); computed again in a fresh pool if a worker dies meanwhile."""
        for attempt in range(RETRIES):
            pool = self._pool
            if pool is None:
                if self.workers > 0:
                    raise RuntimeError("the bot workers are shut down")
                return fn(task)
            try:
                return pool.submit(fn, task).result()
            except BrokenProcessPool:
                with self._lock:
                    if self._pool is pool:  # the first to notice replaces the pool
                        self._pool = self._new()
                        self.replaced += 1
                        pool.shutdown(wait=False, cancel_futures=True)
                log.warning("a bot worker died (%s); computing it again (try %d)", what, attempt + 2)
        raise RuntimeError(f"bot workers keep dying on {what}")

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
