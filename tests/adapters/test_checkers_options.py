"""The libraries' own checkers under option sets the other adapter tests leave out.

``test_real_games.py`` runs PettingZoo's ``api_test`` and Gymnasium's ``check_env`` on each option
on its own; here a sample of combined option sets (several variants or modules at once, the ends
of the player ranges, the other decks, towers and starts) goes through the checkers that run on
the default options only elsewhere: PettingZoo's ``parallel_api_test``, ``seed_test``,
``parallel_seed_test`` and ``render_test``, Gymnasium's ``check_env`` with its render check on
``gymnasium.make(id, **options)``, a ``SyncVectorEnv`` against an ``AsyncVectorEnv`` (the same
games in worker processes), OpenSpiel's tensors, clones, serialization and resampling along a
random game, the AEC and the parallel environments against OpenSpiel's turn-based and simultaneous
forms, and the same trajectory in a second interpreter. The sweep over every option set,
thousands of random decisions each, is marked ``slow``.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import warnings
from functools import partial
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import parallel_api_test, parallel_seed_test, render_test, seed_test

from feldherr.adapters.gym import SingleAgentEnv, env_id
from feldherr.adapters.openspiel import register, short_name
from feldherr.adapters.pettingzoo import env, parallel_env
from feldherr.core.bots import SeatAccess
from feldherr.core.play import make_bots, play_game
from feldherr.games import get_game

from .conftest import ready_games

GAMES = ready_games()
ALL_MODULES = ["court", "landsknechte", "leaders"]
SAMPLED: list[tuple[str, dict[str, Any]]] = [
    (
        "elgrande",
        {
            "players": 2,
            "variant": ["short", "neue_regentschaft", "alte_hasen", "machtverschiebung", "hidden_castillo"],
        },
    ),
    ("elgrande", {"players": 3, "deck": "classic", "variant": ["merged_stacks", "machtverschiebung"]}),
    (
        "elgrande",
        {"players": 5, "variant": ["alte_hasen:veto", "alte_hasen:the_court", "alte_hasen:intrigue_either"]},
    ),
    ("wallenstein", {"players": 5, "setup": "fixed", "modules": ALL_MODULES}),
    ("wallenstein", {"players": 3, "modules": ["leaders", "landsknechte"], "tower": "two-level"}),
    ("mansfeld", {"players": 4, "ages": [9, 41, 9, 70]}),
]
SAMPLED = [(name, options) for name, options in SAMPLED if name in GAMES]
IDS = [f"{name}-{json.dumps(options, sort_keys=True)}" for name, options in SAMPLED]


def openspiel_params(options: dict[str, Any]) -> dict[str, Any]:
    """The options as OpenSpiel parameters (docs/adapters.md: sets joined by ``+``, lists by
    ``;``, a choice that reads as a number with a leading ``_``)."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if isinstance(value, list):
            strings = all(isinstance(x, str) for x in value)
            out[key] = ("+" if strings else ";").join(map(str, value)) or "none"
        elif isinstance(value, str) and value.isdigit():
            out[key] = "_" + value
        else:
            out[key] = value
    return out


