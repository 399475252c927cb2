"""A small training example for :class:`~feldherr.adapters.gym.SingleAgentEnv`: random search over
linear policies, in numpy alone.

The policy scores each legal action ``a`` as ``W[a % rows] @ observation + b[a % rows]`` and plays
the best one; ``rows`` is the action-space size capped at ``max_rows`` (default 64), so a game with
a large action space (Wallenstein: thousands of actions) shares weights between actions instead of
holding a matrix of that many rows. Training is hill climbing with common random numbers: a
candidate (the best weights plus Gaussian noise) replaces the best when its mean return over the
same ``episodes`` seeded games is at least as good. It is meant to show the loop (reset, mask,
step) and to run in the tests on a tiny budget, not to play well::

    python -m feldherr.adapters.train toy --iterations 50 --episodes 20
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from feldherr.adapters.gym import ObsDict, SingleAgentEnv

Weights = npt.NDArray[np.float64]


@dataclass
class LinearPolicy:
    """``argmax`` over the legal actions ``a`` of ``W[a % rows] @ observation + b[a % rows]``."""

    weights: Weights
    bias: Weights

    @classmethod
    def zeros(cls, env: SingleAgentEnv, max_rows: int = 64) -> LinearPolicy:
        size = int(np.prod(env.table.info.observation_shape))
        rows = min(env.table.num_actions, max_rows)
        return cls(np.zeros((rows, size)), np.zeros(rows))

    def act(self, obs: ObsDict) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        rows = legal % len(self.bias)
        scores = self.weights[rows] @ obs["observation"].reshape(-1) + self.bias[rows]
        return int(legal[np.argmax(scores)])

    def perturbed(self, rng: np.random.Generator, sigma: float) -> LinearPolicy:
        return LinearPolicy(
            self.weights + sigma * rng.standard_normal(self.weights.shape),
            self.bias + sigma * rng.standard_normal(self.bias.shape),
        )


def evaluate(env: SingleAgentEnv, policy: LinearPolicy, seeds: list[int]) -> float:
    """Mean return of ``policy`` over the games with these seeds."""
    total = 0.0
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(policy.act(obs))
            done = terminated or truncated
            total += float(reward)
    return total / len(seeds)


@dataclass
class TrainResult:
    policy: LinearPolicy
    score: float
    """Mean return of the final policy on the training seeds."""
    history: list[float] = field(default_factory=list)
    """The best score after each iteration (never falls)."""


def random_search(
    make_env: Callable[[], SingleAgentEnv],
    iterations: int = 20,
    episodes: int = 10,
    sigma: float = 0.5,
    seed: int = 0,
) -> TrainResult:
    """Hill-climb a linear policy (see the module docstring)."""
    env = make_env()
    rng = np.random.default_rng(seed)
    seeds = [int(s) for s in rng.integers(0, 2**31, episodes)]
    best = LinearPolicy.zeros(env)
    best_score = evaluate(env, best, seeds)
    history = [best_score]
    for _ in range(iterations):
        candidate = best.perturbed(rng, sigma)
        score = evaluate(env, candidate, seeds)
        if score >= best_score:
            best, best_score = candidate, score
        history.append(best_score)
    return TrainResult(best, best_score, history)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--episodes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options = {} if args.players is None else {"players": args.players}
    result = random_search(
        lambda: SingleAgentEnv(args.game, opponents=args.opponents, options=options),
        args.iterations,
        args.episodes,
        seed=args.seed,
    )
    print(f"start {result.history[0]:.3f} -> best {result.score:.3f} (mean return, {args.episodes} games)")


if __name__ == "__main__":
    main()
