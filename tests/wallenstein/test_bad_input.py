"""Bad input: a typed error that names the rule, and nothing changes."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from feldherr.core.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotOwnedError,
    NotYourTurnError,
    RuleError,
    WrongPhaseError,
)
from feldherr.core.game import Move
from feldherr.core.i18n import CORE_ERRORS, LANGS
from feldherr.core.textscan import catalogue_english_words, text_problems
from feldherr.wallenstein.data import COMBAT_A, DEPLOY1
from feldherr.wallenstein.state import WallensteinState

from .scenario import GAME, Table, cid, fresh

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil")
ENGLISH = catalogue_english_words(GAME.messages())


def assert_rejected(
    st: WallensteinState, seat: int, move: Move, error: type[RuleError], rule: str = ""
) -> None:
    before = st.digest()
    with pytest.raises(error) as err:
        st.apply(seat, move)
    assert st.digest() == before, "a rejected move must change nothing"
    if rule:
        assert err.value.rule == rule
    assert err.value.rule.startswith(("wallenstein", "core.")) and str(err.value)
    assert_error_speaks(err.value, st.num_players)


def assert_error_speaks(err: RuleError, players: int = 3) -> None:
    """The error in a player's words: a German and an English template (not the programmer's
    message), clean of ids, literals and snake_case, with and without the players' names."""
    for lang in LANGS:
        for names in (None, NAMES[:players]):
            text = GAME.error_text(err, lang, names)
            assert text_problems(text, lang, ENGLISH) == [], text
    assert err.rule in GAME.messages() or err.rule in CORE_ERRORS, f"no words for {err.rule}"


@pytest.mark.parametrize(
    "data",
    [
        "not a list",
        [],
        [42],
        ["fly", "Anhalt"],
        ["move", "Atlantis", 3],
        ["move", "Anhalt", "three"],
        ["slot", "nap", 1],
        ["slot", "bid", True],
        ["plan", {"taxes": "Anhalt", "dance": 1}],
        ["position", "first"],
        ["draft", 7, 5],
        {"move": "Anhalt"},
    ],
)
def test_malformed_json_moves(data: object) -> None:
    with pytest.raises(MalformedMoveError) as err:
        GAME.move_from_json(data)
    assert err.value.rule == "wallenstein.move-format"
    assert_error_speaks(err.value)


def test_codec_round_trip_of_every_legal_move() -> None:
    st = fresh(setup="draft")
    for _ in range(200):
        if st.is_terminal():
            break
        seat = st.to_move()[0]
        for move in st.legal_moves(seat):
            assert GAME.move_from_json(GAME.move_to_json(move)) == move
        st.apply(seat, st.legal_moves(seat)[0])


def _to_movement(table: Table, action: int) -> WallensteinState:
    """Seat 0 owes a movement decision from Anhalt (6 armies) for ``action``."""
    table.give(0, "Anhalt", 6)
    table.owe_movement(0, "Anhalt", action)
    return table.state()


def test_not_your_seat() -> None:
    st = fresh()
    st.apply(0, st.legal_moves(0)[0])
    assert_rejected(st, 9, st.legal_moves(1)[0], NotYourTurnError, "core.seat")
    st = _to_movement(Table.of(st), COMBAT_A)
    assert_rejected(st, 1, ("pass",), NotYourTurnError, "wallenstein.turn")


def test_wrong_phase() -> None:
    st = fresh()
    assert_rejected(st, 0, ("move", cid("Kursachsen"), 1), WrongPhaseError)
    st = _to_movement(Table.of(st), COMBAT_A)
    assert_rejected(st, 0, ("slot", 10, 100), WrongPhaseError)


def test_too_few_armies_left_behind() -> None:
    st = _to_movement(Table(), COMBAT_A)
    assert_rejected(st, 0, ("move", cid("Kursachsen"), 6), IllegalMoveError, "wallenstein.move.leave-one")


def test_not_adjacent() -> None:
    st = _to_movement(Table(), COMBAT_A)
    assert_rejected(st, 0, ("move", cid("Tirol"), 2), IllegalMoveError, "wallenstein.move.adjacent")


def test_deploy_move_only_into_own_county() -> None:
    table = Table()
    table.give(1, "Kursachsen", 2)
    st = _to_movement(table, DEPLOY1)
    assert_rejected(st, 0, ("move", cid("Kursachsen"), 2), NotOwnedError, "wallenstein.action.deploy1-move")


def test_church_safe_event() -> None:
    table = Table()
    kursachsen = table.give(1, "Kursachsen", 2)
    table.build("Kursachsen", "church")
    table.event("church_safe")
    st = _to_movement(table, COMBAT_A)
    assert ("move", kursachsen, 2) not in st.legal_moves(0)
    assert_rejected(st, 0, ("move", kursachsen, 2), IllegalMoveError, "wallenstein.event.church-safe")


