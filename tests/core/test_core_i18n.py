"""Rendering log entries from a message catalogue in German and English."""

from __future__ import annotations

import pytest

from feldherr.core.i18n import render, term

CAT = {
    "recruit": {"en": "{who} recruits {n} {unit}.", "de": "{who} rekrutiert {n} {unit}."},
    "pikemen": {"en": "pikemen", "de": "Pikeniere"},
    "only_en": {"en": "English only"},
}


def test_render_both_languages_and_translates_term_arguments() -> None:
    args = {"who": "Tilly", "n": 3, "unit": "pikemen"}
    assert render(CAT, "recruit", args, "en") == "Tilly recruits 3 pikemen."
    assert render(CAT, "recruit", args, "de") == "Tilly rekrutiert 3 Pikeniere."


def test_missing_translation_falls_back_to_english_and_unknown_key_to_itself() -> None:
    assert term(CAT, "only_en", "de") == "English only"
    assert term(CAT, "nope", "de") == "nope"
    assert render(CAT, "nope", {}, "en") == "nope"


def test_template_with_missing_argument_still_renders() -> None:
    text = render(CAT, "recruit", {"who": "Tilly"}, "en")
    assert "recruits" in text and "Tilly" in text


def test_unknown_language_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        render(CAT, "recruit", {}, "fr")


def test_toy_game_log_renders_in_both_languages() -> None:
    from toygame import ToyGame

    game = ToyGame()
    state = game.new_state({"players": 2}, 1)
    en = game.render_log(state.log[0], "en")
    de = game.render_log(state.log[0], "de")
    assert en.startswith("Round 1") and de.startswith("Runde 1")


PLURALS = {
    "unit.army#one": {"en": "{n} army", "de": "{n} Armee"},
    "unit.army#other": {"en": "{n} armies", "de": "{n} Armeen"},
    "raise": {"en": "{who} raises {armies:@unit.army}.", "de": "{who} stellt {armies:@unit.army} auf."},
    "pay": {"en": "{who} pays {taler:#} Taler.", "de": "{who} zahlt {taler:#} Taler."},
}


@pytest.mark.parametrize(
    ("n", "en", "de"),
    [
        (1, "1 army", "1 Armee"),
        (0, "0 armies", "0 Armeen"),
        (2, "2 armies", "2 Armeen"),
        (1000, "1,000 armies", "1.000 Armeen"),
    ],
)
def test_counted_nouns_take_the_plural_form_and_number_format_of_the_language(
    n: int, en: str, de: str
) -> None:
    assert render(PLURALS, "raise", {"who": "Anna", "armies": n}, "en") == f"Anna raises {en}."
    assert render(PLURALS, "raise", {"who": "Anna", "armies": n}, "de") == f"Anna stellt {de} auf."


def test_number_fields_use_the_language_number_format() -> None:
    assert render(PLURALS, "pay", {"who": "Anna", "taler": 1500}, "de") == "Anna zahlt 1.500 Taler."
    assert render(PLURALS, "pay", {"who": "Anna", "taler": 1500}, "en") == "Anna pays 1,500 Taler."


def test_plural_categories_come_from_cldr() -> None:
    from feldherr.core.i18n import plural_categories, plural_form

    assert plural_categories("en") == {"one", "other"} == plural_categories("de")
    assert plural_form(1, "de") == "one" and plural_form(2, "en") == "other"


def test_missing_field_never_shows_a_python_literal() -> None:
    text = render(PLURALS, "raise", {"armies": 2}, "en")
    assert text == "… raises 2 armies." and "{" not in text


def test_seat_label_prefers_the_players_name_and_falls_back_to_the_colour() -> None:
    from feldherr.core.i18n import seat_label

    assert seat_label(1, ["Anna", "Ben"], ["Red", "Blue"]) == "Ben"
    assert seat_label(1, ["Anna", ""], ["Red", "Blue"]) == "Blue"
    assert seat_label(0, None, ["Rot", "Blau"]) == "Rot"


def test_core_errors_name_the_player_not_a_seat_number() -> None:
    from feldherr.core.errors import NotYourTurnError
    from feldherr.core.i18n import error_text

    err = NotYourTurnError("seat 2 has no decision", rule="core.turn", seat=2)
    assert error_text(err, {}, "en", ["Anna", "Ben", "Cleo"]) == "it is not Cleo's turn"
    assert "2" not in error_text(err, {}, "de")


@pytest.mark.parametrize("name", ["toy", "wallenstein", "elgrande"])
def test_a_staged_action_in_a_game_without_staged_choices_reads_in_the_readers_language(name: str) -> None:
    """The core's refusal of a partial choice (``core.staged``) has words in both languages."""
    from feldherr.core.errors import RuleError
    from feldherr.games import get_game

    game = get_game(name)
    state = game.new_state({}, 1)
    seat = state.to_move()[0]
    with pytest.raises(RuleError) as caught:
        game.staged_actions(state, seat, (0,))
    assert caught.value.rule == "core.staged"
    german = game.error_text(caught.value, "de")
    assert german == "Diese Entscheidung fällt in diesem Spiel in einem Schritt"
    assert game.error_text(caught.value, "en") == "this game takes this decision in one step"


def test_a_position_refusal_echoes_no_character_that_breaks_or_turns_its_line() -> None:
    from feldherr.core.i18n import position_field, position_value, readable

    assert readable("Anna › Zoë 👩\u200d👩\u200d👧") == "Anna › Zoë 👩\u200d👩\u200d👧"  # joiners are fine
    assert readable("a\nb\u202ec\x1bd\u2028e\ue000") == "a\ufffdb\ufffdc\ufffdd\ufffde\ufffd"
    assert position_field("players.Anna.note\u202e", {}, "en") == "“players › Anna › note\ufffd”"
    assert position_value('"x\u2066y"', "de") == "„x\ufffdy“"
