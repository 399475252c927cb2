"""Wallenstein positions: the buildings and revolt markers of the counties, and the common supplies
they come from (docs/positions.md, "A field left out"). A supply left out is the box's pieces not on
the map, so a table set up by hand (the position editor's buildings and revolt markers) needs no
arithmetic; a supply given is kept, and more pieces than the box holds are refused in words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from feldherr.core.testing import check_position_refused
from feldherr.games import get_game
from feldherr.wallenstein.data import BUILDING_SUPPLY, NAMES, REVOLT_MARKERS, active_counties

BUILDINGS = ("palace", "church", "trading_post")
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "positions" / "wallenstein-example.json"


def _example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text("utf-8"))
    data["hidden"].pop("tower_script", None)
    return data


def test_supplies_left_out_are_the_box_less_the_map() -> None:
    game = get_game("wallenstein")
    pos = _example()
    county = next(name for name, c in pos["counties"].items() if c["owner"] and not c.get("buildings"))
    pos["counties"][county]["buildings"] = ["palace", "trading_post"]
    pos["counties"][county]["revolt_markers"] = 3
    del pos["building_supply"], pos["revolt_marker_supply"]
    st: Any = game.from_position(pos, 1)
    counties = pos["counties"].values()
    on_map = [sum(1 for c in counties if name in c.get("buildings", [])) for name in BUILDINGS]
    assert st.building_supply == [total - n for total, n in zip(BUILDING_SUPPLY, on_map, strict=True)]
    assert st.unrest_supply == REVOLT_MARKERS - _markers(pos)
    c = NAMES.index(county)
    assert st.buildings[c] == 0b101 and st.unrest[c] == 3  # palace and trading post; 3 markers
    # the position written again has them, and loads to the same table
    again = game.position(st)
    assert again["counties"][county]["buildings"] == ["palace", "trading_post"]
    assert again["counties"][county]["revolt_markers"] == 3
    assert game.from_position(again, 2).to_json() == st.to_json()


def test_a_supply_given_is_kept() -> None:
    game = get_game("wallenstein")
    pos = _example()
    pos["revolt_marker_supply"] = 5  # some markers are not in play (fewer than the box is allowed)
    pos["building_supply"] = [1, 2, 3]
    st: Any = game.from_position(pos, 1)
    assert st.unrest_supply == 5 and st.building_supply == [1, 2, 3]


def test_more_revolt_markers_than_the_box_holds_are_refused_in_words() -> None:
    pos = _example()
    county = next(name for name, c in pos["counties"].items() if c["owner"])
    pos["counties"][county]["revolt_markers"] = 4
    pos["revolt_marker_supply"] = REVOLT_MARKERS
    total = _markers(pos) + REVOLT_MARKERS
    check_position_refused(
        get_game("wallenstein"),
        pos,
        "wallenstein.position.revolt-markers",
        f"the map and the supply hold {total} revolt markers; the game has {REVOLT_MARKERS}",
        f"Auf dem Spielplan und im Vorrat: {total} Unruhemarker; das Spiel hat {REVOLT_MARKERS}",
    )
    # left out, the supply is what is left: the same markers load
    del pos["revolt_marker_supply"]
    assert get_game("wallenstein").from_position(pos, 1).unrest_supply == REVOLT_MARKERS - _markers(pos)


def test_more_buildings_on_the_map_than_the_box_holds_are_refused_with_the_supply_left_out() -> None:
    pos = _example()
    del pos["building_supply"]
    for c in pos["counties"].values():
        c["buildings"] = ["church"]
    for name in NAMES:
        pos["counties"].setdefault(name, {})["buildings"] = ["church"]
    pos["counties"] = {k: v for k, v in pos["counties"].items() if k in _active(pos)}
    assert len(pos["counties"]) > BUILDING_SUPPLY[1]
    check_position_refused(
        get_game("wallenstein"),
        pos,
        "wallenstein.position.buildings",
        f"church: {len(pos['counties'])} buildings on the map; the game has {BUILDING_SUPPLY[1]}",
        f"Kirche: {len(pos['counties'])} Gebäude auf dem Spielplan",
    )


def _markers(pos: dict[str, Any]) -> int:
    return sum(c.get("revolt_markers", 0) for c in pos["counties"].values())


def _active(pos: dict[str, Any]) -> set[str]:
    active = active_counties(len(pos["players"]))
    return {name for c, name in enumerate(NAMES) if active[c]}


def test_a_neutral_county_holds_no_buildings_and_no_revolt_markers() -> None:
    """Buildings and revolt markers leave a county that turns neutral, and nobody builds in one: a
    neutral county with either was accepted."""
    for part, value in (("buildings", ["palace"]), ("revolt_markers", 1)):
        pos = _example()
        county = next(name for name, c in pos["counties"].items() if not c["owner"])
        pos["counties"][county][part] = value
        del pos["building_supply"], pos["revolt_marker_supply"]
        check_position_refused(
            get_game("wallenstein"),
            pos,
            "wallenstein.position.neutral",
            f"{county} has no owner, yet buildings or revolt markers lie in it",
            f"{county} hat keinen Besitzer, aber Gebäude oder Unruhemarker",
        )
