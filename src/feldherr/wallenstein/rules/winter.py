"""Winter: grain loss, supply, revolts, scoring, the end of the year ("Winter game round")."""

from __future__ import annotations

from feldherr.wallenstein.data import (
    BUILD_BIT,
    BUILDING_COUNT,
    BUILDINGS,
    EVENTS,
    MAJORITY_VP,
    NAMES,
    REGION_OF,
    REGIONS,
    SCORING,
    supply_chart,
)
from feldherr.wallenstein.rules.battle import revolt
from feldherr.wallenstein.rules.board import log
from feldherr.wallenstein.state import WallensteinState


def begin_winter(st: WallensteinState) -> None:
    """Grain loss from the remaining event card, then the revolts each player's supply causes."""
    st.season = 3
    st.event = -1
    loss = EVENTS[st.open_events[0]].grain_loss if st.open_events else 0
    log(st, "winter_begins", year=st.year, loss=loss)
    for s in range(st.num_players):
        st.grain[s] = max(0, st.grain[s] - loss)
    queue: list[list[int]] = []
    owned_by: list[list[int]] = [[] for _ in range(st.num_players)]
    for c, holder in enumerate(st.owner):  # ascending counties
        if holder >= 0:
            owned_by[holder].append(c)
    for s in st.fall_order:
        owned = owned_by[s]
        unsupplied = len(owned) - st.grain[s]
        if unsupplied <= 0:
            continue
        revolts, extra = supply_chart(unsupplied)
        # "The player to the left of the affected player randomly draws" the revolting counties.
        drawn: list[int] = []
        for _ in range(min(revolts, len(owned))):
            drawn.append(owned.pop(st.rng.below(len(owned))))
        log(st, "unsupplied", p=s, n=unsupplied, counties=[NAMES[c] for c in drawn], extra=extra)
        queue.append([s, extra, *drawn])
    st.winter_queue = queue


def next_revolt_decision(st: WallensteinState) -> bool:
    """Resolve winter revolts in fall player order; True if a player must choose the next one."""
    queue = st.winter_queue
    while queue:
        entry = queue[0]
        if len(entry) > 3:  # two or more revolts left: "they decide the order"
            st.pending = [entry[0]]
            return True
        if len(entry) == 3:
            run_revolt(st, entry[2])
        queue.pop(0)
    return False


def run_revolt(st: WallensteinState, county: int) -> None:
    entry = st.winter_queue[0]
    seat, extra = entry[0], entry[1]
    del entry[entry.index(county, 2)]
    # Peasants: revolt markers before the revolt plus the chart's additional peasants. No revolt
    # marker is added after a winter revolt ("If it's not winter, add a revolt marker").
    revolt(st, seat, county, st.unrest[county] + extra)


def score(st: WallensteinState) -> None:
    n = st.num_players
    owner = st.owner
    buildings = st.buildings
    gained = [0] * n
    counts = [[[0] * n for _ in BUILDINGS] for _ in REGIONS]
    per_county, per_building = SCORING["per_county"], SCORING["per_building"]
    for c, s in enumerate(owner):
        if s < 0:
            continue
        mask = buildings[c]
        gained[s] += per_county + per_building * BUILDING_COUNT[mask]
        if mask:
            per_region = counts[REGION_OF[c]]
            for b, bit in enumerate(BUILD_BIT):
                if mask & bit:
                    per_region[b][s] += 1
    base = gained[:]
    for r, per_region in enumerate(counts):
        for b, per_seat in enumerate(per_region):
            best = max(per_seat)
            if best == 0:
                continue
            leaders = [s for s in range(n) if per_seat[s] == best]
            points = MAJORITY_VP[b] - (SCORING["tie_penalty"] if len(leaders) > 1 else 0)
            for s in leaders:
                gained[s] += points
            st._events.append(
                (
                    "majority",
                    {"region": REGIONS[r], "building": BUILDINGS[b], "seats": leaders, "vp": points},
                    None,
                )
            )
    for s in range(n):
        st.vp[s] += gained[s]
        st._events.append(
            ("score", {"p": s, "base": base[s], "majorities": gained[s] - base[s], "total": st.vp[s]}, None)
        )


def end_of_year(st: WallensteinState) -> None:
    """Remove revolt markers, reset grain; new events are revealed by the next spring's setup."""
    for c, markers in enumerate(st.unrest):
        if markers:
            st.unrest_supply += markers
            st.unrest[c] = 0
    st.used_events.extend(st.open_events)
    st.open_events = []
    for s in range(st.num_players):
        st.grain[s] = 0
