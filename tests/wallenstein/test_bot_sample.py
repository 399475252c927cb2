"""The heuristic bot's state path (``Board.from_state``, ``choose_in_sample``, used by the search's
playouts) is the view path exactly: the same board at every position, the same move and the same
draws, in every module combination."""

from __future__ import annotations

import itertools

import pytest

from feldherr.core.testing import check_sample_choice, positions
from feldherr.search.playout import SampleChooser
from feldherr.wallenstein.bots import Board, HeuristicBot
from feldherr.wallenstein.game import WallensteinGame
from feldherr.wallenstein.state import WallensteinState

GAME = WallensteinGame()
MODULES = ("court", "landsknechte", "leaders")
COMBINATIONS = [combo for k in (0, 1, 3) for combo in itertools.combinations(MODULES, k)]


@pytest.mark.parametrize("combo", COMBINATIONS, ids=lambda c: "+".join(c) or "base")
def test_the_state_path_reads_the_board_and_chooses_as_the_view_path(combo: tuple[str, ...]) -> None:
    assert isinstance(HeuristicBot(0), SampleChooser)
    checked = 0
    for seed in range(2):
        options = {"players": 3 + 2 * seed, "modules": list(combo)}
        for state in positions(GAME, options, 40 + seed, every=1):
            assert isinstance(state, WallensteinState)
            for seat in state.to_move():
                assert vars(Board.from_state(state, seat)) == vars(Board(state.view(seat)))
                check_sample_choice(HeuristicBot, state, seat, seed + seat)
                checked += 1
    assert checked > 200
