"""Landsknechte (expansion module 2): a bonus for holding counties in at least four regions.

"Each time after determining the player order, all players check whether they control counties in
at least 4 different regions ... A player meeting this condition slides the top card of their deck
underneath their deck and is entitled to receive one of the benefits shown on the new top card.
This is done in given player order." The decks are reset after winter (``reset``).
"""

from __future__ import annotations

from typing import Any, cast

from feldherr.core.errors import IllegalMoveError
from feldherr.core.game import Move
from feldherr.wallenstein.data import LSK_CARDS, LSK_KINDS, LSK_REGIONS, REGION_OF
from feldherr.wallenstein.moves import LANDSKNECHTE as LSK_MOVES
from feldherr.wallenstein.moves import Landsknechte, typed
from feldherr.wallenstein.rules import board
from feldherr.wallenstein.state import LANDSKNECHTE, WallensteinState

ARMIES = LSK_KINDS.index("armies")


def regions_held(st: WallensteinState, seat: int) -> int:
    owner = st.owner
    return len({REGION_OF[c] for c in range(len(owner)) if owner[c] == seat})


def start(st: WallensteinState) -> None:
    """Everyone checks at once; the qualifying players act in player order."""
    st.queue = [s for s in st.order if regions_held(st, s) >= LSK_REGIONS]


def options(st: WallensteinState, seat: int) -> list[Move]:
    benefits = LSK_CARDS[st.lsk_top[seat]]
    if benefits is None:
        return []
    # Armies go into the tray only as many as shown: with too few in supply that benefit is out.
    return [LSK_MOVES[k] for k in range(len(LSK_KINDS)) if k != ARMIES or st.supply[seat] >= benefits[k]]


def next_decision(st: WallensteinState) -> bool:
    """Turn the cards of the qualifying players in order; True when one must choose a benefit."""
    queue = st.queue
    while queue:
        seat = queue[0]
        st.lsk_top[seat] = (st.lsk_top[seat] + 1) % len(LSK_CARDS)
        board.log(st, "lsk_card", p=seat, card=st.lsk_top[seat] + 1)
        moves = options(st, seat)
        if len(moves) > 1:
            st.phase = LANDSKNECHTE
            st.pending = [seat]
            return True
        if moves:
            grant(st, seat, cast(Landsknechte, moves[0]).benefit)
        queue.pop(0)
    return False


def apply(st: WallensteinState, seat: int, move: Any) -> None:
    move = typed(move)
    if move not in options(st, seat):  # after this, a typed Landsknechte
        raise IllegalMoveError(
            "choose one benefit of your new top card: ('lsk', 0..3) for Thalers, grain, armies into "
            "the tray (if your supply has them) or victory points",
            rule="wallenstein.landsknechte.benefit",
        )
    grant(st, seat, move.benefit)
    st.queue.pop(0)


def grant(st: WallensteinState, seat: int, kind: int) -> None:
    benefits = LSK_CARDS[st.lsk_top[seat]]
    assert benefits is not None
    n = benefits[kind]
    if kind == 0:
        st.money[seat] += n
    elif kind == 1:
        st.grain[seat] += n
    elif kind == ARMIES:
        st.supply[seat] -= n
        st.tray[seat] += n
    else:
        st.vp[seat] += n
    board.log(st, "lsk_benefit", p=seat, kind=LSK_KINDS[kind], n=n)


def reset(st: WallensteinState) -> None:
    """ "After winter is over, all players rearrange their deck of cards like at the beginning." """
    st.lsk_top = [0] * st.num_players
