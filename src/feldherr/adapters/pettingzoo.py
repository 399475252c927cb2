"""PettingZoo environments for every registered game.

``env(game, **options)`` is an AEC environment: agents ``player_0`` .. ``player_{n-1}`` (seat
numbers), a fixed ``Discrete(num_actions)`` action space (the game's action codec), and for each
agent the observation ``{"observation": float32 Box of observation_shape, "action_mask": int8}``
built from that seat's own view (``state.observation(seat)``, ``state.action_mask(seat)``). Every
array handed out is the user's, except the mask of an agent that owes no decision now: all zeros,
one read-only array shared by such agents. Nothing the user holds is ever written again: the AEC
environment writes the arrays of an observation handed out before the last one again (instead of
making new ones), the parallel environment those of the step before the last, only once nobody
holds them, a view of them or a weak reference to them any longer, unchanged
(``adapters.table.unheld``).

Each agent's info holds its legal actions now, ``info["legal_actions"]`` (ascending: the actions
its mask marks, as OpenSpiel's ``legal_actions()``; empty for an agent that owes no decision, and
in the AEC environment for every agent but the selected one), so a policy that samples among the
legal actions needs no scan of the mask. The list is the user's: shuffling or popping it changes
neither the masks nor which actions the environment takes; an info handed out is never changed
afterwards (a new one for each step), so a replay buffer may keep it.

A simultaneous secret phase (``to_move()`` lists several seats) is stepped one seat at a time in
seat order: the engine stores each secret decision and shows it to nobody until the rules reveal
it, so the AEC order leaks nothing. ``parallel_env(game, **options)`` steps every seat of
``to_move()`` at once (a sequential decision is a parallel step in which one seat acts); actions of
seats that owe no decision are ignored, if they are actions of the space (a whole number in
``0..num_actions - 1``) or ``None``: anything else (1.5, "x") is an ``IllegalActionError`` that
names the agent, nothing applied.

An agent's action space (:class:`LegalActions`) samples, without a mask, one of the agent's legal
actions now, so tools that step with unmasked samples (PettingZoo's ``max_cycles_test`` and
``parallel_seed_test``) play legal games.

``max_cycles`` (default ``None``: no limit) truncates a game: the parallel environment after
``max_cycles`` steps, the AEC environment after ``max_cycles`` cycles of as many agent steps as
there are agents; every agent is then truncated (reward 0).

Rewards are 0 until the game ends; then each agent gets its share of the win (``reward="win"``,
the default) or its final score (``reward="score"``). Every agent is terminated together at the
end. ``reset(seed=s)`` starts the game with engine seed ``s``: (game, options, seed, actions)
determine everything, as in the engine's records. The game's options are fixed at construction:
``reset``'s ``options`` (PettingZoo's API has every environment take it; ``api_test`` passes
``{"options": 1}``) is not read, and a new game has the same options, players and reward.

``state()`` (with ``state_space``) is PettingZoo's global state: every seat's observation, one row
per seat. The engine's state is ``game_state``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import partial
from sys import getrefcount
from typing import Any

import numpy as np
import numpy.typing as npt

from feldherr.adapters import missing_library

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv, ParallelEnv
except ImportError as exc:  # the adapters extra is not installed
    raise ImportError(missing_library("pettingzoo and gymnasium", __name__)) from exc

from feldherr.adapters.table import (
    IllegalActionError,
    Reward,
    Table,
    mask_into,
    shown_actions,
    space_action,
    unheld,
)
from feldherr.core.actions import Choices
from feldherr.core.errors import GameOverError, RuleError
from feldherr.core.game import Game, State

ObsDict = dict[str, npt.NDArray[Any]]

_FLOAT32 = np.dtype(np.float32)
"""The observations' dtype, as an instance: ``np.empty`` takes it about 700 instructions faster
than the scalar type, which it converts on every call (callgrind, numpy 2)."""


_INT8 = np.dtype(np.int8)


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class LegalActions(spaces.Discrete):
    """``Discrete(num_actions)``, the agent's action space, whose ``sample()`` without a mask draws
    one of the agent's legal actions now (uniformly, from the space's own seeded generator; any
    action when the agent owes no decision). The engine refuses an illegal action, so PettingZoo's
    tools that step with unmasked samples (``max_cycles_test``, ``parallel_seed_test``, random
    agents) play legal games; ``sample(mask)`` and ``contains`` are Gymnasium's own."""

    def __init__(self, n: int, legal: Callable[[], list[int]]) -> None:
        super().__init__(n)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            legal = self._legal()
            if legal:
                return np.int64(legal[int(self.np_random.integers(len(legal)))])
        return super().sample(mask, probability)


