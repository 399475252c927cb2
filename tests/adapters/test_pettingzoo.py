"""PettingZoo's own checkers on the AEC and parallel environments."""

from __future__ import annotations

import random
import weakref
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from feldherr.adapters.pettingzoo import env, parallel_env
from feldherr.adapters.table import IllegalActionError
from feldherr.core.errors import RuleError

TOY_OPTIONS = [{"players": 2}, {"players": 3, "variant": "plain"}, {"players": 4, "rounds": 5}]


@pytest.mark.parametrize("options", TOY_OPTIONS)
def test_api_test(options: dict[str, object]) -> None:
    api_test(env("toy", **options), num_cycles=200)


@pytest.mark.parametrize("options", TOY_OPTIONS)
def test_seed_test(options: dict[str, object]) -> None:
    seed_test(lambda: env("toy", **options), num_cycles=200)


@pytest.mark.parametrize("options", TOY_OPTIONS)
def test_parallel_api_test(options: dict[str, object]) -> None:
    parallel_api_test(parallel_env("toy", **options), num_cycles=200)


def test_parallel_seed_test() -> None:
    """PettingZoo's own parallel_seed_test: it samples without the mask, and the action spaces
    sample legal actions (``LegalActions``)."""
    for options in TOY_OPTIONS:
        parallel_seed_test(lambda options=options: parallel_env("toy", **options))


def test_parallel_is_deterministic() -> None:
    """The same check with masked samples: same seed, same actions -> same observations and
    rewards."""
    runs = []
    for _ in range(2):
        e = parallel_env("toy", players=3)
        obs, _ = e.reset(seed=42)
        for agent in e.possible_agents:
            e.action_space(agent).seed(5)
        trace = []
        while e.agents:
            actions = {a: int(e.action_space(a).sample(mask=obs[a]["action_mask"])) for a in e.agents}
            obs, rewards, *_ = e.step(actions)
            trace.append((actions, {a: o["observation"].tolist() for a, o in obs.items()}, rewards))
        runs.append(trace)
    assert runs[0] == runs[1]


def test_parallel_plays_simultaneous_bids_at_once() -> None:
    e = parallel_env("toy", players=3, variant="plain")
    obs, _ = e.reset(seed=1)
    assert all(obs[a]["action_mask"].any() for a in e.agents)  # every seat bids at once
    version = e.game_state.version
    e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    assert e.game_state.version == version + 3


def test_observation_is_the_seats_own() -> None:
    e = env("toy", players=3)
    e.reset(seed=7)
    state = e.game_state
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.float32
        assert np.array_equal(obs["observation"], state.observation(seat))
        assert obs["action_mask"].dtype == np.int8
        assert (
            obs["action_mask"].tolist() == [int(b) for b in state.action_mask(seat)]
            or seat not in state.to_move()
        )


def test_masks_are_the_users_and_an_idle_agents_is_read_only_zeros() -> None:
    """A mask of a seat to move is a new writable array each time; an agent that owes no decision
    gets all zeros, one read-only array (writing into it fails instead of changing another agent's
    mask); the environments hold no more than 29 attributes (CPython's shared-key limit)."""
    aec, par = env("toy", players=3), parallel_env("toy", players=3)
    aec.reset(seed=2)
    observations, _ = par.reset(seed=2)
    for e, masks in ((aec, {a: aec.observe(a)["action_mask"] for a in aec.agents}), (par, {})):
        if e is par:
            masks = {a: o["action_mask"] for a, o in observations.items()}
        moving = {e.possible_agents[s] for s in e.game_state.to_move()}
        idle = [a for a in e.possible_agents if a not in moving]
        assert moving and idle
        for agent in moving:
            assert masks[agent].flags.writeable and masks[agent].any()
        for agent in idle:
            assert not masks[agent].any() and not masks[agent].flags.writeable
            with pytest.raises(ValueError, match="read-only"):
                masks[agent][0] = 1
        assert len(vars(e)) < 30
    first = aec.observe(aec.agent_selection)["action_mask"]
    assert first is not aec.observe(aec.agent_selection)["action_mask"]


@pytest.mark.parametrize("game", ["toy", "elgrande"])
def test_an_observation_held_is_never_written_again(game: str) -> None:
    """The AEC environment writes the arrays of an observation handed out earlier again only when
    nobody holds them any longer (a loop that drops its observations gets the same few arrays
    back); every observation kept, or a part of one (a view, the mask alone), stays as it was
    handed out; a dropped array the user made read-only, retyped or reshaped is replaced, and the
    observations stay right."""
    e = env(game, players=3)
    e.reset(seed=5)
    rng = random.Random(5)
    kept: list[tuple[Any, Any]] = []  # (what the user holds, a copy of it as handed out)
    seen: set[int] = set()
    for step, agent in enumerate(e.agent_iter(400)):
        obs, _, terminated, truncated, info = e.last()
        assert np.array_equal(
            obs["observation"], e.table.observation(e.game_state, e.seat_of[agent], e.choices)
        )
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (e.table.num_actions,)
        assert obs["observation"].dtype == np.float32 and obs["observation"].flags.writeable
        if step % 7 == 0:
            kept.append((obs, {k: v.copy() for k, v in obs.items()}))
        elif step % 7 == 1:
            kept.append((obs["observation"][2:], obs["observation"][2:].copy()))  # a view keeps its base
        elif step % 7 == 2:
            kept.append((obs["action_mask"], obs["action_mask"].copy()))
        elif step % 7 == 3:
            obs["observation"].flags.writeable = False
        elif step % 7 == 4:
            obs["observation"].dtype = np.int32  # (the same size: only the kernel's check sees it)
            obs["action_mask"].dtype = np.uint8
        elif step % 7 == 5:
            obs["observation"].shape = (1, -1)
        else:
            seen.add(id(obs["observation"]))
        del obs
        if terminated or truncated:
            e.step(None)
            continue
        legal = info["legal_actions"]
        e.step(legal[rng.randrange(len(legal))])
    assert kept
    for held, copy in kept:
        if isinstance(held, dict):
            assert all(np.array_equal(held[k], copy[k]) for k in copy)
        else:
            assert np.array_equal(held, copy)


