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
