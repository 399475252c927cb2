"""Am Kaiserhof / Emperor's Court (expansion module 1).

Courtiers come to the entrance hall from the first tower filling and from the three boxes of the
extra board ("convert 1, 2, 3 armies"), revealed in player order, box 3 first. Then, most courtiers
first (ties: base player order), each player moves all their courtiers into the audience hall and
may take one displayed favor card, paying the courtiers shown on its space, and uses it at once.
A favor move is :class:`feldherr.wallenstein.moves.Favor` ``("favor", space, target)``: space 0-2
(the 4/3/2-courtier spaces) or ``NO_SPACE`` for none; the target is a county (building,
deployment, revolt marker), ``REMOVE_EVENT`` for favor #1 removing the event, or ``NO_TARGET``
where there is nothing (else) to choose.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import IllegalMoveError, UnaffordableError
from feldherr.core.game import Move
from feldherr.wallenstein.data import (
    BUILD_BIT,
    BUILDINGS,
    COURT_SLOTS,
    EVENTS,
    FAVOR_COSTS,
    FAVORS,
    FAVORS_SHOWN,
    NAMES,
    TOWER_CARD,
)
from feldherr.wallenstein.moves import NO_FAVOR, NO_SPACE, NO_TARGET, REMOVE_EVENT, Favor, typed
from feldherr.wallenstein.rules import board
from feldherr.wallenstein.state import FAVOR, LOST, WallensteinState


def fill_from_tower(st: WallensteinState, out: list[int]) -> None:
    """ "When filling the dice tower initially, the players take one courtier from their own supply
    for each of their own army pieces that falls into the tray." """
    for s in range(st.num_players):
        k = min(out[s], st.courtiers[s])
        if k:
            st.courtiers[s] -= k
            st.hall[s] += k
            board.log(st, "courtiers_from_tower", p=s, n=k)


def display(st: WallensteinState) -> None:
    """Three cards face up: the highest number on the 4-courtier space, then 3, then 2."""
    drawn = [st.favor_deck.pop() for _ in range(min(FAVORS_SHOWN, len(st.favor_deck)))]
    drawn.sort(key=lambda f: FAVORS[f].id, reverse=True)
    st.favors = drawn
    board.log(st, "favors_shown", cards=[FAVORS[f].id for f in drawn])


# -- step 1: reveal and convert ---------------------------------------------------------------------


def reveal_all(st: WallensteinState) -> None:
    for seat in st.order:
        for slot in reversed(COURT_SLOTS):  # "Convert 3 armies" first, then 2, then 1
            st.revealed[seat][slot] = True
            convert(st, seat, slot - COURT_SLOTS[0] + 1, st.plans[seat][slot])


def convert(st: WallensteinState, seat: int, k: int, card: int) -> None:
    """One box: county card or dice tower card -> ``k`` courtiers, if it can be done completely."""
    if card == TOWER_CARD:
        source, available = "tray", st.tray[seat]
    elif 0 <= card < len(st.owner):
        source, available = NAMES[card], st.armies[card] - 1 if st.owner[card] == seat else 0
    elif card == LOST:
        board.log(st, "court_skip_lost", p=seat, n=k, reason="card_lost")
        return
    else:
        return  # a money card (or nothing): no action, "Ignore the Thalers on the money card"
    # "If an action cannot be completed ... this action is not performed."
    if available < k or st.courtiers[seat] < k:
        reason = "no_courtiers" if available >= k else "too_few_armies"
        board.log(st, "court_skip", p=seat, n=k, source=source, reason=reason)
        return
    if card == TOWER_CARD:
        st.tray[seat] -= k
    else:
        st.armies[card] -= k
    st.supply[seat] += k
    st.courtiers[seat] -= k
    st.hall[seat] += k
    board.log(st, "court_convert", p=seat, n=k, source=source)


# -- step 2: the Court's favor ----------------------------------------------------------------------


def favor_order(st: WallensteinState) -> list[int]:
    """Most courtiers in the entrance hall first; ties by the base player order. Players without
    courtiers there have nothing to move and cannot pay any card: they are left out."""
    place = {s: i for i, s in enumerate(st.order)}
    seats = [s for s in st.order if st.hall[s] > 0]
    return sorted(seats, key=lambda s: (-st.hall[s], place[s]))


def start_favors(st: WallensteinState) -> None:
    st.queue = favor_order(st)


def next_decision(st: WallensteinState) -> bool:
    queue = st.queue
    while queue:
        if all(f < 0 for f in st.favors):  # "When all displayed favor cards have been taken"
            queue.clear()
            break
        seat = queue[0]
        if st.hall[seat]:
            st.audience[seat] += st.hall[seat]
            board.log(st, "audience", p=seat, n=st.hall[seat])
            st.hall[seat] = 0
        if len(options(st, seat)) > 1:
            st.phase = FAVOR
            st.pending = [seat]
            return True
        queue.pop(0)
    return False


def _targets(st: WallensteinState, seat: int, favor: int) -> list[int]:
    card = FAVORS[favor]
    effect = card.effect
    owner = st.owner
    if effect == "cancel_event":
        return [REMOVE_EVENT, NO_TARGET] if st.event >= 0 else [NO_TARGET]
    if effect == "calm":
        marked = [c for c in range(len(owner)) if owner[c] == seat and st.unrest[c] > 0]
        return marked or [NO_TARGET]  # none: the card is kept to parry the next revolt marker
    if effect == "build":
        b = card.building  # "The general rules for buildings still apply."
        sites = [c for c in range(len(owner)) if owner[c] == seat and not board.build_obstacle(st, c, b)]
        return sites or [NO_TARGET]
    if effect == "deploy" and st.supply[seat] > 0:
        places = [c for c in range(len(owner)) if st.active[c] and owner[c] in (seat, -1)]
        return places or [NO_TARGET]
    return [NO_TARGET]