def test_a_loop_that_drops_its_observations_gets_its_arrays_again() -> None:
    """The arrays of the observation before the last one come back, written anew, once nobody
    holds them: the same array objects (alive only because the environment kept them; told by
    their id while the environment still holds them, as a weak reference would keep them from
    coming back)."""
    e = env("elgrande", players=4)
    e.reset(seed=1)
    rng = random.Random(1)
    again = 0
    for _ in e.agent_iter(200):
        spare = id(e._spare[0])  # (alive until the next array is made: no new one has its id)
        obs, _, terminated, truncated, info = e.last()
        again += id(obs["observation"]) == spare
        if terminated or truncated:
            e.step(None)
            continue
        legal = info["legal_actions"]
        e.step(legal[rng.randrange(len(legal))])
    assert again >= 190


@pytest.mark.parametrize(
    ("game", "players"), [("toy", 3), ("elgrande", 3), ("mansfeld", 4), ("wallenstein", 3)]
)
def test_a_parallel_observation_held_is_never_written_again(game: str, players: int) -> None:
    """The parallel environment writes the arrays of a step's observations again (the rows' array,
    each row, each mask) only once nobody holds them: every observation kept, or a part of one (the
    observations of a step, one agent's, a view of a row, a mask), stays as it was handed out; a
    dropped row or mask the user made read-only, retyped or reshaped, or a rows' array reached
    through a row and spoiled, is replaced; every observation is the seat's own (as the table
    observes it) and every mask its legal actions."""
    par = parallel_env(game, players=players)
    observations, infos = par.reset(seed=3)
    rng = random.Random(3)
    kept: list[tuple[Any, Any]] = []  # (what the user holds, a copy of it as handed out)
    for step in range(300):
        if not par.agents:
            observations, infos = par.reset(seed=step)
        for agent, obs in observations.items():
            seat = par.seat_of[agent]
            assert np.array_equal(
                obs["observation"], par.table.observation(par.game_state, seat, par.choices)
            )
            assert obs["observation"].dtype == np.float32 and obs["observation"].flags.writeable
            assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (
                par.table.num_actions,
            )
            assert np.flatnonzero(obs["action_mask"]).tolist() == infos[agent]["legal_actions"]
        first = observations["player_0"]
        moving = next(a for a in par.agents if infos[a]["legal_actions"])
        if step % 9 == 0:
            kept.append(
                (observations, {a: {k: v.copy() for k, v in o.items()} for a, o in observations.items()})
            )
        elif step % 9 == 1:
            kept.append((first, {k: v.copy() for k, v in first.items()}))
        elif step % 9 == 2:
            kept.append((first["observation"][3:], first["observation"][3:].copy()))  # a view keeps its base
        elif step % 9 == 3:
            kept.append((observations[moving]["action_mask"], observations[moving]["action_mask"].copy()))
        elif step % 9 == 4:
            first["observation"].flags.writeable = False
            observations[moving]["action_mask"].flags.writeable = False
        elif step % 9 == 5:
            first["observation"].dtype = np.int32  # (the same size)
            observations[moving]["action_mask"].dtype = np.uint8
        elif step % 9 == 6:
            first["observation"].shape = (1, -1)
            observations[moving]["action_mask"].shape = (1, -1)
        elif step % 9 == 7:
            first["observation"].base.flags.writeable = False  # the rows' array itself
        del first
        observations = {}  # (the user drops this step's observations)
        actions = {
            a: (legal := i["legal_actions"])[rng.randrange(len(legal))]
            for a, i in infos.items()
            if i["legal_actions"]
        }
        observations, _, _, _, infos = par.step(actions)
    assert kept
    for held, copy in kept:
        if isinstance(held, dict) and "observation" not in held:
            assert all(np.array_equal(held[a][k], copy[a][k]) for a in copy for k in copy[a])
        elif isinstance(held, dict):
            assert all(np.array_equal(held[k], copy[k]) for k in copy)
        else:
            assert np.array_equal(held, copy)


