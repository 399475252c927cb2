"""The HTTP and WebSocket endpoints (FastAPI). The protocol is documented in docs/server.md.

Handlers only read and check input and hand the work to the hub on a worker thread; nothing that
touches the database or a game runs on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import ipaddress
import json
import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, HTTPConnection
from starlette.websockets import WebSocketDisconnect, WebSocketState

from feldherr import __version__
from feldherr.core.errors import RuleError
from feldherr.core.game import Game
from feldherr.core.i18n import number
from feldherr.core.match import Match
from feldherr.core.record import GameRecord, replay
from feldherr.games import game_names
from feldherr.server.analysis import Analyser, parse_ask
from feldherr.server.bus import Outage, make_bus
from feldherr.server.config import Settings
from feldherr.server.editor import position_form, start_from_options
from feldherr.server.hub import Conn, Hub, find_seat, verify
from feldherr.server.lobby import (
    analysed_id,
    catalogue,
    check_name,
    check_position,
    parse_create,
    position_match,
    record_position,
)
from feldherr.server.protocol import (
    LANGS,
    SERVER_PARTS,
    ServerError,
    detail,
    error_reply,
    field_error,
    get_int,
    get_lang,
    lang_tag,
    part,
    read_json,
    short_id,
    status_of,
)
from feldherr.server.proxy import ForwardedFor
from feldherr.server.store import GameRow, SeatRow, Store
from feldherr.web import add_choices, mount

log = logging.getLogger("feldherr.server")
MAX_TOKENS = 8
FINISHED = ("finished", "imported")
STATUSES = ("open", "running", "finished", "imported")
INLINE_BODY = 16 * 1024
"""Bodies up to this many bytes are read on the event loop; larger ones on a thread."""
BODY_TIME = 3
"""A request's body must have come in within this many times ``--slow-client`` seconds."""
HEAVY_BURST = 5
"""A name, a language and a move taken back, once checked, send the whole log again: a name and an
undo to every connection of the game (one player renaming twenty times a second, or putting a card
into the plan and taking it back, made every other connection at the table download the whole log
that often), a language to this one (each a long render on a reader thread) ..."""
"""... so a connection may send 5 of them at once ..."""
HEAVY_RATE = 0.5
"""... then one every 2 seconds (``server.rate``, with the message's ``id``, the limit and the
seconds until the next one)."""
SYNC_BURST = 5
"""A ``sync`` sends the connection's current updates again, each made under the game's lock on a
moves' thread: 50 sockets sending 20 a second each (within the general limit) raised another
player's move acknowledgement from a median of 1.9 ms to 9.4 ms. A connection may send 5 at once
..."""
SYNC_EVERY = 2.0
"""... then one every 2 seconds (``server.sync-rate``, with the message's ``id``). The browser
never sends one (it reconnects with a new socket and a ``hello``, which is not counted here)."""
MAX_OFFSET = 2**62
"""The largest ``offset`` of ``GET /api/games`` passed to the database (a larger one overflowed
SQLite's integers: an internal error); past every game either way."""


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next message is allowed (after a refused :meth:`take`)."""
        return max(0.0, 1 - self.tokens) / self.rate


MAX_CLIENTS = 10_000
"""The clients whose creations :class:`CreateLimit` remembers: the longest unseen is forgotten
first (it starts again with a full burst; about 100 bytes each)."""


class CreateLimit:
    """``server.create-rate``: the games and imports each client (:func:`client_key`) may store,
    ``burst`` at once, then one every ``every`` seconds (0: no limit). On the event loop only.

    With Redis (:meth:`share`) the buckets live there, one per client for every process on that
    Redis (:data:`TAKE_SCRIPT`, atomic): a client spread over several processes gets the burst once.
    Without Redis, or while it cannot be reached, each process counts on its own (the first failure
    is logged, and so is the return), so that a lost Redis neither refuses everyone nor fails a
    request."""

    def __init__(self, every: float, burst: int) -> None:
        self.every = every
        self.burst = max(1, burst)
        self.clients: OrderedDict[str, Bucket] = OrderedDict()
        self.redis: Any = None
        self._script: Any = None
        self._outage = Outage(  # while Redis is unreachable: asked again every REDIS_RETRY seconds
            REDIS_RETRY,
            "creation limit: Redis unreachable (%s); counting in this process until it is back",
            "creation limit: Redis is back; counting there again",
        )

    def share(self, url: str) -> None:
        """Count in Redis at ``url`` (on the event loop that serves the requests)."""
        if self.every <= 0:
            return
        import redis.asyncio
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.redis = redis.asyncio.Redis.from_url(
            url,
            socket_timeout=REDIS_TIMEOUT,
            socket_connect_timeout=REDIS_TIMEOUT,
            retry=Retry(NoBackoff(), 0),  # a down Redis costs one short wait, then the local count
        )
        self._script = self.redis.register_script(TAKE_SCRIPT)

    async def close(self) -> None:
        if self.redis is not None:
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    async def check(self, request: Request) -> None:
        """Take one from the request's client, or refuse it (429, ``Retry-After``) before its body
        is read: nothing is stored."""
        if self.every <= 0:
            return
        key = client_key(request)
        shared = await self._take_shared(key)
        if shared is None:
            allowed, wait_s = self._take_local(key)
        else:
            allowed, wait_s = shared
        if allowed:
            return
        wait = max(1, math.ceil(wait_s))
        err = ServerError(
            "server.create-rate",
            429,
            "rate",
            burst=self.burst,
            **seconds_words("every", self.every, "part.every-second", "part.every-seconds"),
            **seconds_words("wait", wait, "part.wait-second", "part.wait-seconds"),
        )
        err.headers["Retry-After"] = str(wait)
        raise err

    def _take_local(self, key: str) -> tuple[bool, float]:
        bucket = self.clients.get(key)
        if bucket is None:
            bucket = self.clients[key] = Bucket(1 / self.every, self.burst)
            if len(self.clients) > MAX_CLIENTS:
                self.clients.popitem(last=False)
        else:
            self.clients.move_to_end(key)
        if bucket.take():
            return True, 0.0
        return False, bucket.wait()

    async def _take_shared(self, key: str) -> tuple[bool, float] | None:
        """(allowed, seconds to wait) from Redis; None without Redis or while it is unreachable."""
        if self._script is None or self._outage.quiet():
            return None
        try:
            expire_ms = math.ceil(self.burst * self.every * 1000) + 1000  # whole: Lua wrote "6.048e+17"
            args = [1 / self.every, self.burst, expire_ms]
            allowed, wait = await self._script(keys=[CREATE_KEY + key], args=args)
            result = (int(allowed) == 1, float(wait))
        except Exception as exc:  # unreachable, timed out, a script error: count here for a while
            self._outage.failed(exc)
            return None
        self._outage.answered()
        return result


CREATE_KEY = "feldherr:create:"
"""Redis key prefix of the creation limit's buckets (one hash per client: tokens, last time)."""
REDIS_TIMEOUT = 0.5
"""Seconds the creation limit waits for Redis before it counts in this process."""
REDIS_RETRY = 5.0
"""Seconds after a failure before the creation limit asks Redis again."""
TAKE_SCRIPT = """
if redis.replicate_commands then redis.replicate_commands() end
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens'))
local last = tonumber(redis.call('HGET', KEYS[1], 'last'))
if tokens == nil or last == nil then
  tokens = burst
  last = now
end
tokens = math.min(burst, tokens + math.max(0, now - last) * rate)
local allowed = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'last', string.format('%.6f', now))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {allowed, string.format('%.6f', wait)}
"""
"""One token from a client's bucket, atomically for every process on the Redis: (1 or 0, the
seconds until the next one as text; Lua's numbers would reach the client as whole numbers). The
clock is Redis's, the same for every process; a bucket left alone until it is full again expires
(a missing one is a full one; ``ARGV[3]``, the milliseconds that takes, whole, from Python).
``replicate_commands``: Redis before 7 refuses a write after
``TIME`` in a script replicated as a whole (from 7 on it is what Redis always does)."""


