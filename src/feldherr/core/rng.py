"""A small, fast, serialisable random generator held inside game states.

SplitMix64 (Steele, Lea, Flood 2014): the whole generator state is one 64-bit integer, so a state
copies in O(1) and round-trips through JSON as a number. Integers below ``n`` are drawn with
Lemire's multiply-shift; its bias is at most n / 2**64, far below anything a game could observe.

:class:`PyRng` is the reference. Where the optional C extension ``feldherr.core._cfast`` is built,
``Rng`` is its native twin, which makes exactly the same draws (``tests/core/test_cfast.py``)
several times faster; ``FELDHERR_PURE=1`` in the environment keeps the pure-Python class.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, TypeVar

from feldherr.core.native import native_module

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class PyRng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        # Mixing the seed once makes neighbouring seeds start far apart.
        self.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK

    @classmethod
    def from_state(cls, state: int) -> PyRng:
        rng = cls.__new__(cls)
        rng.state = state & _MASK
        return rng

    def clone(self) -> PyRng:
        return type(self).from_state(self.state)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``; ``n`` must be positive."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def chance(self, p: float) -> bool:
        return self.random() < p

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        below = self.below
        for i in range(len(seq) - 1, 0, -1):
            j = below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def binomial(self, n: int, p: float) -> int:
        """Successes in ``n`` independent trials of probability ``p``: exactly the count of ``n``
        calls of ``random() < p``, with the generator inlined (the towers' hot loop)."""
        threshold = p * 9007199254740992.0  # p * 2**53: random() < p  <=>  (x >> 11) < threshold
        s = self.state
        hits = 0
        for _ in range(n):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            if ((z ^ (z >> 31)) >> 11) < threshold:
                hits += 1
        self.state = s
        return hits

    def cascade(
        self,
        thrown: list[int],
        upper: list[int],
        lower: list[int],
        lam0: float,
        lam1: float,
        rel0: float,
        rel1: float,
    ) -> list[int]:
        """A drop through two levels that hold cubes (the fitted tower's hot loop), per colour ``c``
        in turn: of ``thrown[c]`` cubes ``binomial(thrown[c], lam0)`` lodge on the upper level;
        ``binomial(upper[c], rel0)`` are freed there and ``binomial(lower[c], rel1)`` below; of
        those reaching the lower level (thrown through or freed above) ``binomial(n, lam1)``
        lodge. ``upper`` and ``lower`` are updated in place; returns the cubes out per colour. A
        colour without cubes anywhere draws nothing."""
        binomial = self.binomial
        out = [0] * len(thrown)
        for c, n_thrown in enumerate(thrown):
            n_upper, n_lower = upper[c], lower[c]
            if not (n_thrown or n_upper or n_lower):
                continue
            lodged_up = binomial(n_thrown, lam0) if n_thrown else 0
            freed_up = binomial(n_upper, rel0) if n_upper else 0
            freed_low = binomial(n_lower, rel1) if n_lower else 0
            to_lower = n_thrown - lodged_up + freed_up
            lodged_low = binomial(to_lower, lam1) if to_lower else 0
            upper[c] = lodged_up + n_upper - freed_up
            lower[c] = n_lower - freed_low + lodged_low
            out[c] = freed_low + to_lower - lodged_low
        return out

    def derive(self, salt: int) -> int:
        """A seed for an independent stream (for game ``salt`` of a batch), without advancing."""
        return PyRng.from_state(self.state ^ ((salt * _GOLDEN) & _MASK)).next64()


def native_rng() -> type[PyRng] | None:
    """The C generator, or None where it is not built or ``FELDHERR_PURE=1`` asks for Python."""
    cfast = native_module("feldherr.core._cfast")
    if cfast is None:
        return None
    native: type[PyRng] = cfast.Rng
    return native


if TYPE_CHECKING:
    Rng = PyRng
else:
    Rng = native_rng() or PyRng


def seed_for_game(batch_seed: int, index: int) -> int:
    """The seed of game ``index`` in a batch started with ``batch_seed``: stable across job counts."""
    return Rng(batch_seed).derive(index + 1)
