"""The heuristic bot plans around boxes it did not choose itself.

A search tries other cards on some boxes of its own plan and lets the heuristic play the rest (in
its tree and playouts); a plan that ignored those boxes would ask for cards already placed, and the
bot would fall back to the first legal card."""

from __future__ import annotations

import pytest

from feldherr.core.testing import positions
from feldherr.wallenstein.bots import Board, HeuristicBot
from feldherr.wallenstein.data import TOWER_CARD
from feldherr.wallenstein.game import WallensteinGame
from feldherr.wallenstein.moves import Slot
from feldherr.wallenstein.state import EMPTY, UNPLANNED, WallensteinState

GAME = WallensteinGame()


@pytest.mark.parametrize("modules", [[], ["court", "landsknechte", "leaders"]], ids=["base", "all"])
def test_a_plan_keeps_the_given_boxes_and_plays_a_legal_card_on_the_next(modules: list[str]) -> None:
    bot = HeuristicBot(0)
    deviating = 0
    for seed in range(3):
        for state in positions(GAME, {"players": 4, "modules": modules}, 70 + seed, every=1):
            assert isinstance(state, WallensteinState)
            for seat in state.to_move():
                legal = state.legal_moves(seat)
                if not isinstance(legal[0], Slot):
                    continue
                board = Board.from_state(state, seat)
                own, kept = bot._plan(board, seat), bot._plan(board, seat, fixed=True)
                given = [box for box, v in enumerate(board.plan) if v != UNPLANNED]
                assert all(kept[box] == board.plan[box] for box in given)
                cards = [v for v in kept if v not in (EMPTY, TOWER_CARD)]
                assert len(cards) == len(set(cards)), kept
                if all(own[box] == board.plan[box] for box in given):
                    assert kept == own  # on its own plan: the same plan
                    continue
                deviating += 1
                box = legal[0].box
                assert Slot("slot", box, kept[box]) in legal, (kept, box)
                assert bot.choose_in_sample(state, seat, legal) == Slot("slot", box, kept[box])
    assert deviating > 50


@pytest.mark.parametrize("modules", [[], ["court", "landsknechte", "leaders"]], ids=["base", "all"])
def test_on_its_own_plan_the_given_boxes_change_nothing(modules: list[str]) -> None:
    state = GAME.new_state(GAME.normalize_options({"players": 4, "modules": modules}), 5)
    bots = [HeuristicBot(seat) for seat in range(4)]
    planned = 0
    while not state.is_terminal():
        for seat in state.to_move():
            legal = state.legal_moves(seat)
            if isinstance(legal[0], Slot):
                board = Board.from_state(state, seat)
                assert bots[seat]._plan(board, seat, fixed=True) == bots[seat]._plan(board, seat)
                planned += 1
            state.apply(seat, bots[seat].choose_in_sample(state, seat, legal))
    assert planned > 100
