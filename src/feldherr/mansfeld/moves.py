"""The moves of Ernst von Mansfeld as typed tuples (``typing.NamedTuple``, ``kind`` first).

A move is a tuple subclass, so it equals (and hashes like) the plain tuple of its fields:
``Dice("dice", 3) == ("dice", 3)``. ``apply`` also takes the plain tuple and turns it into the typed
move once it has checked it (:func:`typed`); the rules then read fields by name.

=================================  ===============================  ==========================
move                               JSON                             meaning
=================================  ===============================  ==========================
``Dice("dice", number)``           ``["dice", number]``             set the own die to 1..6
``Recruit("recruit", card)``       ``["recruit", "<card key>"]``    recruit an open card (id)
``Pass("pass")``                   ``["pass"]``                     recruit nothing this turn
``Commit("commit", cards)``        ``["commit", ["<key>", ...]]``   commit cards (sorted ids)
=================================  ===============================  ==========================

Cards are the ids of :data:`feldherr.mansfeld.data.CARDS`; no field takes a special value.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple


class Dice(NamedTuple):
    """Set the own die: roll ``number`` (1..6) dice this round (``count`` is a tuple method)."""

    kind: Literal["dice"]
    number: int


class Recruit(NamedTuple):
    """Recruit the open card ``card`` (its id) whose cost the dice make exactly."""

    kind: Literal["recruit"]
    card: int


class Pass(NamedTuple):
    """Recruit nothing this turn."""

    kind: Literal["pass"] = "pass"


class Commit(NamedTuple):
    """Commit the hand cards ``cards`` (ids, ascending; empty: keep them all)."""

    kind: Literal["commit"]
    cards: tuple[int, ...]


MansfeldMove = Dice | Recruit | Pass | Commit
_TYPES: dict[tuple[str, int], type[tuple[Any, ...]]] = {
    ("dice", 2): Dice,
    ("recruit", 2): Recruit,
    ("pass", 1): Pass,
    ("commit", 2): Commit,
}
TYPES = frozenset(_TYPES.values())


def typed(move: Any) -> Any:
    """``move`` as its typed move if it has the shape of one (kind and length), else unchanged:
    the checks that follow judge the contents and refuse whatever is not a move."""
    if type(move) in TYPES or not isinstance(move, tuple) or not move or type(move[0]) is not str:
        return move
    cls = _TYPES.get((move[0], len(move)))
    return move if cls is None else tuple.__new__(cls, move)