def options(st: WallensteinState, seat: int) -> list[Move]:
    moves: list[Move] = [NO_FAVOR]
    have = st.audience[seat]
    for space, favor in enumerate(st.favors):
        if favor >= 0 and FAVOR_COSTS[space] <= have:
            moves.extend(Favor("favor", space, t) for t in _targets(st, seat, favor))
    return moves


def apply(st: WallensteinState, seat: int, move: Any) -> None:
    move = typed(move)
    if move not in options(st, seat):
        _explain(st, seat, move)
    # a typed Favor from here on
    st.queue.pop(0)
    space = move.space
    if space == NO_SPACE:
        board.log(st, "favor_none", p=seat)
        return
    favor = st.favors[space]
    cost = FAVOR_COSTS[space]
    st.favors[space] = -1
    st.audience[seat] -= cost
    st.courtiers[seat] += cost
    board.log(st, "favor_taken", p=seat, card=FAVORS[favor].id, cost=cost)
    use(st, seat, favor, move.target)


def _explain(st: WallensteinState, seat: int, move: Move) -> None:
    if len(move) != 3 or not all(isinstance(x, int) for x in move[1:]):
        raise IllegalMoveError(
            "a favor move names a space of the display (0-2, or -1 for none) and a target (a county, "
            f"{REMOVE_EVENT} to remove the event, or -1 for none)",
            rule="wallenstein.court",
        )
    space = move[1]
    if space == NO_SPACE:
        raise IllegalMoveError(
            'taking no favor card names no space and no target (-1 and -1; in JSON ["favor"])',
            rule="wallenstein.court",
        )
    if not 0 <= space < len(st.favors) or st.favors[space] < 0:
        raise IllegalMoveError("no favor card lies on that space", rule="wallenstein.court.favor")
    if FAVOR_COSTS[space] > st.audience[seat]:
        raise UnaffordableError(
            f"that card costs {FAVOR_COSTS[space]} courtiers, you have {st.audience[seat]} "
            "in the audience hall",
            rule="wallenstein.court.favor-cost",
        )
    raise IllegalMoveError(
        f"favor #{FAVORS[st.favors[space]].id} cannot be used on that target",
        rule="wallenstein.court.favor-target",
    )


def use(st: WallensteinState, seat: int, favor: int, target: int) -> None:
    """Apply a favor at once ("if possible"); #4 kept and #10/#11/#18 last the round."""
    card = FAVORS[favor]
    effect, n = card.effect, card.amount
    if effect == "cancel_event":
        if target == REMOVE_EVENT:
            board.log(st, "event_removed", p=seat, event=EVENTS[st.event].id)
            st.used_events.append(st.event)
            st.event = -1
    elif effect == "taler":
        st.money[seat] += n
        board.log(st, "favor_gain", p=seat, kind="taler", n=n)
    elif effect == "grain":
        st.grain[seat] += n
        board.log(st, "favor_gain", p=seat, kind="grain", n=n)
    elif effect == "vp":
        st.vp[seat] += n
        board.log(st, "favor_gain", p=seat, kind="vp", n=n)
    elif effect == "tray_armies":
        k = min(n, st.supply[seat])  # as far as possible ("soweit möglich")
        st.supply[seat] -= k
        st.tray[seat] += k
        # (what the favor card added, for the line's words only: ``plus``, outside the digest)
        board.log(
            st, "favor_gain", p=seat, kind="armies", n=k, plus=[{"by": "favor", "card": card.id, "n": k}]
        )
    elif effect == "calm":
        if target != NO_TARGET:
            st.unrest[target] -= 1
            st.unrest_supply += 1
            board.log(st, "calmed", county=NAMES[target])
        else:
            st.parry[seat] += 1
            board.log(st, "favor_kept", p=seat, card=card.id)
    elif effect == "build":
        if target != NO_TARGET:
            b = card.building
            st.building_supply[b] -= 1
            st.buildings[target] |= BUILD_BIT[b]
            plus = [{"by": "favor", "card": card.id, "n": 1}]
            board.log(st, "build", p=seat, building=BUILDINGS[b], county=NAMES[target], cost=0, plus=plus)
    elif effect == "shield":
        st.shield[seat] |= card.shield
        board.log(st, "favor_shield", p=seat, card=card.id)
    elif effect == "deploy" and target != NO_TARGET:
        k = min(n, st.supply[seat])
        st.supply[seat] -= k
        st.armies[target] += k
        added: dict[str, Any] = {"by": "favor", "card": card.id, "n": k}
        if st.owner[target] < 0:  # "the player receives this county card w/o any battle"
            st.owner[target] = seat
            st.card[target] = seat
            added["county_card"] = 1
        board.log(st, "deploy", p=seat, county=NAMES[target], n=k, cost=0, plus=[added])


def clean_up(st: WallensteinState) -> None:
    """Courtiers in the audience hall go back to the entrance hall; unused favor cards leave."""
    for s in range(st.num_players):
        st.hall[s] += st.audience[s]
        st.audience[s] = 0
    left = [FAVORS[f].id for f in st.favors if f >= 0]
    if left:
        board.log(st, "favors_removed", cards=left)
    st.favors = []
