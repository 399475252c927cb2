"""The moves of Wallenstein: their compact JSON form (read by exact type), and the action codec
that maps every move to an integer of a fixed action space.

==========================================  ==============================================
JSON                                        meaning
==========================================  ==============================================
``["draft", 0, 5]`` / ``["draft", "deck", 4]``  take face-up card 0/1 (or the deck's top) with a group
``["redraw"]``                              the same two face-up cards again: replace them
``["slot", "bid", "Burgund"]``              plan one slot: a county name, a money card 0-4, or null
``["position", 1]``                         take position 1-5 in player order
``["move", "Kursachsen", 4]`` / ``["pass"]``  move/attack with 4 armies, or move nothing
``["revolt", "Anhalt"]``                    the next winter revolt takes place in Anhalt
``["slot", "court3", "tower"]``             Am Kaiserhof: a dice tower card on "convert 3 armies"
``["favor", 4, "Böhmen"]`` / ``["favor"]``  take the card on the 4-courtier space (target), or none
``["favor", 2, "remove_event"]``            favor #1 on the 2-courtier space, removing the event
``["leader", "Böhmen"]``                    Heerführer: place / move the military leader
``["draft", 0, 5, "leader"]``               Heerführer draft: claim and place the leader there
``["lsk", "vp"]``                           Landsknechte: taler, grain, armies or vp
==========================================  ==============================================
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import MalformedMoveError, clip, shown_json, shown_move
from feldherr.core.game import JSON, Move
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    COUNTY_ID,
    FAVOR_COSTS,
    LSK_KINDS,
    MONEY_BASE,
    NAMES,
    TOWER_CARD,
)
from feldherr.wallenstein.moves import (
    DECK,
    DRAFT,
    EMPTY,
    LEAD,
    LEADER_DRAFT,
    MAX_GROUP,
    MAX_MOVE,
    MONEY_CARDS,
    NO_FAVOR,
    NO_TARGET,
    PASS,
    REDRAW,
    REMOVE_EVENT,
    Draft,
    Favor,
    Landsknechte,
    Leader,
    LeaderDraft,
    Movement,
    Position,
    Revolt,
    Slot,
    typed,
)

SLOT_NAMES: tuple[str, ...] = (*ACTIONS, "bid", "court1", "court2", "court3")
SLOT_ID = {name: i for i, name in enumerate(SLOT_NAMES)}
TOWER_NAME = "tower"
REMOVE_EVENT_NAME = "remove_event"


def _bad(message: str) -> MalformedMoveError:
    return MalformedMoveError(message, rule="wallenstein.move-format")


def slot_value_to_json(value: int) -> JSON:
    if value == EMPTY:
        return None
    if value == TOWER_CARD:
        return TOWER_NAME
    if value >= MONEY_BASE:
        return value - MONEY_BASE
    return NAMES[value]


def slot_value_from_json(data: JSON) -> int:
    if data is None:
        return EMPTY
    if type(data) is int and 0 <= data < MONEY_CARDS:
        return MONEY_BASE + data
    if isinstance(data, str) and data == TOWER_NAME:
        return TOWER_CARD
    if isinstance(data, str):
        return county_from_json(data)
    raise _bad(f'{shown_json(data)} is not a card: give a county name, a money card 0-4, "tower" or null')


def county_from_json(data: JSON) -> int:
    if not isinstance(data, str) or data not in COUNTY_ID:
        raise _bad(f"unknown county {shown_json(data)}")
    return COUNTY_ID[data]


def move_to_json(move: Move) -> JSON:
    # by position (the fields of feldherr.wallenstein.moves, in order): the JSON form is the
    # tuple's, typed or plain, and this runs once per recorded decision
    kind = move[0]
    if kind == "draft":  # Draft (kind, source, armies) or LeaderDraft (..., leader)
        return [
            "draft",
            "deck" if move[1] == DECK else move[1],
            move[2],
            *(["leader"] if len(move) == 4 else []),
        ]
    if kind == "slot":  # Slot (kind, box, card)
        return ["slot", SLOT_NAMES[move[1]], slot_value_to_json(move[2])]
    if kind == "position":
        return ["position", move[1] + 1]
    if kind == "move":  # Movement (kind, county, armies)
        return ["move", NAMES[move[1]], move[2]]
    if kind == "revolt":
        return ["revolt", NAMES[move[1]]]
    if kind == "favor":  # Favor (kind, space, target)
        if move[1] < 0:  # NO_SPACE
            return ["favor"]
        return [
            "favor",
            FAVOR_COSTS[move[1]],
            *([] if move[2] < 0 else [_target_to_json(move[2])]),
        ]  # NO_TARGET
    if kind == "leader":
        return ["leader", NAMES[move[1]]]
    if kind == "lsk":  # Landsknechte (kind, benefit)
        return ["lsk", LSK_KINDS[move[1]]]
    return [kind]


def notation(move: Any) -> str:
    """A move in the codec's notation, its JSON form with county and box names (``["move",
    "Anhalt", 3]``), for a refusal's developer message; a move the codec cannot write as the JSON
    of its parts (never a Python literal)."""
    return shown_move(move, move_to_json)


def _target_to_json(target: int) -> JSON:
    """A favor's target: a county name, or "remove_event" for favor #1."""
    return REMOVE_EVENT_NAME if target == REMOVE_EVENT else NAMES[target]


