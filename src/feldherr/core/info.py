"""Static facts about a game under given options (OpenSpiel's ``GameType`` and ``GameInfo`` in one).

Everything that sizes a numeric interface lives here: the fixed action space (``num_actions``) that
the codec maps moves into, the observation tensor's shape, and an upper bound on decisions. The
research adapters, the search bots and the server read these numbers; nothing else is needed to
size a network, a mask or a progress bar.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from math import prod
from typing import Any


@dataclass(frozen=True)
class ObservationField:
    """A named block of the observation: the numbers ``offset .. offset + size`` of the flat
    vector, read as an array of ``shape`` (a plane of one row per region or county, one row per
    player, ...). ``doc`` says what the numbers are (the game's docs page has the whole layout)."""

    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str = ""

    @property
    def size(self) -> int:
        return prod(self.shape)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "offset": self.offset, "shape": list(self.shape), "doc": self.doc}


def field_layout(size: int, *blocks: tuple[str, tuple[int, ...], str]) -> tuple[ObservationField, ...]:
    """Fields of ``(name, shape, doc)`` laid end to end from 0; an ``AssertionError`` unless they
    cover exactly ``size`` numbers with distinct names (a game's layout, checked at import)."""
    fields, at = [], 0
    for name, shape, doc in blocks:
        fields.append(ObservationField(name, at, shape, doc))
        at += prod(shape)
    if at != size or len({f.name for f in fields}) != len(fields):
        raise AssertionError(f"observation fields cover {at} of {size} numbers (or repeat a name)")
    return tuple(fields)


@dataclass(frozen=True)
class GameInfo:
    """What a game is, for the options it was asked about."""

    name: str
    title: str
    num_players: int
    num_actions: int
    """Size of the fixed action space: every move encodes to an integer in ``range(num_actions)``."""
    observation_shape: tuple[int, ...]
    """Shape of :meth:`State.observation`'s float32 array (the same for every seat and position)."""
    max_decisions: int
    """No game under these options takes more decisions (all seats together)."""
    simultaneous: bool
    """Some decisions are made by several seats at once, in secret."""
    chance: bool
    """The game draws from its generator (dice, shuffles, the cube tower)."""
    hidden_information: bool
    """Some seat cannot see part of the state (hands, plans, deck order)."""
    score_bounds: tuple[float, float]
    """The least and the most any seat can score."""
    engine_version: int = 1
    """Bumped whenever a rule change makes old records replay differently."""
    observation_bounds: tuple[float, float] = (float("-inf"), float("inf"))
    """The least and the most any number of an observation can be (the real games: (0, 1))."""
    extra_actions: int = 0
    """The most actions that staged choices (a move spelled by several actions, see
    :meth:`~feldherr.core.game.Game.staged_actions`) add to a game beyond its decisions."""
    observation_fields: tuple[ObservationField, ...] = ()
    """The observation's named blocks, in order, covering it exactly (empty: one block
    ``observation`` of the whole shape; :meth:`fields` gives them either way)."""

    @property
    def max_actions(self) -> int:
        """No game under these options takes more actions of the action encoding."""
        return self.max_decisions + self.extra_actions

    def fields(self) -> tuple[ObservationField, ...]:
        """The observation's named blocks (:attr:`observation_fields`, or the whole observation as
        one block ``observation``); :func:`feldherr.core.observation.unpack` reads an observation
        through them."""
        if self.observation_fields:
            return self.observation_fields
        return (ObservationField("observation", 0, self.observation_shape, "the whole observation"),)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["observation_fields"] = [f.to_json() for f in self.fields()]
        data["observation_shape"] = list(self.observation_shape)
        data["score_bounds"] = list(self.score_bounds)
        data["observation_bounds"] = list(self.observation_bounds)
        return data
