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

COUNTS = ("count", "total", "missing", "free", "taler", "money", "size", "left", "max", "players")
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
