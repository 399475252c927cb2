"""Moves of El Grande: their JSON form, the JSON reader (by exact type) and the action codec.

A move is a typed tuple ``(kind, *ints)`` of :mod:`feldherr.elgrande.moves`; :data:`ARGS` gives
each kind's arguments (``a`` an area index, ``c`` an area or ``-1`` for the ``AT_COURT`` / ``STOP``
marker, ``i`` a number). In JSON an area is its
name (``["place", "Aragón"]``), the marker is ``"court"`` or ``"stop"``, and a power card without a
modifier drops its ``-1`` (``["power", 7]``).

The action codec numbers every move of every position in one fixed space: each kind owns a block
of :data:`NUM_ACTIONS`, indexed by its arguments' ranges (:data:`RANGES`), so the encoding does not
depend on the position or the options.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import MalformedMoveError, shown_json
from feldherr.core.game import JSON, Move
from feldherr.elgrande import data as D
from feldherr.elgrande.moves import FIELD_RANGES, TYPES, typed
from feldherr.elgrande.rules.kinds import ARGS, MARK
from feldherr.elgrande.rules.kinds import move_to_json as move_to_json  # (the codec's JSON form)
from feldherr.elgrande.rules.kinds import notation as notation

RANGES = FIELD_RANGES
"""Inclusive range of each argument of each kind (the action space's blocks)."""


def _block(ranges: tuple[tuple[int, int], ...]) -> int:
    size = 1
    for lo, hi in ranges:
        size *= hi - lo + 1
    return size


OFFSETS: dict[str, int] = {}
_KIND_AT: list[tuple[int, str]] = []
_pos = 0
for _kind, _ranges in RANGES.items():
    OFFSETS[_kind] = _pos
    _KIND_AT.append((_pos, _kind))
    _pos += _block(_ranges)
NUM_ACTIONS = _pos
"""Size of the fixed action space."""


def encode(move: Move) -> int:
    """The action number of ``move`` (MalformedMoveError for anything outside the space)."""
    if not isinstance(move, tuple) or not move or type(move[0]) is not str or move[0] not in RANGES:
        raise MalformedMoveError(
            f"not a move: {shown_json(move)}", rule="elgrande.move.format", move=shown_json(move)
        )
    ranges = RANGES[move[0]]
    if len(move) != 1 + len(ranges):
        raise MalformedMoveError(
            f"not a move: {shown_json(move)}", rule="elgrande.move.format", move=shown_json(move)
        )
    index = 0
    for (lo, hi), v in zip(ranges, move[1:], strict=True):
        if type(v) is not int or not lo <= v <= hi:
            raise MalformedMoveError(
                f"not a move: {shown_json(move)}", rule="elgrande.move.format", move=shown_json(move)
            )
        index = index * (hi - lo + 1) + (v - lo)
    return OFFSETS[move[0]] + index


def decode(action: int) -> Move:
    """The move with action number ``action`` (one shared, immutable move per number)."""
    if type(action) is int and 0 <= action < NUM_ACTIONS:
        return _DECODED[action]
    return _decode(action)


def _decode(action: int) -> Move:
    """The move with action number ``action``, worked out from the blocks."""
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise MalformedMoveError(
            f"no action {shown_json(action)} (0 to {NUM_ACTIONS - 1})",
            rule="elgrande.move.format",
            move=shown_json(action),
        )
    start, kind = next((s, k) for s, k in reversed(_KIND_AT) if s <= action)
    index = action - start
    args: list[int] = []
    for lo, hi in reversed(RANGES[kind]):
        size = hi - lo + 1
        args.append(lo + index % size)
        index //= size
    return tuple.__new__(TYPES[kind], (kind, *reversed(args)))


# ---------------------------------------------------------------------------- JSON
def move_from_json(data: JSON) -> Move:
    """Read a move by exact type: ``2.0``, ``True`` and ``"2"`` are not the number 2."""
    if isinstance(data, str):
        data = [data]
    if not isinstance(data, list | tuple) or not data or not isinstance(data[0], str):
        raise MalformedMoveError(
            f"a move is a list [kind, args...], not {shown_json(data)}",
            rule="elgrande.move.format",
            move=shown_json(data),
        )
    kind = data[0]
    if kind not in ARGS:
        raise MalformedMoveError(
            f"unknown move kind {shown_json(kind)}", rule="elgrande.move.kind", kind=shown_json(kind)
        )
    types = ARGS[kind]
    args = list(data[1:])
    if kind == "power":
        if len(args) == 1:
            args.append(-1)  # no modifier: the one JSON form of it is ["power", value]
        elif len(args) == 2 and type(args[1]) is int and args[1] < 0:
            raise MalformedMoveError(
                f"a modifier is a number from 0, not {shown_json(args[1])}",
                rule="elgrande.move.arg",
                value=shown_json(args[1]),
            )
    if len(args) != len(types):
        raise MalformedMoveError(
            f"{shown_json(kind)} takes {len(types)} argument(s), got {len(args)}",
            rule="elgrande.move.arity",
            kind=kind,
            count=len(types),
            move=shown_json(data),
        )
    out: list[Any] = [kind]
    for t, v in zip(types, args, strict=True):
        out.append(_arg(kind, t, v))
    move: Move = typed(tuple(out))
    return move


def _arg(kind: str, t: str, v: Any) -> int:
    if t == "i":
        if type(v) is not int:
            raise MalformedMoveError(
                f"{shown_json(kind)} expects a whole number, got {shown_json(v)}",
                rule="elgrande.move.arg",
                value=shown_json(v),
            )
        return v
    if type(v) is str:  # an area by its name (one spelling per area: the JSON form is exact)
        if t == "c" and v == MARK[kind]:
            return -1
        try:
            return D.area_index(v)
        except KeyError:
            raise MalformedMoveError(
                f"unknown region {shown_json(v)}", rule="elgrande.move.arg", value=shown_json(v)
            ) from None
    raise MalformedMoveError(
        f"{shown_json(kind)} expects a region, got {shown_json(v)}",
        rule="elgrande.move.arg",
        value=shown_json(v),
    )


_DECODED: tuple[Move, ...] = tuple(_decode(a) for a in range(NUM_ACTIONS))
"""The move of every action number, worked out once."""
DECODED_IDS: frozenset[int] = frozenset(map(id, _DECODED))
"""The identities of the shared moves :func:`decode` hands out (kept alive by ``_DECODED``): a
typed move of exact ints, so one equal to a legal move is that move."""
