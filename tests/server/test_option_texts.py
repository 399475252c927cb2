"""A refused option combination reads in the reader's language: the game's OptionError carries its
message per language and the server's "invalid options" text uses it (a German lobby showed
"Ungültige Optionen: the 'Alte Hasen' cards are part of …")."""

from __future__ import annotations

import pytest

from feldherr.core.errors import OptionError
from feldherr.games import get_game
from feldherr.server.protocol import ServerError


@pytest.mark.parametrize(
    ("options", "german"),
    [
        ({"players": 4, "deck": "classic", "variant": ["alte_hasen"]}, "Ausgabe 2023"),
        ({"players": 4, "variant": ["merged_stacks"]}, "zu dritt"),
    ],
)
def test_elgrande_option_errors_in_both_languages(options: dict[str, object], german: str) -> None:
    with pytest.raises(OptionError) as caught:
        get_game("elgrande").normalize_options(options)
    assert set(caught.value.text) == {"en", "de"} and german in caught.value.text["de"]
    per_lang = {f"message_{lang}": text for lang, text in caught.value.text.items()}
    texts = ServerError("server.options", 422, "bad-options", message=str(caught.value), **per_lang).texts()
    assert texts["de"] == f"Ungültige Optionen: {caught.value.text['de']}"
    assert texts["en"] == f"invalid options: {caught.value.text['en']}"


def test_a_detail_without_a_german_text_stays_as_given() -> None:
    texts = ServerError("server.options", 422, "bad-options", message="players").texts()
    assert texts == {"en": "invalid options: players", "de": "Ungültige Optionen: players"}