@pytest.mark.parametrize("game", ["elgrande", "mansfeld", "wallenstein"])
def test_an_array_kept_by_a_weak_reference_alone_is_never_written_again(game: str) -> None:
    """An observation, a mask or a step's rows' array (a row's base) the user keeps only a
    ``weakref.ref`` of is not written again while that reference lives: the reference shows the
    array as handed out, or nothing once the environment dropped it (as it would without the
    environment's reuse), never another step's numbers; in both environments."""
    refs: list[tuple[Any, Any]] = []  # (a weak reference, a copy of the array as handed out)

    def keep(array: Any) -> None:
        refs.append((weakref.ref(array), array.copy()))

    aec = env(game, players=3)
    aec.reset(seed=2)
    for step, _agent in enumerate(aec.agent_iter(60)):
        obs, _, terminated, truncated, info = aec.last()
        keep(obs["observation"] if step % 2 else obs["action_mask"])
        del obs
        aec.step(
            None if terminated or truncated else info["legal_actions"][step % len(info["legal_actions"])]
        )
    par = parallel_env(game, players=3)
    observations, infos = par.reset(seed=2)
    for step in range(30):
        if not par.agents:
            break
        rows = observations["player_1"]["observation"]
        keep(
            rows if step % 3 == 0 else rows.base if step % 3 == 1 else observations["player_1"]["action_mask"]
        )
        del rows
        observations = {}
        actions = {
            a: i["legal_actions"][step % len(i["legal_actions"])]
            for a, i in infos.items()
            if i["legal_actions"]
        }
        observations, _, _, _, infos = par.step(actions)
    del observations
    assert len(refs) > 60
    for ref, copy in refs:
        array = ref()
        assert array is None or np.array_equal(array, copy)


def test_a_parallel_loop_that_drops_its_observations_gets_its_arrays_again() -> None:
    """The rows and masks of the step before the last come back, written anew, once nobody holds
    them: the same array objects (alive only because the environment kept them)."""
    par = parallel_env("mansfeld", players=4)
    observations, infos = par.reset(seed=1)
    rng = random.Random(1)
    again = masks_again = steps = 0
    while par.agents and steps < 200:
        del observations
        # the ids of the arrays of the step before the last, which the environment holds until the
        # step has made its arrays (no array made meanwhile has one of them); told by id, as a weak
        # reference would keep them from coming back
        kept = par._sets[0]
        rows, masks = (id(kept[1][0]), {id(m) for m in kept[2] if m is not None}) if kept else (0, set())
        del kept
        actions = {
            a: (legal := i["legal_actions"])[rng.randrange(len(legal))]
            for a, i in infos.items()
            if i["legal_actions"]
        }
        observations, _, _, _, infos = par.step(actions)
        again += id(observations["player_0"]["observation"]) == rows
        masks_again += any(id(o["action_mask"]) in masks for o in observations.values())
        steps += 1
    assert steps > 40 and again >= steps - 3 and masks_again > steps // 4, (steps, again, masks_again)


@pytest.mark.parametrize("game", ["elgrande", "mansfeld", "wallenstein"])
def test_pettingzoo_aec_to_parallel_refuses_the_aec_environment_and_converts_the_parallel_one(
    game: str,
) -> None:
    """PettingZoo's ``aec_to_parallel`` steps every agent once per cycle, in order, with actions
    chosen from the masks at the cycle's start: the AEC environment, where only the seats of
    ``to_move()`` act (a seat often several times in a row), says it is not parallelizable, so the
    converter refuses it at once (it used to take it and fail on its first step with an illegal
    action or its own assertion). ``parallel_to_aec`` of the parallel environment converts back,
    and a random masked game plays to the end through both converters."""
    from pettingzoo.utils.conversions import aec_to_parallel, parallel_to_aec

    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env(game))
    par = aec_to_parallel(parallel_to_aec(parallel_env(game)))
    observations, _ = par.reset(seed=4)
    steps = 0
    while par.agents:
        actions = {a: par.action_space(a).sample(observations[a]["action_mask"]) for a in par.agents}
        observations, _, terminations, truncations, _ = par.step(actions)
        steps += 1
        assert steps < 5000
    assert all(terminations.values()) and not any(truncations.values())


@pytest.mark.parametrize("game", ["elgrande", "mansfeld", "wallenstein"])
def test_pettingzoo_turn_based_aec_to_parallel_plays_the_aec_environment(game: str) -> None:
    """PettingZoo's ``turn_based_aec_to_parallel`` (one agent acts per step, every agent observed
    after it) plays the AEC environment to the end with masked random actions, every mask its
    agent's legal actions (none for an agent not selected), and every step's observations kept
    stay as handed out."""
    from pettingzoo.utils.conversions import turn_based_aec_to_parallel

    par = turn_based_aec_to_parallel(env(game))
    observations, _ = par.reset(seed=2)
    kept: list[tuple[Any, Any]] = []
    steps = 0
    while par.agents:
        aec = par.unwrapped
        for agent, obs in observations.items():
            seat = aec.seat_of[agent]
            legal = aec.table.legal_actions(aec.game_state, seat, aec.choices)
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        if steps % 5 == 0:
            kept.append(
                (observations, {a: {k: v.copy() for k, v in o.items()} for a, o in observations.items()})
            )
        actions = {a: par.action_space(a).sample(observations[a]["action_mask"]) for a in par.agents}
        observations, _, terminations, _, _ = par.step(actions)
        steps += 1
        assert steps < 5000
    assert all(terminations.values()) and len(kept) > 5
    for held, copy in kept:
        assert all(np.array_equal(held[a][k], copy[a][k]) for a in copy for k in copy[a])