def _explained(err: RuleError, agent: str, action: object, legal: list[int]) -> RuleError:
    """The engine's refusal of an agent's action, its message led by the agent, the action and
    the agent's legal actions (the engine speaks of moves: an action taken for another phase is
    refused in that phase's words); the same exception, rule and details. The adapter's own
    refusals (``adapter.*``) say so already and are left as they are."""
    if not err.rule.startswith("adapter."):
        err.message = (
            f"{agent} cannot take action {action!r:.40} now (its legal actions: "
            f"{shown_actions(legal)}): {err.message}"
        )
        err.args = (err.message,)
    return err


def _idle_actions(joint: dict[int, Any], moving: tuple[int, ...], size: int, names: list[str]) -> None:
    """The check of the actions of seats that owe no decision in a parallel step's ``joint`` (by
    seat; the step ignores them): each must be an action of the space. The step calls it only
    where the joint action holds more actions than ``moving`` has seats, so a step with the acting
    agents' actions alone (the usual loop) pays one comparison of lengths; a step with fewer (a
    seat of ``moving`` without its action) is refused by ``Table.play_joint`` anyway."""
    for seat, action in joint.items():
        if (type(action) is not int or not 0 <= action < size) and seat not in moving:
            _idle_action(names[seat], action, size)


def _idle_action(agent: str, action: object, size: int) -> None:
    """The check of the action of an agent that owes no decision (the parallel environment ignores
    it): an action of the space (:func:`~feldherr.adapters.table.space_action`) passes; anything
    else (1.5, "x", True, -1, ``size``) is its :class:`IllegalActionError`, naming the agent,
    before anything is applied."""
    try:
        space_action(action, size)
    except IllegalActionError as err:
        err.message = f"{agent} owes no decision now, but its action is not one of the space: {err.message}"
        err.args = (err.message,)
        err.details["agent"] = agent
        raise


def _no_mask(size: int) -> npt.NDArray[np.int8]:
    """The mask of every agent that owes no decision, shared: ``size`` zeros, a view of a read-only
    array, which nobody can make writable again (an array that owns its memory can be: one user's
    ``mask.flags.writeable = True``, a common way to quiet ``torch.from_numpy``, and a write would
    have shown every later idle agent legal actions)."""
    zeros = np.zeros(size, np.int8)
    zeros.flags.writeable = False
    return zeros[:]


def _no_game(started: bool) -> GameOverError:
    """What ``step`` raises where no game is running: before the first ``reset()``, or once the
    game is over and every agent has finished."""
    if started:
        return GameOverError(
            "every agent has finished (the game is over, or cut at max_cycles): call reset()",
            rule="adapter.reset",
        )
    return GameOverError("no game is running yet: call reset() first", rule="adapter.reset")


