"""Every registered game as an OpenSpiel Python game, ``python_feldherr_<name>``.

:func:`register` registers the games with ``pyspiel`` (idempotent); afterwards
``pyspiel.load_game("python_feldherr_toy", {"players": 3})`` works like any OpenSpiel game.
:func:`load_game` does both, and first refuses an integer parameter past OpenSpiel's 32 bits with a
``ValueError`` naming the parameter and its bounds (:mod:`feldherr.adapters.openspiel_params`;
``pyspiel.load_game`` fails on it inside, naming neither).

**Parameters.** The game's declared options (``option_spec``), each as an OpenSpiel parameter of
the same name: ``int``, ``bool`` and ``choice`` options keep their type (a string choice that
reads as a number gets a leading ``_``: El Grande's ``deck=_2023``); a ``multi`` option (a set of
choices) is its choices joined by ``+`` (``none``: the empty set); an ``int_list`` option is its
numbers joined by ``;``; ``default`` stands for the game's default where a default has no such
spelling (a per-player list, a mapping; a ``mapping`` option cannot be set through OpenSpiel).
Three parameters belong to the adapter: ``seeds`` (how many seeds the opening chance node chooses
from, below), ``turn_based`` (``False``: simultaneous nodes for secret decisions; ``True``: the
seats of a secret phase are asked one after another, in seat order, none seeing the others'
choices -- the same game as far as information goes, and the form that OpenSpiel's ISMCTS and MCTS
bots take) and ``reward`` (``"win"``: returns are each seat's share of the win, a
``CONSTANT_SUM`` game with ``utility_sum`` 1; ``"score"``: the final scores, ``GENERAL_SUM``).

**Chance.** The engine draws all chance (dice, shuffles, the cube tower) from the seeded generator
inside its state, while a move is applied; it cannot stop in the middle of a move to ask OpenSpiel
for an outcome. So the game opens with one explicit chance node that picks the engine's seed
uniformly from ``range(seeds)`` (default 4,096; OpenSpiel's tools list every outcome of a chance
node, so a much larger default costs them milliseconds per game; at most :data:`MAX_SEEDS`,
2**20, a larger value refused with a ``ValueError`` that names the parameter); after it, the game is
deterministic given the seed and the actions (exactly the engine's game with that seed, as in its
records), and the seed is seen by no player.
So the game is ``EXPLICIT_STOCHASTIC`` with one chance node per history (OpenSpiel's
``SAMPLED_STOCHASTIC`` mode would fit the engine too, but Python games cannot be serialized in it).

**Nodes.** A node where ``to_move()`` lists one seat is a decision node of that seat; several seats
make a simultaneous node (unless ``turn_based``). At a simultaneous node a seat that owes no decision
has exactly one legal action, ``pass`` (``num_actions``, one past the codec's range; it exists only
when ``turn_based`` is off). Joint actions are played in seat order.

**Information.** The observation string and tensor are the engine's ``observation_string(seat)``
and ``game.observe(state, seat)`` (what the seat sees, its partial staged choice shown). The
information-state string is the seat's view together with every log entry the seat may read, from
the start (JSON): as complete a memory as the game's log (the engines log every decision, to its
seat at least). The information-state tensor is the observation tensor followed by the seat's own
actions in a fixed-length encoding, two numbers per slot for ``info.max_actions`` slots (the
game's maximum length): ``1`` and ``(action + 1) / num_actions`` for the seat's k-th action, zeros
after its last (see :class:`Observer`). ``resample_from_infostate(seat, sampler)`` is
``state.determinize(seat, seed)`` with a seed drawn from the sampler (the seat's own actions and
partial choice kept, the others' dropped). An observer the game cannot offer (every player's
private information, or none) raises ``SpielError``.

OpenSpiel's ``MCTSBot`` on the ``turn_based`` form searches the real state, hidden information
included (it clones the state it is handed): it cheats. Use ISMCTS (``resample_from_infostate``)
or give MCTS a determinized state.

Serialization (``pyspiel.serialize_game_and_state``) writes the engine state as its JSON.
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from feldherr.adapters import missing_library

try:
    import pyspiel
except ImportError as exc:  # the adapters extra is not installed
    raise ImportError(missing_library("open_spiel (pyspiel)", __name__)) from exc

from feldherr.adapters.openspiel_params import MAX_SEEDS as MAX_SEEDS  # re-exported
from feldherr.adapters.openspiel_params import PREFIX, check_params, seeds_value, string_params
from feldherr.adapters.table import IllegalActionError, Reward, Table, action_number
from feldherr.core.actions import Choices
from feldherr.core.errors import NotYourTurnError, OptionError
from feldherr.core.game import State
from feldherr.core.observation import unpack
from feldherr.core.options import OptionSpec
from feldherr.games import game_names, get_game

ADAPTER_PARAMS: dict[str, Any] = {"seeds": 1 << 12, "turn_based": False, "reward": "win"}

CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
SIMULTANEOUS = int(pyspiel.PlayerId.SIMULTANEOUS)
_NO_NODE: tuple[int, int, tuple[int, ...]] = (-1, 0, ())


def short_name(game: str) -> str:
    return PREFIX + game


# -- options <-> OpenSpiel parameters --------------------------------------------------------
# OpenSpiel writes parameters into a game string, ``name(key=value,...)``, and reads each value
# back by its look: digits become an int, true/false a bool, anything else a string, and a comma
# ends the value. So a string that looks like a number is prefixed with "_" (El Grande's deck
# "2023" is "_2023"), sets and lists are joined with "+" and ";", and "default" stands for the
# game's default where the value has no OpenSpiel form (a per-player default, a mapping).
DEFAULT = "default"
NONE = "none"


def _looks_typed(text: str) -> bool:
    """Would OpenSpiel read ``text`` as something other than a string?"""
    return text == "" or text.lower() in ("true", "false") or all(c in "+-0123456789.e" for c in text)


def _escape(value: str) -> str:
    return "_" + value if _looks_typed(value) else value


def param_default(spec: OptionSpec) -> Any:
    """The OpenSpiel parameter default for one declared option (see the module docstring)."""
    default = spec.default
    if spec.kind in ("int", "bool") and isinstance(default, bool | int):
        return default
    if spec.kind == "choice" and isinstance(default, bool | int):
        return default
    if spec.kind == "choice" and isinstance(default, str):
        return _escape(default)
    if spec.kind == "multi" and isinstance(default, list | tuple):
        return "+".join(default) if default else NONE
    if spec.kind == "int_list" and isinstance(default, list | tuple):
        return ";".join(map(str, default))
    return DEFAULT


def params_spelled(specs: tuple[OptionSpec, ...], params: Mapping[str, Any]) -> dict[str, Any]:
    """``params`` with every value in the spelling that survives the game string: a ``choice``
    string that reads as a number gets its leading ``_`` (``deck="2023"`` is ``deck="_2023"``), as
    :func:`param_default` writes it; so ``str(game)`` loads the same game again, and a serialized
    state (``pyspiel.serialize_game_and_state``) deserializes."""
    spelled = dict(params)
    for spec in specs:
        value = spelled.get(spec.name)
        if spec.kind == "choice" and isinstance(value, str) and value in spec.choices and _looks_typed(value):
            spelled[spec.name] = _escape(value)
    return spelled


def _numbers(spec: OptionSpec, value: str) -> list[int]:
    """An ``int_list`` option's OpenSpiel value (numbers joined by ``;``) as numbers."""
    try:
        return [int(v) for v in value.split(";") if v]
    except ValueError:
        raise OptionError(
            f"option {spec.name} takes whole numbers joined by ';' (e.g. 30;42) or default, "
            f"not {value!r:.80}",
            spec.name,
        ) from None


