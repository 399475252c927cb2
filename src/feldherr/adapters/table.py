"""What every adapter shares: a game under fixed options, seats as numbers, moves as integers.

A :class:`Table` holds one game with its normalised options and :class:`GameInfo`, and does the
few things every adapter needs on top of the core contracts: the integer mask of a seat, playing
an integer action, playing a joint action of the seats in ``to_move()`` (the engine takes the
secret decisions of a simultaneous phase one seat at a time, so a joint action is those moves in
seat order, as :func:`feldherr.core.game.drive` plays them) and the rewards of a finished game.

It depends on no research library, so its numbers can be tested and benchmarked alone.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from sys import getrefcount
from typing import Any, Literal
from weakref import getweakrefcount

import numpy as np
import numpy.typing as npt

from feldherr.core.actions import Choices
from feldherr.core.errors import RuleError
from feldherr.core.game import Game, State
from feldherr.core.info import GameInfo
from feldherr.core.native import native_module
from feldherr.games import get_game

_cfast = native_module("feldherr.core._cfast")
_mask_into: Any = getattr(_cfast, "mask_into", None)
"""``mask_into(out, legal)`` of the C helpers (zeroes ``out``, then 1 at each legal action), or
None: then :func:`mask_numpy`, its reference, does it."""


def unheld_numpy(
    arrays: list[Any], start: int, stop: int, dtype: np.dtype[Any], shape: tuple[int, ...]
) -> bool:
    """Whether every item of ``arrays[start:stop]`` is a ``numpy.ndarray`` (not a subclass) that
    nothing but the list holds and no weak reference points to, nor to its base where that is an
    array (a ``weakref.ref`` kept would otherwise show the array written again, where it would
    have died), of exactly the dtype object ``dtype`` and of ``shape``, writable, aligned and
    C-contiguous: an array nobody can see change, so an adapter may write it again instead of
    making a new one. False for an empty or out-of-range ``start:stop``. The reference of the C
    helper (``_cfast.unheld``)."""
    if not 0 <= start < stop <= len(arrays):
        return False
    for i in range(start, stop):
        a = arrays[i]
        # held by the list, the name a and the subscript handed to getrefcount: 3 (a subscript,
        # not the name: Python 3.14 lends a name's reference to a call without counting it, so
        # getrefcount(a) counts 2 there where 3.11 counts 3, and 3 for an array a user still holds)
        if type(a) is not np.ndarray or getrefcount(arrays[i]) != 3:
            return False
        if a.dtype is not dtype or a.shape != shape:
            return False
        base = a.base  # (the parallel environment's rows: a weak reference to their block)
        if getweakrefcount(a) or (type(base) is np.ndarray and getweakrefcount(base)):
            return False
        if not (a.flags.writeable and a.flags.aligned and a.flags.c_contiguous):
            return False
    return True


unheld: Callable[[list[Any], int, int, np.dtype[Any], tuple[int, ...]], bool] = getattr(
    _cfast, "unheld", unheld_numpy
)
"""``unheld(arrays, start, stop, dtype, shape)``: :func:`unheld_numpy`, by the C helper where it is
built (a few dozen instructions an array, where the checks in Python cost more than a new array)."""


def mask_numpy(out: npt.NDArray[np.int8], legal: list[int]) -> None:
    """``out`` set to 0, then to 1 at each action of ``legal``: the reference of the C helper
    ``mask_into``, which follows the same rule, checked in this order, the first failure raising:

    - ``legal`` a list (exactly), else ``TypeError``;
    - ``out`` an array or buffer of int8, uint8 or bool (a ``bytearray``, a ``memoryview``), else
      ``TypeError``; of one dimension (any stride), else ``ValueError``; writable, else
      ``ValueError``;
    - each action of ``legal``, in order: an int or an integer with ``__index__`` (a numpy
      integer, not a float nor a string), else ``TypeError``; in ``0..n-1`` (``n`` the length of
      ``out``; ``-1`` is no action, not the last one), else ``IndexError``.

    After a refused action ``out`` is all 0."""
    if type(legal) is not list:
        raise TypeError("mask_into: legal must be a list of ints")
    cells = _mask_cells(out)
    cells.fill(0)
    if not legal:
        return
    n = len(cells)
    try:
        if not set(map(type, legal)) <= _INTS:  # (fromiter would take "1" and 1.5 for 1)
            raise TypeError
        # an index array from the list: fromiter converts several times faster than indexing
        # with the list itself
        index = np.fromiter(legal, np.intp, len(legal))
        if index.min() < 0 or index.max() >= n:
            raise IndexError
    except (TypeError, IndexError, OverflowError):  # each action checked, in order: raises
        index = np.fromiter([_mask_action(a, n) for a in legal], np.intp, len(legal))
    cells[index] = 1


_INTS = {int}
_MASK_TYPES = (np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.bool_))


def _mask_cells(out: Any) -> npt.NDArray[Any]:
    """``out`` as an array :func:`mask_numpy` may write (its rule for ``out``), else raises."""
    if isinstance(out, np.ndarray):
        cells: npt.NDArray[Any] = out
    else:
        try:
            cells = np.asarray(memoryview(out))
        except TypeError:
            raise TypeError("mask_into: out must be an int8, uint8 or bool array") from None
    if cells.dtype not in _MASK_TYPES:
        raise TypeError("mask_into: out must be an int8, uint8 or bool array")
    if cells.ndim != 1:
        raise ValueError(f"mask_into: out must have one dimension, not {cells.ndim}")
    if not cells.flags.writeable:
        raise ValueError("mask_into: out is read-only")
    return cells


def _mask_action(item: Any, n: int) -> int:
    """An action of :func:`mask_numpy`'s list as a number in ``0..n-1``, else raises."""
    try:
        a = operator.index(item)
    except TypeError:
        raise TypeError(f"mask_into: action {item!r} is not an int") from None
    if not 0 <= a < n:
        raise IndexError(f"mask_into: action {item!r} is not in 0..{n - 1}")
    return a


