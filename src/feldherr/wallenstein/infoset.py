"""The information-set key (:meth:`WallensteinGame.infoset_key`): the facts of
:func:`feldherr.wallenstein.info.view` as one tuple, without building the view.

Two positions of one game (same options) get equal keys exactly when their views for the seat
are equal: the key holds every fact the view shows, raw (indices instead of names), and nothing
the view hides: of the county cards only the seat's own and everyone's count, of the plans what
the seat may see of each slot (``tests/wallenstein/test_infoset.py`` checks both directions over
random games and their determinizations).
"""

from __future__ import annotations

from typing import Any

from feldherr.wallenstein.state import LOST, UNPLANNED, WallensteinState

_HIDDEN = "hidden"  # a planned slot the viewer may not see (never a slot's value)


def _plan(st: WallensteinState, owner: int, viewer: int | None) -> tuple[Any, ...]:
    plan = st.plans[owner]
    if owner == viewer:
        return tuple(plan)
    revealed = st.revealed[owner]
    return tuple(v if v in (UNPLANNED, LOST) or revealed[slot] else _HIDDEN for slot, v in enumerate(plan))


def _step(st: WallensteinState) -> tuple[Any, ...] | None:
    """What :func:`feldherr.wallenstein.info._step` shows, as a tuple."""
    phase = st.phase
    if phase == "move":
        return tuple(st.pending)
    if phase == "leader" and st.pending:
        return (st.pending[0], st.stage)
    if phase in ("draft", "position", "revolt-order", "favor", "landsknechte") and st.pending:
        return (st.pending[0],)
    return None


def infoset_key(
    st: WallensteinState, seat: int | None, to_move: tuple[int, ...], moves: list[Any] | None
) -> tuple[Any, ...]:
    """The key of ``seat``'s view (``None``: a spectator's); ``to_move`` is the state's, ``moves``
    the seat's legal moves when it owes a decision (the view's ``decision``), else ``None``."""
    n = st.num_players
    card = st.card
    counts = [0] * n
    hand = []
    for county, holder in enumerate(card):
        if holder >= 0:
            counts[holder] += 1
            if holder == seat:
                hand.append(county)
    phase = st.phase
    seen: list[Any] = [
        seat,
        st.version,
        phase,
        to_move,
        None if moves is None else tuple(moves),
        tuple(st.owner),
        tuple(st.armies),
        tuple(st.buildings),
        tuple(st.unrest),
        tuple(st.money),
        tuple(st.grain),
        tuple(st.vp),
        tuple(st.supply),
        tuple(counts),
        tuple(hand),
        tuple(st.positions),
        *[_plan(st, s, seat) for s in range(n)],
        st.year,
        st.season,
        tuple(st.tower.inside()),
        tuple(st.tray),
        st.peasant_supply,
        st.unrest_supply,
        tuple(st.building_supply),
        tuple(st.open_events),
        st.event,
        tuple(st.used_events),
        len(st.event_deck),
        tuple(st.actions[: st.revealed_actions]),
        max(0, len(st.actions) - st.revealed_actions),
        st.action_index if phase in ("move", "execute") else None,
        tuple(st.bonus),
        tuple(st.order),
        _step(st),
    ]
    if st.court:
        seen.extend(
            (
                tuple(st.favors),
                len(st.favor_deck),
                tuple(st.courtiers),
                tuple(st.hall),
                tuple(st.audience),
                tuple(st.shield),
                tuple(st.parry),
            )
        )
    if st.leaders:
        seen.extend(
            (
                tuple(st.leader),
                tuple(st.statue_supply),
                tuple(map(tuple, st.statues)),
                tuple(map(tuple, st.trophies)),
            )
        )
    if st.lsk:
        seen.append(tuple(st.lsk_top))
    if phase == "draft":
        seen.extend((tuple(st.faceup), len(st.draft_deck), tuple(tuple(sorted(g)) for g in st.groups)))
    return tuple(seen)