@pytest.mark.parametrize(("name", "options"), SAMPLED, ids=IDS)
def test_pettingzoo_checkers_under_combined_options(
    name: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    parallel_api_test(parallel_env(name, **options), num_cycles=40)
    seed_test(partial(env, name, **options), num_cycles=40)
    parallel_seed_test(partial(parallel_env, name, **options), num_cycles=40)
    render_test(partial(env, name, **options))
    capsys.readouterr()  # (the "human" mode prints every position)
    par = parallel_env(name, render_mode="ansi", **options)
    par.reset(seed=1)
    text = par.render()
    assert isinstance(text, str) and text.strip()


@pytest.mark.parametrize(("name", "options"), SAMPLED, ids=IDS)
def test_gymnasium_make_with_options_passes_check_env_with_rendering(
    name: str, options: dict[str, Any]
) -> None:
    made = gymnasium.make(env_id(name), render_mode="ansi", **options)
    assert made.unwrapped.table.options == get_game(name).normalize_options(options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checkers' warnings (the passive one's of make too) fail
        check_env(made.unwrapped)  # its render check warns only: the text is checked below
        obs, _ = made.reset(seed=2)
        made.step(int(np.flatnonzero(obs["action_mask"])[0]))
        obs, _ = made.reset(seed=2)
    assert made.observation_space.contains(obs)
    text = made.render()
    assert isinstance(text, str) and text.strip()


def _vector_run(vector: Any, name: str, options: dict[str, Any], steps: int) -> list[Any]:
    """``steps`` masked steps of a vector environment of three (the last legal action of each mask,
    0 for a finished one); every observation must lie in the vector's space."""
    envs = vector([partial(gymnasium.make, env_id(name), **options) for _ in range(3)])
    try:
        obs, _ = envs.reset(seed=21)
        trace = [obs["observation"].tobytes()]
        for _ in range(steps):
            assert envs.observation_space.contains(obs)
            masks = np.stack(envs.call("action_masks"))
            actions = np.array([int(np.flatnonzero(m)[-1]) if m.any() else 0 for m in masks])
            obs, rewards, terminations, truncations, _ = envs.step(actions)
            trace.append(
                (obs["observation"].tobytes(), rewards.tolist(), terminations.tolist(), truncations.tolist())
            )
        return trace
    finally:
        envs.close()


@pytest.mark.parametrize(
    ("name", "options"),
    [(n, o) for n, o in SAMPLED if n != "wallenstein"][:2],
    ids=IDS[:2],
)
def test_async_vector_env_plays_the_sync_vector_envs_games(name: str, options: dict[str, Any]) -> None:
    """An ``AsyncVectorEnv`` (each environment in a worker process) plays exactly the games of a
    ``SyncVectorEnv`` with the same seeds, its autoresets included."""
    steps = 150  # (more than a short 2-player El Grande game: the autoreset is reached)
    sync = _vector_run(gymnasium.vector.SyncVectorEnv, name, options, steps)
    assert any(any(done) for _, _, done, _ in sync[1:])
    assert _vector_run(gymnasium.vector.AsyncVectorEnv, name, options, steps) == sync


def _openspiel_walk(game: pyspiel.Game, seed: int, nodes: int) -> pyspiel.State:
    """A random game of ``nodes`` nodes at most, checking at each node: both tensors of every
    player in [0, 1] with the declared sizes; every fifth node, a clone and a serialized copy that
    are the state, and (turn-based) a resampled world with the same information state."""
    rng = np.random.default_rng(seed)
    sizes = (
        int(np.prod(game.observation_tensor_shape())),
        int(np.prod(game.information_state_tensor_shape())),
    )
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    state.apply_action(seed)
    for node in range(nodes):
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            for tensor, size in zip(
                (state.observation_tensor(player), state.information_state_tensor(player)), sizes, strict=True
            ):
                values = np.asarray(tensor)
                assert values.shape == (size,) and values.min() >= 0.0 and values.max() <= 1.0
        if node % 5 == 0:
            twin = state.clone()
            _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            for other in (twin, back):
                assert str(other) == str(state) and other.history() == state.history()
                assert other.legal_actions() == state.legal_actions()
            if not state.is_simultaneous_node():
                me = state.current_player()
                world = state.resample_from_infostate(me, sampler)
                assert world.information_state_string(me) == state.information_state_string(me)
                assert world.legal_actions(me) == state.legal_actions(me)
        if state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(game.num_players())])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize(("name", "options"), SAMPLED, ids=IDS)
def test_openspiel_tensors_copies_and_resampling_under_combined_options(
    name: str, options: dict[str, Any]
) -> None:
    register([name])
    for turn_based in (False, True):
        game = pyspiel.load_game(short_name(name), {**openspiel_params(options), "turn_based": turn_based})
        assert game.table.options == get_game(name).normalize_options(options)
        _openspiel_walk(game, 6, 60)