def options_from_params(specs: tuple[OptionSpec, ...], params: Mapping[str, Any]) -> dict[str, Any]:
    """The game options that OpenSpiel parameters stand for (the inverse of :func:`param_default`'s
    spelling)."""
    options: dict[str, Any] = {}
    for spec in specs:
        if spec.name not in params:
            continue
        value = params[spec.name]
        if value == DEFAULT and spec.kind in ("int_list", "mapping"):
            continue
        if spec.kind == "choice" and isinstance(value, str) and value.startswith("_"):
            value = value[1:] if value[1:] in spec.choices else value
        elif spec.kind == "multi" and isinstance(value, str):
            value = [] if value == NONE else value.split("+")
        elif spec.kind == "int_list" and isinstance(value, str):
            value = _numbers(spec, value)
        elif spec.kind == "mapping":
            raise ValueError(f"option {spec.name} (a mapping) cannot be set through OpenSpiel parameters")
        options[spec.name] = value
    return options


# -- the engine state inside an OpenSpiel state -------------------------------------------
class _Engine:
    """Holds the engine state of one OpenSpiel state (``None`` before the opening chance node) and
    the seats' partial staged choices. OpenSpiel clones a Python state by deep-copying its
    attributes and serializes it by pickling them: this holder makes the copy the engine's cheap
    ``clone()`` and the pickle the engine's JSON.

    ``node`` remembers what pyspiel asks again and again of one node: (engine version,
    ``current_player()``, ``to_move()``), computed once per engine version (every applied move
    advances it; a step of a staged choice changes neither the version nor the seats to move).
    ``legal``: at a simultaneous node, each seat's legal actions as asked (lists never handed out,
    only copies), against which a joint action is checked before any of it is played; dropped
    with the node and after every action. A clone keeps both, a pickle neither."""

    __slots__ = ("choices", "legal", "mine", "node", "state", "table")

    def __init__(
        self,
        table: Table,
        state: State | None = None,
        choices: Choices | None = None,
        mine: list[list[int]] | None = None,
    ) -> None:
        self.table = table
        self.state = state
        self.choices = choices if choices is not None else table.choices()
        self.mine: list[list[int]] = mine if mine is not None else [[] for _ in range(table.num_players)]
        """Each seat's own actions so far (its private history; the information-state tensor)."""
        self.node: tuple[int, int, tuple[int, ...]] = _NO_NODE
        self.legal: dict[int, list[int]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        state = None if self.state is None else self.state.clone()
        other = _Engine(self.table, state, self.choices.copy(), [list(m) for m in self.mine])
        other.node = self.node
        other.legal = dict(self.legal)  # the lists are never changed: sharing them is safe
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        t = self.table
        data = None if self.state is None else self.state.to_json()
        partial = {str(s): list(p) for s, p in self.choices.partial.items()}
        return (_restore, (t.game.name, t.options, t.reward, data, partial, self.mine))


def _restore(
    game: str,
    options: dict[str, Any],
    reward: Reward,
    data: dict[str, Any] | None,
    partial: dict[str, list[int]] | None = None,
    mine: list[list[int]] | None = None,
) -> _Engine:
    table = Table(game, options, reward)
    choices = Choices(table.game, {int(s): tuple(p) for s, p in (partial or {}).items()})
    state = None if data is None else table.game.state_from_json(data)
    return _Engine(table, state, choices, [list(m) for m in mine] if mine is not None else None)


# -- the game ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Form:
    """What a state needs of its game's parameters; shared by every state of the game (a clone
    keeps the same object)."""

    simultaneous: bool
    pass_action: int
    seeds: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Form:
        return self


@functools.lru_cache(maxsize=4)  # (a game has one value; a few games side by side, a few)
def _seed_outcomes(seeds: int) -> tuple[tuple[int, float], ...]:
    p = 1.0 / seeds
    return tuple((seed, p) for seed in range(seeds))


WIN_SUM = 1.0
"""What the returns of every finished game sum to with ``reward="win"``: the winners share one win
(each of k tied winners gets 1/k; every game of this build names at least one winner)."""


def _utility(reward: Any) -> tuple[Any, float | None]:
    """The game type's utility and the game's ``utility_sum`` for ``reward``: ``win`` is
    ``CONSTANT_SUM`` with sum 1 (the shares of one win); ``score``, the game's own points, is
    ``GENERAL_SUM`` (the scores of a game sum to different totals)."""
    if reward == "win":
        return pyspiel.GameType.Utility.CONSTANT_SUM, WIN_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM, None


def _game_type(name: str, dynamics: Any, params: dict[str, Any], hidden: bool, reward: Any) -> Any:
    """The game type of ``name`` (``params``: its parameters with their defaults); the utility
    follows ``reward`` (:func:`_utility`): the registered type is that of the default, ``win``."""
    game = get_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python feldherr {game.title}",
        dynamics=dynamics,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=_utility(reward)[0],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _parameters(name: str) -> dict[str, Any]:
    specs = get_game(name).option_spec()
    params = {spec.name: param_default(spec) for spec in specs}
    params.update(ADAPTER_PARAMS)
    return params


class FeldherrGame(pyspiel.Game):  # type: ignore[misc]
    """One feldherr game under fixed parameters."""

    def __init__(self, name: str, params: Mapping[str, Any]) -> None:
        check_params(name, params)  # a number pyspiel cannot hold, refused before it is handed one
        game = get_game(name)
        full = params_spelled(game.option_spec(), {**_parameters(name), **params})
        options = options_from_params(game.option_spec(), full)
        self.table = Table(game, options, full["reward"])
        self.turn_based = bool(full["turn_based"])
        info = self.table.info
        dynamics = (
            pyspiel.GameType.Dynamics.SIMULTANEOUS
            if info.simultaneous and not self.turn_based
            else pyspiel.GameType.Dynamics.SEQUENTIAL
        )
        self.simultaneous = dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        self.pass_action = info.num_actions
        self.seeds = seeds_value(full["seeds"])
        self.form = _Form(self.simultaneous, self.pass_action, self.seeds)
        low, high = self.table.return_bounds
        utility_sum = _utility(full["reward"])[1]
        super().__init__(
            _game_type(
                name,
                dynamics,
                _parameters(name),
                info.hidden_information or info.simultaneous,
                full["reward"],
            ),
            pyspiel.GameInfo(
                num_distinct_actions=info.num_actions + (1 if self.simultaneous else 0),
                max_chance_outcomes=self.seeds,
                num_players=info.num_players,
                min_utility=low,
                max_utility=high,
                utility_sum=utility_sum,
                max_game_length=info.max_actions,
            ),
            full,
        )

    def new_initial_state(self) -> FeldherrState:
        return FeldherrState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise pyspiel.SpielError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise pyspiel.SpielError(
                "only a single player's observation or information state is offered "
                f"(asked: public_info={iig_obs_type.public_info}, private_info={iig_obs_type.private_info})"
            )
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.table, perfect_recall)


