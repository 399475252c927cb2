"""Bots and what they may know.

A bot is handed a :class:`SeatAccess`, never the state: the seat's view, its legal moves, the
game's facts, and :meth:`SeatAccess.determinize` (a complete state sampled to fit what the seat
sees, for search). So a bot cannot read another seat's hand, a face-down plan, a deck order or the
generator, whatever it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from feldherr.core.rng import Rng

if TYPE_CHECKING:
    from feldherr.core.game import Game, Move, State


class SeatAccess:
    """What seat ``seat`` may know of a position, and nothing more.

    The view is built on first use and kept; legal moves are a fresh list per call.
    """

    __slots__ = ("_state", "_view", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)`` (built once)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def legal_moves(self) -> list[Move]:
        return self._state.legal_moves(self.seat)

    def action_mask(self) -> list[bool]:
        return self._state.action_mask(self.seat)

    def determinize(self, seed: int) -> State:
        """A complete state consistent with this seat's view (hidden parts and generator resampled
        from ``seed``): the bot's own copy, to search in."""
        return self._state.determinize(self.seat, seed)

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def game_name(self) -> str:
        return self._state.game_name

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def version(self) -> int:
        return self._state.version


class Bot(Protocol):
    """Chooses a move for the seat it is handed."""

    def choose(self, seat: SeatAccess) -> Move: ...


BotFactory = Callable[[int], Bot]
"""Makes a bot from its seed."""


class RandomBot:
    """Uniformly random among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: SeatAccess) -> Move:
        moves = seat.legal_moves()
        if not moves:
            raise RuntimeError(f"{seat.game_name}: seat {seat.seat} was asked to move but has no legal move")
        return moves[self.rng.below(len(moves))]
