"""Setting up positions by hand, for rule examples, tests and teaching: each helper writes a
position (docs/positions.md) and loads it with ``from_position``, so a scenario is checked like any
position a person writes (every card once, the phase's requirements).

``dice`` are the next dice the engine will draw, in this order (the position's ``hidden.dice``): a
scripted roll for examples.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from feldherr.mansfeld.data import BY_KEY, KEYS
from feldherr.mansfeld.game import GAME, MansfeldState


def card_ids(keys: Iterable[str]) -> list[int]:
    return [BY_KEY[k].id for k in keys]


def _players(
    players: int, hands: Sequence[Sequence[str]], ages: Sequence[int] | None
) -> list[dict[str, Any]]:
    ages = list(ages or range(players, 0, -1))
    return [{"age": ages[s], "cards": list(hands[s])} for s in range(players)]


def recruiting(
    players: int,
    open_cards: Sequence[str],
    deck: Sequence[str],
    owned: Sequence[Sequence[str]] | None = None,
    ages: Sequence[int] | None = None,
    seed: int = 0,
    dice: Sequence[int] = (),
) -> MansfeldState:
    """A position at the dice decision of round 1: ``open_cards`` lie open, ``deck`` is the
    face-down stack (its first card on top), ``owned`` the cards each seat recruited before; the
    cards not named are out of this scenario (left over)."""
    hands = owned or [[] for _ in range(players)]
    named = set(open_cards) | set(deck) | {k for h in hands for k in h}
    position = {
        "game": "mansfeld",
        "players": _players(players, hands, ages),
        "phase": "dice",
        "round": 1,
        "open": list(open_cards),
        "left": [k for k in KEYS if k not in named],
        "deck_size": len(deck),
        "hidden": {"deck": list(deck), "dice": list(dice)},
    }
    return GAME.from_position(position, seed)


def conquering(
    players: int,
    hands: Sequence[Sequence[str]],
    province_dice: Sequence[int] = (),
    ages: Sequence[int] | None = None,
    seed: int = 0,
) -> MansfeldState:
    """A position at the start of the conquering phase with the given hands (the first province
    not drawn yet: the game draws it). ``province_dice`` (optional) are drawn first: the value die
    of province 1, then one luck die per seat with cards."""
    held = {k for h in hands for k in h}
    position = {
        "game": "mansfeld",
        "players": _players(players, hands, ages),
        "phase": "commit",
        "left": [k for k in KEYS if k not in held],
        "hidden": {"deck": [], "dice": list(province_dice)},
    }
    return GAME.from_position(position, seed)
