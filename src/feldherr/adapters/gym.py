"""A single-agent Gymnasium environment: one seat learns, bots play the others.

``SingleAgentEnv(game, seat=0, opponents="random", **options)``: the agent plays ``seat``; every
other seat is played by a bot of the game's bot table (``random`` always, plus the game's own, such
as ``heuristic``), one name for all or one per other seat, each seeded from the game seed as
:func:`feldherr.core.play.make_bots` seeds them. Bots see only what their seat may see
(:class:`~feldherr.core.bots.SeatAccess`).

Observation: ``{"observation": float32 Box of observation_shape, "action_mask": int8}`` of the
agent's own view; actions: ``Discrete(num_actions)`` (the game's codec); ``action_masks()`` gives
the mask as booleans (the convention of maskable policies). The reward is 0 until the end, then the
agent's share of the win (``reward="win"``) or its final score (``reward="score"``). An action
outside the mask ends the episode with ``illegal_reward`` (and ``info["illegal"] = True``): the
state is left unchanged, as the engine leaves it after any illegal move. Something that is not an
action of the space at all (a float, a bool, a text; :func:`action_number`) raises an
``IllegalActionError`` and changes nothing, the episode goes on. ``step`` after the end of
an episode (of either kind) or before the first ``reset`` raises a ``RuntimeError`` saying so.

``reset(seed=s)`` plays the engine's game with seed ``s`` (bots seeded from ``s`` too); without a
seed, the seed comes from the environment's generator. ``reset(options={"seat": k, "opponents":
...})`` changes the agent's seat and its opponents (as the constructor takes them) from that
episode on, for self-play or a curriculum; any other option is an error.

Importing this module registers the Gymnasium id ``feldherr/<env_name>-v0`` of every registered
game (``feldherr/Wallenstein-v0``, ``feldherr/ElGrande-v0``, ``feldherr/Mansfeld-v0``):
``gymnasium.make("feldherr/Mansfeld-v0", players=2, opponents="heuristic")`` takes the game's
options and the environment's arguments as keywords. The wrappers of ``make`` do not forward
methods: reach the mask with ``env.get_wrapper_attr("action_masks")()`` (what sb3-contrib's
``MaskablePPO`` calls) or ``env.unwrapped.action_masks()``, and in a vector environment with
``envs.call("action_masks")``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import numpy as np
import numpy.typing as npt

from feldherr.adapters import missing_library

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as exc:  # the adapters extra is not installed
    raise ImportError(missing_library("gymnasium", __name__)) from exc

from feldherr.adapters.table import Reward, Table, action_number
from feldherr.core.actions import Choices
from feldherr.core.bots import Bot, SeatAccess
from feldherr.core.game import Game, State
from feldherr.core.play import make_bots
from feldherr.games import game_names, get_game

ObsDict = dict[str, npt.NDArray[Any]]


class SingleAgentEnv(gym.Env[ObsDict, np.int64]):
    """One seat of a game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 -- gymnasium's own convention

    def __init__(
        self,
        game: str | Game,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: Reward = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        options: Mapping[str, Any] | None = None,
        **more_options: Any,
    ) -> None:
        self.table = Table(game, {**(options or {}), **more_options}, reward)
        self.seat, self.opponents = self._checked_seats(seat, opponents)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        info = self.table.info
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(*info.observation_bounds, info.observation_shape, np.float32),
                "action_mask": spaces.Box(0, 1, (info.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(info.num_actions)
        self.state: State = self.table.new_state(0)
        self.bots: list[Bot | None] = []
        self.bot_moves = 0
        """The moves the bots have made in this episode."""
        self.choices: Choices = self.table.choices()
        self._num_actions = info.num_actions
        self._obs_shape = info.observation_shape
        self._mask = np.zeros(info.num_actions, dtype=np.int8)
        self._moving: tuple[int, ...] = ()
        self._rest: tuple[int, ...] = ()
        """The seats after the agent in the round of ``to_move()`` under way (see ``_advance``)."""
        self._running = False
        """Whether an episode runs: from ``reset`` until it ends (the game's end or an illegal
        action); ``step`` outside one is refused."""

    def _checked_seats(self, seat: Any, opponents: Any) -> tuple[int, list[str]]:
        """The agent's seat and the other seats' bot names, checked (unknown bot names fail now,
        not at the next reset)."""
        n = self.table.num_players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if not isinstance(opponents, str | Sequence):
            raise ValueError(f"opponents must be a bot name or a list of them, not {opponents!r:.60}")
        others = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, got {len(others)}")
        make_bots(self.table.game, ["random", *others], 0)
        return seat, others

    # -- the episode ---------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        seat, opponents = self.seat, self.opponents
        if options:  # the agent's seat and its opponents, from this episode on
            unknown = sorted(set(options) - {"seat", "opponents"})
            if unknown:
                raise ValueError(
                    f"reset options are 'seat' and 'opponents', not {', '.join(map(repr, unknown))}"
                )
            asked = options.get("opponents", self.opponents)
            if "seat" in options and "opponents" not in options and len(set(self.opponents)) == 1:
                asked = self.opponents[0]  # one bot for all: the same at any seat
            seat, opponents = self._checked_seats(options.get("seat", self.seat), asked)
        # the engine checks a seed first (one line): a refused reset changes nothing, neither the
        # seat nor the generator of the unseeded resets
        state = None if seed is None else self.table.new_state(seed)
        super().reset(seed=seed)
        engine_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63 - 1))
        self.seat, self.opponents = seat, opponents
        self.state = state if state is not None else self.table.new_state(engine_seed)
        self.choices = self.table.choices()
        specs = list(self.opponents)
        specs.insert(self.seat, "random")
        bots: list[Bot | None] = list(make_bots(self.table.game, specs, engine_seed))
        bots[self.seat] = None
        self.bots = bots
        self.bot_moves = 0
        self._rest = ()
        self._advance()
        self._running = not self.state.is_terminal()
        return self._obs(), {}

    def step(self, action: np.int64 | int) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        if not self._running:
            if self.bots:
                raise RuntimeError("the episode is over: call reset()")
            raise RuntimeError("no episode yet: call reset() first")
        act = action_number(action)
        mask = self._mask  # the mask of the observation the agent was given
        if not 0 <= act < len(mask) or not mask[act]:
            self._running = False
            return self._obs(), self.illegal_reward, True, False, {"illegal": True}
        if self.table.play(self.state, self.seat, act, self.choices, self._moving):
            self._advance()
        done = self.state.is_terminal()
        if done:
            self._running = False
        reward = self.table.returns(self.state)[self.seat] if done else 0.0
        return self._obs(), reward, done, False, {}

    def _advance(self) -> None:
        """Let the bots move until the agent owes a decision or the game is over, in the round
        order of :func:`feldherr.core.game.drive`: each round asks every seat of ``to_move()``
        once, in seat order (a seat an earlier move of the round settled is skipped), the agent
        in its place; after the agent's move the round goes on with the seats after it. So an
        agent that plays what its seat's bot would play plays ``play_game``'s game."""
        state, agent = self.state, self.seat
        if self._rest:  # the round under way, after the agent's move
            rest, self._rest = self._rest, ()
            for seat in rest:
                if state.is_terminal():
                    break
                if seat in state.to_move():
                    self._bot_move(state, seat)
        while True:
            moving = () if state.is_terminal() else state.to_move()
            if not moving:
                self._moving = ()
                return
            if moving[0] == agent:  # (most of the agent's decisions: first in its round)
                self._rest = moving[1:]
                self._moving = moving
                return
            for i, seat in enumerate(moving):
                if i and seat not in state.to_move():
                    continue
                if seat == agent:
                    self._rest = moving[i + 1 :]
                    self._moving = moving if i == 0 else state.to_move()
                    return
                self._bot_move(state, seat)

    def _bot_move(self, state: State, seat: int) -> None:
        bot = self.bots[seat]
        assert bot is not None
        state.apply(seat, bot.choose(SeatAccess(state, seat)))
        self.bot_moves += 1

    def _obs(self) -> ObsDict:
        """The agent's observation and mask, each in a new array (Gymnasium's rule: the data
        returned is the user's); the environment keeps its own copy of the mask to check the next
        action against."""
        table, state, seat, choices = self.table, self.state, self.seat, self.choices
        moving = self._moving
        mask = table.mask(state, seat, choices, np.empty(self._num_actions, np.int8), moving)
        self._mask = mask
        return {
            "observation": table.observation(
                state, seat, choices, np.empty(self._obs_shape, np.float32), moving
            ),
            "action_mask": mask.copy(),
        }

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent now, as booleans."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.state.observation_string(self.seat)
        return None


ID_PREFIX = "feldherr/"


def env_id(game: str | Game) -> str:
    """The Gymnasium id of a game: ``feldherr/<env_name>-v0``."""
    cls = get_game(game) if isinstance(game, str) else game
    name = cls.env_name or cls.name[:1].upper() + cls.name[1:]
    return f"{ID_PREFIX}{name}-v0"


def register_envs() -> list[str]:
    """Register ``feldherr/<env_name>-v0`` for every registered game (again: nothing happens);
    return the ids. Runs on import of this module."""
    ids = []
    for name in game_names():
        try:
            game = get_game(name)
        except NotImplementedError:  # not in this build
            continue
        ident = env_id(game)
        if ident not in gym.registry:
            gym.register(id=ident, entry_point=f"{__name__}:SingleAgentEnv", kwargs={"game": name})
        ids.append(ident)
    return ids


register_envs()
