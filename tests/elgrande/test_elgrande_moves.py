"""Typed moves: legal_moves hands out the move types of `feldherr.elgrande.moves`, which are tuples
(equal to the plain tuple, same JSON, same action); apply takes either and plays the same game."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import feldherr.elgrande.moves as M
from feldherr.games import get_game

GAME = get_game("elgrande")
OPTIONS: list[dict[str, object]] = [
    {"players": 3},
    {"players": 4, "variant": ["machtverschiebung"]},
    {"players": 2},
]


def _typed_types() -> tuple[type, ...]:
    return tuple(
        t for t in vars(M).values() if isinstance(t, type) and issubclass(t, tuple) and hasattr(t, "_fields")
    )


def test_every_move_type_has_kind_first() -> None:
    for cls in _typed_types():
        assert cls._fields[0] == "kind", cls


def test_the_move_module_imports_only_data_state_and_core() -> None:
    tree = ast.parse(Path(M.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("feldherr"):
            assert node.module.split(".")[1] in ("core", "elgrande"), node.module
            if node.module.startswith("feldherr.elgrande"):
                assert node.module in (
                    "feldherr.elgrande",
                    "feldherr.elgrande.data",
                    "feldherr.elgrande.state",
                ), node.module
                if node.module == "feldherr.elgrande":
                    assert all(a.name in ("data", "state") for a in node.names)


@pytest.mark.parametrize("options", OPTIONS)
def test_typed_and_plain_moves_play_the_same_game(options: dict[str, object]) -> None:
    types = _typed_types()
    for seed in range(2):
        rng = random.Random(seed)
        typed_state = GAME.new_state(options, seed)
        plain_state = GAME.new_state(options, seed)
        for _ in range(400):
            seats = typed_state.to_move()
            if not seats:
                break
            seat = seats[rng.randrange(len(seats))]
            moves = typed_state.legal_moves(seat)
            assert plain_state.legal_moves(seat) == moves
            for m in moves[:40]:
                assert isinstance(m, types), m
                assert m.kind == m[0]
                plain = tuple(m)
                assert plain == m and hash(plain) == hash(m)
                as_json = GAME.move_to_json(m)
                assert json.dumps(GAME.move_to_json(plain)) == json.dumps(as_json)
                back = GAME.move_from_json(as_json)
                assert back == m and type(back) is type(m)
                code = GAME.encode(typed_state, seat, m)
                assert GAME.encode(typed_state, seat, plain) == code
                assert GAME.decode(typed_state, seat, code) == m
            move = moves[rng.randrange(len(moves))]
            typed_state.apply(seat, move)
            plain_state.apply(seat, tuple(move))
            assert plain_state.digest() == typed_state.digest()
