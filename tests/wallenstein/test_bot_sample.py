"""The heuristic bot's state path (``Board.from_state``, ``choose_in_sample``, used by the search's
playouts) is the view path exactly: the same board at every position, the same move and the same
draws, in every module combination."""

from __future__ import annotations

import itertools

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.search.playout import SampleChooser
from feldherr.wallenstein.bots import Board, HeuristicBot
from feldherr.wallenstein.game import WallensteinGame
from feldherr.wallenstein.state import WallensteinState

GAME = WallensteinGame()
MODULES = ("court", "landsknechte", "leaders")
COMBINATIONS = [combo for k in (0, 1, 3) for combo in itertools.combinations(MODULES, k)]


def fields(board: Board) -> dict[str, object]:
    return {name: getattr(board, name) for name in sorted(vars(board))}


@pytest.mark.parametrize("combo", COMBINATIONS, ids=lambda c: "+".join(c) or "base")
def test_the_state_path_reads_the_board_and_chooses_as_the_view_path(combo: tuple[str, ...]) -> None:
    assert isinstance(HeuristicBot(0), SampleChooser)
    for seed in range(2):
        options = GAME.normalize_options({"players": 3 + 2 * seed, "modules": list(combo)})
        state = GAME.new_state(options, 40 + seed)
        assert isinstance(state, WallensteinState)
        players = [RandomBot(seed * 13 + s) for s in range(state.num_players)]
        checked = 0
        while not state.is_terminal():
            for seat in state.to_move():
                if seat not in state.to_move():
                    continue
                assert fields(Board.from_state(state, seat)) == fields(Board(state.view(seat)))
                legal = state.legal_moves(seat)
                by_view, by_state = HeuristicBot(seed + seat), HeuristicBot(seed + seat)
                chosen = by_view.choose(SeatAccess(state, seat))
                assert by_state.choose_in_sample(state, seat, legal) == chosen
                assert by_state.rng.state == by_view.rng.state
                checked += 1
                state.apply(seat, players[seat].choose(SeatAccess(state, seat)))
        assert checked > 100
