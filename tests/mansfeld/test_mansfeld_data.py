"""The character data file and the dice arithmetic."""

from __future__ import annotations

import json
from importlib import resources
from itertools import product

import pytest

from feldherr.core.rng import Rng
from feldherr.mansfeld.data import ABILITIES, CARDS, MAX_COST, DeckError, parse_cards
from feldherr.mansfeld.rules.dice import (
    POW6,
    ROLLS,
    adjusted_roll,
    big_roll,
    decode,
    mask_distribution,
    reach_probability,
    shuffled,
    sums_mask,
)


def test_shipped_deck_has_18_assumed_cards_with_reachable_costs() -> None:
    assert len(CARDS) == 18
    data = json.loads(
        resources.files("feldherr.mansfeld").joinpath("data/characters.json").read_text("utf-8")
    )
    assert set(data["abilities"]) == set(ABILITIES)
    for card in CARDS:
        assert card.provenance == "assumed"
        assert 1 <= card.cost <= MAX_COST  # six dice can make it
        assert reach_probability(6, 1 << card.cost) > 0
        assert card.strength >= 0
        assert card.ability in (None, *ABILITIES)
    assert len({c.key for c in CARDS}) == 18


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"cost": 0}, "cost"),
        ({"cost": 37}, "cost"),
        ({"strength": -1}, "strength"),
        ({"ability": "fly"}, "ability"),
        ({"key": "musketier"}, "unique"),
    ],
)
def test_bad_card_entries_are_rejected(patch: dict[str, object], message: str) -> None:
    entries = [
        {"key": "a", "de": "A", "en": "A", "cost": 5, "strength": 2, "ability": None, "provenance": "x"},
        {"key": "musketier", "de": "M", "en": "M", "cost": 4, "strength": 2, "provenance": "x"},
    ]
    assert len(parse_cards(entries)) == 2
    entries[0].update(patch)
    with pytest.raises(DeckError, match=message):
        parse_cards(entries)
    with pytest.raises(DeckError):
        parse_cards([])
    with pytest.raises(DeckError, match="missing"):
        parse_cards([{"key": "x"}])


def test_sums_mask_is_every_subset_sum() -> None:
    for dice in product(range(1, 7), repeat=3):
        expected = {
            sum(d for d, used in zip(dice, pick, strict=True) if used) for pick in product([0, 1], repeat=3)
        }
        mask = sums_mask(dice)
        assert {s for s in range(19) if mask >> s & 1} == expected


def test_adjust_moves_one_die_by_one_pip() -> None:
    mask = sums_mask([5], adjust=True)
    assert {s for s in range(8) if mask >> s & 1} == {0, 4, 5, 6}
    mask = sums_mask([6, 1], adjust=True)
    assert {s for s in range(9) if mask >> s & 1} == {0, 1, 2, 5, 6, 7, 8}


def test_mask_distribution_matches_brute_force() -> None:
    for count in (1, 2, 3):
        brute: dict[int, float] = {}
        for dice in product(range(1, 7), repeat=count):
            m = sums_mask(dice)
            brute[m] = brute.get(m, 0.0) + 6.0**-count
        got = dict(mask_distribution(count))
        assert got.keys() == brute.keys()
        assert all(abs(got[m] - brute[m]) < 1e-12 for m in got)
    assert abs(sum(p for _, p in mask_distribution(6, True)) - 1.0) < 1e-9
    assert abs(reach_probability(1, 1 << 3) - 1 / 6) < 1e-12
    assert abs(reach_probability(2, 1 << 12) - 1 / 36) < 1e-12


def test_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    rng = Rng(1)
    firsts = [0] * 18
    for _ in range(3600):
        deck = shuffled(rng, 18)
        assert sorted(deck) == list(range(18))
        firsts[deck[0]] += 1
    assert min(firsts) > 120 and max(firsts) < 290  # expectation 200 each


def test_the_shuffle_is_pinned() -> None:
    """Recorded games replay only while the deck order of a seed never changes."""
    assert shuffled(Rng(7), 18) == [3, 0, 7, 6, 14, 10, 8, 17, 16, 1, 2, 9, 5, 15, 4, 11, 12, 13]
    assert shuffled(Rng(8), 5) == [3, 0, 1, 2, 4]
    assert shuffled(Rng(8), 1) == [0] and shuffled(Rng(8), 0) == []


def test_big_rolls_match_plain_decoding() -> None:
    rng = Rng(5)
    for count in (6, 7, 9):
        for _ in range(300):
            r = rng.below(POW6[count])
            dice = decode(r, count)
            assert big_roll(count, r) == (dice, sums_mask(dice))
            assert adjusted_roll(count, r) == (dice, sums_mask(dice, True))
    for count in range(1, 6):
        for _ in range(50):
            r = rng.below(POW6[count])
            assert ROLLS[count][r] == (decode(r, count), sums_mask(decode(r, count)))
            assert adjusted_roll(count, r) == (decode(r, count), sums_mask(decode(r, count), True))
