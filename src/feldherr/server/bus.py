"""Telling the other server processes that a game changed.

The database holds the truth; the bus only says "game G is now at version V". A process that holds
sockets of G reads the new moves from the database and pushes the updates. It also says which
seats of G the sockets of a process hold ("who is at the table"): each process publishes its own
when they change and every few seconds, and counts another process's as present until they stop
coming (a process that died). With one process there
is nobody to tell (:class:`LocalBus`); with several, Redis pub/sub carries the news
(:class:`RedisBus`). A lost notice costs only latency: every process also catches up whenever it
touches a game, and every few seconds compares the games of its sockets with the database
(``Hub._catch_up_beat``: Redis pub/sub keeps nothing for a listener that is reconnecting).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("feldherr.server")
CHANNEL = "feldherr:game:"
PUBLISH_TIMEOUT = 0.5
"""Seconds a notice may wait for Redis."""
QUIET_AFTER_FAILURE = 2.0
"""Seconds no notice is tried after one failed (the catch-up beat's period: nothing comes later for it)."""


class Outage:
    """A Redis that does not answer, for a caller that goes on without it: after a failure
    (:meth:`failed`) it is not asked again for ``seconds`` (:meth:`quiet`), and the failure
    and the return (:meth:`answered`) are logged once each, not at every call."""

    def __init__(self, seconds: float, lost: str, back: str) -> None:
        self.seconds = seconds
        self.lost = lost
        """The warning at the first failure: a ``%s`` for the exception's type."""
        self.back = back
        self._until = 0.0
        self._down = False

    def quiet(self) -> bool:
        """Whether Redis is not to be asked now (a failure less than ``seconds`` ago)."""
        return time.monotonic() < self._until

    def failed(self, exc: BaseException) -> None:
        self._until = time.monotonic() + self.seconds
        if not self._down:
            self._down = True
            log.warning(self.lost, type(exc).__name__)

    def answered(self) -> None:
        if self._down:
            self._down = False
            log.warning(self.back)


Listener = Callable[[str, int], None]
PresenceListener = Callable[[str, str, list[int]], None]
"""(game, the publishing process's origin, the seats its sockets hold)"""
SeatsListener = Callable[[str], None]
"""(game): its seats changed in the database (a friend came, took a name, a bot took a seat)"""


class LocalBus:
    """One process: nothing to fan out."""

    def __init__(self) -> None:
        self.origin = secrets.token_hex(6)

    def publish(self, game_id: str, version: int) -> None:
        return None

    def publish_presence(self, game_id: str, seats: list[int]) -> None:
        return None

    def publish_seats(self, game_id: str) -> None:
        return None

    async def start(
        self, listener: Listener, presence: PresenceListener | None = None, seats: SeatsListener | None = None
    ) -> None:
        return None

    async def stop(self) -> None:
        return None

    @property
    def kind(self) -> str:
        return "local"


class RedisBus(LocalBus):
    """Redis pub/sub: one channel per game, every process listens to all of them."""

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis
        import redis.asyncio
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.url = url
        self._pub: Any = redis.Redis.from_url(  # a move waits for its notice: never long
            url,
            socket_timeout=PUBLISH_TIMEOUT,
            socket_connect_timeout=PUBLISH_TIMEOUT,
            retry=Retry(NoBackoff(), 0),
        )
        self._sub: Any = redis.asyncio.Redis.from_url(url)
        self._task: asyncio.Task[None] | None = None
        self._outage = Outage(
            QUIET_AFTER_FAILURE,
            "redis publish failed (%s); notices are skipped while it does not answer "
            "(the other processes catch up from the database)",
            "redis publish works again",
        )
        self._pub.ping()  # fail at start, not at the first move

    @property
    def kind(self) -> str:
        return "redis"

    def publish(self, game_id: str, version: int) -> None:
        self._send(game_id, {"v": version})  # if lost: the others catch up from the database

    def publish_presence(self, game_id: str, seats: list[int]) -> None:
        self._send(game_id, {"p": seats})  # said again with the next heartbeat if lost

    def publish_seats(self, game_id: str) -> None:
        self._send(game_id, {"s": 1})  # if lost: read when the game is loaded again

    def _send(self, game_id: str, data: dict[str, Any]) -> None:
        """One notice, or none while Redis does not answer: a move (under its table's lock) waited
        for each notice as long as Redis's client lets it, 5 seconds a move while Redis hung, and the
        presence heartbeat that long for each game. Now at most :data:`PUBLISH_TIMEOUT`, then no
        notice is tried for :data:`QUIET_AFTER_FAILURE` seconds (every notice lost meanwhile is made
        good as a lost one is: the others catch up from the database every 2 seconds, the presence
        comes again with the next heartbeat); the loss and the return are logged once each."""
        if self._outage.quiet():
            return
        try:
            self._pub.publish(CHANNEL + game_id, json.dumps({**data, "o": self.origin}))
        except Exception as exc:
            self._outage.failed(exc)
            return
        self._outage.answered()

    async def start(
        self, listener: Listener, presence: PresenceListener | None = None, seats: SeatsListener | None = None
    ) -> None:
        pubsub = self._sub.pubsub()
        await pubsub.psubscribe(CHANNEL + "*")
        self._task = asyncio.create_task(self._listen(pubsub, listener, presence, seats))

    async def _listen(
        self,
        pubsub: Any,
        listener: Listener,
        presence: PresenceListener | None,
        seats_changed: SeatsListener | None,
    ) -> None:
        failing = False
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis gone: try again every half second, said once
                if not failing:
                    failing = True
                    log.warning(
                        "redis listener lost (%s); listening again as soon as Redis answers",
                        type(exc).__name__,
                    )
                await asyncio.sleep(0.5)
                continue
            if failing:
                failing = False
                log.warning("redis listener works again")
            if message is None:
                continue
            try:
                channel = message["channel"].decode()
                data = json.loads(message["data"])
                if data.get("o") == self.origin:
                    continue
                if "p" in data:
                    seats = [s for s in data["p"] if type(s) is int]
                    if presence is not None:
                        presence(channel[len(CHANNEL) :], str(data["o"]), seats)
                elif "s" in data:
                    if seats_changed is not None:
                        seats_changed(channel[len(CHANNEL) :])
                else:
                    listener(channel[len(CHANNEL) :], int(data["v"]))
            except Exception as exc:  # a notice that cannot be read (not one of ours): the next one
                log.warning("redis listener: a notice it cannot read (%s)", type(exc).__name__)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self._sub.aclose()
        with contextlib.suppress(Exception):
            self._pub.close()


def make_bus(url: str | None) -> LocalBus:
    return RedisBus(url) if url else LocalBus()
