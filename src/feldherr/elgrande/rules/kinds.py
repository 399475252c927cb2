"""Move kinds and their argument types (shared by the engine and the JSON codec)."""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import shown_move
from feldherr.core.game import JSON, Move
from feldherr.elgrande import data as D

# argument types per move kind: a = area name/index, c = area or the court/stop marker, i = int
ARGS: dict[str, str] = {
    "power": "ii",
    "court": "i",
    "recall": "c",
    "take": "i",
    "place": "a",
    "endplace": "",
    "special": "",
    "nospecial": "",
    "veto": "i",
    "ability": "",
    "noability": "",
    "choose": "i",
    "from": "ia",
    "to": "a",
    "endmove": "",
    "fplace": "a",
    "endfplace": "",
    "ret": "c",
    "send": "ia",
    "skip": "",
    "pick": "a",
    "board": "ia",
    "king": "a",
    "escort": "i",
    "grande": "a",
    "pb": "i",
    "pbm": "i",
    "disc": "a",
    "mpass": "i",
}

# The word of an area-or-marker argument ("c") that names no area: -1 in the engine's move.
MARK = {"recall": "stop", "ret": "court"}


def move_to_json(move: Move) -> JSON:
    """A move's JSON form (the codec's: areas by name), here so that the rules' refusals can name
    a move as the codec writes it."""
    kind = move[0]
    types = ARGS[kind]
    out: list[Any] = [kind]
    for t, v in zip(types, move[1:], strict=False):
        if t == "a":
            out.append(D.AREA_NAMES[v])
        elif t == "c":
            out.append(MARK[kind] if v < 0 else D.AREA_NAMES[v])
        else:
            out.append(v)
    if kind == "power" and move[2] < 0:
        out.pop()
    return out


def notation(move: Any) -> str:
    """A move in the codec's notation, its JSON form with area names (``["place", "Galicia"]``),
    for a refusal's developer message; a move the codec cannot write as the JSON of its parts
    (never a Python literal)."""
    return shown_move(move, move_to_json)