@pytest.mark.parametrize("copied", ["deepcopy", "pickle"])
def test_a_copied_environment_hands_out_a_read_only_mask_of_zeros_too(copied: str) -> None:
    """An environment copied mid-game (``copy.deepcopy``, ``pickle``: a replay of a search, a
    vector environment's workers) hands its idle agents a read-only mask of zeros, as the
    original: a copied array would be writable, and a write to one idle agent's mask (code that
    marks a no-op action in place) showed every later idle agent a legal action."""
    import copy
    import pickle

    for original in (parallel_env("elgrande", players=4), env("elgrande", players=4)):
        original.reset(seed=1)
        made = copy.deepcopy(original) if copied == "deepcopy" else pickle.loads(pickle.dumps(original))
        if hasattr(made, "agent_selection"):  # the AEC environment
            moving = made.game_state.to_move()
            idle = next(a for a in made.agents if made.seat_of[a] not in moving)
            mask = made.observe(idle)["action_mask"]
        else:
            observations, infos = made.reset(seed=1)
            mask = next(observations[a]["action_mask"] for a in made.agents if not infos[a]["legal_actions"])
        assert not mask.any() and not mask.flags.writeable
        with pytest.raises(ValueError):
            mask[0] = 1
        with pytest.raises(ValueError):
            mask.flags.writeable = True


def test_the_shared_mask_of_idle_agents_cannot_be_made_writable() -> None:
    """The all-zero mask handed to every agent that owes no decision is one shared array: it is
    read-only and stays so (``flags.writeable = True``, as code that quiets ``torch.from_numpy``
    does, is refused), so no write can show a later idle agent a legal action; in both
    environments."""
    par = parallel_env("elgrande", players=4)
    observations, infos = par.reset(seed=1)
    idle = [a for a in par.agents if not infos[a]["legal_actions"]]
    assert idle
    for agent in idle:
        mask = observations[agent]["action_mask"]
        with pytest.raises(ValueError):
            mask.flags.writeable = True
        with pytest.raises(ValueError, match="read-only"):
            mask[0] = 1
    actions = {a: i["legal_actions"][0] for a, i in infos.items() if i["legal_actions"]}
    observations, _, _, _, infos = par.step(actions)
    for agent, obs in observations.items():
        assert np.flatnonzero(obs["action_mask"]).tolist() == infos[agent]["legal_actions"]
    aec = env("elgrande", players=3)
    aec.reset(seed=1)
    moving = aec.game_state.to_move()
    other = next(a for a in aec.agents if aec.seat_of[a] not in moving)
    mask = aec.observe(other)["action_mask"]
    assert not mask.any()
    with pytest.raises(ValueError):
        mask.flags.writeable = True
    assert not aec.observe(other)["action_mask"].any()


def test_illegal_action_changes_nothing() -> None:
    e = env("toy", players=2)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    digest = e.game_state.digest()
    with pytest.raises(RuleError):
        e.step(bad)
    with pytest.raises(RuleError):
        e.step(e.table.num_actions)
    assert e.game_state.digest() == digest


def test_same_seed_same_game_as_engine() -> None:
    """reset(seed=s) is the engine's game with seed s."""
    from feldherr.games import get_game

    e = env("toy", players=2)
    e.reset(seed=11)
    assert e.game_state.digest() == get_game("toy").new_state({"players": 2}, 11).digest()


@pytest.mark.parametrize("bad", ["illegal", "not an int", "float"])
def test_a_refused_joint_action_changes_nothing(bad: str) -> None:
    """At simultaneous bids every seat's action is checked before any is played: a refused action
    of the last seat leaves the earlier seats' bids unplayed too (the state and the mask as
    before), and the same joint action with a legal last action then plays."""
    e = parallel_env("toy", players=3, variant="plain")
    obs, _ = e.reset(seed=1)
    agents = list(e.agents)
    legal = {a: np.flatnonzero(obs[a]["action_mask"]) for a in agents}
    assert all(len(v) for v in legal.values())  # a simultaneous node
    actions: dict[str, object] = {a: int(legal[a][0]) for a in agents}
    last = agents[-1]
    illegal = int(np.flatnonzero(obs[last]["action_mask"] == 0)[0])
    actions[last] = {"illegal": illegal, "not an int": "1", "float": float(legal[last][0])}[bad]
    digest, version = e.game_state.digest(), e.game_state.version
    with pytest.raises(RuleError):
        e.step(actions)  # type: ignore[arg-type]
    assert e.game_state.digest() == digest and e.game_state.version == version
    actions[last] = int(legal[last][0])
    e.step(actions)  # type: ignore[arg-type]
    assert e.game_state.version == version + 3


