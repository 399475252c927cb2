"""The words of the analysis board's position editor (``GET /api/positions/form/<game>``,
feldherr.server.editor): the schema the form is generated from, each field's label and help from
the game's position catalogue in both languages, and the printed names of what a field names."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from feldherr.core.i18n import FIELD_TERMS
from feldherr.server.editor import position_form, start_from_options
from feldherr.server.protocol import ServerError

GAMES = ("wallenstein", "elgrande", "mansfeld")


@pytest.mark.parametrize("name", GAMES)
def test_every_help_word_is_a_field_of_the_schema_in_both_languages(name: str) -> None:
    data = json.loads(
        resources.files(f"feldherr.{name}").joinpath("data", "position_fields.json").read_text("utf-8")
    )
    helps = data["_help"]
    schema = json.dumps(position_form(name, "en")["schema"])
    for key, words in helps.items():
        assert f'"{key}"' in schema, key  # a field the position has
        assert key in data or f"pos.field.{key}" in FIELD_TERMS, key  # with a label
        assert words["en"] and words["de"] and words["en"] != words["de"], key
    en, de = position_form(name, "en"), position_form(name, "de")
    assert set(en["help"]) == set(helps) and en["help"] != de["help"]


def test_the_form_names_things_by_their_printed_names_in_the_readers_language() -> None:
    wallenstein = position_form("wallenstein", "de")
    assert wallenstein["names"]["red"] == "Rot" and wallenstein["fields"]["armies"] == "Armeen"
    assert wallenstein["fields"]["counties"] == "Länder" and wallenstein["fields"]["players"] == "Spieler"
    assert "Schlesien" in json.dumps(wallenstein["schema"], ensure_ascii=False)  # counties as printed
    elgrande = position_form("elgrande", "de")
    assert elgrande["names"]["France"] == "Frankreich" and elgrande["colours"][:2] == ["Rot", "Blau"]
    assert elgrande["fields"]["power_cards"] == "Machtkarten"
    assert elgrande["neutral"] == {"name": "Dummy", "words": "{colour} (neutral)"}  # "Gelb (neutral)"
    mansfeld = position_form("mansfeld", "en")
    assert mansfeld["names"]["trossbube"] == "Camp Boy" and mansfeld["fields"]["cards"] == "cards in hand"
    # no phase, action or effect is named as if it were a thing of the table (their keys are
    # also catalogue keys of log lines: "dice" is Mansfeld's line of the dice chosen)
    assert "dice" not in mansfeld["names"] and "ability" not in elgrande["names"]
    for form in (wallenstein, elgrande, mansfeld):
        assert "start" not in form


def test_a_new_games_start_comes_for_a_player_count_the_game_is_for() -> None:
    form = position_form("mansfeld", "en", players=3)
    start = form["start"]
    assert start["game"] == "mansfeld" and len(start["players"]) == 3 and "hidden" not in start
    with pytest.raises(ServerError):
        position_form("mansfeld", "en", players=9)
    with pytest.raises(ServerError):
        position_form("no-such-game", "en")


def test_the_lobbys_set_up_starts_from_its_options_or_refuses_them_in_words() -> None:
    start = start_from_options({"game": "wallenstein", "options": {"players": 3, "setup": "fixed"}})
    assert start["options"]["setup"] == "fixed" and start["phase"] == "plan" and "hidden" not in start
    assert sum(1 for c in start["counties"].values() if c["owner"]) > 0  # the fixed setup's counties
    with pytest.raises(ServerError) as refused:
        start_from_options({"game": "wallenstein", "options": {"players": 7}})
    assert refused.value.rule == "server.options"
    german = refused.value.details["message_de"]
    assert "Spieler" in german and "players" not in german