def _favor_from_json(args: list[Any]) -> Move:
    if not args:
        return NO_FAVOR
    if not _is_int(args[0]) or args[0] not in FAVOR_COSTS or len(args) > 2:
        raise _bad(f'a favor is ["favor", courtiers {shown_json(list(FAVOR_COSTS))}, target] or ["favor"]')
    space = FAVOR_COSTS.index(args[0])
    if len(args) == 1:
        return Favor("favor", space, NO_TARGET)
    target = args[1]
    if isinstance(target, str) and target == REMOVE_EVENT_NAME:
        return Favor("favor", space, REMOVE_EVENT)
    return Favor("favor", space, county_from_json(target))


def move_from_json(data: JSON) -> Move:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise _bad(f"a move is a JSON list starting with its kind, not {shown_json(data)}")
    kind, args = data[0], data[1:]
    try:
        if kind == "redraw" and not args:
            return REDRAW
        if kind == "pass" and not args:
            return PASS
        if kind == "draft" and len(args) in (2, 3):
            src = DECK if args[0] == "deck" else args[0]
            if not _is_int(src) or (src not in (0, 1) and args[0] != "deck"):
                raise _bad('draft takes 0, 1 or "deck", a group size and optionally "leader"')
            if not _is_int(args[1]) or args[2:] not in ([], ["leader"]):
                raise _bad('draft takes 0, 1 or "deck", a group size and optionally "leader"')
            if len(args) == 3:
                return LeaderDraft("draft", src, args[1], LEAD)
            return Draft("draft", src, args[1])
        if kind == "slot" and len(args) == 2:
            if not isinstance(args[0], str) or args[0] not in SLOT_ID:
                raise _bad(f"unknown box {shown_json(args[0])} (boxes: {', '.join(SLOT_NAMES)})")
            return Slot("slot", SLOT_ID[args[0]], slot_value_from_json(args[1]))
        if kind == "position" and len(args) == 1 and _is_int(args[0]):
            return Position("position", args[0] - 1)
        if kind == "move" and len(args) == 2 and _is_int(args[1]):
            return Movement("move", county_from_json(args[0]), args[1])
        if kind == "revolt" and len(args) == 1:
            return Revolt("revolt", county_from_json(args[0]))
        if kind == "favor":
            return _favor_from_json(args)
        if kind == "leader" and len(args) == 1:
            return Leader("leader", county_from_json(args[0]))
        if kind == "lsk" and len(args) == 1 and isinstance(args[0], str) and args[0] in LSK_KINDS:
            return Landsknechte("lsk", LSK_KINDS.index(args[0]))
    except (TypeError, ValueError) as exc:
        raise _bad(f"cannot read {shown_json(data)}: {clip(str(exc))}") from exc
    raise _bad(f"cannot read the move {shown_json(data)}")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


# -- the action codec ----------------------------------------------------------------------------
# A fixed action space, the same for every option set: one block per kind of move, laid out in the
# order below. Moves are typed tuples (kind first, feldherr.wallenstein.moves); the codec only
# packs their fields.
NCOUNTIES = len(NAMES)
SLOT_VALUES = NCOUNTIES + MONEY_CARDS + 2  # a county card, a money card, a dice tower card, nothing
FAVOR_TARGETS = NCOUNTIES + 2  # a county, "remove the event", no target
_BLOCKS: tuple[tuple[str, int], ...] = (
    ("draft", 3 * MAX_GROUP * 2),
    ("redraw", 1),
    ("slot", len(SLOT_NAMES) * SLOT_VALUES),
    ("position", 5),
    ("move", NCOUNTIES * MAX_MOVE),
    ("pass", 1),
    ("revolt", NCOUNTIES),
    ("favor", 1 + len(FAVOR_COSTS) * FAVOR_TARGETS),
    ("leader", NCOUNTIES),
    ("lsk", len(LSK_KINDS)),
)
OFFSET: dict[str, int] = {}
_start = 0
for _kind, _size in _BLOCKS:
    OFFSET[_kind] = _start
    _start += _size
