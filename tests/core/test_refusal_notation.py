"""A refused move's developer message (``str(err)``, the API's ``message``) names the move as the
game's codec writes it, JSON text (``["power", 13]``, ``"x"``, ``null``), never as a Python literal
(``('power', 13, -1)``, ``'x'``, ``None``); a player reads the catalogue's words instead, in German
and English. Wallenstein's cases: tests/wallenstein/test_bad_input.py."""

from __future__ import annotations

import re
from typing import Any

import pytest

from feldherr.core.errors import MalformedMoveError, RuleError, shown_json
from feldherr.core.i18n import CORE_ERRORS, LANGS
from feldherr.core.textscan import catalogue_english_words, text_problems
from feldherr.games import get_game

PY_LITERAL = re.compile(r"'[^'\s]*'|\(['\"]|\(-?\d+,|\bNone\b|\bTrue\b|\bFalse\b|\{'|\['")


def _speaks(game: Any, err: RuleError) -> None:
    """The player's words: the catalogue's template in each language, not the developer's text."""
    english = catalogue_english_words(game.messages())
    assert err.rule in game.messages() or err.rule in CORE_ERRORS, err.rule
    for lang in LANGS:
        words = game.error_text(err, lang)
        assert text_problems(words, lang, english) == [], words
    assert game.error_text(err, "de") != err.message


def _refused(game: Any, call: Any, said: str) -> None:
    with pytest.raises(RuleError) as err:
        call()
    message = str(err.value)
    assert said in message and not PY_LITERAL.search(message), message
    _speaks(game, err.value)


def test_el_grande_names_a_refused_move_in_its_codecs_notation() -> None:
    game = get_game("elgrande")
    st = game.new_state({"players": 3}, 1)
    seat = st.to_move()[0]
    for move, said in (
        ("power", 'not a move: "power"'),
        (("power",), '"power" takes 2 whole-number argument(s): ["power"]'),
        (("bogus", 1), 'unknown move kind "bogus"'),
        (("take", 1), '"take" does not belong to the power phase'),
        (("power", 99, -1), '["power", 99] is not allowed now'),
    ):
        _refused(game, lambda m=move: st.clone().apply(seat, m), said)
    for data, said in (
        ({"power": 1}, 'a move is a list [kind, args...], not {"power": 1}'),
        (["power", "x"], '"power" expects a whole number, got "x"'),
        (["place", "Atlantis"], 'unknown region "Atlantis"'),
        (["place", None], '"place" expects a region, got null'),
        (["power", 1, -2], "a modifier is a number from 0, not -2"),
    ):
        _refused(game, lambda d=data: game.move_from_json(d), said)
    with pytest.raises(MalformedMoveError) as err:
        game.encode(st, seat, ("power", True, 0))
    assert '["power", true, 0]' in str(err.value) and not PY_LITERAL.search(str(err.value)), str(err.value)


def test_mansfeld_names_a_refused_move_in_its_codecs_notation() -> None:
    game = get_game("mansfeld")
    st = game.new_state({"players": 2}, 1)
    for move, said in (
        (("dice", "x"), 'expected ["dice", count], not ["dice", "x"]'),
        (("dice",), 'expected ["dice", count], not ["dice"]'),
        (("recruit", 1), '"recruit" does not belong to the dice phase'),
        (("x",), 'expected dice, recruit, pass or commit, not ["x"]'),
    ):
        _refused(game, lambda m=move: st.clone().apply(0, m), said)
    for data, said in (
        (["dice", None], 'not ["dice", null]'),
        ({"dice": 1}, 'not {"dice": 1}'),
    ):
        _refused(game, lambda d=data: game.move_from_json(d), said)


def test_the_core_check_of_a_move_echoes_it_as_json() -> None:
    """A float, a bool or an object in a move (refused by the core for every game that uses its
    check): JSON text where JSON can write it, else the object's bounded ``repr``."""
    game = get_game("mansfeld")
    st = game.new_state({"players": 2}, 1)
    assert shown_json(("dice", 2.5, None, True)) == '["dice", 2.5, null, true]'
    assert shown_json({1, 2}) == "{1, 2}"  # (no JSON for a set)
    assert shown_json("x" * 300).endswith("…") and len(shown_json("x" * 300)) == 200
    with pytest.raises(RuleError) as err:
        st.apply(0, ("dice", 2.5))
    assert "2.5" in str(err.value) and not PY_LITERAL.search(str(err.value)), str(err.value)
