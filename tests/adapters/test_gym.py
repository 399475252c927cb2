"""Gymnasium's check_env on the single-agent environment, and the training example."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from feldherr.adapters.gym import SingleAgentEnv
from feldherr.adapters.train import evaluate, main, random_search

from .conftest import ready_games


@pytest.mark.parametrize(
    ("seat", "opponents", "options"),
    [
        (0, "random", {"players": 2}),
        (1, "heuristic", {"players": 3}),
        (3, ["random", "heuristic", "random"], {"players": 4, "variant": "plain"}),
    ],
)
def test_check_env(seat: int, opponents: str | list[str], options: dict[str, object]) -> None:
    check_env(SingleAgentEnv("toy", seat=seat, opponents=opponents, render_mode="ansi", options=options))


def test_agent_sees_its_own_view_and_bots_play_the_rest() -> None:
    env = SingleAgentEnv("toy", seat=1, players=3)
    obs, _ = env.reset(seed=4)
    state = env.state
    assert 1 in state.to_move()
    assert np.array_equal(obs["observation"], state.observation(1))
    assert env.action_masks().tolist() == state.action_mask(1)
    done, steps = False, 0
    while not done:
        action = int(np.flatnonzero(env.action_masks())[0])
        obs, reward, done, _, _ = env.step(action)
        steps += 1
    assert state.is_terminal() and reward == state.outcome().win_shares[1]
    own = [
        e
        for e in state.log
        if (e["k"] == "bid" and e["to"] == 1) or (e["k"] in ("double", "keep") and e["a"]["seat"] == 1)
    ]
    assert steps == len(own)  # the agent made exactly its own seat's decisions; bots made the rest


def test_illegal_action_ends_the_episode_and_changes_nothing() -> None:
    env = SingleAgentEnv("toy", players=2, illegal_reward=-2.0)
    obs, _ = env.reset(seed=1)
    digest = env.state.digest()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert (reward, terminated, info) == (-2.0, True, {"illegal": True})
    assert env.state.digest() == digest
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    with pytest.raises(RuntimeError, match=r"the episode is over: call reset\(\)"):
        env.step(legal)  # the episode ended: the game does not go on behind it
    assert env.state.digest() == digest
    env.reset(seed=1)
    env.step(legal)


def test_an_action_that_is_no_whole_number_is_refused_and_changes_nothing() -> None:
    """step(1.5) played action 1, step("3") action 3 and step(True) action 1 (int() of each)."""
    from feldherr.adapters.table import IllegalActionError

    env = SingleAgentEnv("toy", players=2)
    obs, _ = env.reset(seed=1)
    digest = env.state.digest()
    legal = np.flatnonzero(obs["action_mask"])
    for bad in (float(legal[-1]) + 0.5, np.float32(legal[0]), True, str(legal[0]), None, [int(legal[0])],
                np.array([legal[0]]), np.array(float(legal[0]))):  # fmt: skip
        with pytest.raises(IllegalActionError, match=r"an action is a whole number \(int\), not "):
            env.step(bad)  # type: ignore[arg-type]
        assert env.state.digest() == digest and env.action_masks().any()
    # numbers of every integer kind a policy hands back are actions
    for good in (np.int64(legal[0]), np.array(legal[0], dtype=np.int32)):
        env.reset(seed=1)
        info = env.step(good)[4]  # type: ignore[arg-type]
        assert "illegal" not in info and env.state.digest() != digest


def test_a_seed_outside_the_engines_range_is_refused() -> None:
    """reset(seed=2**64) was the game of seed 0 (the generator reads a seed modulo 2^64)."""
    from feldherr.adapters.pettingzoo import env, parallel_env
    from feldherr.core.errors import OptionError

    for make in (lambda: SingleAgentEnv("toy", players=2), lambda: env("toy"), lambda: parallel_env("toy")):
        with pytest.raises(
            OptionError, match=r"a seed is a whole number from 0 to 2\^64-1, not 18446744073709551616"
        ):
            make().reset(seed=2**64)


def test_step_before_reset_is_refused() -> None:
    with pytest.raises(RuntimeError, match=r"no episode yet: call reset\(\) first"):
        SingleAgentEnv("toy", players=2).step(0)


def test_unknown_opponent_is_refused() -> None:
    with pytest.raises(Exception, match="unknown bot"):
        SingleAgentEnv("toy", opponents="nobody")


def test_training_example_on_a_tiny_budget() -> None:
    result = random_search(lambda: SingleAgentEnv("toy", players=2), iterations=6, episodes=6, seed=3)
    assert len(result.history) == 7
    assert result.history == sorted(result.history)  # hill climbing never loses its best
    env = SingleAgentEnv("toy", players=2)
    assert evaluate(env, result.policy, [1, 2, 3]) >= 0.0


def test_training_command(capsys: pytest.CaptureFixture[str]) -> None:
    main(["toy", "--iterations", "2", "--episodes", "2"])
    assert "best" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.skipif("mansfeld" not in ready_games(), reason="Mansfeld is not in this build")
def test_reinforce_learns_to_beat_the_random_bot_in_a_minute() -> None:
    """The numpy training recipe of docs/adapters.md on Mansfeld 2p, on a small CPU budget: the
    greedy policy must beat the random bot (a fair share is 50 %), where the untrained one loses."""
    from feldherr.adapters.train import SoftmaxPolicy, reinforce, win_rate

    def make() -> SingleAgentEnv:
        return SingleAgentEnv("mansfeld", players=2, opponents="random")

    trained = reinforce(make, episodes=100_000, seed=0, cpu_seconds=20)
    assert trained.episodes >= 64 and trained.steps > trained.episodes
    env = make()
    assert win_rate(env, SoftmaxPolicy.zeros(env), 40) < 0.5
    assert win_rate(env, trained.policy, 100) > 0.65


def test_reinforce_command(capsys: pytest.CaptureFixture[str]) -> None:
    main(["toy", "--players", "2", "--method", "reinforce", "--cpu-seconds", "0.5", "--eval-games", "5"])
    out = capsys.readouterr().out
    assert "episodes" in out and "win rate against random" in out


def test_reset_options_change_the_seat_and_the_opponents() -> None:
    env = SingleAgentEnv("toy", seat=0, players=3)
    env.reset(seed=2, options={"seat": 2})
    assert (env.seat, env.opponents) == (2, ["random", "random"])
    assert 2 in env.state.to_move() or env.state.is_terminal()
    obs, _ = env.reset(seed=2, options={"seat": 1, "opponents": ["heuristic", "random"]})
    assert (env.seat, env.opponents) == (1, ["heuristic", "random"])
    assert np.array_equal(obs["observation"], env.state.observation(1))
    env.reset(seed=2)  # later episodes keep them
    assert (env.seat, env.opponents) == (1, ["heuristic", "random"])
    for bad, message in [
        ({"seats": 1}, r"reset options are 'seat' and 'opponents', not 'seats'"),
        ({"seat": 3}, r"seat must be 0\.\.2, not 3"),
        ({"opponents": ["random"]}, r"2 opponents needed, got 1"),
        ({"opponents": ["nobody", "random"]}, r"nobody"),
    ]:
        with pytest.raises(ValueError, match=message):
            env.reset(seed=2, options=bad)
        assert (env.seat, env.opponents) == (1, ["heuristic", "random"])  # a refused reset changes nothing


@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "3", True])
def test_a_refused_seed_changes_nothing(bad: object) -> None:
    """A reset refused for its seed (the engine's one line, as in the PettingZoo environments)
    changes nothing: neither the seat and opponents asked for with it nor the generator of the
    unseeded resets after it (gymnasium's ``reset`` had reseeded it and the options were applied
    before the engine refused the seed; -1, 1.5 and "3" were gymnasium's own errors)."""
    from feldherr.core.errors import OptionError

    seen, clean = SingleAgentEnv("toy", players=3), SingleAgentEnv("toy", players=3)
    seen.reset(seed=5)
    clean.reset(seed=5)
    digest = seen.state.digest()
    with pytest.raises(OptionError, match=r"^a seed is a whole number from 0 to 2\^64-1, not "):
        seen.reset(seed=bad, options={"seat": 2, "opponents": "heuristic"})  # type: ignore[arg-type]
    assert (seen.seat, seen.opponents, seen.state.digest()) == (0, ["random", "random"], digest)
    seen.reset()
    clean.reset()
    assert seen.state.digest() == clean.state.digest()


@pytest.mark.parametrize("name", ["toy", *ready_games()])
def test_the_agent_playing_its_seats_bot_is_play_games_game(name: str) -> None:
    """The bots and the agent are asked in the round order of ``drive`` (every seat of
    ``to_move()`` once, in seat order, the agent in its place): an agent that plays what
    ``make_bots``' bot for its seat would play plays exactly ``play_game``'s game with those bots,
    record for record. (The agent was asked as soon as it owed a decision, before the bots of the
    seats ahead of it in a secret phase: the same outcome, another order in the log.)"""
    from feldherr.core.bots import SeatAccess
    from feldherr.core.play import make_bots, play_game
    from feldherr.games import get_game

    game = get_game(name)
    players = 3
    options = game.normalize_options({"players": players})
    for seat, bot in [(players - 1, "random"), (1, "heuristic")]:
        env = SingleAgentEnv(name, seat=seat, opponents=bot, players=players)
        env.reset(seed=8)
        mine = make_bots(game, [bot] * players, 8)[seat]
        done = False
        while not done:
            for action in game.move_actions(env.state, seat, mine.choose(SeatAccess(env.state, seat))):
                assert env.action_masks()[action]
                _, _, done, _, info = env.step(action)
                assert not info.get("illegal")
        _, final, _ = play_game(game, options, 8, make_bots(game, [bot] * players, 8), record_moves=False)
        assert env.state.log == final.log
        assert env.state.digest() == final.digest()
