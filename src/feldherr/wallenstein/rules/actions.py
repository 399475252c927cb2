"""The ten actions of the player mat ("Plan individual actions" / "Perform actions").

"If a player is able to perform the current action, they must do so. If a player cannot perform the
action, or can only perform part of it, they must skip this action for this round." Each function
checks everything first and either performs the whole action or logs the skip with its reason.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.game import Move
from feldherr.wallenstein.data import (
    ACTIONS,
    BONUS_TILES,
    BUILD_BIT,
    BUILD_COST,
    BUILDINGS,
    CHURCH,
    COMBAT_A,
    DEPLOY1,
    DEPLOY3,
    DEPLOY5,
    DEPLOY_ARMIES,
    DEPLOY_COST,
    EVENT_RULES,
    GRAIN,
    GRAIN_ACTION,
    LEADER_BUILD_COST,
    LEADER_DEPLOY_PLUS,
    LEADER_GRAIN_PLUS,
    LEADER_TAXES_PLUS,
    NAMES,
    NEIGHBOURS,
    PLUS_GRAIN,
    PLUS_TALER,
    SIX_ARMIES,
    SIX_ARMIES_COUNT,
    TAX,
    TAXES,
    TRADING_POST,
)
from feldherr.wallenstein.moves import MAX_MOVE, MOVEMENT, PASS, Movement
from feldherr.wallenstein.rules.battle import attack, revolt
from feldherr.wallenstein.rules.board import bonus_tile, build_obstacle, event_effect, log
from feldherr.wallenstein.state import WallensteinState

CHURCH_BIT = BUILD_BIT[CHURCH]


def _skip(st: WallensteinState, seat: int, action: int, county: int, reason: str) -> bool:
    st._events.append(
        ("skip", {"p": seat, "action": ACTIONS[action], "county": NAMES[county], "reason": reason}, None)
    )
    return False


def perform(st: WallensteinState, seat: int, action: int, county: int) -> bool:
    """Perform ``action`` for ``seat`` in its ``county``; True if a movement decision is now owed."""
    if action <= TRADING_POST:
        return _build(st, seat, action, county)
    if action in (GRAIN_ACTION, TAXES):
        return _collect(st, seat, action, county)
    if action in (DEPLOY5, DEPLOY3):
        return _deploy(st, seat, action, county)
    if action == DEPLOY1:
        n = deploy_count(st, seat, action, county)
        if st.money[seat] < DEPLOY_COST[DEPLOY1] or st.supply[seat] < n:
            return _skip(st, seat, action, county, "cannot_pay" if st.supply[seat] >= n else "no_armies")
        st.money[seat] -= DEPLOY_COST[DEPLOY1]
        st.supply[seat] -= n
        st.armies[county] += n
        st._events.append(
            (
                "deploy",
                _with_plus(
                    {"p": seat, "county": NAMES[county], "n": n, "cost": DEPLOY_COST[DEPLOY1]},
                    _deploy_plus(st, seat, action, county),
                ),
                None,
            )
        )
    return bool(move_targets(st, seat, action, county))


def _build(st: WallensteinState, seat: int, b: int, county: int) -> bool:
    cost = LEADER_BUILD_COST[b] if st.leader[seat] == county else BUILD_COST[b]
    obstacle = build_obstacle(st, county, b) or ("cannot_pay" if st.money[seat] < cost else "")
    if obstacle:
        return _skip(st, seat, b, county, obstacle)
    st.money[seat] -= cost
    st.building_supply[b] -= 1
    st.buildings[county] |= BUILD_BIT[b]
    args = {"p": seat, "building": BUILDINGS[b], "county": NAMES[county], "cost": cost}
    if cost < BUILD_COST[b]:  # Heerführer: the log line says what the leader saved
        args["plus"] = [{"by": "leader", "n": cost - BUILD_COST[b]}]
    st._events.append(("build", args, None))
    if b == TRADING_POST and event_effect(st) == "trading_post_calms" and st.unrest[county] > 0:
        st.unrest[county] -= 1
        st.unrest_supply += 1
        log(st, "calmed", county=NAMES[county])
    return False


# Per collecting action: the county values, the capping event and its cap, the flooring event and
# its floor, the bonus tile that adds one, and the leader's addition (Heerführer).
_COLLECT = {
    TAXES: (
        TAX, "tax_max5", EVENT_RULES["tax_max"], "tax_min6", EVENT_RULES["tax_min"],
        PLUS_TALER, LEADER_TAXES_PLUS,
    ),
    GRAIN_ACTION: (
        GRAIN, "grain_max3", EVENT_RULES["grain_max"], "grain_min4", EVENT_RULES["grain_min"],
        PLUS_GRAIN, LEADER_GRAIN_PLUS,
    ),
}  # fmt: skip


def collect_amount(st: WallensteinState, seat: int, action: int, county: int) -> int:
    """Taxes or grain of a county: the event first, then the bonus tile, then the leader
    (Heerführer: "after the effects of the event card and bonus tiles")."""
    values, cap_event, cap, floor_event, floor, tile, leader_plus = _COLLECT[action]
    amount: int = values[county]
    effect = event_effect(st)
    if effect == cap_event:
        amount = min(amount, cap)
    elif effect == floor_event:
        amount = max(amount, floor)
    if bonus_tile(st, seat) == tile:
        amount += 1
    if st.leader[seat] == county:
        amount += leader_plus
    return amount


def _collect(st: WallensteinState, seat: int, action: int, county: int) -> bool:
    # "A player collects grain or taxes in a county where at least 1 revolt marker is already
    # present" -> a revolt, fought before anything is collected (see docs/rules-notes.md).
    if st.unrest[county] > 0 and not revolt(st, seat, county, st.unrest[county]):
        return False
    amount = collect_amount(st, seat, action, county)
    if action == TAXES:
        st.money[seat] += amount
    else:
        st.grain[seat] += amount
    args = {"p": seat, "action": ACTIONS[action], "county": NAMES[county], "amount": amount}
    st._events.append(("collect", _with_plus(args, _collect_plus(st, seat, action, county)), None))
    # "If no revolt was invoked or if a revolt was successfully subdued, place one revolt marker."
    if st.parry[seat]:  # favor #4 kept: "parry the next revolt marker in one of their counties"
        st.parry[seat] -= 1
        log(st, "parried", p=seat, county=NAMES[county])
    elif st.unrest_supply > 0:
        st.unrest_supply -= 1
        st.unrest[county] += 1
    return False


# What a bonus tile or the military leader added to a result, for its log line ("plus": a list of
# {"by": "tile" | "leader", "tile": <the tile's key>, "n": <how many>}); only where anything was
# added, so the other lines stay as they were.
def _with_plus(args: dict[str, Any], plus: list[dict[str, Any]]) -> dict[str, Any]:
    if plus:
        args["plus"] = plus
    return args


def _collect_plus(st: WallensteinState, seat: int, action: int, county: int) -> list[dict[str, Any]]:
    plus: list[dict[str, Any]] = []
    tile = _COLLECT[action][5]
    if bonus_tile(st, seat) == tile:
        plus.append({"by": "tile", "tile": BONUS_TILES[tile], "n": 1})
    if st.leader[seat] == county:
        plus.append({"by": "leader", "n": _COLLECT[action][6]})
    return plus


def _deploy_plus(st: WallensteinState, seat: int, action: int, county: int) -> list[dict[str, Any]]:
    plus: list[dict[str, Any]] = []
    if action == DEPLOY5 and bonus_tile(st, seat) == SIX_ARMIES:
        before = DEPLOY_ARMIES[action]
        if event_effect(st) == "deploy_reduced":
            before = int(EVENT_RULES["deploy_reduced"]["deploy5"])
        if before < SIX_ARMIES_COUNT:
            plus.append({"by": "tile", "tile": BONUS_TILES[SIX_ARMIES], "n": SIX_ARMIES_COUNT - before})
    if county >= 0 and st.leader[seat] == county and LEADER_DEPLOY_PLUS[action]:
        plus.append({"by": "leader", "n": LEADER_DEPLOY_PLUS[action]})
    return plus


def deploy_count(st: WallensteinState, seat: int, action: int, county: int = -1) -> int:
    n = DEPLOY_ARMIES[action]
    if action != DEPLOY1 and event_effect(st) == "deploy_reduced":
        n = int(EVENT_RULES["deploy_reduced"]["deploy5" if action == DEPLOY5 else "deploy3"])
    if action == DEPLOY5 and bonus_tile(st, seat) == SIX_ARMIES:
        n = SIX_ARMIES_COUNT  # the tile reads "6 armies"; applied after the event (rulebook example)
    if county >= 0 and st.leader[seat] == county:  # Heerführer: one more, after event and tile
        n += LEADER_DEPLOY_PLUS[action]
    return n


def _deploy(st: WallensteinState, seat: int, action: int, county: int) -> bool:
    n = deploy_count(st, seat, action, county)
    cost = DEPLOY_COST[action]
    if st.money[seat] < cost:
        return _skip(st, seat, action, county, "cannot_pay")
    if st.supply[seat] < n:
        return _skip(st, seat, action, county, "no_armies")
    st.money[seat] -= cost
    st.supply[seat] -= n
    st.armies[county] += n
    args = {"p": seat, "county": NAMES[county], "n": n, "cost": cost}
    st._events.append(("deploy", _with_plus(args, _deploy_plus(st, seat, action, county)), None))
    return False


def move_targets(st: WallensteinState, seat: int, action: int, county: int) -> list[int]:
    """Counties the armies of ``county`` may enter with this action (empty: nothing to decide)."""
    if st.armies[county] < 2:
        return []  # "at least 1 army must be left behind"
    owner = st.owner
    active = st.active
    if action < COMBAT_A:  # Deploy 1 army/move: only into an adjacent own county, no combat
        return [n for n in NEIGHBOURS[county] if owner[n] == seat]
    if event_effect(st) == "church_safe":
        buildings = st.buildings
        targets = [
            n for n in NEIGHBOURS[county] if active[n] and (owner[n] == seat or not buildings[n] & CHURCH_BIT)
        ]
    else:
        targets = [n for n in NEIGHBOURS[county] if active[n]]
    if st.court:  # favors #10/#11/#18: "cannot be attacked with the action Combat/Movement A (B)"
        bit = 1 if action == COMBAT_A else 2
        shield = st.shield
        targets = [n for n in targets if owner[n] < 0 or owner[n] == seat or not shield[owner[n]] & bit]
    return targets


def move_options(st: WallensteinState, seat: int, action: int, county: int) -> list[Move]:
    moves: list[Move] = [PASS]
    top = st.armies[county]
    for dst in move_targets(st, seat, action, county):
        if top <= MAX_MOVE:
            moves.extend(MOVEMENT[dst][1:top])  # prebuilt: no tuple is built
        else:
            moves.extend(Movement("move", dst, k) for k in range(1, top))
    return moves


def movement_is_legal(st: WallensteinState, seat: int, action: int, county: int, move: Move) -> bool:
    """Whether a "pass" or "move" move is one of ``move_options``, without building the list (the
    same equality tests: ``in range`` compares like ``==``)."""
    if move[0] == "pass":
        return len(move) == 1
    return (
        len(move) == 3
        and move[2] in range(1, st.armies[county])
        and move[1] in move_targets(st, seat, action, county)
    )


def move(st: WallensteinState, seat: int, county: int, dst: int, n: int) -> None:
    """Carry out a validated movement: into an own county, or an attack."""
    if st.owner[dst] == seat:
        st.armies[county] -= n
        st.armies[dst] += n
        st._events.append(("move", {"p": seat, "src": NAMES[county], "county": NAMES[dst], "n": n}, None))
    else:
        attack(st, seat, county, dst, n)
