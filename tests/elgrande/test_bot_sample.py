"""The heuristic bot's state path (``_Board.from_state``, ``choose_in_sample``, used by the
search's playouts) is the view path exactly: the same board at every position, the same move and
the same draws, with and without the variants that hide or add information."""

from __future__ import annotations

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.elgrande.bots import HeuristicBot, _Board
from feldherr.elgrande.game import GAME
from feldherr.elgrande.state import ElGrandeData
from feldherr.search.playout import SampleChooser

SETS = [
    {"players": 2},
    {"players": 3, "variant": ["hidden_castillo"]},
    {"players": 4},
    {"players": 4, "variant": ["machtverschiebung", "neue_regentschaft"]},
    {"players": 5, "variant": ["short"], "deck": "classic"},
]


def fields(board: _Board) -> dict[str, object]:
    return {name: getattr(board, name) for name in _Board.__slots__}


@pytest.mark.parametrize("options", SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_the_state_path_reads_the_board_and_chooses_as_the_view_path(options: dict[str, object]) -> None:
    assert isinstance(HeuristicBot(0), SampleChooser)
    state = GAME.new_state(GAME.normalize_options(options), 7)
    assert isinstance(state, ElGrandeData)
    players = [RandomBot(11 + s) for s in range(state.num_players)]
    checked = 0
    while not state.is_terminal():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            assert fields(_Board.from_state(state, seat)) == fields(_Board(state.view(seat), seat))
            legal = state.legal_moves(seat)
            by_view, by_state = HeuristicBot(seat), HeuristicBot(seat)
            chosen = by_view.choose(SeatAccess(state, seat))
            assert by_state.choose_in_sample(state, seat, legal) == chosen
            assert by_state.rng.state == by_view.rng.state
            checked += 1
            state.apply(seat, players[seat].choose(SeatAccess(state, seat)))
    assert checked > 100
