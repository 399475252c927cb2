"""Properties over thousands of random games at 3, 4 and 5 players."""

from __future__ import annotations

import json

import pytest

from feldherr.core import RandomBot, Rng, make_bots, play_game, replay
from feldherr.wallenstein.state import WallensteinState

from .invariants import check_invariants, perturb_secrets
from .scenario import GAME


def _play_checked(players: int, seed: int, bots: list[str], check_views: bool) -> WallensteinState:
    state = GAME.new_state({"players": players, "setup": "draft" if seed % 2 else "fixed"}, seed)
    assert isinstance(state, WallensteinState)
    agents = make_bots(GAME, bots, seed)
    rng = Rng(seed + 99)
    vp = state.vp[:]
    while not state.is_terminal():
        for seat in state.to_move():
            state.apply(seat, agents[seat].choose(state, seat))
            check_invariants(state)
            assert all(a >= b for a, b in zip(state.vp, vp, strict=True)), "victory points never fall"
            vp = state.vp[:]
            if check_views and rng.below(4) == 0:
                viewer = rng.below(players)
                twin = perturb_secrets(state, viewer, rng)
                assert twin.view(viewer) == state.view(viewer)
                assert json.dumps(state.view(viewer))  # JSON-ready
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_invariants_after_every_decision(players: int) -> None:
    for seed in range(60):
        bots = ["heuristic" if (seed + s) % 3 == 0 else "random" for s in range(players)]
        _play_checked(players, seed, bots, check_views=seed % 3 == 0)


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
