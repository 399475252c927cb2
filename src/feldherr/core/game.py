"""The game-agnostic protocol every game implements.

A :class:`Game` describes one game (name, player counts, options, move codec, renderers). A
:class:`State` is one position. The model follows OpenSpiel: a state is mutable, ``apply`` changes it
in place after validating the move completely (an illegal move raises a :class:`RuleError` and
changes nothing), and ``clone`` makes a cheap independent copy for search. The pure form
``next_state = step(state, seat, move)`` is a clone followed by ``apply``.

Decisions can be simultaneous: ``to_move()`` returns every seat that owes a decision now. A seat's
secret decision is stored in the state but never appears in another seat's ``view``; the rules
reveal it later. All chance comes from the :class:`~feldherr.core.rng.Rng` inside the state, so
(game, options, seed, moves) determines everything.

Moves are small hashable tuples whose first element names the kind of move; ``Game.move_to_json``
gives the compact JSON form and ``Game.move_from_json`` reads it back (raising
:class:`MalformedMoveError` on anything it cannot read).
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar

from feldherr.core.rng import Rng

Move = tuple[Any, ...]
JSON = Any
S = TypeVar("S", bound="State")
MAX_DECISIONS = 1_000_000
"""A game still running after this many decisions is a bug (the bot loops stop with an error)."""


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: scores per seat and the seats sharing the win."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def win_shares(self) -> tuple[float, ...]:
        """1/k for each of the k winners, 0 for the others (a tie is shared)."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if s in self.winners else 0.0 for s in range(len(self.scores)))

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), **self.detail}


LogEntry = dict[str, Any]
"""One log line: ``{"k": key, "a": {args}, "to": seat-or-None}``. ``to`` limits who may read it."""


class State(ABC):
    """One position of a game. Mutable; see the module docstring for the contract."""

    game_name: ClassVar[str]
    num_players: int
    log: list[LogEntry]

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that owe a decision now (several during simultaneous secret phases)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move for ``seat`` now; empty if the seat owes no decision."""

    @abstractmethod
    def apply(self, seat: int, move: Move) -> None:
        """Validate ``move`` for ``seat`` and play it, then run the game on until the next decision."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy (generator included)."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome:
        """Scores and winners; only meaningful when ``is_terminal()``."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` can see or work out at the table (``None``: a spectator). JSON-ready."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The complete state, secrets and generator included, as JSON-ready data."""

    def digest(self) -> str:
        """A hash of the complete state: equal digests mean equal states."""
        return canonical_digest(self.to_json())

    def random_playout(self, bot_seeds: Sequence[int]) -> int:
        """Play on to the end with uniformly random legal moves; return the number of decisions.

        Seat ``s`` plays as ``RandomBot(bot_seeds[s])`` in the loop of
        :func:`feldherr.core.play.play_game` (without a record): so a fresh state played out with the
        seeds of ``make_bots`` ends exactly where ``play_game`` with those bots does. A game may
        override this with a faster loop; it must then end in the same state (equal ``digest()``),
        drawing from the state's generator and each seat's bot generator in the same order.
        """
        return drive(self, [RandomBot(seed) for seed in bot_seeds])

    def visible_log(self, seat: int | None) -> list[LogEntry]:
        return [e for e in self.log if e.get("to") is None or e.get("to") == seat]


class Game(ABC):
    """Static description of a game; one instance serves any number of states."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        """A fresh game. ``options["players"]`` is the player count; other keys are game variants."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State: ...

    @abstractmethod
    def move_to_json(self, move: Move) -> JSON: ...

    @abstractmethod
    def move_from_json(self, data: JSON) -> Move:
        """Read a move; raise :class:`~feldherr.core.errors.MalformedMoveError` if unreadable."""

    @abstractmethod
    def describe_move(self, state: State, seat: int, move: Move, lang: str = "en") -> str:
        """A short human phrase for a legal move (used by prompts and logs)."""

    @abstractmethod
    def render_log(self, entry: LogEntry, lang: str = "en") -> str: ...

    @abstractmethod
    def render_text(self, state: State, seat: int | None, lang: str = "en") -> str:
        """A readable text picture of what ``seat`` sees (for the terminal)."""

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Fill defaults and check options; raise :class:`OptionError` on bad values."""
        return dict(options)

    def bots(self) -> dict[str, type[Bot]]:
        """Game-specific bots by name (``random`` is always available besides these)."""
        return {}


class Bot(Protocol):
    """Chooses moves. Bots must only use what ``state.view(seat)`` shows plus the legal moves."""

    def choose(self, state: State, seat: int) -> Move: ...


class BotFactory(Protocol):
    def __call__(self, seed: int) -> Bot: ...


def step(state: S, seat: int, move: Move) -> S:
    """The pure form of ``apply``: a new state, the old one untouched."""
    nxt = state.clone()
    nxt.apply(seat, move)
    return nxt


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_digest(data: Any) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


class RandomBot:
    """Uniformly random among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Move:
        moves = state.legal_moves(seat)
        if not moves:
            raise RuntimeError(f"{state.game_name}: seat {seat} was asked to move but has no legal move")
        return moves[self.rng.below(len(moves))]


def drive(
    state: State,
    bots: Sequence[Bot],
    on_move: Callable[[int, Move], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> int:
    """Let the bots play ``state`` to the end; return the number of decisions.

    Each round asks every seat in ``to_move()`` once, in seat order. A seat that no longer owes a
    decision when its turn in the round comes (an earlier move settled it, or ended the game) is
    skipped. ``on_move(seat, move)`` is called after each applied move.
    """
    decisions = 0
    while not state.is_terminal():
        seats = state.to_move()
        if not seats:
            raise RuntimeError(f"{state.game_name}: the game is not over but no seat owes a decision")
        for i, seat in enumerate(seats):
            if i and seat not in state.to_move():
                continue
            move = bots[seat].choose(state, seat)
            state.apply(seat, move)
            if on_move is not None:
                on_move(seat, move)
            decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"{state.game_name}: no end after {max_decisions} decisions")
    return decisions
