"""OpenSpiel tensors (issue 24): observation and information-state tensors with non-empty,
consistent shapes for every game; unsupported observers raise SpielError; OpenSpiel's own learning
algorithms (outcome-sampling MCCFR, tabular Q-learning on ``rl_environment``: numpy only) run on
the smallest configuration; a PyTorch one runs where PyTorch is installed."""

from __future__ import annotations

import importlib.util

import numpy as np
import pyspiel
import pytest
from open_spiel.python import observation, rl_environment
from open_spiel.python.algorithms import outcome_sampling_mccfr, tabular_qlearner

from feldherr.adapters.openspiel import history_size, register, short_name
from feldherr.adapters.table import Table

from .conftest import ready_games

GAMES = ready_games()


def _played(game: pyspiel.Game, seed: int, steps: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    state.apply_action(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(game.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("turn_based", [False, True])
def test_tensor_shapes_are_non_empty_and_consistent(name: str, turn_based: bool) -> None:
    register([name])
    game = pyspiel.load_game(short_name(name), {"turn_based": turn_based, "seeds": 16})
    kind = game.get_type()
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    obs_size = game.observation_tensor_size()
    info_size = game.information_state_tensor_size()
    assert obs_size > 0 and game.observation_tensor_shape() == [obs_size]
    assert info_size == obs_size + 2 * game.max_game_length()
    recall = observation.make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor.shape == (info_size,)
    state = _played(game, 5, 40)
    for player in range(game.num_players()):
        obs = np.asarray(state.observation_tensor(player))
        info = np.asarray(state.information_state_tensor(player))
        assert obs.shape == (obs_size,) and info.shape == (info_size,)
        assert np.array_equal(info[:obs_size], obs)  # the observation, then the own actions
        assert info.min() >= 0.0 and info.max() <= 1.0
        assert info[obs_size::2].sum() >= 1  # every seat has acted in 40 steps
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_tensor(0) == state.information_state_tensor(0)
    assert history_size(Table(name, {})) == 2 * game.max_game_length()


@pytest.mark.parametrize("name", GAMES)
def test_observers_the_game_cannot_offer_raise(name: str) -> None:
    register([name])
    game = pyspiel.load_game(short_name(name))
    everyone = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(pyspiel.SpielError, match="single player"):
        observation.make_observation(game, everyone)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(pyspiel.SpielError):
        observation.make_observation(game, public)


def _smallest() -> pyspiel.Game:
    register(["mansfeld"])
    return pyspiel.load_game(short_name("mansfeld"), {"players": 2, "turn_based": True, "seeds": 8})


@pytest.mark.skipif("mansfeld" not in GAMES, reason="Mansfeld (the smallest game) is not in this build")
def test_openspiel_learning_algorithms_run_numpy_only() -> None:
    """OpenSpiel's outcome-sampling MCCFR (information-state strings) and tabular Q-learning on
    ``rl_environment`` (which hands agents the information-state tensor) for a few iterations."""
    game = _smallest()
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    assert len(solver._infostates) > 50
    policy = solver.average_policy()
    state = _played(game, 1, 3)
    probs = policy.action_probabilities(state)
    assert probs and abs(sum(probs.values()) - 1.0) < 1e-6
    env = rl_environment.Environment(game)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    agents = [
        tabular_qlearner.QLearner(player_id=p, num_actions=env.action_spec()["num_actions"]) for p in range(2)
    ]
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
    assert sorted(step.rewards) == [0.0, 1.0] or step.rewards == [0.5, 0.5]


@pytest.mark.slow
@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None or importlib.util.find_spec("tree") is None,
    reason="PyTorch or dm-tree is not installed (opt-in: pip install torch dm-tree); OpenSpiel's NFSP "
    "(open_spiel.python.pytorch.nfsp) imports both",
)
@pytest.mark.skipif("mansfeld" not in GAMES, reason="Mansfeld (the smallest game) is not in this build")
def test_openspiel_nfsp_pytorch_trains_a_few_steps() -> None:  # pragma: no cover -- torch is opt-in
    from open_spiel.python.pytorch import nfsp

    game = _smallest()
    env = rl_environment.Environment(game)
    size = env.observation_spec()["info_state"][0]
    actions = env.action_spec()["num_actions"]
    agents = [
        nfsp.NFSP(p, size, actions, [32], 1000, 0.1, min_buffer_size_to_learn=8, batch_size=8)
        for p in range(2)
    ]
    for _ in range(3):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        for agent in agents:
            agent.step(step)
