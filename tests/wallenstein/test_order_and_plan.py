"""Bids, player order and the secret plan (EN 'Plan individual actions', 'Determine player order')."""

from __future__ import annotations

import pytest

from feldherr.core.errors import IllegalMoveError, NotOwnedError, UnaffordableError, WrongPhaseError
from feldherr.wallenstein.data import BID, MONEY_BASE
from feldherr.wallenstein.rules import planning
from feldherr.wallenstein.rules.engine import SEASONS
from feldherr.wallenstein.state import EMPTY, PLAN, POSITION, WallensteinState

from .scenario import Table, fresh, give_plan

M = MONEY_BASE


def plan_with_bid(st: WallensteinState, seat: int, bid: int) -> tuple[int, ...]:
    hand = [c for c in st.plan_hand[seat] if c != bid]
    money = [M + v for v in range(5) if M + v != bid]
    boxes = (hand + money)[:10]
    return (*boxes, bid)


def submit_bids(st: WallensteinState, bids: list[int]) -> None:
    for seat, bid in enumerate(bids):
        give_plan(st, seat, plan_with_bid(st, seat, bid))


def test_bid_ranking_money_then_county_then_zero_then_none() -> None:
    """'Players who had bid a county card precede players who had bid a zero money card. The last
    players to select their position are those who had bid no card at all.'"""
    assert planning.bid_rank(M + 4) > planning.bid_rank(M + 1) > planning.bid_rank(3)
    assert planning.bid_rank(3) > planning.bid_rank(M + 0) > planning.bid_rank(EMPTY)


def test_bids_are_paid_and_choose_positions_in_order() -> None:
    st = fresh(players=4, seed=3)
    assert st.phase == PLAN
    county_bid = st.plan_hand[2][0]
    money = st.money[:]
    submit_bids(st, [M + 2, M + 0, county_bid, M + 3])
    assert st.phase == POSITION
    assert st.money == [money[0] - 2, money[1], money[2], money[3] - 3]
    # Seat 3 (3 Taler) chooses first, then seat 0 (2), then the county card, then the "0".
    assert st.pending == [3]
    order = []
    while st.phase == POSITION:
        seat = st.pending[0]
        order.append(seat)
        st.apply(seat, ("position", max(m[1] for m in st.legal_moves(seat))))
    assert order[:3] == [3, 0, 2]
    # Positions taken from the back: seat 3 took box 5, so it acts last ("Disregard any unclaimed").
    assert st.order == [1, 2, 0, 3]


def test_equal_bids_are_drawn_from_the_bag() -> None:
    """'In case of a tie ... place the military leader tokens of these players into the linen bag,
    then draw one after another.' Both orders occur over many seeds."""
    firsts = set()
    for seed in range(30):
        st = fresh(players=3, seed=seed)
        submit_bids(st, [M + 1, M + 1, M + 0])
        firsts.add(st.pending[0])
        assert st.pending[0] in (0, 1)
    assert firsts == {0, 1}


def test_a_bid_must_be_affordable() -> None:
    t = Table()
    t.player(0)["taler"] = 2
    st = t.state()
    with pytest.raises(UnaffordableError) as err:
        st.apply(0, ("slot", BID, M + 3))
    assert err.value.rule == "wallenstein.order.pay-bid"
    assert ("slot", BID, M + 3) not in st.legal_moves(0)
    assert ("slot", BID, M + 2) in st.legal_moves(0)


def test_plan_box_by_box_bid_first_then_mat_order() -> None:
    st = fresh()
    first = st.legal_moves(0)
    assert {m[1] for m in first} == {BID}
    with pytest.raises(IllegalMoveError) as err:
        st.apply(0, ("slot", 4, M + 1))
    assert err.value.rule == "wallenstein.plan.box-order"
    st.apply(0, first[0])
    assert {m[1] for m in st.legal_moves(0)} == {0}


def test_each_box_covered_when_cards_suffice() -> None:
    st = fresh()
    assert all(m[2] != EMPTY for m in st.legal_moves(0))
    bad = list(plan_with_bid(st, 0, M))
    bad[3] = EMPTY
    with pytest.raises(IllegalMoveError) as err:
        give_plan(st, 0, tuple(bad))
    assert err.value.rule == "wallenstein.plan.cover-all"


def test_too_few_cards_leave_boxes_uncovered() -> None:
    """'In the rare case that a player does not have sufficient cards to cover all 10 of their
    action boxes, they simply do not cover any actions they do not want to perform.'"""
    t = Table()
    red = t.player(0)
    kept = red["hand"][:3]
    for county in red["hand"][3:]:  # Red holds only three counties, and so three county cards
        t.clear(county)
    red["hand"] = kept
    red["cards_to_place"] = [*kept, *({"taler": v} for v in range(5))]
    st = t.state()
    hand = st.plan_hand[0]
    assert len(hand) == 3 and st.plan_left[0] == [*hand, *planning.MONEY_SLOTS]
    slots = [EMPTY] * 11
    slots[BID] = M
    slots[0], slots[4], slots[9] = hand
    slots[1], slots[2], slots[3], slots[5] = M + 1, M + 2, M + 3, M + 4
    give_plan(st, 0, tuple(slots))
    assert st.plan_step[0] == 11


def test_plan_cards_must_be_own_and_used_once() -> None:
    st = fresh()
    foreign = st.plan_hand[1][0]
    slots = list(plan_with_bid(st, 0, M))
    slots[0] = foreign
    with pytest.raises(NotOwnedError):
        give_plan(st, 0, tuple(slots))
    slots = list(plan_with_bid(st, 0, M))
    slots[1] = slots[0]
    with pytest.raises(IllegalMoveError) as err:
        give_plan(st, 0, tuple(slots))
    assert err.value.rule == "wallenstein.plan.card-once"


def test_wrong_kind_of_move_for_the_phase() -> None:
    st = fresh()
    with pytest.raises(WrongPhaseError):
        st.apply(0, ("position", 0))


def test_round_sequence_spring_summer_fall_winter() -> None:
    assert SEASONS == ("spring", "summer", "fall", "winter")


def test_event_is_drawn_after_planning_from_the_open_ones() -> None:
    """'Shuffle the face-up event cards (2, 3, or 4 ...) and draw one of them.'"""
    st = fresh()
    opened = st.open_events[:]
    assert len(opened) == 4 and st.event == -1
    submit_bids(st, [M, M, M, M])
    assert st.event in opened and len(st.open_events) == 3
