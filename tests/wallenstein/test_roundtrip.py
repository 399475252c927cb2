"""JSON round trips, cheap independent clones, determinism."""

from __future__ import annotations

import json

from feldherr.core import RandomBot, make_bots, play_game, step
from feldherr.core.bots import SeatAccess
from feldherr.wallenstein.state import WallensteinState

from .scenario import GAME


def _advance(state: WallensteinState, decisions: int, seed: int) -> None:
    bots = [RandomBot(seed + s) for s in range(state.num_players)]
    done = 0
    while done < decisions and not state.is_terminal():
        for seat in state.to_move():
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
            done += 1


def test_json_round_trip_mid_game_continues_identically() -> None:
    for players, cut in [(3, 5), (4, 40), (4, 130), (5, 300), (4, 500)]:
        state = GAME.new_state({"players": players, "setup": "draft"}, players * 100 + cut)
        assert isinstance(state, WallensteinState)
        _advance(state, cut, 1)
        data = json.loads(json.dumps(state.to_json()))
        copy = GAME.state_from_json(data)
        assert copy.digest() == state.digest()
        assert copy.view(0) == state.view(0)
        _advance(state, 10_000, 7)
        _advance(copy, 10_000, 7)
        assert copy.digest() == state.digest()


def test_clone_is_independent() -> None:
    state = GAME.new_state({"players": 4}, 3)
    _advance(state, 60, 2)
    before = state.digest()
    twin = state.clone()
    _advance(twin, 200, 5)
    assert state.digest() == before
    seat = state.to_move()[0]
    nxt = step(state, seat, state.legal_moves(seat)[0])
    assert state.digest() == before and nxt.digest() != before


def test_same_seed_same_game_other_seed_other_game() -> None:
    def final(seed: int) -> str:
        _, state, _ = play_game(GAME, {"players": 4}, seed, make_bots(GAME, ["random"] * 4, seed))
        return state.digest()

    assert final(11) == final(11)
    assert final(11) != final(12)
