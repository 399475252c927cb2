"""Wallenstein positions while the places in player order are taken (docs/positions.md,
``flow.bid_queue``): the highest bid chooses first, a tie is decided by the bag, and the decision
owed is that of the first player still to choose. A table whose owed decision was another
player's was accepted, and that player's choice took the first player's turn away."""

from __future__ import annotations

import json
from typing import Any

from feldherr.core.rng import Rng
from feldherr.core.testing import check_position_refused
from feldherr.games import get_game
from feldherr.wallenstein.data import BID
from feldherr.wallenstein.rules.planning import bid_rank

COLOURS = ["red", "blue", "yellow", "purple", "black"]


def choosing_places(seed: int) -> tuple[Any, dict[str, Any]]:
    """A random four-player game's table when the first place in player order is chosen."""
    game = get_game("wallenstein")
    st = game.new_state({"players": 4, "setup": "fixed"}, seed)
    rng = Rng(seed)
    while st.phase != "position":
        seat = st.to_move()[0]
        moves = st.legal_moves(seat)
        st.apply(seat, moves[rng.below(len(moves))])
    return st, json.loads(json.dumps(game.position(st)))


def test_the_decision_owed_is_the_first_bidders() -> None:
    _, pos = choosing_places(3)
    queue = pos["flow"]["bid_queue"]
    assert len(queue) == 4 and pos["flow"]["pending"] == {"player": queue[0]}
    pos["flow"]["pending"] = {"player": queue[1]}
    check_position_refused(
        get_game("wallenstein"),
        pos,
        "wallenstein.position.bid-queue",
        "the decision owed is that of the first of them",
        "die ausstehende Entscheidung ist die des ersten von ihnen",
    )


def test_nobody_waits_for_a_place_at_another_step() -> None:
    game = get_game("wallenstein")
    pos = json.loads(json.dumps(game.position(game.new_state({"players": 3, "setup": "fixed"}, 1))))
    assert pos["phase"] == "plan" and pos["flow"]["bid_queue"] == []
    pos["flow"]["bid_queue"] = ["blue"]
    check_position_refused(
        game, pos, "wallenstein.position.bid-queue", "at any other step nobody is waiting", "wartet niemand"
    )


def test_a_lower_bid_never_chooses_before_a_higher_one_and_a_tie_in_any_order() -> None:
    game = get_game("wallenstein")
    refused = tied = 0
    for seed in range(1, 40):
        st, pos = choosing_places(seed)
        queue = pos["flow"]["bid_queue"]
        ranks = [bid_rank(st.plans[COLOURS.index(c)][BID]) for c in queue]
        last = len(queue) - 1
        moved = [queue[last], *queue[:last]]  # the last bidder first
        pos["flow"]["bid_queue"], pos["flow"]["pending"] = moved, {"player": moved[0]}
        if ranks[last] < ranks[0]:
            err = check_position_refused(
                game,
                pos,
                "wallenstein.position.bid-order",
                "whose bid is higher: the highest bid chooses first",
                "dessen Gebot höher ist: das höchste Gebot wählt zuerst",
            )
            assert err.details["player"] == queue[last]
            refused += 1
        else:  # all bid alike: the bag may have drawn any order
            again = game.from_position(pos, 1)
            assert again.to_move() == (COLOURS.index(moved[0]),)
            tied += 1
    assert refused and tied, (refused, tied)
