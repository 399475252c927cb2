"""The moves of El Grande as typed tuples (``typing.NamedTuple``, ``kind`` first).

A move is a tuple subclass, so it equals (and hashes like) the plain tuple of its fields:
``Place("place", 3) == ("place", 3)``; ``apply`` also takes the plain tuple (it checks it, then
turns it into the typed move with :func:`typed`), and the JSON form is the tuple's. Decisions are
small (one Caballero, one card, one region per move) so that a search bot can branch on them.

Areas are indexes into :data:`feldherr.elgrande.data.AREA_NAMES` (regions ``0..NREG-1``, then the
Castillo ``CASTILLO``, then the king's places off the board up to ``PORTUGAL`` for ``King``);
colours are seats (plus the two-player game's dummy). Special values are named constants:

* :data:`NO_MODIFIER` (``-1``): a power card played without a Machtverschiebung modifier (JSON
  drops it: ``["power", 7]``);
* :data:`STOP` (``-1``): ``Recall`` ends a card's intake early (JSON ``"stop"``);
* :data:`AT_COURT` (``-1``): ``Return`` takes the Caballero from the court (JSON ``"court"``).

:data:`FIELD_RANGES` gives each kind's fields' inclusive ranges (the action codec's blocks); the
tables (``PLACE[a]``, ``RECALL[r]`` …) hold one prebuilt move per value, so building a list of legal
moves builds no tuples (moves are immutable and may be shared).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from feldherr.elgrande import data as D

NO_MODIFIER = -1
STOP = -1
AT_COURT = -1
COLOURS = 5  # seats plus the dummy: the most colours a game has
_MODS = len(D.MODIFIER_VALUES)
_CHOICES = max(len(e.get("options", ())) for e in D.CARD_EFFECT) or 1


# --------------------------------------------------------------------- the power and the court
class Power(NamedTuple):
    """Play the power card ``value`` (1..13), with the modifier card ``modifier`` or NO_MODIFIER."""

    kind: Literal["power"]
    value: int
    modifier: int


class ModifierPass(NamedTuple):
    """Machtverschiebung: pass the modifier card ``modifier`` to the left (secret)."""

    kind: Literal["mpass"]
    modifier: int


class Court(NamedTuple):
    """Move ``caballeros`` (0..the power card's number) from the province to the court."""

    kind: Literal["court"]
    caballeros: int


class Recall(NamedTuple):
    """Take a Caballero back from ``region`` to make up the court's intake, or STOP early."""

    kind: Literal["recall"]
    region: int


class Ability(NamedTuple):
    """Use the played modifier card's ability."""

    kind: Literal["ability"] = "ability"


class NoAbility(NamedTuple):
    """Forgo the modifier card's ability."""

    kind: Literal["noability"] = "noability"


class Take(NamedTuple):
    """Take the action card lying open in ``slot`` (0..4)."""

    kind: Literal["take"]
    slot: int


# --------------------------------------------------------------------- the action card
class Place(NamedTuple):
    """Place one Caballero from the court in ``area`` (next to the king, or the Castillo)."""

    kind: Literal["place"]
    area: int


class EndPlace(NamedTuple):
    """Place no more Caballeros this turn."""

    kind: Literal["endplace"] = "endplace"


class Special(NamedTuple):
    """Carry out the action card's special action."""

    kind: Literal["special"] = "special"


class NoSpecial(NamedTuple):
    """Forgo the action card's special action."""

    kind: Literal["nospecial"] = "nospecial"


class Veto(NamedTuple):
    """Play a Veto card against the announced action (``use`` 1) or let it happen (0)."""

    kind: Literal["veto"]
    use: int


class Disc(NamedTuple):
    """Set the secret region disc on ``region``."""

    kind: Literal["disc"]
    region: int


# --------------------------------------------------------------------- the card effects
class Choose(NamedTuple):
    """Pick the card's alternative number ``option``."""

    kind: Literal["choose"]
    option: int


class MoveFrom(NamedTuple):
    """Pick up a Caballero of ``colour`` in ``region`` to move it."""

    kind: Literal["from"]
    colour: int
    region: int


class MoveTo(NamedTuple):
    """Put the picked-up Caballero down in ``area``."""

    kind: Literal["to"]
    area: int


class EndMove(NamedTuple):
    """Move no more Caballeros."""

    kind: Literal["endmove"] = "endmove"


class FreePlace(NamedTuple):
    """Place a Caballero from the court in ``area`` (any region, no king's neighbourhood needed)."""

    kind: Literal["fplace"]
    area: int


class EndFreePlace(NamedTuple):
    """Place no more Caballeros freely."""

    kind: Literal["endfplace"] = "endfplace"


class Return(NamedTuple):
    """Send an own Caballero from ``region`` (or AT_COURT) back to the province."""

    kind: Literal["ret"]
    region: int


class Send(NamedTuple):
    """Send a Caballero of ``colour`` from ``region`` back to its province."""

    kind: Literal["send"]
    colour: int
    region: int


class Skip(NamedTuple):
    """Send nobody of this colour back."""

    kind: Literal["skip"] = "skip"


class Pick(NamedTuple):
    """Pick ``area``: the region to score (or the Castillo), or the region of an overthrow."""

    kind: Literal["pick"]
    area: int


class Board(NamedTuple):
    """Put the mobile scoreboard ``board`` (0/1) on ``area``."""

    kind: Literal["board"]
    board: int
    area: int


class King(NamedTuple):
    """Move the king to ``area``."""

    kind: Literal["king"]
    area: int


class Escort(NamedTuple):
    """Move a Caballero of ``colour`` along with the king."""

    kind: Literal["escort"]
    colour: int


class Grande(NamedTuple):
    """Move the own Grande to ``region``."""

    kind: Literal["grande"]
    region: int


class PowerBack(NamedTuple):
    """Take the played power card ``value`` back into the hand."""

    kind: Literal["pb"]
    value: int


class ModifierBack(NamedTuple):
    """Take the modifier card ``modifier`` back into the hand."""

    kind: Literal["pbm"]
    modifier: int


ElGrandeMove = (
    Power
    | ModifierPass
    | Court
    | Recall
    | Ability
    | NoAbility
    | Take
    | Place
    | EndPlace
    | Special
    | NoSpecial
    | Veto
    | Disc
    | Choose
    | MoveFrom
    | MoveTo
    | EndMove
    | FreePlace
    | EndFreePlace
    | Return
    | Send
    | Skip
    | Pick
    | Board
    | King
    | Escort
    | Grande
    | PowerBack
    | ModifierBack
)

FIELD_RANGES: dict[str, tuple[tuple[int, int], ...]] = {
    "power": ((1, 13), (NO_MODIFIER, _MODS - 1)),
    "court": ((0, max(D.POWER_CABALLEROS)),),
    "recall": ((STOP, D.NREG - 1),),
    "take": ((0, 4),),
    "place": ((0, D.CASTILLO),),
    "endplace": (),
    "special": (),
    "nospecial": (),
    "veto": ((0, 1),),
    "ability": (),
    "noability": (),
    "choose": ((0, _CHOICES - 1),),
    "from": ((0, COLOURS - 1), (0, D.NREG - 1)),
    "to": ((0, D.CASTILLO),),
    "endmove": (),
    "fplace": ((0, D.CASTILLO),),
    "endfplace": (),
    "ret": ((AT_COURT, D.NREG - 1),),
    "send": ((0, COLOURS - 1), (0, D.NREG - 1)),
    "skip": (),
    "pick": ((0, D.CASTILLO),),
    "board": ((0, 1), (0, D.CASTILLO)),
    "king": ((0, D.PORTUGAL),),
    "escort": ((0, COLOURS - 1),),
    "grande": ((0, D.NREG - 1),),
    "pb": ((1, 13),),
    "pbm": ((0, _MODS - 1),),
    "disc": ((0, D.NREG - 1),),
    "mpass": ((0, _MODS - 1),),
}
"""Inclusive range of each field (after ``kind``) of each kind: the action space's blocks."""

TYPES: dict[str, type[Any]] = {
    "power": Power,
    "court": Court,
    "recall": Recall,
    "take": Take,
    "place": Place,
    "endplace": EndPlace,
    "special": Special,
    "nospecial": NoSpecial,
    "veto": Veto,
    "ability": Ability,
    "noability": NoAbility,
    "choose": Choose,
    "from": MoveFrom,
    "to": MoveTo,
    "endmove": EndMove,
    "fplace": FreePlace,
    "endfplace": EndFreePlace,
    "ret": Return,
    "send": Send,
    "skip": Skip,
    "pick": Pick,
    "board": Board,
    "king": King,
    "escort": Escort,
    "grande": Grande,
    "pb": PowerBack,
    "pbm": ModifierBack,
    "disc": Disc,
    "mpass": ModifierPass,
}
"""The move type of each kind."""
_TYPE_SET = frozenset(TYPES.values())


def typed(move: Any) -> Any:
    """``move`` as its typed move if it has the shape of one (a tuple of a known kind and the
    kind's length), else unchanged: the checks judge the contents and refuse what is not a move."""
    if type(move) in _TYPE_SET or not isinstance(move, tuple) or not move or type(move[0]) is not str:
        return move
    cls = TYPES.get(move[0])
    if cls is None or len(move) != 1 + len(FIELD_RANGES[move[0]]):
        return move
    return tuple.__new__(cls, move)


# --------------------------------------------------------------------- prebuilt moves
def _one(cls: Any, kind: str, hi: int) -> tuple[Any, ...]:
    return tuple(tuple.__new__(cls, (kind, v)) for v in range(hi + 1))


def _two(cls: Any, kind: str, hi1: int, hi2: int) -> tuple[tuple[Any, ...], ...]:
    return tuple(tuple(tuple.__new__(cls, (kind, a, b)) for b in range(hi2 + 1)) for a in range(hi1 + 1))


POWER: tuple[Power, ...] = tuple(Power("power", v, NO_MODIFIER) for v in range(14))
"""``POWER[v]``: the power card ``v`` without a modifier (index 0 unused)."""
POWER_WITH: tuple[tuple[Power, ...], ...] = _two(Power, "power", 13, _MODS - 1)
"""``POWER_WITH[v][m]``: the power card ``v`` with the modifier card ``m``."""
MPASS: tuple[ModifierPass, ...] = _one(ModifierPass, "mpass", _MODS - 1)
COURT: tuple[Court, ...] = _one(Court, "court", max(D.POWER_CABALLEROS))
RECALL: tuple[Recall, ...] = _one(Recall, "recall", D.NREG - 1)
RECALL_STOP = Recall("recall", STOP)
ABILITY = Ability()
NO_ABILITY = NoAbility()
TAKE: tuple[Take, ...] = _one(Take, "take", 4)
PLACE: tuple[Place, ...] = _one(Place, "place", D.CASTILLO)
END_PLACE = EndPlace()
SPECIAL = Special()
NO_SPECIAL = NoSpecial()
VETO_USE = Veto("veto", 1)
VETO_NOT = Veto("veto", 0)
DISC: tuple[Disc, ...] = _one(Disc, "disc", D.NREG - 1)
CHOOSE: tuple[Choose, ...] = _one(Choose, "choose", _CHOICES - 1)
MOVE_FROM: tuple[tuple[MoveFrom, ...], ...] = _two(MoveFrom, "from", COLOURS - 1, D.NREG - 1)
MOVE_TO: tuple[MoveTo, ...] = _one(MoveTo, "to", D.CASTILLO)
END_MOVE = EndMove()
FREE_PLACE: tuple[FreePlace, ...] = _one(FreePlace, "fplace", D.CASTILLO)
END_FREE_PLACE = EndFreePlace()
RETURN: tuple[Return, ...] = _one(Return, "ret", D.NREG - 1)
RETURN_FROM_COURT = Return("ret", AT_COURT)
SEND: tuple[tuple[Send, ...], ...] = _two(Send, "send", COLOURS - 1, D.NREG - 1)
SKIP = Skip()
PICK: tuple[Pick, ...] = _one(Pick, "pick", D.CASTILLO)
BOARD: tuple[tuple[Board, ...], ...] = _two(Board, "board", 1, D.CASTILLO)
KING: tuple[King, ...] = _one(King, "king", D.PORTUGAL)
ESCORT: tuple[Escort, ...] = _one(Escort, "escort", COLOURS - 1)
GRANDE: tuple[Grande, ...] = _one(Grande, "grande", D.NREG - 1)
POWER_BACK: tuple[PowerBack, ...] = _one(PowerBack, "pb", 13)
"""``POWER_BACK[v]`` (index 0 unused)."""
MODIFIER_BACK: tuple[ModifierBack, ...] = _one(ModifierBack, "pbm", _MODS - 1)