@pytest.mark.parametrize(
    ("name", "options"),
    [(n, o) for n, o in SAMPLED if n != "wallenstein"],
    ids=[i for i in IDS if not i.startswith("wallenstein")],
)
def test_openspiel_random_sim_test_under_combined_options(name: str, options: dict[str, Any]) -> None:
    """OpenSpiel's own ``random_sim_test`` (serialization at every node) on whole games; Wallenstein's
    takes 10-25 s a game on the shared machine and runs on its default options in the slow
    ``test_real_games.test_openspiel_random_sim_test``."""
    register([name])
    for turn_based in (False, True):
        game = pyspiel.load_game(short_name(name), {**openspiel_params(options), "turn_based": turn_based})
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "options"), SAMPLED, ids=IDS)
def test_the_aec_environment_and_openspiels_turn_based_form_play_the_same_game(
    name: str, options: dict[str, Any]
) -> None:
    """Seed and actions alike, PettingZoo's AEC environment and OpenSpiel's ``turn_based`` form are
    the same game: at every decision the same seat to move, the same legal actions, the same
    observation numbers, and at the end the same returns."""
    register([name])
    game = pyspiel.load_game(short_name(name), {**openspiel_params(options), "turn_based": True})
    state = game.new_initial_state()
    state.apply_action(77)
    aec = env(name, **options)
    aec.reset(seed=77)
    rng = np.random.default_rng(0)
    final = {}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, info = aec.last()
        if terminated or truncated:
            final[agent] = reward
            aec.step(None)
            continue
        seat = aec.seat_of[agent]
        assert state.current_player() == seat
        assert state.legal_actions() == info["legal_actions"]
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), obs["observation"])
        action = int(rng.choice(info["legal_actions"]))
        aec.step(action)
        state.apply_action(action)
    assert state.is_terminal()
    assert [final[a] for a in aec.possible_agents] == state.returns()


@pytest.mark.parametrize(("name", "options"), SAMPLED, ids=IDS)
def test_the_parallel_environment_and_openspiels_simultaneous_form_play_the_same_game(
    name: str, options: dict[str, Any]
) -> None:
    """Seed and joint actions alike, PettingZoo's parallel environment and OpenSpiel's
    simultaneous form are the same game: at every step each agent's legal actions are its
    player's (``[pass]`` or none for one that owes nothing), its observation its player's
    observation tensor, and the returns at the end the same."""
    register([name])
    game = pyspiel.load_game(short_name(name), {**openspiel_params(options), "turn_based": False})
    state = game.new_initial_state()
    state.apply_action(77)
    par = parallel_env(name, **options)
    observations, infos = par.reset(seed=77)
    rng = np.random.default_rng(0)
    pass_action = game.num_distinct_actions() - 1
    rewards: dict[str, float] = {}
    while par.agents:
        joint = {}
        for agent, info in infos.items():
            player = par.seat_of[agent]
            legal = state.legal_actions(player)
            if info["legal_actions"]:
                assert legal == info["legal_actions"]
                joint[agent] = int(rng.choice(legal))
            else:
                assert legal in ([], [pass_action])
            tensor = np.asarray(state.observation_tensor(player), np.float32)
            assert np.array_equal(tensor, observations[agent]["observation"])
        if state.is_simultaneous_node():
            state.apply_actions([joint.get(agent, pass_action) for agent in par.possible_agents])
        else:
            (action,) = joint.values()
            state.apply_action(action)
        observations, rewards, _, _, infos = par.step(joint)
    assert state.is_terminal()
    assert [rewards[a] for a in par.possible_agents] == state.returns()


