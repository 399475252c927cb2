"""Checks at the boundary: seats and moves from strangers are read by exact type before anything
changes. ``2.0``, ``True`` and ``"0"`` are not the seat ``0`` or the number ``2`` here, although
Python compares them equal."""

from __future__ import annotations

import operator
from typing import Any

from feldherr.core.errors import MalformedMoveError, NotYourTurnError, OptionError, clip, shown_json

MAX_SEED = 2**64
"""Seeds are whole numbers from 0 to ``MAX_SEED - 1`` (the generator's 64 bits)."""

MAX_INT = 2**31
"""No number in a move of any game comes near this; larger ones are refused before any lookup."""


def check_seat(seat: Any, num_players: int) -> int:
    """``seat`` if it is an ``int`` (not a bool) in ``range(num_players)``; else NotYourTurnError."""
    if type(seat) is not int or not 0 <= seat < num_players:
        raise NotYourTurnError(
            f"seat {clip(repr(seat))} is not a seat of this game (0 to {num_players - 1})",
            rule="core.seat",
            seat=clip(repr(seat)),
            last=num_players - 1,
        )
    return seat


def check_seed(seed: Any) -> int:
    """``seed`` as an ``int`` if it is a whole number from 0 to 2^64-1 (numpy's integers are; a
    bool, a float or a text is not); else OptionError. The generator reads a seed modulo 2^64, so
    an unchecked -1 or 2^64 would silently be the game of another seed (and its record unreadable)."""
    value: int | None = seed if type(seed) is int else None
    if value is None and not isinstance(seed, bool) and hasattr(type(seed), "__index__"):
        value = operator.index(seed)
    if value is None or not 0 <= value < MAX_SEED:
        raise OptionError(f"a seed is a whole number from 0 to 2^64-1, not {clip(repr(seed))}", "seed")
    return value


def is_plain(value: Any, depth: int = 0) -> bool:
    """True for the values moves are made of: text, ints (not bools) of moderate size, None, and
    tuples or lists of them (at most 8 deep)."""
    kind = type(value)
    if kind is int:
        return bool(-MAX_INT < value < MAX_INT)
    if kind is str or value is None:
        return True
    if (isinstance(value, tuple) or kind is list) and depth < 8:
        return all(is_plain(v, depth + 1) for v in value)
    return False


def check_plain_move(move: Any) -> None:
    """Refuse a move holding floats, bools, huge numbers or foreign objects (MalformedMoveError).

    A game's moves may use bools only where its own reader says so; such a game checks its moves
    itself instead of calling this."""
    if not isinstance(move, tuple) or not move or type(move[0]) is not str or not is_plain(move):
        raise MalformedMoveError(
            f"a move holds only texts, whole numbers and lists of them, not {shown_json(move)}",
            rule="core.move.type",
            value=shown_json(move),
        )
