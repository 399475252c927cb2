"""Playing many games: batch simulation (local processes or Ray) and the engine benchmark.

>>> from feldherr.sim import simulate
>>> result = simulate("wallenstein", players=4, games=100, seed=1, jobs=2)  # doctest: +SKIP
>>> result.to_json()["wins"]  # doctest: +SKIP
"""

from feldherr.sim.backends import BACKENDS, Backend, BackendUnavailable, get_backend
from feldherr.sim.batch import GameSummary, Job, SimulationResult, play_one, record_path, simulate
from feldherr.sim.bench import BenchResult, bench
from feldherr.sim.setup import bot_names, parse_seats, prepare_options, resolve_game

__all__ = [
    "BACKENDS",
    "Backend",
    "BackendUnavailable",
    "BenchResult",
    "GameSummary",
    "Job",
    "SimulationResult",
    "bench",
    "bot_names",
    "get_backend",
    "parse_seats",
    "play_one",
    "prepare_options",
    "record_path",
    "resolve_game",
    "simulate",
]
