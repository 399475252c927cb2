"""Playout policies: how a search plays a sampled world on from its tree to the end.

A policy is made once per decision (``start``) with the search's generator, then ``play`` is called
once per iteration on the search's own determinized state (never the real one). ``play`` returns
``False`` when it gave up at ``deadline`` (the search then drops that iteration), so a time budget
holds even when one playout is long.

* :class:`RandomPlayout` (the default): uniformly random legal moves. Away from the deadline it
  uses the state's own :meth:`~feldherr.core.game.State.random_playout`, which a game may implement
  as a fast specialised loop (Mansfeld's is in C); near it, a loop that watches the clock.
* :class:`BotPlayout`: any bot plays every seat, e.g. the game's heuristic bot, with a share
  ``epsilon`` of random moves for variety. A bot takes a :class:`~feldherr.core.bots.SeatAccess`;
  wrapping the sampled state is right here because that state is the search's own sample, so the
  bot still sees only its seat's view of it. A bot that also has
  ``choose_in_sample(state, seat, legal)`` (:class:`SampleChooser`) is asked that instead: the same
  choice computed from the sampled state without building the view (Wallenstein's heuristic, whose
  view and its parsing were 60 % of a playout), reading only what the view shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from feldherr.core.bots import Bot, SeatAccess
from feldherr.core.game import Move, State
from feldherr.core.rng import Rng

Clock = Callable[[], float]


class Playout(Protocol):
    def start(self, num_players: int, rng: Rng, clock: Clock) -> None:
        """Prepare for one decision's search (seeded from the search's generator; ``deadline`` is
        a time of ``clock``)."""
        ...

    def play(self, state: State, deadline: float | None) -> bool:
        """Play ``state`` to the end; ``False`` if stopped at ``deadline`` (a ``clock()`` time)."""
        ...


PlayoutFactory = Callable[[], Playout]


@runtime_checkable
class SampleChooser(Protocol):
    def choose_in_sample(self, state: State, seat: int, legal: list[Move]) -> Move:
        """Exactly ``choose(SeatAccess(state, seat))`` (same move, same draws of the bot's own
        generator), where ``legal`` is ``state.legal_moves(seat)``; read from ``state`` only what
        ``state.view(seat)`` shows. The game's tests must prove the equality."""
        ...


def _next_seat(state: State, queue: list[int]) -> int:
    """The seat the game loop (:func:`~feldherr.core.game.drive`) would ask next.

    ``queue`` holds the rest of the current round; a seat that no longer owes a decision is skipped,
    and an empty queue starts a new round from ``to_move()``."""
    while queue:
        seat = queue.pop(0)
        if seat in state.to_move():
            return seat
    seats = state.to_move()
    if not seats:
        raise RuntimeError(f"{state.game_name}: the game is not over but no seat owes a decision")
    queue.extend(seats[1:])
    return seats[0]


class StepPlayout:
    """The shared stepwise loop: ``pick(state, seat, moves)`` chooses; the clock is read after every
    move (a clock read costs far less than a move)."""

    def __init__(self) -> None:
        self.clock: Clock = time.perf_counter
        self.rng = Rng(0)
        self.num_players = 0

    def start(self, num_players: int, rng: Rng, clock: Clock) -> None:
        self.num_players = num_players
        self.rng = Rng(rng.next64())
        self.clock = clock

    def pick(self, state: State, seat: int, moves: list[Move]) -> Move:
        return moves[self.rng.below(len(moves))]

    def play(self, state: State, deadline: float | None) -> bool:
        queue: list[int] = []
        while not state.is_terminal():
            seat = _next_seat(state, queue)
            moves = state.legal_moves(seat)
            state.apply(seat, self.pick(state, seat, moves))
            if deadline is not None and self.clock() > deadline:
                return False
        return True


class RandomPlayout(StepPlayout):
    """Uniformly random moves; the game's fast ``random_playout`` when the deadline is far."""

    def __init__(self) -> None:
        super().__init__()
        self.slowest = float("inf")
        """The longest fast playout so far (unknown before the first: then the stepwise loop)."""

    def play(self, state: State, deadline: float | None) -> bool:
        if deadline is not None and self.clock() + 2.0 * self.slowest > deadline:
            started = self.clock()
            done = super().play(state, deadline)
            if done and self.slowest == float("inf"):
                # The stepwise loop bounds the fast one from above: a safe first estimate.
                self.slowest = self.clock() - started
            return done
        started = self.clock()
        state.random_playout([self.rng.next64() for _ in range(self.num_players)])
        spent = self.clock() - started
        self.slowest = spent if self.slowest == float("inf") else max(self.slowest, spent)
        return True


class BotPlayout(StepPlayout):
    """Every seat played by a bot made by ``factory`` (one per seat and decision); with probability
    ``epsilon`` a uniformly random move instead."""

    def __init__(self, factory: Callable[[int], Bot], epsilon: float = 0.1) -> None:
        super().__init__()
        self.factory = factory
        self.epsilon = epsilon
        self.bots: list[Bot] = []
        self.samplers: list[Callable[[State, int, list[Move]], Move] | None] = []

    def start(self, num_players: int, rng: Rng, clock: Clock) -> None:
        super().start(num_players, rng, clock)
        self.bots = [self.factory(self.rng.next64()) for _ in range(num_players)]
        self.samplers = [b.choose_in_sample if isinstance(b, SampleChooser) else None for b in self.bots]

    def pick(self, state: State, seat: int, moves: list[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        if self.epsilon > 0 and self.rng.random() < self.epsilon:
            return moves[self.rng.below(len(moves))]
        sample = self.samplers[seat]
        if sample is not None:
            return sample(state, seat, moves)
        return self.bots[seat].choose(SeatAccess(state, seat))
