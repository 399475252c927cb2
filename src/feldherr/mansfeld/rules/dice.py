"""Dice arithmetic: a pool of dice drawn from the state's generator, and which sums a roll makes.

A set of sums is an int bitmask: bit ``s`` is set when some subset of the dice adds up to ``s``
("Kann er mit einer beliebigen Kombination aus seinen Würfeln exakt die Rekrutierungskosten eines
Charakters bilden"). The empty subset (sum 0) is always in the mask; no card costs 0.

Dice come from a *pool*: one draw ``rng.below(6**12)`` yields twelve independent dice (base-6
digits); the engine keeps the undrawn digits (an int and a count) in its state. This spends one
generator step on twelve dice instead of one on each, with a bias below 6**12 / 2**64 < 1e-10.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from feldherr.core.rng import Rng

POW6: tuple[int, ...] = tuple(6**k for k in range(64))
POOL_REFILL = 12
TABLE_MAX = 5  # rolls of up to this many dice are looked up, larger ones computed


def sums_mask(dice: list[int] | tuple[int, ...], adjust: bool = False) -> int:
    """All subset sums of ``dice``; with ``adjust``, one die may count one pip more or less (1..6)."""
    plain = 1
    if not adjust:
        for d in dice:
            plain |= plain << d
        return plain
    moved = 0  # sums that used the one adjustment
    for d in dice:
        moved |= moved << d
        if d > 1:
            moved |= plain << (d - 1)
        if d < 6:
            moved |= plain << (d + 1)
        plain |= plain << d
    return plain | moved


def decode(r: int, count: int) -> tuple[int, ...]:
    """The dice (1..6) of a base-6 number, least significant digit first."""
    out = []
    for _ in range(count):
        r, d = divmod(r, 6)
        out.append(d + 1)
    return tuple(out)


def _table(count: int, adjust: bool = False) -> tuple[tuple[tuple[int, ...], int], ...]:
    rows = []
    for r in range(POW6[count]):
        dice = decode(r, count)
        rows.append((dice, sums_mask(dice, adjust)))
    return tuple(rows)


ROLLS = tuple(_table(k) for k in range(TABLE_MAX + 1))


def big_roll(count: int, r: int) -> tuple[tuple[int, ...], int]:
    """Dice and sums mask of roll number ``r`` of ``count`` > TABLE_MAX dice: the table's first
    TABLE_MAX dice, then one die at a time."""
    dice, mask = ROLLS[TABLE_MAX][r % POW6[TABLE_MAX]]
    r //= POW6[TABLE_MAX]
    more = []
    for _ in range(count - TABLE_MAX):
        r, d = divmod(r, 6)
        mask |= mask << (d + 1)
        more.append(d + 1)
    return dice + tuple(more), mask


_ADJUSTED_ROLLS: list[tuple[tuple[tuple[int, ...], int], ...] | None] = [None] * (TABLE_MAX + 1)


def adjusted_roll(count: int, r: int) -> tuple[tuple[int, ...], int]:
    """Dice and sums mask (one die may count one pip more or less) of roll number ``r``.

    Up to TABLE_MAX dice come from a table built on first use; larger rolls extend the table's
    first TABLE_MAX dice one die at a time, keeping the plain sums and the sums with at most one
    adjustment: a new die ``d`` adds ``d`` to either, or ``d - 1`` / ``d + 1`` to a plain sum."""
    if count <= TABLE_MAX:
        table = _ADJUSTED_ROLLS[count]
        if table is None:
            table = _ADJUSTED_ROLLS[count] = _table(count, True)
        return table[r]
    low = r % POW6[TABLE_MAX]
    dice, adjusted = adjusted_roll(TABLE_MAX, low)
    plain = ROLLS[TABLE_MAX][low][1]
    r //= POW6[TABLE_MAX]
    more = []
    for _ in range(count - TABLE_MAX):
        r, d = divmod(r, 6)
        d += 1
        adjusted |= adjusted << d
        if d > 1:
            adjusted |= plain << (d - 1)
        if d < 6:
            adjusted |= plain << (d + 1)
        plain |= plain << d
        more.append(d)
    return dice + tuple(more), adjusted


def refill(rng: Rng, pool: int, size: int, need: int) -> tuple[int, int]:
    """Add fresh dice above the ``size`` digits already in ``pool`` until it holds ``need``."""
    while size < need:
        pool += rng.below(POW6[POOL_REFILL]) * POW6[size]
        size += POOL_REFILL
    return pool, size


@lru_cache(maxsize=64)
def mask_distribution(count: int, adjust: bool = False) -> tuple[tuple[int, float], ...]:
    """Exact distribution of :func:`sums_mask` over all rolls of ``count`` dice (for bots and tests).

    Enumerates the multisets of faces, each weighted by its number of orderings (multinomial)."""
    probs: dict[int, float] = {}
    total = POW6[count]
    fact = [factorial(k) for k in range(count + 1)]
    for faces in combinations_with_replacement(range(1, 7), count):
        ways = fact[count]
        for face in set(faces):
            ways //= fact[faces.count(face)]
        m = sums_mask(faces, adjust)
        probs[m] = probs.get(m, 0.0) + ways / total
    return tuple(sorted(probs.items()))


def reach_probability(count: int, costs_mask: int, adjust: bool = False) -> float:
    """Chance that a roll of ``count`` dice makes at least one sum in ``costs_mask`` exactly."""
    if count <= 0 or costs_mask == 0:
        return 0.0
    return sum(p for m, p in mask_distribution(count, adjust) if m & costs_mask)


def shuffled(rng: Rng, n: int) -> list[int]:
    """``list(range(n))`` in random order (Fisher-Yates), several swap indices per generator draw."""
    items = list(range(n))
    i = n - 1
    for product, radices in _shuffle_plan(n):
        r = rng.below(product)
        for radix in radices:
            r, j = divmod(r, radix)
            items[i], items[j] = items[j], items[i]
            i -= 1
    return items


@lru_cache(maxsize=8)
def _shuffle_plan(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The generator draws of :func:`shuffled`: the swap indices j_i in [0, i], from i = n - 1 down,
    are drawn a few at a time as one mixed-radix number below 2**40 (the product of the radices)."""
    plan = []
    i = n - 1
    while i > 0:
        radices = []
        product = 1
        k = i
        while k > 0 and product * (k + 1) <= 1 << 40:
            product *= k + 1
            radices.append(k + 1)
            k -= 1
        plan.append((product, tuple(radices)))
        i = k
    return tuple(plan)
