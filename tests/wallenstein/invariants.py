"""Invariants that hold in every Wallenstein position, and a perturbation of every secret."""

from __future__ import annotations

import json

from feldherr.core.bots import SeatAccess
from feldherr.core.play import make_bots
from feldherr.core.rng import Rng
from feldherr.wallenstein.data import (
    ARMIES_PER_PLAYER,
    BUILDING_SUPPLY,
    COURTIERS,
    FAVORS_SHOWN,
    LSK_CARDS,
    PEASANTS_TOTAL,
    REVOLT_MARKERS,
    SITES,
    STATUES,
)
from feldherr.wallenstein.state import LOST, UNPLANNED, WallensteinState

PEASANT = 5


def check_invariants(st: WallensteinState) -> None:
    n = st.num_players
    inside = st.tower.inside()
    assert all(x >= 0 for x in inside) and all(x >= 0 for x in st.tray)
    for s in range(n):
        board = sum(a for c, a in enumerate(st.armies) if st.owner[c] == s)
        assert st.supply[s] + board + inside[s] + st.tray[s] == ARMIES_PER_PLAYER, f"seat {s} cubes"
        assert st.supply[s] >= 0 and st.money[s] >= 0 and st.grain[s] >= 0
    for colour in range(n, PEASANT):
        assert inside[colour] == 0 and st.tray[colour] == 0
    assert st.peasant_supply >= 0
    assert st.peasant_supply + inside[PEASANT] + st.tray[PEASANT] == PEASANTS_TOTAL
    placed = [0, 0, 0]
    for c in range(len(st.owner)):
        owner, armies, mask = st.owner[c], st.armies[c], st.buildings[c]
        if not st.active[c]:
            assert owner == -1 and armies == 0 and mask == 0
        assert (owner >= 0) == (armies > 0), f"county {c}: owner {owner}, armies {armies}"
        assert st.card[c] == owner, f"county {c}: card held by {st.card[c]}, county owned by {owner}"
        if owner < 0:
            assert mask == 0 and st.unrest[c] == 0
        assert bin(mask).count("1") <= SITES[c] and 0 <= mask < 8
        for b in range(3):
            placed[b] += mask >> b & 1
        assert st.unrest[c] >= 0
    assert [placed[b] + st.building_supply[b] for b in range(3)] == list(BUILDING_SUPPLY)
    assert st.unrest_supply + sum(st.unrest) == REVOLT_MARKERS
    assert all(len(plan) == st.nslots for plan in st.plans)
    _check_modules(st)


def _check_modules(st: WallensteinState) -> None:
    n = st.num_players
    for s in range(n):
        # Am Kaiserhof: 7 courtiers per player across supply, entrance hall and audience hall.
        total = st.courtiers[s] + st.hall[s] + st.audience[s]
        assert total == (COURTIERS if st.court else 0), f"seat {s} courtiers"
        assert min(st.courtiers[s], st.hall[s], st.audience[s]) >= 0
        if st.phase != "favor":
            assert st.audience[s] == 0, "the audience hall empties after the favor step"
        assert st.parry[s] >= 0 and 0 <= st.shield[s] <= 3
        # Heerführer: 6 statues per player across supply, board and the others' trophies.
        on_board = sum(st.statues[s])
        taken = sum(st.trophies[o][s] for o in range(n))
        assert st.trophies[s][s] == 0
        assert st.statue_supply[s] + on_board + taken == (STATUES if st.leaders else 0), f"seat {s} statues"
        assert min(st.statues[s]) >= 0 and st.statue_supply[s] >= 0
        lead = st.leader[s]
        assert lead == -1 or st.owner[lead] == s, f"seat {s}'s leader stands in a county it does not hold"
        if not st.leaders:
            assert lead == -1
        # Landsknechte: a top card of the deck of four.
        assert 0 <= st.lsk_top[s] < len(LSK_CARDS)
        if not st.lsk:
            assert st.lsk_top[s] == 0
    placed = st.year > 1 or st.options["setup"] == "draft"  # while drafting / after winter
    if st.leaders and st.phase == "plan" and st.season == 0 and placed:
        for s in range(n):
            assert st.leader[s] >= 0 or s not in st.owner, f"seat {s}'s leader is missing"
    if st.court and st.phase == "plan":
        assert len(st.favors) == FAVORS_SHOWN and all(f >= 0 for f in st.favors)
        assert st.favors == sorted(st.favors, reverse=True), "highest number on the 4-courtier space"
    assert len(st.favors) <= FAVORS_SHOWN
    cards = st.favor_deck + [f for f in st.favors if f >= 0]
    assert len(set(cards)) == len(cards), "each favor card once"
    if not st.court:
        assert not cards and not any(st.shield) and not any(st.parry)


def perturb_secrets(st: WallensteinState, viewer: int | None, rng: Rng) -> WallensteinState:
    """A copy differing in everything ``viewer`` must not see; its view has to stay the same."""
    other = st.clone()
    other.rng = Rng(rng.next64())
    for seat in range(other.num_players):
        if seat == viewer:
            continue
        plan = other.plans[seat]
        hidden = [
            i for i in range(len(plan)) if plan[i] not in (UNPLANNED, LOST) and not other.revealed[seat][i]
        ]
        values = [plan[i] for i in hidden]
        rng.shuffle(values)
        for i, v in zip(hidden, values, strict=True):
            plan[i] = v
    rng.shuffle(other.draft_deck)
    rng.shuffle(other.favor_deck)
    rng.shuffle(other.event_deck)
    hidden_actions = other.actions[other.revealed_actions :]
    rng.shuffle(hidden_actions)
    other.actions[other.revealed_actions :] = hidden_actions
    content = other.tower.content
    if len(content) >= 2 and other.tower.model.levels >= 2:
        for colour in range(6):  # move cubes between the levels; the totals stay
            total = content[0][colour] + content[1][colour]
            content[0][colour] = rng.below(total + 1)
            content[1][colour] = total - content[0][colour]
    return other


def play_checked(
    options: dict[str, object], seed: int, bots: list[str], view_every: int = 0
) -> WallensteinState:
    """Play a game with ``bots``, checking the invariants after every decision; with ``view_every``
    n > 0, about every n-th decision also checks that a random seat's view ignores every secret."""
    from .scenario import GAME

    state = GAME.new_state(options, seed)
    assert isinstance(state, WallensteinState)
    agents = make_bots(GAME, bots, seed)
    rng = Rng(seed + 99)
    vp = state.vp[:]
    while not state.is_terminal():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            state.apply(seat, agents[seat].choose(SeatAccess(state, seat)))
            check_invariants(state)
            assert all(a >= b for a, b in zip(state.vp, vp, strict=True)), "victory points never fall"
            vp = state.vp[:]
            if view_every and rng.below(view_every) == 0:
                viewer = rng.below(state.num_players)
                twin = perturb_secrets(state, viewer, rng)
                assert twin.view(viewer) == state.view(viewer)
                assert json.dumps(state.view(viewer))  # JSON-ready
    return state
