"""The search bots' own speed: ISMCTS iterations per CPU second at fixed seeded positions.

The positions come from random games (game ``i``: seed ``seed_for_game(seed, i)``, random bots
seeded as :func:`~feldherr.core.play.make_bots` seeds them): of each game's decisions that offer
more than one legal move, the ones at 10 % (``early``), 50 % (``middle``) and 85 % (``late``) of
the way. At each, a :class:`~feldherr.search.SearchBot` with random playouts and a budget of
``iterations`` iterations (no clock involved, so every run and every engine version that plays the
same games does exactly the same searches) chooses a move; the CPU time of the ``choose`` calls is
what counts. Rounds over all positions repeat for about ``seconds``; the figures are the totals.

Only the public API of the game protocol and the search is used, so an older checkout of the project
can be measured with this very file (``scripts/bench-revisions.py`` does that).
"""

from __future__ import annotations

import platform
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from feldherr.core.game import Game, RandomBot, SeatAccess, State
from feldherr.core.play import bot_seeds
from feldherr.core.rng import seed_for_game
from feldherr.games import get_game
from feldherr.search.budget import Budget
from feldherr.search.ismcts import SearchBot

PHASES = (("early", 0.10), ("middle", 0.50), ("late", 0.85))
"""Where in a game the positions are taken: share of its choices (decisions with > 1 move)."""

Position = tuple[str, State, int]
"""Phase name, position, deciding seat."""


@dataclass
class SearchBenchResult:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    games: int
    iterations_per_search: int
    rounds: int
    iterations: dict[str, int] = field(default_factory=dict)
    cpu_seconds: dict[str, float] = field(default_factory=dict)

    @property
    def iterations_per_second(self) -> float:
        cpu = sum(self.cpu_seconds.values())
        return sum(self.iterations.values()) / cpu if cpu > 0 else 0.0

    def phase_rate(self, phase: str) -> float:
        cpu = self.cpu_seconds.get(phase, 0.0)
        return self.iterations.get(phase, 0) / cpu if cpu > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": "search",
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "positions": self.games * len(PHASES),
            "iterations_per_search": self.iterations_per_search,
            "rounds": self.rounds,
            "iterations": sum(self.iterations.values()),
            "cpu_seconds": round(sum(self.cpu_seconds.values()), 4),
            "iterations_per_second": round(self.iterations_per_second, 1),
            "phases": {
                name: {
                    "iterations": self.iterations.get(name, 0),
                    "cpu_seconds": round(self.cpu_seconds.get(name, 0.0), 4),
                    "iterations_per_second": round(self.phase_rate(name), 1),
                }
                for name, _ in PHASES
            },
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
        }


def search_positions(game: Game, options: dict[str, Any], seed: int, games: int) -> list[Position]:
    """The early, middle and late positions of ``games`` random games (see the module docstring)."""
    out: list[Position] = []
    count = options["players"]
    for index in range(games):
        game_seed = seed_for_game(seed, index)
        state = game.new_state(options, game_seed)
        bots = [RandomBot(bot_seed) for bot_seed in bot_seeds(game_seed, count)]
        choices: list[tuple[State, int]] = []
        while not state.is_terminal():
            for seat in state.to_move():
                if seat not in state.to_move():
                    continue
                moves = state.legal_moves(seat)
                if len(moves) > 1:
                    choices.append((state.clone(), seat))
                state.apply(seat, bots[seat].pick(moves, game.name, seat))
        for name, share in PHASES:
            position, seat = choices[min(len(choices) - 1, int(share * len(choices)))]
            out.append((name, position, seat))
    return out


def search_bench(
    game: str | Game,
    players: int | None = None,
    seconds: float = 10.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    games: int = 2,
    iterations: int = 100,
) -> SearchBenchResult:
    """Measure ISMCTS iterations per CPU second at the positions of ``games`` random games; at least
    one round over all positions, more while ``seconds`` (wall time) last."""
    the_game = get_game(game) if isinstance(game, str) else game
    opts = the_game.normalize_options(
        {**(options or {}), **({} if players is None else {"players": players})}
    )
    positions = search_positions(the_game, opts, seed, games)
    result = SearchBenchResult(the_game.name, opts["players"], opts, seed, games, iterations, 0)
    budget = Budget(iterations=iterations)
    started = time.perf_counter()
    while result.rounds == 0 or time.perf_counter() - started < seconds:
        for k, (name, state, seat) in enumerate(positions):
            bot = SearchBot(seed=seed * 1000 + k, budget=budget)
            access = SeatAccess(state, seat)
            t = time.process_time()
            bot.choose(access)
            spent = time.process_time() - t
            result.iterations[name] = result.iterations.get(name, 0) + bot.last.iterations
            result.cpu_seconds[name] = result.cpu_seconds.get(name, 0.0) + spent
        result.rounds += 1
    return result