mask_into: Callable[[npt.NDArray[np.int8], list[int]], None] = (
    _mask_into if _mask_into is not None else mask_numpy
)
"""``out`` (int8, uint8 or bool, one dimension) set to 0, then to 1 at each action of ``legal``:
by the C helper where it is built, else by :func:`mask_numpy`, both by the rule written there."""


def shown_actions(actions: Sequence[int], most: int = 12) -> str:
    """A seat's legal actions for an error message: all of them, or the first ``most`` and how
    many more."""
    head = ", ".join(map(str, actions[:most]))
    return head if len(actions) <= most else f"{head} and {len(actions) - most} more"


Reward = Literal["win", "score"]
"""``win``: each seat's share of the win (1/k for k tied winners, else 0); ``score``: the game's
final scores."""


class IllegalActionError(RuleError):
    """An integer action that is not in the acting seat's mask (or a seat that owes no decision)."""


def action_number(action: object) -> int:
    """An action of ``Discrete(num_actions)`` as an int: a Python int, a numpy integer or a 0-d
    integer array (what a policy's ``predict`` hands back). Anything else (a float such as 1.5, a
    bool, a text, a list or an array of several numbers) is not an action of the space: an
    :class:`IllegalActionError` that names it, the game and the episode unchanged (``int()``
    would have played 1.5 as 1 and "3" as 3). Every adapter takes its actions through this."""
    if type(action) is int:
        return action
    if isinstance(action, np.integer):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        return int(action)
    shape = f" of shape {action.shape}" if isinstance(action, np.ndarray) else ""
    raise IllegalActionError(
        f"an action is a whole number (int), not {type(action).__name__}{shape} {action!r:.40}",
        rule="adapter.action",
    )


def space_action(action: object, size: int) -> int:
    """An action of ``Discrete(size)`` as an int: :func:`action_number`, then ``0 <= action <
    size``; else an :class:`IllegalActionError` that names it."""
    number = action_number(action)
    if not 0 <= number < size:
        raise IllegalActionError(
            f"action {number} is outside 0..{size - 1}", rule="adapter.action", action=number
        )
    return number