def test_step_without_a_running_game_is_one_clear_error() -> None:
    """Before the first reset() and after every agent has finished, step names the problem (the
    AEC environment raised a KeyError of the finished agent's name, the parallel one played the
    placeholder game before reset() and returned empty dictionaries after the end)."""
    from feldherr.core.errors import GameOverError

    aec = env("toy", players=2)
    with pytest.raises(GameOverError, match=r"no game is running yet: call reset\(\) first"):
        aec.step(0)
    aec.reset(seed=2)
    for _agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    for action in (0, None):
        with pytest.raises(GameOverError, match=r"every agent has finished .*: call reset\(\)"):
            aec.step(action)
    par = parallel_env("toy", players=2)
    with pytest.raises(GameOverError, match=r"no game is running yet"):
        par.step({"player_0": 0, "player_1": 0})
    observations, _ = par.reset(seed=2)
    movers = {a: o for a, o in observations.items() if o["action_mask"].any()}
    digest = par.game_state.digest()
    with pytest.raises(
        RuleError, match=r"no agent 'player_7' in this game \(its agents: player_0, player_1\)"
    ):
        par.step({"player_7": 0, **{a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in movers.items()}})
    good = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in movers.items()}
    for stranger, shown in (("player_7", "'player_7'"), (0, "0"), ((1, 2), r"\(1, 2\)")):
        with pytest.raises(RuleError, match=rf"\[adapter\.agent\] no agent {shown} in this game"):
            par.step({**good, stranger: None})  # (named with no action: still no agent of the game)
    assert par.game_state.digest() == digest
    while par.agents:
        actions = {
            a: int(np.flatnonzero(o["action_mask"])[0])
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        observations, *_ = par.step(actions)
    with pytest.raises(GameOverError, match=r"every agent has finished"):
        par.step({})
    aec.reset(seed=2)  # and a new game plays
    assert aec.agents == ["player_0", "player_1"]


@pytest.mark.parametrize("game", ["mansfeld", "elgrande", "wallenstein"])
def test_infos_hand_out_the_legal_actions_of_the_masks(game: str) -> None:
    """AEC: the selected agent's info holds its legal actions (exactly its mask's), every other
    agent's none; the observations from the game's kernel are those of ``Game.observe``. Parallel:
    every agent's info holds its mask's actions. Random games of the real games (Mansfeld's
    commitment is a staged choice)."""
    rng = np.random.default_rng(5)
    aec = env(game, players=3)
    aec.reset(seed=11)
    for step, agent in enumerate(aec.agent_iter()):
        obs, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        assert info["legal_actions"] == np.flatnonzero(obs["action_mask"]).tolist() != []
        for other in aec.agents:
            seat = aec.seat_of[other]
            if other != agent:
                assert aec.infos[other]["legal_actions"] == []
            seen = aec.observe(other)["observation"]
            assert np.array_equal(seen, aec.table.observation(aec.game_state, seat, aec.choices))
        legal = info["legal_actions"]
        aec.step(legal[int(rng.integers(len(legal)))])
        if step == 300:
            break
    par = parallel_env(game, players=3)
    observations, infos = par.reset(seed=11)
    for _ in range(300):
        if not par.agents:
            break
        actions = {}
        for agent, o in observations.items():
            legal = infos[agent]["legal_actions"]
            assert legal == np.flatnonzero(o["action_mask"]).tolist()
            if legal:
                actions[agent] = legal[int(rng.integers(len(legal)))]
        observations, _, _, _, infos = par.step(actions)


def test_agent_iter_runs_again_and_stops_at_max_iter() -> None:
    e = env("toy", players=2)
    e.reset(seed=1)
    walk = e.agent_iter(3)
    assert list(walk) == [e.agent_selection] * 3
    assert list(walk) == [e.agent_selection] * 3  # iterable again, as PettingZoo's
    assert sum(1 for _ in e.agent_iter(0)) == 0


@pytest.mark.parametrize("parallel", [False, True])
def test_what_is_an_action_is_the_same_in_every_adapter(parallel: bool) -> None:
    """As in Gymnasium (docs/adapters.md, "Illegal actions"): a numpy integer and a 0-d integer
    array (what a policy's ``predict`` hands back) are actions; a float, even a whole one, a bool,
    a text or an array of several numbers is refused with one line that says what an action is,
    nothing changed, at a simultaneous node too (the AEC environment refused a 0-d array as
    "not ndarray"; the parallel one called a float at simultaneous bids an illegal action)."""
    e: Any = (parallel_env if parallel else env)("toy", players=3, variant="plain")  # bids first
    started = e.reset(seed=1)
    infos = started[1] if parallel else None

    def step(wrap: Any) -> Any:
        if parallel:
            movers = {a: i["legal_actions"] for a, i in infos.items() if i["legal_actions"]}
            assert len(movers) == 3  # every seat bids at once
            return e.step({a: wrap(legal[0]) for a, legal in movers.items()})[-1]
        return e.step(wrap(e.infos[e.agent_selection]["legal_actions"][0]))

    digest = e.game_state.digest()
    whole = r"^\[adapter\.action\] an action is a whole number \(int\), "
    for wrong, shown in [
        (float, r"not float \d"),
        (np.float32, r"not float32"),
        (lambda a: True, r"not bool True"),
        (str, r"not str '\d+'"),
        (lambda a: np.array([a]), r"not ndarray of shape \(1,\)"),
    ]:
        with pytest.raises(RuleError, match=whole + shown):
            step(wrong)
        assert e.game_state.digest() == digest
    step(np.array)  # a 0-d integer array
    version = e.game_state.version
    assert version > 0
    if not parallel:
        step(np.int64)
        assert e.game_state.version > version


def _at_an_idle_node() -> tuple[Any, dict[str, int], list[str]]:
    """A toy parallel environment at a node where some agents owe no decision: the environment,
    each acting agent's first legal action, the idle agents."""
    e = parallel_env("toy", players=3)
    _, infos = e.reset(seed=2)
    while all(i["legal_actions"] for i in infos.values()):
        _, _, _, _, infos = e.step({a: i["legal_actions"][0] for a, i in infos.items()})
    movers = {a: i["legal_actions"][0] for a, i in infos.items() if i["legal_actions"]}
    idle = [a for a in e.agents if a not in movers]
    assert movers and idle
    return e, movers, idle


@pytest.mark.parametrize("bad", [1.5, np.float64(2.0), "x", "3", True, -1, "size", np.array([1]), [0]])
def test_an_idle_agents_action_must_still_be_an_action_of_the_space(bad: object) -> None:
    """The parallel environment ignores the action of an agent that owes no decision (PettingZoo's
    tools send one for every agent), but only an action of the space: a whole number in
    ``0..num_actions - 1`` (as every adapter takes it, ``action_number``); anything else is
    refused naming the agent, nothing applied, not even the acting agent's legal action (1.5 and
    "x" were ignored silently)."""
    e, movers, idle = _at_an_idle_node()
    size = e.action_space(idle[0]).n
    wrong = size if isinstance(bad, str) and bad == "size" else bad
    digest = e.game_state.digest()
    refused = rf"^\[adapter\.action\] {idle[0]} owes no decision now, but "
    with pytest.raises(IllegalActionError, match=refused):
        e.step({**movers, idle[0]: wrong})
    assert e.game_state.digest() == digest and e.agents == e.possible_agents
    e.step({**movers, idle[0]: 0})  # the episode goes on
    assert e.game_state.digest() != digest


def test_an_idle_agents_action_of_the_space_is_ignored() -> None:
    """An int, a numpy integer, a 0-d integer array or None for an idle agent changes nothing: the
    same state as the step with the acting agents' actions alone."""
    e, movers, _ = _at_an_idle_node()
    e.step(movers)
    expected = e.game_state.digest()
    for fine in [0, "last", np.int64(3), np.array(2), None]:
        e, movers, idle = _at_an_idle_node()
        value = e.action_space(idle[0]).n - 1 if isinstance(fine, str) else fine
        e.step({**movers, **dict.fromkeys(idle, value)})
        assert e.game_state.digest() == expected


@pytest.mark.parametrize("game", ["mansfeld", "elgrande", "wallenstein"])
def test_the_legal_actions_in_an_info_are_the_users_to_change(game: str) -> None:
    """A policy may shuffle ``info["legal_actions"]`` and pop its action from it: the agent's mask
    still marks every legal action and the environment takes the popped one (the lists handed
    out were the environment's own: the AEC mask lost the popped action, and the parallel
    environment refused it at Mansfeld's simultaneous dice as not legal)."""
    pick = random.Random(0)
    par = parallel_env(game, players=3)
    observations, infos = par.reset(seed=1)
    for _ in range(40):
        joint = {}
        for agent, agent_info in infos.items():
            kept = np.flatnonzero(observations[agent]["action_mask"]).tolist()
            legal = agent_info["legal_actions"]
            assert legal == kept
            if legal:
                pick.shuffle(legal)
                joint[agent] = legal.pop()
        observations, _, _, _, infos = par.step(joint)
    aec = env(game, players=3)
    aec.reset(seed=1)
    for _, agent in zip(range(60), aec.agent_iter(), strict=False):
        _, _, terminated, truncated, info = aec.last()
        assert not (terminated or truncated)
        legal = info["legal_actions"]
        kept = list(legal)
        pick.shuffle(legal)
        action = legal.pop()
        assert np.flatnonzero(aec.observe(agent)["action_mask"]).tolist() == kept
        aec.step(action)


def test_the_common_mistakes_before_a_game_and_with_names_are_one_clear_line() -> None:
    """``last()`` and ``observe()`` before the first ``reset()`` say so (they raised an
    AttributeError of an internal name), ``observe`` of an agent that is not in the game names
    the agents (a bare KeyError), and a parallel step handed something else than a dict of
    actions by agent says what it takes ("'int' object has no attribute 'keys'")."""
    from feldherr.core.errors import GameOverError

    aec = env("toy", players=2)
    for call in (aec.last, lambda: aec.observe("player_0")):
        with pytest.raises(
            GameOverError, match=r"^\[adapter\.reset\] no game is running yet: call reset\(\) first$"
        ):
            call()
    aec.reset(seed=1)
    with pytest.raises(
        KeyError, match=r"no agent 'player_9' in this game \(its agents: player_0, player_1\)"
    ):
        aec.observe("player_9")
    par = parallel_env("toy", players=2)
    par.reset(seed=1)
    digest = par.game_state.digest()
    for wrong in (3, [3, 4]):
        with pytest.raises(
            RuleError,
            match=r"a parallel step takes the actions as a dict by agent \(such as \{'player_0': 3\}\), not ",
        ):
            par.step(wrong)  # type: ignore[arg-type]
    assert par.game_state.digest() == digest


SPREAD = [
    ("wallenstein", {"players": 4, "setup": "fixed", "modules": ["leaders"]}),
    ("wallenstein", {"players": 5, "modules": ["court", "landsknechte", "leaders"]}),
    ("elgrande", {"players": 2, "variant": ["machtverschiebung"]}),
    ("elgrande", {"players": 5, "variant": ["hidden_castillo", "machtverschiebung"]}),
    ("mansfeld", {"players": 4}),
]


@pytest.mark.parametrize(("game", "options"), SPREAD, ids=[f"{g}-{o}" for g, o in SPREAD])
def test_aec_observations_are_the_pure_twins_under_options(game: str, options: dict[str, Any]) -> None:
    """Under module, setup, variant and player-count options: every agent's AEC observation (the
    game's C kernel through ``Game.observer()`` where it is built) is bit for bit the pure-Python
    twin's (``feldherr.<game>.info.observe_pure``), and the selected agent's info holds exactly
    its mask's actions, every other agent's none; the first 150 decisions of a random game (or all
    of a shorter one, and its end)."""
    import importlib

    pure = importlib.import_module(f"feldherr.{game}.info").observe_pure
    rng = np.random.default_rng(2)
    aec = env(game, **options)
    aec.reset(seed=4)
    for _, agent in zip(range(150), aec.agent_iter(), strict=False):
        obs, _, terminated, truncated, info = aec.last()
        assert not truncated
        assert info["legal_actions"] == np.flatnonzero(obs["action_mask"]).tolist()
        assert (info["legal_actions"] == []) == terminated
        for other in aec.agents:
            seat = aec.seat_of[other]
            partial = aec.choices.partial.get(seat, ())
            twin = pure(aec.game_state, seat, partial) if partial else pure(aec.game_state, seat)
            assert np.array_equal(aec.observe(other)["observation"], twin), (other, aec.game_state.version)
            if other != agent:
                assert aec.infos[other]["legal_actions"] == []
        if terminated:  # (the last observations compared too)
            break
        legal = info["legal_actions"]
        aec.step(legal[int(rng.integers(len(legal)))])


def test_a_refused_joint_action_names_the_agent_and_its_legal_actions() -> None:
    """The parallel environment's refusals call the seats by their agents' names (they said
    "seat 1", a name the researcher never handed in) and list the legal actions of the agent
    whose action was refused."""
    par = parallel_env("toy", players=3, variant="plain")
    _, infos = par.reset(seed=1)
    legal = {a: i["legal_actions"] for a, i in infos.items()}
    assert all(legal.values())  # simultaneous bids
    with pytest.raises(
        RuleError, match=r"^\[adapter\.joint\] no action for player_1, player_2: they owe a decision now$"
    ):
        par.step({"player_0": legal["player_0"][0]})
    with pytest.raises(
        RuleError, match=r"^\[adapter\.joint\] no action for player_2: it owes a decision now$"
    ):
        par.step({"player_0": legal["player_0"][0], "player_1": legal["player_1"][0]})
    illegal = next(a for a in range(par.table.num_actions) if a not in legal["player_2"])
    assert len(legal["player_2"]) <= 12  # (all of them shown)
    shown = ", ".join(map(str, legal["player_2"]))
    with pytest.raises(
        RuleError,
        match=rf"^\[adapter\.action\] action {illegal} is not legal for player_2 now "
        rf"\(its legal actions: {shown}\)$",
    ):
        par.step({a: (illegal if a == "player_2" else legal[a][0]) for a in legal})


def test_an_illegal_action_is_refused_naming_the_agent_action_and_legal_actions() -> None:
    """The engine's refusal (its class, rule and state unchanged) leads with the agent, the action
    and the agent's legal actions: a researcher stepping a Mansfeld recruit action at the dice
    read only "'recruit' does not belong to the dice phase", with no word of action 6. The same
    for a numpy integer, and in the parallel environment where one agent decides."""
    from feldherr.core.errors import WrongPhaseError

    aec = env("mansfeld", players=2)
    aec.reset(seed=1)
    agent, legal = aec.agent_selection, aec.infos[aec.agent_selection]["legal_actions"]
    assert legal == [0, 1, 2, 3, 4, 5]  # the dice
    digest = aec.game_state.digest()
    for action in (6, np.int64(6)):
        with pytest.raises(WrongPhaseError) as refused:
            aec.step(action)
        assert refused.value.rule == "mansfeld.phase.dice"
        assert str(refused.value).startswith(
            f"[mansfeld.phase.dice] {agent} cannot take action {action!r} now "
            "(its legal actions: 0, 1, 2, 3, 4, 5): "
        )
    assert aec.game_state.digest() == digest
    par = parallel_env("elgrande", players=3)
    _, infos = par.reset(seed=1)
    movers = {a: i["legal_actions"] for a, i in infos.items() if i["legal_actions"]}
    ((agent, legal),) = movers.items()  # one agent decides
    illegal = next(a for a in range(par.table.num_actions) if a not in legal)
    with pytest.raises(
        RuleError,
        match=rf"^\[elgrande\.[a-z.-]+\] {agent} cannot take action {illegal} now "
        rf"\(its legal actions: {legal[0]}, ",
    ):
        par.step({agent: illegal})


def test_an_info_handed_out_keeps_its_legal_actions() -> None:
    """A replay buffer that keeps the info of each ``last()`` keeps the legal actions of that
    moment: the AEC environment handed out the same dict for an agent all game and rewrote it at
    every step (a stored info then showed the agent's later legal actions, or none)."""
    rng = np.random.default_rng(3)
    aec = env("mansfeld", players=2)
    aec.reset(seed=2)
    kept = []
    for _, _agent in zip(range(40), aec.agent_iter(), strict=False):
        obs, _, terminated, truncated, info = aec.last()
        assert not (terminated or truncated)
        kept.append((info, np.flatnonzero(obs["action_mask"]).tolist()))
        legal = info["legal_actions"]
        aec.step(legal[int(rng.integers(len(legal)))])
    assert all(info["legal_actions"] == mask for info, mask in kept)


def test_no_agent_keeps_legal_actions_once_the_game_is_over() -> None:
    """Whoever moved last (player_0 too, the agent selected once the game is over) ends with no
    legal actions in its info."""
    last_movers = set()
    for seed in (0, 1):  # El Grande for two: player_0 moves last in seed 0's game, player_1 in seed 1's
        e = env("elgrande", players=2)
        e.reset(seed=seed)
        mover = ""
        for agent in e.agent_iter():
            _, _, terminated, truncated, info = e.last()
            if terminated or truncated:
                assert all(i["legal_actions"] == [] for i in e.infos.values()), (seed, e.infos)
                e.step(None)
                continue
            mover = agent
            e.step(info["legal_actions"][seed % len(info["legal_actions"])])
        last_movers.add(mover)
    assert last_movers == {"player_0", "player_1"}


def test_parallel_step_dicts_hold_their_own_types_and_are_new() -> None:
    """Each step's rewards are floats, terminations and truncations bools (``0.0 == False``: the
    dicts kept to copy from must not mix them up), every dict a new one the user may change."""
    e = parallel_env("toy", players=3, max_cycles=4)
    obs, _ = e.reset(seed=3)
    seen: list[tuple[dict[str, Any], ...]] = []
    while e.agents:
        actions = {a: int(np.flatnonzero(m)[0]) for a in e.agents if (m := obs[a]["action_mask"]).any()}
        obs, rewards, terms, truncs, _infos = e.step(actions)
        assert len(rewards) == len(terms) == len(truncs) == 3
        for value in rewards.values():
            assert type(value) is float
        for value in [*terms.values(), *truncs.values()]:
            assert type(value) is bool
        for earlier in seen:
            assert all(a is not b for a, b in zip(earlier, (rewards, terms, truncs), strict=True))
        seen.append((rewards, terms, truncs))
        rewards.clear()
        terms.clear()  # the user's to change: the next step's dicts are whole again
    assert len(seen) == 4 and all(seen[-1][2].values())  # cut at max_cycles


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("bad", [-1, 2**64, 1.5, "3", True])
def test_a_refused_seed_is_one_line_and_changes_nothing(parallel: bool, bad: object) -> None:
    """``reset(seed=...)`` with what is no engine seed (docs/api.md: a whole number from 0 to
    2^64-1) is the engine's one line, and the environment keeps its game and its generator: an
    unseeded ``reset()`` afterwards deals what it would have dealt. (The generator was replaced
    first: 2^64 and True changed the next unseeded deal; -1, 1.5 and "3" were numpy's errors.)"""
    from feldherr.core.errors import OptionError

    make = parallel_env if parallel else env
    seen, clean = make("mansfeld", players=3), make("mansfeld", players=3)
    seen.reset(seed=5)
    clean.reset(seed=5)
    digest = seen.game_state.digest()
    with pytest.raises(OptionError, match=r"^a seed is a whole number from 0 to 2\^64-1, not "):
        seen.reset(seed=bad)  # type: ignore[arg-type]
    assert seen.game_state.digest() == digest
    seen.reset()
    clean.reset()
    assert seen.game_state.digest() == clean.game_state.digest()


@pytest.mark.parametrize("parallel", [False, True])
def test_reset_options_change_nothing(parallel: bool) -> None:
    """docs/adapters.md: the game's options are fixed at construction; ``reset(options=...)``
    (which PettingZoo's API has every environment take, ``api_test`` passing ``{"options": 1}``)
    is not read: the same game, agents and spaces as ``reset`` without it."""
    make: Any = parallel_env if parallel else env
    plain, other = make("toy", players=3), make("toy", players=3)
    plain.reset(seed=5)
    other.reset(seed=5, options={"players": 5, "variant": "plain", "seat": 2, "options": 1})
    assert other.game_state.digest() == plain.game_state.digest()
    assert other.agents == plain.agents == ["player_0", "player_1", "player_2"]
    assert other.action_space("player_0").n == plain.action_space("player_0").n
