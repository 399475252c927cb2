"""The information layer: what one seat sees at the table, its numeric form, and determinizing.

Public: the board, everyone's Thalers, grain, victory points and supply, the tray, how many cubes
of each colour are inside the tower (anyone counting could know it, not where they sit), open
events and action cards, bonus tiles, positions, revealed plan cards and bids. Private to the seat:
its hand, its own plan. Never shown: other plans (and extra-board cards) before they are revealed,
the order of any deck (events, draft cards, favor cards, the action cards not yet turned), where
the cubes sit inside the tower, the generator. With modules: the court (displayed favor cards,
courtiers in supply / entrance hall / audience hall, favors in force), the leaders, statues and
trophies, the Landsknechte top cards.

``determinize(state, seat, seed)`` resamples exactly the "never shown" part for that seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np

from feldherr.core.info import field_layout
from feldherr.core.native import native_module
from feldherr.core.observation import Features, Observation, by_rows, finish, zeroed
from feldherr.core.rng import Rng
from feldherr.core.views import envelope
from feldherr.core.views import view_schema as envelope_schema
from feldherr.wallenstein.codec import SLOT_NAMES, slot_value_to_json
from feldherr.wallenstein.data import (
    ACTIONS,
    BID,
    BONUS_TILES,
    BUILDINGS,
    COUNTY_ID,
    EVENTS,
    FAVOR_COSTS,
    FAVORS,
    MONEY_BASE,
    NAMES,
    TOWER_CARD,
)
from feldherr.wallenstein.moves import MONEY_CARDS
from feldherr.wallenstein.state import EMPTY, LOST, UNPLANNED, WallensteinState
from feldherr.wallenstein.tower.model import NCOLOURS, Tower, TowerModel

SEASONS = ("spring", "summer", "fall", "winter")
S = TypeVar("S", bound=WallensteinState)
PHASES = ("draft", "plan", "position", "move", "execute", "revolt-order", "leader", "landsknechte",
          "favor", "winter", "pre", "post", "winter-end", "over")  # fmt: skip


def view(st: WallensteinState, seat: int | None) -> dict[str, Any]:
    n = st.num_players
    counties = {
        NAMES[c]: {
            "owner": st.owner[c],
            "armies": st.armies[c],
            "buildings": [BUILDINGS[b] for b in range(3) if st.buildings[c] >> b & 1],
            "revolt_markers": st.unrest[c],
        }
        for c in range(len(st.owner))
        if st.active[c]
    }
    players = []
    for s in range(n):
        entry: dict[str, Any] = {
            "seat": s,
            "thaler": st.money[s],
            "grain": st.grain[s],
            "vp": st.vp[s],
            "supply": st.supply[s],
            "cards": sum(1 for holder in st.card if holder == s),
            "position": st.positions[s] + 1 if st.positions[s] >= 0 else None,
            "plan": _plan_view(st, s, seat),
        }
        if s == seat:
            entry["hand"] = [NAMES[c] for c in range(len(st.card)) if st.card[c] == s]
        players.append(entry)
    data = envelope(st.game, st, seat, st.phase, players)
    data.update(
        {
            "options": st.options,
            "year": st.year,
            "season": SEASONS[st.season],
            "counties": counties,
            "tower": {"inside": st.tower.inside(), "tray": st.tray[:]},
            "peasant_supply": st.peasant_supply,
            "revolt_marker_supply": st.unrest_supply,
            "building_supply": dict(zip(BUILDINGS, st.building_supply, strict=True)),
            "open_events": [EVENTS[e].id for e in st.open_events],
            "event": EVENTS[st.event].id if st.event >= 0 else None,
            "events_gone": [EVENTS[e].id for e in st.used_events],
            "event_deck_size": len(st.event_deck),
            "actions": [ACTIONS[a] for a in st.actions[: st.revealed_actions]],
            "actions_hidden": max(0, len(st.actions) - st.revealed_actions),
            "current_action": st.action_index if st.phase in ("move", "execute") else None,
            "bonus_tiles": [BONUS_TILES[b] for b in st.bonus],
            "order": st.order[:],
            "step": _step(st),
        }
    )
    if st.court:
        data["court"] = _court_view(st)
    if st.leaders:
        data["leaders"] = _leaders_view(st)
    if st.lsk:
        data["landsknechte"] = {"top_card": [t + 1 for t in st.lsk_top]}
    if st.phase == "draft":
        data["draft"] = {
            "faceup": [NAMES[c] for c in st.faceup],
            "deck_size": len(st.draft_deck),
            "groups": [sorted(g, reverse=True) for g in st.groups],
        }
    return data


def _court_view(st: WallensteinState) -> dict[str, Any]:
    """Public: the displayed cards and their spaces, the courtiers everywhere, the favors in force.
    The deck's order is never shown; the extra board's cards appear in the plans once revealed."""
    return {
        "favors": [
            {"courtiers": FAVOR_COSTS[i], "card": FAVORS[f].id if f >= 0 else None}
            for i, f in enumerate(st.favors)
        ],
        "favor_deck_size": len(st.favor_deck),
        "courtier_supply": st.courtiers[:],
        "entrance_hall": st.hall[:],
        "audience_hall": st.audience[:],
        "shield": [[name for bit, name in ((1, "combat_a"), (2, "combat_b")) if s & bit] for s in st.shield],
        "parry": st.parry[:],
    }


def _leaders_view(st: WallensteinState) -> dict[str, Any]:
    return {
        "leader": [NAMES[c] if c >= 0 else None for c in st.leader],
        "statue_supply": st.statue_supply[:],
        "statues": [{NAMES[c]: k for c, k in enumerate(row) if k} for row in st.statues],
        "trophies": [row[:] for row in st.trophies],
    }


def _plan_view(st: WallensteinState, owner: int, viewer: int | None) -> dict[str, Any]:
    plan = st.plans[owner]
    shown: dict[str, Any] = {}
    for slot in range(len(plan)):
        value = plan[slot]
        if value == UNPLANNED:
            continue
        if value == LOST:
            shown[SLOT_NAMES[slot]] = "lost"
        elif owner == viewer or st.revealed[owner][slot]:
            shown[SLOT_NAMES[slot]] = slot_value_to_json(value)
        else:
            shown[SLOT_NAMES[slot]] = "hidden"
    return shown


def _step(st: WallensteinState) -> dict[str, Any] | None:
    """What the pending decision is about (the envelope's ``decision`` lists the moves)."""
    if st.phase == "move":
        seat, county, action = st.pending
        return {"seat": seat, "kind": "move", "from": NAMES[county], "action": ACTIONS[action]}
    if st.phase == "leader" and st.pending:
        step = {"leader_setup": "place", "leader_move": "move", "leader_winter": "return"}[st.stage]
        return {"seat": st.pending[0], "kind": "leader", "step": step}
    if st.phase in ("draft", "position", "revolt-order", "favor", "landsknechte") and st.pending:
        return {"seat": st.pending[0], "kind": st.phase}
    if st.phase == "plan":
        return {"seats": list(st.to_move()), "kind": "plan"}
    return None


# -- the view schema ------------------------------------------------------------------------------
_INT = {"type": "integer"}
_INTS = {"type": "array", "items": _INT}
_STR = {"type": "string"}
_PLAN = {"type": "object", "additionalProperties": {"type": ["string", "integer", "null"]}}
_PLAYER = {
    "type": "object",
    "required": ["seat", "thaler", "grain", "vp", "supply", "cards", "position", "plan"],
    "properties": {
        "seat": _INT,
        "thaler": _INT,
        "grain": _INT,
        "vp": _INT,
        "supply": _INT,
        "cards": _INT,
        "position": {"type": ["integer", "null"]},
        "plan": _PLAN,
        "hand": {"type": "array", "items": _STR},
    },
    "additionalProperties": False,
}
_COUNTY = {
    "type": "object",
    "required": ["owner", "armies", "buildings", "revolt_markers"],
    "properties": {
        "owner": _INT,
        "armies": _INT,
        "buildings": {"type": "array", "items": {"enum": list(BUILDINGS)}},
        "revolt_markers": _INT,
    },
}
GAME_KEYS: dict[str, Any] = {
    "players": {"type": "array", "items": _PLAYER},
    "options": {"type": "object"},
    "year": _INT,
    "season": {"enum": list(SEASONS)},
    "counties": {"type": "object", "additionalProperties": _COUNTY},
    "tower": {
        "type": "object",
        "required": ["inside", "tray"],
        "properties": {"inside": _INTS, "tray": _INTS},
    },
    "peasant_supply": _INT,
    "revolt_marker_supply": _INT,
    "building_supply": {"type": "object", "additionalProperties": _INT},
    "open_events": _INTS,
    "event": {"type": ["integer", "null"]},
    "events_gone": _INTS,
    "event_deck_size": _INT,
    "actions": {"type": "array", "items": {"enum": list(ACTIONS)}},
    "actions_hidden": _INT,
    "current_action": {"type": ["integer", "null"]},
    "bonus_tiles": {"type": "array", "items": {"enum": list(BONUS_TILES)}},
    "order": _INTS,
    "step": {"type": ["object", "null"]},
    "court": {"type": "object"},
    "leaders": {"type": "object"},
    "landsknechte": {"type": "object"},
    "draft": {"type": "object"},
}
REQUIRED = ("options", "year", "season", "counties", "tower", "open_events", "actions", "order", "step")


def schema() -> dict[str, Any]:
    return envelope_schema(GAME_KEYS, REQUIRED)


# -- the observation ------------------------------------------------------------------------------
SEATS = 5
NCOUNTIES = len(NAMES)
NSLOTS = len(SLOT_NAMES)
GROUP_SIZES = 6  # army groups of 0-5 armies
_SIZES = {
    "envelope": SEATS + SEATS + len(PHASES) + 1 + len(SEASONS),
    "counties": NCOUNTIES * 12,
    "players": SEATS * 12,
    "plans": SEATS * NSLOTS * 9,
    "hand": NCOUNTIES,
    "supplies": 6 + 6 + 2 + len(BUILDINGS),
    "events": 3 * len(EVENTS) + 1,
    "actions": 2 * len(ACTIONS) + 1 + len(ACTIONS) + 1,
    "tiles": len(BONUS_TILES) * len(BONUS_TILES) + SEATS * SEATS,
    "step": NCOUNTIES + len(ACTIONS),
    "court": len(FAVOR_COSTS) * (len(FAVORS) + 1) + 6 * SEATS + 1,
    "leaders": SEATS * (NCOUNTIES + 1) + SEATS + SEATS * NCOUNTIES + SEATS * SEATS,
    "landsknechte": SEATS,
    "draft": 2 * NCOUNTIES + 1 + SEATS * GROUP_SIZES,
}
OBSERVATION_SIZE = sum(_SIZES.values())
_EVENT_INDEX = {e.id: i for i, e in enumerate(EVENTS)}
_FAVOR_INDEX = {f.id: i for i, f in enumerate(FAVORS)}
_ACTION_INDEX = {a: i for i, a in enumerate(ACTIONS)}
_TILE_INDEX = {t: i for i, t in enumerate(BONUS_TILES)}
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_BUILDING_INDEX = {b: i for i, b in enumerate(BUILDINGS)}


def observation(view: dict[str, Any], out: Observation | None = None) -> Observation:
    """The view as a fixed-size float32 vector (layout: docs/games/wallenstein.md). Built from the
    view alone, so it holds nothing the seat cannot see. Counts are divided by a scale and capped:
    every number lies in [0, 1]."""
    f = Features(OBSERVATION_SIZE)
    f.one_hot(view["seat"], SEATS)
    to_move = set(view["to_move"])
    f.extend(1.0 if s in to_move else 0.0 for s in range(SEATS))
    f.one_hot(_PHASE_INDEX.get(view["phase"]), len(PHASES))
    f.add(view["year"] / 3)
    f.one_hot(SEASONS.index(view["season"]), len(SEASONS))
    counties = view["counties"]
    for name in NAMES:
        county = counties.get(name)
        if county is None:
            f.skip(12)
            continue
        f.add(1.0)
        f.one_hot(county["owner"] + 1, 6)
        f.add(county["armies"] / 10)
        built = county["buildings"]
        f.extend(1.0 if b in built else 0.0 for b in BUILDINGS)
        f.add(county["revolt_markers"] / 3)
    players = view["players"]
    for s in range(SEATS):
        if s >= len(players):
            f.skip(12)
            continue
        p = players[s]
        f.extend((1.0, p["thaler"] / 20, p["grain"] / 10, p["vp"] / 50, p["supply"] / 30, p["cards"] / 10))
        f.one_hot(p["position"] or 0, 6)
    for s in range(SEATS):
        plan = players[s]["plan"] if s < len(players) else {}
        for name in SLOT_NAMES:
            _plan_slot(f, plan.get(name, UNPLANNED))
    me = players[view["seat"]] if view["seat"] is not None else {}
    hand = set(me.get("hand", ()))
    f.extend(1.0 if name in hand else 0.0 for name in NAMES)
    f.extend(v / 10 for v in view["tower"]["inside"])
    f.extend(v / 10 for v in view["tower"]["tray"])
    f.add(view["peasant_supply"] / 50)
    f.add(view["revolt_marker_supply"] / 20)
    f.extend(v / 10 for v in view["building_supply"].values())
    open_events = {_EVENT_INDEX[e] for e in view["open_events"]}
    gone = {_EVENT_INDEX[e] for e in view["events_gone"]}
    current = _EVENT_INDEX.get(view["event"]) if view["event"] is not None else None
    for i in range(len(EVENTS)):
        f.extend((float(i in open_events), float(i == current), float(i in gone)))
    f.add(view["event_deck_size"] / len(EVENTS))
    shown = {_ACTION_INDEX[a]: i for i, a in enumerate(view["actions"])}
    for a in range(len(ACTIONS)):
        f.extend((float(a in shown), shown.get(a, 0) / 10))
    f.add(view["actions_hidden"] / 10)
    f.one_hot(view["current_action"], len(ACTIONS) + 1)
    for tile in view["bonus_tiles"]:
        f.one_hot(_TILE_INDEX[tile], len(BONUS_TILES))
    f.skip((len(BONUS_TILES) - len(view["bonus_tiles"])) * len(BONUS_TILES))
    for s in view["order"]:
        f.one_hot(s, SEATS)
    f.skip((SEATS - len(view["order"])) * SEATS)
    step = view["step"] or {}
    f.one_hot(COUNTY_ID[step["from"]] if "from" in step else None, NCOUNTIES)
    f.one_hot(_ACTION_INDEX[step["action"]] if "action" in step else None, len(ACTIONS))
    _module_features(f, view)
    return f.done(out, (0.0, 1.0))


def _plan_slot(f: Features, value: Any) -> None:
    """planned, hidden, lost, county (and which), money (and how much), dice tower card, empty."""
    if value is UNPLANNED:
        f.skip(9)
        return
    f.add(1.0)
    f.add(float(value == "hidden"))
    f.add(float(value == "lost"))
    county = COUNTY_ID.get(value) if isinstance(value, str) else None
    f.add(float(county is not None))
    f.add((county or 0) / NCOUNTIES)
    f.add(float(type(value) is int))
    f.add(value / 4 if type(value) is int else 0.0)
    f.add(float(value == "tower"))
    f.add(float(value is None))


def _module_features(f: Features, view: dict[str, Any]) -> None:
    court = view.get("court")
    if court is None:
        f.skip(_SIZES["court"])
    else:
        for space in court["favors"]:
            card = space["card"]
            f.one_hot(_FAVOR_INDEX[card] + 1 if card is not None else 0, len(FAVORS) + 1)
        f.skip((len(FAVOR_COSTS) - len(court["favors"])) * (len(FAVORS) + 1))
        for key in ("courtier_supply", "entrance_hall", "audience_hall", "parry"):
            values = court[key]
            f.extend(values[s] / 10 if s < len(values) else 0.0 for s in range(SEATS))
        shield = court["shield"]
        for bit in ("combat_a", "combat_b"):
            f.extend(float(s < len(shield) and bit in shield[s]) for s in range(SEATS))
        f.add(court["favor_deck_size"] / len(FAVORS))
    leaders = view.get("leaders")
    if leaders is None:
        f.skip(_SIZES["leaders"])
    else:
        where = leaders["leader"]
        for s in range(SEATS):
            at = where[s] if s < len(where) else None
            f.one_hot(COUNTY_ID[at] + 1 if at is not None else 0, NCOUNTIES + 1)
        supply = leaders["statue_supply"]
        f.extend(supply[s] / 5 if s < len(supply) else 0.0 for s in range(SEATS))
        statues = leaders["statues"]
        for s in range(SEATS):
            row = statues[s] if s < len(statues) else {}
            f.extend(float(row.get(name, 0)) for name in NAMES)
        trophies = leaders["trophies"]
        for s in range(SEATS):
            row = trophies[s] if s < len(trophies) else []
            f.extend(float(row[o]) if o < len(row) else 0.0 for o in range(SEATS))
    lsk = view.get("landsknechte")
    tops = lsk["top_card"] if lsk else []
    f.extend(tops[s] / 10 if s < len(tops) else 0.0 for s in range(SEATS))
    draft = view.get("draft")
    if draft is None:
        f.skip(_SIZES["draft"])
    else:
        faceup = draft["faceup"]
        for i in range(2):
            f.one_hot(COUNTY_ID[faceup[i]] if i < len(faceup) else None, NCOUNTIES)
        f.add(draft["deck_size"] / NCOUNTIES)
        groups = draft["groups"]
        for s in range(SEATS):
            row = groups[s] if s < len(groups) else []
            f.extend(float(row.count(size)) for size in range(GROUP_SIZES))


# -- the observation read from the state ----------------------------------------------------------
_AT: dict[str, int] = {}
_pos = 0
for _name, _size in _SIZES.items():
    _AT[_name] = _pos
    _pos += _size
_COUNTIES_AT = _AT["counties"]
_PLAYERS_AT = _AT["players"]
_PLANS_AT = _AT["plans"]
_HAND_AT = _AT["hand"]
_SUPPLIES_AT = _AT["supplies"]
_EVENTS_AT = _AT["events"]
_ACTIONS_AT = _AT["actions"]
_TILES_AT = _AT["tiles"]
_STEP_AT = _AT["step"]
_COURT_AT = _AT["court"]
_LEADERS_AT = _AT["leaders"]
_LSK_AT = _AT["landsknechte"]
_DRAFT_AT = _AT["draft"]
_TO_MOVE_AT = SEATS
_PHASE_AT = 2 * SEATS
_YEAR_AT = _PHASE_AT + len(PHASES)
_SEASON_AT = _YEAR_AT + 1
FIELDS = field_layout(
    OBSERVATION_SIZE,
    ("seat", (SEATS,), "the viewing seat, one-hot"),
    ("to_move", (SEATS,), "the seats to move"),
    ("phase", (len(PHASES),), "the phase, one-hot"),
    ("year", (1,), "the year / 3"),
    ("season", (len(SEASONS),), "the season, one-hot"),
    (
        "counties",
        (NCOUNTIES, 12),
        "one row per county (the order of the county data): in play, owner one-hot (none, seat "
        "0-4), armies / 10, buildings (palace, church, trading post), revolt markers / 3",
    ),
    (
        "players",
        (SEATS, 12),
        "one row per seat: present, Thalers / 20, grain / 10, victory points / 50, supply / 30, "
        "county cards / 10, bonus tile position one-hot (none, 1-5)",
    ),
    (
        "plans",
        (SEATS, NSLOTS, 9),
        "each seat's plan, box by box: planned, face-down, lost, a county (and which / 45), money "
        "(and how much / 4), a dice tower card, nothing",
    ),
    ("hand", (NCOUNTIES,), "the own county cards"),
    (
        "supplies",
        (_SIZES["supplies"],),
        "cubes inside the tower per colour / 10, cubes in the tray per colour / 10, peasant supply "
        "/ 50, revolt marker supply / 20, buildings in supply per kind / 10",
    ),
    ("events", (len(EVENTS), 3), "one row per event card: open, this round's, gone"),
    ("event_deck", (1,), "the event deck's size / its cards"),
    ("actions", (len(ACTIONS), 2), "one row per action card: turned, its place in the order / 10"),
    ("actions_hidden", (1,), "action cards not yet turned / 10"),
    ("current_action", (len(ACTIONS) + 1,), "the action card being carried out, one-hot (last: none)"),
    ("bonus_tiles", (len(BONUS_TILES), len(BONUS_TILES)), "each bonus tile space's tile, one-hot"),
    ("order", (SEATS, SEATS), "the player order: each place's seat, one-hot"),
    ("step_county", (NCOUNTIES,), "the county a pending movement starts from, one-hot"),
    ("step_action", (len(ACTIONS),), "the action of a pending movement, one-hot"),
    (
        "favors",
        (len(FAVOR_COSTS), len(FAVORS) + 1),
        "Am Kaiserhof: each favor space's card, one-hot (column 0: empty)",
    ),
    (
        "court_seats",
        (6, SEATS),
        "Am Kaiserhof, one row each: courtier supply / 10, entrance hall / 10, audience hall / 10, "
        "parries / 10, shield A, shield B (a column per seat)",
    ),
    ("favor_deck", (1,), "Am Kaiserhof: the favor deck's size / its cards"),
    ("leaders", (SEATS, NCOUNTIES + 1), "Heerführer: each seat's leader's county, one-hot (column 0: none)"),
    ("statue_supply", (SEATS,), "Heerführer: statues in each seat's supply / 5"),
    ("statues", (SEATS, NCOUNTIES), "Heerführer: each seat's statues per county"),
    ("trophies", (SEATS, SEATS), "Heerführer: each seat's trophies from each other seat"),
    ("landsknechte", (SEATS,), "Landsknechte: each seat's top card (value + 1) / 10"),
    ("draft_cards", (2, NCOUNTIES), "the draft: the two face-up cards' counties, one-hot"),
    ("draft_deck", (1,), "the draft: the deck's size / 45"),
    ("army_groups", (SEATS, GROUP_SIZES), "the draft: each seat's army groups by size (0-5 armies)"),
)
"""The observation's named blocks (``GameInfo.observation_fields``), as :func:`observation` fills
them; the kernel writes the same numbers at the same places (the blocks' offsets are ``_AT``'s)."""
_FIRST = {"envelope": "seat", "tiles": "bonus_tiles", "step": "step_county", "court": "favors"}
_FIRST["draft"] = "draft_cards"
assert all(_AT[k] == next(f.offset for f in FIELDS if f.name == _FIRST.get(k, k)) for k in _AT)
_PLAN_CELLS: dict[int, tuple[tuple[int, float], ...]] = {
    EMPTY: ((8, 1.0),),
    TOWER_CARD: ((7, 1.0),),
    **{MONEY_BASE + v: ((5, 1.0), (6, v / 4)) for v in range(MONEY_CARDS)},
    **{c: ((3, 1.0), (4, c / NCOUNTIES)) for c in range(NCOUNTIES)},
}
"""The numbers (offset in the slot's 9, value) of an open plan card, besides ``planned``."""
_FAVOR_SPACE = len(FAVORS) + 1
_COUNTIES_END = _COUNTIES_AT + _SIZES["counties"]
_LAST_COUNTIES: list[tuple[Any, Any]] = [(None, None)]
"""The facts of the counties block last built and its numbers (capped at 1 as observe caps them)."""


_KERNEL_LAYOUT: dict[str, int] = {
    "size": OBSERVATION_SIZE,
    "seats": SEATS,
    "to_move_at": _TO_MOVE_AT,
    "phase_at": _PHASE_AT,
    "year_at": _YEAR_AT,
    "season_at": _SEASON_AT,
    "counties_at": _COUNTIES_AT,
    "counties": NCOUNTIES,
    "players_at": _PLAYERS_AT,
    "plans_at": _PLANS_AT,
    "slots": NSLOTS,
    "hand_at": _HAND_AT,
    "supplies_at": _SUPPLIES_AT,
    "events_at": _EVENTS_AT,
    "events": len(EVENTS),
    "actions_at": _ACTIONS_AT,
    "actions": len(ACTIONS),
    "tiles_at": _TILES_AT,
    "tiles": len(BONUS_TILES),
    "step_at": _STEP_AT,
    "court_at": _COURT_AT,
    "favor_spaces": len(FAVOR_COSTS),
    "favors": len(FAVORS),
    "leaders_at": _LEADERS_AT,
    "landsknechte_at": _LSK_AT,
    "draft_at": _DRAFT_AT,
    "group_sizes": GROUP_SIZES,
    "unplanned": UNPLANNED,
    "lost": LOST,
    "move_phase": _PHASE_INDEX["move"],
    "execute_phase": _PHASE_INDEX["execute"],
    "draft_phase": _PHASE_INDEX["draft"],
}
"""The layout of :func:`observe_pure` as the C kernel (``_cobserve.c``) is told it, once."""


_KERNEL_TOWER = (Tower.inside, TowerModel.inside, NCOLOURS)
"""The base functions behind ``st.tower.inside()``: where a tower and its model use them, the kernel
sums the cubes inside itself by their formula; any other tower or model (one that overrides
``inside``, as the scripted tower does) is asked by calling the method."""


def _load_native() -> Any:
    """The compiled observation (``_cobserve.c``, built by ``setup.py`` where a C compiler exists),
    told the layout; None where it is not built or ``FELDHERR_PURE=1`` asks for pure Python."""
    kernel = native_module("feldherr.wallenstein._cobserve")
    if kernel is not None:
        kernel.init(_KERNEL_LAYOUT, _PHASE_INDEX, _PLAN_CELLS, _KERNEL_TOWER)
    return kernel


native: Any = _load_native()
"""The compiled observation in use, or None (pure Python); tests switch it."""


def observe(
    st: WallensteinState, seat: int, out: Observation | None = None, moving: tuple[int, ...] | None = None
) -> Observation:
    """The seat's observation read from the state straight into ``out`` (a buffer to reuse; a new
    array when None; an unsuitable one gets the numbers copied in): the same numbers as
    :func:`observation` of ``view(seat)`` (the tests compare them at every position of random
    games under every module set), so it holds nothing the seat cannot see. Computed by the C
    kernel where it is built (see :data:`native`), else by :func:`observe_pure`, bit for bit the
    same numbers. ``moving``: ``st.to_move()``, if the caller has it."""
    if native is None:
        return observe_pure(st, seat, out)
    if moving is None:
        moving = st.to_move()
    if out is not None:
        try:  # a writable contiguous float32 vector of the size is filled in place
            return native.observe(st, seat, out, moving)  # type: ignore[no-any-return]
        except (TypeError, ValueError):
            pass  # not such a vector (or a spoiled state, which raises again below)
    return finish(native.observe(st, seat, np.empty(OBSERVATION_SIZE, np.float32), moving), out)


def observe_seats(
    st: WallensteinState, seats: Sequence[int], out: Observation, moving: tuple[int, ...] | None = None
) -> Observation:
    """The observations of ``seats`` as the rows of ``out`` (``(len(seats), OBSERVATION_SIZE)``),
    row ``i`` exactly :func:`observe` of ``seats[i]``: the kernel reads what every seat sees alike
    once and adds each seat's own part (its seat, its own plan boxes open, its county cards) to a
    copy of it. An array the kernel cannot fill (not a C-contiguous float32 one) is filled seat by
    seat; ``moving``: ``st.to_move()``, if the caller has it."""
    if native is not None:
        if moving is None:
            moving = st.to_move()
        try:  # a writable C-contiguous float32 array of one row per seat is filled in place
            return native.observe_seats(st, moving, out, seats)  # type: ignore[no-any-return]
        except (TypeError, ValueError):
            pass  # not such an array (or a spoiled state, which raises again below)
    return by_rows(out, seats, OBSERVATION_SIZE, lambda i, row: observe(st, seats[i], row, moving))


def observe_pure(st: WallensteinState, seat: int, out: Observation | None = None) -> Observation:
    """:func:`observe` in pure Python (the reference the C kernel follows line by line). Only the
    numbers that are not 0 are written, each straight into the buffer."""
    buf, v = zeroed(out, OBSERVATION_SIZE)
    n = st.num_players
    v[seat] = 1.0
    for s in st.to_move():
        v[_TO_MOVE_AT + s] = 1.0
    phase = st.phase
    at = _PHASE_INDEX.get(phase)
    if at is not None:
        v[_PHASE_AT + at] = 1.0
    v[_YEAR_AT] = st.year / 3
    v[_SEASON_AT + st.season] = 1.0
    # counties: public and seldom changed between two decisions, so the block of the last
    # observation is copied when its facts are the same (compared as tuples)
    owner, armies, buildings, unrest = st.owner, st.armies, st.buildings, st.unrest
    key = (st.active, tuple(owner), tuple(armies), tuple(buildings), tuple(unrest))
    last_key, last_block = _LAST_COUNTIES[0]
    if last_key == key:
        buf[_COUNTIES_AT:_COUNTIES_END] = last_block
    else:
        row = _COUNTIES_AT
        for c, active in enumerate(st.active):
            if active:
                v[row] = 1.0
                v[row + 2 + owner[c]] = 1.0
                v[row + 7] = armies[c] / 10
                b = buildings[c]
                if b:
                    for i in range(3):
                        if b >> i & 1:
                            v[row + 8 + i] = 1.0
                v[row + 11] = unrest[c] / 3
            row += 12
        block = np.minimum(buf[_COUNTIES_AT:_COUNTIES_END], 1.0)
        _LAST_COUNTIES[0] = (key, block)  # one assignment: a reader sees the old pair or the new
    # players
    cards = st.card
    row = _PLAYERS_AT
    for s in range(n):
        v[row] = 1.0
        v[row + 1] = st.money[s] / 20
        v[row + 2] = st.grain[s] / 10
        v[row + 3] = st.vp[s] / 50
        v[row + 4] = st.supply[s] / 30
        v[row + 5] = cards.count(s) / 10
        v[row + 6 + st.positions[s] + 1] = 1.0  # -1 (none): the first slot, as the view's 0
        row += 12
    # plans
    cell = _PLAN_CELLS
    for s in range(n):
        row = _PLANS_AT + s * NSLOTS * 9
        plan, shown = st.plans[s], st.revealed[s]
        own = s == seat
        for slot, value in enumerate(plan):
            if value != UNPLANNED:
                v[row] = 1.0
                if value == LOST:
                    v[row + 2] = 1.0
                elif own or shown[slot]:
                    for offset, x in cell[value]:
                        v[row + offset] = x
                else:
                    v[row + 1] = 1.0
            row += 9
    c = -1
    try:
        while True:  # the seat's county cards, found by the list's own search
            c = cards.index(seat, c + 1)
            v[_HAND_AT + c] = 1.0
    except ValueError:
        pass
    # supplies
    row = _SUPPLIES_AT
    for x in st.tower.inside():
        v[row] = x / 10
        row += 1
    for x in st.tray:
        v[row] = x / 10
        row += 1
    v[row] = st.peasant_supply / 50
    v[row + 1] = st.unrest_supply / 20
    row += 2
    for x in st.building_supply:
        v[row] = x / 10
        row += 1
    # events
    for e in st.open_events:
        v[_EVENTS_AT + 3 * e] = 1.0
    if st.event >= 0:
        v[_EVENTS_AT + 3 * st.event + 1] = 1.0
    for e in st.used_events:
        v[_EVENTS_AT + 3 * e + 2] = 1.0
    v[_EVENTS_AT + 3 * len(EVENTS)] = len(st.event_deck) / len(EVENTS)
    # action cards
    revealed = st.revealed_actions
    for i, a in enumerate(st.actions[:revealed]):
        v[_ACTIONS_AT + 2 * a] = 1.0
        v[_ACTIONS_AT + 2 * a + 1] = i / 10
    row = _ACTIONS_AT + 2 * len(ACTIONS)
    v[row] = max(0, len(st.actions) - revealed) / 10
    moving = phase == "move"
    if (moving or phase == "execute") and 0 <= st.action_index <= len(ACTIONS):
        v[row + 1 + st.action_index] = 1.0
    # bonus tiles, order, step
    row = _TILES_AT
    for tile in st.bonus:
        v[row + tile] = 1.0
        row += len(BONUS_TILES)
    row = _TILES_AT + len(BONUS_TILES) * len(BONUS_TILES)
    for s in st.order:
        v[row + s] = 1.0
        row += SEATS
    if moving:
        _, county, action = st.pending
        v[_STEP_AT + county] = 1.0
        v[_STEP_AT + NCOUNTIES + action] = 1.0
    # modules
    if st.court:
        row = _COURT_AT
        for f in st.favors:
            v[row + f + 1] = 1.0
            row += _FAVOR_SPACE
        row = _COURT_AT + len(FAVOR_COSTS) * _FAVOR_SPACE
        for values in (st.courtiers, st.hall, st.audience, st.parry):
            for s in range(min(len(values), SEATS)):
                v[row + s] = values[s] / 10
            row += SEATS
        for bit in (1, 2):
            for s, shield in enumerate(st.shield[:SEATS]):
                if shield & bit:
                    v[row + s] = 1.0
            row += SEATS
        v[row] = len(st.favor_deck) / len(FAVORS)
    if st.leaders:
        row = _LEADERS_AT
        where = st.leader
        for s in range(SEATS):
            c = where[s] if s < len(where) else -1
            v[row + c + 1] = 1.0
            row += NCOUNTIES + 1
        supply = st.statue_supply
        for s in range(min(len(supply), SEATS)):
            v[row + s] = supply[s] / 5
        row += SEATS
        for s, counts in enumerate(st.statues[:SEATS]):
            if any(counts):
                for c, k in enumerate(counts):
                    if k:
                        v[row + s * NCOUNTIES + c] = float(k)
        row += SEATS * NCOUNTIES
        for s, trophies in enumerate(st.trophies[:SEATS]):
            for o, k in enumerate(trophies[:SEATS]):
                if k:
                    v[row + s * SEATS + o] = float(k)
    if st.lsk:
        for s, top in enumerate(st.lsk_top[:SEATS]):
            v[_LSK_AT + s] = (top + 1) / 10
    if phase == "draft":
        row = _DRAFT_AT
        for i, c in enumerate(st.faceup[:2]):
            v[row + i * NCOUNTIES + c] = 1.0
        row += 2 * NCOUNTIES
        v[row] = len(st.draft_deck) / NCOUNTIES
        row += 1
        for s, group in enumerate(st.groups[:SEATS]):
            for size in group:
                if 0 <= size < GROUP_SIZES:
                    v[row + s * GROUP_SIZES + size] += 1.0
    np.minimum(buf, 1.0, out=buf)
    np.maximum(buf, 0.0, out=buf)
    return finish(buf, out)


# -- determinize ----------------------------------------------------------------------------------


def _payable_bid(value: int, money: int) -> bool:
    return not MONEY_BASE <= value < TOWER_CARD or value - MONEY_BASE <= money


def determinize(st: S, seat: int, seed: int) -> S:
    """A copy of ``st`` in which everything ``seat`` cannot see is resampled from ``seed``: the
    others' face-down plan cards (bids included) among their face-down boxes, the order of the
    event deck, the draft deck, the favor deck and the action cards not yet turned, where the
    lodged cubes sit inside the tower (the cubes per colour stay), and the generator. The log keeps
    only the lines ``seat`` may read."""
    out = st.clone()
    rng = Rng(seed)
    for s in range(out.num_players):
        if s == seat:
            continue
        plan, shown = out.plans[s], out.revealed[s]
        hidden = [i for i, v in enumerate(plan) if v != UNPLANNED and v != LOST and not shown[i]]
        values = [plan[i] for i in hidden]
        rng.shuffle(values)
        for i, v in zip(hidden, values, strict=True):
            plan[i] = v
        if BID in hidden and not _payable_bid(plan[BID], out.money[s]):
            # The bid stays one the player could pay (a payable card was on the bid box before).
            swap = next(i for i in hidden if _payable_bid(plan[i], out.money[s]) and i != BID)
            plan[BID], plan[swap] = plan[swap], plan[BID]
    rng.shuffle(out.event_deck)
    rng.shuffle(out.draft_deck)
    rng.shuffle(out.favor_deck)
    if len(out.actions) > out.revealed_actions:
        tail = out.actions[out.revealed_actions :]
        rng.shuffle(tail)
        out.actions[out.revealed_actions :] = tail
    out.tower.model.resample(out.tower.content, rng)
    out.rng = Rng.from_state(rng.next64())
    out.log = st.visible_log(seat)
    return out