NUM_ACTIONS = _start
_KIND_AT = [(OFFSET[k], k) for k, _ in _BLOCKS]


def num_actions(options: object = None) -> int:
    """The size of the action space (the same for every option set)."""
    return NUM_ACTIONS


def _slot_value_code(value: int) -> int:
    if value == EMPTY:
        return NCOUNTIES + MONEY_CARDS + 1
    if value == TOWER_CARD:
        return NCOUNTIES + MONEY_CARDS
    if value >= MONEY_BASE:
        return NCOUNTIES + value - MONEY_BASE
    return value


def _slot_value_from_code(code: int) -> int:
    if code == NCOUNTIES + MONEY_CARDS + 1:
        return EMPTY
    if code == NCOUNTIES + MONEY_CARDS:
        return TOWER_CARD
    if code >= NCOUNTIES:
        return MONEY_BASE + code - NCOUNTIES
    return code


def encode(move: Move) -> int:
    """The move's index in ``range(NUM_ACTIONS)`` (MalformedMoveError for anything else)."""
    # fields by position: the codec also packs out-of-shape tuples' numbers, refusing what fails
    kind = move[0]
    code = -1
    try:
        base: int = OFFSET[kind]
        if kind == "draft":
            src, size = move[1], move[2]
            if 0 <= src < 3 and 0 <= size < MAX_GROUP:
                code = base + (src * MAX_GROUP + size) * 2 + (len(move) == 4)
        elif kind in ("redraw", "pass"):
            code = base
        elif kind == "slot":
            code = base + move[1] * SLOT_VALUES + _slot_value_code(move[2])
        elif kind == "position":
            code = base + move[1]
        elif kind == "move":
            if 0 <= move[2] < MAX_MOVE:
                code = base + move[1] * MAX_MOVE + move[2]
        elif kind in ("revolt", "leader", "lsk"):
            code = base + move[1]
        elif kind == "favor":
            if move[1] < 0:
                code = base
            else:
                target = NCOUNTIES if move[2] == REMOVE_EVENT else NCOUNTIES + 1 if move[2] < 0 else move[2]
                code = base + 1 + move[1] * FAVOR_TARGETS + target
    except (KeyError, IndexError, TypeError) as exc:
        raise _bad(f"no action for {notation(move)}") from exc
    if code < 0:
        raise _bad(f"no action for {notation(move)}")
    return code


_DECODED: dict[int, Move] = {}
"""Every action decoded so far and its move (moves are tuples of numbers and words, never changed:
one object per action serves every caller)."""


def decode(action: int) -> Move:
    """The move with index ``action`` (whether it is legal now is the state's business)."""
    if type(action) is not int:
        raise _bad(f"no action {shown_json(action)} (0 to {NUM_ACTIONS - 1})")
    move = _DECODED.get(action)
    if move is None:
        move = _DECODED[action] = _decode(action)
    return move


def _decode(action: int) -> Move:
    if not 0 <= action < NUM_ACTIONS:
        raise _bad(f"no action {shown_json(action)} (0 to {NUM_ACTIONS - 1})")
    base, kind = max((o, k) for o, k in _KIND_AT if o <= action)
    i = action - base
    if kind == "draft":
        lead, i = i % 2, i // 2
        src, size = divmod(i, MAX_GROUP)
        return LEADER_DRAFT[src][size] if lead else DRAFT[src][size]
    if kind == "redraw":
        return REDRAW
    if kind == "pass":
        return PASS
    if kind == "slot":
        slot, code = divmod(i, SLOT_VALUES)
        return Slot("slot", slot, _slot_value_from_code(code))
    if kind == "move":
        county, n = divmod(i, MAX_MOVE)
        return Movement("move", county, n)
    if kind == "favor":
        if i == 0:
            return NO_FAVOR
        space, target = divmod(i - 1, FAVOR_TARGETS)
        aim = REMOVE_EVENT if target == NCOUNTIES else NO_TARGET if target > NCOUNTIES else target
        return Favor("favor", space, aim)
    move: Move = typed((kind, i))  # position, revolt, leader, lsk: (kind, number)
    return move


__all__ = ["BID", "NUM_ACTIONS", "decode", "encode", "move_from_json", "move_to_json", "num_actions"]
