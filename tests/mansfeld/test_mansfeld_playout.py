"""The fast random playout plays exactly the games of random bots through ``play_game``.

``MansfeldState.random_playout(seeds)`` must end in the state ``play_game`` reaches with
``RandomBot(seed)`` per seat: same digest (the log included), same number of decisions. Every test
here runs twice: with the compiled playout (``_cplayout.c``; skipped where it is not built) and with
the pure-Python one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.game import State
from feldherr.core.play import bot_seeds, make_bots, play_game
from feldherr.core.rng import Rng, seed_for_game
from feldherr.mansfeld.game import MansfeldGame, MansfeldState
from feldherr.mansfeld.rules import playout
from feldherr.mansfeld.state import COMMIT, DICE, OVER, RECRUIT
from feldherr.sim.bench import bench, has_fast_playout

GAME = MansfeldGame()
GAMES = 300
NATIVE = playout._load_native() if playout.native is None else playout.native


@pytest.fixture(autouse=True, params=["compiled", "pure"])
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Run the test with the compiled playout, then with the pure-Python one."""
    if request.param == "compiled":
        if NATIVE is None:
            pytest.skip("the C playout (feldherr.mansfeld._cplayout) is not built or FELDHERR_PURE is set")
        monkeypatch.setattr(playout, "native", NATIVE)
    else:
        monkeypatch.setattr(playout, "native", None)
    yield request.param


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_ends_where_play_game_ends(players: int) -> None:
    for index in range(GAMES):
        seed = seed_for_game(61, index)
        bots = make_bots(GAME, ["random"] * players, seed)
        _, final, decisions = play_game(GAME, {"players": players}, seed, bots, record_moves=False)
        state = GAME.new_state({"players": players}, seed)
        assert state.random_playout(bot_seeds(seed, players)) == decisions
        assert state.is_terminal()
        assert state.digest() == final.digest(), (players, index)
        assert state.version == final.version == decisions
        assert state.log == final.log


def test_playout_with_other_ages_and_seeds() -> None:
    """Ages change the turn order (packed into one integer key by the playout)."""
    for index, ages in enumerate([[30, 30, 30, 30], [5, 70, 5, 0], [1, 2, 3], [40, 40]]):
        options = {"players": len(ages), "ages": ages}
        for seed in range(40):
            seeds = [seed * 7 + s + index for s in range(len(ages))]
            bots = [RandomBot(s) for s in seeds]
            _, final, decisions = play_game(GAME, options, seed, bots, record_moves=False)
            state = GAME.new_state(options, seed)
            assert state.random_playout(seeds) == decisions
            assert state.digest() == final.digest()


def test_playout_from_the_middle_of_a_game() -> None:
    """Any position (dice half set, a roll waiting for its decision, commitments half in) played
    out fast ends where the generic loop ends, and every generator (the state's and the bots')
    stands where the generic loop leaves it."""
    phases: set[tuple[int, bool]] = set()
    for index in range(200):
        players = 2 + index % 3
        seed = seed_for_game(62, index)
        state = GAME.new_state({"players": players}, seed)
        rng = Rng(seed)
        stop = rng.below(100)
        bots = make_bots(GAME, ["random"] * players, seed)
        for _ in range(stop):
            if state.is_terminal():
                break
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
        partial = any(state.choice) if state.phase == DICE else any(c is not None for c in state.commit)
        phases.add((state.phase, partial))
        seeds = [rng.derive(s) for s in range(players)]
        fast, slow = state.clone(), state.clone()
        assert isinstance(fast, MansfeldState)
        assert fast.random_playout(seeds) == State.random_playout(slow, seeds)
        assert fast.digest() == slow.digest()
        assert fast.extra == slow.extra and fast.adjust == slow.adjust
        assert fast.reroll == slow.reroll and fast.top == slow.top
        assert fast.to_json() == slow.to_json()
    assert {(DICE, True), (RECRUIT, False), (COMMIT, True), (COMMIT, False), (OVER, False)} <= phases


