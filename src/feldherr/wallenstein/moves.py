"""The moves of Wallenstein as typed tuples (``typing.NamedTuple``, ``kind`` first).

A move is a tuple subclass, so it equals (and hashes like) the plain tuple of its fields:
``Movement("move", 7, 4) == ("move", 7, 4)``. ``apply`` also takes the plain tuple (it checks the
exact types, then turns it into the typed move with :func:`typed`), and the JSON form is the
tuple's (see :mod:`feldherr.wallenstein.codec`). Counties are indexes into
:data:`feldherr.wallenstein.data.NAMES`.

Special values are named here:

* a plan slot's ``card``: a county, :func:`money` ``(k)`` = ``MONEY_BASE + k`` for the money card
  k (0-4), :data:`TOWER_CARD` (a dice tower card, Am Kaiserhof) or :data:`EMPTY` (the box stays
  uncovered); ``box`` is an action box (0-9), :data:`BID` or one of :data:`COURT_SLOTS`;
* a draft's ``source``: face-up card 0 or 1, or :data:`DECK` (the deck's top card); a draft that
  also places the military leader (Heerführer) is its own type, :class:`LeaderDraft`, with
  ``leader`` = :data:`LEAD`;
* a favor's ``space`` (0-2: the 4/3/2-courtier spaces) is :data:`NO_SPACE` when no card is taken
  (:data:`NO_FAVOR`, JSON ``["favor"]``); its ``target`` is a county, :data:`REMOVE_EVENT` (favor #1
  removes the event card) or :data:`NO_TARGET` (nothing to choose; JSON drops it).

The tables (``POSITION[p]``, ``MOVEMENT[county][armies]`` …) hold prebuilt moves, so building a
list of legal moves builds few tuples (moves are immutable and may be shared).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from feldherr.wallenstein.data import (
    BID,
    BONUS_TILES,
    COURT_SLOTS,
    FAVOR_COSTS,
    LSK_KINDS,
    MONEY_BASE,
    NAMES,
    TOWER_CARD,
)
from feldherr.wallenstein.state import EMPTY

DECK = 2  # a draft's source: the top card of the deck (0 and 1 are the face-up cards)
LEAD = 1  # LeaderDraft.leader: the leader goes to the drafted county
NO_SPACE = -1  # Favor.space: no favor card taken
NO_TARGET = -1  # Favor.target: nothing to choose
REMOVE_EVENT = 100  # Favor.target of favor #1 when the player removes the event card
MONEY_CARDS = 5  # the money cards 0-4

__all__ = [
    "BID",
    "COURT_SLOTS",
    "DECK",
    "EMPTY",
    "LEAD",
    "MONEY_BASE",
    "NO_SPACE",
    "NO_TARGET",
    "REMOVE_EVENT",
    "TOWER_CARD",
]


def money(k: int) -> int:
    """A plan slot's card value for the money card ``k`` (0-4)."""
    return MONEY_BASE + k


class Draft(NamedTuple):
    """Setup draft: take the county card from ``source`` (0, 1 or DECK) with an army group of
    ``armies``."""

    kind: Literal["draft"]
    source: int
    armies: int


class LeaderDraft(NamedTuple):
    """Heerführer draft: as :class:`Draft`, and place the military leader there (``leader`` = LEAD)."""

    kind: Literal["draft"]
    source: int
    armies: int
    leader: int


class Redraw(NamedTuple):
    """The same two face-up cards as at the last selection: replace them."""

    kind: Literal["redraw"] = "redraw"


class Slot(NamedTuple):
    """Plan one box: put ``card`` (a county, money(k), TOWER_CARD or EMPTY) on ``box``."""

    kind: Literal["slot"]
    box: int
    card: int


class Position(NamedTuple):
    """Take ``position`` 0-4 (the boxes 1-5 of the bonus tiles) in player order."""

    kind: Literal["position"]
    position: int


class Movement(NamedTuple):
    """Move or attack with ``armies`` armies into ``county`` (kind ``"move"``)."""

    kind: Literal["move"]
    county: int
    armies: int


class Pass(NamedTuple):
    """Move nothing."""

    kind: Literal["pass"] = "pass"


