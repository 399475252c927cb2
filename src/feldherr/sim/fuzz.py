"""The hostile-input fuzz over every game: random option sets, random positions, bad input.

For each game, option sets are drawn at random from its ``option_spec()`` (players, every choice,
bool, multi and bounded int option), random games are played with them, and at every few
decisions :func:`feldherr.core.testing.hostile_report` throws bad seats, moves out of turn,
mutated moves and mutated JSON at the position. The counts say how many inputs were thrown and
how many crashed (anything but a RuleError), changed the state, were accepted, or lacked a
German or English error text. All of it is determined by the seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.game import Game, canonical_json
from feldherr.core.options import OptionSpec
from feldherr.core.rng import Rng, seed_for_game
from feldherr.core.testing import HostileReport, hostile_report, positions
from feldherr.sim.setup import resolve_game

DRAWS = 20
"""Tries to draw an option set the game accepts (its cross-checks may refuse some)."""


@dataclass
class FuzzResult:
    """The counts of one game's fuzz."""

    game: str
    seed: int
    games: int = 0
    positions: int = 0
    option_sets: set[str] = field(default_factory=set)
    report: HostileReport = field(default_factory=HostileReport)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        r = self.report
        return {
            "game": self.game,
            "seed": self.seed,
            "games": self.games,
            "positions": self.positions,
            "option_sets": len(self.option_sets),
            "inputs": r.thrown,
            "crashes": r.crashes,
            "state_changes": r.changes,
            "accepted": r.accepted,
            "bad_texts": r.bad_texts,
            "examples": list(r.examples),
            "seconds": round(self.seconds, 2),
        }


def draw_value(spec: OptionSpec, rng: Rng) -> Any:
    """A random value of an option (its default where the spec gives no finite set or range)."""
    if spec.kind == "bool":
        return rng.below(2) == 1
    if spec.kind == "choice" and spec.choices:
        return spec.choices[rng.below(len(spec.choices))]
    if spec.kind == "multi" and spec.choices:
        return [c for c in spec.choices if rng.below(2)]
    if spec.kind == "int" and spec.min is not None and spec.max is not None:
        return spec.min + rng.below(spec.max - spec.min + 1)
    return None  # normalize fills the default


def draw_options(game: Game, rng: Rng) -> dict[str, Any]:
    """A random option set that ``game`` accepts (normalised), drawn from its option spec."""
    for _ in range(DRAWS):
        players = game.min_players + rng.below(game.max_players - game.min_players + 1)
        raw: dict[str, Any] = {"players": players}
        for spec in game.option_spec():
            if spec.name != "players":
                value = draw_value(spec, rng)
                if value is not None:
                    raw[spec.name] = value
        try:
            return game.normalize_options(raw)
        except (OptionError, ValueError):
            continue
    return game.normalize_options({"players": game.min_players})


def fuzz_game(
    game: str | Game,
    inputs: int,
    seed: int = 0,
    every: int = 5,
    per_position: int = 60,
    progress: Callable[[int], None] | None = None,
) -> FuzzResult:
    """Throw at least ``inputs`` bad inputs at random positions of ``game``."""
    the_game = resolve_game(game)
    result = FuzzResult(the_game.name, seed)
    rng = Rng(seed)
    started = time.perf_counter()
    index = 0
    while result.report.thrown < inputs:
        game_seed = seed_for_game(seed, index)
        index += 1
        options = draw_options(the_game, rng)
        result.option_sets.add(canonical_json(options))
        result.games += 1
        for state in positions(the_game, options, game_seed, every):
            report = hostile_report(the_game, state, rng, per_position)
            result.positions += 1
            result.report.add(report)
            if progress is not None:
                progress(report.thrown)
            if result.report.thrown >= inputs:
                break
    result.seconds = time.perf_counter() - started
    return result


def fuzz(
    games: Sequence[str],
    inputs: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    **kwargs: Any,
) -> list[FuzzResult]:
    """:func:`fuzz_game` for each game, ``inputs`` shared out equally."""
    if type(inputs) is not int or inputs < 1:
        raise OptionError(f"the number of inputs must be at least 1, not {inputs!r:.60}")
    if not games:
        raise OptionError("no game to fuzz")
    share = -(-inputs // len(games))
    return [fuzz_game(name, share, seed, progress=progress, **kwargs) for name in games]


def totals(results: Sequence[FuzzResult]) -> Mapping[str, int]:
    keys = ("inputs", "crashes", "state_changes", "accepted", "bad_texts", "positions", "games")
    return {k: sum(int(r.to_json()[k]) for r in results) for k in keys}
