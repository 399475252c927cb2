"""Clones share the lists of a module that is off (feldherr.wallenstein.state._MODULE_LISTS): that
is only right if no rule ever writes them while the module is off. Checked over random games of
every module combination, after every decision."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.wallenstein.game import WallensteinGame
from feldherr.wallenstein.state import _MODULE_LISTS, WallensteinState

GAME = WallensteinGame()
MODULES = {"court": "court", "lsk": "landsknechte", "leaders": "leaders"}
COMBINATIONS = [combo for k in range(4) for combo in itertools.combinations(MODULES, k)]


def fields_of(state: WallensteinState, combo: tuple[str, ...]) -> dict[str, Any]:
    off = [name for module, names in _MODULE_LISTS.items() if module not in combo for name in names]
    if not combo:
        off.append("queue")
    return {name: repr(getattr(state, name)) for name in off}


@pytest.mark.parametrize("combo", COMBINATIONS, ids=lambda c: "+".join(c) or "base")
def test_the_lists_of_a_module_that_is_off_never_change(combo: tuple[str, ...]) -> None:
    for seed in range(3):
        options = GAME.normalize_options({"players": 3 + seed, "modules": [MODULES[m] for m in combo]})
        state = GAME.new_state(options, 100 + seed)
        assert isinstance(state, WallensteinState)
        start = fields_of(state, combo)
        bots = [RandomBot(seed * 7 + s) for s in range(state.num_players)]
        while not state.is_terminal():
            for seat in state.to_move():
                if seat in state.to_move():
                    state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
            assert fields_of(state, combo) == start
