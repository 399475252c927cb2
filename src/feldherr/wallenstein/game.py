"""The protocol binding: the Wallenstein :class:`Game` (options, facts, codec, words, bots) and
:class:`WallensteinPosition`, the state class whose protocol methods call the rules. The only module
of the package that sees all the others."""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar

from feldherr.core.actions import sorted_codes
from feldherr.core.bots import Bot
from feldherr.core.errors import MalformedMoveError
from feldherr.core.game import JSON, Game, LogEntry, Move, Outcome, State
from feldherr.core.i18n import percent, render
from feldherr.core.info import GameInfo
from feldherr.core.observation import Observation
from feldherr.core.options import OptionSpec, players_spec, titled
from feldherr.core.validate import MAX_INT, check_plain_move, check_seat, check_seed
from feldherr.wallenstein import attack_odds, codec, info, infoset
from feldherr.wallenstein.data import (
    MODULES,
)
from feldherr.wallenstein.moves import (
    Slot,
    typed,
)
from feldherr.wallenstein.playout import random_playout
from feldherr.wallenstein.rules import engine
from feldherr.wallenstein.rules.planning import place_slot, plan_options, slot_is_legal
from feldherr.wallenstein.state import PLAN, WallensteinState
from feldherr.wallenstein.terminal import render_view
from feldherr.wallenstein.text import (
    CATALOGUE,
    MESSAGES,
    log_table,
    move_phrase,
    move_steps,
    render_log,
    seat_name,
)
from feldherr.wallenstein.tower.registry import CHOICES, DEFAULT_TOWER, game_tower_model

MAX_DECISIONS = 4000
"""An upper bound on decisions (all seats): the draft (at most 9 claims and 9 redraws a seat),
per round of the 9 (14 plan boxes, a position, at most 10 actions, a favor, a Landsknechte card and
two leader decisions a seat) and per winter (a revolt order per county, two leader decisions)."""


