"""What one seat sees at the table.

Public: the board, everyone's Thalers, grain, victory points and supply, the tray, how many cubes
of each colour are inside the tower (anyone counting could know it, not where they sit), open
events and action cards, bonus tiles, positions, revealed plan cards and bids, the log lines meant
for everyone. Private to the seat: its hand, its own plan. Never shown: other plans (and extra-board
cards) before they are revealed, the order of any deck (favor cards included), the generator.
With modules: the court (displayed favor cards, courtiers in supply / entrance hall / audience
hall, favors in force), the leaders, statues and trophies, the Landsknechte top cards.
"""

from __future__ import annotations

from typing import Any

from feldherr.wallenstein.data import ACTIONS, BONUS_TILES, BUILDINGS, EVENTS, FAVOR_COSTS, FAVORS, NAMES
from feldherr.wallenstein.moves import SLOT_NAMES, slot_value_to_json
from feldherr.wallenstein.state import LOST, UNPLANNED, WallensteinState


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
    data: dict[str, Any] = {
        "game": "wallenstein",
        "seat": seat,
        "players": n,
        "options": st.options,
        "year": st.year,
        "season": ("spring", "summer", "fall", "winter")[st.season],
        "phase": st.phase,
        "to_move": list(st.to_move()),
        "counties": counties,
        "player_info": players,
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
        "decision": _decision(st),
        "log": st.visible_log(seat),
    }
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


def _decision(st: WallensteinState) -> dict[str, Any] | None:
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
