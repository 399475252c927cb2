"""The text scan finds what a player must never read, and passes clean texts."""

from __future__ import annotations

import pytest

from feldherr.core.textscan import text_problems


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Grandes in ['Castilla', 'Aragón']", "en"),
        ("Castillo scores [0, 5, 0, 3]", "en"),
        ("Game over: [39, 119, 135, 147]", "en"),
        ("bid: money card 0", "en"),
        ("Player 0 plays power card 8", "en"),
        ("Seat 0 rolls 3 5", "en"),
        ("Spieler 0 würfelt", "de"),
        ("Platz 2 ist nicht am Zug", "de"),
        ("Karte 3 nehmen", "de"),
        ("courtiers: 4, card: null", "en"),
        ("the value is None", "en"),
        ("hidden: True", "en"),
        ("variant neue_regentschaft", "en"),
        ("alte_hasen:intrigue_either", "en"),
        ("take 1 Caballeros to the court", "en"),
        ("Anna scores 1 points", "en"),
        ("Anna erhält 1 Punkte", "de"),
        ("Anna raises 3 army", "en"),
        ("Anna erhält 5 Punkt", "de"),
        ("Anna takes 2 Caballeros to the court", "de"),
        ("Phase draft", "de"),
        ("{seat} rolls", "en"),
    ],
)
def test_defects_are_found(text: str, lang: str) -> None:
    assert text_problems(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Anna takes 1 Caballero to the court.", "en"),
        ("Scoring of Castillo: Bert 5 points, Cleo 1 point.", "en"),
        ("Wertung von Castillo: Blau 5 Punkte, Gelb 1 Punkt.", "de"),
        ("Gelb (neutral) setzt 2 Caballeros nach Granada.", "de"),
        ("Die Geheimscheibe von Anna zeigt Toledo.", "de"),
        ("Round 11 points: 21 points", "en"),
        ("Spielende. Endstand: Anna 1.000 Punkte, Rot 21 Punkte.", "de"),
        ("die 8 mit dem Modifikator +1 ausspielen (9)", "de"),
    ],
)
def test_clean_texts_pass(text: str, lang: str) -> None:
    assert text_problems(text, lang) == []
