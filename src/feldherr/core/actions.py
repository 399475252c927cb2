"""The action layer: integer actions played on a state, staged choices included.

A game may spell a move with many parts as a short sequence of actions (see
:meth:`feldherr.core.game.Game.staged_actions`). The state never holds such a partial choice:
:class:`Choices` keeps it, per seat, beside the state it belongs to, and applies the move when an
action completes it. Every integer interface (the research adapters, the benchmarks) plays actions
through it, so a game without staged choices costs one dictionary look-up per action more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from feldherr.core.errors import NotYourTurnError
from feldherr.core.native import native_module

if TYPE_CHECKING:
    from feldherr.core.game import Game, State
    from feldherr.core.observation import Observation


class Choices:
    """The partial staged choices of the seats of one state (``partial[seat]``: the actions the
    seat has taken of the decision it owes; absent: none)."""

    __slots__ = ("game", "partial")

    def __init__(self, game: Game, partial: dict[int, tuple[int, ...]] | None = None) -> None:
        self.game = game
        self.partial: dict[int, tuple[int, ...]] = dict(partial or {})

    def copy(self) -> Choices:
        return Choices(self.game, self.partial)

    def clear(self) -> None:
        self.partial.clear()

    def of(self, seat: int) -> tuple[int, ...]:
        """The actions ``seat`` has taken of its open decision (``()``: none)."""
        return self.partial.get(seat, ())

    def legal(self, state: State, seat: int, moving: tuple[int, ...] | None = None) -> list[int]:
        """The seat's legal actions now, ascending (empty when it owes no decision). ``moving``:
        ``state.to_move()`` (empty when the game is over), if the caller has it already."""
        if moving is None:
            moving = () if state.is_terminal() else state.to_move()
        if seat not in moving:
            return []
        return self.game.staged_actions(state, seat, self.partial.get(seat, ()))

    def play(self, state: State, seat: int, action: int, moving: tuple[int, ...] | None = None) -> bool:
        """Take ``action`` for ``seat``: apply the move it completes (True) or remember it as part
        of the seat's choice (False). An illegal action raises a RuleError and changes nothing.
        ``moving``: ``state.to_move()`` (empty when the game is over), if the caller has it."""
        if moving is None:
            moving = () if state.is_terminal() else state.to_move()
        if seat not in moving:
            raise NotYourTurnError(f"seat {seat} owes no decision", rule="core.seat", seat=seat)
        partial = self.partial.get(seat, ())
        move = self.game.staged_move(state, seat, partial, action)
        if move is None:
            self.partial[seat] = (*partial, action)
            return False
        state.apply(seat, move)
        if partial:
            del self.partial[seat]
        return True

    def observe(self, state: State, seat: int, out: Observation | None = None) -> Observation:
        """The seat's observation with its partial choice shown (``Game.observe``)."""
        return self.game.observe(state, seat, self.partial.get(seat, ()), out)


_codes_of: Any = getattr(native_module("feldherr.core._cfast"), "codes_of", None)


def _numbers(moves: list[Any], codes: dict[Any, int], encode: Callable[[Any], int]) -> list[int]:
    """Each move's action number, in the list's order, from ``codes`` (filled with ``encode`` for a
    move not in it yet): the Python way of :func:`sorted_codes`."""
    numbers = []
    for move in moves:
        code = codes.get(move)
        if code is None:
            code = codes[move] = encode(move)
        numbers.append(code)
    return numbers


def sorted_codes(moves: list[Any], codes: dict[Any, int], encode: Callable[[Any], int]) -> list[int]:
    """The action numbers of a legal-move list, ascending (duplicates kept): each move's number
    from ``codes`` (move -> number, filled with ``encode`` for a move not in it yet). The C helper
    (``_cfast.codes_of``) looks them up where it is built and every move has its number already;
    else Python does, the same numbers."""
    if _codes_of is not None and type(moves) is list:
        found: list[int] | None = _codes_of(moves, codes)
        if found is not None:
            return found
    return sorted(_numbers(moves, codes, encode))
