"""Properties over thousands of random games at 3, 4 and 5 players."""

from __future__ import annotations

import json

import pytest

from feldherr.core import RandomBot, make_bots, play_game, replay
from feldherr.wallenstein.state import WallensteinState

from .invariants import check_invariants, play_checked
from .scenario import GAME


@pytest.mark.parametrize("players", [3, 4, 5])
def test_invariants_after_every_decision(players: int) -> None:
    for seed in range(60):
        bots = ["heuristic" if (seed + s) % 3 == 0 else "random" for s in range(players)]
        options = {"players": players, "setup": "draft" if seed % 2 else "fixed"}
        play_checked(options, seed, bots, view_every=4 if seed % 3 == 0 else 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_thousand_random_games_end_consistent(players: int) -> None:
    """1,000 random games per player count: invariants hold at the end, every game ends."""
    for seed in range(1000):
        _, state, decisions = play_game(
            GAME,
            {"players": players},
            seed,
            [RandomBot(seed * 7 + s) for s in range(players)],
            record_moves=False,
        )
        assert isinstance(state, WallensteinState)
        check_invariants(state)
        assert state.year == 2 and state.phase == "over" and decisions > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_records_replay_to_the_same_state(players: int) -> None:
    for seed in range(15):
        record, state, _ = play_game(
            GAME,
            {"players": players, "setup": "draft"},
            seed,
            make_bots(GAME, ["heuristic", *["random"] * (players - 1)], seed),
        )
        data = json.loads(json.dumps(record.to_json()))
        from feldherr.core import GameRecord

        replayed = replay(GAME, GameRecord.from_json(data))
        assert replayed.digest() == state.digest() == record.final_digest
