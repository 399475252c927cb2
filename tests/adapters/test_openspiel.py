"""OpenSpiel's own checks on the registered games."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest

from feldherr.adapters import ismcts
from feldherr.adapters.openspiel import MAX_SEEDS, register, short_name
from feldherr.core.errors import RuleError
from feldherr.games import get_game

PARAMS = [{"players": 2}, {"players": 3, "variant": "plain"}, {"players": 4, "rounds": 5}]


@pytest.fixture(autouse=True)
def _registered() -> None:
    register(["toy"])


@pytest.mark.parametrize("params", PARAMS)
@pytest.mark.parametrize("turn_based", [False, True])
def test_random_sim_test_with_serialization(params: dict[str, object], turn_based: bool) -> None:
    game = pyspiel.load_game(short_name("toy"), {**params, "turn_based": turn_based})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_parameters_are_the_declared_options() -> None:
    game = pyspiel.load_game("python_feldherr_toy")
    params = game.get_parameters()
    for spec in get_game("toy").option_spec():
        assert params[spec.name] == spec.default
    assert {"seeds", "turn_based", "reward"} <= set(params)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert pyspiel.load_game("python_feldherr_toy", {"turn_based": True}).get_type().dynamics == (
        pyspiel.GameType.Dynamics.SEQUENTIAL
    )


def test_the_utility_follows_the_reward() -> None:
    """``reward=win`` returns always sum to 1 (the shares of one win): CONSTANT_SUM with
    utility_sum 1, registered so (the default); ``reward=score`` stays GENERAL_SUM. The type said
    GENERAL_SUM for both, which OpenSpiel's tools (exploitability, NashConv) read to choose how
    they compute."""
    constant = pyspiel.GameType.Utility.CONSTANT_SUM
    registered = {t.short_name: t for t in pyspiel.registered_games()}[short_name("toy")]
    assert registered.utility == constant
    for turn_based in (False, True):
        game = pyspiel.load_game(short_name("toy"), {"players": 3, "turn_based": turn_based})
        assert game.get_type().utility == constant and game.utility_sum() == 1.0
        assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
        pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    sums = set()
    for players in (2, 3, 4):  # ties among 2, 3 and 4 players too: 1/k each still sums to 1
        game = pyspiel.load_game(short_name("toy"), {"players": players, "turn_based": True})
        for seed in range(40):
            state = game.new_initial_state()
            state.apply_action(seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
            sums.add(sum(state.returns()))
    assert sums == {1.0}
    scored = pyspiel.load_game(short_name("toy"), {"players": 3, "reward": "score"})
    assert scored.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert scored.utility_sum() is None
    pyspiel.random_sim_test(scored, num_sims=5, serialize=True, verbose=False)


def test_the_seed_chance_node_is_the_engine_seed() -> None:
    game = pyspiel.load_game("python_feldherr_toy", {"players": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == game.get_parameters()["seeds"] and outcomes[7] == (7, 1 / len(outcomes))
    outcomes.clear()  # the caller's own list (the outcomes are kept per game)
    assert len(state.chance_outcomes()) == game.get_parameters()["seeds"]
    assert state.legal_actions() == list(range(len(state.chance_outcomes())))
    state.apply_action(1234)
    assert state.engine.digest() == get_game("toy").new_state({"players": 3}, 1234).digest()


@pytest.mark.parametrize("seeds", [10**7, MAX_SEEDS + 1, 0, -5])
def test_seeds_beyond_the_documented_range_are_refused_in_one_line(seeds: object) -> None:
    """``seeds`` is a whole number from 1 to ``MAX_SEEDS``: 10**7 would make the chance node build
    (and keep) ten million outcomes; each is refused naming the parameter and its range (a float
    or a text pyspiel refuses itself: ``Wrong type for parameter seeds``)."""
    with pytest.raises(ValueError, match=r"^parameter seeds must be a whole number from 1 to 1,048,576 "):
        pyspiel.load_game("python_feldherr_toy", {"players": 3, "seeds": seeds})


def test_the_largest_seeds_is_taken() -> None:
    assert MAX_SEEDS == 2**20
    game = pyspiel.load_game("python_feldherr_toy", {"players": 3, "seeds": MAX_SEEDS})
    assert game.max_chance_outcomes() == MAX_SEEDS
    state = game.new_initial_state()
    state.apply_action(MAX_SEEDS - 1)
    assert state.engine.digest() == get_game("toy").new_state({"players": 3}, MAX_SEEDS - 1).digest()


def test_simultaneous_node_and_pass() -> None:
    game = pyspiel.load_game("python_feldherr_toy", {"players": 3, "variant": "plain"})
    state = game.new_initial_state()
    state.apply_action(9)
    assert state.is_simultaneous_node()
    joint = [state.legal_actions(p)[0] for p in range(3)]
    state.apply_actions(joint)
    assert state.engine.version == 3
    game = pyspiel.load_game("python_feldherr_toy", {"players": 3, "variant": "double"})
    state = game.new_initial_state()
    state.apply_action(9)
    assert state.current_player() == 0  # the start player's double/keep is a decision node
    assert state.legal_actions(1) == []


def test_strings_tensors_and_resampling() -> None:
    game = pyspiel.load_game("python_feldherr_toy", {"players": 3, "turn_based": True})
    state = game.new_initial_state()
    state.apply_action(5)
    while state.current_player() != 2:
        state.apply_action(state.legal_actions()[-1])
    engine = state.engine
    assert state.observation_string(2) == engine.observation_string(2)
    assert state.observation_tensor(2) == pytest.approx(engine.observation(2).tolist())
    info = state.information_state_string(2)
    assert info != state.information_state_string(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    digests = set()
    for _ in range(5):
        other = state.resample_from_infostate(2, sampler)
        assert other.information_state_string(2) == info
        assert other.observation_string(2) == state.observation_string(2)
        assert other.legal_actions() == state.legal_actions()
        digests.add(other.engine.digest())
    assert len(digests) > 1  # the hidden hands are really resampled


def test_serialization_and_pickle_round_trip() -> None:
    game = pyspiel.load_game("python_feldherr_toy", {"players": 2, "variant": "plain"})
    state = game.new_initial_state()
    state.apply_action(77)
    state.apply_actions([state.legal_actions(0)[0], state.legal_actions(1)[-1]])
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state)
    assert back.engine.digest() == state.engine.digest()
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


def test_ismcts_example_runs() -> None:
    state = ismcts.play("toy", {"players": 2}, simulations=10, seed=1)
    assert state.is_terminal() and sum(state.returns()) in (0.0, 1.0)
    short = ismcts.play("toy", {"players": 2}, simulations=3, seed=1, max_moves=2)
    assert len(short.history()) == 3  # the seed and two moves


def test_option_spelling_survives_the_game_string() -> None:
    """OpenSpiel reads parameter values back from the game string by their look: numbers-as-text,
    sets and lists need the adapter's spelling (see feldherr.adapters.openspiel)."""
    from feldherr.adapters.openspiel import options_from_params, param_default, params_spelled
    from feldherr.core.errors import OptionError
    from feldherr.core.options import OptionSpec

    specs = (
        OptionSpec("deck", "choice", "2023", "", "", choices=("2023", "classic")),
        OptionSpec("variant", "multi", [], "", "", choices=("short", "alte_hasen:veto")),
        OptionSpec("ages", "int_list", [30, 40], "", ""),
        OptionSpec("rounds", "int", 3, "", ""),
        OptionSpec("tower_params", "mapping", {}, "", ""),
    )
    defaults = {s.name: param_default(s) for s in specs}
    assert defaults == {
        "deck": "_2023",
        "variant": "none",
        "ages": "30;40",
        "rounds": 3,
        "tower_params": "default",
    }
    assert options_from_params(specs, defaults) == {
        "deck": "2023",
        "variant": [],
        "ages": [30, 40],
        "rounds": 3,
    }
    spelled = {"deck": "classic", "variant": "short+alte_hasen:veto", "ages": "default"}
    assert options_from_params(specs, spelled) == {"deck": "classic", "variant": ["short", "alte_hasen:veto"]}
    with pytest.raises(ValueError, match="mapping"):
        options_from_params(specs, {"tower_params": '{"a": 1}'})
    with pytest.raises(OptionError, match=r"option ages takes whole numbers joined by ';'.*'30;forty'"):
        options_from_params(specs, {"ages": "30;forty"})
    # a choice given as it is named ("2023") is spelled so that the game string reads it back
    assert params_spelled(specs, {"deck": "2023", "variant": "none"}) == {"deck": "_2023", "variant": "none"}
    assert params_spelled(specs, {"deck": "_2023"}) == {"deck": "_2023"}
    assert params_spelled(specs, {"deck": "classic"}) == {"deck": "classic"}