class Revolt(NamedTuple):
    """The next winter revolt takes place in ``county``."""

    kind: Literal["revolt"]
    county: int


class Favor(NamedTuple):
    """Am Kaiserhof: take the favor card on ``space`` (or NO_SPACE) aimed at ``target`` (a county,
    REMOVE_EVENT or NO_TARGET)."""

    kind: Literal["favor"]
    space: int
    target: int


class Leader(NamedTuple):
    """Heerführer: place or move the military leader to ``county``."""

    kind: Literal["leader"]
    county: int


class Landsknechte(NamedTuple):
    """Landsknechte: take the ``benefit`` (an index of LSK_KINDS) of the new top card."""

    kind: Literal["lsk"]
    benefit: int


WallensteinMove = (
    Draft | LeaderDraft | Redraw | Slot | Position | Movement | Pass | Revolt | Favor | Leader | Landsknechte
)
TYPES: dict[tuple[str, int], type[Any]] = {
    ("draft", 3): Draft,
    ("draft", 4): LeaderDraft,
    ("redraw", 1): Redraw,
    ("slot", 3): Slot,
    ("position", 2): Position,
    ("move", 3): Movement,
    ("pass", 1): Pass,
    ("revolt", 2): Revolt,
    ("favor", 3): Favor,
    ("leader", 2): Leader,
    ("lsk", 2): Landsknechte,
}
"""The move type of each kind and length."""
_TYPE_SET = frozenset(TYPES.values())


def typed(move: Any) -> Any:
    """``move`` as its typed move if it has the shape of one (a tuple of a known kind and length),
    else unchanged: the rules' checks judge the contents and refuse what is not a move."""
    if type(move) in _TYPE_SET or not isinstance(move, tuple) or not move or type(move[0]) is not str:
        return move
    cls = TYPES.get((move[0], len(move)))
    return move if cls is None else tuple.__new__(cls, move)


# -- prebuilt moves -----------------------------------------------------------------------------
NCOUNTIES = len(NAMES)
MAX_GROUP = 16  # draft groups are 2-5 armies (the action codec's room)
MAX_MOVE = 64  # armies moved at once that have a prebuilt move (more are built when needed)
REDRAW = Redraw()
PASS = Pass()
NO_FAVOR = Favor("favor", NO_SPACE, NO_TARGET)
DRAFT: tuple[tuple[Draft, ...], ...] = tuple(
    tuple(Draft("draft", src, g) for g in range(MAX_GROUP)) for src in range(DECK + 1)
)
"""``DRAFT[source][armies]``."""
LEADER_DRAFT: tuple[tuple[LeaderDraft, ...], ...] = tuple(
    tuple(LeaderDraft("draft", src, g, LEAD) for g in range(MAX_GROUP)) for src in range(DECK + 1)
)
"""``LEADER_DRAFT[source][armies]``."""
_CARDS = (*range(NCOUNTIES), *(money(k) for k in range(MONEY_CARDS)), TOWER_CARD, EMPTY)
SLOT: dict[int, dict[int, Slot]] = {
    box: {card: Slot("slot", box, card) for card in _CARDS} for box in (*range(BID + 1), *COURT_SLOTS)
}
"""``SLOT[box][card]``."""
POSITION: tuple[Position, ...] = tuple(Position("position", p) for p in range(len(BONUS_TILES)))
MOVEMENT: tuple[tuple[Movement, ...], ...] = tuple(
    tuple(Movement("move", c, n) for n in range(MAX_MOVE)) for c in range(NCOUNTIES)
)
"""``MOVEMENT[county][armies]`` for armies below MAX_MOVE."""
REVOLT: tuple[Revolt, ...] = tuple(Revolt("revolt", c) for c in range(NCOUNTIES))
LEADER: tuple[Leader, ...] = tuple(Leader("leader", c) for c in range(NCOUNTIES))
LANDSKNECHTE: tuple[Landsknechte, ...] = tuple(Landsknechte("lsk", k) for k in range(len(LSK_KINDS)))
FAVOR_SPACES = len(FAVOR_COSTS)
