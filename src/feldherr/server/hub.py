"""Live games in this process, and the one path by which a game changes.

A :class:`Table` is a game loaded in this process: its :class:`~feldherr.core.match.Match`, its
seats, the bots at it. The :class:`Hub` holds the tables and the connections, and changes a game
only in :meth:`Hub.commit`:

1. open a transaction and lock the game's row (``FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE``
   on SQLite);
2. catch up: apply the moves another process stored since this process last looked;
3. submit the move to the match (stale and duplicate submissions are the match's business);
4. store the move (and every N moves a snapshot) and the game's new version; commit;
5. only then acknowledge, publish the change on the bus, and push every connection its update.

A move is acknowledged only after its transaction committed, so a crash loses no acknowledged
move; a failure after the match accepted a move but before the commit drops the table from memory
(it is rebuilt from the database on next use). All of this runs on worker threads, never on the
event loop; a table's lock keeps one thread at a time inside it. Bots think in worker processes
(:mod:`feldherr.server.workers`), never in this process's interpreter.
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from feldherr.core.errors import OptionError, RecordError, RuleError, StaleMoveError
from feldherr.core.game import JSON, Game
from feldherr.core.match import Match, Submission
from feldherr.core.play import bot_seeds, bot_table
from feldherr.core.record import GameRecord
from feldherr.games import get_game
from feldherr.server import snapshot
from feldherr.server.bus import LocalBus
from feldherr.server.config import Settings
from feldherr.server.names import looks_alike, same_name
from feldherr.server.protocol import ServerError, detail, part, unknown_game, words
from feldherr.server.store import GameRow, SeatRow, Store
from feldherr.server.workers import BotPool, BotTask, decision_seed, default_workers
from feldherr.web import add_choices

log = logging.getLogger("feldherr.server")
T = TypeVar("T")
HUMAN_KINDS = ("human", "hotseat")
HEARTBEAT = 20.0
"""Seconds between heartbeats of the seats held here when this process never stands in for the
absent (``absent_after`` < 0; otherwise a third of it, at least a second)."""
CATCH_UP_EVERY = 2.0
"""With several processes: seconds between the checks of the games whose sockets are here against
the database (:meth:`Hub._catch_up_beat`)."""
PRESENCE_EVERY = 5.0
"""Seconds between a process's word on the bus of the seats its sockets hold (also said at once
when they change)."""
PRESENCE_TTL = 3 * PRESENCE_EVERY
"""Another process's seats count as present this long after its last word (a process that died
stops counting after it)."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def new_game_id() -> str:
    return secrets.token_urlsafe(9)


class Conn:
    """One connected socket: the seats it holds (none: a spectator), its language, and how far
    each of its viewers has been sent. Messages go through a queue that a sender task drains; a
    connection that lets too many pile up is dropped (its client reconnects and misses nothing)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, limit: int) -> None:
        self.loop = loop
        self.limit = limit
        self.seats: tuple[int, ...] = ()
        self.lang = "en"
        self.sent: dict[int | None, int | None] = {}
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.closed = False
        self.close_code = 4000  # 1009 after an oversized message

    @property
    def viewers(self) -> tuple[int | None, ...]:
        return self.seats if self.seats else (None,)

    def push(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (from any thread)."""
        self.loop.call_soon_threadsafe(self._put, message)

    def _put(self, message: dict[str, Any] | None) -> None:
        if self.closed:
            return
        if message is None or self.queue.qsize() >= self.limit:
            self.closed = True
            self.queue.put_nowait(None)  # the sender closes the socket
            return
        self.queue.put_nowait(message)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self._put, None)


def seat_name(seat: SeatRow) -> str:
    """A seat's player name for the game's texts: a person's typed name (also one playing hot-seat
    on a shared device), an imported record's player as its position names them; "" (the game
    names the seat by its colour) for a bot and for the imports stored before, which named their
    seats by number ("1", "2", ...)."""
    if seat.kind in HUMAN_KINDS or (seat.kind == "imported" and seat.name != f"{seat.seat + 1}"):
        return seat.name
    return ""


class Table:
    """A game loaded in this process (see the module docstring)."""

    def __init__(self, row: GameRow, seats: list[SeatRow], game: Game, match: Match) -> None:
        self.id = row.id
        self.row = row
        self.seats = seats
        self.game = game
        self.match = match
        self.lock = threading.RLock()
        table = bot_table(game)
        seeds = bot_seeds(row.seed, len(seats))
        # seat -> (bot name, the seat's bot seed); the bots think in worker processes (workers.py)
        self.bots: dict[int, tuple[str, int]] = {
            s.seat: (s.bot, seeds[s.seat]) for s in seats if s.kind == "bot" and s.bot in table
        }
        self.stand_ins: dict[int, tuple[str, int]] = {}
        self.names: list[str] = [seat_name(s) for s in seats]
        """The players' names for the game's texts ("": the game names that seat by its colour)."""
        self.undos = row.undos  # moves taken back, as far as this copy knows (undo())
        self.pending_since = time.time()
        self.driving = False
        self.again = False

    def verify(self, tokens: Iterable[str]) -> tuple[int, ...]:
        """The seats whose tokens these are (constant-time comparison); ServerError if any is
        no seat's token."""
        return verify(self.seats, tokens)


def verify(seats: Sequence[SeatRow], tokens: Iterable[str]) -> tuple[int, ...]:
    """The seats among ``seats`` whose tokens these are (constant-time comparison); ServerError if
    any is no seat's token (``server.seat-taken`` if its seat was given to a bot). A ``server.token``
    refusal names the wrong ones by their places in ``tokens`` (``wrong``: "0,2"), so that a device
    holding several seats' keys forgets only those and keeps the others."""
    found: set[int] = set()
    wrong: list[int] = []
    for i, token in enumerate(tokens):
        hit = find_seat(seats, token)
        if hit is None:
            wrong.append(i)
            continue
        if hit.kind == "bot":  # a friend's invitation given to a bot (Hub.replace): no key any more
            raise ServerError("server.seat-taken", 410, "seat-taken")
        found.add(hit.seat)
    if wrong:
        raise ServerError("server.token", 401, "token", wrong=",".join(map(str, wrong)))
    return tuple(sorted(found))


