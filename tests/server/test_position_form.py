"""The words of the analysis board's position editor (``GET /api/positions/form/<game>``,
feldherr.server.editor): the schema the form is generated from, each field's label and help from
the game's position catalogue in both languages, and the printed names of what a field names."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from feldherr.core.i18n import FIELD_TERMS
from feldherr.core.testing import check_position_refused, text_problems
from feldherr.games import get_game
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


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"


def _example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / f"{name}-example.json").read_text("utf-8"))
    data.get("hidden", {}).pop("tower_script", None)
    return data


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        (
            "wallenstein",
            [
                "buildings",
                "revolt_markers",
                "open_events",
                "current_event",
                "bid_queue",
                "actions",
                "bonus_tiles",
                "favor_display",
                "plan",
            ],
        ),
        (
            "elgrande",
            ["grande", "disc", "scoreboards", "open_cards", "modifiers", "card_in_use", "discard_pile"],
        ),
        ("mansfeld", ["used", "luck"]),
    ],
)
def test_the_new_parts_of_the_form_have_labels_and_help_in_both_languages(name: str, keys: list[str]) -> None:
    en, de = position_form(name, "en"), position_form(name, "de")
    for key in keys:
        assert en["fields"][key] and de["fields"][key], key
        assert en["fields"][key] != de["fields"][key] or key == "grande", key  # "Grande" in both
        assert en["help"][key] and de["help"][key] and en["help"][key] != de["help"][key], key
        for form, lang in ((en, "en"), (de, "de")):
            for text in (form["help"][key], form["fields"][key]):
                assert not text_problems(text, lang), (key, text)


def test_wallensteins_round_is_offered_in_the_games_words() -> None:
    """The action cards, bonus tiles, favor cards, favor spaces, plan boxes and plan cards the
    editor offers for Wallenstein: by their words in the reader's language, never by their keys."""
    for lang, words in (
        (
            "en",
            (
                "Combat / movement A",
                "6 armies",
                "+6 Thalers",
                "Space of 4 courtiers",
                "money card of 2 Thalers",
            ),
        ),
        (
            "de",
            ("Kampf / Bewegung A", "6 Armeen", "+6 Taler", "Feld mit 4 Höflingen", "Münzkarte über 2 Taler"),
        ),
    ):
        choices = position_form("wallenstein", lang)["choices"]
        action, tile, favor, space, money = words
        assert choices["actions"]["combat_a"] == action and choices["bonus_tiles"]["six_armies"] == tile
        assert choices["favor_display"]["16"] == favor and choices["favor_spaces"][0] == space
        assert choices["plan_cards"]["money"][2] == money and len(choices["plan_boxes"]) == 14
        texts = [
            *choices["actions"].values(),
            *choices["bonus_tiles"].values(),
            *choices["favor_display"].values(),
            *choices["favor_spaces"],
            *choices["plan_boxes"],
            *choices["plan_cards"]["money"],
            choices["plan_cards"]["tower card"],
            choices["plan_cards"]["lost"],
        ]
        for text in texts:
            assert not text_problems(text, lang), text


def test_wallensteins_buildings_and_event_cards_are_named_as_printed() -> None:
    de, en = position_form("wallenstein", "de"), position_form("wallenstein", "en")
    buildings = [de["names"][b] for b in ("palace", "church", "trading_post")]
    assert buildings == ["Palast", "Kirche", "Handelshaus"]
    assert en["names"]["trading_post"] == "trading post"
    assert de["fields"]["revolt_markers"] == "Unruhemarker"  # as the game's log and map say
    assert de["names"]["7"].startswith("„Steuern höchstens 5 Taler“") and "Getreide" in de["names"]["7"]
    assert en["names"]["7"].startswith("“Taxes at most 5 Thalers”")
    assert all(de["names"][str(n)] != en["names"][str(n)] for n in range(1, 13))
    assert en["names"]["red"] == "Red"  # a colour is still named by its word


def test_el_grandes_choices_follow_the_options_of_the_table_edited() -> None:
    plain = position_form("elgrande", "en")["choices"]
    assert plain["scoreboards"] == ["8/4/0", "4/0/0"] and "open_cards" not in plain  # no options: no stacks
    # the 16 modifier cards by their values and abilities, in the reader's language
    modifiers, german = plain["modifiers"], position_form("elgrande", "de")["choices"]["modifiers"]
    assert len(modifiers) == 16 and modifiers[:3] == ["+1", "+1", "+1 (1 Caballero to the court)"]
    assert german[2] == "+1 (1 Caballero an den Hof)" and german[13] == "−3"
    options = json.dumps({"players": 3, "deck": "classic"})
    classic = position_form("elgrande", "en", options=options)["choices"]
    assert len(classic["open_cards"]) == 5 and classic["open_cards"][4] == ["ihre_majestaet"]
    assert "veto" in classic["open_cards"][1] and "buergerkrieg" not in classic["open_cards"][1]
    modern = position_form("elgrande", "en", options=json.dumps({"players": 3}))["choices"]
    assert "buergerkrieg" in modern["open_cards"][1] and "veto" not in modern["open_cards"][1]
    merged = position_form(
        "elgrande", "en", options=json.dumps({"players": 3, "variant": ["merged_stacks"]})
    )["choices"]
    assert len(merged["open_cards"]) == 4 and "fiesta" in merged["open_cards"][1]
    for bad in ("{", "[1]", json.dumps({"players": 9})):
        with pytest.raises(ServerError) as refused:
            position_form("elgrande", "en", options=bad)
        assert refused.value.rule == "server.options"


def test_the_new_fields_apply_as_the_editor_sends_them() -> None:
    """What editor.js sends for the new fields loads (the supplies of buildings and revolt markers
    left out: counted from the map), and what the rules refuse is refused in words."""
    wallenstein = get_game("wallenstein")
    table = _example("wallenstein")
    table["counties"]["Schlesien"]["buildings"] = ["church", "palace", "trading_post"]
    table["counties"]["Schlesien"]["revolt_markers"] = 2
    for key in ("building_supply", "revolt_marker_supply"):
        del table[key]
    st: Any = wallenstein.from_position(table, 1)
    view = wallenstein.position(st)
    assert view["counties"]["Schlesien"]["revolt_markers"] == 2
    assert view["revolt_marker_supply"] == _example("wallenstein")["revolt_marker_supply"] - 2
    assert view["building_supply"][2] == _example("wallenstein")["building_supply"][2] - 1
    elgrande = get_game("elgrande")
    table = _example("elgrande")
    table["scoreboards"] = ["Castillo", "Valencia"]
    table["open_cards"][3] = "score_disc_unique"
    table["players"][1]["disc"] = "Galicia"
    st = elgrande.from_position(table, 1)
    again = elgrande.position(st)
    assert again["scoreboards"] == ["Castillo", "Valencia"] and again["open_cards"][3] == "score_disc_unique"
    table["open_cards"][3] = "umsturz"  # the game has one, and it is on the discard pile
    check_position_refused(elgrande, table, "elgrande.position.action-card", "“Movement”", "„Umsturz“")
    mansfeld = get_game("mansfeld")
    table = _example("mansfeld")
    table["left"].remove("obrist")
    table["players"][1]["used"] = ["obrist"]
    table["players"][0]["luck"] = 6
    st = mansfeld.from_position(table, 1)
    again = mansfeld.position(st)
    assert again["players"][1]["used"] == ["obrist"] and again["players"][0]["luck"] == 6
    table["players"][0]["cards"].append("obrist")  # and still used by Ben: in two places
    check_position_refused(mansfeld, table, "mansfeld.position.card-once", "Colonel", "Obrist")
