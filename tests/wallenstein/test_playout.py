"""The fast random playout ends exactly where random bots in the generic loop end."""

from __future__ import annotations

import gc

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.game import drive
from feldherr.core.play import bot_seeds
from feldherr.wallenstein.state import WallensteinState

from .scenario import GAME

MODULE_SETS = ["", "court", "landsknechte", "leaders", "court,landsknechte,leaders"]


def _fresh(players: int, modules: str, seed: int) -> WallensteinState:
    state = GAME.new_state(
        {"players": players, "modules": modules, "setup": "draft" if seed % 2 else "fixed"}, seed
    )
    assert isinstance(state, WallensteinState)
    return state


@pytest.mark.parametrize("modules", MODULE_SETS)
def test_playout_equals_the_generic_loop(modules: str) -> None:
    for seed in range(24):
        players = 3 + seed % 3
        seeds = bot_seeds(seed, players)
        fast, slow = _fresh(players, modules, seed), _fresh(players, modules, seed)
        n_fast = fast.random_playout(seeds)
        n_slow = drive(slow, [RandomBot(s) for s in seeds])
        assert n_fast == n_slow
        assert fast.digest() == slow.digest()


def test_playout_from_the_middle_of_a_game() -> None:
    for seed in range(6):
        state = _fresh(4, "court,leaders", seed)
        bots = [RandomBot(100 + s) for s in range(4)]
        for _ in range(150):
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
        twin = state.clone()
        seeds = [7, 8, 9, 10]
        assert state.random_playout(seeds) == drive(twin, [RandomBot(s) for s in seeds])
        assert state.digest() == twin.digest()


@pytest.mark.parametrize("collecting", [True, False])
def test_playout_leaves_the_garbage_collector_as_it_found_it(
    collecting: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The playout pauses the cyclic collector only while it runs: afterwards (also after an
    error) the collector is on or off as before, and during the playout it is off."""
    import feldherr.wallenstein.game as binding

    seen: list[bool] = []

    def playout(state: WallensteinState, seeds: object) -> int:
        seen.append(gc.isenabled())
        if len(seen) == 2:
            raise RuntimeError("a failing playout")
        return 0

    monkeypatch.setattr(binding, "random_playout", playout)
    was = gc.isenabled()
    try:
        if collecting:
            gc.enable()
        else:
            gc.disable()
        state = _fresh(4, "", 0)
        assert state.random_playout([1, 2, 3, 4]) == 0
        assert gc.isenabled() is collecting
        with pytest.raises(RuntimeError, match="a failing playout"):
            state.random_playout([1, 2, 3, 4])
        assert gc.isenabled() is collecting
        assert seen == [False, False]
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()
