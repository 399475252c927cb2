"""Numeric observations built from a view: a fixed-size float32 vector per seat.

A game's information layer writes the features of ``view(seat)`` into an :class:`Features`
buffer; because the input is the view, an observation can hold nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from feldherr.core.info import ObservationField

Observation = npt.NDArray[np.float32]


def unpack(obs: npt.NDArray[Any], fields: Sequence[ObservationField]) -> dict[str, npt.NDArray[Any]]:
    """The named blocks of an observation (``GameInfo.fields()``), each reshaped to its field's
    shape: ``unpack(obs, info.fields())["counties"]`` is one row per county. ``obs`` is one
    observation (its last axis the flat vector, or the game's observation shape) or a batch of them
    (leading axes kept: ``(batch, *shape)`` per field). The blocks are views of ``obs`` where numpy
    can make them (always for a C-contiguous array): writing to one writes to ``obs``. A ``ValueError``
    when ``obs``'s last axis is not the fields' total size."""
    if not fields:
        raise ValueError("unpack: no fields")
    size = fields[-1].offset + fields[-1].size
    arr = np.asarray(obs)
    if arr.ndim == 0 or arr.shape[-1] != size:  # the observation's own shape of several axes?
        for k in range(2, arr.ndim + 1):
            if int(np.prod(arr.shape[-k:])) == size:
                arr = arr.reshape(*arr.shape[:-k], size)
                break
        else:
            raise ValueError(f"unpack: an observation has {size} numbers, no array of shape {arr.shape}")
    lead = arr.shape[:-1]
    return {f.name: arr[..., f.offset : f.offset + f.size].reshape(*lead, *f.shape) for f in fields}


class Features:
    """Fills a fixed-size vector; ``done()`` checks the size was exactly filled and hands it out as
    float32 (into a reused buffer when given). The numbers gather in a Python list, written to the
    array in one call: one numpy item assignment costs several list ones."""

    __slots__ = ("data", "pos", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.data: list[float] = [0.0] * size
        self.pos = 0

    def add(self, value: float) -> None:
        self.data[self.pos] = value
        self.pos += 1

    def extend(self, values: Iterable[float]) -> None:
        block = list(values)
        end = self.pos + len(block)
        self.data[self.pos : end] = block
        self.pos = end

    def one_hot(self, index: int | None, width: int) -> None:
        """``width`` slots, a 1 at ``index`` (none when ``index`` is None or out of range)."""
        if index is not None and 0 <= index < width:
            self.data[self.pos + index] = 1.0
        self.pos += width

    def skip(self, count: int) -> None:
        self.pos += count

    def done(self, out: Observation | None = None, bounds: tuple[float, float] | None = None) -> Observation:
        """The vector (in ``out`` when given), each number clipped to ``bounds`` when given."""
        if self.pos != self.size or len(self.data) != self.size:
            raise AssertionError(f"observation filled {self.pos} of {self.size} slots")
        if out is None:
            out = np.array(self.data, dtype=np.float32)
        else:
            out[:] = self.data
        if bounds is not None:
            np.clip(out, bounds[0], bounds[1], out=out)
        return out


def zeroed(out: Observation | None, size: int) -> tuple[Observation, Any]:
    """A buffer of ``size`` zeros (float32, one dimension, contiguous) and a memoryview of it, to
    fill number by number: an item assignment there costs what a list's does, straight into the
    array, and no list has to be converted afterwards (the memoryview is typed ``Any``: typeshed
    knows only int items, numpy's stubs no buffer protocol). The buffer is ``out`` itself
    (cleared) when ``out`` is such an array, else a new one; :func:`finish` hands the numbers
    out."""
    if out is not None:
        try:
            cells = memoryview(out)  # type: ignore[arg-type]
        except TypeError:
            cells = None
        if (
            cells is not None
            and cells.format == "f"
            and cells.shape == (size,)
            and cells.c_contiguous
            and not cells.readonly
        ):
            out.fill(0.0)
            return out, cells
    buffer = np.zeros(size, np.float32)
    return buffer, memoryview(buffer)  # type: ignore[arg-type]


def finish(buffer: Observation, out: Observation | None) -> Observation:
    """The numbers of a :func:`zeroed` buffer: copied into ``out`` when it was not the buffer."""
    if out is None or out is buffer:
        return buffer
    out[...] = buffer
    return out


def by_rows(
    out: Observation, seats: Sequence[int], size: int, observe: Callable[[int, Observation], object]
) -> Observation:
    """The observations of ``seats`` as the rows of ``out`` one seat at a time (``observe(i, row)``
    fills row ``i``, the observation of ``seats[i]``): how a game's ``observe_seats`` fills an array
    its kernel cannot fill, or without its kernel. ValueError unless ``out`` has the shape
    ``(len(seats), size)``."""
    if np.shape(out) != (len(seats), size):
        raise ValueError(f"observe_seats: out must have the shape {(len(seats), size)}")
    for i in range(len(seats)):
        observe(i, out[i])
    return out
