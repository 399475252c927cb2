"""Small training examples for :class:`~feldherr.adapters.gym.SingleAgentEnv`, in numpy alone:
masked REINFORCE of a linear softmax policy (:func:`reinforce`; learns Mansfeld 2p against the
random bot in a minute of CPU), and random search over linear policies (:func:`random_search`).

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

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from feldherr.adapters._script import checked_game, program, unavailable
from feldherr.core.commandline import MAX_COUNT, seconds_value, seed_value, whole_number

try:
    from feldherr.adapters.gym import ObsDict, SingleAgentEnv
except ImportError as exc:
    raise unavailable(__name__, "python -m feldherr.adapters.train", "gymnasium", exc) from exc

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
    progress: Callable[[int, float], None] | None = None,
) -> TrainResult:
    """Hill-climb a linear policy (see the module docstring). ``progress(iteration, best)`` is
    called after each iteration."""
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
        if progress is not None:
            progress(len(history) - 1, best_score)
    return TrainResult(best, best_score, history)


# -- masked policy gradient (REINFORCE), numpy only -----------------------------------------------
@dataclass
class SoftmaxPolicy:
    """A linear softmax policy over the legal actions: ``softmax(W @ observation + b)`` with the
    illegal actions masked out (one row per action: the games' action spaces are small)."""

    weights: Weights
    bias: Weights

    @classmethod
    def zeros(cls, env: SingleAgentEnv) -> SoftmaxPolicy:
        size = int(np.prod(env.table.info.observation_shape))
        return cls(np.zeros((env.table.num_actions, size)), np.zeros(env.table.num_actions))

    def probabilities(self, observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> Weights:
        legal = mask.astype(bool)
        logits = self.weights @ observation.reshape(-1) + self.bias
        logits = np.where(legal, logits, -np.inf)
        logits -= logits.max()
        odds = np.exp(logits)
        return odds / odds.sum()  # type: ignore[no-any-return]

    def act(self, obs: ObsDict, rng: np.random.Generator | None = None) -> int:
        """A sample from the policy (``rng``), or its most likely action (no ``rng``)."""
        probs = self.probabilities(obs["observation"], obs["action_mask"])
        if rng is None:
            return int(np.argmax(probs))
        return int(rng.choice(len(probs), p=probs))


@dataclass
class PolicyGradientResult:
    policy: SoftmaxPolicy
    episodes: int
    steps: int
    """The agent's actions over all training episodes."""
    mean_return: list[float] = field(default_factory=list)
    """The mean return of each batch of episodes."""


def reinforce(
    make_env: Callable[[], SingleAgentEnv],
    episodes: int = 2000,
    batch: int = 32,
    learning_rate: float = 0.1,
    seed: int = 0,
    cpu_seconds: float | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> PolicyGradientResult:
    """Train a :class:`SoftmaxPolicy` by REINFORCE with a running-mean baseline: batches of
    ``batch`` episodes, the gradient of each action's log-probability (``(onehot - p) ⊗ x``)
    weighted by the episode's return minus the baseline. Stops after ``episodes`` episodes or
    ``cpu_seconds`` of this process's CPU time, whichever comes first. ``progress(episodes,
    mean_return)`` is called after each batch."""
    import time

    env = make_env()
    rng = np.random.default_rng(seed)
    policy = SoftmaxPolicy.zeros(env)
    baseline = 0.0
    start = time.process_time()
    done_episodes, steps = 0, 0
    history: list[float] = []
    while done_episodes < episodes:
        if cpu_seconds is not None and time.process_time() - start > cpu_seconds:
            break
        grad_w = np.zeros_like(policy.weights)
        grad_b = np.zeros_like(policy.bias)
        returns = []
        for _ in range(batch):
            obs, _ = env.reset(seed=int(rng.integers(0, 2**31)))
            xs, ps, acts = [], [], []
            total, finished = 0.0, False
            while not finished:
                x = obs["observation"].reshape(-1).astype(np.float64)
                p = policy.probabilities(obs["observation"], obs["action_mask"])
                a = int(rng.choice(len(p), p=p))
                xs.append(x)
                ps.append(p)
                acts.append(a)
                obs, reward, terminated, truncated, _ = env.step(a)
                total += float(reward)
                finished = terminated or truncated
            steps += len(acts)
            returns.append(total)
            advantage = total - baseline
            if advantage and acts:
                delta = -np.asarray(ps)
                delta[np.arange(len(acts)), acts] += 1.0
                grad_w += advantage * (delta.T @ np.asarray(xs))
                grad_b += advantage * delta.sum(axis=0)
        done_episodes += batch
        mean = float(np.mean(returns))
        baseline = 0.9 * baseline + 0.1 * mean if history else mean
        history.append(mean)
        policy.weights += learning_rate / batch * grad_w
        policy.bias += learning_rate / batch * grad_b
        if progress is not None:
            progress(done_episodes, mean)
    return PolicyGradientResult(policy, done_episodes, steps, history)


def win_rate(env: SingleAgentEnv, policy: SoftmaxPolicy, games: int, seed: int = 10**6) -> float:
    """The greedy policy's mean win share over ``games`` games with seeds ``seed``, ``seed + 1`` ..."""
    total = 0.0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        finished = False
        while not finished:
            obs, reward, terminated, truncated, _ = env.step(policy.act(obs))
            finished = terminated or truncated
            total += float(reward)
    return total / games


def main(argv: list[str] | None = None) -> None:
    import sys
    import time

    parser = program(
        "python -m feldherr.adapters.train",
        "Train a linear policy for one seat of a game against bots (numpy only): random "
        "search (hill climbing of a linear scorer) or masked REINFORCE of a linear softmax policy. "
        "Progress lines go to standard error.",
    )
    parser.add_argument(
        "--opponents", default="random", metavar="BOT",
        help="the bot playing every other seat: random or one of the game's bots (default random)",
    )  # fmt: skip
    parser.add_argument(
        "--method", choices=("random-search", "reinforce"), default="random-search",
        help="hill climbing of a linear scorer, or masked REINFORCE of a linear softmax policy "
        "(default random-search)",
    )  # fmt: skip
    parser.add_argument(
        "--iterations",
        type=whole_number(1, MAX_COUNT),
        default=20,
        metavar="N",
        help="random search: iterations (default 20)",
    )
    parser.add_argument(
        "--episodes", type=whole_number(1, MAX_COUNT), default=10, metavar="N",
        help="random search: games per iteration (default 10)",
    )  # fmt: skip
    parser.add_argument(
        "--cpu-seconds", type=seconds_value(positive=True), default=60.0, metavar="S",
        help="reinforce: the training's CPU budget in seconds (default 60)",
    )  # fmt: skip
    parser.add_argument(
        "--eval-games", type=whole_number(1, MAX_COUNT), default=200, metavar="N",
        help="reinforce: games per win rate of the trained policy (default 200)",
    )  # fmt: skip
    parser.add_argument("--seed", type=seed_value, default=0, metavar="N", help="training seed (default 0)")
    args = parser.parse_args(argv)
    options = {} if args.players is None else {"players": args.players}
    checked_game(parser, args.game, options, [args.opponents])
    last = [time.monotonic()]

    def say(line: str, every: float = 2.0) -> None:
        """A progress line on standard error, at most one per ``every`` seconds."""
        if time.monotonic() - last[0] >= every:
            last[0] = time.monotonic()
            print(line, file=sys.stderr, flush=True)

    if args.method == "reinforce":
        start = time.process_time()
        trained = reinforce(
            lambda: SingleAgentEnv(args.game, opponents=args.opponents, options=options),
            episodes=10**9,
            seed=args.seed,
            cpu_seconds=args.cpu_seconds,
            progress=lambda done, mean: say(
                f"{done} episodes, {time.process_time() - start:.0f} of {args.cpu_seconds:g} CPU s, "
                f"mean return {mean:.3f}"
            ),
        )
        cpu = time.process_time() - start
        print(f"{trained.episodes} episodes, {trained.steps} agent steps, {cpu:.1f} CPU seconds")
        for opponents in ("random", "heuristic"):
            try:
                env = SingleAgentEnv(args.game, opponents=opponents, options=options)
            except Exception:  # a game without that bot
                continue
            print(f"playing {args.eval_games} games against {opponents} ...", file=sys.stderr, flush=True)
            rate = win_rate(env, trained.policy, args.eval_games)
            print(f"win rate against {opponents}: {100 * rate:.1f} % of {args.eval_games} games")
        return
    result = random_search(
        lambda: SingleAgentEnv(args.game, opponents=args.opponents, options=options),
        args.iterations,
        args.episodes,
        seed=args.seed,
        progress=lambda done, best: say(
            f"iteration {done}/{args.iterations}: best mean return {best:.3f}", 0.0 if done == 1 else 2.0
        ),
    )
    print(f"start {result.history[0]:.3f} -> best {result.score:.3f} (mean return, {args.episodes} games)")


if __name__ == "__main__":
    main()
