"""The printed numbers of Wallenstein, loaded once from ``data/counties.json`` and ``data/rules.json``.

Engine code indexes counties by id (their position in counties.json) and actions by their position
on the player mat. Every number here comes from a data file; correct a value there, not here.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any


def _load(name: str) -> Any:
    return json.loads(resources.files("feldherr.wallenstein").joinpath("data", name).read_text("utf-8"))


COUNTY_DATA = _load("counties.json")
RULES = _load("rules.json")


@dataclass(frozen=True)
class County:
    id: int
    name: str
    region: int
    tax: int
    grain: int
    sites: int
    in_3_player_game: bool
    neighbours: tuple[int, ...]


REGIONS: tuple[str, ...] = tuple(COUNTY_DATA["regions"])
_names = [c["name"] for c in COUNTY_DATA["counties"]]
COUNTY_ID: dict[str, int] = {name: i for i, name in enumerate(_names)}
COUNTIES: tuple[County, ...] = tuple(
    County(
        id=i,
        name=c["name"],
        region=REGIONS.index(c["region"]),
        tax=c["tax"],
        grain=c["grain"],
        sites=c["building_sites"],
        in_3_player_game=c["in_3_player_game"],
        neighbours=tuple(sorted(COUNTY_ID[n] for n in c["neighbours"])),
    )
    for i, c in enumerate(COUNTY_DATA["counties"])
)
NUM_COUNTIES = len(COUNTIES)
NAMES: tuple[str, ...] = tuple(_names)
TAX: tuple[int, ...] = tuple(c.tax for c in COUNTIES)
GRAIN: tuple[int, ...] = tuple(c.grain for c in COUNTIES)
SITES: tuple[int, ...] = tuple(c.sites for c in COUNTIES)
REGION_OF: tuple[int, ...] = tuple(c.region for c in COUNTIES)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(c.neighbours for c in COUNTIES)


@functools.cache
def active_counties(players: int) -> tuple[bool, ...]:
    """Counties in play: with 3 players the light-bordered ones are off-limits."""
    return tuple(players != 3 or c.in_3_player_game for c in COUNTIES)


# Actions, in the order of the boxes on the player mat.
ACTIONS: tuple[str, ...] = tuple(RULES["actions"]["order_on_mat"])
ACTIONS_FACE_UP: int = RULES["actions"]["face_up"]  # action cards shown when a round starts
(PALACE, CHURCH, TRADING_POST, GRAIN_ACTION, TAXES, DEPLOY5, DEPLOY3, DEPLOY1, COMBAT_A, COMBAT_B) = range(10)
BID = 10  # the auction box, slot 10 of a plan
NUM_SLOTS = 11
BUILDINGS: tuple[str, ...] = ("palace", "church", "trading_post")
BUILD_BIT = (1, 2, 4)  # bit of each building type in a county's building mask
BUILDING_COUNT: tuple[int, ...] = tuple(bin(mask).count("1") for mask in range(8))  # buildings in a mask
BUILD_COST: tuple[int, ...] = tuple(RULES["actions"]["build_cost"][b] for b in BUILDINGS)
BUILDING_SUPPLY: tuple[int, ...] = tuple(RULES["components"]["buildings"][b] for b in BUILDINGS)
_deploy = RULES["actions"]["deploy"]
DEPLOY_COST: dict[int, int] = {
    DEPLOY5: _deploy["deploy5"]["cost"],
    DEPLOY3: _deploy["deploy3"]["cost"],
    DEPLOY1: _deploy["deploy1"]["cost"],
}
DEPLOY_ARMIES: dict[int, int] = {
    DEPLOY5: _deploy["deploy5"]["armies"],
    DEPLOY3: _deploy["deploy3"]["armies"],
    DEPLOY1: _deploy["deploy1"]["armies"],
}

ARMIES_PER_PLAYER: int = RULES["components"]["armies_per_player"]
PEASANTS_TOTAL: int = RULES["components"]["peasants"]
REVOLT_MARKERS: int = RULES["components"]["revolt_markers"]
MONEY_CARDS: tuple[int, ...] = tuple(RULES["money_cards"]["values"])
MONEY_BASE = 100  # a money card of value v is stored as MONEY_BASE + v in a plan slot


def starting_money(players: int) -> int:
    return int(RULES["starting_money"][str(players)])


START_GROUP_SIZES: tuple[int, ...] = tuple(RULES["start_groups"]["sizes"])


def start_groups(players: int) -> list[int]:
    return list(START_GROUP_SIZES[: RULES["start_groups"]["groups_by_players"][str(players)]])


FILL_ARMIES: int = RULES["tower_filling"]["armies_per_player"]
FILL_PEASANTS: int = RULES["tower_filling"]["peasants"]

BONUS_TILES: tuple[str, ...] = tuple(RULES["bonus_tiles"]["tiles"])
PLUS_TALER, PLUS_GRAIN, SIX_ARMIES, ATTACK_PLUS1, DEFEND_PLUS1 = range(5)
SIX_ARMIES_COUNT: int = RULES["bonus_tiles"]["six_armies"]


@dataclass(frozen=True)
class Event:
    id: int
    effect: str
    grain_loss: int


EVENTS: tuple[Event, ...] = tuple(
    Event(e["id"], e["effect"], e["grain_loss"]) for e in RULES["events"]["cards"]
)
EVENTS_PER_YEAR: int = RULES["events"]["per_year"]
EVENT_RULES = RULES["events"]
YEARS: int = RULES["years"]["count"]

SUPPLY_CHART: tuple[tuple[int, int, int], ...] = tuple(
    (r["unsupplied_min"], r["revolts"], r["extra_peasants"]) for r in RULES["supply_chart"]["rows"]
)


def supply_chart(unsupplied: int) -> tuple[int, int]:
    """(revolting counties, additional peasants) for a number of unsupplied counties (> 0)."""
    revolts, extra = 0, 0
    for minimum, r, e in SUPPLY_CHART:
        if unsupplied >= minimum:
            revolts, extra = r, e
    return revolts, extra


SCORING = RULES["scoring"]
MAJORITY_VP: tuple[int, ...] = tuple(SCORING["majority"][b] for b in BUILDINGS)


def lineup(players: int) -> list[list[tuple[int, int]]]:
    """The printed fixed start lineup: per seat, (county id, armies)."""
    return [[(COUNTY_ID[name], n) for name, n in seat] for seat in RULES["lineups"][str(players)]]


# -- the modules (data/modules.json) ----------------------------------------------------------------

MODULE_DATA = _load("modules.json")
MODULES: tuple[str, ...] = ("court", "landsknechte", "leaders")

_court = MODULE_DATA["court"]
COURTIERS: int = _court["courtiers_per_player"]
TOWER_CARDS: int = _court["tower_cards_per_player"]
FAVOR_COSTS: tuple[int, ...] = tuple(_court["favor_spaces"])
FAVORS_SHOWN: int = _court["favors_displayed"]
CONVERT_BOXES: tuple[int, ...] = tuple(_court["convert_boxes"])
TOWER_CARD = 200  # a dice tower card in a plan slot (the three are alike)
COURT_SLOTS: tuple[int, ...] = (11, 12, 13)  # the boxes "convert 1/2/3 armies" of the extra board
COURT_NUM_SLOTS = 14


@dataclass(frozen=True)
class Favor:
    id: int
    effect: str
    amount: int
    building: int  # index into BUILDINGS, or -1
    shield: int  # bit 1: Combat/Movement A, bit 2: B


def _favor(card: dict[str, Any]) -> Favor:
    against = card.get("against", [])
    return Favor(
        id=card["id"],
        effect=card["effect"],
        amount=int(card.get("amount", 0)),
        building=BUILDINGS.index(card["building"]) if "building" in card else -1,
        shield=(1 if "combat_a" in against else 0) | (2 if "combat_b" in against else 0),
    )


FAVORS: tuple[Favor, ...] = tuple(_favor(c) for c in MODULE_DATA["favor_cards"]["cards"])  # index = id - 1

_lsk = MODULE_DATA["landsknechte"]
LSK_REGIONS: int = _lsk["regions_needed"]
LSK_KINDS: tuple[str, ...] = ("taler", "grain", "armies", "vp")
LSK_CARDS: tuple[tuple[int, ...] | None, ...] = tuple(
    None if c["benefits"] is None else tuple(int(c["benefits"][k]) for k in LSK_KINDS) for c in _lsk["cards"]
)

_leaders = MODULE_DATA["leaders"]
STATUES: int = _leaders["statues_per_player"]
LEADER_BUILD_COST: tuple[int, ...] = tuple(_leaders["build_cost"][b] for b in BUILDINGS)
LEADER_TAXES_PLUS: int = _leaders["taxes_plus"]
LEADER_GRAIN_PLUS: int = _leaders["grain_plus"]
LEADER_DEPLOY_PLUS: dict[int, int] = {
    a: _leaders["deploy_armies"][name] - DEPLOY_ARMIES[a]
    for a, name in ((DEPLOY5, "deploy5"), (DEPLOY3, "deploy3"), (DEPLOY1, "deploy1"))
}
VP_PER_STATUE: int = _leaders["vp_per_statue"]
VP_PER_TROPHY: int = _leaders["vp_per_trophy"]
