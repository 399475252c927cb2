"""Each game's information-set key (``Game.infoset_key``) is equal exactly when the view is.

Positions of random games (several seeds, so that equal decision counts meet different positions),
each with its version set to 0 (the view and the key both show it; here it must not be what tells
them apart), and determinizations of them for every seat: for every viewer (each seat and the
spectator) two positions have equal keys if and only if they have equal views.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from feldherr.core.game import Game, RandomBot, State
from feldherr.core.play import bot_seeds
from feldherr.games import get_game

CASES = [
    ("elgrande", {"players": 4}),
    ("elgrande", {"players": 2}),
    ("elgrande", {"players": 3, "variant": ["hidden_castillo", "machtverschiebung"]}),
    ("wallenstein", {"players": 4}),
    ("wallenstein", {"players": 3, "modules": ["court", "landsknechte", "leaders"]}),
    ("mansfeld", {"players": 4}),
    ("mansfeld", {"players": 2}),
]


def _positions(game: Game, options: dict[str, Any], seeds: range, every: int) -> list[State]:
    out: list[State] = []
    for seed in seeds:
        state = game.new_state(options, seed)
        bots = [RandomBot(s) for s in bot_seeds(seed, options["players"])]
        decisions = 0
        while not state.is_terminal():
            for seat in state.to_move():
                if seat not in state.to_move():
                    continue
                if decisions % every == 0:
                    for viewer in range(options["players"]):
                        out.append(state.clone())
                        out.append(state.determinize(viewer, seed * 7919 + decisions))
                state.apply(seat, bots[seat].pick(state.legal_moves(seat), game.name, seat))
                decisions += 1
        out.append(state)
    for state in out:
        state.version = 0
    return out


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_keys_are_equal_exactly_when_views_are(name: str, options: dict[str, Any]) -> None:
    game = get_game(name)
    opts = game.normalize_options(options)
    positions = _positions(game, opts, range(4), every=7 if name == "mansfeld" else 23)
    for viewer in [None, *range(opts["players"])]:
        key_of_view: dict[str, Any] = {}
        view_of_key: dict[Any, str] = {}
        for state in positions:
            view = json.dumps(state.view(viewer), sort_keys=True)
            key = game.infoset_key(state, viewer)
            hash(key)
            assert key_of_view.setdefault(view, key) == key, f"equal views, different keys ({viewer=})"
            assert view_of_key.setdefault(key, view) == view, f"different views, equal keys ({viewer=})"
        # the check had something to compare: views that repeat and views that differ
        assert len(view_of_key) > 10
        assert len(view_of_key) < len(positions)


def test_the_default_key_is_the_views_canonical_json() -> None:
    game = get_game("mansfeld")
    state = game.new_state(game.normalize_options({"players": 2}), 3)
    key = Game.infoset_key(game, state, 1)
    assert key == json.dumps(state.view(1), sort_keys=True, separators=(",", ":"), default=str)
    assert game.infoset_key(state, 1) != game.infoset_key(state, 0)
