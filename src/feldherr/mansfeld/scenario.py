"""Setting up positions by hand: for rule examples, tests and teaching.

The engine draws every die from a pool (see :mod:`feldherr.mansfeld.dice`); :func:`load_dice` puts
chosen dice at the front of that pool, so the next rolls show exactly those values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from feldherr.mansfeld.data import BY_KEY, CARDS
from feldherr.mansfeld.game import MansfeldState
from feldherr.mansfeld.rules.dice import POW6
from feldherr.mansfeld.rules.flow import next_province
from feldherr.mansfeld.state import COMMIT


def card_ids(keys: Iterable[str]) -> list[int]:
    return [BY_KEY[k].id for k in keys]


def load_dice(state: MansfeldState, dice: Sequence[int]) -> None:
    """The next ``len(dice)`` dice the engine draws will show ``dice`` (in this order)."""
    if any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"dice show 1..6: {list(dice)}")
    forced = 0
    for i, d in enumerate(dice):
        forced += (d - 1) * POW6[i]
    state.pool = forced + state.pool * POW6[len(dice)]
    state.pool_size += len(dice)


def recruiting(
    players: int,
    open_cards: Sequence[str],
    deck: Sequence[str],
    owned: Sequence[Sequence[str]] | None = None,
    ages: Sequence[int] | None = None,
    seed: int = 0,
) -> MansfeldState:
    """A position at the dice decision of a round: ``open_cards`` lie open, ``deck`` is the face-down
    stack (its first card is on top), ``owned`` the cards each seat recruited before."""
    state = MansfeldState.new(players, ages or list(range(players, 0, -1)), seed)
    state.open = card_ids(open_cards)
    state.deck = card_ids(reversed(deck))
    state.cards = [sorted(card_ids(h)) for h in (owned or [[] for _ in range(players)])]
    rest = set(range(len(CARDS))) - set(state.open) - set(state.deck) - {c for h in state.cards for c in h}
    state.used = [[] for _ in range(players)]
    state.left = sorted(rest)  # cards outside this scenario
    state.log = []
    state.derive()
    return state


def conquering(
    players: int,
    hands: Sequence[Sequence[str]],
    province_dice: Sequence[int] = (),
    ages: Sequence[int] | None = None,
    seed: int = 0,
) -> MansfeldState:
    """A position at the start of the conquering phase with the given hands. ``province_dice``
    (optional) are loaded first: the value die of province 1, then one luck die per seat with cards."""
    state = MansfeldState.new(players, ages or list(range(players, 0, -1)), seed)
    state.deck, state.open = [], []
    state.cards = [sorted(card_ids(h)) for h in hands]
    held = {c for h in state.cards for c in h}
    state.left = sorted(set(range(len(CARDS))) - held)
    state.used = [[] for _ in range(players)]
    state.values, state.owner = [], []
    state.log = []
    state.derive()
    state.phase = COMMIT
    load_dice(state, province_dice)
    next_province(state)
    return state
