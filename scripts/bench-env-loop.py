"""Decisions per CPU second of one PettingZoo environment in uniformly random games (issue 24).

    .venv/bin/python scripts/bench-env-loop.py GAME aec|parallel GAMES

Plays seeds 1..GAMES with 4 players through ``FeldherrAEC`` or ``FeldherrParallel``, every seat
picking a uniformly random legal action from its mask (found through a boolean view of the mask,
Python's generator seeded 0), after one game of seed 100 that is not counted (imports, caches), and
prints the decisions, the loop's CPU seconds and decisions per CPU second. It uses nothing but the
environments' public API, so the same file runs against any tree of the project: run it with each
tree's own interpreter, alternating, to compare two versions side by side (``docs/benchmarks.md``,
"Every seat at once").
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

from feldherr.adapters.pettingzoo import FeldherrAEC, FeldherrParallel


def play(game: str, kind: str, seeds: list[int]) -> int:
    """The decisions of the random games of ``seeds``."""
    rng = random.Random(0)
    decisions = 0
    if kind == "aec":
        aec = FeldherrAEC(game, {"players": 4})
        for seed in seeds:
            aec.reset(seed=seed)
            for _agent in aec.agent_iter():
                obs, _, terminated, truncated, _ = aec.last()
                if terminated or truncated:
                    aec.step(None)
                    continue
                legal = obs["action_mask"].view(np.bool_).nonzero()[0]
                aec.step(int(legal[rng.randrange(len(legal))]))
                decisions += 1
    elif kind == "parallel":
        par = FeldherrParallel(game, {"players": 4})
        for seed in seeds:
            observations, _ = par.reset(seed=seed)
            while par.agents:
                actions = {}
                for agent, o in observations.items():
                    legal = o["action_mask"].view(np.bool_).nonzero()[0]
                    if len(legal):
                        actions[agent] = int(legal[rng.randrange(len(legal))])
                decisions += len(actions)
                observations, *_ = par.step(actions)
    else:
        sys.exit(f"bench-env-loop: the environment is aec or parallel, not {kind!r}")
    return decisions


def main(game: str, kind: str, games: int) -> None:
    play(game, kind, [100])  # warm: imports, the kernels' set-up, the rules' caches
    start = time.process_time()
    decisions = play(game, kind, list(range(1, games + 1)))
    spent = time.process_time() - start
    print(decisions, f"{spent:.3f}", f"{decisions / spent:.0f}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
