"""The cost of one search step: ``clone``, ``legal_moves``, ``apply``.

A tree search pays these three for every node it visits, so their sum is what makes a search bot
strong within its time. The positions are every decision of random games (game ``i``: seed
``seed_for_game(seed, i)``, random bots seeded as :func:`~feldherr.core.play.make_bots` seeds
them), and the move applied at each is a random legal move drawn from a generator seeded by
``seed``: the same work on every machine and every version of the engine that plays the same games.

Each measure loops over all positions and is repeated for about ``seconds``; the fastest round
counts (the others were disturbed by something else on the machine):

* ``clone``: ``state.clone()``;
* ``legal_moves``: ``state.legal_moves(seat)`` for the seat that decides;
* ``step``: a clone, its legal moves, and ``apply`` of one of them on the clone;
* ``apply`` is reported as ``step - clone - legal_moves``.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from feldherr.core import rng as rng_module
from feldherr.core.game import Game, Move, RandomBot, State
from feldherr.core.play import bot_seeds
from feldherr.core.rng import Rng, seed_for_game
from feldherr.sim.setup import prepare_options, resolve_game

Position = tuple[State, int, int]
"""A position, the seat that decides there, and the draw that picks its move."""


@dataclass
class StepBenchResult:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    games: int
    positions: int
    rounds: int
    clone_us: float
    legal_us: float
    step_us: float

    @property
    def apply_us(self) -> float:
        return self.step_us - self.clone_us - self.legal_us

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": "step",
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "positions": self.positions,
            "rounds": self.rounds,
            "clone_us": round(self.clone_us, 3),
            "legal_moves_us": round(self.legal_us, 3),
            "apply_us": round(self.apply_us, 3),
            "step_us": round(self.step_us, 3),
            "steps_per_second": round(1e6 / self.step_us, 1) if self.step_us > 0 else 0.0,
            # the C generator and copiers (feldherr.core._cfast) in use; engines before them: False
            "native": getattr(rng_module, "PyRng", Rng) is not Rng,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
        }


def sample_positions(game: Game, options: dict[str, Any], seed: int, games: int) -> list[Position]:
    """Every decision of ``games`` random games, each as an independent copy."""
    draw = Rng(seed ^ 0x57E9)
    out: list[Position] = []
    count = options["players"]
    for index in range(games):
        game_seed = seed_for_game(seed, index)
        state = game.new_state(options, game_seed)
        bots = [RandomBot(bot_seed) for bot_seed in bot_seeds(game_seed, count)]
        while not state.is_terminal():
            for seat in state.to_move():
                if seat not in state.to_move():
                    continue
                out.append((state.clone(), seat, draw.below(1 << 30)))
                state.apply(seat, bots[seat].pick(state.legal_moves(seat), game.name, seat))
    return out


def _clone(positions: list[Position]) -> None:
    for state, _, _ in positions:
        state.clone()


def _legal(positions: list[Position]) -> None:
    for state, seat, _ in positions:
        state.legal_moves(seat)


def _step(positions: list[Position]) -> None:
    for state, seat, draw in positions:
        copy = state.clone()
        moves: list[Move] = copy.legal_moves(seat)
        copy.apply(seat, moves[draw % len(moves)])


def step_bench(
    game: str | Game,
    players: int | None = None,
    seconds: float = 10.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    games: int = 20,
) -> StepBenchResult:
    """Measure the search step over the positions of ``games`` random games (see the module
    docstring); at least one round of each measure, more while ``seconds`` last."""
    the_game = resolve_game(game)
    opts = prepare_options(the_game, players, options)
    positions = sample_positions(the_game, opts, seed, games)
    measures: list[Callable[[list[Position]], None]] = [_clone, _legal, _step]
    best = [float("inf")] * len(measures)
    clock = time.perf_counter
    started = clock()
    rounds = 0
    while rounds == 0 or clock() - started < seconds:
        for k, measure in enumerate(measures):
            t = clock()
            measure(positions)
            best[k] = min(best[k], clock() - t)
        rounds += 1
    per = 1e6 / max(1, len(positions))
    return StepBenchResult(
        the_game.name, opts["players"], opts, seed, games, len(positions), rounds,
        best[0] * per, best[1] * per, best[2] * per,
    )  # fmt: skip