class _Seats:
    """What both environments share: the table, agent names, spaces, seeding, observing.

    An environment keeps its attributes below 30 (the AEC one has 28 after ``reset``): CPython 3.11
    keeps an instance's attributes in a dictionary shared with its class up to 30 names, and reads
    them fastest there (a 30th name made each AEC step about 4 % dearer); an attribute only one of
    the two environments needs is set by that one."""

    metadata: dict[str, Any]

    def _setup(
        self,
        game: str | Game,
        options: Mapping[str, Any],
        reward: Reward,
        render_mode: str | None,
        max_cycles: int | None = None,
    ) -> None:
        self.table = Table(game, options, reward)
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive int or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self._steps = -1  # no game yet: reset() starts one (then the steps taken in it)
        name = self.table.game.name
        self.metadata = {
            "render_modes": ["ansi", "human"],
            "name": f"feldherr_{name}",
            "is_parallelizable": True,
        }
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.num_players)]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        info = self.table.info
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(*info.observation_bounds, info.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (info.num_actions,), np.int8),
            }
        )
        action_spaces = {
            agent: LegalActions(info.num_actions, partial(self._legal_of, seat))
            for seat, agent in enumerate(self.possible_agents)
        }
        self._spaces = (observation_space, action_spaces)
        self._seeds = np.random.default_rng()
        self.game_state: State = self.table.new_state(0)
        self.choices: Choices = self.table.choices()
        self._moving: tuple[int, ...] = self.game_state.to_move()
        self._shapes = (info.observation_shape, (info.num_actions,))  # an observation's, a mask's
        self._num_actions = info.num_actions
        self._game_observe = self.table.game.observe
        self._kernel = self.table.game.observer()
        self._staged = self.table.game.staged_actions
        self._mask_into = mask_into
        self._no_mask = _no_mask(info.num_actions)  # (every idle agent's, shared: see _no_mask)
        # the arrays of the last two observations handed out (_observe): observation, mask, twice
        self._spare: list[Any] = [None, None, None, None]

    def __setstate__(self, state: dict[str, Any]) -> None:
        """An environment from ``copy.deepcopy`` or ``pickle``: the shared mask of zeros made anew
        as the constructor makes it (a copied array is writable: a write to one idle agent's mask
        would have shown every later idle agent a legal action)."""
        self.__dict__.update(state)
        self._no_mask = _no_mask(self._num_actions)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[0]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[1][agent]

    @property
    def state_space(self) -> spaces.Box:
        """The space of :meth:`state`: one row per seat, each of the observation's shape and bounds."""
        info = self.table.info
        shape = (len(self.possible_agents), *info.observation_shape)
        return spaces.Box(*info.observation_bounds, shape, np.float32)

    def state(self) -> npt.NDArray[np.float32]:
        """PettingZoo's global state (for centralized training, decentralized execution): every
        seat's observation, row ``i`` that of ``player_i`` (a new array). Together the rows hold
        everything the players know between them, which is everything but what chance has not
        revealed yet (decks, the tower's cubes): a critic learns from it without seeing the
        future. The engine's state itself is ``game_state``."""
        seats = range(len(self.possible_agents))
        out = np.empty((len(seats), *self._shapes[0]), np.float32)  # (state_space's shape)
        return self.table.observations(self.game_state, seats, self.choices, out, self._moving)

    def _legal_of(self, seat: int) -> list[int]:
        return self.table.legal_actions(self.game_state, seat, self.choices)

    def _new_game(self, seed: int | None) -> None:
        if seed is not None:
            # the engine checks the seed first: one line, and nothing changed where it is refused
            self.game_state = self.table.new_state(seed)
            self._seeds = np.random.default_rng(seed)
        else:
            self.game_state = self.table.new_state(int(self._seeds.integers(0, 2**63 - 1)))
        self.choices = self.table.choices()
        self._steps = 0
        self._moved()

    def _moved(self) -> bool:
        """After a change of the state: whether the game is over; the seats that owe a decision now
        (none when it is over) are kept for the masks and the next step, so ``is_terminal()`` and
        ``to_move()`` are asked once per change."""
        state = self.game_state
        done = state.is_terminal()
        self._moving = () if done else state.to_move()
        return done

    def _observe(self, seat: int, known: tuple[int, list[int]] = (-1, [])) -> ObsDict:
        """The seat's observation and mask, each written into an array nobody else holds (a new
        one, or one of the observation before the last, which the user dropped). The game's
        ``observe``, its staged actions and the mask's C helper are called directly
        (``Table.observation``/``Table.mask`` do the same through a call or two more). ``known``:
        a seat and its legal actions now, if the caller has them already."""
        state, moving = self.game_state, self._moving
        partial = self.choices.partial.get(seat, ())
        # the arrays of the observation before the last one, where nobody but this list holds them
        # any longer, unchanged (:func:`~feldherr.adapters.table.unheld`): nobody can see them
        # change, so they are written again instead of new ones made (which costs a third of the
        # kernel's work); the last observation's are kept as they are (a loop's ``obs = last()``
        # still holds them while the next is made); a spare the user made read-only, retyped or
        # reshaped is not unheld, so both arrays written here are ones the writers take
        spare, size, (shape, mask_shape) = self._spare, self._num_actions, self._shapes
        if seat in moving:  # (the helper zeroes the array first)
            mask = spare[1] if unheld(spare, 1, 2, _INT8, mask_shape) else np.empty(size, np.int8)
            self._mask_into(mask, known[1] if known[0] == seat else self._staged(state, seat, partial))
        else:
            mask = self._no_mask
        obs = spare[0] if unheld(spare, 0, 1, _FLOAT32, shape) else np.empty(shape, _FLOAT32)
        kernel = self._kernel
        if kernel is not None and not partial:
            kernel(state, seat, obs, moving)
        else:
            obs = self._game_observe(state, seat, partial, obs, moving)
        spare[0] = spare[2]
        spare[1] = spare[3]
        spare[2] = obs
        spare[3] = mask if mask is not self._no_mask else None
        return {"observation": obs, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.game.render_view(self.game_state.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class _AgentIter:
    """What :meth:`FeldherrAEC.agent_iter` returns: iterable again and again, as PettingZoo's."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: FeldherrAEC, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


class FeldherrAEC(_Seats, AECEnv[str, ObsDict, int]):  # type: ignore[misc]
    """The AEC environment of one game (see the module docstring)."""

    def __init__(
        self,
        game: str | Game,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win",
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, options or {}, reward, render_mode, max_cycles)
        # PettingZoo's aec_to_parallel takes an AEC environment only where this is True: one whose
        # agents all act once per cycle, in order. Here only the seats of to_move() act, a seat
        # often several times in a row: the converter's steps would give a seat actions chosen
        # from masks of a state that has changed meanwhile (refused, or worse played) or fail on
        # its own check; it refuses at once, and parallel_env is the parallel environment
        self.metadata["is_parallelizable"] = False

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game of the environment's options, with engine seed ``seed`` (else one drawn
        from a generator seeded by the last seed given, else unseeded); ``options`` is not read
        (the game's options are fixed at construction: make another environment for others)."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"legal_actions": []} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIter:
        """``AECEnv.agent_iter``: the selected agent until every agent has finished (or after
        ``max_iter`` agents), each ``iter()`` a new run; a generator, which resumes faster than
        PettingZoo's iterator class calls its ``__next__``."""
        return _AgentIter(self, max_iter)

    def _select(self, acted: str | None = None) -> None:
        """The agent to act: the first seat to move (``_moving``), else any agent (the game is
        over). Its legal actions now go into a new info (``legal_actions``, the user's copy), and
        are kept for its mask; the agent that ``acted`` last gets a new empty info unless it acts
        again (the info handed out is kept as it was)."""
        moving = self._moving
        if moving:
            seat = moving[0]
            self.agent_selection = agent = self.possible_agents[seat]
            legal = self._staged(self.game_state, seat, self.choices.partial.get(seat, ()))
            self._selected = (seat, legal)
            self.infos[agent] = {"legal_actions": legal[:]}
        else:
            self.agent_selection = agent = self.agents[0]
            self._selected = (-1, [])
        if acted is not None and not (moving and acted == agent):
            self.infos[acted] = {"legal_actions": []}

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``; one line that names the agents where it is none of them."""
        try:
            return self.seat_of[agent]
        except (KeyError, TypeError):  # (TypeError: an unhashable name)
            raise KeyError(
                f"no agent {agent!r:.40} in this game (its agents: {', '.join(self.possible_agents)})"
            ) from None

    def observe(self, agent: str) -> ObsDict:
        if self._steps < 0:
            raise _no_game(False)
        return self._observe(self._seat(agent), self._selected)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AECEnv.last: the selected agent's observation (when ``observe``), its cumulative reward,
        termination, truncation and info."""
        try:
            agent = self.agent_selection
        except AttributeError:  # (set by the first reset)
            raise _no_game(False) from None
        return (
            self._observe(self.seat_of[agent], self._selected) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        if self._steps < 0 or not self.agents:
            raise _no_game(self._steps >= 0)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} owes a decision; None is only for finished agents")
        self._cumulative_rewards[agent] = 0.0
        state = self.game_state
        try:
            if type(action) is int and 0 <= action < self._num_actions:
                self.choices.play(state, self.seat_of[agent], action, self._moving)
            else:  # Table.play checks it (a numpy integer is taken, anything else refused)
                self.table.play(state, self.seat_of[agent], action, self.choices, self._moving)
        except RuleError as err:
            raise _explained(err, agent, action, self._selected[1]) from None
        self._steps += 1
        done = self._moved()
        if done:
            for a, value in zip(self.possible_agents, self.table.returns(state), strict=True):
                self.rewards[a] = value
                self.terminations[a] = True
            self._accumulate_rewards()  # the rewards are 0 until the end: nothing to add before
        elif self.max_cycles is not None and self._steps >= self.max_cycles * len(self.possible_agents):
            for a in self.agents:
                self.truncations[a] = True
        self._select(agent)
        if self.render_mode == "human":
            self.render()


class FeldherrParallel(_Seats, ParallelEnv[str, ObsDict, int]):  # type: ignore[misc]
    """The parallel environment of one game (see the module docstring)."""

    def __init__(
        self,
        game: str | Game,
        options: Mapping[str, Any] | None = None,
        reward: Reward = "win",
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        self._setup(game, options or {}, reward, render_mode, max_cycles)
        self.agents: list[str] = []
        self._legal: dict[int, list[int]] = {}
        # the arrays of the last two steps' observations (_observe_all): rows' array, rows, masks
        self._sets: list[Any] = [None, None]
        self._seats_kernel = self.table.game.seats_observer()
        self._game_observe_seats = self.table.game.observe_seats
        self._all_seats = list(range(self.table.num_players))
        # a reward of 0, False and True for every agent: a step hands out copies of these (a dict's
        # copy costs a third of ``dict.fromkeys``; 0.0 == False, so a float's dict is not a bool's)
        agents = self.possible_agents
        self._every = (dict.fromkeys(agents, 0.0), dict.fromkeys(agents, False), dict.fromkeys(agents, True))

    def _observe_all(self) -> dict[str, ObsDict]:
        """Every agent's observation and mask (while a game runs, its agents are every possible
        agent, agent i seat i: they all finish together): the observations the rows of one array
        (what every seat sees alike read once for all: the kernel of ``Game.seats_observer()``
        where the game has one and no staged choice is under way, else ``Game.observe_seats``),
        the masks of the seats to move arrays of their own, every other agent's the shared
        read-only mask of zeros. Only the seats to move get their legal actions worked out.

        The arrays are new, or those of the step before the last where nobody holds them or a view
        of them any longer (:func:`~feldherr.adapters.table.unheld`; the rows' array by its
        reference count: this set, and each row's view): nobody can see them written again, and
        making them (an array and a view per agent, a mask per seat to move) cost a fifth of
        Mansfeld's step."""
        state, choices, moving = self.game_state, self.choices, self._moving
        seats = self._all_seats
        n, (shape, mask_shape), size = len(seats), self._shapes, self._num_actions
        sets, kernel, partial = self._sets, self._seats_kernel, choices.partial
        kept = sets[0]  # (rows' array, rows, masks by seat) of the step before the last, or None
        block = None
        # (the rows' array held by the set, each row and getrefcount's argument; a weak reference
        # to it is one to each row's base, which unheld checks)
        if kept is not None and getrefcount(kept[0]) == n + 2 and unheld(kept[1], 0, n, _FLOAT32, shape):
            block, rows = kept[0], kept[1]
            try:
                if kernel is not None and not partial:
                    kernel(state, moving, block, seats)
                else:
                    self._game_observe_seats(state, seats, block, partial, moving)
            except (TypeError, ValueError):  # its array made read-only, retyped or reshaped
                block = None
        if block is None:
            block = np.empty((n, *shape), _FLOAT32)
            if kernel is not None and not partial:
                kernel(state, moving, block, seats)
            else:
                self._game_observe_seats(state, seats, block, partial, moving)
            rows = [block[i] for i in range(n)]  # (by index: iterating an array is several times slower)
        masks = [self._no_mask] * n  # (handed out)
        own: list[Any] = [None] * n  # (kept: the masks made for this step)
        old = kept[2] if kept is not None else own
        # the legal actions of the seats to move, kept for the next step's check of a joint action
        # (for the state as it is: every change of the state is followed by this)
        self._legal = legal = {}
        staged, fill = self._staged, self._mask_into
        for seat in moving:
            legal[seat] = actions = staged(state, seat, partial.get(seat, ()))
            mask = old[seat] if unheld(old, seat, seat + 1, _INT8, mask_shape) else np.empty(size, np.int8)
            fill(mask, actions)  # (the helper zeroes it first)
            masks[seat] = own[seat] = mask
        sets[0] = sets[1]
        sets[1] = (block, rows, own)
        # (a loop, not a comprehension, which CPython 3.11 makes a new function object for on
        # every call)
        out = {}
        for i, agent in enumerate(self.possible_agents):
            out[agent] = {"observation": rows[i], "action_mask": masks[i]}
        return out

    def _infos(self) -> dict[str, dict[str, Any]]:
        """Every agent's info (agent i seat i, as in :meth:`_observe_all`): its legal actions now
        (``legal_actions``; empty for an agent that owes no decision), as :meth:`_observe_all`
        worked them out for the masks: each a copy, the user's to change (the lists kept check the
        next joint action)."""
        legal, infos = self._legal, {}
        for seat, a in enumerate(self.possible_agents):  # (a loop: see _observe_all)
            actions = legal.get(seat)
            infos[a] = {"legal_actions": actions[:] if actions else []}
        return infos

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, ObsDict], dict[str, dict[str, Any]]]:
        """A new game of the environment's options, with engine seed ``seed`` (else one drawn
        from a generator seeded by the last seed given, else unseeded): every agent's observation
        and info. ``options`` is not read (the game's options are fixed at construction: make
        another environment for others)."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observe_all(), self._infos()

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, ObsDict], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:
        if not self.agents:
            raise _no_game(self._steps >= 0)
        seat_of = self.seat_of
        joint = {}
        given = 0
        try:
            for a, act in actions.items():  # (a loop: see _observe_all)
                seat = seat_of[a]  # (every agent named is checked, None or not)
                if act is not None:
                    joint[seat] = act
                    given += 1
        except AttributeError:  # not a mapping
            raise IllegalActionError(
                f"a parallel step takes the actions as a dict by agent (such as {{'player_0': 3}}), "
                f"not {type(actions).__name__}",
                rule="adapter.joint",
            ) from None
        except (KeyError, TypeError):  # (TypeError: a key no agent's name can equal, unhashable)
            stranger = next(a for a in actions if not isinstance(a, str) or a not in seat_of)
            raise IllegalActionError(
                f"no agent {stranger!r:.40} in this game (its agents: {', '.join(self.possible_agents)})",
                rule="adapter.agent",
                agent=repr(stranger)[:40],
            ) from None
        moving = self._moving
        # actions of agents that owe nothing are ignored, if of the space: there are some only where
        # more actions than seats that move are given (a running game has a seat to move); counted,
        # not two len()s: 259 instead of 478 instructions per decision (callgrind, El Grande)
        if given > 1 and given > len(moving):
            _idle_actions(joint, moving, self._num_actions, self.possible_agents)
        try:
            if (
                len(moving) == 1
                and type(action := joint.get(moving[0])) is int
                and 0 <= action < self._num_actions
            ):
                # one seat to move with an action of the space: what play_joint would do, inline
                self.choices.play(self.game_state, moving[0], action, moving)
            else:
                self.table.play_joint(
                    self.game_state, joint, self.choices, moving, self._legal, self.possible_agents
                )
        except RuleError as err:
            if len(moving) != 1 or err.rule.startswith("adapter."):
                raise  # (the adapter's words; several seats' actions are checked before any is played)
            seat = moving[0]
            raise _explained(
                err, self.possible_agents[seat], joint[seat], self._legal.get(seat, [])
            ) from None
        self._steps += 1
        done = self._moved()
        cut = not done and self.max_cycles is not None and self._steps >= self.max_cycles
        agents = self.agents
        obs = self._observe_all()
        # every value a copy of one kept (the agents are every possible agent while a game runs:
        # all of them finish together, so agent i is seat i)
        zeros, falses, trues = self._every
        if done:
            rewards = dict(zip(agents, self.table.returns(self.game_state), strict=True))
        else:  # 0 until the end
            rewards = zeros.copy()
        terminations = (trues if done else falses).copy()
        truncations = (trues if cut else falses).copy()
        infos = self._infos()
        if done or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return obs, rewards, terminations, truncations, infos


def env(
    game: str | Game,
    reward: Reward = "win",
    render_mode: str | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> FeldherrAEC:
    """The AEC environment of ``game`` under ``options`` (the game's declared options)."""
    return FeldherrAEC(game, options, reward, render_mode, max_cycles)


def parallel_env(
    game: str | Game,
    reward: Reward = "win",
    render_mode: str | None = None,
    max_cycles: int | None = None,
    **options: Any,
) -> FeldherrParallel:
    """The parallel environment of ``game`` under ``options``."""
    return FeldherrParallel(game, options, reward, render_mode, max_cycles)
