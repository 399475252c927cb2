"""El Grande's own random playout plays the generic loop's games: the same moves, the same end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from feldherr.core.bots import RandomBot
from feldherr.core.game import Move, drive
from feldherr.core.play import bot_seeds
from feldherr.elgrande import playout
from feldherr.games import get_game

GAME = get_game("elgrande")
VARIANTS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "variant": ["merged_stacks"]},
    {"players": 5},
    {"players": 4, "deck": "classic"},
    {"players": 4, "variant": ["short"]},
    {"players": 3, "variant": ["hidden_castillo", "machtverschiebung"]},
    {"players": 4, "variant": ["neue_regentschaft"]},
    {"players": 4, "variant": ["alte_hasen"]},
]


def _recorder(moves: list[tuple[int, Move]]) -> Callable[[int, Move], None]:
    return lambda seat, move: moves.append((seat, move))


@pytest.mark.parametrize("options", VARIANTS, ids=[str(v) for v in VARIANTS])
def test_playout_plays_the_generic_loops_games(options: dict[str, Any]) -> None:
    opts = GAME.normalize_options(options)
    for seed in range(12):
        seeds = bot_seeds(seed, opts["players"])
        fast, slow = GAME.new_state(opts, seed), GAME.new_state(opts, seed)
        fast_moves: list[tuple[int, Move]] = []
        slow_moves: list[tuple[int, Move]] = []
        n_fast = playout.random_playout(fast, seeds, _recorder(fast_moves))
        fast.version += n_fast
        n_slow = drive(slow, [RandomBot(s) for s in seeds], _recorder(slow_moves))
        assert fast_moves == slow_moves and n_fast == n_slow == len(slow_moves) > 0
        assert fast.digest() == slow.digest() and fast.version == slow.version
        assert fast.is_terminal()


def test_the_states_playout_is_the_generic_game_from_the_start_and_from_the_middle() -> None:
    for seed in range(40):
        opts = GAME.normalize_options(VARIANTS[seed % len(VARIANTS)])
        seeds = bot_seeds(seed, opts["players"])
        fast, slow = GAME.new_state(opts, seed), GAME.new_state(opts, seed)
        assert fast.random_playout(seeds) == drive(slow, [RandomBot(s) for s in seeds])
        assert fast.to_json() == slow.to_json()  # digest, version and options alike
    for seed in range(8):
        state = GAME.new_state(GAME.normalize_options({"players": 4}), seed)
        bots = [RandomBot(100 + s) for s in range(4)]
        for _ in range(60 + 9 * seed):
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].pick(state.legal_moves(seat), "elgrande", seat))
        twin = state.clone()
        seeds = [7, 8, 9, 10]
        assert state.random_playout(seeds) == drive(twin, [RandomBot(s) for s in seeds])
        assert state.to_json() == twin.to_json()