@pytest.mark.parametrize(("name", "options"), SAMPLED, ids=IDS)
def test_agents_playing_their_seats_bots_play_play_games_game(name: str, options: dict[str, Any]) -> None:
    """Every agent of the AEC and the parallel environment, and the Gymnasium agent of the last
    seat, playing what ``make_bots``' random bot of its seat would play: each environment's game
    is ``play_game``'s with those bots, record for record (secret phases asked in seat order)."""
    game = get_game(name)
    players = game.normalize_options(options)["players"]
    _, final, _ = play_game(
        game, game.normalize_options(options), 8, make_bots(game, ["random"] * players, 8)
    )

    def chooser() -> Any:
        bots, queued = make_bots(game, ["random"] * players, 8), {}

        def next_action(state: Any, seat: int) -> int:
            if not queued.get(seat):
                move = bots[seat].choose(SeatAccess(state, seat))
                queued[seat] = list(game.move_actions(state, seat, move))
            action: int = queued[seat].pop(0)
            return action

        return next_action

    aec, choose = env(name, **options), chooser()
    aec.reset(seed=8)
    for agent in aec.agent_iter():
        *_, terminated, truncated, _ = aec.last(observe=False)
        aec.step(None if terminated or truncated else choose(aec.game_state, aec.seat_of[agent]))
    par, choose = parallel_env(name, **options), chooser()
    _, infos = par.reset(seed=8)
    while par.agents:
        joint = {a: choose(par.game_state, par.seat_of[a]) for a, i in infos.items() if i["legal_actions"]}
        *_, infos = par.step(joint)
    seat, choose = players - 1, chooser()
    single = SingleAgentEnv(name, seat=seat, options=options)
    single.reset(seed=8)
    done = False
    while not done:
        _, _, done, _, info = single.step(choose(single.state, seat))
        assert not info.get("illegal")
    for state in (aec.game_state, par.game_state, single.state):
        assert state.log == final.log and state.digest() == final.digest()


# -- the same trajectory, in this interpreter and in another ------------------------------------
TRAJECTORY = """
import hashlib, json, sys
import numpy as np
from feldherr.adapters.pettingzoo import parallel_env

def trajectory(name, options, seed, steps):
    par = parallel_env(name, **options)
    digest = hashlib.sha256()
    observations, infos = par.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if not par.agents:
            observations, infos = par.reset(seed=seed + 1)
        for agent, obs in observations.items():
            digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
        actions = {a: int(rng.choice(i["legal_actions"])) for a, i in infos.items() if i["legal_actions"]}
        observations, rewards, _, _, infos = par.step(actions)
        digest.update(json.dumps([sorted(actions.items()), sorted(rewards.items())]).encode())
    return digest.hexdigest()

if __name__ == "__main__":
    print(trajectory(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
"""


def _trajectory_here(name: str, options: dict[str, Any], seed: int, steps: int) -> str:
    namespace: dict[str, Any] = {"__name__": "trajectory"}
    exec(compile(TRAJECTORY, "trajectory", "exec"), namespace)
    digest: str = namespace["trajectory"](name, options, seed, steps)
    return digest


