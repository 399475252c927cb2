"""Ernst von Mansfeld (Markus Hagenauer): the Game object — options, move codec, words, bots."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

from feldherr.core.bots import Bot
from feldherr.core.errors import MalformedMoveError, OptionError
from feldherr.core.game import JSON, Game, LogEntry, Move, State
from feldherr.mansfeld import text
from feldherr.mansfeld.cards import BY_KEY, CARDS
from feldherr.mansfeld.state import MansfeldState

OPTION_KEYS = ("players", "ages", "variant", "modules")


def _as_state(state: State) -> MansfeldState:
    if not isinstance(state, MansfeldState):
        raise TypeError(f"not a Mansfeld state: {type(state).__name__}")
    return state


def _parse_ages(raw: Any, players: int) -> list[int]:
    if isinstance(raw, str):
        raw = [part for part in raw.replace(" ", "").split(",") if part]
    if not isinstance(raw, list | tuple):
        raise OptionError(f"ages must be a list of {players} integers, not {raw!r}")
    ages: list[int] = []
    for a in raw:
        try:
            age = int(a)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"ages: {a!r} is not an integer") from exc
        if isinstance(a, bool) or (isinstance(a, float) and a != age) or age < 0:
            raise OptionError(f"ages: {a!r} is not a non-negative integer")
        ages.append(age)
    if len(ages) != players:
        raise OptionError(f"ages needs one entry per seat ({players}), got {len(ages)}")
    return ages


class MansfeldGame(Game):
    name: ClassVar[str] = "mansfeld"
    title: ClassVar[str] = "Ernst von Mansfeld"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``players`` (2-4, required) and ``ages`` (one non-negative integer per seat, years; the
        younger player goes first on a full tie). Default ages: seat order is oldest first, i.e.
        ``[players, ..., 1]``. Ernst von Mansfeld has no variants or modules."""
        unknown = sorted(set(options) - set(OPTION_KEYS))
        if unknown:
            raise OptionError(f"unknown option(s) for mansfeld: {', '.join(unknown)} (known: players, ages)")
        for key in ("variant", "modules"):
            if options.get(key) not in (None, "", [], ()):
                raise OptionError(f"mansfeld has no {key}s (got {options[key]!r})")
        if "players" not in options:
            raise OptionError("options need 'players' (2-4)")
        try:
            players = int(options["players"])
        except (TypeError, ValueError) as exc:
            raise OptionError(f"players must be an integer, not {options['players']!r}") from exc
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"mansfeld is for 2-4 players, not {players}")
        raw_ages = options.get("ages")
        ages = list(range(players, 0, -1)) if raw_ages is None else _parse_ages(raw_ages, players)
        return {"players": players, "ages": ages}

    def new_state(self, options: Mapping[str, Any], seed: int) -> MansfeldState:
        opts = self.normalize_options(options)
        return MansfeldState.new(opts["players"], opts["ages"], seed)

    def state_from_json(self, data: Mapping[str, Any]) -> MansfeldState:
        if data.get("game") != self.name:
            raise ValueError(f"not a mansfeld state: game={data.get('game')!r}")
        return MansfeldState.from_json(dict(data))

    # ------------------------------------------------------------- moves
    def move_to_json(self, move: Move) -> JSON:
        kind = move[0]
        if kind == "recruit":
            return ["recruit", CARDS[move[1]].key]
        if kind == "commit":
            return ["commit", [CARDS[c].key for c in move[1]]]
        return list(move)

    def move_from_json(self, data: JSON) -> Move:
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise MalformedMoveError(f"not JSON: {exc}", rule="mansfeld.move") from exc
        if not isinstance(data, list | tuple) or not data or not isinstance(data[0], str):
            raise MalformedMoveError(f"a move is a list [kind, ...], not {data!r}", rule="mansfeld.move")
        kind, args = data[0], list(data[1:])
        if kind == "pass" and not args:
            return ("pass",)
        if kind == "dice" and len(args) == 1 and type(args[0]) is int:
            return ("dice", args[0])
        if kind == "recruit" and len(args) == 1:
            return ("recruit", self._card_id(args[0]))
        if kind == "commit" and len(args) == 1 and isinstance(args[0], list | tuple):
            return ("commit", tuple(sorted(self._card_id(c) for c in args[0])))
        raise MalformedMoveError(f"cannot read move {data!r}", rule="mansfeld.move")

    @staticmethod
    def _card_id(ref: Any) -> int:
        if isinstance(ref, str) and ref in BY_KEY:
            return BY_KEY[ref].id
        if type(ref) is int and 0 <= ref < len(CARDS):
            return ref
        raise MalformedMoveError(f"unknown character {ref!r}", rule="mansfeld.move")

    # ------------------------------------------------------------- words
    def describe_move(self, state: State, seat: int, move: Move, lang: str = "en") -> str:
        return text.describe_move(_as_state(state), seat, move, lang)

    def render_log(self, entry: LogEntry, lang: str = "en") -> str:
        return text.render_log(entry, lang)

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        raise NotImplementedError("TODO(template): render the text picture from the view")

    def render_text(self, state: State, seat: int | None, lang: str = "en") -> str:
        return text.render_text(_as_state(state), seat, lang)

    def bots(self) -> dict[str, type[Bot]]:
        from feldherr.mansfeld.bots import HeuristicBot

        return {"heuristic": HeuristicBot}
