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


def test_every_player_without_a_place_waits_for_one() -> None:
    """A table that left a player without a place out of the queue was accepted, and that player
    never chose: the round went on with a player outside the player order."""
    game = get_game("wallenstein")
    _, pos = choosing_places(5)
    queue = pos["flow"]["bid_queue"]
    left_out = queue[-1]
    pos["flow"]["bid_queue"] = queue[:-1]
    err = check_position_refused(
        game,
        pos,
        "wallenstein.position.bid-waiting",
        "has no place in player order yet but is not among the players still to take one",
        "hat noch keinen Platz in der Spielerreihenfolge, ist aber nicht unter den Spielern",
    )
    assert err.details["player"] == left_out
    # the whole queue loads; once the first has taken a place, the others are the queue
    pos["flow"]["bid_queue"] = queue
    st = game.from_position(pos, 1)
    seat = st.to_move()[0]
    st.apply(seat, st.legal_moves(seat)[0])
    again = json.loads(json.dumps(game.position(st)))
    assert again["flow"]["bid_queue"] == queue[1:]
    assert game.position(game.from_position(again, 1)) == again
