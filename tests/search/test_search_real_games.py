"""The search bots on every real game of this build: legal moves from samples, the real state
untouched, every strength available."""

from __future__ import annotations

import pytest
from gamelist import real_games

from feldherr.core.bots import SeatAccess
from feldherr.core.play import bot_table, make_bots
from feldherr.games import get_game

DECISIONS = 12


@pytest.mark.parametrize("name", real_games())
def test_search_bots_play_legal_moves_without_touching_the_state(name: str) -> None:
    game = get_game(name)
    assert {"easy", "medium", "hard", "ismcts"} <= set(bot_table(game))
    state = game.new_state({"players": 4}, 3)
    bots = make_bots(game, ["ismcts@4i", "hard@3i", "medium@2i", "random"], 3)
    decisions = 0
    while not state.is_terminal() and decisions < DECISIONS:
        seat = state.to_move()[0]
        before = state.digest()
        move = bots[seat].choose(SeatAccess(state, seat))
        assert state.digest() == before
        assert move in state.legal_moves(seat)
        state.apply(seat, move)
        decisions += 1
    assert decisions == DECISIONS
