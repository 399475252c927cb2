"""A choice's words start as a sentence does, in every game and both languages: El Grande's power
cards read "Play the 1 (...)" as Wallenstein's "Take no favor card" beside them, not "play the 1"
(a move's phrase stands in lower case only inside the log's sentences); Wallenstein's court reads
"Keine Gunstkarte nehmen" over "Die Gunstkarte „+3 Getreide“ (4 Höflinge)", its draft "Die oberste
Karte des Stapels" beside "Württemberg"."""

from __future__ import annotations

import random
from typing import Any

import pytest

from feldherr.core.i18n import LANGS, capital, capital_steps
from feldherr.games import get_game

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("elgrande", {"players": 4, "variant": ["machtverschiebung"]}),
    ("elgrande", {"players": 2}),
    ("mansfeld", {"players": 3}),
    ("wallenstein", {"players": 5, "modules": ["court", "landsknechte", "leaders"]}),
]


def _lower(words: list[str]) -> set[str]:
    return {w for w in words if w and not (w[0].isupper() or w[0].isdigit() or w[0] in "+−-„“\"'(")}


@pytest.mark.parametrize(("name", "options"), GAMES, ids=lambda v: v if isinstance(v, str) else "")
def test_every_button_starts_with_a_capital(name: str, options: dict[str, Any]) -> None:
    game = get_game(name)
    state = game.new_state(game.normalize_options(options), 3)
    rng = random.Random(5)
    bad: set[str] = set()
    while not state.is_terminal():
        seat = state.to_move()[0]
        moves = state.legal_moves(seat)
        view = state.view(seat)
        for lang in LANGS:
            for move in moves:
                words = [game.describe_move(view, move, lang)]
                for part in game.move_steps(view, move, lang) or []:
                    words += [part] if isinstance(part, str) else list(part)
                bad |= _lower(words)
        state.apply(seat, rng.choice(moves))
    assert not bad, sorted(bad, key=len)[:20]


def test_capital_leaves_the_rest_as_it_is() -> None:
    assert capital("play the 1 (6 Caballeros)") == "Play the 1 (6 Caballeros)"
    assert capital("") == ""
    assert capital("Über") == "Über"
    assert capital_steps(["in Galicia", ["a Caballero of Yellow", "stop"]]) == [
        "In Galicia",
        ["A Caballero of Yellow", "Stop"],
    ]
    assert capital_steps(None) is None
