"""The database: engine set-up, migrations, and the synchronous reads and writes of the server.

Everything here blocks; the server calls it from worker threads, never on the event loop.
On SQLite every transaction starts with ``BEGIN IMMEDIATE`` (one writer at a time, so a game's
version check and its move insert cannot interleave with another writer's) in WAL mode (readers
are not blocked; a committed transaction survives the process being killed). On PostgreSQL a
game's row is locked with ``SELECT ... FOR UPDATE`` for the duration of a move.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url

from feldherr.server.config import normalize_db_url
from feldherr.server.schema import games, moves, seats, snapshots

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x6665_6C64  # a PostgreSQL advisory lock id: one process migrates at a time


# The statements of the hot path (one move), built once: building them per move cost as much as
# running them.
_VERSION = select(games.c.version, games.c.undos).where(games.c.id == bindparam("gid"))
_TOUCH = (
    update(seats)
    .where(seats.c.game_id == bindparam("b_gid"), seats.c.seat == bindparam("b_seat"))
    .values(last_seen=bindparam("b_now"))
)
_VERSION_LOCKED = _VERSION.with_for_update()
_INSERT_MOVE = insert(moves)
_UPDATE_VERSION = (
    update(games)
    .where(games.c.id == bindparam("gid"))
    .values(version=bindparam("version"), updated=bindparam("updated"))
)
_FINISH = (
    update(games)
    .where(games.c.id == bindparam("gid"))
    .values(
        version=bindparam("version"),
        updated=bindparam("updated"),
        status=bindparam("status"),
        outcome=bindparam("outcome"),
    )
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None
    name: str
    token: str | None
    claimed: bool
    last_seen: float

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "name": self.name,
            "claimed": self.claimed,
            # a friend's invitation that was never opened, given to a bot (Hub.replace)
            "replaced": self.kind == "bot" and self.token is not None,
        }


@dataclass
class GameRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    engine: int
    version: int
    status: str
    public: bool
    outcome: dict[str, Any] | None
    rematch_of: str | None
    rematch: str | None
    created: float
    updated: float
    position: dict[str, Any] | None = None
    """The position the game started from (None: a new game from the seed)."""
    undos: int = 0
    """How many moves were taken back (a copy in memory with another count is out of date)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "options": self.options,
            "version": self.version,
            "status": self.status,
            "outcome": self.outcome,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
            "created": self.created,
            "updated": self.updated,
            "from_position": self.position is not None,
        }


def _game_row(row: Any) -> GameRow:
    return GameRow(
        id=row.id,
        game=row.game,
        options=json.loads(row.options),
        seed=int(row.seed),
        engine=row.engine,
        version=row.version,
        status=row.status,
        public=bool(row.public),
        outcome=json.loads(row.outcome) if row.outcome else None,
        rematch_of=row.rematch_of,
        rematch=row.rematch,
        created=row.created,
        updated=row.updated,
        position=json.loads(row.position) if row.position else None,
        undos=row.undos,
    )


def _seat_row(row: Any) -> SeatRow:
    return SeatRow(row.seat, row.kind, row.bot, row.name, row.token, bool(row.claimed), row.last_seen)


