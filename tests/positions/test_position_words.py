"""Every position refusal of every game reads right for any count: a count takes its noun's
plural form from the catalogue (``{n:@term}``, Babel's plural rules) or stands where no noun or
verb has to agree with it; the text scan a player's page gets finds nothing, in both languages."""

from __future__ import annotations

import re
import string

import pytest

from feldherr.core.i18n import format_text, term
from feldherr.core.textscan import text_problems
from feldherr.games import get_game

COUNTS = (
    "count", "total", "missing", "free", "taler", "money", "size", "left", "max", "players",
    "groups", "turns", "number", "copies",
)  # fmt: skip
"""The fields of the refusals that hold a number (the others hold a name)."""
ONE_WITH_PLURAL = re.compile(
    r"\b1 (?:boxes|cards|county cards|dice tower cards|players|peasants|buildings|Caballeros|armies|"
    r"Thalers|Felder|Karten|Länderkarten|Würfelturmkarten|Bauern|Armeen)\b"
)
MANY_WITH_SINGULAR = re.compile(
    r"\b2 (?:box|card|county card|dice tower card|player|peasant|building|Caballero|army|Thaler|"
    r"Feld|Karte|Länderkarte|Würfelturmkarte|Bauer|Armee)\b(?![-\w])"
)


def refusals() -> list[tuple[str, str]]:
    return [
        (name, key)
        for name in ("mansfeld", "elgrande", "wallenstein")
        for key in get_game(name).messages()
        if ".position." in key
    ]


@pytest.mark.parametrize(("name", "key"), refusals())
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("n", [1, 2])
def test_a_refusal_reads_right_for_any_count(name: str, key: str, lang: str, n: int) -> None:
    catalogue = get_game(name).messages()
    template = term(catalogue, key, lang)
    fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
    values = {f: (n if f in COUNTS else "Anna") for f in fields}
    text = format_text(catalogue, template, values, lang)
    assert "{" not in text and "@" not in text, text
    assert not ONE_WITH_PLURAL.search(text) and not MANY_WITH_SINGULAR.search(text), text
    assert not text_problems(text, lang), (text, text_problems(text, lang))


def _schema_keys(schema: object) -> set[str]:
    keys: set[str] = set()
    if isinstance(schema, dict):
        keys.update(schema.get("properties", {}))
        for value in schema.values():
            keys |= _schema_keys(value)
    elif isinstance(schema, list):
        for value in schema:
            keys |= _schema_keys(value)
    return keys


@pytest.mark.parametrize("name", ["mansfeld", "elgrande", "wallenstein"])
def test_every_field_of_a_position_has_words_in_both_languages(name: str) -> None:
    """A refusal names the place it found wrong in words: every key of the game's position schema
    has its term (the game's ``pos.field.<key>`` or the core's) in English and German."""
    from feldherr.core.i18n import FIELD_TERMS

    game = get_game(name)
    catalogue = game.messages()
    missing = [
        key
        for key in sorted(_schema_keys(game.position_schema()))
        if not {"en", "de"}
        <= set(catalogue.get(f"pos.field.{key}") or FIELD_TERMS.get(f"pos.field.{key}") or {})
    ]
    assert not missing, missing
    for key, words in catalogue.items():
        if key.startswith("pos.field."):
            assert not text_problems(words["de"], "de"), (key, words)


@pytest.mark.parametrize(
    ("name", "path", "english", "german"),
    [
        ("mansfeld", "players.Anna.luck", "“players › Anna › luck”", "„Spieler › Anna › Kriegsglück“"),
        ("mansfeld", "hidden.dice[2]", "“hidden parts › dice › no. 3”", "„verdeckte Teile › Würfel › Nr. 3“"),
        (
            "wallenstein",
            "counties.Sächs. Lande.owner",
            "“counties › Sächs. Lande › owner”",
            "„Länder › Sächs. Lande › Besitzer“",
        ),
        ("wallenstein", "players.blue.taler", "“players › Blue › Thalers”", "„Spieler › Blau › Taler“"),
        (
            "elgrande",
            "flow.turn_order[0]",
            "“turn in progress › turn order › no. 1”",
            "„laufender Zug › Zugreihenfolge › Nr. 1“",
        ),
        ("elgrande", "kingg", "“kingg”", "„kingg“"),
    ],
)
def test_a_place_in_a_position_reads_in_words(name: str, path: str, english: str, german: str) -> None:
    from feldherr.core.i18n import position_field

    catalogue = get_game(name).messages()
    assert position_field(path, catalogue, "en") == english
    assert position_field(path, catalogue, "de") == german


@pytest.mark.parametrize(
    ("value", "english", "german"),
    [
        ("[]", "an empty list", "eine leere Liste"),
        ("[1, 2]", "a list", "eine Liste"),
        ("{}", "an empty object", "ein leeres Objekt"),
        ('{"x": 1}', "an object with fields", "ein Objekt mit Feldern"),
        ("true", "true", "wahr"),
        ("null", "empty", "leer"),
        ('"red"', "“red”", "„red“"),
        ("101", "101", "101"),
    ],
)
def test_a_value_the_position_holds_is_echoed_without_json(value: str, english: str, german: str) -> None:
    from feldherr.core.i18n import position_value

    assert (position_value(value, "en"), position_value(value, "de")) == (english, german)
