"""Typed moves: legal_moves hands out the move types of `feldherr.elgrande.moves`, which are tuples
(equal to the plain tuple, same JSON, same action); apply takes either and plays the same game."""

from __future__ import annotations

import pytest

import feldherr.elgrande.moves as M
from feldherr.core.testing import check_move_module, check_typed_moves
from feldherr.games import get_game

GAME = get_game("elgrande")
OPTIONS: list[dict[str, object]] = [
    {"players": 3},
    {"players": 4, "variant": ["machtverschiebung"]},
    {"players": 2},
]


def test_every_move_type_has_kind_first_and_the_module_imports_only_data_state_and_core() -> None:
    check_move_module(M, "feldherr.elgrande")


@pytest.mark.parametrize("options", OPTIONS)
def test_typed_and_plain_moves_play_the_same_game(options: dict[str, object]) -> None:
    check_typed_moves(GAME, M, options)
