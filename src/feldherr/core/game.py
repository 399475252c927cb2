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
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from feldherr.core.errors import MalformedMoveError, PositionUnsupportedError
from feldherr.core.i18n import error_text, player_word, seat_label, term
from feldherr.core.info import GameInfo
from feldherr.core.options import OptionSpec, normalize, players_spec
from feldherr.core.rng import Rng
from feldherr.core.views import view_schema

if TYPE_CHECKING:
    from feldherr.core.observation import Observation

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
    """One position of a game. Mutable; see the module docstring for the contract.

    ``version`` counts the decisions applied so far; every successful ``apply`` adds one. It is
    part of ``to_json`` but not of ``digest`` (two states that differ only in how many decisions led
    to them are the same position).
    """

    # No slots of its own, but none of its own ``__dict__`` either: a game may make its states
    # ``__slots__`` classes (El Grande does), which copy faster.
    __slots__ = ()

    game_name: ClassVar[str]
    num_players: int
    log: list[LogEntry]
    options: dict[str, Any]
    """The normalised options this state was created with."""
    version: int = 0

    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that owe a decision now (several during simultaneous secret phases)."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """Every legal move for ``seat`` now, as a fresh list the caller may keep or change; empty if
        the seat owes no decision. Exactly the moves ``apply`` accepts. A ``seat`` that is not an
        ``int`` in ``range(num_players)`` raises :class:`~feldherr.core.errors.NotYourTurnError`."""

    @abstractmethod
    def apply(self, seat: int, move: Move) -> None:
        """Validate ``move`` for ``seat`` and play it, then run the game on until the next decision.
        Anything else than a move of ``legal_moves(seat)`` (compared by exact type) raises a
        :class:`~feldherr.core.errors.RuleError` and changes nothing."""

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
        """What ``seat`` can see or work out at the table (``None``: a spectator). JSON-ready, in
        the envelope of :mod:`feldherr.core.views`."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The complete state, secrets and generator included, as JSON-ready data."""

    # -- the information layer (search and research interfaces) --------------------------------
    def determinize(self, seat: int, seed: int) -> State:
        """A complete state consistent with everything ``seat`` can see: what it cannot see
        (others' hands and plans, deck orders, hidden commitments, the generator) resampled from
        ``seed``. ``determinize(seat, k).view(seat) == view(seat)`` for every ``k``."""
        raise NotImplementedError(f"{self.game_name} does not determinize")

    def observation(self, seat: int) -> Observation:
        """A float32 array of ``info.observation_shape``, built only from ``view(seat)``."""
        raise NotImplementedError(f"{self.game_name} has no observation tensor")

    def observation_string(self, seat: int, lang: str = "en") -> str:
        """The seat's view as readable text (the terminal picture)."""
        return self.game.render_view(self.view(seat), lang)

    def action_mask(self, seat: int) -> list[bool]:
        """``num_actions`` flags, true exactly for the actions that can open one of the seat's
        legal moves (``game.staged_actions(state, seat, ())``; for a game without staged choices,
        the encodings of ``legal_moves(seat)``)."""
        game = self.game
        mask = [False] * game.num_actions(self.options)
        if self.is_terminal() or seat not in self.to_move():
            return mask
        for action in game.staged_actions(self, seat, ()):
            mask[action] = True
        return mask

    @property
    def game(self) -> Game:
        """The :class:`Game` this state belongs to (from the registry)."""
        from feldherr.core.registry import get_game

        return get_game(self.game_name)

    def digest(self) -> str:
        """A hash of the complete state but ``version``: equal digests mean equal positions."""
        data = self.to_json()
        data.pop("version", None)
        return canonical_digest(data)

    def random_playout(self, bot_seeds: Sequence[int]) -> int:
        """Play on to the end with uniformly random legal moves; return the number of decisions.

        Seat ``s`` plays as ``RandomBot(bot_seeds[s])`` in the loop of
        :func:`feldherr.core.play.play_game` (without a record): so a fresh state played out with the
        seeds of ``make_bots`` ends exactly where ``play_game`` with those bots does. A game may
        override this with a faster loop; it must then end in the same state (equal ``digest()`` and
        ``version``), drawing from the state's generator and each seat's bot generator in the same
        order.
        """
        return drive(self, [RandomBot(seed) for seed in bot_seeds])

    def visible_log(self, seat: int | None, start: int = 0) -> list[LogEntry]:
        """The log entries from index ``start`` on that ``seat`` may read."""
        return [e for e in self.log[start:] if e.get("to") is None or e.get("to") == seat]


