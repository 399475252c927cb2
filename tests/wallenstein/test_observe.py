"""The observation the research adapters read from the state must give exactly the view's."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from feldherr.core import testing
from feldherr.wallenstein import info
from feldherr.wallenstein.game import WallensteinGame

GAME = WallensteinGame()

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 3},
    {"players": 4, "setup": "fixed", "tower": "simple"},
    {"players": 5, "modules": ["court"]},
    {"players": 4, "modules": ["landsknechte"], "tower": "two-level"},
    {"players": 3, "setup": "fixed", "modules": ["leaders"]},
    {"players": 5, "modules": ["court", "landsknechte", "leaders"]},
]


def _name(options: dict[str, Any]) -> str:
    return f"{options['players']}p-{options.get('setup', '')}-{'+'.join(options.get('modules', []))}"


@pytest.mark.parametrize("options", OPTION_SETS, ids=_name)
def test_the_fast_observation_is_the_views(options: dict[str, Any]) -> None:
    """``observe`` reads the state directly; at every position of a random game and for every seat
    it gives exactly the numbers of the view-based reference (``observation`` of ``view(seat)``),
    so two states with the same view give the same observation and nothing hidden leaks; every
    number lies in [0, 1]. A reused buffer gets the same numbers."""
    positions, phases = testing.check_observe_is_the_views(GAME, options, info.observation, 101)
    assert positions > 300 and {"plan", "move"} <= phases


def test_an_unsuitable_buffer_gets_the_numbers_copied() -> None:
    state = GAME.new_state({"players": 3}, 5)
    wide = np.zeros(info.OBSERVATION_SIZE, np.float64)
    assert GAME.observe(state, 1, (), wide) is wide
    assert np.array_equal(wide, info.observation(state.view(1)))
