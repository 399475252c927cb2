"""El Grande positions: the card in play (``card_in_use``) as the turns have it. The player at the
turn takes an open action card and carries it out; at the turn's end it goes onto the discard pile.
A card in play before the player takes one was accepted, and the choice of a card then offered the
open ones while another was in play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from feldherr.core.testing import check_position_refused

from .helpers import GAME, Board


def _not_taken_yet(pos: dict[str, Any]) -> None:
    pos["flow"]["phase"] = "take"  # the card not taken yet, but one in play


def _none_in_play(pos: dict[str, Any]) -> None:
    pos["card_in_use"] = None
    pos["discard_pile"].append("fiesta")


@pytest.mark.parametrize(
    ("breaks", "code", "en", "de"),
    [
        pytest.param(
            _not_taken_yet,
            "elgrande.position.card-in-play",
            "is in play though Player 1 carries out no action card at this step",
            "ist im Spiel, obwohl Player 1 bei diesem Schritt keine Aktionskarte ausführt",
            id="a-card-in-play-only-while-a-player-carries-one-out",
        ),
        pytest.param(
            _none_in_play,
            "elgrande.position.card-missing",
            "Player 1 carries out an action card at this step, but no card is in play",
            "Player 1 führt bei diesem Schritt eine Aktionskarte aus, aber keine Karte ist im Spiel",
            id="a-player-carrying-out-a-card-has-one-in-play",
        ),
    ],
)
def test_the_card_in_play_matches_the_step(
    breaks: Callable[[dict[str, Any]], None], code: str, en: str, de: str
) -> None:
    """A card is in play exactly while the player at the turn carries one out."""
    board = Board(4).turn(0, "fiesta", court=2)
    assert GAME.from_position(board.pos, 1).to_move() == (0,)  # carrying it out: the table loads
    breaks(board.pos)
    check_position_refused(GAME, board.pos, code, en, de)


def test_the_card_taken_leaves_its_stack_empty_until_the_round_ends() -> None:
    board = Board(4).turn(0, "fiesta", court=2)
    assert board.pos["open_cards"].count(None) == 1
    st = GAME.from_position(board.pos, 1)
    st.apply(0, ("nospecial",))
    st.apply(0, ("endplace",))
    after = GAME.position(st)
    assert after["card_in_use"] is None and "fiesta" in after["discard_pile"]


def test_the_stacks_taken_this_round_are_the_turns_before() -> None:
    """A stack set to "taken this round" without a turn that took it was accepted (the card went
    back into its stack): the stacks without an open card are one for each player before the one at
    the turn, and one more while a card is in play."""
    board = Board(4).turn(0, "fiesta", court=2)
    opened = board.pos["open_cards"]
    other = next(
        i for i, card in enumerate(opened) if card is not None and not board.pos["permanent_stacks"][i]
    )
    board.pos["discard_pile"].append(opened[other])
    opened[other] = None
    check_position_refused(
        GAME,
        board.pos,
        "elgrande.position.taken",
        "stacks without an open card: 2; cards taken this round: 1",
        "Stapel ohne offene Karte: 2; in dieser Runde genommene Karten: 1",
    )