def words_of_seconds(seconds: float, one: str, many: str) -> dict[str, str]:
    """``seconds`` in each language's words and number format."""
    key = one if seconds == 1 else many
    return {lang: SERVER_PARTS[key][lang].format(seconds=number(seconds, lang)) for lang in LANGS}


def seconds_words(name: str, seconds: float, one: str, many: str) -> dict[str, str]:
    """The detail ``name`` of a refusal: ``seconds`` in each language's words and number format."""
    return detail(name, words_of_seconds(seconds, one, many))


def sync_refusal(wait_s: float) -> ServerError:
    """``server.sync-rate``: a ``sync`` beyond :data:`SYNC_BURST` at once and one every
    :data:`SYNC_EVERY` seconds, with the rule and the seconds until the next one in words."""
    return ServerError(
        "server.sync-rate",
        429,
        "rate",
        burst=SYNC_BURST,
        **seconds_words("every", SYNC_EVERY, "part.every-second", "part.every-seconds"),
        **seconds_words("wait", max(1, math.ceil(wait_s)), "part.wait-second", "part.wait-seconds"),
    )


def rate_refusal(bucket: Bucket, heavy: bool) -> ServerError:
    """``server.rate`` (code ``rate``): a message beyond the connection's general limit, or a
    ``name``, ``undo`` or ``lang`` beyond :data:`HEAVY_BURST` at once and one every
    ``1 / HEAVY_RATE`` seconds (``heavy``), with the limit and the seconds until the next one in
    words."""
    if heavy:
        pace = {
            lang: SERVER_PARTS["part.rate-every"][lang].format(every=said)
            for lang, said in words_of_seconds(
                1 / bucket.rate, "part.every-second", "part.every-seconds"
            ).items()
        }
    else:
        pace = {
            lang: SERVER_PARTS["part.rate-average"][lang].format(rate=number(bucket.rate, lang))
            for lang in LANGS
        }
    return ServerError(
        "server.rate",
        429,
        "rate",
        burst=int(bucket.burst),
        **part("what", "part.rate-heavy" if heavy else "part.rate-messages"),
        **detail("pace", pace),
        **seconds_words("wait", max(1, math.ceil(bucket.wait())), "part.wait-second", "part.wait-seconds"),
    )


