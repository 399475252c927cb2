"""The printed data: the character cards, loaded once from ``data/characters.json`` and checked, and
the per-card tables the rules and the playout look up.

The rulebook text does not print the 18 cards, so the shipped deck is an *assumed* default (each entry
says so in ``provenance``). An owner of the printed game corrects the cards in that one file.

Abilities come from a small vocabulary that fits the two kinds the rules name ("Sobald man einen
Charakter rekrutiert hat, kann man seine Fähigkeit in allen folgenden Runden einsetzen" and "Beim
Erobern wirksame Fähigkeiten können jeweils nur einmal eingesetzt werden"):

* recruiting (permanent from the round after recruiting): ``extra_die``, ``reroll``, ``adjust``;
* conquering (only when the card is committed, which uses it up): ``double_luck``, ``tiebreak``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

RECRUIT_ABILITIES = ("extra_die", "reroll", "adjust")
CONQUER_ABILITIES = ("double_luck", "tiebreak")
ABILITIES = RECRUIT_ABILITIES + CONQUER_ABILITIES
MAX_DICE = 6  # a die shows 1..6, so a player sets 1..6 dice
MAX_COST = 36  # the largest sum six dice can make
PROVINCES = 6  # "6 Provinzen" are conquered one after the other


@dataclass(frozen=True)
class Card:
    id: int
    key: str
    de: str
    en: str
    cost: int
    strength: int
    ability: str | None
    provenance: str

    def name(self, lang: str) -> str:
        return self.de if lang == "de" else self.en


class DeckError(ValueError):
    """The character data file is inconsistent."""


def parse_cards(entries: Sequence[Mapping[str, Any]]) -> tuple[Card, ...]:
    """Check and build the cards; raise :class:`DeckError` naming the first bad entry."""
    if not entries:
        raise DeckError("the deck needs at least one card")
    cards: list[Card] = []
    keys: set[str] = set()
    for index, raw in enumerate(entries):
        where = f"card {index} ({raw.get('key', '?')!r})"
        try:
            key, de, en = str(raw["key"]), str(raw["de"]), str(raw["en"])
            cost, strength = raw["cost"], raw["strength"]
            ability = raw.get("ability")
            provenance = str(raw["provenance"])
        except KeyError as exc:
            raise DeckError(f"{where}: missing field {exc}") from exc
        if not key or key in keys:
            raise DeckError(f"{where}: the key must be non-empty and unique")
        if not isinstance(cost, int) or isinstance(cost, bool) or not 1 <= cost <= MAX_COST:
            raise DeckError(f"{where}: cost must be a dice sum 1..{MAX_COST}, not {cost!r}")
        if not isinstance(strength, int) or isinstance(strength, bool) or strength < 0:
            raise DeckError(f"{where}: strength must be an integer >= 0, not {strength!r}")
        if ability is not None and ability not in ABILITIES:
            raise DeckError(f"{where}: unknown ability {ability!r} (known: {', '.join(ABILITIES)})")
        keys.add(key)
        cards.append(Card(index, key, de, en, cost, strength, ability, provenance))
    return tuple(cards)


def load_cards() -> tuple[Card, ...]:
    text = resources.files("feldherr.mansfeld").joinpath("data/characters.json").read_text("utf-8")
    data = json.loads(text)
    return parse_cards(data["cards"])


CARDS: tuple[Card, ...] = load_cards()
BY_KEY: dict[str, Card] = {c.key: c for c in CARDS}
COST: tuple[int, ...] = tuple(c.cost for c in CARDS)
COST_BIT: tuple[int, ...] = tuple(1 << c for c in COST)  # a card's cost as a mask of dice sums
STRENGTH: tuple[int, ...] = tuple(c.strength for c in CARDS)
ABILITY: tuple[str | None, ...] = tuple(c.ability for c in CARDS)
KEYS: tuple[str, ...] = tuple(c.key for c in CARDS)
EXTRA: tuple[int, ...] = tuple(int(a == "extra_die") for a in ABILITY)
REROLL: tuple[int, ...] = tuple(int(a == "reroll") for a in ABILITY)
ADJUST: tuple[int, ...] = tuple(int(a == "adjust") for a in ABILITY)
DOUBLE_LUCK: tuple[int, ...] = tuple(int(a == "double_luck") for a in ABILITY)
TIEBREAK: tuple[int, ...] = tuple(int(a == "tiebreak") for a in ABILITY)
