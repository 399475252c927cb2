"""Small operations on the board shared by actions, battles and winter."""

from __future__ import annotations

from typing import Any

from feldherr.wallenstein.data import BUILD_BIT, BUILDING_COUNT, EVENTS, NAMES, SITES
from feldherr.wallenstein.state import LOST, WallensteinState


def log(st: WallensteinState, key: str, to: int | None = None, **args: Any) -> None:
    """Add the log entry ``{"k": key, "a": args, "to": to}`` (kept as a compact event until the log
    is read: :attr:`WallensteinState.log`). The entries a game writes most often (about 330 of
    its 400) are appended in place, ``st._events.append((key, {...}, None))``, which saves the call
    and the keyword packing (about 0.2 µs an entry, some 4 % of a random game)."""
    st._events.append((key, args, to))


EFFECTS: tuple[str, ...] = tuple(e.effect for e in EVENTS)


def event_effect(st: WallensteinState) -> str:
    """The effect of this round's event card ('' before one is drawn and in winter)."""
    event = st.event
    return EFFECTS[event] if event >= 0 else ""


def build_obstacle(st: WallensteinState, county: int, b: int) -> str:
    """Why building type ``b`` cannot go up in ``county`` now ('' if it can): "Each type of building
    may only be built once in each county", only on a free site, and only while tiles are left."""
    mask = st.buildings[county]
    if mask & BUILD_BIT[b]:
        return "same_building"
    if BUILDING_COUNT[mask] >= SITES[county]:
        return "no_site"
    if st.building_supply[b] <= 0:
        return "no_tiles"
    return ""


def bonus_tile(st: WallensteinState, seat: int) -> int:
    """The bonus tile the seat holds this round, or -1."""
    pos = st.positions[seat]
    return st.bonus[pos] if pos >= 0 and st.bonus else -1


def _release_card_from_mat(st: WallensteinState, county: int, old: int) -> None:
    """A county card leaves its holder even from the mat ("must immediately give the card")."""
    if old >= 0:
        plan = st.plans[old]
        for slot in range(len(plan)):
            if plan[slot] == county:
                plan[slot] = LOST


def _leader_lost(st: WallensteinState, seat: int, county: int) -> None:
    """Heerführer: "If a player loses control of a county that contains their military leader,
    they remove the leader from the board" (he returns after winter)."""
    st.leader[seat] = -1
    log(st, "leader_lost", p=seat, county=NAMES[county])


def hand_over(st: WallensteinState, county: int, seat: int, armies: int) -> None:
    """The county (and its card) passes to ``seat``, which now holds ``armies`` there."""
    old = st.card[county]
    if old != seat:
        _release_card_from_mat(st, county, old)
        if old >= 0 and st.leader[old] == county:
            _leader_lost(st, old, county)
    st.owner[county] = seat
    st.card[county] = seat
    st.armies[county] = armies


def neutralise(st: WallensteinState, county: int) -> None:
    """Tie or lost revolt: buildings, armies and revolt markers leave; the card goes to the supply."""
    _release_card_from_mat(st, county, st.card[county])
    holder = st.owner[county]
    if holder >= 0 and st.leader[holder] == county:
        _leader_lost(st, holder, county)
    mask = st.buildings[county]
    for b, bit in enumerate(BUILD_BIT):
        if mask & bit:
            st.building_supply[b] += 1
    st.buildings[county] = 0
    st.unrest_supply += st.unrest[county]
    st.unrest[county] = 0
    if st.armies[county] and st.owner[county] >= 0:
        st.supply[st.owner[county]] += st.armies[county]
    st.owner[county] = -1
    st.card[county] = -1
    st.armies[county] = 0
