"""The shared bot-driving loop: a seat settled by an earlier move in the same round is not asked."""

from __future__ import annotations

from typing import Any

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.game import Move, Outcome, State, drive


class Settling(State):
    """Both seats owe a decision at once; seat 0's move settles seat 1's as well."""

    game_name = "settling"

    def __init__(self) -> None:
        self.num_players = 2
        self.log = []
        self.pending = [0, 1]
        self.moves: list[tuple[int, Move]] = []

    def to_move(self) -> tuple[int, ...]:
        return tuple(self.pending)

    def legal_moves(self, seat: int) -> list[Move]:
        return [("go",)] if seat in self.pending else []

    def apply(self, seat: int, move: Move) -> None:
        assert seat in self.pending, "a settled seat must not be asked"
        self.moves.append((seat, move))
        self.pending = []

    def clone(self) -> Settling:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return not self.pending

    def outcome(self) -> Outcome:
        return Outcome((0.0, 0.0), (0, 1))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {}

    def to_json(self) -> dict[str, Any]:
        return {}


def test_a_settled_seat_is_skipped() -> None:
    state = Settling()
    assert drive(state, [RandomBot(1), RandomBot(2)]) == 1
    assert state.moves == [(0, ("go",))]


def test_random_bot_without_moves_says_so() -> None:
    state = Settling()
    state.pending = []
    with pytest.raises(RuntimeError, match="no legal move"):
        RandomBot(0).choose(SeatAccess(state, 1))


def test_drive_returns_when_only_people_owe_a_decision() -> None:
    state = Settling()
    assert drive(state, [None, None]) == 0 and state.pending == [0, 1]
    assert drive(state, [None, RandomBot(2)]) == 1  # the bot moves, which settles seat 0 too
    assert state.moves == [(1, ("go",))]
