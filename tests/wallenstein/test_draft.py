"""Assigning the start counties with the two face-up cards (EN 'Assigning initial counties')."""

from __future__ import annotations

import pytest

from feldherr.core.errors import IllegalMoveError
from feldherr.wallenstein.data import start_groups
from feldherr.wallenstein.state import DRAFT, PLAN

from .scenario import fresh


def test_draft_takes_a_card_and_places_a_group() -> None:
    st = fresh(players=4, setup="draft")
    assert st.phase == DRAFT and st.to_move() == (0,)
    card = st.faceup[1]
    st.apply(0, ("draft", 1, 5))
    assert st.owner[card] == 0 and st.armies[card] == 5 and st.card[card] == 0
    assert len(st.faceup) == 2 and card not in st.faceup  # "immediately replace it"
    assert sorted(st.groups[0]) == sorted(start_groups(4)[1:])
    assert st.to_move() == (1,)  # clockwise


def test_same_two_cards_again_may_be_replaced() -> None:
    """'If the two face-up cards are the same as those available during the player's previous
    selection, they can place these two cards on the bottom of the deck and reveal the next two.'"""
    st = fresh(players=3, setup="draft")
    st.apply(0, ("draft", 2, 5))  # seat 0 takes the deck's top: the face-up pair stays
    assert ("redraw",) not in st.legal_moves(1)  # seat 1 has not selected before
    st.apply(1, ("draft", 2, 5))
    st.apply(2, ("draft", 2, 5))
    pair = sorted(st.faceup)
    assert ("redraw",) in st.legal_moves(0)
    st.apply(0, ("redraw",))
    assert not set(st.faceup) & set(pair)
    assert sorted(st.draft_deck[:2]) == pair  # under the deck (its top is the end of the list)
    assert ("redraw",) not in st.legal_moves(0)  # the new pair is not the same again
    with pytest.raises(IllegalMoveError) as err:
        st.apply(0, ("redraw",))
    assert err.value.rule == "wallenstein.setup.same-two-cards"


def test_draft_ends_with_every_group_placed_and_the_tower_filled() -> None:
    st = fresh(players=5, setup="draft")
    while st.phase == DRAFT:
        seat = st.to_move()[0]
        st.apply(seat, st.legal_moves(seat)[0])
    assert st.phase == PLAN
    assert all(not groups for groups in st.groups)
    for seat in range(5):
        assert sum(st.armies[c] for c in range(45) if st.owner[c] == seat) == sum(start_groups(5))
    assert sum(st.tower.inside()) > 0 and st.tray == [0] * 6  # what fell out went home
    assert len(st.open_events) == 4
