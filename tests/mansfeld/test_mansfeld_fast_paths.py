"""The search step's fast paths change nothing: ``apply`` knows the prebuilt moves of
``legal_moves`` by identity, and the rules keep log entries as compact events until the log is read.
A prebuilt move must be accepted and refused exactly as its plain tuple is, and a log read after
every move must equal one read only at the end."""

from __future__ import annotations

from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import RuleError
from feldherr.games import get_game
from feldherr.mansfeld.game import MansfeldState
from feldherr.mansfeld.rules.moves import DICE_MOVES, PASS, RECRUIT_MOVES, commit_moves

GAME = get_game("mansfeld")


def positions(players: int, seed: int) -> list[MansfeldState]:
    """Every position of a seeded random game (each a clone)."""
    state = GAME.new_state({"players": players}, seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    out = []
    while not state.is_terminal():
        out.append(state.clone())
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    out.append(state.clone())
    return out


def outcome(state: MansfeldState, seat: int, move: Any) -> tuple[Any, ...]:
    """What applying ``move`` to a copy gives: the error's type and rule, or the new digest."""
    copy = state.clone()
    try:
        copy.apply(seat, move)
    except RuleError as err:
        return (type(err).__name__, err.rule, str(err), copy.version)
    return ("ok", copy.digest(), copy.version, copy.log)


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 6), (4, 7)])
def test_prebuilt_moves_are_accepted_and_refused_as_their_plain_tuples(players: int, seed: int) -> None:
    for state in positions(players, seed)[::3]:
        hands = {tuple(h) for h in state.cards if h}
        candidates: list[Any] = [*DICE_MOVES, *RECRUIT_MOVES, PASS]
        for hand in hands:
            candidates += commit_moves(hand)[:4] + commit_moves(hand)[-2:]
        for seat in range(players):
            for move in candidates:
                assert outcome(state, seat, move) == outcome(state, seat, tuple(move)), (seat, move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_read_after_every_move_equals_the_log_read_at_the_end(players: int) -> None:
    for seed in range(6):
        lazy = GAME.new_state({"players": players}, seed)
        eager = GAME.new_state({"players": players}, seed)
        bots = [RandomBot(seed * 10 + s) for s in range(players)]
        while not lazy.is_terminal():
            seat = lazy.to_move()[0]
            move = bots[seat].choose(SeatAccess(lazy, seat))
            lazy.apply(seat, move)
            eager.apply(seat, move)
            assert eager.log[-1]["k"]  # reading writes the events out
        assert lazy._pending  # the moves' entries are still compact events
        assert lazy.log == eager.log and lazy.digest() == eager.digest()
        assert not lazy._pending