def test_the_same_seed_plays_the_same_game_twice_and_in_another_interpreter(tmp_path: Path) -> None:
    """Same seed, same actions: the same observations, masks and rewards, twice in this process and
    once in a fresh interpreter with another hash seed (set and dict order, object ids and
    addresses differ there), over whole games of every game under combined options."""
    cases = [(n, o) for n, o in SAMPLED if n != "elgrande"] + [(n, o) for n, o in SAMPLED if n == "elgrande"][
        :1
    ]
    script = tmp_path / "trajectory.py"
    script.write_text(TRAJECTORY, encoding="utf-8")
    for name, options in cases:
        here = _trajectory_here(name, options, 5, 200)
        assert _trajectory_here(name, options, 5, 200) == here
        assert _trajectory_here(name, options, 6, 200) != here  # (the digest sees the seed)
        done = subprocess.run(
            [sys.executable, str(script), name, json.dumps(options), "5", "200"],
            env={**os.environ, "PYTHONHASHSEED": "12345"},
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        assert done.stdout.strip() == here, (name, options)


# -- the long sweep ------------------------------------------------------------------------------
def every_option_set(name: str) -> list[dict[str, Any]]:
    """Every player count with: the defaults, each choice and each set member on its own, every
    set option's choices all together (a member the game refuses at that player count left out:
    El Grande's merged stacks but with 3 players) and with the other deck (less the Alte Hasen
    cards, which the classic deck holds already); Wallenstein: every subset of the modules and
    the other start with all of them; a per-player list given."""
    game = get_game(name)
    specs = [s for s in game.option_spec() if s.name != "players"]
    singles: list[dict[str, Any]] = [{}]
    for spec in specs:
        if spec.kind == "choice":
            singles += [{spec.name: c} for c in spec.choices if c not in (spec.default, "physical")]
        elif spec.kind == "multi":
            members = list(spec.choices)
            subsets = [
                list(c) for r in range(1, len(members) + 1) for c in itertools.combinations(members, r)
            ]
            if len(subsets) <= 7:  # (Wallenstein's modules)
                singles += [{spec.name: c} for c in subsets]
                singles.append({"setup": "fixed", spec.name: members})
            else:
                singles += [{spec.name: [c]} for c in members] + [{spec.name: members}]
                classic = [c for c in members if not c.startswith("alte_hasen")]
                singles.append({"deck": "classic", spec.name: classic})
        elif spec.kind == "int_list" and spec.per_player:
            singles.append({spec.name: "per player"})
    sets: dict[str, dict[str, Any]] = {}
    for players in range(game.min_players, game.max_players + 1):
        for extra in singles:
            options = {"players": players, **extra}
            for key, value in extra.items():
                if value == "per player":
                    options[key] = [20 + 7 * i for i in range(players)]
            for attempt in (
                options,
                {k: v for k, v in options.items() if k != "variant"}
                | {"variant": [v for v in options.get("variant", []) if v != "merged_stacks"]},
            ):
                try:
                    normal = game.normalize_options(attempt)
                except ValueError:
                    continue
                sets.setdefault(json.dumps(normal, sort_keys=True, default=str), attempt)
                break
    return list(sets.values())


SWEEP = [(name, options) for name in GAMES for options in every_option_set(name)]


def test_the_sweep_covers_every_player_count_and_option() -> None:
    for name in GAMES:
        game = get_game(name)
        sets = [o for n, o in SWEEP if n == name]
        assert {o["players"] for o in sets} == set(range(game.min_players, game.max_players + 1))
        for spec in game.option_spec():
            if spec.kind == "multi":
                seen = {c for o in sets for c in o.get(spec.name, [])}
                assert seen == set(spec.choices), spec.name
            elif spec.kind == "choice":
                seen = {o.get(spec.name, spec.default) for o in sets}
                assert seen >= set(spec.choices) - {"physical"}, spec.name


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options"), SWEEP, ids=[f"{n}-{json.dumps(o, sort_keys=True)}" for n, o in SWEEP]
)
def test_observations_stay_in_bounds_and_masks_are_the_legal_actions(
    name: str, options: dict[str, Any]
) -> None:
    """3,000 random joint decisions of the parallel environment (new games as they end): every
    agent's observation float32 of the declared shape, finite and within the declared bounds
    (which field is out, if one is), its mask int8 0/1 marking exactly its ``legal_actions``, some
    agent to move in every running game, the rewards within the return bounds."""
    par = parallel_env(name, **options)
    space = par.observation_space(par.possible_agents[0])["observation"]
    low, high = par.table.info.observation_bounds
    fields = par.table.info.fields()
    rewards_low, rewards_high = par.table.return_bounds
    rng = np.random.default_rng(17)
    observations, infos = par.reset(seed=17)
    games = 0
    for step in range(3000):
        if not par.agents:
            games += 1
            observations, infos = par.reset(seed=17 + games)
        for agent, obs in observations.items():
            values, mask = obs["observation"], obs["action_mask"]
            assert values.dtype == np.float32 and values.shape == space.shape
            bad = np.flatnonzero(~np.isfinite(values) | (values < low) | (values > high))
            assert not bad.size, [
                (f.name, int(i) - f.offset, float(values.flat[i]))
                for i in bad[:5]
                for f in fields
                if f.offset <= i < f.offset + f.size
            ]
            assert (
                mask.dtype == np.int8 and mask.shape == (par.table.num_actions,) and mask.max(initial=0) <= 1
            )
            assert np.flatnonzero(mask).tolist() == infos[agent]["legal_actions"], (step, agent)
        actions = {a: int(rng.choice(i["legal_actions"])) for a, i in infos.items() if i["legal_actions"]}
        assert actions, f"nobody to move at step {step} of a running game"
        observations, rewards, _, _, infos = par.step(actions)
        assert all(rewards_low <= r <= rewards_high for r in rewards.values())