class Store:
    """The server's database (see the module docstring)."""

    def __init__(self, url: str) -> None:
        self.url = normalize_db_url(url)
        parsed = make_url(self.url)
        self.dialect = parsed.get_backend_name()
        if self.dialect == "sqlite":
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=16
            )
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            self.engine = create_engine(self.url, pool_size=16, max_overflow=16, pool_pre_ping=True)
        # SQLite has one writer at a time; waiting for it in SQLite's busy handler means sleeping in
        # growing steps, so the threads of this process queue on a lock instead (other processes on
        # the same file still meet the busy handler).
        self._write_lock = threading.Lock() if self.dialect == "sqlite" else None

    @contextlib.contextmanager
    def begin(self) -> Iterator[Connection]:
        """A transaction (committed at the end unless an exception leaves it)."""
        if self._write_lock is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._write_lock, self.engine.begin() as conn:
            yield conn

    @property
    def shown_url(self) -> str:
        """The URL without its password (for the start message and the health answer)."""
        return make_url(self.url).render_as_string(hide_password=True)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (several processes may start at once)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as conn:
            if self.dialect == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            config.attributes["connection"] = conn
            command.upgrade(config, "head")

    def dispose(self) -> None:
        self.engine.dispose()

    # -- games -------------------------------------------------------------------------------
    def create_game(
        self, game: GameRow, seat_rows: Sequence[SeatRow], conn: Connection | None = None
    ) -> None:
        if conn is None:
            with self.begin() as c:
                self.create_game(game, seat_rows, c)
            return
        conn.execute(
            insert(games).values(
                id=game.id,
                game=game.game,
                options=json.dumps(game.options),
                seed=str(game.seed),
                engine=game.engine,
                version=game.version,
                status=game.status,
                public=game.public,
                outcome=json.dumps(game.outcome) if game.outcome is not None else None,
                rematch_of=game.rematch_of,
                rematch=game.rematch,
                created=game.created,
                updated=game.updated,
                position=json.dumps(game.position) if game.position is not None else None,
            )
        )
        conn.execute(
            insert(seats),
            [
                {
                    "game_id": game.id,
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "token": s.token,
                    "claimed": s.claimed,
                    "last_seen": s.last_seen,
                }
                for s in seat_rows
            ],
        )

    def game(self, game_id: str, conn: Connection | None = None, lock: bool = False) -> GameRow | None:
        query = select(games).where(games.c.id == game_id)
        if lock and self.dialect == "postgresql":
            query = query.with_for_update()
        if conn is None:
            with self.begin() as c:
                row = c.execute(query).first()
        else:
            row = conn.execute(query).first()
        return _game_row(row) if row is not None else None

    def seats(self, game_id: str, conn: Connection | None = None) -> list[SeatRow]:
        query = select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
        if conn is None:
            with self.begin() as c:
                return [_seat_row(r) for r in c.execute(query)]
        return [_seat_row(r) for r in conn.execute(query)]

    def seats_of(self, game_ids: Iterable[str]) -> dict[str, list[SeatRow]]:
        """The seats of each of these games, in one query (no lock)."""
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        query = select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)
        found: dict[str, list[SeatRow]] = {i: [] for i in ids}
        with self.engine.connect() as conn:
            for r in conn.execute(query):
                found[r.game_id].append(_seat_row(r))
        return found

    def list_games(
        self, status: str | None, limit: int, offset: int = 0
    ) -> list[tuple[GameRow, list[SeatRow]]]:
        query = select(games).where(games.c.public.is_(True))
        if status is not None:
            query = query.where(games.c.status == status)
        query = query.order_by(games.c.updated.desc()).limit(limit).offset(offset)
        with self.begin() as conn:
            rows = [_game_row(r) for r in conn.execute(query)]
            ids = [r.id for r in rows]
            by_game: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for r in conn.execute(select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)):
                    by_game[r.game_id].append(_seat_row(r))
        return [(r, by_game[r.id]) for r in rows]

    def unfinished(self) -> list[str]:
        with self.begin() as conn:
            query = select(games.c.id).where(games.c.status.in_(("open", "running")))
            return [r.id for r in conn.execute(query)]

    def set_game(self, conn: Connection, game_id: str, **values: Any) -> None:
        if "outcome" in values and values["outcome"] is not None:
            values["outcome"] = json.dumps(values["outcome"])
        conn.execute(update(games).where(games.c.id == game_id).values(**values))

    def claim(self, game_id: str, seat_numbers: Iterable[int]) -> bool:
        """Mark seats as taken by their players; True if the game thereby left 'open'."""
        now = time.time()
        with self.begin() as conn:
            row = self.game(game_id, conn, lock=True)
            if row is None:
                return False
            conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat.in_(list(seat_numbers)),
                    seats.c.kind != "bot",  # given to a bot meanwhile (replace_with_bot): stays the bot's
                )
                .values(claimed=True, last_seen=now)
            )
            return row.status == "open" and self._start_if_all_claimed(conn, game_id, now)

    def replace_with_bot(self, game_id: str, seat_number: int, bot: str) -> bool:
        """A friend's seat whose invitation was never opened becomes a bot's (its token stays, so
        that the friend who comes later is told); the game leaves 'open' when no invitation is left
        unopened. False (nothing changed) if the invitation was opened meanwhile."""
        now = time.time()
        with self.begin() as conn:
            row = self.game(game_id, conn, lock=True)
            if row is None:
                return False
            done = conn.execute(
                update(seats)
                .where(
                    seats.c.game_id == game_id,
                    seats.c.seat == seat_number,
                    seats.c.kind == "human",
                    seats.c.claimed.is_(False),
                )
                .values(kind="bot", bot=bot, claimed=True, last_seen=now)
            )
            if done.rowcount != 1:
                return False
            if row.status == "open":
                self._start_if_all_claimed(conn, game_id, now)
        return True

    def _start_if_all_claimed(self, conn: Connection, game_id: str, now: float) -> bool:
        """An open game whose every seat is claimed (its players came, or bots took their seats)
        starts running; True if it did."""
        unclaimed = conn.execute(
            select(seats.c.seat).where(seats.c.game_id == game_id, seats.c.claimed.is_(False))
        ).first()
        if unclaimed is not None:
            return False
        self.set_game(conn, game_id, status="running", updated=now)
        return True

    def rename(self, game_id: str, seat_number: int, name: str) -> None:
        """The name a seat's player gave themselves at the table."""
        with self.begin() as conn:
            conn.execute(
                update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat_number).values(name=name)
            )

    def touch(self, game_id: str, seat_numbers: Iterable[int]) -> None:
        """The seats' players are here now (a heartbeat for the absence rule)."""
        with self.begin() as conn:
            conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat.in_(list(seat_numbers)))
                .values(last_seen=time.time())
            )

    def touch_all(self, held: dict[str, set[int]]) -> None:
        """The heartbeat of every seat held in this process, in one transaction (one write lock,
        not one per game: the heartbeat must not queue the moves' commits behind it)."""
        rows = [
            {"b_gid": game_id, "b_seat": seat, "b_now": time.time()}
            for game_id, numbers in held.items()
            for seat in sorted(numbers)
        ]
        if rows:
            with self.begin() as conn:
                conn.execute(_TOUCH, rows)

    # -- moves and snapshots -------------------------------------------------------------------
    def lock_version(self, conn: Connection, game_id: str) -> tuple[int, int] | None:
        """The game's stored version and count of moves taken back, its row locked until the
        transaction ends (PostgreSQL; on SQLite the transaction holds the database's write lock
        already); None: no such game."""
        statement = _VERSION_LOCKED if self.dialect == "postgresql" else _VERSION
        row = conn.execute(statement, {"gid": game_id}).first()
        return (int(row.version), int(row.undos)) if row is not None else None

    def version(self, game_id: str, conn: Connection | None = None) -> tuple[int, int] | None:
        """The game's stored version and count of moves taken back (no lock)."""
        if conn is None:
            with self.begin() as c:
                row = c.execute(_VERSION, {"gid": game_id}).first()
        else:
            row = conn.execute(_VERSION, {"gid": game_id}).first()
        return (int(row.version), int(row.undos)) if row is not None else None

    def versions(self, game_ids: Iterable[str]) -> dict[str, tuple[int, int]]:
        """The stored version and count of moves taken back of each of these games, in one query
        (no lock; games that are not stored are left out)."""
        ids = sorted(set(game_ids))
        if not ids:
            return {}
        query = select(games.c.id, games.c.version, games.c.undos).where(games.c.id.in_(ids))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return {str(r.id): (int(r.version), int(r.undos)) for r in rows}

    def take_back(self, conn: Connection, game_id: str, moves_left: int, version: int) -> None:
        """A move taken back: the moves from index ``moves_left`` on and the snapshots taken after
        them go, the version is set and the count of moves taken back goes up."""
        conn.execute(delete(moves).where(moves.c.game_id == game_id, moves.c.idx >= moves_left))
        later = snapshots.c.version > moves_left
        conn.execute(delete(snapshots).where(snapshots.c.game_id == game_id, later))
        conn.execute(
            update(games)
            .where(games.c.id == game_id)
            .values(version=version, updated=time.time(), undos=games.c.undos + 1)
        )

    def record_move(
        self,
        conn: Connection,
        game_id: str,
        idx: int,
        seat: int,
        move_json: str,
        version: int,
        outcome: dict[str, Any] | None,
    ) -> None:
        """Store one accepted move and the game's new version (and its end)."""
        now = time.time()
        conn.execute(
            _INSERT_MOVE, {"game_id": game_id, "idx": idx, "seat": seat, "move": move_json, "at": now}
        )
        values = {"gid": game_id, "version": version, "updated": now}
        if outcome is None:
            conn.execute(_UPDATE_VERSION, values)
        else:
            conn.execute(
                _FINISH, {**values, "status": "finished", "outcome": json.dumps(outcome, default=str)}
            )

    def add_moves(self, conn: Connection, game_id: str, items: Sequence[tuple[int, Any]]) -> None:
        if items:
            now = time.time()
            conn.execute(
                insert(moves),
                [
                    {"game_id": game_id, "idx": i, "seat": seat, "move": json.dumps(mv), "at": now}
                    for i, (seat, mv) in enumerate(items)
                ],
            )

    def moves(
        self, game_id: str, since: int = 0, conn: Connection | None = None
    ) -> list[tuple[int, int, Any]]:
        """(index, seat, move JSON) from index ``since`` on, in order."""
        query = (
            select(moves.c.idx, moves.c.seat, moves.c.move)
            .where(moves.c.game_id == game_id, moves.c.idx >= since)
            .order_by(moves.c.idx)
        )
        if conn is None:
            with self.begin() as c:
                return [(r.idx, r.seat, json.loads(r.move)) for r in c.execute(query)]
        return [(r.idx, r.seat, json.loads(r.move)) for r in conn.execute(query)]

    def add_snapshot(self, conn: Connection, game_id: str, version: int, data: str) -> None:
        """Store a snapshot (its JSON text) taken after ``version`` moves."""
        conn.execute(insert(snapshots).values(game_id=game_id, version=version, data=data))

    def latest_snapshot(self, game_id: str, at_most: int) -> tuple[int, dict[str, Any]] | None:
        query = (
            select(snapshots.c.version, snapshots.c.data)
            .where(snapshots.c.game_id == game_id, snapshots.c.version <= at_most)
            .order_by(snapshots.c.version.desc())
            .limit(1)
        )
        with self.begin() as conn:
            row = conn.execute(query).first()
        return (row.version, json.loads(row.data)) if row is not None else None


def _sqlite_connect(dbapi_conn: Any, _record: Any) -> None:
    dbapi_conn.isolation_level = None  # transactions are begun explicitly (below)
    cursor = dbapi_conn.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: durable against a killed process
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def _sqlite_begin(conn: Connection) -> None:
    conn.exec_driver_sql("BEGIN IMMEDIATE")