def test_resampling_for_a_player_not_in_the_game_is_a_spiel_error() -> None:
    state = pyspiel.load_game("python_feldherr_toy", {"players": 2, "turn_based": True}).new_initial_state()
    state.apply_action(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in (2, -1, True, 0.0):
        with pytest.raises(pyspiel.SpielError, match=r"no player .* to resample for"):
            state.resample_from_infostate(player, sampler)


@pytest.mark.parametrize("turn_based", [False, True])
def test_rl_environment_plays_whole_games(turn_based: bool) -> None:
    """OpenSpiel's RL environment: one action per player at every step of the simultaneous form (a
    seat that owes nothing at a decision node has no legal action; its entry is ignored)."""
    import numpy as np
    from open_spiel.python import rl_environment

    game = pyspiel.load_game("python_feldherr_toy", {"players": 3, "turn_based": turn_based})
    env = rl_environment.Environment(game, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(3):
        step = env.reset()
        while not step.last():
            legal = step.observations["legal_actions"]
            if env.is_turn_based:
                actions = [int(rng.choice(legal[step.observations["current_player"]]))]
            else:
                actions = [int(rng.choice(legal[p])) if legal[p] else 0 for p in range(3)]
            step = env.step(actions)
        assert sum(step.rewards) in (0.0, 1.0)
        assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()


@pytest.mark.parametrize("turn_based", [False, True])
def test_what_is_an_action_is_the_same_as_in_the_other_adapters(turn_based: bool) -> None:
    """docs/adapters.md, "Illegal actions": a float, even a whole one, a bool, a text or an array
    of several numbers is refused by every adapter with one line that says what an action is,
    nothing changed; a numpy integer and a 0-d integer array are actions. pyspiel's binding had
    converted the argument before the game saw it: it took True, numpy's True_ and a 0-d float
    array as action 1, and refused a float or a text with its own TypeError listing signatures."""
    game = pyspiel.load_game(
        "python_feldherr_toy", {"players": 3, "variant": "plain", "turn_based": turn_based}
    )
    state = game.new_initial_state()
    whole = r"^\[adapter\.action\] an action is a whole number \(int\), not "
    for wrong in (True, 9.0):  # at the opening chance node (the seed) too
        with pytest.raises(RuleError, match=whole):
            state.apply_action(wrong)
    assert state.is_chance_node()
    state.apply_action(np.int64(9))
    assert not state.is_chance_node()
    players = game.num_players()

    def play(wrap: object) -> None:
        if state.is_simultaneous_node():
            joint: list[object] = [state.legal_actions(p)[0] for p in range(players)]
            joint[players - 1] = wrap(joint[players - 1])  # type: ignore[operator]
            state.apply_actions(joint)
        else:
            state.apply_action(wrap(state.legal_actions()[0]))  # type: ignore[operator]

    before, history = str(state), state.history()
    for wrong, shown in [
        (float, r"float \d"),
        (np.float64, r"float64"),
        (lambda a: True, r"bool True"),
        (lambda a: np.True_, r"bool"),
        (str, r"str '\d+'"),
        (lambda a: np.array([a, a]), r"ndarray of shape \(2,\)"),
        (lambda a: np.array(float(a)), r"ndarray of shape \(\)"),
    ]:
        with pytest.raises(RuleError, match=whole + shown):
            play(wrong)
        assert (str(state), state.history()) == (before, history)
    play(np.array)  # a 0-d integer array
    play(np.int32)
    assert len(state.history()) > len(history)
    if state.is_simultaneous_node():  # a numpy array of integers is a joint action
        state.apply_actions(np.array([state.legal_actions(p)[0] for p in range(players)]))


@pytest.mark.parametrize("turn_based", [False, True])
def test_legal_actions_takes_the_players_pyspiel_takes(turn_based: bool) -> None:
    """``legal_actions(player)`` is answered in Python: it takes what pyspiel's own takes (an int, a
    numpy integer, a 0-d integer array) and refuses with a TypeError what pyspiel refuses, where
    ``int(player)`` had answered for player 1 when asked for 1.5 or "1"."""
    game = pyspiel.load_game(
        "python_feldherr_toy", {"players": 3, "variant": "plain", "turn_based": turn_based}
    )
    state = game.new_initial_state()
    state.apply_action(9)
    for player in (np.int64(1), np.array(1), 1):
        assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
    for wrong in (1.5, "1", np.float64(1.0)):
        with pytest.raises(TypeError):
            pyspiel.State.legal_actions(state, wrong)
        with pytest.raises(TypeError):
            state.legal_actions(wrong)