def test_playout_of_a_finished_game_does_nothing() -> None:
    _, final, _ = play_game(GAME, {"players": 3}, 5, make_bots(GAME, ["random"] * 3, 5))
    before = final.digest()
    assert final.random_playout([1, 2, 3]) == 0 and final.digest() == before


def test_playout_needs_a_seed_per_seat() -> None:
    with pytest.raises(ValueError, match="3 bot seeds"):
        GAME.new_state({"players": 3}, 1).random_playout([1, 2])


def test_bench_modes_play_the_same_games() -> None:
    assert has_fast_playout(GAME, {"players": 4, "ages": [4, 3, 2, 1]})
    fast = bench(GAME, 4, seconds=60, max_games=30)
    slow = bench(GAME, 4, seconds=60, max_games=30, mode="api")
    assert (fast.mode, slow.mode) == ("playout", "api")
    assert fast.games == slow.games == 30 and fast.decisions == slow.decisions


def test_playout_through_tied_battles_with_luck_rerolls() -> None:
    """Ties the engine breaks by re-rolling luck (rare: a few games in a thousand) draw dice too."""
    for players, index in [(2, 65), (2, 79), (3, 1439), (4, 126), (4, 137)]:
        seed = seed_for_game(63, index)
        bots = make_bots(GAME, ["random"] * players, seed)
        _, final, _ = play_game(GAME, {"players": players}, seed, bots, record_moves=False)
        assert any(e["k"] == "tie.reroll" for e in final.log)
        state = GAME.new_state({"players": players}, seed)
        state.random_playout(bot_seeds(seed, players))
        assert state.digest() == final.digest()


def test_the_playout_log_is_written_out_when_first_read() -> None:
    seed = seed_for_game(64, 0)
    _, final, _ = play_game(GAME, {"players": 4}, seed, make_bots(GAME, ["random"] * 4, seed))
    state = GAME.new_state({"players": 4}, seed)
    state.random_playout(bot_seeds(seed, 4))
    assert state._pending and len(state._log) == 3  # the first round's reveals, from new_state
    copy = state.clone()  # the copy carries the compact events too, and writes them out alike
    assert copy.log == final.log and copy._log is not state._log
    assert state.log == final.log and not state._pending
    assert GAME.state_from_json(state.to_json()).digest() == final.digest()
    assert state.visible_log(0) == final.visible_log(0)


def test_compiled_and_pure_write_the_same_events(path: str) -> None:
    """The compact log events (before they become entries) and every field agree between the two
    loops, types included (``to_json`` must stay JSON-ready)."""
    if path == "pure":
        pytest.skip("compares the compiled loop with the pure one")
    for index in range(60):
        players = 2 + index % 3
        seed = seed_for_game(65, index)
        seeds = bot_seeds(seed, players)
        fast = GAME.new_state({"players": players}, seed)
        slow = GAME.new_state({"players": players}, seed)
        assert isinstance(fast, MansfeldState) and isinstance(slow, MansfeldState)
        assert fast.random_playout(seeds) == playout.pure_random_playout(slow, seeds)
        assert fast._pending == slow._pending
        for name in ("deck", "open", "left", "cards", "used", "choice", "order", "values", "owner"):
            assert repr(getattr(fast, name)) == repr(getattr(slow, name)), name
        for name in ("luck", "commit", "extra", "adjust", "reroll", "top", "dice", "reach"):
            assert repr(getattr(fast, name)) == repr(getattr(slow, name)), name
        assert (fast.phase, fast.round, fast.turn) == (slow.phase, slow.round, slow.turn)
        assert (fast.pool, fast.pool_size, fast.rng.state) == (slow.pool, slow.pool_size, slow.rng.state)


def test_feldherr_pure_forces_the_python_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    if NATIVE is None:
        pytest.skip("the C playout is not loaded in this run")
    monkeypatch.setenv("FELDHERR_PURE", "1")
    assert playout._load_native() is None
    monkeypatch.setenv("FELDHERR_PURE", "0")
    assert playout._load_native() is NATIVE
