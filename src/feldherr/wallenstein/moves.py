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
==========================================  ==============================================
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import MalformedMoveError
from feldherr.core.game import JSON, Move
from feldherr.wallenstein.data import ACTIONS, BID, COUNTY_ID, MONEY_BASE, NAMES, NUM_SLOTS
from feldherr.wallenstein.state import EMPTY

SLOT_NAMES: tuple[str, ...] = (*ACTIONS, "bid")
SLOT_ID = {name: i for i, name in enumerate(SLOT_NAMES)}


def _bad(message: str) -> MalformedMoveError:
    return MalformedMoveError(message, rule="wallenstein.move-format")


def slot_value_to_json(value: int) -> JSON:
    if value == EMPTY:
        return None
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
        return ["draft", "deck" if move[1] == 2 else move[1], move[2]]
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
    return [kind]


def move_from_json(data: JSON) -> Move:
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise _bad(f"a move is a JSON list starting with its kind, not {data!r}")
    kind, args = data[0], data[1:]
    try:
        if kind in ("redraw", "pass") and not args:
            return (kind,)
        if kind == "draft" and len(args) == 2:
            src = 2 if args[0] == "deck" else args[0]
            if src not in (0, 1, 2) or not _is_int(args[1]):
                raise _bad("draft takes 0, 1 or 'deck' and a group size")
            return ("draft", src, args[1])
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
    except (TypeError, ValueError) as exc:
        raise _bad(f"cannot read {data!r}: {exc}") from exc
    raise _bad(f"cannot read the move {data!r}")


def _plan_from_json(boxes: dict[str, Any]) -> tuple[int, ...]:
    unknown = set(boxes) - set(SLOT_ID)
    if unknown:
        raise _bad(f"unknown boxes {sorted(unknown)} (boxes: {', '.join(SLOT_NAMES)})")
    slots = [EMPTY] * NUM_SLOTS
    for name, value in boxes.items():
        slots[SLOT_ID[name]] = slot_value_from_json(value)
    return tuple(slots)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


__all__ = ["BID", "move_from_json", "move_to_json"]
