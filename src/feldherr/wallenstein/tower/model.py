"""The cube tower: a stateful, pluggable model.

Cubes thrown into the tower either fall through into the tray or lodge inside; cubes already inside
can be knocked out by later throws. A :class:`Tower` pairs a :class:`TowerModel` (immutable
configuration) with its *content* (mutable, JSON-ready: a list of levels, each a list of cube counts
per colour). Colours are seats ``0..4``; :data:`PEASANT` (5) is the green peasants.

Models are looked up by name in :mod:`feldherr.wallenstein.tower.registry`, which also rebuilds a
tower from its JSON (this module knows no model but its own three).

Views may show how many cubes of each colour are inside (anyone counting could know it) but never
the per-level content.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from operator import add
from typing import Any, ClassVar

from feldherr.core.errors import OptionError, shown
from feldherr.core.fastcopy import slot_cloner
from feldherr.core.rng import Rng

PEASANT = 5
NCOLOURS = 6

Content = list[list[int]]


def probability(model: str, name: str, value: Any) -> Any:
    """``value`` if it is a number (not a bool) in [0, 1]; else OptionError naming the parameter."""
    if type(value) not in (int, float) or not 0.0 <= value <= 1.0:
        raise OptionError(
            f"tower model {model!r}: {name} must be a number from 0 to 1, not {shown(value)}",
            "tower_params",
            typed={"de": f"Turmmodell {model}: {name} muss eine Zahl von 0 bis 1 sein, nicht {shown(value)}"},
        )
    return value


class TowerModel(ABC):
    name: ClassVar[str]
    levels: ClassVar[int] = 1

    def params(self) -> dict[str, Any]:
        """The model's parameters as JSON (enough to rebuild it with the model's factory)."""
        return {}

    def new_content(self) -> Content:
        return [[0] * NCOLOURS for _ in range(self.levels)]

    def content_fits(self, content: Any) -> bool:
        """Whether ``content`` (read from a position) has this model's shape: one row per level of
        a count per colour, none below zero."""
        fresh = self.new_content()
        return (
            isinstance(content, list)
            and len(content) == len(fresh)
            and all(
                isinstance(row, list) and len(row) == len(f) and all(type(v) is int and v >= 0 for v in row)
                for row, f in zip(content, fresh, strict=True)
            )
        )

    def inside(self, content: Content) -> list[int]:
        """Cubes inside per colour, summed over levels."""
        rows = content[: self.levels]
        if len(rows) == 2:  # the fitted tower, the default
            return list(map(add, rows[0][:NCOLOURS], rows[1][:NCOLOURS]))
        if len(rows) == 1:
            return rows[0][:NCOLOURS]
        total = [0] * NCOLOURS
        for level in rows:
            total = list(map(add, total, level[:NCOLOURS]))
        return total

    def resample(self, content: Content, rng: Rng) -> None:
        """Reshuffle which lodged cube sits where, keeping the cubes inside per colour (public:
        anyone counting knows them) and each level's load; for search (``determinize``). A model
        of one level has nothing to resample."""
        if self.levels < 2:
            return
        rows = content[: self.levels]
        colours = [c for row in rows for c in range(NCOLOURS) for _ in range(row[c])]
        rng.shuffle(colours)
        at = 0
        for row in rows:
            size = sum(row[:NCOLOURS])
            row[:NCOLOURS] = [0] * NCOLOURS
            for c in colours[at : at + size]:
                row[c] += 1
            at += size

    @abstractmethod
    def drop(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[int]:
        """Throw ``thrown`` (per colour) in; update ``content``; return what falls out per colour."""


class SimpleTower(TowerModel):
    """Published guess (a): a thrown cube falls through with probability ``p_through``; each cube
    already inside comes out with probability ``p_release`` per drop."""

    name = "simple"

    def __init__(self, p_through: float = 2 / 3, p_release: float = 1 / 3) -> None:
        self.p_through = probability(self.name, "p_through", p_through)
        self.p_release = probability(self.name, "p_release", p_release)

    def params(self) -> dict[str, Any]:
        return {"p_through": self.p_through, "p_release": self.p_release}

    def drop(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[int]:
        inside = content[0]
        out = [0] * NCOLOURS
        binomial = rng.binomial
        pt, pr = self.p_through, self.p_release
        for c in range(NCOLOURS):
            released = binomial(inside[c], pr) if inside[c] else 0
            through = binomial(thrown[c], pt) if thrown[c] else 0
            out[c] = released + through
            inside[c] += thrown[c] - through - released
        return out


class TwoLevelTower(TowerModel):
    """Published guess (b): two internal levels; a falling cube passes each level with probability
    ``p_pass``, else it lodges there; each cube lodged on a level is freed by each cube falling
    through that level with probability ``p_knock``. Freed cubes fall on to the next level."""

    name = "two-level"
    levels = 2

    def __init__(self, p_pass: float = 0.85, p_knock: float = 1 / 40) -> None:
        self.p_pass = probability(self.name, "p_pass", p_pass)
        self.p_knock = probability(self.name, "p_knock", p_knock)

    def params(self) -> dict[str, Any]:
        return {"p_pass": self.p_pass, "p_knock": self.p_knock}

    def drop(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[int]:
        falling = list(thrown)
        binomial = rng.binomial
        keep = 1.0 - self.p_knock
        p_pass = self.p_pass
        for level in content[:2]:
            passed = [binomial(f, p_pass) if f else 0 for f in falling]
            # A lodged cube survives each of the passing cubes with probability 1 - p_knock.
            p_free = 1.0 - keep ** sum(passed)
            for c in range(NCOLOURS):
                freed = binomial(level[c], p_free) if level[c] else 0
                level[c] += falling[c] - passed[c] - freed
                passed[c] += freed
            falling = passed
        return falling


class ScriptedTower(TowerModel):
    """For tests: each drop lets out exactly the next scripted cubes (per colour). Content holds
    the cubes inside and, as a second row, the index of the next scripted drop."""

    name = "scripted"

    def __init__(self, script: Sequence[Sequence[int]] = ()) -> None:
        ok = isinstance(script, list | tuple) and all(
            isinstance(row, list | tuple)
            and len(row) <= NCOLOURS
            and all(type(v) is int and 0 <= v < 1000 for v in row)
            for row in script
        )
        if not ok:
            raise OptionError(
                "scripted tower: script is a list of rows of cube counts per colour",
                "tower_params",
                typed={"de": "vorgegebener Turm: script ist eine Liste von Zeilen mit Würfelzahlen je Farbe"},
            )
        self.script = [list(row) + [0] * (NCOLOURS - len(row)) for row in script]

    def params(self) -> dict[str, Any]:
        return {"script": self.script}

    def new_content(self) -> Content:
        return [[0] * NCOLOURS, [0]]

    def inside(self, content: Content) -> list[int]:
        return list(content[0])

    def drop(self, content: Content, thrown: Sequence[int], rng: Rng) -> list[int]:
        inside, pointer = content[0], content[1]
        if pointer[0] >= len(self.script):
            raise RuntimeError("scripted tower: no scripted result left for this drop")
        out = self.script[pointer[0]]
        pointer[0] += 1
        for c in range(NCOLOURS):
            available = inside[c] + thrown[c]
            if out[c] > available:
                raise RuntimeError(
                    f"scripted tower: {out[c]} cubes of colour {c} cannot fall out, "
                    f"only {available} were in play"
                )
            inside[c] = available - out[c]
        return list(out)


class Tower:
    """A model plus its content; lives inside the game state."""

    __slots__ = ("content", "model")

    def __init__(self, model: TowerModel, content: Content | None = None) -> None:
        self.model = model
        self.content = content if content is not None else model.new_content()

    def drop(self, thrown: Sequence[int], rng: Rng) -> list[int]:
        return self.model.drop(self.content, thrown, rng)

    def inside(self) -> list[int]:
        return self.model.inside(self.content)

    def clone(self) -> Tower:
        return _copy_tower(self)

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model.name, "params": self.model.params(), "content": self.content}


_copy_tower = slot_cloner(Tower, ("model",), (), ("content",))
"""The model shared, the content copied level by level (every model's content is a list of lists)."""
