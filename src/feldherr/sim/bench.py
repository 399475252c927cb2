"""Engine speed: random games on one core, without recording moves, for a fixed time.

Two modes play the same games (game ``i``: seed ``seed_for_game(seed, i)``, bot seeds from
:func:`~feldherr.core.play.bot_seeds`, as ``make_bots`` gives them):

* ``api``: ``play_game`` with a ``RandomBot`` per seat, through the public protocol
  (``to_move``, ``legal_moves``, ``apply`` with its validation) — what any client pays;
* ``playout``: :meth:`~feldherr.core.game.State.random_playout` on a fresh state — a game's own
  specialised loop where it has one (it must end in the same state, digest for digest).
"""

from __future__ import annotations

import math
import platform
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.game import Game, State
from feldherr.core.play import bot_seeds, make_bots, play_game
from feldherr.core.rng import seed_for_game
from feldherr.sim.setup import prepare_options, resolve_game

MODES = ("api", "playout")


@dataclass
class BenchResult:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    games: int
    decisions: int
    seconds: float
    cpu_seconds: float
    mode: str = "api"

    # Rates are per CPU second of this one process: on a quiet machine that equals wall time, and on
    # a shared one it still measures what one core achieves.
    @property
    def games_per_second(self) -> float:
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "mode": self.mode,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 4),
            "cpu_seconds": round(self.cpu_seconds, 4),
            "games_per_second": round(self.games_per_second, 3),
            "decisions_per_second": round(self.decisions_per_second, 1),
            "games_per_wall_second": round(self.games / self.seconds, 3) if self.seconds > 0 else 0.0,
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
        }


def bench(
    game: str | Game,
    players: int | None = None,
    seconds: float = 10.0,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_games: int | None = None,
    mode: str | None = None,
) -> BenchResult:
    """Play random games (``RandomBot`` for every seat, ``record_moves=False``) until ``seconds`` have passed.

    At least one game is always played; ``max_games`` stops earlier. Game ``i`` uses the seed
    ``seed_for_game(seed, i)``, as in :func:`feldherr.sim.simulate`. ``mode`` is ``"api"`` or
    ``"playout"`` (see the module docstring); by default ``playout`` where the game's state
    overrides ``random_playout``, else ``api``.
    """
    the_game = resolve_game(game)
    opts = prepare_options(the_game, players, options)
    count = opts["players"]
    if mode is None:
        mode = "playout" if has_fast_playout(the_game, opts) else "api"
    if max_games is not None and (type(max_games) is not int or max_games < 1):
        raise OptionError(f"the number of games must be at least 1, not {max_games!r:.60}")
    if not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds < 0:
        raise OptionError(f"the duration must be a finite number of seconds, not {seconds!r:.60}")
    if mode not in MODES:
        raise OptionError(f"unknown bench mode {mode!r} (known: {', '.join(MODES)})")
    playout = mode == "playout"
    new_state = the_game.new_state
    games = decisions = 0
    clock = time.perf_counter
    started = clock()
    cpu_started = time.process_time()
    elapsed = 0.0
    while games == 0 or (elapsed < seconds and (max_games is None or games < max_games)):
        game_seed = seed_for_game(seed, games)
        if playout:
            n = new_state(opts, game_seed).random_playout(bot_seeds(game_seed, count))
        else:
            bots = make_bots(the_game, ["random"] * count, game_seed)
            _, _, n = play_game(the_game, opts, game_seed, bots, record_moves=False)
        games += 1
        decisions += n
        elapsed = clock() - started
    cpu = time.process_time() - cpu_started
    return BenchResult(the_game.name, count, opts, seed, games, decisions, elapsed, cpu, mode)


def has_fast_playout(game: Game, options: dict[str, Any]) -> bool:
    """Whether ``game``'s states override :meth:`State.random_playout` with their own loop."""
    state = game.new_state(options, 0)
    return type(state).random_playout is not State.random_playout