class Game(ABC):
    """Static description of a game; one instance serves any number of states."""

    name: ClassVar[str]
    title: ClassVar[str]
    env_name: ClassVar[str] = ""
    """The game's name in research ids (Gymnasium's ``feldherr/<env_name>-v0``), CamelCase;
    empty: the name with a capital first letter."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    engine_version: ClassVar[int] = 1
    """Bumped when a rule change makes records of the old engine replay differently."""
    search_settings: ClassVar[Mapping[str, float]] = {}
    """How the generic search bots (``medium``, ``hard``: :mod:`feldherr.search.strengths`) should
    search this game where measurements showed that it plays better than with their defaults:
    ``tree_depth`` (``0``: search only the decision at hand, let the heuristic play on),
    ``margin_weight`` (reward the score margin), ``tree_hints`` (``1``: the heuristic's move first
    at every node). Plain data, so a game does not import the search layer."""

    @abstractmethod
    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        """A fresh game. ``options["players"]`` is the player count; other keys are game variants."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State: ...

    @abstractmethod
    def move_to_json(self, move: Move) -> JSON: ...

    @abstractmethod
    def move_from_json(self, data: JSON) -> Move:
        """Read a move by exact type; raise :class:`~feldherr.core.errors.MalformedMoveError` if
        unreadable."""

    @abstractmethod
    def describe_move(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        """A short human phrase for a legal move of the viewing seat (prompts, buttons, logs);
        ``names``: each seat's player name (see :mod:`feldherr.core.i18n`; None: seats by colour)."""

    def describe_move_bare(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        """:meth:`describe_move` without the facts :meth:`move_details` gives apart (Wallenstein: an
        attack's odds), for a client that words those itself in its own number format (the browser:
        ``Intl.NumberFormat``). The default: :meth:`describe_move`."""
        return self.describe_move(view, move, lang, names)

    def move_details(self, view: Mapping[str, Any], move: Move) -> dict[str, Any] | None:
        """Facts about a legal move the seat may want before choosing it, from ``view`` alone
        (JSON; e.g. Wallenstein's battle odds ``{"odds": {...}}``); None where there are none."""
        return None

    def move_steps(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str | list[str]] | None:
        """How a person builds ``move`` at the table, part by part, so that a decision with many
        legal moves is never a long list of buttons: each part is a label (a step: the county to
        march from, then the county to march to, then the number of armies) or a list of labels
        (a set: the cards to commit, toggled on and off, then confirmed once). A client offers the
        distinct labels of the first part among the legal moves, then those of the next part
        among the moves left, and so on; a set part offers every item of the remaining moves' sets
        as a toggle and is confirmed when the toggled items equal one move's set. Every legal move
        of one decision has the same number of parts, and the parts tell the moves apart.
        None (the default): the move is one choice (its :meth:`describe_move` phrase)."""
        return None

    def undoable(self, before: State, seat: int, move: Move, after: State) -> bool:
        """Whether the rules let a player take ``move`` back before anyone else acts (a planning
        box, a Caballero placed but not yet confirmed): the kinds of move a person may reconsider
        at the table. The default: none. :meth:`feldherr.core.match.Match.undo` adds the
        game-agnostic test (:func:`feldherr.core.undo.no_news`: no chance drawn, nothing hidden
        shown to anyone), so a game lists kinds of move here, not the cases it cannot see."""
        return False

    @abstractmethod
    def render_log(self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """A log entry in words; ``names``: each seat's player name (None: seats by colour)."""

    def log_table(
        self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None
    ) -> dict[str, Any] | None:
        """A log entry that is a table (a scoring: points per player and region) as
        ``{"columns": [header, ...], "rows": [[cell, ...], ...]}`` of texts and numbers in
        ``lang``, players named by ``names``; shown under the entry's line. None (the default):
        the entry is its line alone."""
        return None

    def seat_name(self, seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """How a person reads ``seat`` outside the game's own texts (a terminal's prompt, a
        replay's scores, a simulation's table): its player's name from ``names``, else its colour
        in ``lang`` as the game's texts name it, never its number from 0. The default: the
        catalogue's ``colour.<seat>`` where the game has one, else "Player 1", ... ("Spieler 1")."""
        catalogue = self.messages()
        colour = catalogue.get(f"colour.{seat}")
        if colour is not None:
            return seat_label(seat, names, [term(catalogue, f"colour.{s}", lang) for s in range(seat + 1)])
        return seat_label(seat, names, [player_word(s, lang) for s in range(seat + 1)])

    @abstractmethod
    def render_view(
        self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        """A readable text picture of a seat's view (for the terminal), from the view alone;
        ``names``: each seat's player name, as a position names them (None: seats by colour)."""

    def render_text(self, state: State, seat: int | None, lang: str = "en") -> str:
        """The text picture of what ``seat`` sees."""
        return self.render_view(state.view(seat), lang)

    # -- positions: the table as data a person reads and writes (docs/positions.md) ------------
    def position(self, state: State) -> dict[str, Any]:
        """``state`` as this game's position: JSON that names players, places and cards as they
        are printed, with the hidden parts (deck orders, what is inside the tower, the generator)
        under ``"hidden"``. ``from_position(position(state), seed)`` has the same view for every
        seat, and the same future."""
        raise PositionUnsupportedError(
            f"{self.name} has no position format", "core.position.unsupported", game=self.title
        )

    def from_position(self, position: Mapping[str, Any], seed: int) -> State:
        """The state a position describes. Hidden parts the position leaves out are drawn from
        ``seed``. A position that cannot be read or breaks a rule of the game raises a
        :class:`~feldherr.core.errors.PositionError` naming the rule; nothing is built."""
        raise PositionUnsupportedError(
            f"{self.name} has no position format", "core.position.unsupported", game=self.title
        )

    def position_schema(self) -> dict[str, Any]:
        """The JSON Schema of this game's positions (``docs/positions/<game>.schema.json``)."""
        raise PositionUnsupportedError(
            f"{self.name} has no position format", "core.position.unsupported", game=self.title
        )

    def refuse_teaching_position(self, position: Mapping[str, Any]) -> None:
        """Refuse (a :class:`~feldherr.core.errors.PositionError` naming the rule) a position that
        holds a part for teaching and tests only, such as a scripted outcome of chance: the lobby
        never starts a game at the table from one. The default refuses nothing."""
        return None

    # -- declared options and metadata ----------------------------------------------------------
    def option_spec(self) -> tuple[OptionSpec, ...]:
        """Every option of the game, ``players`` first."""
        return (players_spec(self.min_players, self.max_players, self.min_players),)

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Fill defaults and check options against :meth:`option_spec`; OptionError on bad values."""
        return normalize(self.option_spec(), options, self.name)

    def info(self, options: Mapping[str, Any]) -> GameInfo:
        """Sizes and facts of the game under ``options`` (see :class:`GameInfo`)."""
        raise NotImplementedError(f"{self.name} gives no GameInfo")

    def num_actions(self, options: Mapping[str, Any]) -> int:
        """``info(options).num_actions``, remembered per options (masks ask for it every step)."""
        key = canonical_json(options)
        cache: dict[str, int] = self.__dict__.setdefault("_num_actions", {})
        size = cache.get(key)
        if size is None:
            size = cache[key] = self.info(options).num_actions
        return size

    def infoset_key(self, state: State, seat: int | None) -> Hashable:
        """A key of what ``seat`` (``None``: a spectator) sees in ``state``: for two states of one
        game with the same options, equal exactly when ``state.view(seat)`` is equal. The search
        keys its information sets by it (:mod:`feldherr.search.ismcts`), so a game may supply a
        cheaper one than this default (the view's canonical JSON), e.g. a tuple of the raw facts
        the view shows; its tests must prove both directions."""
        return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"), default=str)

    # -- the action codec: moves <-> integers of a fixed action space -----------------------
    def encode(self, state: State, seat: int, move: Move) -> int:
        """The move's index in ``range(info(options).num_actions)``."""
        raise NotImplementedError(f"{self.name} has no action codec")

    def decode(self, state: State, seat: int, action: int) -> Move:
        """The move with index ``action`` for ``seat`` in ``state`` (MalformedMoveError if none)."""
        raise NotImplementedError(f"{self.name} has no action codec")

    # -- staged choices: a move spelled by a short sequence of actions ------------------------
    # A move with many parts (Mansfeld's commitment: any subset of the hand) would need one action
    # per combination. A game keeps its action space small by spelling such a move as a sequence
    # of small decisions (add card i ... done), as OpenSpiel's games do: ``staged_actions`` gives
    # the actions that can follow the ``partial`` sequence taken so far, ``staged_move`` the move a
    # sequence completes. The state never sees a partial choice (the action layer,
    # :class:`feldherr.core.actions.Choices`, keeps it), so moves, records and the JSON form stay
    # one confirmed choice. The defaults: every move is one action (``encode``/``decode``).
    def staged_actions(self, state: State, seat: int, partial: tuple[int, ...]) -> list[int]:
        """The actions, ascending, that can follow ``partial`` (the actions the seat has taken of
        the decision at hand; ``()``: none yet) for a seat that owes a decision."""
        if partial:
            raise MalformedMoveError(
                f"{self.name} has no staged choices", rule="core.staged", partial=list(partial)
            )
        encode = self.encode
        return sorted([encode(state, seat, move) for move in state.legal_moves(seat)])

    def staged_move(self, state: State, seat: int, partial: tuple[int, ...], action: int) -> Move | None:
        """The move that ``partial + (action,)`` completes, or ``None`` when the choice goes on.
        An action that cannot follow ``partial`` raises a RuleError (an action that completes a
        move is checked by ``apply``)."""
        if partial:
            raise MalformedMoveError(
                f"{self.name} has no staged choices", rule="core.staged", partial=list(partial)
            )
        return self.decode(state, seat, action)

    def move_actions(self, state: State, seat: int, move: Move) -> tuple[int, ...]:
        """The actions that spell ``move`` (one for a move that is not staged)."""
        return (self.encode(state, seat, move),)

    def observe(
        self,
        state: State,
        seat: int,
        partial: tuple[int, ...] = (),
        out: Observation | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        """``state.observation(seat)`` with the seat's partial staged choice shown (a game with
        staged choices overrides this), written into ``out`` when given (a buffer to reuse).
        ``moving``: ``state.to_move()`` (empty when the game is over), if the caller has it: a game
        may use it to save asking again."""
        obs = state.observation(seat)
        if out is None:
            return obs
        out[...] = obs
        return out

    def observer(self) -> Callable[[State, int, Observation, tuple[int, ...]], Observation] | None:
        """The game's fastest way to observe, for the adapters' hot loops, or None (the default:
        use :meth:`observe`): a function ``(state, seat, out, moving)`` that writes the
        observation of ``seat`` (a valid seat, no partial staged choice under way) into ``out``
        (a new C-contiguous float32 vector of ``observation_shape``) and returns it, where
        ``moving`` is ``state.to_move()`` (empty when the game is over). A game with a compiled
        kernel hands out the kernel itself: no Python frame between the adapter and it."""
        return None

    def seats_observer(
        self,
    ) -> Callable[[State, tuple[int, ...], Observation, Sequence[int]], Observation] | None:
        """The game's fastest way to observe several seats at once, for the adapters' hot loops, or
        None (the default: use :meth:`observe_seats`): a function ``(state, moving, out, seats)``
        that writes the observations of ``seats`` (valid seats, none with a partial staged choice
        under way) as the rows of ``out`` (a C-contiguous float32 array of ``(len(seats),
        *observation_shape)``) and returns it, where ``moving`` is ``state.to_move()`` (empty when
        the game is over); an array it cannot fill is a TypeError or ValueError, nothing written.
        A game with a compiled kernel hands out the kernel itself."""
        return None

    def observe_seats(
        self,
        state: State,
        seats: Sequence[int],
        out: Observation,
        partials: Mapping[int, tuple[int, ...]] | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        """The observations of ``seats`` as the rows of ``out`` (a float32 array of shape
        ``(len(seats), *observation_shape)``): row ``i`` holds exactly ``observe(state, seats[i],
        partials[seats[i]])`` (``partials``: the seats' partial staged choices, none when absent).
        A game may read what every seat sees alike once for all rows (the parallel API asks for
        every seat's observation at each step); this default observes seat by seat."""
        for i, seat in enumerate(seats):
            self.observe(state, seat, partials.get(seat, ()) if partials else (), out[i], moving)
        return out

    # -- presentation ----------------------------------------------------------------------------
    def view_schema(self) -> dict[str, Any]:
        """The JSON Schema of this game's views (the envelope plus the game's keys)."""
        return view_schema({})

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        """The game's locale catalogue: log keys, terms, and error templates keyed by rule id."""
        return {}

    def error_text(self, err: Exception, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """A rule error in German or English (see :func:`feldherr.core.i18n.error_text`)."""
        return error_text(err, self.messages(), lang, names)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        """Game-specific bots by name (``random`` is always available besides these)."""
        return {}


# -- bots and what they may know ---------------------------------------------------------------
class SeatAccess:
    """What seat ``seat`` may know of a position, and nothing more.

    The view is built on first use and kept; legal moves are a fresh list per call.
    """

    __slots__ = ("_state", "_view", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        """``state.view(seat)`` (built once)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def legal_moves(self) -> list[Move]:
        return self._state.legal_moves(self.seat)

    def action_mask(self) -> list[bool]:
        return self._state.action_mask(self.seat)

    def determinize(self, seed: int) -> State:
        """A complete state consistent with this seat's view (hidden parts and generator resampled
        from ``seed``): the bot's own copy, to search in."""
        return self._state.determinize(self.seat, seed)

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def game_name(self) -> str:
        return self._state.game_name

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def version(self) -> int:
        return self._state.version


class Bot(Protocol):
    """Chooses a move for the seat it is handed."""

    def choose(self, seat: SeatAccess) -> Move: ...


BotFactory = Callable[[int], Bot]
"""Makes a bot from its seed."""


class RandomBot:
    """Uniformly random among the legal moves, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seat: SeatAccess) -> Move:
        return self.pick(seat.legal_moves(), seat.game_name, seat.seat)

    def pick(self, moves: Sequence[Move], game: str, seat: int) -> Move:
        """One of ``moves``, uniformly (the one draw this bot makes per decision)."""
        if not moves:
            raise RuntimeError(f"{game}: seat {seat} was asked to move but has no legal move")
        return moves[self.rng.below(len(moves))]


def step(state: S, seat: int, move: Move) -> S:
    """The pure form of ``apply``: a new state, the old one untouched."""
    nxt = state.clone()
    nxt.apply(seat, move)
    return nxt


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_digest(data: Any) -> str:
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()


def drive(
    state: State,
    bots: Sequence[Bot | None],
    on_move: Callable[[int, Move], None] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> int:
    """Let the bots play ``state``; return the number of decisions. The one game loop.

    Each round asks every seat in ``to_move()`` once, in seat order. A seat that no longer owes a
    decision when its turn in the round comes (an earlier move settled it, or ended the game) is
    skipped. ``on_move(seat, move)`` is called after each applied move. A seat whose bot is
    ``None`` (a person) is passed over; the loop returns at the end of the game or after a round in
    which only such seats owed a decision.
    """
    decisions = 0
    while not state.is_terminal():
        seats = state.to_move()
        if not seats:
            raise RuntimeError(f"{state.game_name}: the game is not over but no seat owes a decision")
        moved = False
        for i, seat in enumerate(seats):
            if i and seat not in state.to_move():
                continue
            bot = bots[seat]
            if bot is None:
                continue
            if type(bot) is RandomBot:  # the same draw without building a SeatAccess: batch speed
                move = bot.pick(state.legal_moves(seat), state.game_name, seat)
            else:
                move = bot.choose(SeatAccess(state, seat))
            state.apply(seat, move)
            if on_move is not None:
                on_move(seat, move)
            decisions += 1
            moved = True
        if not moved:
            break
        if decisions > max_decisions:
            raise RuntimeError(f"{state.game_name}: no end after {max_decisions} decisions")
    return decisions
