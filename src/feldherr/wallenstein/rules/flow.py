"""The module steps around a round, as a small stage machine over ``st.stage`` and ``st.queue``.

After the player order is set: Heerführer placement (fixed lineups, first spring), Landsknechte
("In combination with Emperor's Court, carry out this step prior to any Court actions"), the court's
reveal and favor steps; then the ten actions. After the tenth action the leaders move; after winter
the leaders who lost their county come back. With no module on, none of this runs.
"""

from __future__ import annotations

from feldherr.wallenstein.rules import court, landsknechte, leaders
from feldherr.wallenstein.state import WallensteinState

PRE = "pre"  # automatic phase: the steps between player order and the actions
POST = "post"  # automatic phase: the leaders' move after the tenth action
WINTER_END = "winter-end"  # automatic phase: leaders come back after winter

LSK = "lsk"
REVEAL = "court_reveal"
FAVOR = "court_favor"


def begin_pre(st: WallensteinState) -> None:
    if not (st.leaders or st.lsk or st.court):
        st.phase = "execute"
        return
    st.phase = PRE
    seats: list[int] = []
    if st.leaders and st.options.get("setup") == "fixed" and st.year == 1 and st.season == 0:
        seats = [s for s in st.order if st.leader[s] < 0]
    leaders.start(st, leaders.SETUP, seats)


def run_pre(st: WallensteinState) -> bool:
    """Advance the steps before the actions; True when a decision is owed."""
    while True:
        stage = st.stage
        if stage == leaders.SETUP:
            if leaders.next_decision(st):
                return True
            st.stage = LSK
            if st.lsk:
                landsknechte.start(st)
        elif stage == LSK:
            if st.queue and landsknechte.next_decision(st):
                return True
            st.stage = REVEAL
        elif stage == REVEAL:
            if not st.court:
                break
            court.reveal_all(st)
            court.start_favors(st)
            st.stage = FAVOR
        elif stage == FAVOR:
            if court.next_decision(st):
                return True
            court.clean_up(st)
            break
        else:
            raise AssertionError(f"unknown stage {stage!r}")
    st.stage = ""
    st.phase = "execute"
    return False


def begin_post(st: WallensteinState) -> None:
    st.phase = POST
    leaders.start(st, leaders.MOVE, [s for s in st.order if st.leader[s] >= 0])


def begin_winter_end(st: WallensteinState) -> None:
    st.phase = WINTER_END
    leaders.start(st, leaders.WINTER, [s for s in st.fall_order if st.leader[s] < 0])


def run_leaders(st: WallensteinState) -> bool:
    if leaders.next_decision(st):
        return True
    st.stage = ""
    return False


def resume_phase(st: WallensteinState) -> str:
    """The automatic phase to return to after a module decision."""
    if st.stage == leaders.MOVE:
        return POST
    if st.stage == leaders.WINTER:
        return WINTER_END
    return PRE
