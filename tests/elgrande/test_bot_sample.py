"""The heuristic bot's state path (``_Board.from_state``, ``choose_in_sample``, used by the
search's playouts) is the view path exactly: the same board at every position, the same move and
the same draws, with and without the variants that hide or add information."""

from __future__ import annotations

from typing import Any

import pytest

from feldherr.core.testing import check_sample_choice, positions
from feldherr.elgrande.bots import HeuristicBot, _Board
from feldherr.elgrande.game import GAME
from feldherr.elgrande.state import ElGrandeData
from feldherr.search.playout import SampleChooser

SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "variant": ["hidden_castillo"]},
    {"players": 4},
    {"players": 4, "variant": ["machtverschiebung", "neue_regentschaft"]},
    {"players": 5, "variant": ["short"], "deck": "classic"},
]


def fields(board: _Board) -> dict[str, object]:
    return {name: getattr(board, name) for name in _Board.__slots__}


@pytest.mark.parametrize("options", SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_state_path_reads_the_board_and_chooses_as_the_view_path(options: dict[str, Any]) -> None:
    assert isinstance(HeuristicBot(0), SampleChooser)
    checked = 0
    for state in positions(GAME, options, 7, every=1):
        assert isinstance(state, ElGrandeData)
        for seat in state.to_move():
            assert fields(_Board.from_state(state, seat)) == fields(_Board(state.view(seat), seat))
            check_sample_choice(HeuristicBot, state, seat, seat)
            checked += 1
    assert checked > 100
