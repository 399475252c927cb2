"""Building rulebook scenarios: a state with a hand-set board and a scripted tower."""

from __future__ import annotations

from collections.abc import Sequence

from feldherr.games import get_game
from feldherr.wallenstein.data import BONUS_TILES, COUNTY_ID, EVENTS
from feldherr.wallenstein.state import WallensteinState
from feldherr.wallenstein.tower.model import ScriptedTower, Tower

GAME = get_game("wallenstein")


def cid(name: str) -> int:
    return COUNTY_ID[name]


def fresh(players: int = 4, seed: int = 1, setup: str = "fixed") -> WallensteinState:
    state = GAME.new_state({"players": players, "setup": setup}, seed)
    assert isinstance(state, WallensteinState)
    return state


def fresh_modules(
    modules: Sequence[str], players: int = 4, seed: int = 1, setup: str = "fixed", **options: object
) -> WallensteinState:
    state = GAME.new_state({"players": players, "setup": setup, "modules": list(modules), **options}, seed)
    assert isinstance(state, WallensteinState)
    return state


def script_tower(st: WallensteinState, drops: Sequence[Sequence[int]]) -> None:
    """From now on the tower lets out exactly ``drops`` (cubes per colour, peasants last). The cubes
    inside the old tower move into the scripted one, so every cube stays accounted for."""
    tower = Tower(ScriptedTower(drops))
    tower.content[0] = st.tower.inside()
    st.tower = tower


def give(st: WallensteinState, seat: int, county: str, armies: int) -> int:
    """Make ``seat`` hold ``county`` with ``armies`` (taken from / returned to the supplies)."""
    c = cid(county)
    old = st.owner[c]
    if old >= 0:
        st.supply[old] += st.armies[c]
    st.supply[seat] -= armies
    st.owner[c] = seat
    st.card[c] = seat
    st.armies[c] = armies
    return c


def clear(st: WallensteinState, county: str) -> int:
    c = cid(county)
    if st.owner[c] >= 0:
        st.supply[st.owner[c]] += st.armies[c]
    st.owner[c] = -1
    st.card[c] = -1
    st.armies[c] = 0
    return c


def event_index(effect: str) -> int:
    """The index of the (first) event card with ``effect``."""
    return next(i for i, e in enumerate(EVENTS) if e.effect == effect)


def hold_tile(st: WallensteinState, seat: int, tile: str) -> None:
    """Seat ``seat`` holds bonus tile ``tile`` this round (at position 0)."""
    st.bonus = list(range(len(BONUS_TILES)))
    t = BONUS_TILES.index(tile)
    st.bonus[0], st.bonus[t] = st.bonus[t], st.bonus[0]
    st.positions = [-1] * st.num_players
    st.positions[seat] = 0


def give_plan(st: WallensteinState, seat: int, slots: tuple[int, ...]) -> None:
    """Give a whole plan as the engine takes it: checked whole first (the errors a player would
    meet, nothing changed), then box by box in the order the boxes are asked for."""
    from feldherr.wallenstein.data import NUM_SLOTS
    from feldherr.wallenstein.rules import planning
    from feldherr.wallenstein.state import EMPTY

    if st.court and len(slots) == NUM_SLOTS:
        slots = (*slots, EMPTY, EMPTY, EMPTY)  # a plan without the court boxes
    planning.check_plan(st, seat, slots)
    for slot in planning.plan_order(st)[st.plan_step[seat] :]:
        st.apply(seat, ("slot", slot, slots[slot]))
