"""What every adapter shares: a game under fixed options, seats as numbers, moves as integers.

A :class:`Table` holds one game with its normalised options and :class:`GameInfo`, and does the
few things every adapter needs on top of the core contracts: the integer mask of a seat, playing
an integer action, playing a joint action of the seats in ``to_move()`` (the engine takes the
secret decisions of a simultaneous phase one seat at a time, so a joint action is those moves in
seat order, as :func:`feldherr.core.game.drive` plays them) and the rewards of a finished game.

It depends on no research library, so its numbers can be tested and benchmarked alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from feldherr.core.errors import RuleError
from feldherr.core.game import Game, State
from feldherr.core.info import GameInfo
from feldherr.games import get_game

Reward = Literal["win", "score"]
"""``win``: each seat's share of the win (1/k for k tied winners, else 0); ``score``: the game's
final scores."""


class IllegalActionError(RuleError):
    """An integer action that is not in the acting seat's mask (or a seat that owes no decision)."""


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
    def mask(self, state: State, seat: int) -> npt.NDArray[np.int8]:
        """``num_actions`` flags (int8), 1 exactly for the seat's legal actions (all 0 when the seat
        owes no decision). Built from the encodings of ``legal_moves`` -- the definition of
        ``action_mask`` -- because action spaces can be large (Mansfeld: 262,169 actions) and a
        list of that many booleans per step would cost more than the step."""
        out = np.zeros(self.num_actions, dtype=np.int8)
        out[self.legal_actions(state, seat)] = 1
        return out

    def legal_actions(self, state: State, seat: int) -> list[int]:
        """The seat's legal actions, ascending."""
        if state.is_terminal() or seat not in state.to_move():
            return []
        return self.encoded(state, seat)

    def encoded(self, state: State, seat: int) -> list[int]:
        """The encodings of ``legal_moves(seat)``, ascending (for a seat known to owe a decision)."""
        encode = self.game.encode
        return sorted([encode(state, seat, move) for move in state.legal_moves(seat)])

    def play(self, state: State, seat: int, action: int | np.integer[Any]) -> None:
        """Decode ``action`` for ``seat`` and apply it (a RuleError, state unchanged, if illegal)."""
        if type(action) is not int:
            if isinstance(action, np.integer):
                action = int(action)
            else:
                raise IllegalActionError(
                    f"an action is an int, not {type(action).__name__}", rule="adapter.action"
                )
        if not 0 <= action < self.num_actions:
            raise IllegalActionError(
                f"action {action} is outside 0..{self.num_actions - 1}", rule="adapter.action", action=action
            )
        state.apply(seat, self.game.decode(state, seat, action))

    def play_joint(
        self, state: State, actions: Mapping[int, int], seats: tuple[int, ...] | None = None
    ) -> list[int]:
        """Play the actions of every seat in ``to_move()`` in seat order; return the seats that
        moved. Actions of seats that owe no decision are ignored; a seat of ``to_move()`` without an
        action is an error (nothing is applied). A seat settled by an earlier move of the same
        joint action is skipped, as in :func:`~feldherr.core.game.drive`. ``seats``: ``to_move()``,
        if the caller has it already."""
        if seats is None:
            seats = state.to_move()
        missing = [s for s in seats if s not in actions]
        if missing:
            raise IllegalActionError(f"no action for seats {missing}", rule="adapter.joint", seats=missing)
        moved = []
        for i, seat in enumerate(seats):
            if i and seat not in state.to_move():
                continue
            self.play(state, seat, actions[seat])
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

    def observation(self, state: State, seat: int) -> npt.NDArray[np.float32]:
        obs = state.observation(seat)
        return obs if obs.dtype == np.float32 else obs.astype(np.float32)