def test_three_player_game_excludes_light_bordered_counties() -> None:
    st = fresh(players=3)
    assert not st.active[cid("Burgund")]
    assert sum(st.active) == 37
    table = Table(players=3)
    table.give(0, "Lothringen", 5)
    table.owe_movement(0, "Lothringen", COMBAT_A)
    st = table.state()
    assert all(m[1] != cid("Burgund") for m in st.legal_moves(0) if m[0] == "move")
    assert_rejected(st, 0, ("move", cid("Burgund"), 1), IllegalMoveError, "wallenstein.setup.three-players")


def test_game_over_accepts_nothing() -> None:
    from feldherr.core import RandomBot, play_game

    _, st, _ = play_game(GAME, {"players": 3}, 5, [RandomBot(i) for i in range(3)], record_moves=False)
    assert isinstance(st, WallensteinState)
    assert st.legal_moves(0) == []
    assert_rejected(st, 0, ("pass",), GameOverError)


def test_bad_options() -> None:
    from feldherr.core.errors import OptionError

    bad: list[Callable[[], object]] = [
        lambda: GAME.new_state({"players": 2}, 1),
        lambda: GAME.new_state({"players": 4, "setup": "random"}, 1),
        lambda: GAME.new_state({"players": 4, "tower": "magic"}, 1),
        lambda: GAME.new_state({"players": 4, "colour": "red"}, 1),
    ]
    for make in bad:
        with pytest.raises(OptionError):
            make()


# A Python literal in a refusal's developer message: a text in single quotes, a tuple's opening
# parenthesis before a text or a number, None/True/False, a dict's or list's text in single quotes.
PY_LITERAL = re.compile(r"'[^'\s]*'|\(['\"]|\(-?\d+,|\bNone\b|\bTrue\b|\bFalse\b|\{'|\['")


def test_a_refusal_names_the_move_in_the_codecs_notation_never_as_a_python_literal() -> None:
    """The developer message of a refused move (``str(err)``, the API's ``message``) named the move
    as Python wrote it: "not a move: 'pass'", "a 'move' move does not belong to the 'favor' phase
    (expected 'favor')", "a favor move is ('favor', space 0-2 or -1, target)". Now it names it as
    the codec writes it (JSON with county and box names) or in words; a player still reads the
    catalogue's words in German and English."""
    from feldherr.wallenstein import codec

    from .test_module_examples import BARBARA, _favor_table

    st = fresh()
    movement = _to_movement(Table(), COMBAT_A)
    favor = _favor_table(21).state()
    cases: list[tuple[WallensteinState, int, Any, str]] = [
        (st, 0, "pass", 'not "pass"'),
        (st, 0, ("slot", 10, 2.5), '["slot", 10, 2.5]'),
        (st, 0, ("slot", True, 1), '["slot", true, 1]'),
        (
            st,
            0,
            ("move", cid("Anhalt"), 2),
            'a "move" move does not belong to planning (it takes "slot" moves)',
        ),
        (st, 0, ("slot",), 'a slot move is ["slot", box, card]'),
        (
            movement,
            0,
            ("slot", 10, 100),
            'a "slot" move does not belong to the move phase (it takes "move" moves)',
        ),
        (movement, 0, ("move", cid("Anhalt")), 'a movement is ["move", county, armies] or ["pass"]'),
        (favor, BARBARA, ("favor", 0), "a favor move names a space of the display"),
        (favor, BARBARA, ("favor", -1, 5), "taking no favor card names no space and no target"),
        (
            favor,
            BARBARA,
            ("move", 1, 2),
            'a "move" move does not belong to the favor phase (it takes "favor" moves)',
        ),
    ]
    for state, seat, move, said in cases:
        with pytest.raises(RuleError) as err:
            state.apply(seat, move)
        message = str(err.value)
        assert said in message and not PY_LITERAL.search(message), message
        assert_error_speaks(err.value, state.num_players)
        assert GAME.error_text(err.value, "de") != err.value.message
    # the codec: what a client sends, echoed in its JSON notation
    for data, said in (
        ({"move": "Anhalt"}, '{"move": "Anhalt"}'),
        (["slot", "nap", None], 'unknown box "nap"'),
        (["slot", "bid", True], "true is not a card"),
        (["move", "Atlantis", 3], 'unknown county "Atlantis"'),
        (["favor", 5], 'a favor is ["favor", courtiers [4, 3, 2], target] or ["favor"]'),
        (["draft", "x", 1], 'draft takes 0, 1 or "deck"'),
    ):
        with pytest.raises(MalformedMoveError) as bad:
            GAME.move_from_json(data)
        message = str(bad.value)
        assert said in message and not PY_LITERAL.search(message), message
        assert_error_speaks(bad.value)
    with pytest.raises(MalformedMoveError) as bad:
        codec.encode(("move", "Anhalt", 2))  # a county by name: the engine's moves hold numbers
    assert '["move", "Anhalt", 2]' in str(bad.value) and not PY_LITERAL.search(str(bad.value)), str(bad.value)
