"""The database layer without a server: migrations give exactly the tables, snapshots resume
exactly where a replay would."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from gamelist import real_games

from feldherr.core.match import Match
from feldherr.core.play import make_bots
from feldherr.games import get_game
from feldherr.server import snapshot
from feldherr.server.schema import metadata
from feldherr.server.store import Store


def test_migrations_create_exactly_the_schema(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    store.migrate()  # idempotent
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    store.dispose()


@pytest.mark.parametrize("name", ["toy", *real_games()])
def test_snapshot_resume_equals_replay(name: str) -> None:
    game = get_game(name)
    players = game.min_players
    match = Match(game, {"players": players}, 7)
    bots = make_bots(game, ["random"] * players, 7)
    for _ in range(80):  # a prefix of a random game
        if match.is_over():
            break
        seat = match.to_move()[0]
        match.apply(seat, bots[seat].choose(match.seat_access(seat)))
    assert match.version > 0
    whole = len(match.record.moves)
    assert whole >= 4
    cut = whole // 2
    early = Match.from_record(
        game, type(match.record)(**{**match.record.__dict__, "moves": match.record.moves[:cut]})
    )
    data = snapshot.take(early)
    resumed = snapshot.resume(game, match.record, cut, data)
    replayed = Match.from_record(game, match.record)
    assert resumed.version == replayed.version
    assert resumed._state.digest() == replayed._state.digest()
    for seat in [None, *range(players)]:
        assert resumed.update(seat, 0, "en") == replayed.update(seat, 0, "en")
    last_seat, last_move = match.record.moves[-1]
    assert resumed.submit(last_seat, last_move, whole - 1).duplicate  # the retry rule survives the resume