def find_seat(seats: Sequence[SeatRow], token: str) -> SeatRow | None:
    """The seat whose token this is (constant-time comparison), or None."""
    given = token.encode()
    hit: SeatRow | None = None
    for seat in seats:
        if seat.token is not None and hmac.compare_digest(seat.token.encode(), given):
            hit = seat
    return hit


@dataclass
class NewGame:
    """A game to create: checked by the lobby before it reaches the hub."""

    game: str
    options: dict[str, Any]
    seats: list[SeatRow]
    public: bool
    seed: int
    rematch_of: str | None = None
    position: dict[str, Any] | None = None
    """Play on from this position (checked by the lobby) instead of a new game."""


class Hub:
    """The tables and connections of this process (see the module docstring)."""

    def __init__(self, store: Store, settings: Settings, bus: LocalBus) -> None:
        self.store = store
        self.settings = settings
        self.bus = bus
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = {}
        self._lock = threading.Lock()
        self.executor = ThreadPoolExecutor(settings.workers, thread_name_prefix="feldherr")
        # the threads that drive bots only wait for the worker processes; they have their own pool
        # so that waiting bots never take a thread from a person's move
        self.drivers = ThreadPoolExecutor(settings.drivers, thread_name_prefix="feldherr-bots")
        # replays, records, imports and positions take long (a long game is replayed for each):
        # their own few threads, so that a client asking for them over and over never holds up a
        # move waiting for a thread
        self.readers = ThreadPoolExecutor(settings.readers, thread_name_prefix="feldherr-read")
        self.pool = BotPool(
            default_workers() if settings.bot_workers is None else settings.bot_workers, settings.register
        )
        self._last_beat = 0.0
        self._last_presence = 0.0
        self._last_catch_up = 0.0
        # the seats held by the sockets of other processes (the bus): game -> origin -> (seats, when)
        self.remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}

    # -- threads ---------------------------------------------------------------------------------
    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run blocking work on a worker thread and wait for it without blocking the loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, functools.partial(fn, *args))

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        """Run long read-only work (a replay, a record, an import) on a reader thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.readers, functools.partial(fn, *args))

    async def loading(self, game_id: str) -> Table:
        """The table of ``game_id``; loaded (a replay of its record: long) on a reader thread, so
        that requests for games nobody holds, with any token, never keep a move waiting for a
        thread."""
        table = self.tables.get(game_id)
        return table if table is not None else await self.read(self.table, game_id)

    def spawn(self, fn: Callable[..., Any], *args: Any, executor: ThreadPoolExecutor | None = None) -> None:
        def run() -> None:
            try:
                fn(*args)
            except Exception:
                log.exception("background work failed")

        (executor or self.executor).submit(run)

    def spawn_drive(self, game_id: str) -> None:
        """Let the bots of a game move (on a driver thread)."""
        self.spawn(self.drive, game_id, executor=self.drivers)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.drivers.shutdown(wait=False, cancel_futures=True)
        self.readers.shutdown(wait=False, cancel_futures=True)
        self.pool.close()

    # -- loading -----------------------------------------------------------------------------
    def table(self, game_id: str) -> Table:
        table = self.tables.get(game_id)
        if table is not None:
            return table
        table = self._load(game_id)
        with self._lock:
            return self.tables.setdefault(game_id, table)

    def _load(self, game_id: str) -> Table:
        row = self.store.game(game_id)
        if row is None:
            raise ServerError("server.game", 404, "not-found")
        try:
            game = get_game(row.game)
        except ValueError as exc:
            raise unknown_game(500, "unavailable") from exc
        seats = self.store.seats(game_id)
        moves = self.store.moves(game_id)
        record = GameRecord(
            game=row.game,
            options=row.options,
            seed=row.seed,
            moves=[(seat, mv) for _, seat, mv in moves],
            engine=row.engine,
            position=row.position,
        )
        return Table(row, seats, game, self._rebuild(game, record, game_id))

    def _rebuild(self, game: Game, record: GameRecord, game_id: str) -> Match:
        snap = self.store.latest_snapshot(game_id, len(record.moves)) if record.moves else None
        if snap is not None:
            try:
                return snapshot.resume(game, record, snap[0], snap[1])
            except Exception as exc:  # a snapshot that does not fit: replay the whole record
                log.warning("game %s: snapshot at %d unusable (%r); replaying", game_id, snap[0], exc)
        return Match.from_record(game, record)

    def evict(self, table: Table) -> None:
        with self._lock:
            if self.tables.get(table.id) is table:
                del self.tables[table.id]

    def resume_all(self) -> int:
        """Load every unfinished game and let its bots play on (at start)."""
        count = 0
        for game_id in self.store.unfinished():
            try:
                self.table(game_id)
            except Exception:
                log.exception("game %s cannot be resumed", game_id)
                continue
            self.spawn_drive(game_id)
            count += 1
        return count

    # -- creating -------------------------------------------------------------------------------
    def create(self, new: NewGame) -> tuple[GameRow, list[SeatRow]]:
        game = get_game(new.game)
        match = Match(game, new.options, new.seed, new.position)  # the options are checked once more here
        now = time.time()
        open_ = any(s.kind == "human" and not s.claimed for s in new.seats)
        row = GameRow(
            id=new_game_id(),
            game=new.game,
            options=match.record.options,
            seed=new.seed,
            engine=game.engine_version,
            version=0,
            status="finished" if match.is_over() else ("open" if open_ else "running"),
            public=new.public,
            outcome=None,
            rematch_of=new.rematch_of,
            rematch=None,
            created=now,
            updated=now,
            position=match.record.position,
        )
        self.store.create_game(row, new.seats)
        with self._lock:
            self.tables[row.id] = Table(row, new.seats, game, match)
        self.spawn_drive(row.id)
        return row, new.seats

    def rematch(self, game_id: str, token: str) -> dict[str, Any]:
        """The rematch of a finished game with the same seats (created by the first seat that
        asks); answers the asking seat's place and token in it."""
        table = self.table(game_id)
        (seat,) = table.verify([token])
        with self.store.begin() as conn:
            row = self.store.game(game_id, conn, lock=True)
            assert row is not None
            if row.status != "finished":
                raise ServerError("server.not-finished", 409, "not-finished")
            new_id = row.rematch
            if new_id is None:
                seats = [
                    SeatRow(
                        s.seat,
                        s.kind,
                        s.bot,
                        s.name,
                        None if s.kind == "bot" else new_token(),
                        s.kind != "human",
                        time.time(),
                    )
                    for s in table.seats
                ]
                new = NewGame(
                    row.game, row.options, seats, row.public, secrets.randbelow(2**63), game_id, row.position
                )
                game = get_game(row.game)
                match = Match(game, new.options, new.seed, new.position)  # the same start again
                now = time.time()
                new_row = GameRow(
                    new_game_id(),
                    row.game,
                    match.record.options,
                    new.seed,
                    game.engine_version,
                    0,
                    "open" if any(not s.claimed for s in seats) else "running",
                    row.public,
                    None,
                    game_id,
                    None,
                    now,
                    now,
                    match.record.position,
                )
                self.store.create_game(new_row, seats, conn)
                self.store.set_game(conn, game_id, rematch=new_row.id)
                new_id = new_row.id
                started = True
            else:
                started = False
        table.row.rematch = new_id
        new_table = self.table(new_id)
        self.spawn_drive(new_id)
        if started:  # the others at the old table hear of it (their pages offer to join it)
            message = {"type": "rematch", "game": game_id, "rematch": new_id, "seat": seat}
            with self._lock:
                conns = list(self.conns.get(game_id, ()))
            for other in conns:
                other.push(message)
        return {"id": new_id, "seat": seat, "token": new_table.seats[seat].token}

    def import_record(self, data: Any) -> str:
        """Store a record to replay (``POST /api/records``). A refusal is in the catalogue's words
        in both languages: the core's own message quotes the record (``[0, ['fly']]``, a seat's
        number, a rule id), not words for the person who chose the file (``feldherr replay`` says
        it in full)."""
        try:
            record = GameRecord.from_json(data)
            game = get_game(record.game)
        except (RecordError, OptionError, ValueError) as exc:
            said = detail("message", words("part.record-unreadable"))
            raise ServerError("server.record", 422, "bad-record", **said) from exc
        try:
            match = Match.from_record(game, record)
        except Exception as exc:  # RecordError, OptionError, ...; or a game's defect on odd input
            if not isinstance(exc, RecordError | OptionError | ValueError):
                log.warning(
                    "%s: a record the game could not replay (%s: %s)", game.name, type(exc).__name__, exc
                )
            said = detail("message", words("part.record-replay"))
            raise ServerError("server.record", 422, "bad-record", **said) from exc
        return self.store_import(game, match)

    def store_import(
        self, game: Game, match: Match, names: Sequence[str] = (), reuse: str | None = None
    ) -> str:
        """Store ``match`` as an imported game (finished where it is over) to replay and analyse;
        ``names``: each seat's player as the record or position names it ("" or none: by colour).
        ``reuse``: the id for this content (an analysed position): a game already stored under it
        with the same game, seed and position is returned instead of storing another."""
        if reuse is not None:
            found = self._same_import(reuse, game, match)
            if found is not None:
                return found
        now = time.time()
        outcome = match.outcome()
        row = GameRow(
            reuse or new_game_id(),
            game.name,
            match.record.options,
            match.record.seed,
            game.engine_version,
            match.version,
            "finished" if outcome is not None else "imported",
            True,
            outcome.to_json() if outcome is not None else None,
            None,
            None,
            now,
            now,
            match.record.position,
        )
        named = [*names, *[""] * match.num_players][: match.num_players]
        seats = [SeatRow(s, "imported", None, named[s], None, True, now) for s in range(match.num_players)]
        try:
            with self.store.begin() as conn:
                self.store.create_game(row, seats, conn)
                self.store.add_moves(conn, row.id, match.record.moves)
        except IntegrityError:
            if reuse is None:
                raise
            found = self._same_import(reuse, game, match)  # stored at the same time by another request
            if found is None:  # the id is taken by something else (never seen): a fresh one
                return self.store_import(game, match, names)
            return found
        return row.id

    def _same_import(self, game_id: str, game: Game, match: Match) -> str | None:
        row = self.store.game(game_id)
        if row is None or row.game != game.name or row.status not in ("imported", "finished"):
            return None
        same = json.dumps(row.position, sort_keys=True) == json.dumps(match.record.position, sort_keys=True)
        if row.seed != match.record.seed or not same or row.version != 0:
            return None
        return row.id

    # -- connections ------------------------------------------------------------------------------
    def attach(
        self, conn: Conn, game_id: str, tokens: Sequence[str], since: dict[int | None, int | None]
    ) -> None:
        """Seat a connection: check its tokens, send the welcome and its first updates; the
        others at the table hear of a player who came (a ``table`` message)."""
        table = self.table(game_id)
        self.sync_seats(table, tokens)  # a seat given to a bot by another process
        before = self.present(game_id)
        here_before = self.held_here(game_id)
        with table.lock:
            seats = table.verify(tokens)  # under the lock: no bot takes a seat between this and its claim
            if not seats and not table.row.public:
                raise ServerError("server.spectators", 403, "forbidden")
            conn.seats = seats
            unclaimed = [s for s in seats if not table.seats[s].claimed]
            for s in unclaimed:
                table.seats[s].claimed = True
            self._catch_up(table)
            for viewer in conn.viewers:
                conn.sent[viewer] = since.get(viewer)
            with self._lock:
                self.conns.setdefault(game_id, set()).add(conn)
            for s in seats:  # the player is back: the stand-in stops
                table.stand_ins.pop(s, None)
            conn.push(
                {
                    "type": "welcome",
                    "game": game_id,
                    "name": table.game.name,
                    "title": table.game.title,
                    "seats": list(seats),
                    "spectator": not seats,
                    "table": self._seats_public(table),
                    "absent_after": self.settings.absent_after if self.settings.absent_after >= 0 else None,
                    "rematch": table.row.rematch,
                }
            )
            self._send(table, conn, force=True)
        if seats:
            if unclaimed:
                self.store.claim(game_id, unclaimed)
                self.bus.publish_seats(game_id)  # the other processes read who came
            else:
                self.store.touch(game_id, seats)
            if not set(seats) <= here_before:  # the other processes hear of it at once
                self.bus.publish_presence(game_id, sorted(self.held_here(game_id)))
            if not set(seats) <= before:
                self._tell_table(table, skip=conn)

    def detach(self, conn: Conn, game_id: str) -> None:
        before = self.present(game_id)
        here_before = self.held_here(game_id)
        with self._lock:
            conns = self.conns.get(game_id)
            if conns is not None:
                conns.discard(conn)
                if not conns:
                    del self.conns[game_id]
        if conn.seats:
            self.store.touch(game_id, conn.seats)  # absence counts from leaving
            here = self.held_here(game_id)
            if here != here_before:
                self.bus.publish_presence(game_id, sorted(here))
            table = self.tables.get(game_id)
            if table is not None and self.present(game_id) != before:
                self._tell_table(table)

    def _seats_public(self, table: Table) -> list[dict[str, Any]]:
        """The seats as everyone at the table may know them: kind, bot, name, whether the seat's
        invitation was taken (``claimed``) and whether its player is connected now (``present``:
        a socket of this process holds the seat)."""
        present = self.present(table.id)
        return [{**s.public(), "present": s.seat in present} for s in table.seats]

    def _tell_table(self, table: Table, skip: Conn | None = None) -> None:
        """Every connection of the game: who sits at the table now (a player came, left, took a
        name, a bot stands in for an absent one)."""
        with table.lock:
            message = {
                "type": "table",
                "game": table.id,
                "table": self._seats_public(table),
                "stand_ins": sorted(table.stand_ins),
            }
        with self._lock:
            conns = [c for c in self.conns.get(table.id, ()) if c is not skip]
        for conn in conns:
            conn.push(message)

    def rename(
        self, game_id: str, seat: int, name: str, reply: Conn | None = None, msg_id: Any = None
    ) -> None:
        """The player at ``seat`` takes ``name`` (checked by the caller): stored, acknowledged, and
        every connection of the game gets the table and its updates with the whole log again, so
        that every text names the player by it."""
        table = self.table(game_id)
        with table.lock:
            self._catch_up(table)
            if table.match.is_over():
                over = detail("message", words("part.name-over"))
                raise ServerError("server.name", 409, "game-over", **over)
            others = [s.name for s in table.seats if s.seat != seat and s.kind in HUMAN_KINDS]
            if any(same_name(other, name) for other in others):
                taken = detail("message", words("part.name-taken", name=name))
                raise ServerError("server.name", 409, "bad-name", **taken)
            if alike := next((other for other in others if looks_alike(other, name)), None):
                said = detail("message", words("part.name-lookalike", name=name, other=alike))
                raise ServerError("server.name", 409, "bad-name", **said)
            self.store.rename(game_id, seat, name)
            self.bus.publish_seats(game_id)
            table.seats[seat].name = name
            table.names[seat] = seat_name(table.seats[seat])
            if reply is not None:
                reply.push(
                    {"type": "ack", "id": msg_id, "seat": seat, "version": table.match.version, "named": name}
                )
        self._tell_table(table)
        with table.lock:
            with self._lock:
                conns = list(self.conns.get(table.id, ()))
            for conn in conns:
                for viewer in conn.viewers:
                    conn.sent[viewer] = None
                self._send(table, conn, force=True)

    def sync_seats(self, table: Table, tokens: Iterable[str] | None = None) -> None:
        """Take over the seats another process gave to a bot (:meth:`replace`): this copy's seats
        were read when the game was loaded. The stored seats are read only where the answer may
        differ: for a request with ``tokens``, when one of them opens a seat whose invitation this
        copy has not seen opened (a bot may have taken it in another process since: the request is
        then refused ``server.seat-taken``); the players at the table (a claimed seat, a hot seat)
        and unknown tokens cost no read, however often they post: another process tells this one
        of a seat it gave away on the bus (:meth:`notice_seats`). Without ``tokens``: when any
        invitation is unopened."""
        seats = table.seats if tokens is None else [s for t in tokens if (s := find_seat(table.seats, t))]
        if not any(s.kind == "human" and not s.claimed for s in seats):
            return  # nothing this request depends on could have been given away
        fresh = self.store.seats(table.id)
        with table.lock:
            for row in fresh:
                if row.kind == "bot" and table.seats[row.seat].kind == "human":
                    self._seat_bot(table, row.seat, row.bot or "random")

    def notice_seats(self, game_id: str) -> None:
        """A bus message (on the event loop): another process changed the game's seats."""
        if game_id in self.tables:
            self.spawn(self.reseat, game_id)

    def reseat(self, game_id: str) -> None:
        """Read the game's seats again (another process seated a friend, stored a name, gave a seat
        to a bot); the connections here get the table, and the whole log again where a name changed."""
        table = self.tables.get(game_id)
        if table is None:
            return
        fresh = self.store.seats(game_id)
        with table.lock:
            names = list(table.names)
            for row in fresh:
                mine = table.seats[row.seat]
                if row.kind == "bot" and mine.kind == "human":
                    self._seat_bot(table, row.seat, row.bot or "random")
                mine.claimed = mine.claimed or row.claimed
                if row.name != mine.name and mine.kind in HUMAN_KINDS:
                    mine.name = row.name
                    table.names[row.seat] = seat_name(mine)
            renamed = names != table.names
        self._tell_table(table)
        if renamed:
            self._forget_sent(table)
            with table.lock:
                self._broadcast(table)

    def _seat_bot(self, table: Table, seat: int, bot: str) -> None:
        """The seat is a bot's from now on (in this copy); the caller holds ``table.lock``."""
        row = table.seats[seat]
        row.kind, row.bot, row.claimed = "bot", bot, True
        table.bots[seat] = (bot, bot_seeds(table.row.seed, len(table.seats))[seat])
        table.stand_ins.pop(seat, None)
        table.names[seat] = seat_name(row)
        if table.row.status == "open" and not any(s.kind == "human" and not s.claimed for s in table.seats):
            table.row.status = "running"

    def replace(
        self,
        game_id: str,
        holder: Sequence[int],
        seat: int,
        reply: Conn | None = None,
        msg_id: Any = None,
    ) -> None:
        """A person at the table (holding the seats ``holder``) lets a bot take the seat of a friend
        who has not opened the invitation: the seat becomes a bot's for the rest of the game
        (stored: kind ``bot``, the token kept only to tell the friend who comes later
        ``server.seat-taken``). Refused with ``server.replace`` for a seat whose invitation was
        opened, a bot's or hot seat, after the end; nothing changes then."""
        table = self.table(game_id)
        self.sync_seats(table)
        with table.lock:
            if not any(table.seats[s].kind in HUMAN_KINDS for s in holder):
                raise ServerError("server.seat", 403, "not-your-seat")
            if not 0 <= seat < len(table.seats) or table.seats[seat].kind != "human":
                kind = part("message", "part.replace-kind")
                raise ServerError("server.replace", 409, "cannot-replace", **kind)
            self._catch_up(table)
            if table.match.is_over():
                raise ServerError("server.replace", 409, "game-over", **part("message", "part.replace-over"))
            if table.seats[seat].claimed:
                raise ServerError("server.replace", 409, "joined", **part("message", "part.replace-joined"))
            bot = self._stand_in(table.game, seat)[0]
            if not self.store.replace_with_bot(game_id, seat, bot):  # its friend came, in another process
                table.seats[seat].claimed = True
                raise ServerError("server.replace", 409, "joined", **part("message", "part.replace-joined"))
            named = table.names[seat]
            self._seat_bot(table, seat, bot)
            self.bus.publish_seats(game_id)
            if reply is not None:
                version = table.match.version
                reply.push({"type": "ack", "id": msg_id, "seat": seat, "version": version, "replaced": seat})
        log.info("game %s: a %s bot takes seat %d, whose invitation was not opened", game_id, bot, seat)
        self._tell_table(table)
        if named:  # the texts named the friend: the whole log again, naming the seat by its colour
            self._forget_sent(table)
            with table.lock:
                self._broadcast(table)
        self.spawn_drive(game_id)

    def held_here(self, game_id: str) -> set[int]:
        """The seats the sockets of this process hold."""
        with self._lock:
            return {s for c in self.conns.get(game_id, ()) for s in c.seats}

    def _held_by_game(self) -> dict[str, set[int]]:
        """:meth:`held_here` of every game with sockets here, read at once."""
        with self._lock:
            return {gid: {s for c in conns for s in c.seats} for gid, conns in self.conns.items()}

    def present(self, game_id: str, now: float | None = None) -> set[int]:
        """The seats whose players are connected now: by a socket of this process, or of another
        one that said so on the bus within :data:`PRESENCE_TTL` seconds."""
        now = time.time() if now is None else now
        with self._lock:
            here = {s for c in self.conns.get(game_id, ()) for s in c.seats}
            for seats, when in self.remote.get(game_id, {}).values():
                if now - when < PRESENCE_TTL:
                    here |= seats
            return here

    def notice_presence(self, game_id: str, origin: str, seats: list[int]) -> None:
        """A bus message (on the event loop): the seats another process's sockets hold. The
        connections here hear of a change in who is at the table."""
        before = self.present(game_id)
        with self._lock:
            known = self.remote.setdefault(game_id, {})
            if seats:
                known[origin] = (frozenset(seats), time.time())
            else:
                known.pop(origin, None)
                if not known:
                    del self.remote[game_id]
            table = self.tables.get(game_id) if game_id in self.conns else None
        if table is not None and self.present(game_id) != before:
            self.spawn(self._tell_table, table)

    def _presence_beat(self, now: float) -> None:
        """Every :data:`PRESENCE_EVERY` seconds: say on the bus which seats this process's sockets
        hold, and forget another process's word that is too old (the connections here hear of the
        players who thereby left)."""
        if now - self._last_presence < PRESENCE_EVERY:
            return
        self._last_presence = now
        held = self._held_by_game()
        for game_id, seats in held.items():
            if seats:
                self.bus.publish_presence(game_id, sorted(seats))
        gone: list[str] = []
        with self._lock:
            for game_id, known in list(self.remote.items()):
                for origin, (_, when) in list(known.items()):
                    if now - when >= PRESENCE_TTL:
                        del known[origin]
                        gone.append(game_id)
                if not known:
                    del self.remote[game_id]
        for game_id in set(gone):
            table = self.tables.get(game_id)
            if table is not None and game_id in held:
                self._tell_table(table)

    def _catch_up_beat(self, now: float) -> None:
        """With several processes, every :data:`CATCH_UP_EVERY` seconds: a game whose sockets are
        here and that another process moved on (or that this one caught up without pushing the
        updates) is caught up and pushed, and one whose seats another process changed (a friend
        came, took a name, a bot took a seat) is read again. The bus's notices do that at once, but
        Redis pub/sub keeps nothing for a listener that is away (reconnecting), and a notice lost
        left this process's players waiting for an update that never came (their game stood still)
        or reading a friend who had come as not there yet."""
        if self.bus.kind == "local" or now - self._last_catch_up < CATCH_UP_EVERY:
            return
        self._last_catch_up = now
        with self._lock:
            held = {gid: list(conns) for gid, conns in self.conns.items() if conns}
        if not held:
            return
        stored = self.store.versions(held)
        stored_seats = self.store.seats_of(held)
        for game_id, conns in held.items():
            table = self.tables.get(game_id)
            if table is None or game_id not in stored:
                continue
            version = table.match.version
            unsent = any(conn.sent.get(viewer) != version for conn in conns for viewer in conn.viewers)
            if stored[game_id] != (version, table.undos) or unsent:
                self.spawn(self.refresh, game_id)
            if any(self._seat_changed(table, row) for row in stored_seats.get(game_id, [])):
                self.spawn(self.reseat, game_id)

    @staticmethod
    def _seat_changed(table: Table, row: SeatRow) -> bool:
        """Whether :meth:`reseat` would take something over from the stored seat ``row``."""
        if not 0 <= row.seat < len(table.seats):
            return False
        mine = table.seats[row.seat]
        return (
            (row.kind == "bot" and mine.kind == "human")
            or (row.claimed and not mine.claimed)
            or (row.name != mine.name and mine.kind in HUMAN_KINDS)
        )

    # -- changing -------------------------------------------------------------------------------
    def submit(
        self,
        game_id: str,
        seat: int,
        move_json: JSON,
        expected: int | None,
        reply: Conn | None = None,
        msg_id: Any = None,
    ) -> Submission:
        """A person's move: commit it, acknowledge it, push the updates, let the bots answer."""
        table = self.table(game_id)
        with table.lock:
            try:
                sub = self.commit(table, seat, move_json, expected, publish=False)
            except RuleError:
                self._broadcast(table)  # the commit may have caught up with other processes' moves
                raise
            if reply is not None:
                reply.push({"type": "ack", "id": msg_id, "seat": seat, **sub.to_json()})
            if sub.applied:
                self.bus.publish(table.id, sub.version)  # after the ack: other processes need not hold it up
                self._broadcast(table)
        if sub.applied:
            self.spawn_drive(game_id)
            self.spawn(self._tell_undo, table, seat)
        return sub

    def _tell_undo(self, table: Table, seat: int) -> None:
        """Decide whether the person at ``seat`` may take back the move just made, without holding
        the table (the test plays the move on resampled states: milliseconds that must not hold up
        the bots' answer or the seat's next move), and tell the seat's connections if so."""
        if table.seats[seat].kind not in HUMAN_KINDS:
            return
        with table.lock:
            match = table.match
            test = match.undo_test(seat)
        if test is None or not test():
            return
        with table.lock:
            if table.match is not match or not self._undoable(table, seat):
                return  # another move came first: nothing to tell
            with self._lock:
                conns = [c for c in self.conns.get(table.id, ()) if seat in c.seats]
            for conn in conns:
                conn.push({"type": "undoable", "game": table.id, "seat": seat, "version": match.version})

    def commit(
        self, table: Table, seat: int, move_json: JSON, expected: int | None, publish: bool = True
    ) -> Submission:
        """Steps 1-4 of the module docstring and the publication on the bus (``publish=False``: the
        caller publishes, after its acknowledgement); the caller holds ``table.lock``."""
        applied = False
        match = table.match
        try:
            with self.store.begin() as conn:
                match = self._sync(table, conn)
                sub = match.submit(seat, move_json, expected)
                if sub.applied:
                    applied = True
                    index = len(match.record.moves) - 1
                    outcome = match.outcome()
                    self.store.record_move(
                        conn,
                        table.id,
                        index,
                        seat,
                        json.dumps(match.record.moves[-1][1]),
                        match.version,
                        outcome.to_json() if outcome is not None else None,
                    )
                    every = self.settings.snapshot_every
                    if every > 0 and len(match.record.moves) % every == 0 and outcome is None:
                        self._snapshot(conn, table)
        except BaseException:
            if applied:  # the match moved on but the database did not: forget this copy
                self.evict(table)
            raise
        if applied:
            table.pending_since = time.time()
            if match.is_over():
                table.row.status = "finished"
            if publish:
                self.bus.publish(table.id, match.version)
        return sub

    def _sync(self, table: Table, conn: Any) -> Match:
        """Lock the game's row and bring the table's match to the stored game (steps 1-2); the
        caller holds ``table.lock`` and is inside the transaction ``conn``."""
        stored = self.store.lock_version(conn, table.id)
        if stored is None:
            raise ServerError("server.game", 404, "not-found")
        if stored[1] != table.undos:
            self._reload(table, conn, stored[1])
        elif stored[0] != table.match.version:
            self._catch_up(table, conn)
        return table.match

    def _reload(self, table: Table, conn: Any, undos: int) -> None:
        """Another process took a move back: this copy is out of date. Replay the stored moves and
        send every connection the whole log again."""
        record = GameRecord(
            game=table.row.game,
            options=table.row.options,
            seed=table.row.seed,
            moves=[(seat, mv) for _, seat, mv in self.store.moves(table.id, 0, conn)],
            engine=table.row.engine,
        )
        table.match = Match.from_record(table.game, record)
        table.undos = undos
        self._forget_sent(table)

    def _forget_sent(self, table: Table) -> None:
        """Every connection of the table gets the whole log with its next update (a move taken back
        removed lines it was sent)."""
        with self._lock:
            conns = list(self.conns.get(table.id, ()))
        for conn in conns:
            for viewer in conn.viewers:
                conn.sent[viewer] = None

    def undo(
        self, game_id: str, seat: int, expected: int | None, reply: Conn | None = None, msg_id: Any = None
    ) -> Submission:
        """A person takes back their last move (:meth:`Match.undo`): refused (a typed error, nothing
        changes) unless the table allows it; stored like a move (the move's row goes), then
        acknowledged, and every connection is sent its update with the whole log."""
        table = self.table(game_id)
        with table.lock:
            if table.seats[seat].kind not in HUMAN_KINDS:
                raise ServerError("server.seat", 403, "not-your-seat", seat=seat)
            undone = False
            try:
                with self.store.begin() as conn:
                    match = self._sync(table, conn)
                    sub = match.undo(seat, expected)
                    undone = True
                    self.store.take_back(conn, table.id, len(match.record.moves), match.version)
            except RuleError:
                self._broadcast(table)
                raise
            except BaseException:
                if undone:  # the match went back but the database did not: forget this copy
                    self.evict(table)
                raise
            table.undos += 1
            table.pending_since = time.time()
            if reply is not None:
                reply.push({"type": "ack", "id": msg_id, "seat": seat, "undone": True, **sub.to_json()})
            self.bus.publish(table.id, sub.version)
            self._forget_sent(table)
            self._broadcast(table)
        return sub

    def _snapshot(self, conn: Any, table: Table) -> None:
        """Store a snapshot; one that cannot be taken is skipped (it only saves replay time)."""
        try:
            data = json.dumps(snapshot.take(table.match))
        except Exception:
            log.exception("game %s: no snapshot", table.id)
            return
        self.store.add_snapshot(conn, table.id, len(table.match.record.moves), data)

    def _catch_up(self, table: Table, conn: Any = None) -> bool:
        """Apply the moves stored by other processes; the caller holds ``table.lock``."""
        if conn is None:
            with self.store.begin() as c:
                return self._catch_up(table, c)
        stored = self.store.version(table.id, conn)
        if stored is not None and stored[1] != table.undos:
            self._reload(table, conn, stored[1])
            return True
        match = table.match
        rows = self.store.moves(table.id, len(match.record.moves), conn)
        try:
            for _, seat, move_json in rows:
                match.submit(seat, move_json)
        except Exception:
            self.evict(table)
            raise
        if rows:
            table.pending_since = time.time()
        return bool(rows)

    def refresh(self, game_id: str) -> None:
        """Another process changed the game: catch up and push the updates to our sockets."""
        table = self.tables.get(game_id)
        if table is None:
            return
        with table.lock:
            self._catch_up(table)
            self._broadcast(table)  # also what an earlier commit caught up without pushing

    def notice(self, game_id: str, version: int) -> None:
        """A bus message (on the event loop): refresh off the loop if we hold that game."""
        table = self.tables.get(game_id)
        if table is not None and table.match.version != version and game_id in self.conns:
            self.spawn(self.refresh, game_id)

    # -- bots ---------------------------------------------------------------------------------------
    def drive(self, game_id: str) -> None:
        """Let the bots (and stand-ins for absent players) move until a person is asked."""
        try:
            table = self.table(game_id)
        except ServerError:
            return
        with table.lock:
            if table.driving:
                table.again = True
                return
            table.driving = True
        try:
            while True:
                with table.lock:
                    table.again = False
                moved = self._bot_step(table)
                with table.lock:
                    if not moved and not table.again:
                        table.driving = False
                        return
                if moved and self.settings.bot_delay > 0:
                    time.sleep(self.settings.bot_delay)
        except BaseException:
            table.driving = False
            raise

    def _bot_step(self, table: Table) -> bool:
        """One bot move: the task is taken under the table's lock, the bot thinks in a worker
        process without it (people at the table may move meanwhile), the move is committed under
        the lock against the version it was computed for."""
        with table.lock:
            match = table.match
            if match.is_over():
                return False
            task: BotTask | None = None
            for seat in match.to_move():
                who = table.bots.get(seat) or table.stand_ins.get(seat)
                if who is not None:
                    version = match.offer(seat)
                    state = match.snapshot()["state"]
                    task = BotTask(table.game.name, state, seat, who[0], decision_seed(who[1], version))
                    break
            if task is None:
                return False
            undos = table.undos
        move_json = self.pool.think(task)
        with table.lock:
            if self.tables.get(table.id) is not table:
                return False  # evicted meanwhile: whoever loads it again drives it
            if table.match is not match or table.undos != undos:
                return True  # a move was taken back meanwhile (its version may be in use again): think again
            if (table.bots.get(task.seat) or table.stand_ins.get(task.seat)) != who:
                return True  # the absent player came back while the stand-in thought: theirs again
            try:
                self.commit(table, task.seat, move_json, version)
                table.match.seal()  # a bot's move stands (a stand-in's too)
            except StaleMoveError:
                self._broadcast(table)
                return True  # the bot's decision changed meanwhile: think again
            except RuleError:
                log.exception(
                    "game %s: the %s bot of seat %d made an illegal move", table.id, task.bot, task.seat
                )
                return False
            self._broadcast(table)
            return True

    def _stand_in(self, game: Game, seat: int) -> tuple[str, int]:
        bots = bot_table(game)
        name = self.settings.absent_bot or ("heuristic" if "heuristic" in bots else "random")
        return (name if name in bots else "random"), secrets.randbelow(2**31)

    def scan(self) -> None:
        """Once a second: heartbeat for the seats held here, stand-ins for absent players, and the
        idle tables unloaded."""
        now = time.time()
        self.unload_idle(now)
        self._presence_beat(now)
        self._catch_up_beat(now)
        after = self.settings.absent_after
        # the heartbeat: often enough for any process's absence rule (HEARTBEAT when this one
        # has none), all games in one transaction
        beat = now - self._last_beat >= (max(1.0, after / 3) if after >= 0 else HEARTBEAT)
        if beat:
            self._last_beat = now
            held = self._held_by_game()
            self.store.touch_all({gid: seats for gid, seats in held.items() if seats})
        if after < 0:
            return
        for table in list(self.tables.values()):
            present = self.present(table.id)
            with table.lock:
                match = table.match
                if match.is_over():
                    continue
                for s in [s for s in table.stand_ins if s in present]:
                    del table.stand_ins[s]
                waiting = [
                    s
                    for s in match.to_move()
                    if table.seats[s].kind in HUMAN_KINDS and s not in present and s not in table.stand_ins
                ]
                if not table.stand_ins and (not waiting or now - table.pending_since < after):
                    continue
            fresh = self.store.seats(table.id)  # last_seen is kept up by whichever process holds the seat
            with table.lock:
                before = dict(table.stand_ins)
                for s in list(table.stand_ins):
                    if now - fresh[s].last_seen < after:
                        del table.stand_ins[s]
                absent = [s for s in waiting if fresh[s].claimed and now - fresh[s].last_seen >= after]
                # A stand-in plays so that the people at the table need not wait: with nobody else
                # at the table (everyone left, or a person alone against bots) the game waits for
                # its players, and the stand-ins stop.
                here = [
                    s
                    for s, row in enumerate(fresh)
                    if row.kind in HUMAN_KINDS
                    and row.claimed
                    and s not in absent
                    and s not in table.stand_ins
                    and (s in present or now - row.last_seen < after)
                ]
                if not here:
                    absent = []
                    table.stand_ins.clear()
                for s in absent:
                    table.stand_ins[s] = self._stand_in(table.game, s)
                    table.seats[s].claimed = True
                changed = set(before) != set(table.stand_ins)
            if changed:
                self._tell_table(table)
            if absent:
                log.info("game %s: a bot plays for absent seat(s) %s", table.id, absent)
                self.spawn_drive(table.id)

    def unload_idle(self, now: float) -> int:
        """Forget the tables nobody uses (they are loaded again from the database when someone
        does): a finished game, or one no person has joined yet, without a connection or a bot at
        work and unchanged for ``unload_after`` seconds. Without this every game this process ever
        loaded stayed in memory (a game created in a loop grew the server without bound). Games
        with a person at the table stay: their absence rule and stand-ins live here."""
        keep = self.settings.unload_after
        with self._lock:
            held = set(self.conns)
            tables = list(self.tables.values())
        gone = 0
        for table in tables:
            if table.id in held or table.driving or now - table.pending_since < keep:
                continue
            with table.lock:
                idle = table.match.is_over() or not any(
                    s.kind in HUMAN_KINDS and s.claimed for s in table.seats
                )
                if not idle or table.driving or table.stand_ins:
                    continue
                with self._lock:
                    if table.id in self.conns or self.tables.get(table.id) is not table:
                        continue
                    del self.tables[table.id]
                    gone += 1
        return gone

    def _undoable(self, table: Table, seat: int, decide: bool = False) -> bool:
        """Whether the person at ``seat`` may take back their last move now, as far as it is
        decided (``decide``: decide it now; :meth:`_tell_undo` decides it after a move)."""
        if table.seats[seat].kind not in HUMAN_KINDS or seat in table.stand_ins:
            return False
        try:
            return table.match.can_undo(seat) if decide else table.match.undo_known(seat) is True
        except Exception:  # a defect in a game's undo test only hides the button
            log.exception("game %s: the undo test failed", table.id)
            return False

    # -- pushing ------------------------------------------------------------------------------------
    def _broadcast(self, table: Table) -> None:
        with self._lock:
            conns = list(self.conns.get(table.id, ()))
        shared: dict[tuple[int | None, str], dict[str, Any]] = {}
        for conn in conns:
            self._send(table, conn, shared=shared)

    def _send(
        self,
        table: Table,
        conn: Conn,
        force: bool = False,
        shared: dict[tuple[int | None, str], dict[str, Any]] | None = None,
    ) -> None:
        """Push ``conn`` one update per seat it holds (spectators: one for seat None)."""
        match = table.match
        to_move = match.to_move()
        asked = [s for s in conn.seats if s in to_move]
        for viewer in conn.viewers:
            since = conn.sent.get(viewer)
            if since == match.version and not force:
                continue
            key = (since if viewer is None else -1, conn.lang)
            message = shared.get((viewer, str(key))) if shared is not None and viewer is None else None
            if message is None:
                message = {
                    "type": "update",
                    "game": table.id,
                    "seat": viewer,
                    **match.update(viewer, since, conn.lang, table.names),
                    "asked": asked,
                    "turn": asked[0] if asked else None,
                    "stand_ins": sorted(table.stand_ins),
                }
                if shared is not None and viewer is None:
                    shared[(viewer, str(key))] = message
                if viewer is not None:
                    add_choices(table.game, match, message, conn.lang, table.names)
            conn.sent[viewer] = match.version
            conn.push(message)
            if viewer is not None and self._undoable(table, viewer):  # decided already (_tell_undo)
                conn.push({"type": "undoable", "game": table.id, "seat": viewer, "version": match.version})
