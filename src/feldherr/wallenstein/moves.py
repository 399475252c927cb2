"""The compact JSON form of Wallenstein moves, and short descriptions for prompts.

==========================================  ==============================================
JSON                                        meaning
==========================================  ==============================================
``["draft", 0, 5]`` / ``["draft", "deck", 4]``  take face-up card 0/1 (or the deck's top) with a group
``["redraw"]``                              the same two face-up cards again: replace them
``["slot", "bid", "Burgund"]``              plan one slot: a county name, a money card 0-4, or null
``["plan", {"bid": 0, "taxes": "Burgund"}]``  the whole plan at once (missing boxes: see docs)
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

from feldherr.core.errors import MalformedMoveError
from feldherr.core.game import JSON, Move
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    COUNTY_ID,
    FAVOR_COSTS,
    LSK_KINDS,
    MONEY_BASE,
    NAMES,
    NUM_SLOTS,
    TOWER_CARD,
)
from feldherr.wallenstein.state import EMPTY

SLOT_NAMES: tuple[str, ...] = (*ACTIONS, "bid", "court1", "court2", "court3")
SLOT_ID = {name: i for i, name in enumerate(SLOT_NAMES)}
TOWER_NAME = "tower"
REMOVE_EVENT = 100  # the target of favor #1 when the player removes the event card
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
    if isinstance(data, bool):
        raise _bad(f"{data!r} is not a card")
    if isinstance(data, int):
        return MONEY_BASE + data
    if data == TOWER_NAME:
        return TOWER_CARD
    if isinstance(data, str):
        return county_from_json(data)
    raise _bad(f"{data!r} is not a card: give a county name, a money card 0-4 or null")


def county_from_json(data: JSON) -> int:
    if not isinstance(data, str) or data not in COUNTY_ID:
        raise _bad(f"unknown county {data!r}")
    return COUNTY_ID[data]


def move_to_json(move: Move) -> JSON:
    kind = move[0]
    if kind == "draft":
        return [
            "draft",
            "deck" if move[1] == 2 else move[1],
            move[2],
            *(["leader"] if len(move) == 4 else []),
        ]
    if kind == "slot":
        return ["slot", SLOT_NAMES[move[1]], slot_value_to_json(move[2])]
    if kind == "plan":
        return ["plan", {SLOT_NAMES[i]: slot_value_to_json(v) for i, v in enumerate(move[1])}]
    if kind == "position":
        return ["position", move[1] + 1]
    if kind == "move":
        return ["move", NAMES[move[1]], move[2]]
    if kind == "revolt":
        return ["revolt", NAMES[move[1]]]
    if kind == "favor":
        if move[1] < 0:
            return ["favor"]
        return ["favor", FAVOR_COSTS[move[1]], *([] if move[2] < 0 else [_target_to_json(move[2])])]
    if kind == "leader":
        return ["leader", NAMES[move[1]]]
    if kind == "lsk":
        return ["lsk", LSK_KINDS[move[1]]]
    return [kind]


def _target_to_json(target: int) -> JSON:
    """A favor's target: a county name, or "remove_event" for favor #1."""
    return REMOVE_EVENT_NAME if target == REMOVE_EVENT else NAMES[target]


def _favor_from_json(args: list[Any]) -> Move:
    if not args:
        return ("favor", -1, -1)
    if not _is_int(args[0]) or args[0] not in FAVOR_COSTS or len(args) > 2:
        raise _bad(f"a favor is ['favor', courtiers {list(FAVOR_COSTS)}, target] or ['favor']")
    space = FAVOR_COSTS.index(args[0])
    if len(args) == 1:
        return ("favor", space, -1)
    target = args[1]
    if target == REMOVE_EVENT_NAME:
        return ("favor", space, REMOVE_EVENT)
    return ("favor", space, county_from_json(target))


def move_from_json(data: JSON) -> Move:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise _bad(f"a move is a JSON list starting with its kind, not {data!r}")
    kind, args = data[0], data[1:]
    try:
        if kind in ("redraw", "pass") and not args:
            return (kind,)
        if kind == "draft" and len(args) in (2, 3):
            src = 2 if args[0] == "deck" else args[0]
            if src not in (0, 1, 2) or not _is_int(args[1]) or args[2:] not in ([], ["leader"]):
                raise _bad("draft takes 0, 1 or 'deck', a group size and optionally 'leader'")
            return ("draft", src, args[1], 1) if len(args) == 3 else ("draft", src, args[1])
        if kind == "slot" and len(args) == 2:
            if args[0] not in SLOT_ID:
                raise _bad(f"unknown box {args[0]!r} (boxes: {', '.join(SLOT_NAMES)})")
            return ("slot", SLOT_ID[args[0]], slot_value_from_json(args[1]))
        if kind == "plan" and len(args) == 1 and isinstance(args[0], dict):
            return ("plan", _plan_from_json(args[0]))
        if kind == "position" and len(args) == 1 and _is_int(args[0]):
            return ("position", args[0] - 1)
        if kind == "move" and len(args) == 2 and _is_int(args[1]):
            return ("move", county_from_json(args[0]), args[1])
        if kind == "revolt" and len(args) == 1:
            return ("revolt", county_from_json(args[0]))
        if kind == "favor":
            return _favor_from_json(args)
        if kind == "leader" and len(args) == 1:
            return ("leader", county_from_json(args[0]))
        if kind == "lsk" and len(args) == 1 and args[0] in LSK_KINDS:
            return ("lsk", LSK_KINDS.index(args[0]))
    except (TypeError, ValueError) as exc:
        raise _bad(f"cannot read {data!r}: {exc}") from exc
    raise _bad(f"cannot read the move {data!r}")


def _plan_from_json(boxes: dict[str, Any]) -> tuple[int, ...]:
    unknown = set(boxes) - set(SLOT_ID)
    if unknown:
        raise _bad(f"unknown boxes {sorted(unknown)} (boxes: {', '.join(SLOT_NAMES)})")
    court = any(name.startswith("court") for name in boxes)
    slots = [EMPTY] * (len(SLOT_NAMES) if court else NUM_SLOTS)
    for name, value in boxes.items():
        slots[SLOT_ID[name]] = slot_value_from_json(value)
    return tuple(slots)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


__all__ = ["BID", "move_from_json", "move_to_json"]