def client_key(request: HTTPConnection) -> str:
    """Who a request comes from, for :class:`CreateLimit`: its address (behind a trusted reverse
    proxy, the right-most address in ``X-Forwarded-For`` that is no trusted proxy:
    :class:`~feldherr.server.proxy.ForwardedFor`); an IPv6 address by its /64 network, which one
    household or server is usually given whole."""
    host = request.client.host if request.client is not None else ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:100]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def create_app(settings: Settings) -> FastAPI:
    store = Store(settings.db_url)
    holder: dict[str, Hub] = {}
    creations = CreateLimit(settings.create_every, settings.create_burst)
    sockets: dict[str, int] = {}
    """The sockets each client (:func:`client_key`) holds open in this process (on the event loop)."""
    analyser = Analyser(  # its own worker processes: the bots' are never kept busy by analyses
        settings.analysis_bot,
        settings.analysis_slots,
        0 if settings.bot_workers == 0 else None,
        settings.register,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        bus = make_bus(settings.redis_url)
        hub = Hub(store, settings, bus)
        holder["hub"] = hub
        if settings.redis_url:
            creations.share(settings.redis_url)  # one limit for every process on this Redis
        await bus.start(hub.notice, hub.notice_presence, hub.notice_seats)
        hub.pool.warm()  # the bot workers start now, not at the first bot move
        resumed = await hub.call(hub.resume_all)
        if resumed:
            log.warning("resumed %d unfinished game(s)", resumed)
        scanner = asyncio.create_task(_scan(hub))
        try:
            yield
        finally:
            scanner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await scanner
            await bus.stop()
            await creations.close()
            hub.close()
            analyser.close()
            store.dispose()

    app = FastAPI(title="feldherr", version=__version__, lifespan=lifespan)
    app.add_middleware(ForwardedFor, trusted=settings.trusted_proxies)  # X-Forwarded-For, trusted only

    def hub() -> Hub:
        return holder["hub"]

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        reply = error_reply(exc, None, _lang(request))
        return JSONResponse(reply, status_code=exc.status, headers=exc.headers or None)

    @app.exception_handler(RuleError)
    async def _rule_error(request: Request, exc: RuleError) -> JSONResponse:
        game_id = request.path_params.get("game_id")
        table = hub().tables.get(game_id) if game_id else None
        reply = error_reply(exc, table.game if table else None, _lang(request))
        return JSONResponse(reply, status_code=status_of(exc))

    install_refusals(app)

    async def read_body(request: Request, small: bool = False) -> Any:
        """The request's JSON; ``small``: a move, an undo or an analysis, no larger than a socket's
        message (a 4 MiB move was read, canonicalised and compared under the table's lock: seconds
        of a move's thread for nothing)."""
        limit = settings.max_message if small else settings.max_body
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise ServerError("server.size", 413, "too-large", limit=limit)
        body = bytearray()
        try:  # a body that only trickles in does not hold its connection for good (slow-loris)
            async with asyncio.timeout(BODY_TIME * settings.slow_client):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > limit:
                        raise ServerError("server.size", 413, "too-large", limit=limit)
        except TimeoutError:
            raise ServerError("server.slow", 408, "slow") from None
        except ClientDisconnect:  # gone in the middle of its body: an incomplete body, answered to nobody
            raise ServerError("server.json", 400, "bad-json") from None
        if len(body) > INLINE_BODY:  # reading a large body takes long: not on the event loop
            return await asyncio.to_thread(read_json, body)
        return read_json(body)

    def base_url(request: Request) -> str:
        """Where links point: the public address when the server knows one, else the address the
        request came to."""
        return settings.public_url or str(request.base_url).rstrip("/")

    # -- pages and facts ------------------------------------------------------------------------
    mount(app)  # the browser client: /, /play/{id}, /replay/{id}, /static/...

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {
            "status": "ok",
            "version": __version__,
            "database": store.dialect,
            "bus": hub().bus.kind,
            "games": game_names(),
            "loaded": len(hub().tables),
        }

    @app.get("/api/server")
    async def server_info(request: Request) -> dict[str, Any]:
        return {
            "version": __version__,
            "public_url": settings.public_url,
            "url": base_url(request),
        }

    @app.get("/api/catalog")
    async def get_catalogue() -> list[dict[str, Any]]:
        return await hub().read(catalogue)

    # -- the lobby ------------------------------------------------------------------------------------
    @app.get("/api/games")
    async def list_games(status: str | None = None, limit: int = 50, offset: int = 0) -> dict[str, Any]:
        if status is not None and status not in STATUSES:
            raise ServerError(
                "server.field", field="status", wanted=" / ".join(STATUSES), wanted_de=" / ".join(STATUSES)
            )
        limit = max(1, min(limit, 200))
        offset = max(0, min(offset, MAX_OFFSET))  # past every game: an empty page, not an overflow
        rows = await hub().read(store.list_games, status, limit, offset)  # not on the moves' threads
        return {"games": [{**row.to_json(), "seats": [s.public() for s in seats]} for row, seats in rows]}

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> dict[str, Any]:
        await creations.check(request)
        new = parse_create(await read_body(request), settings.fixed_seeds)
        row, seats = await hub().call(hub().create, new)
        base = base_url(request)
        out_seats = []
        for s in seats:
            item: dict[str, Any] = s.public()
            if s.token is not None:
                item["token"] = s.token
                item["invite"] = f"{base}/play/{row.id}#token={s.token}"
            out_seats.append(item)
        return {
            **row.to_json(),
            "watch": f"{base}/play/{row.id}",
            "seats": out_seats,
            "hotseat_tokens": [s.token for s in seats if s.kind == "hotseat"],
        }

    @app.post("/api/positions")
    async def position_check(request: Request) -> dict[str, Any]:
        return await hub().read(check_position, await read_body(request))

    @app.get("/api/positions/form/{name}")
    async def position_form_words(
        request: Request, name: str, players: int | None = None, options: str | None = None
    ) -> dict[str, Any]:
        """The analysis board's position editor: the schema and the words of its form (editor.py);
        with ``players``, a new game's start to set up from; with ``options`` (JSON), the choices
        that depend on the options of the position edited."""
        return await hub().read(position_form, name, _lang(request), players, options)

    @app.post("/api/positions/start")
    async def position_start(request: Request) -> dict[str, Any]:
        """The lobby's "Set up a position": a new game's start of the lobby's options."""
        return await hub().read(start_from_options, await read_body(request))

    @app.get("/api/games/{game_id}/position")
    async def position_at(request: Request, game_id: str, at: int | None = None) -> dict[str, Any]:
        return await hub().read(_position_at, hub(), game_id, _bearer(request), at)

    @app.get("/api/games/{game_id}")
    async def game_info(request: Request, game_id: str) -> dict[str, Any]:
        token = _bearer(request)

        def read() -> dict[str, Any]:
            row, seats = _readable(hub(), game_id, token)
            out = {**row.to_json(), "seats": [s.public() for s in seats]}
            mine = find_seat(seats, token) if token is not None else None
            if mine is not None:  # whose invitation this is (a page asks before taking a seat)
                out["seat"] = mine.seat
            return out

        return await hub().read(read)

    @app.get("/api/games/{game_id}/update")
    async def get_update(
        request: Request, game_id: str, since: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        lang = get_lang({"lang": lang})  # "DE", "de-AT": German
        token = _bearer(request)
        # a seat's update of a loaded game with a short log: the moves' threads; else a reader's
        fast = token is not None and since is not None and recent(hub(), game_id, [since])
        return await (hub().call if fast else hub().read)(_update, hub(), game_id, token, since, lang)

    async def seat_request(
        request: Request, game_id: str, versioned: bool = True
    ) -> tuple[dict[str, Any], int, int]:
        """A seat's POST: its JSON object, the seat its token opens, the version it acts on
        (``versioned=False``: none asked, -1)."""
        token = _bearer(request)
        data = await read_body(request, small=True)
        if not isinstance(data, dict):
            raise ServerError(
                "server.field", field="body", wanted="a JSON object", wanted_de="ein JSON-Objekt"
            )
        if token is None:
            raise ServerError("server.token", 401, "token")
        version = get_int(data, "version") if versioned else -1
        table = await hub().loading(game_id)
        await hub().read(hub().sync_seats, table, [token])  # a seat another process gave to a bot
        (seat,) = table.verify([token])
        return data, seat, version

    @app.post("/api/games/{game_id}/moves")
    async def post_move(request: Request, game_id: str) -> dict[str, Any]:
        data, seat, version = await seat_request(request, game_id)
        sub = await hub().call(hub().submit, game_id, seat, data.get("move"), version)
        return {"type": "ack", "seat": seat, **sub.to_json()}

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(request: Request, game_id: str) -> dict[str, Any]:
        _, seat, version = await seat_request(request, game_id)
        sub = await hub().call(hub().undo, game_id, seat, version)
        return {"type": "ack", "seat": seat, "undone": True, **sub.to_json()}

    @app.post("/api/games/{game_id}/replace")
    async def post_replace(request: Request, game_id: str) -> dict[str, Any]:
        data, seat, _ = await seat_request(request, game_id, versioned=False)
        other = data.get("seat")
        if type(other) is not int:
            raise field_error("seat", "a whole number", "eine ganze Zahl")
        await hub().read(hub().replace, game_id, (seat,), other)
        return {"type": "ack", "seat": other, "replaced": other}

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(request: Request, game_id: str) -> dict[str, Any]:
        token = _bearer(request)
        if token is None:
            raise ServerError("server.token", 401, "token")
        await creations.check(request)  # a game of bots, finished, its rematch, that one's, ...
        await hub().loading(game_id)
        return await hub().call(hub().rematch, game_id, token)

    # -- records and replays ----------------------------------------------------------------------
    @app.get("/api/games/{game_id}/record")
    async def record(request: Request, game_id: str) -> Response:
        data = await hub().read(_finished_record, hub(), game_id, _bearer(request))
        return JSONResponse(data.to_json())

    @app.get("/api/games/{game_id}/replay")
    async def replay_step(
        request: Request, game_id: str, at: int | None = None, lang: str = "en"
    ) -> dict[str, Any]:
        lang = get_lang({"lang": lang})  # "DE", "de-AT": German
        return await hub().read(_replay_at, hub(), game_id, _bearer(request), at, lang)

    @app.post("/api/games/{game_id}/analysis")
    async def analysis(request: Request, game_id: str) -> dict[str, Any]:
        token = _bearer(request)
        ask = parse_ask(await read_body(request, small=True))
        h = hub()

        def finished() -> tuple[GameRecord, list[str]]:
            row, _ = _readable(h, game_id, token)
            if row.status not in FINISHED:
                raise ServerError("server.analysis-running", 403, "running-game")
            return _finished_record(h, game_id, token), h.table(game_id).names

        analyser.take()  # one more than the slots is refused at once, before the game is replayed
        started = False
        try:
            record, names = await h.read(finished)
            loop = asyncio.get_running_loop()  # the search waits on a bot-driver thread, not a database one
            running = loop.run_in_executor(
                h.drivers, functools.partial(analyser.run, None, game_id, record, names, ask, True)
            )
            started = True  # the slot is the analysis's now: given back when it ends, not when we leave
            return await running
        finally:
            if not started:
                analyser.release()

    @app.post("/api/records", status_code=201)
    async def import_record(request: Request) -> dict[str, Any]:
        await creations.check(request)
        data = await read_body(request)
        await hub().read(record_position, data)  # a record from a position: checked as the lobby's
        game_id = await hub().read(hub().import_record, data)
        return {"id": game_id, "replay": f"{base_url(request)}/api/games/{game_id}/replay"}

    @app.post("/api/positions/import", status_code=201)
    async def import_position(request: Request) -> dict[str, Any]:
        await creations.check(request)
        data = await read_body(request)

        def store() -> str:
            game, match, names = position_match(data)
            return hub().store_import(game, match, names, reuse=analysed_id(data))

        game_id = await hub().read(store)
        base = base_url(request)
        return {
            "id": game_id,
            "replay": f"{base}/api/games/{game_id}/replay",
            "analyse": f"{base}/replay/{game_id}#analyse",
        }

    # -- the socket ------------------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        h = hub()
        conn = Conn(asyncio.get_running_loop(), settings.queue_limit)
        conn.lang = _lang(ws)  # until the hello names the language: the address's or the browser's
        sender = asyncio.create_task(_sender(ws, conn))
        client = client_key(ws)
        if 0 < settings.sockets_per_client <= sockets.get(client, 0):  # one client's crowd of sockets
            refusal = ServerError("server.sockets", 429, "sockets", limit=settings.sockets_per_client)
            conn.push(error_reply(refusal, None, conn.lang))
            conn.close_code = 1008
            conn.close()
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(sender, 2.0)
            sender.cancel()
            return
        sockets[client] = sockets.get(client, 0) + 1
        bucket = Bucket(settings.rate, settings.burst)
        # a name, a language or an undo sends the whole log again (a name, an undo: to every connection)
        heavy = Bucket(HEAVY_RATE, HEAVY_BURST)
        syncs = Bucket(1 / SYNC_EVERY, SYNC_BURST)
        attached = False
        refused = 0
        try:
            hello_by = time.monotonic() + settings.slow_client
            while not conn.closed:
                if attached:
                    message = await ws.receive()
                else:  # a socket that never says hello is not held open (slow-loris)
                    try:
                        message = await asyncio.wait_for(ws.receive(), max(0.0, hello_by - time.monotonic()))
                    except TimeoutError:
                        conn.push(error_reply(ServerError("server.hello", 401, "hello"), None, conn.lang))
                        conn.close_code = 1008
                        break
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    raw = message.get("bytes") or b""
                    size = len(raw)
                    text = raw.decode("utf-8", "replace")
                else:
                    size = len(text) if len(text) * 4 <= settings.max_message else len(text.encode())
                msg_id: Any = None
                if size > settings.max_message:  # the documented error, then the close
                    too_large = ServerError("server.size", 413, "too-large", limit=settings.max_message)
                    conn.push(error_reply(too_large, None, conn.lang))
                    conn.close_code = 1009
                    break
                try:
                    allowed = bucket.take()
                    if not allowed:
                        refused += 1
                        if refused > 10 * settings.burst:
                            break  # a flood: hang up
                    try:
                        data = read_json(text)
                    except ServerError as exc:
                        raise (rate_refusal(bucket, False) if not allowed else exc) from None
                    if not isinstance(data, dict):
                        raise (
                            rate_refusal(bucket, False)
                            if not allowed
                            else ServerError("server.json", 400, "bad-json")
                        )
                    msg_id = short_id(data.get("id"))
                    if not allowed:  # refused after reading, so that the refusal names the message
                        raise rate_refusal(bucket, False)
                    kind = data.get("type")
                    if kind == "hello":
                        if said := lang_tag(data.get("lang")):  # its own refusals already in its language
                            conn.lang = said
                        if attached:
                            raise ServerError(
                                "server.type", 400, "bad-request", **part("kind", "part.hello-again")
                            )
                        tokens, since, lang = _hello(data)
                        conn.lang = lang
                        try:
                            # a first update with the whole log (a spectator's, or one asked without
                            # since, or since long ago) or a game to load waits for a reader thread:
                            # a crowd of them never holds up a move
                            whole = not tokens or not since or not recent(h, game_id, since.values())
                            await (h.read if whole else h.call)(h.attach, conn, game_id, tokens, since)
                        except ServerError as err:
                            conn.push(error_reply(err, None, conn.lang, msg_id))
                            break
                        attached = True
                    elif not attached:
                        raise ServerError("server.hello", 401, "hello")
                    elif kind == "move":
                        seat = data.get("seat", conn.seats[0] if len(conn.seats) == 1 else None)
                        if type(seat) is not int or seat not in conn.seats:
                            raise ServerError("server.seat", 403, "not-your-seat")
                        version = get_int(data, "version")
                        await h.call(h.submit, game_id, seat, data.get("move"), version, conn, msg_id)
                    elif kind == "undo":
                        seat = data.get("seat", conn.seats[0] if len(conn.seats) == 1 else None)
                        if type(seat) is not int or seat not in conn.seats:
                            raise ServerError("server.seat", 403, "not-your-seat")
                        version = get_int(data, "version")
                        if not heavy.take():
                            raise rate_refusal(heavy, True)
                        await h.call(h.undo, game_id, seat, version, conn, msg_id)
                    elif kind == "name":
                        seat = data.get("seat", conn.seats[0] if len(conn.seats) == 1 else None)
                        if type(seat) is not int or seat not in conn.seats:
                            raise ServerError("server.seat", 403, "not-your-seat")
                        name = check_name(data.get("name"))
                        if not heavy.take():
                            raise rate_refusal(heavy, True)
                        await h.read(h.rename, game_id, seat, name, conn, msg_id)  # the whole log again
                    elif kind == "replace":  # a bot takes the seat of a friend who has not come
                        seat = data.get("seat")
                        if type(seat) is not int:
                            raise field_error("seat", "a whole number", "eine ganze Zahl")
                        await h.read(h.replace, game_id, conn.seats, seat, conn, msg_id)
                    elif kind == "lang":
                        lang = get_lang(data)
                        if not heavy.take():
                            raise rate_refusal(heavy, True)
                        conn.lang = lang
                        await h.read(_resend, h, conn, game_id, True)  # the whole log: long
                    elif kind == "sync":
                        if not syncs.take():
                            raise sync_refusal(syncs.wait())
                        await h.call(_resend, h, conn, game_id)
                    elif kind == "ping":
                        conn.push({"type": "pong", "id": msg_id})
                    else:
                        raise ServerError("server.type", 400, "bad-request", **message_kind(kind))
                except (ServerError, RuleError) as err:
                    table = h.tables.get(game_id)
                    conn.push(error_reply(err, table.game if table else None, conn.lang, msg_id))
                except Exception:
                    log.exception("socket message failed")
                    conn.push(
                        error_reply(ServerError("server.internal", 500, "internal"), None, conn.lang, msg_id)
                    )
        except WebSocketDisconnect:
            pass
        finally:
            sockets[client] -= 1
            if not sockets[client]:
                del sockets[client]
            conn.close()  # after what is queued (pushes are scheduled in order): the sender then closes
            if attached:
                await h.call(h.detach, conn, game_id)
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(sender, 2.0)
            sender.cancel()

    return app


def install_refusals(app: FastAPI) -> None:
    """The refusals that come from FastAPI and Starlette themselves, in the server's shape and words
    and the request's language: a query parameter it cannot read (422), no such address (404), a
    method the address does not take (405), and a defect (500, nothing about its insides)."""

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """A query parameter FastAPI could not read (``?limit=abc``): the server's own field error,
        not FastAPI's English list of problems (its status, 422, kept)."""
        return JSONResponse(error_reply(invalid_field(exc), None, _lang(request)), status_code=422)

    @app.exception_handler(HTTPException)
    async def _http_error(request: Request, exc: HTTPException) -> Response:
        """Status and headers (a 405's ``Allow``) kept. A browser that opens an address with
        nothing at it (a mistyped link) reads a page in its language with the way to the lobby,
        not the refusal's JSON."""
        rule = {404: "server.route", 405: "server.method"}.get(exc.status_code, "server.http")
        code = {404: "not-found", 405: "method"}.get(exc.status_code, "http")
        err = ServerError(rule, exc.status_code, code)
        if exc.status_code == 404 and _wants_page(request):
            return HTMLResponse(_nowhere_page(err, _lang(request)), status_code=404)
        return JSONResponse(
            error_reply(err, None, _lang(request)), status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(Exception)
    async def _defect(request: Request, exc: Exception) -> JSONResponse:
        """Instead of Starlette's plain English "Internal Server Error" (the defect is still logged)."""
        err = ServerError("server.internal", 500, "internal")
        return JSONResponse(error_reply(err, None, _lang(request)), status_code=500)


def _wants_page(request: Request) -> bool:
    """A browser's own request for a page (an address typed or followed), not a script's call of
    the API or a file the page loads."""
    path = request.url.path
    return (
        request.method == "GET"
        and not path.startswith(("/api/", "/static/", "/ws"))
        and "text/html" in request.headers.get("accept", "")
    )


def _nowhere_page(err: ServerError, lang: str) -> str:
    """The page of an address with nothing at it: the refusal's words and the link to the lobby,
    in ``lang``, in the client's look."""
    message = html.escape(err.texts()[lang])
    link = html.escape(SERVER_PARTS["part.lobby-link"][lang])
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<title>feldherr</title>\n<link rel="icon" href="data:,">\n'
        '<link rel="stylesheet" href="/static/style.css">\n'
        # the language the player chose on this device's pages, where the browser's differs
        '<script>const chosen = localStorage.getItem("feldherr:lang");\n'
        'if (["en", "de"].includes(chosen) && chosen !== document.documentElement.lang '
        "&& !/[?&]lang=/.test(location.search))\n"
        "  location.replace(`${location.pathname}?lang=${chosen}`);</script>\n"
        "</head>\n<body>\n"
        '<header id="top"><a href="/" id="home">feldherr</a></header>\n'
        f'<main id="app"><section class="panel" id="nowhere"><p>{message[:1].upper()}{message[1:]}.</p>\n'
        f'<p><a href="/" class="button">{link}</a></p></section></main>\n</body>\n</html>\n'
    )


async def _scan(hub: Hub) -> None:
    while True:
        await asyncio.sleep(1.0)
        try:
            await hub.call(hub.scan)
        except Exception:
            log.exception("scan failed")


async def _sender(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            message = await conn.queue.get()
            if message is None:
                if ws.client_state == WebSocketState.CONNECTED:
                    await ws.close(code=conn.close_code)
                return
            await ws.send_text(json.dumps(message, ensure_ascii=False))
    except Exception:  # the socket is gone; the receiver notices
        conn.closed = True


RECENT = 16
"""An update that starts at most this many versions back is quick to make (the moves' threads);
one from longer ago (``since`` 0 of a long game) holds most of the log: a reader thread's work."""


def recent(hub: Hub, game_id: str, since: Iterable[int | None]) -> bool:
    """Whether updates from ``since`` of a game this process holds are short (see :data:`RECENT`)."""
    table = hub.tables.get(game_id)
    if table is None:
        return False  # loading it is long work
    version = table.match.version
    return all(v is not None and version - v <= RECENT for v in since)


def _lang(request: HTTPConnection) -> str:
    """The language of a request's refusals: its ``?lang=``, else the browser's language
    (``Accept-Language``) the server speaks that it ranks highest (the first of equal rank; one it
    ranks ``q=0`` it does not want: "en;q=0, de" was answered in English), else English."""
    lang = lang_tag(request.query_params.get("lang"))  # "DE", "de-AT" as "de"
    if lang is not None:
        return lang
    best, best_q = "en", 0.0
    for item in request.headers.get("accept-language", "")[:200].split(","):
        tag, *params = item.split(";")
        language = lang_tag(tag)
        if language is None:
            continue
        q = 1.0
        for param in params:
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 1.0  # a weight it cannot read: as if none were given
        if q > best_q and q <= 1:
            best, best_q = language, q
    return best


def invalid_field(exc: RequestValidationError) -> ServerError:
    """``server.field`` for the first parameter FastAPI could not read: its name, and what it must be."""
    errors = exc.errors()
    first = errors[0] if errors else {}
    loc = first.get("loc") or ("request",)
    kind = str(first.get("type", ""))
    wanted = "part.number" if kind.startswith("int") else "part.value"
    return ServerError("server.field", 422, "bad-request", field=str(loc[-1])[:40], **part("wanted", wanted))


MESSAGE_KIND = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
"""A message type shown back as it came: a short word (anything else is whatever the client sent:
a line break, a direction mark, HTML, a kilobyte of text)."""


def message_kind(kind: Any) -> dict[str, str]:
    """The ``kind`` detail of ``server.type``: a message's type as its text when it is a short word,
    "(not a word)" for any other text, "(none)" when it has no text type (never a Python literal)."""
    if isinstance(kind, str) and MESSAGE_KIND.fullmatch(kind.strip()):
        return detail("kind", dict.fromkeys(LANGS, kind.strip()))
    if isinstance(kind, str) and kind.strip():
        return part("kind", "part.odd-type")
    return part("kind", "part.no-type")


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token or len(token) > 100:
        raise ServerError("server.token", 401, "token")
    return token.strip()


def _hello(data: dict[str, Any]) -> tuple[list[str], dict[int | None, int | None], str]:
    tokens = data.get("tokens", [])
    if (
        not isinstance(tokens, list)
        or len(tokens) > MAX_TOKENS
        or not all(isinstance(t, str) and 0 < len(t) <= 100 for t in tokens)
    ):
        raise ServerError(
            "server.field", field="tokens", wanted="a list of tokens", wanted_de="eine Liste von Schlüsseln"
        )
    lang = get_lang(data)
    raw = data.get("since")
    since: dict[int | None, int | None] = {}
    if type(raw) is int and raw >= 0:
        since = {None: raw, **{s: raw for s in range(64)}}
    elif isinstance(raw, dict):
        for key, value in raw.items():
            if not (
                isinstance(key, str) and key.isdigit() and len(key) < 4 and type(value) is int and value >= 0
            ):
                raise ServerError(
                    "server.field", field="since", wanted="a version per seat", wanted_de="ein Stand je Platz"
                )
            since[int(key)] = value
    elif raw is not None:
        raise ServerError("server.field", field="since", wanted="a version", wanted_de="ein Stand")
    return tokens, since, lang


def _update(hub: Hub, game_id: str, token: str | None, since: int | None, lang: str) -> dict[str, Any]:
    table = hub.table(game_id)
    if token is not None:
        hub.sync_seats(table, [token])  # a seat another process gave to a bot
    seats = table.verify([token]) if token is not None else ()
    if not seats and not table.row.public:
        raise ServerError("server.spectators", 403, "forbidden")
    seat = seats[0] if seats else None
    with table.lock:
        hub._catch_up(table)
        match = table.match
        asked = [seat] if seat is not None and seat in match.to_move() else []
        message = {
            "type": "update",
            "game": game_id,
            "seat": seat,
            **match.update(seat, since, lang, table.names),
            "asked": asked,
        }
        if seat is not None:
            message["undo"] = hub._undoable(table, seat, decide=True)
        return add_choices(table.game, match, message, lang, table.names)


def _resend(hub: Hub, conn: Conn, game_id: str, whole_log: bool = False) -> None:
    """The connection's current updates again (``whole_log``: with the whole log, e.g. in a new
    language)."""
    table = hub.table(game_id)
    with table.lock:
        hub._catch_up(table)
        if whole_log:
            for viewer in conn.viewers:
                conn.sent[viewer] = None
        hub._send(table, conn, force=True)


def _readable(hub: Hub, game_id: str, token: str | None) -> tuple[GameRow, list[SeatRow]]:
    """The game and its seats, for anyone if it is public; a private game only for the holder of
    one of its seats' tokens (``server.private`` without a token, ``server.token`` with a wrong
    one), before and after its end."""
    row = hub.store.game(game_id)
    if row is None:
        raise ServerError("server.game", 404, "not-found")
    seats = hub.store.seats(game_id)
    if not row.public:
        if token is None:
            raise ServerError("server.private", 403, "forbidden")
        verify(seats, [token])
    return row, seats


def _finished_record(hub: Hub, game_id: str, token: str | None) -> GameRecord:
    row, _ = _readable(hub, game_id, token)
    if row.status not in FINISHED:
        raise ServerError("server.not-finished", 403, "not-finished")
    table = hub.table(game_id)
    with table.lock:
        hub._catch_up(table)
        return table.match.finish_record()


def _record_at(
    hub: Hub, game_id: str, token: str | None, at: int | None
) -> tuple[GameRecord, GameRecord, int]:
    """A finished game's record, the same game up to step ``at`` (the end where None; clamped to
    the game's length), and that step."""
    record = _finished_record(hub, game_id, token)
    total = len(record.moves)
    at = total if at is None else max(0, min(at, total))
    return record, record.prefix(at), at


def _replay_at(hub: Hub, game_id: str, token: str | None, at: int | None, lang: str) -> dict[str, Any]:
    record, part, at = _record_at(hub, game_id, token, at)
    total = len(record.moves)
    game = hub.table(game_id).game
    match = Match.from_record(game, part)
    out: dict[str, Any] = {
        "game": game_id,
        "at": at,
        "total": total,
        "moves": [[seat, mv] for seat, mv in record.moves],
        "view": match.view(None),
        "log": match.log_since(None, None, lang, hub.table(game_id).names),
    }
    outcome = match.outcome()
    if outcome is not None:
        out["outcome"] = outcome.to_json()
    if at > 0:  # the step's move in words (a secret one writes no log line until it is revealed)
        words = _move_words(game, record, at - 1, lang, hub.table(game_id).names)
        if words is not None:
            out["last"], details = words
            if details:
                out["last_details"] = details  # the client words them (an attack's odds: Intl)
    return out


def _move_words(
    game: Game, record: GameRecord, index: int, lang: str, names: list[str]
) -> tuple[str, dict[str, Any] | None] | None:
    """Move ``index`` of a finished game's record as its player chose it: the game's
    ``describe_move_bare`` from that player's view before it and its ``move_details`` (the browser
    words those in its own number format); None where the game cannot word it."""
    seat, move = record.moves[index]
    try:
        state = replay(game, record.prefix(index))
        view, typed = state.view(seat), game.move_from_json(move)
        return game.describe_move_bare(view, typed, lang, names), game.move_details(view, typed)
    except Exception:  # a phrase is a nicety; the step shows without it
        return None


def _position_at(hub: Hub, game_id: str, token: str | None, at: int | None) -> dict[str, Any]:
    """A finished game's table at step ``at`` as a position to play on from: what lay open, the
    hidden parts (deck orders, the generator) left out, so that a game from it draws them anew."""
    _, part, _ = _record_at(hub, game_id, token, at)
    table = hub.table(game_id)
    game = table.game
    position = game.position(replay(game, part))
    position.pop("hidden", None)
    return named_players(game, position, table.names)


def named_players(game: Game, position: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """``position`` with its players named as the table names them ("Isabel", not the engine's
    "Player 1"): a game's players by ``name`` keep the names the replay and the analysis board
    show when the position is saved, loaded back, or played on from. Each name the engine wrote is
    replaced wherever the position names that player (the turn order, who still owes a decision);
    a seat without a name (a bot) keeps the engine's. A position whose players have no ``name``
    (Wallenstein's colours), names that are not distinct, or a renamed position the game would not
    load stays as it was."""
    players = position.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and "name" in p for p in players):
        return position
    written = [p["name"] for p in players]
    wanted = {old: new for old, new in zip(written, names, strict=False) if new and new != old}
    final = [wanted.get(name, name) for name in written]
    if not wanted or len(set(final)) != len(final):
        return position

    def rename(value: Any) -> Any:
        if isinstance(value, str):
            return wanted.get(value, value)
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {k: rename(v) for k, v in value.items()}
        return value

    renamed: dict[str, Any] = rename(position)
    renamed["game"] = position["game"]  # never a player's name, whatever a player is called
    try:
        game.from_position(renamed, seed=0)
    except (RuleError, ValueError):
        return position
    return renamed


__all__ = ["create_app"]
