"""Heerführer / Military Leaders (expansion module 3): the leader, his statues and trophies.

The leader upgrades the actions in his county (see :mod:`feldherr.wallenstein.rules.actions`); here are
his placement, his move after the tenth action, the statues he leaves behind, the trophies taken by
entering another player's statue county, his removal with a lost county, and the end scoring.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.errors import IllegalMoveError
from feldherr.core.game import Move
from feldherr.wallenstein.data import NAMES, NEIGHBOURS, VP_PER_STATUE, VP_PER_TROPHY
from feldherr.wallenstein.moves import LEADER as LEADER_MOVES
from feldherr.wallenstein.moves import typed
from feldherr.wallenstein.rules import board
from feldherr.wallenstein.state import LEADER, WallensteinState

SETUP = "leader_setup"  # fixed lineups: placed after the first player order
MOVE = "leader_move"  # after the tenth action of a round
WINTER = "leader_winter"  # a leader who lost his county returns after winter


def targets(st: WallensteinState, seat: int) -> list[int]:
    """Counties the seat's leader may go to in the current step."""
    owner = st.owner
    here = st.leader[seat]
    if st.stage == MOVE:
        if here < 0:
            return []
        return [c for c in range(len(owner)) if owner[c] == seat and c != here]
    if here >= 0:
        return []
    return [c for c in range(len(owner)) if owner[c] == seat]


def start(st: WallensteinState, stage: str, seats: list[int]) -> None:
    st.stage = stage
    st.queue = seats[:]


def next_decision(st: WallensteinState) -> bool:
    """Go through the queue; True when a seat must choose where its leader goes."""
    queue = st.queue
    while queue:
        seat = queue[0]
        options = targets(st, seat)
        if len(options) > 1:
            st.phase = LEADER
            st.pending = [seat]
            return True
        if options:  # a single county: no choice ("must move")
            go(st, seat, options[0])
        queue.pop(0)
    return False


def legal(st: WallensteinState, seat: int) -> list[Move]:
    return [LEADER_MOVES[c] for c in targets(st, seat)]


def apply(st: WallensteinState, seat: int, move: Any) -> None:
    move = typed(move)
    if len(move) != 2 or move[1] not in targets(st, seat):  # after this, a typed Leader
        raise IllegalMoveError(
            "the military leader goes to a county under your control"
            + (" other than the one he stands in" if st.stage == MOVE else ""),
            rule="wallenstein.leaders.move" if st.stage == MOVE else "wallenstein.leaders.placement",
        )
    go(st, seat, move.county)
    st.queue.pop(0)


def go(st: WallensteinState, seat: int, county: int) -> None:
    old = st.leader[seat]
    if old >= 0:
        if county in NEIGHBOURS[old]:
            # "he leaves the county victorious and the player can place a statue token"
            if st.statue_supply[seat] > 0:
                st.statue_supply[seat] -= 1
                st.statues[seat][old] += 1
                board.log(st, "statue", p=seat, county=NAMES[old])
        else:
            board.log(st, "leader_fled", p=seat, county=NAMES[old])
    st.leader[seat] = county
    board.log(st, "leader_placed", p=seat, county=NAMES[county])
    # "if another player places their military leader in this county, that player removes the
    # statue from the board and keeps it in front of them as a trophy"
    for other in range(st.num_players):
        k = st.statues[other][county]
        if other != seat and k:
            st.statues[other][county] = 0
            st.trophies[seat][other] += k
            board.log(st, "trophy", p=seat, d=other, county=NAMES[county], n=k)


def score(st: WallensteinState) -> None:
    """Game end: one victory point per own statue on the board and per trophy."""
    for s in range(st.num_players):
        on_board = sum(st.statues[s])
        trophies = sum(st.trophies[s])
        gained = VP_PER_STATUE * on_board + VP_PER_TROPHY * trophies
        st.vp[s] += gained
        board.log(st, "leader_score", p=s, statues=on_board, trophies=trophies, vp=gained)