class WallensteinPosition(WallensteinState):
    """A Wallenstein position with its rules: the class of every state a game makes."""

    __slots__ = ()

    def legal_moves(self, seat: int) -> list[Move]:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            check_seat(seat, self.num_players)
        if self.phase == PLAN:  # most decisions of a game: no dispatch
            return plan_options(self, seat) if self.plan_step[seat] < self.nslots else []
        return engine.legal_moves(self, seat)

    def apply(self, seat: int, move: Move) -> None:
        # Fast path for the planning slots, most decisions of a game: a typed Slot of exact ints
        # that fills the seat's next box with a card it may put there is placed at once. Anything
        # else, legal or not, takes the full way below, which raises the same errors as ever.
        if (
            type(move) is Slot
            and len(move) == 3  # (tuple.__new__ makes a Slot of any length)
            and self.phase == PLAN
            and type(seat) is int
            and 0 <= seat < self.num_players
        ):
            kind, box, card = move
            if (
                type(kind) is str
                and kind == "slot"
                and type(box) is int
                and type(card) is int
                and self.plan_step[seat] < self.nslots
                and slot_is_legal(self, seat, box, card)
            ):
                place_slot(self, seat, box, card)
                if self.plan_step[seat] == self.nslots and min(self.plan_step) >= self.nslots:
                    engine.resolve_plans(self)  # the last plan is in
                self.version += 1
                return
        if type(seat) is not int or not 0 <= seat < self.num_players:
            check_seat(seat, self.num_players)
        # Exact types: 2.0, True, "2" and huge numbers never reach the rules. Every Wallenstein
        # move is flat (a kind, then whole numbers), so a flat loop decides; anything else is
        # refused with the core's error.
        if not isinstance(move, tuple) or not move or type(move[0]) is not str:
            check_plain_move(move)
        for value in move[1:]:
            if type(value) is not int or not -MAX_INT < value < MAX_INT:
                check_plain_move(move)
                raise MalformedMoveError(
                    f"a Wallenstein move holds a kind and whole numbers, not {codec.notation(move)}",
                    rule="wallenstein.move-format",
                )
        engine.apply_move(self, seat, move)
        self.version += 1

    def outcome(self) -> Outcome:
        return engine.outcome(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            check_seat(seat, self.num_players)
        return info.view(self, seat)

    def action_mask(self, seat: int) -> list[bool]:
        mask = [False] * codec.NUM_ACTIONS  # the action space is the same for every option set
        for move in self.legal_moves(seat):
            mask[codec.encode(move)] = True
        return mask

    def observation(self, seat: int) -> Observation:
        check_seat(seat, self.num_players)
        return info.observe(self, seat)

    def determinize(self, seat: int, seed: int) -> WallensteinPosition:
        check_seat(seat, self.num_players)
        return info.determinize(self, seat, seed)

    def random_playout(self, bot_seeds: Sequence[int]) -> int:
        # A playout makes no reference cycles (its objects die by reference counting or stay in
        # the state), so the cyclic collector would only walk the young log events and lists it
        # keeps: it is paused for the playout and restored as it was, whatever happens.
        collecting = gc.isenabled()
        gc.disable()
        try:
            decisions = random_playout(self, bot_seeds)
        finally:
            if collecting:
                gc.enable()
        self.version += decisions
        return decisions


@functools.cache
def _option_spec() -> tuple[OptionSpec, ...]:
    # built once per process: every new game normalises its options against it
    return titled(_specs(), _TITLES)


_TITLES = {
    "setup": {"en": "Starting counties", "de": "Startländer"},
    "tower": {"en": "Cube tower model", "de": "Modell des Würfelturms"},
    "modules": {"en": "Modules", "de": "Module"},
    "tower_params": {"en": "Cube tower parameters", "de": "Parameter des Würfelturms"},
}


def _specs() -> tuple[OptionSpec, ...]:
    return (
        players_spec(3, 5, 4),
        OptionSpec(
            "setup",
            "choice",
            "draft",
            "Start: how the counties are assigned at the beginning of the game",
            "Start: wie die Länder zu Spielbeginn verteilt werden",
            choices=("draft", "fixed"),
            labels={
                "draft": {"en": "Assign the counties", "de": "Länder verteilen"},
                "fixed": {"en": "Fixed start", "de": "Feste Startaufstellung"},
            },
            about={
                "draft": {
                    "en": "each player takes county cards with army groups",
                    "de": "jeder nimmt Länderkarten mit Armeegruppen",
                },
                "fixed": {
                    "en": "the start lineups printed in the rules",
                    "de": "die in der Regel gedruckten Aufstellungen",
                },
            },
            short={
                "draft": {"en": "counties assigned", "de": "Länder verteilt"},
                "fixed": {"en": "fixed start", "de": "feste Startaufstellung"},
            },
        ),
        OptionSpec(
            "tower",
            "choice",
            DEFAULT_TOWER,
            "Cube tower: how the thrown armies come out of the tower (advanced)",
            "Würfelturm: wie die geworfenen Armeen aus dem Turm fallen (für Fortgeschrittene)",
            choices=CHOICES,
            labels={
                "fitted": {"en": "Standard tower", "de": "Standardturm"},
                "physical": {"en": "Physical simulation (slow)", "de": "Physikalische Simulation (langsam)"},
                "simple": {"en": "Simple tower", "de": "Einfacher Turm"},
                "two-level": {"en": "Two-level tower", "de": "Zweistufiger Turm"},
            },
            about={
                "fitted": {
                    "en": "a fast model fitted to the physical simulation",
                    "de": "ein schnelles Modell, an die physikalische Simulation angepasst",
                },
                "physical": {
                    "en": "the tower simulated physically, cube by cube",
                    "de": "der Turm physikalisch simuliert, Würfel für Würfel",
                },
                "simple": {
                    "en": "every cube falls through with the same chance",
                    "de": "jeder Würfel fällt mit derselben Chance durch",
                },
                "two-level": {
                    "en": "cubes may stick on two ledges",
                    "de": "Würfel können auf zwei Stufen liegen bleiben",
                },
            },
            short={
                "fitted": {"en": "standard tower", "de": "Standardturm"},
                "physical": {"en": "physical simulation", "de": "physikalische Simulation"},
                "simple": {"en": "simple tower", "de": "einfacher Turm"},
                "two-level": {"en": "two-level tower", "de": "zweistufiger Turm"},
            },
        ),
        OptionSpec(
            "modules",
            "multi",
            [],
            "Expansion modules of the Big Box",
            "Erweiterungsmodule der Big Box",
            choices=MODULES,
            labels={
                "court": {
                    "en": "Emperor's Court (Am Kaiserhof): turn armies into courtiers and win favor cards",
                    "de": "Am Kaiserhof: Armeen in Höflinge umwandeln und Gunstkarten erwerben",
                },
                "landsknechte": {
                    "en": "Landsknechte: a bonus for holding counties in at least four regions",
                    "de": "Landsknechte: ein Vorteil für Länder in mindestens vier Regionen",
                },
                "leaders": {
                    "en": "Military Leaders (Heerführer): a leader strengthens actions and leaves statues",
                    "de": "Heerführer: ein Heerführer verstärkt Aktionen und hinterlässt Denkmäler",
                },
            },
            short={
                "court": {"en": "Emperor's Court", "de": "Am Kaiserhof"},
                "landsknechte": {"en": "Landsknechte", "de": "Landsknechte"},
                "leaders": {"en": "Military Leaders", "de": "Heerführer"},
            },
        ),
        OptionSpec(
            "tower_params",
            "mapping",
            {},
            "Settings of the cube tower model (advanced; empty: the model's own)",
            "Einstellungen des Würfelturm-Modells (für Fortgeschrittene; leer: die des Modells)",
            omit_default=True,
        ),
    )


_CODES: dict[Move, int] = {}
"""The action number of every legal move met so far (at most ``codec.NUM_ACTIONS`` entries; only
moves of the rules' legal lists, of exact types, are looked up here)."""


class WallensteinGame(Game):
    name = "wallenstein"
    title = "Wallenstein"
    env_name = "Wallenstein"
    min_players = 3
    max_players = 5
    engine_version = 2
    """2: an action lost because its card went to a conqueror is logged (issue 11)."""
    search_settings: ClassVar[Mapping[str, float]] = {"tree_depth": 0, "margin_weight": 0.3}
    """Search only the decision at hand and let the heuristic play on; reward the score margin
    too. Against three heuristic bots at 63 iterations this won 29 of 36 games where the full tree
    had won 15 of the same games (``docs/benchmarks.md``): with some 60 iterations a deeper tree
    spends them on random tries of later moves, mostly other seats' secret plans."""

    def infoset_key(self, state: State, seat: int | None) -> Hashable:
        """The raw facts of ``state.view(seat)`` as a tuple (:mod:`feldherr.wallenstein.infoset`)."""
        to_move = state.to_move()
        moves = state.legal_moves(seat) if seat is not None and seat in to_move else None
        return infoset.infoset_key(state, seat, to_move, moves)  # type: ignore[arg-type]

    def option_spec(self) -> tuple[OptionSpec, ...]:
        return _option_spec()

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        normal = super().normalize_options(options)
        # The tower's parameters are checked against the model's declared ranges now, not when
        # the first cubes fall.
        game_tower_model(normal["tower"], normal.get("tower_params"))
        return normal

    def info(self, options: Mapping[str, Any]) -> GameInfo:
        normal = self.normalize_options(options)
        players = normal["players"]
        return GameInfo(
            name=self.name,
            title=self.title,
            num_players=players,
            num_actions=codec.num_actions(normal),
            observation_shape=(info.OBSERVATION_SIZE,),
            observation_bounds=(0.0, 1.0),
            observation_fields=info.FIELDS,
            max_decisions=MAX_DECISIONS,
            simultaneous=True,
            chance=True,
            hidden_information=True,
            score_bounds=(0.0, 1000.0),
            engine_version=self.engine_version,
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> WallensteinPosition:
        return engine.new_game(WallensteinPosition, self.normalize_options(options), check_seed(seed))

    def state_from_json(self, data: Mapping[str, Any]) -> WallensteinPosition:
        return WallensteinPosition.from_json(dict(data))

    def move_to_json(self, move: Move) -> JSON:
        return codec.move_to_json(move)

    def move_from_json(self, data: JSON) -> Move:
        return codec.move_from_json(data)

    def encode(self, state: Any, seat: int, move: Move) -> int:
        return codec.encode(move)

    def decode(self, state: Any, seat: int, action: int) -> Move:
        return codec.decode(action)

    def staged_actions(self, state: State, seat: int, partial: tuple[int, ...]) -> list[int]:
        if partial:
            return super().staged_actions(state, seat, partial)  # refused: no staged choices
        return sorted_codes(state.legal_moves(seat), _CODES, codec.encode)

    def observe(
        self,
        state: State,
        seat: int,
        partial: tuple[int, ...] = (),
        out: Observation | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        check_seat(seat, state.num_players)
        return info.observe(state, seat, out, moving)  # type: ignore[arg-type]

    def observer(self) -> Callable[[State, int, Observation, tuple[int, ...]], Observation] | None:
        return info.native.observe if info.native is not None else None

    def seats_observer(
        self,
    ) -> Callable[[State, tuple[int, ...], Observation, Sequence[int]], Observation] | None:
        return info.native.observe_seats if info.native is not None else None

    def observe_seats(
        self,
        state: State,
        seats: Sequence[int],
        out: Observation,
        partials: Mapping[int, tuple[int, ...]] | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        for seat in seats:  # no staged choices in Wallenstein: partials are always empty
            check_seat(seat, state.num_players)
        return info.observe_seats(state, seats, out, moving)  # type: ignore[arg-type]

    def describe_move(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        text = move_phrase(view, move, lang, names)
        odds = attack_odds.move_odds(view, typed(move))
        if odds is not None:
            win, tie, lose = (percent(p / 100, 0, lang) for p in attack_odds.percents(odds))
            text = render(CATALOGUE, "mv.odds", {"text": text, "win": win, "tie": tie, "lose": lose}, lang)
        return text

    def describe_move_bare(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return move_phrase(view, move, lang, names)  # an attack's odds: move_details

    def move_steps(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str | list[str]] | None:
        return move_steps(view, move, lang, names)

    def log_table(
        self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None
    ) -> dict[str, Any] | None:
        return log_table(entry, lang, names)

    def move_details(self, view: Mapping[str, Any], move: Move) -> dict[str, Any] | None:
        odds = attack_odds.move_odds(view, move)
        return None if odds is None else {"odds": attack_odds.odds_details(odds)}

    def render_log(self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return render_log(entry, lang, names)

    def seat_name(self, seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return seat_name(seat, lang, names)

    def render_view(
        self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return render_view(view, lang)  # a position names Wallenstein's players by their colours

    def view_schema(self) -> dict[str, Any]:
        return info.schema()

    def undoable(self, before: State, seat: int, move: Move, after: State) -> bool:
        """A card put into a box of the secret plan may be taken back until the plans are revealed
        (the core's test refuses the box that completes the last plan: it reveals them all)."""
        return bool(move) and move[0] == "slot"

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        return _MESSAGES

    def position_schema(self) -> dict[str, Any]:
        from feldherr.wallenstein.position import schema

        return schema(self)

    def position(self, state: State) -> dict[str, Any]:
        from feldherr.wallenstein.position import position

        return position(state)

    def from_position(self, position: Mapping[str, Any], seed: int) -> WallensteinState:
        from feldherr.core.position import load, seat_namer
        from feldherr.wallenstein.position import from_position

        state = load(lambda: from_position(self, position, seed), seat_namer(position))
        assert isinstance(state, WallensteinState)
        return state

    def refuse_teaching_position(self, position: Mapping[str, Any]) -> None:
        from feldherr.wallenstein.position import refuse_teaching

        refuse_teaching(position)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        from feldherr.wallenstein.bots import HeuristicBot

        return {"heuristic": HeuristicBot}


def describe_move(move: Move, lang: str = "en", view: Mapping[str, Any] | None = None) -> str:
    """A move in words (without a view: what the move alone tells)."""
    return move_phrase(view or {}, move, lang)


__all__ = ["WallensteinGame", "describe_move", "seat_name"]


def _messages() -> dict[str, dict[str, str]]:
    from feldherr.wallenstein.position import ERRORS

    return {**MESSAGES, **ERRORS}


_MESSAGES = _messages()