class Table:
    """One game under fixed options: the part of the core the adapters need, in integers."""

    def __init__(self, game: str | Game, options: Mapping[str, Any] | None = None, reward: Reward = "win"):
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.options: dict[str, Any] = self.game.normalize_options(dict(options or {}))
        self.info: GameInfo = self.game.info(self.options)
        self.num_players = self.info.num_players
        self.num_actions = self.info.num_actions
        if reward not in ("win", "score"):
            raise ValueError(f"reward must be 'win' or 'score', not {reward!r}")
        self.reward: Reward = reward

    def new_state(self, seed: int) -> State:
        return self.game.new_state(self.options, seed)

    # -- actions -----------------------------------------------------------------------------
    # A game may spell a move as several actions (a staged choice, ``Game.staged_actions``): the
    # seat's partial choice lives in a :class:`Choices` beside the state, which every method that
    # takes actions is handed.
    def choices(self) -> Choices:
        """An empty action layer for a state of this table."""
        return Choices(self.game)

    def mask(
        self,
        state: State,
        seat: int,
        choices: Choices,
        out: npt.NDArray[np.int8] | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> npt.NDArray[np.int8]:
        """``num_actions`` flags (int8), 1 exactly for the seat's legal actions (all 0 when the seat
        owes no decision), written into ``out`` when given (a buffer to reuse). ``moving``:
        ``state.to_move()`` (empty when the game is over), if the caller has it already."""
        if out is None:
            out = np.empty(self.num_actions, dtype=np.int8)
        mask_into(out, choices.legal(state, seat, moving))
        return out

    def legal_actions(self, state: State, seat: int, choices: Choices) -> list[int]:
        """The seat's legal actions, ascending."""
        return choices.legal(state, seat)

    def play(
        self,
        state: State,
        seat: int,
        action: int | np.integer[Any],
        choices: Choices,
        moving: tuple[int, ...] | None = None,
    ) -> bool:
        """Take ``action`` for ``seat``: apply the move it completes (True) or keep it as part of a
        staged choice (False); a RuleError, nothing changed, if illegal. ``moving``:
        ``state.to_move()`` (empty when the game is over), if the caller has it already."""
        return choices.play(state, seat, space_action(action, self.num_actions), moving)

    def play_joint(
        self,
        state: State,
        actions: Mapping[int, int],
        choices: Choices,
        seats: tuple[int, ...] | None = None,
        legal: Mapping[int, Sequence[int]] | None = None,
        names: Sequence[str] | None = None,
    ) -> list[int]:
        """Take the actions of every seat in ``to_move()`` in seat order; return the seats that
        acted. Actions of seats that owe no decision are ignored; a seat of ``to_move()`` without an
        action, or an action that is not legal for its seat, is an error (nothing is applied: the
        actions of several seats are checked before any is played). A seat settled by an earlier
        move of the same joint action is skipped, as in :func:`~feldherr.core.game.drive`.
        ``seats``: ``to_move()``, if the caller has it already; ``legal``: each seat's legal actions
        now (``choices.legal``), if the caller has them already (the parallel environment, which
        built the masks from them); ``names``: what the refusals call each seat (the agents'
        names of the parallel environment; else ``seat N``)."""
        if seats is None:
            seats = () if state.is_terminal() else state.to_move()
        missing = []
        for seat in seats:  # (a loop, not a comprehension: CPython 3.11 makes a function for one)
            if seat not in actions:
                missing.append(seat)
        if missing:
            who = ", ".join(names[s] for s in missing) if names else f"seats {missing}"
            raise IllegalActionError(
                f"no action for {who}: {'it owes' if len(missing) == 1 else 'they owe'} a decision now",
                rule="adapter.joint",
                seats=missing,
            )
        if len(seats) > 1:  # all checked before any is played: a refused joint action changes nothing
            for seat in seats:
                action = actions[seat]
                if type(action) is not int:
                    action = action_number(action)  # (not a number: refused as such)
                allowed = legal.get(seat) if legal is not None else None
                if allowed is None:
                    allowed = choices.legal(state, seat, seats)
                if action not in allowed:
                    who = names[seat] if names else f"seat {seat}"
                    raise IllegalActionError(
                        f"action {action!r} is not legal for {who} now "
                        f"(its legal actions: {shown_actions(allowed)})",
                        rule="adapter.action",
                        seat=seat,
                        action=action,
                    )
        moved = []
        moving = seats
        size = self.num_actions
        for i, seat in enumerate(seats):
            if i:
                moving = () if state.is_terminal() else state.to_move()
                if seat not in moving:
                    continue
            action = actions[seat]
            if type(action) is int and 0 <= action < size:  # (what play checks first, inline)
                choices.play(state, seat, action, moving)
            else:
                self.play(state, seat, action, choices, moving)
            moved.append(seat)
        return moved

    # -- results -----------------------------------------------------------------------------
    def returns(self, state: State) -> list[float]:
        """Each seat's return: 0 until the game ends, then its win share or score."""
        if not state.is_terminal():
            return [0.0] * self.num_players
        outcome = state.outcome()
        values = outcome.win_shares if self.reward == "win" else outcome.scores
        return [float(v) for v in values]

    @property
    def return_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0) if self.reward == "win" else self.info.score_bounds

    def observation(
        self,
        state: State,
        seat: int,
        choices: Choices,
        out: npt.NDArray[np.float32] | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The seat's observation (its partial staged choice shown), into ``out`` when given.
        ``moving``: ``state.to_move()`` (empty when the game is over), if the caller has it."""
        obs = self.game.observe(state, seat, choices.partial.get(seat, ()), out, moving)  # Choices.observe
        return obs if obs.dtype == np.float32 else obs.astype(np.float32)

    def observations(
        self,
        state: State,
        seats: Sequence[int],
        choices: Choices,
        out: npt.NDArray[np.float32],
        moving: tuple[int, ...] | None = None,
    ) -> npt.NDArray[np.float32]:
        """The observations of ``seats`` (each with its partial staged choice shown) as the rows of
        ``out`` (float32, ``(len(seats), *observation_shape)``): what every seat sees alike is read
        once where the game can (``Game.observe_seats``)."""
        return self.game.observe_seats(state, seats, out, choices.partial, moving)
