"""Numeric observations built from a view: a fixed-size float32 vector per seat.

A game's information layer writes the features of ``view(seat)`` into an :class:`Features`
buffer; because the input is the view, an observation can hold nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

Observation = npt.NDArray[np.float32]


class Features:
    """Appends numbers to a fixed-size vector; ``done()`` checks the size was exactly filled."""

    __slots__ = ("data", "pos", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.data: Observation = np.zeros(size, dtype=np.float32)
        self.pos = 0

    def add(self, value: float) -> None:
        self.data[self.pos] = value
        self.pos += 1

    def extend(self, values: Iterable[float]) -> None:
        for v in values:
            self.data[self.pos] = v
            self.pos += 1

    def one_hot(self, index: int | None, width: int) -> None:
        """``width`` slots, a 1 at ``index`` (none when ``index`` is None or out of range)."""
        if index is not None and 0 <= index < width:
            self.data[self.pos + index] = 1.0
        self.pos += width

    def skip(self, count: int) -> None:
        self.pos += count

    def done(self) -> Observation:
        if self.pos != self.size:
            raise AssertionError(f"observation filled {self.pos} of {self.size} slots")
        return self.data
