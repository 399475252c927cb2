"""Printed data (board, power cards, action cards, decks) loaded once from ``data/*.json``.

Indices used throughout the engine: regions ``0..8`` in scoring order, ``CASTILLO`` (9) as the
tenth area of the Caballero table, ``FRANCE`` (10) and ``PORTUGAL`` (11) only as King positions.
Every number comes from the JSON files, which carry their provenance.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load(name: str) -> Any:
    return json.loads(resources.files("feldherr.elgrande").joinpath("data", name).read_text("utf-8"))


BOARD: dict[str, Any] = _load("board.json")
CARDS_JSON: dict[str, Any] = _load("cards.json")
DECKS: dict[str, Any] = _load("decks.json")

REGION_NAMES: list[str] = [r["name"] for r in BOARD["regions"]]
NREG = len(REGION_NAMES)
CASTILLO = 9
FRANCE = 10
PORTUGAL = 11
AREAS = 10  # regions + Castillo: the width of a colour's row in the Caballero table
AREA_NAMES: list[str] = [*REGION_NAMES, "Castillo", "France", "Portugal"]
_IDX = {name: i for i, name in enumerate(AREA_NAMES)}

REGION_POINTS: list[tuple[int, int, int]] = [tuple(r["points"]) for r in BOARD["regions"]]
CASTILLO_POINTS: tuple[int, int, int] = tuple(BOARD["castillo"]["points"])
SCOREBOARDS: list[tuple[int, int, int]] = [tuple(v) for v in BOARD["mobile_scoreboards"]["values"]]
POWER_CABALLEROS: list[int] = [0, *BOARD["power_cards"]["caballeros"]]  # index = card value 1..13
CABALLEROS = int(BOARD["caballeros_per_colour"])
START_COURT = int(BOARD["start_court"])
START_BOARD = int(BOARD["start_on_board"])
KING_BONUS = int(BOARD["bonus"]["king"])
GRANDE_BONUS = int(BOARD["bonus"]["grande"])


def _neighbours() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for r in BOARD["regions"]:
        out.append(tuple(sorted(_IDX[n] for n in r["neighbours"])))
    out.append(tuple(range(NREG)))  # King beside the Castillo (Revolte): every region neighbours it
    for name in ("France", "Portugal"):
        out.append(tuple(sorted(_IDX[n] for n in BOARD["outside"][name]["neighbours"])))
    return out


NEIGHBOURS: list[tuple[int, ...]] = _neighbours()

CARD_IDS: list[str] = [c["id"] for c in CARDS_JSON["cards"]]
CARD_INDEX: dict[str, int] = {cid: i for i, cid in enumerate(CARD_IDS)}
CARD_PLACE: list[int] = [int(c["place"]) for c in CARDS_JSON["cards"]]
CARD_EFFECT: list[dict[str, Any]] = [c["effect"] for c in CARDS_JSON["cards"]]
CARD_DE: list[str] = [c["de"] for c in CARDS_JSON["cards"]]
CARD_EN: list[str] = [c["en"] for c in CARDS_JSON["cards"]]
KING_CARD = CARD_INDEX["ihre_majestaet"]

MODIFIER_VALUES: list[int] = [int(m[0]) for m in DECKS["modifiers"]["cards"]]
MODIFIER_ABILITY: list[dict[str, Any] | None] = [m[1] for m in DECKS["modifiers"]["cards"]]


def deck_stacks(deck: str) -> list[list[int]]:
    """Card indices of stacks 1-5 for ``deck`` ("classic" or "2023"), unshuffled."""
    stacks: list[list[int]] = []
    for s in ("1", "2", "3", "4", "5"):
        cards: list[int] = []
        for cid, copies in DECKS[deck]["stacks"][s]:
            cards.extend([CARD_INDEX[cid]] * int(copies))
        stacks.append(cards)
    return stacks


def regentschaft_cards() -> list[int]:
    cards: list[int] = []
    for cid, copies in DECKS["neue_regentschaft"]["cards"]:
        cards.extend([CARD_INDEX[cid]] * int(copies))
    return cards


def alte_hasen_cards() -> list[tuple[int, int]]:
    """(stack number 1-5, card index) for each 'Alte Hasen' card."""
    out: list[tuple[int, int]] = []
    for cid, stack, copies in DECKS["alte_hasen"]["cards"]:
        out.extend([(int(stack), CARD_INDEX[cid])] * int(copies))
    return out


ALTE_HASEN_IDS: list[str] = sorted({str(c[0]) for c in DECKS["alte_hasen"]["cards"]})


def _plain(s: str) -> str:
    return s.replace("ó", "o").replace("ñ", "n")


_AREA_BY_NAME = {**{_plain(n): i for i, n in enumerate(AREA_NAMES)}, **_IDX}


def area_index(name: str) -> int:
    """Index of an area by its exact name (the accents may be left out: "Aragon")."""
    return _AREA_BY_NAME[name]