class FeldherrState(pyspiel.State):  # type: ignore[misc]
    """One position: the engine state plus OpenSpiel's history.

    pyspiel's C++ ``State`` drives a Python state through callbacks (``current_player``,
    ``_legal_actions``, ``_apply_action``, ...), and its ``legal_actions``, ``is_chance_node`` and
    the like ask ``current_player`` and ``is_terminal`` again on every call: about nine crossings
    of the C++/Python border per decision, each costing more than a small engine step. So the
    questions are answered here in Python as well (the same answers as pyspiel's ``State``, which
    C++ callers still get through the callbacks), and what they need is computed once per node
    (see :class:`_Engine`). ``apply_action`` stays pyspiel's: it keeps the history (a Python
    caller's action is first taken as every adapter takes it, see :meth:`apply_action`)."""

    def __init__(self, game: FeldherrGame) -> None:
        super().__init__(game)
        # OpenSpiel's clone deep-copies each attribute: two, each a cheap copy
        self._engine = _Engine(game.table)
        self._form: _Form = game.form

    def apply_action(self, action: Any) -> None:
        """pyspiel's ``apply_action``, the action taken as every adapter takes it
        (:func:`~feldherr.adapters.table.action_number`: an int, a numpy integer or a 0-d integer
        array; anything else an ``IllegalActionError``, nothing changed). pyspiel's binding would
        convert it first: ``True`` and a 0-d float array played as action 1, ``1.0`` a
        ``TypeError`` listing signatures. (C++ callers go straight to ``_apply_action``.)"""
        if type(action) is not int:
            action = action_number(action)
        pyspiel.State.apply_action(self, action)

    def apply_actions(self, actions: Any) -> None:
        """pyspiel's ``apply_actions`` (one action per player), each action taken as
        :meth:`apply_action` takes it before any is played."""
        joint = [a if type(a) is int else action_number(a) for a in actions]
        pyspiel.State.apply_actions(self, joint)

    @property
    def engine(self) -> State:
        """The engine state (after the opening chance node; do not change it directly)."""
        state = self._engine.state
        if state is None:
            raise pyspiel.SpielError("the opening chance node (the seed) has not been played yet")
        return state

    @property
    def table(self) -> Table:
        return self._engine.table

    # -- the node ------------------------------------------------------------------------------
    def current_player(self) -> int:
        engine = self._engine
        state = engine.state
        if state is None:
            return CHANCE
        node = engine.node
        if node[0] == state.version:
            return node[1]
        return self._node(engine, state)[1]

    def _node(self, engine: _Engine, state: State) -> tuple[int, int, tuple[int, ...]]:
        """(version, current player, seats that owe a decision) of the engine state now."""
        node = engine.node
        if node[0] == state.version:
            return node
        seats: tuple[int, ...] = ()
        if state.is_terminal():
            player = TERMINAL
        else:
            seats = state.to_move()
            player = SIMULTANEOUS if len(seats) > 1 and self._form.simultaneous else seats[0]
        engine.node = node = (state.version, player, seats)
        if engine.legal:
            engine.legal = {}
        return node

    def is_terminal(self) -> bool:
        state = self._engine.state
        return state is not None and state.is_terminal()

    def is_chance_node(self) -> bool:
        return self._engine.state is None

    def is_simultaneous_node(self) -> bool:
        # asked once a decision by most loops: current_player() written out
        engine = self._engine
        state = engine.state
        if state is None:
            return False
        node = engine.node
        if node[0] != state.version:
            node = self._node(engine, state)
        return node[1] == SIMULTANEOUS

    def is_player_node(self) -> bool:
        return self.current_player() >= 0

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The opening chance node: every seed in ``range(seeds)``, uniformly."""
        return list(_seed_outcomes(self._form.seeds))

    # -- actions -------------------------------------------------------------------------------
    def legal_actions(self, player: Any = None) -> list[int]:
        """pyspiel's ``State.legal_actions([player])``, answered in Python: the chance outcomes at
        the chance node, ``[]`` at the end and for a seat that is not asked, ``[pass]`` for a seat
        that owes nothing at a simultaneous node; a pseudo-player (a negative number) other than
        the current one is an error."""
        engine = self._engine
        state = engine.state
        if state is None:
            return list(range(self._form.seeds))
        node = engine.node
        if node[0] != state.version:
            node = self._node(engine, state)
        _, current, seats = node
        player = current if player is None else operator.index(player)
        if current == player:
            if current < 0:  # the end
                return []
        elif current == TERMINAL:
            return []
        elif current == SIMULTANEOUS and player >= 0:
            if player not in seats:
                return [self._form.pass_action] if player < engine.table.num_players else []
            actions = engine.legal.get(player)
            if actions is None:
                partial = engine.choices.partial.get(player, ())
                actions = engine.legal[player] = engine.table.game.staged_actions(state, player, partial)
            return list(actions)  # a copy: the caller may change its list
        elif player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        else:
            return []
        return engine.table.game.staged_actions(state, player, engine.choices.partial.get(player, ()))

    def _legal_actions(self, player: int) -> list[int]:
        # pyspiel's C++ LegalActions calls this for the current player, or for any seat at a
        # simultaneous node, after its own checks: the answer is legal_actions'
        return self.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        state = engine.state
        if state is None:
            seeds = self._form.seeds
            if not 0 <= action < seeds:
                raise pyspiel.SpielError(f"seed {action} is outside 0..{seeds - 1}")
            engine.state = self.table.new_state(int(action))
            return
        node = engine.node
        if node[0] != state.version:
            node = self._node(engine, state)
        player = node[1]
        if player >= 0:
            self._play(engine, state, player, action)
        elif player == SIMULTANEOUS:
            raise NotYourTurnError(
                f"seats {list(node[2])} decide at once here: apply_actions takes one action per seat",
                rule="core.seat",
                seats=list(node[2]),
            )
        else:
            raise NotYourTurnError("the game is over: no seat owes a decision", rule="core.seat")

    def _apply_actions(self, actions: list[int]) -> None:
        engine = self._engine
        state = self.engine
        table = engine.table
        if len(actions) != table.num_players:
            raise pyspiel.SpielError(f"a joint action has one action per player, not {len(actions)}")
        _, current, seats = self._node(engine, state)
        if current == TERMINAL:
            raise NotYourTurnError("the game is over: no seat owes a decision", rule="core.seat")
        if len(seats) > 1:
            self._check_joint(engine, state, seats, actions)
        version = state.version
        for i, seat in enumerate(seats):
            # a seat settled by an earlier move of the same joint action is skipped (as drive
            # does); to_move() can only have changed once a move was applied (a step of a staged
            # choice, such as a card added to a commitment, applies none)
            if i and state.version != version and seat not in state.to_move():
                continue
            self._play(engine, state, seat, actions[seat])

    def _check_joint(self, engine: _Engine, state: State, seats: tuple[int, ...], actions: list[int]) -> None:
        """Refuse a joint action before any of it is played: each seat's action must be one of
        its legal actions at the node (those asked already are remembered)."""
        legal = engine.legal
        table = engine.table
        for seat in seats:
            action = actions[seat]
            allowed = legal.get(seat)
            if allowed is None:
                partial = engine.choices.partial.get(seat, ())
                allowed = legal[seat] = table.game.staged_actions(state, seat, partial)
            if action not in allowed:
                # the engine's own error, which names the rule, from a copy; then the table's
                table.play(state.clone(), seat, action, engine.choices.copy())
                raise IllegalActionError(
                    f"action {action} is not legal for seat {seat}", rule="adapter.action", action=action
                )

    def _play(self, engine: _Engine, state: State, seat: int, action: int) -> None:
        """Take ``action`` for ``seat``, which owes a decision (the node says so): what
        ``Table.play`` does, without asking ``to_move()`` again. Illegal: a RuleError, nothing
        changed."""
        if engine.legal:
            engine.legal = {}
        if type(action) is not int:
            action = int(action)
        top = engine.table.num_actions - 1
        if not 0 <= action <= top:
            raise IllegalActionError(
                f"action {action} is outside 0..{top}", rule="adapter.action", action=action
            )
        choices = engine.choices
        partial = choices.partial.get(seat, ())
        move = engine.table.game.staged_move(state, seat, partial, action)
        if move is None:
            choices.partial[seat] = (*partial, action)
        else:
            state.apply(seat, move)
            engine.node = _NO_NODE
            if partial:
                del choices.partial[seat]
        engine.mine[seat].append(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"seed {action}"
        if action == self._form.pass_action and self._form.simultaneous:
            return "pass"
        state, game = self.engine, self.table.game
        try:
            move = game.decode(state, player, action)
            return f"{action}: {game.describe_move(state.view(player), move)}"
        except Exception:  # a step of a staged choice, or out of context: its number will do
            return f"action {action}"

    def returns(self) -> list[float]:
        state = self._engine.state
        return [0.0] * self.table.num_players if state is None else self.table.returns(state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FeldherrState:
        """A state consistent with what ``player_id`` knows: the engine's ``determinize`` with a
        seed drawn from ``probability_sampler``."""
        players = self.table.num_players
        whole = isinstance(player_id, int | np.integer) and not isinstance(player_id, bool)
        if not whole or not 0 <= player_id < players:
            raise pyspiel.SpielError(
                f"no player {player_id!r:.40} to resample for (players 0 to {players - 1})"
            )
        player_id = int(player_id)
        seed = int(probability_sampler() * 2**53)
        other: FeldherrState = self.clone()
        own = self._engine.choices.of(player_id)  # the others' partial choices are secret
        mine: list[list[int]] = [[] for _ in self._engine.mine]  # and so are their actions
        mine[player_id] = list(self._engine.mine[player_id])
        other._engine = _Engine(
            self.table,
            self.engine.determinize(player_id, seed),
            Choices(self.table.game, {player_id: own} if own else None),
            mine,
        )
        return other

    def __str__(self) -> str:
        if self._engine.state is None:
            return "(the seed is not drawn yet)"
        # OpenSpiel compares states by this string (clones, serialization): the engine's digest
        # names the whole position. Readable text: observation_string(seat).
        state = self.engine
        partial = self._engine.choices.partial
        staged = f" partial {sorted(partial.items())}" if partial else ""
        return f"{state.game_name} version {state.version} digest {state.digest()}{staged}"


def history_size(table: Table) -> int:
    """Numbers of the own-action history in the information-state tensor: two per action the game
    can take at most (``info.max_actions``, all seats together)."""
    return 2 * table.info.max_actions


class Observer:
    """OpenSpiel's Python observer: the observation, or the information state (perfect recall).

    ``dict`` holds the tensor's pieces by name, as OpenSpiel's games give them: the observation's
    blocks (``GameInfo.fields()``: ``counties`` one row per county, ``players`` one row per
    player, ...) and, with perfect recall, ``own_actions``.

    The observation tensor is the engine's observation of the seat (``game.observe``, its partial
    staged choice shown). The information-state tensor is that observation followed by the seat's
    own actions so far in a fixed-length encoding: for each of ``info.max_actions`` slots, ``1``
    and ``(action + 1) / num_actions`` for the seat's k-th action, zeros after its last one. With
    the observation (everything public and the seat's own secrets now) it is a perfect-recall
    memory of what the seat did. Observers for other information (``private_info`` other than a
    single player, no public information) are not offered: they raise ``SpielError``."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        shape = table.info.observation_shape
        size = int(np.prod(shape))
        history = history_size(table) if perfect_recall else 0
        self.tensor = np.zeros(size + history, np.float32)
        self._obs = self.tensor[:size].reshape(shape)
        self._history = self.tensor[size:]
        # the observation's named blocks as views of the tensor (OpenSpiel's convention: the
        # dict's pieces make up the tensor), then the own actions
        self.dict = unpack(self.tensor[:size], table.info.fields())
        if perfect_recall:
            self.dict["own_actions"] = self._history.reshape(-1, 2)

    def set_from(self, state: FeldherrState, player: int) -> None:
        engine = state._engine.state
        if engine is None:
            self.tensor[:] = 0.0
            return
        state._engine.choices.observe(engine, player, self._obs)
        if self.perfect_recall:
            history = self._history
            history[:] = 0.0
            mine = state._engine.mine[player]
            if mine:
                k = len(mine)
                if 2 * k > len(history):
                    raise pyspiel.SpielError(f"{k} actions exceed the game's bound {len(history) // 2}")
                history[0 : 2 * k : 2] = 1.0
                history[1 : 2 * k : 2] = (np.asarray(mine, np.float32) + 1.0) / self.table.num_actions

    def string_from(self, state: FeldherrState, player: int) -> str:
        engine = state._engine.state
        if engine is None:  # before the opening chance node nobody has seen anything
            return ""
        partial = list(state._engine.choices.of(player))
        if not self.perfect_recall:
            text = engine.observation_string(player)
            return f"{text}\n(actions chosen so far: {partial})" if partial else text
        return json.dumps(
            {"view": engine.view(player), "log": engine.visible_log(player), "partial": partial},
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )


# -- registration --------------------------------------------------------------------------
_REGISTERED: set[str] = set()


def register(names: list[str] | None = None) -> list[str]:
    """Register ``python_feldherr_<name>`` for each game (default: every game that gives
    ``GameInfo``); return the OpenSpiel names. Registering a name again does nothing."""
    out = []
    for name in names if names is not None else _ready_games():
        if name not in _REGISTERED:
            params = _parameters(name)
            info = get_game(name).info(get_game(name).normalize_options({}))
            dynamics = (
                pyspiel.GameType.Dynamics.SIMULTANEOUS
                if info.simultaneous
                else pyspiel.GameType.Dynamics.SEQUENTIAL
            )
            pyspiel.register_game(
                _game_type(
                    name, dynamics, params, info.hidden_information or info.simultaneous, params["reward"]
                ),
                _factory(name),
            )
            _REGISTERED.add(name)
        out.append(short_name(name))
    return out


def load_game(name: str, params: Mapping[str, Any] | None = None) -> Any:
    """``pyspiel.load_game(name, params)`` for a feldherr game (``name``: ``python_feldherr_toy``,
    ``toy`` or a game string ``python_feldherr_toy(players=3)``), registered first, its integer
    parameters checked first (:func:`~feldherr.adapters.openspiel_params.check_params`): a number
    past OpenSpiel's 32 bits is a ``ValueError`` that names the parameter and its bounds, where
    ``pyspiel.load_game`` itself fails inside, naming neither."""
    game, given = string_params(name)
    check_params(game, {**given, **(params or {})})
    register([game])
    spelled = name if "(" in name else short_name(game)
    return pyspiel.load_game(spelled, dict(params)) if params else pyspiel.load_game(spelled)


def _factory(name: str) -> type[FeldherrGame]:
    # A class, not a closure: pyspiel keeps the creator until after the interpreter has shut down,
    # and dropping a closure then aborts the process (a class is dropped cleanly).
    def __init__(self: FeldherrGame, params: Mapping[str, Any] | None = None) -> None:
        FeldherrGame.__init__(self, name, params or {})

    return type(f"FeldherrGame_{name}", (FeldherrGame,), {"__init__": __init__})


def _ready_games() -> list[str]:
    ready = []
    for name in game_names():
        try:
            game = get_game(name)
            game.info(game.normalize_options({}))
        except (NotImplementedError, ValueError):  # not in this build, or no GameInfo yet (OptionError too)
            continue
        ready.append(name)
    return ready
