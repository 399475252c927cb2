"""Move kinds and their argument types (shared by the engine and the JSON codec)."""

from __future__ import annotations

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
