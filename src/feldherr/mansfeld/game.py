"""Ernst von Mansfeld (Markus Hagenauer): the protocol binding.

:class:`MansfeldGame` declares the options, the sizes (:class:`~feldherr.core.info.GameInfo`), the
codecs, the words and the bots; :class:`MansfeldState` binds the state's data
(:mod:`~feldherr.mansfeld.state`) to the rules (:mod:`~feldherr.mansfeld.rules`) and the
information layer (:mod:`~feldherr.mansfeld.info`). This is the only module that sees all others.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar

from feldherr.core.bots import Bot
from feldherr.core.fastcopy import slot_cloner
from feldherr.core.game import JSON, Game, LogEntry, Move, Outcome, State
from feldherr.core.i18n import capital, capital_steps, error_text
from feldherr.core.info import GameInfo
from feldherr.core.observation import Observation
from feldherr.core.options import OptionSpec, normalize, players_spec, titled
from feldherr.core.rng import Rng
from feldherr.core.validate import check_seat, check_seed
from feldherr.mansfeld import codec, info, infoset, text
from feldherr.mansfeld.bots import HeuristicBot
from feldherr.mansfeld.data import CARDS, PROVINCES
from feldherr.mansfeld.position import ERRORS as POSITION_ERRORS
from feldherr.mansfeld.rules import flow, moves, playout
from feldherr.mansfeld.state import COMMIT, COPY, DICE, OVER, RECRUIT, MansfeldData

MAX_AGE = 150
_DICE_ACTIONS = tuple(range(codec.RECRUIT_BASE))
_ACTION_MOVES: tuple[Move, ...] = (*moves.DICE_MOVES, *moves.RECRUIT_MOVES, moves.PASS)
"""The move of each action of one action (dice, recruit, pass): the rules' prebuilt objects, equal
to ``codec.decode``'s (checked below), which ``apply`` takes by their identity, without the
field-by-field test."""
_ONE_ACTION_MOVES = len(_ACTION_MOVES)
assert _ONE_ACTION_MOVES == codec.COMMIT_BASE
assert all(codec.decode(a) == m and type(codec.decode(a)) is type(m) for a, m in enumerate(_ACTION_MOVES))


def default_ages(players: int | None) -> list[int]:
    """Seat order is oldest first: ``[players, ..., 1]``."""
    return list(range(players or 2, 0, -1))


OPTION_SPEC: tuple[OptionSpec, ...] = (
    players_spec(2, 4, 2),
    OptionSpec(
        "ages",
        "int_list",
        default_ages,
        "Players' ages: each player's age in years, in the order of the players. It decides a full "
        "tie in the turn order (the younger player goes first); without it the first player is "
        "the oldest.",
        "Alter der Mitspielenden: das Alter jeder Person in Jahren, in der Reihenfolge der "
        "Mitspielenden. Es entscheidet einen völligen Gleichstand in der Zugreihenfolge (die "
        "jüngere Person ist zuerst dran); ohne Angabe ist die erste Person die älteste.",
        min=0,
        max=MAX_AGE,
        per_player=True,
    ),
)
OPTION_SPEC = titled(OPTION_SPEC, {"ages": {"en": "Players' ages", "de": "Alter der Mitspielenden"}})
_KEYS = {"players", "ages"}


def _is_age(value: Any) -> bool:
    return type(value) is int and 0 <= value <= MAX_AGE


class MansfeldState(MansfeldData, State):
    """A position: the data of :class:`MansfeldData` with the protocol of
    :class:`~feldherr.core.game.State` (the methods are the rules' functions)."""

    __slots__ = ()
    game_name: ClassVar[str] = "mansfeld"

    to_move = moves.to_move
    legal_moves = moves.legal_moves
    apply = moves.apply
    _winner = flow.winner  # the C playout calls it by this name when totals tie

    @classmethod
    def new(cls, players: int, ages: Sequence[int], seed: int) -> MansfeldState:
        st = cls.blank(players, ages, Rng(seed))
        flow.new_game(st)
        return st

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        return flow.outcome(self)

    def scores(self) -> list[int]:
        return flow.scores(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return info.view(GAME, self, seat)

    def determinize(self, seat: int, seed: int) -> MansfeldState:
        return info.determinize(self, seat, seed)

    def observation(self, seat: int) -> Observation:
        check_seat(seat, self.num_players)
        return info.observe(self, seat)

    def random_playout(self, bot_seeds: Sequence[int]) -> int:
        """The generic random playout's game, fast (see :mod:`feldherr.mansfeld.rules.playout`)."""
        return playout.random_playout(self, bot_seeds)


# state.clone() is one native call where the C helpers are built (the copier is a method)
MansfeldState.clone = slot_cloner(MansfeldState, *COPY)  # type: ignore[method-assign,assignment]


class MansfeldGame(Game):
    name: ClassVar[str] = "mansfeld"
    title: ClassVar[str] = "Ernst von Mansfeld"
    env_name: ClassVar[str] = "Mansfeld"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    search_settings: ClassVar[Mapping[str, float]] = {"tree_depth": 0, "margin_weight": 0.3}
    """As in Wallenstein: search only the decision at hand, count the score margin. Against three
    heuristic bots at 100 iterations it won 62.8 % of 160 games where the full tree won 54.7 % of
    the same games (``docs/benchmarks.md``)."""

    # ------------------------------------------------------------- options and facts
    def infoset_key(self, state: State, seat: int | None) -> Hashable:
        """The raw facts of ``state.view(seat)`` as a tuple (:mod:`feldherr.mansfeld.infoset`)."""
        to_move = state.to_move()
        moves = state.legal_moves(seat) if seat is not None and seat in to_move else None
        return infoset.infoset_key(state, seat, to_move, moves)  # type: ignore[arg-type]

    def option_spec(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPEC

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``{"players": n, "ages": [...]}``: ``ages`` one whole number 0..150 per seat (by exact
        type), default ``[players, ..., 1]``. Ernst von Mansfeld has no variants or modules."""
        # A fast path for plain input (every game of a batch comes here twice); it accepts exactly
        # what the declared specs accept for such input and gives the same dict.
        if type(options) is dict and options.keys() <= _KEYS:
            players = options.get("players")
            if type(players) is int and 2 <= players <= 4:
                ages = options.get("ages")
                if ages is None:
                    return {"players": players, "ages": list(range(players, 0, -1))}
                if type(ages) is list and len(ages) == players and all(_is_age(a) for a in ages):
                    return {"players": players, "ages": list(ages)}
        return normalize(OPTION_SPEC, options, self.name)

    def info(self, options: Mapping[str, Any]) -> GameInfo:
        opts = self.normalize_options(options)
        players = opts["players"]
        # Each recruiting round reveals at least one card, so there are at most len(CARDS) rounds
        # of one dice decision and at most one recruiting decision per seat; then one commitment
        # per seat and province.
        return GameInfo(
            name=self.name,
            title=self.title,
            num_players=players,
            num_actions=codec.NUM_ACTIONS,
            observation_shape=(info.OBSERVATION_SIZE,),
            observation_bounds=(0.0, 1.0),
            observation_fields=info.FIELDS,
            max_decisions=len(CARDS) * 2 * players + PROVINCES * players,
            simultaneous=True,
            chance=True,
            hidden_information=True,
            score_bounds=(0.0, float(info.MAX_SCORE)),
            engine_version=self.engine_version,
            # a commitment is its cards' "add" actions and "done" (its decision); every card is
            # committed at most once (it leaves the hand), so the cards add at most len(CARDS)
            extra_actions=len(CARDS),
        )

    # ------------------------------------------------------------- states
    def new_state(self, options: Mapping[str, Any], seed: int) -> MansfeldState:
        opts = self.normalize_options(options)
        return MansfeldState.new(opts["players"], opts["ages"], check_seed(seed))

    def state_from_json(self, data: Mapping[str, Any]) -> MansfeldState:
        if data.get("game") != self.name:
            raise ValueError(f"not a mansfeld state: game={data.get('game')!r}")
        return MansfeldState.from_json(dict(data))

    # ------------------------------------------------------------- moves
    def move_to_json(self, move: Move) -> JSON:
        return codec.move_to_json(move)

    def move_from_json(self, data: JSON) -> Move:
        return codec.move_from_json(data)

    def encode(self, state: State, seat: int, move: Move) -> int:
        return codec.encode(move)

    def decode(self, state: State, seat: int, action: int) -> Move:
        if type(action) is int and 0 <= action < _ONE_ACTION_MOVES:
            return _ACTION_MOVES[action]  # the prebuilt move, which ``apply`` knows by identity
        return codec.decode(action)

    # A commitment is a staged choice: add card ..., done (see :mod:`feldherr.mansfeld.codec`).
    def staged_actions(self, state: State, seat: int, partial: tuple[int, ...]) -> list[int]:
        st: MansfeldState = state  # type: ignore[assignment]
        phase = st.phase
        if phase == COMMIT:
            owes = st.commit[seat] is None and st.cards[seat]
            return codec.commit_actions(st.cards[seat], partial) if owes else []
        if partial:
            return super().staged_actions(state, seat, partial)  # refused there
        if phase == DICE:
            return list(_DICE_ACTIONS) if not st.choice[seat] else []
        if phase == RECRUIT and seat == st.order[st.turn]:
            actions = sorted([codec.RECRUIT_BASE + c for c in st.reach])
            actions.append(codec.PASS_ACTION)
            return actions
        return []

    def staged_move(self, state: State, seat: int, partial: tuple[int, ...], action: int) -> Move | None:
        st: MansfeldState = state  # type: ignore[assignment]
        if st.phase == COMMIT:
            return codec.commit_step(st.cards[seat], partial, action)
        if not partial and type(action) is int and 0 <= action < _ONE_ACTION_MOVES:
            return _ACTION_MOVES[action]  # as decode
        if not partial and type(action) is int and _ONE_ACTION_MOVES <= action < codec.NUM_ACTIONS:
            # a step of a commitment outside the conquering phase: the error a commitment gets now
            # (the phase, the turn or the end of the game), as for every other move of another phase
            moves.check_move(st, seat, ("commit", ()))
        return super().staged_move(state, seat, partial, action)

    def move_actions(self, state: State, seat: int, move: Move) -> tuple[int, ...]:
        return codec.actions(move)

    def observe(
        self,
        state: State,
        seat: int,
        partial: tuple[int, ...] = (),
        out: Observation | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        check_seat(seat, state.num_players)
        return info.observe(state, seat, partial, out, moving)  # type: ignore[arg-type]

    def seats_observer(
        self,
    ) -> Callable[[State, tuple[int, ...], Observation, Sequence[int]], Observation] | None:
        return info.seats_kernel if info.native is not None else None  # type: ignore[return-value]

    def observe_seats(
        self,
        state: State,
        seats: Sequence[int],
        out: Observation,
        partials: Mapping[int, tuple[int, ...]] | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        for seat in seats:
            check_seat(seat, state.num_players)
        staged = [partials.get(seat, ()) for seat in seats] if partials else None
        return info.observe_seats(state, seats, out, staged, moving)  # type: ignore[arg-type]

    # ------------------------------------------------------------- words
    def describe_move(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return capital(text.describe_move(view, move, lang, names))  # (a button's words)

    def move_steps(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str | list[str]] | None:
        return capital_steps(text.move_steps(view, move, lang, names))

    def render_log(self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.render_log(entry, lang, names)

    def seat_name(self, seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.seat_name(seat, lang, names)

    def log_table(
        self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None
    ) -> dict[str, Any] | None:
        return text.log_table(entry, lang, names)

    def error_text(self, err: Exception, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """A rule error in words: the seat it names by its player's name or colour, a card by name."""
        return error_text(_Worded(err, lang, names), self.messages(), lang, names)

    def render_view(
        self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return text.render_view(view, lang, names)

    def view_schema(self) -> dict[str, Any]:
        return info.SCHEMA

    def undoable(self, before: State, seat: int, move: Move, after: State) -> bool:
        """A character recruited or a secret commitment may be taken back before anyone else acts
        (the core's test refuses it where it rolled dice or revealed the commitments)."""
        return bool(move) and move[0] in ("recruit", "commit")

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        return _MESSAGES

    def position_schema(self) -> dict[str, Any]:
        from feldherr.mansfeld.position import schema

        return schema()

    def position(self, state: State) -> dict[str, Any]:
        from feldherr.mansfeld.position import position

        assert isinstance(state, MansfeldState)
        return position(state)

    def from_position(self, position: Mapping[str, Any], seed: int) -> MansfeldState:
        from feldherr.core.position import load, seat_namer
        from feldherr.mansfeld.position import from_position

        state = load(lambda: from_position(MansfeldState, position, seed), seat_namer(position))
        assert isinstance(state, MansfeldState)
        return state

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        return {"heuristic": HeuristicBot}


_MESSAGES: dict[str, dict[str, str]] = {**text.MESSAGES, **POSITION_ERRORS}


class _Worded(Exception):
    """A rule error whose details are already as a player reads them (see ``text.error_details``)."""

    def __init__(self, err: Exception, lang: str, names: Sequence[str] | None) -> None:
        super().__init__(str(err))
        self.rule = getattr(err, "rule", "")
        self.message = getattr(err, "message", str(err))
        self.details = text.error_details(getattr(err, "details", {}), lang, names)


GAME = MansfeldGame()
