"""Reading positions: the game-agnostic helpers behind ``Game.from_position``.

A position is JSON a person reads and writes (see ``docs/positions.md``): names instead of
indices, one section per part of the table, and the hidden parts under ``"hidden"``. The helpers
here read such data by exact type (``2.0`` is not ``2``, ``true`` is not ``1``) and raise a
:class:`~feldherr.core.errors.PositionError` that names the field and the rule: ``core.position.field``
(wrong type or missing), ``core.position.name`` (an unknown name), ``core.position.unknown-field``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NoReturn

from feldherr.core.errors import OptionError, PositionError, RuleError, clip, shown
from feldherr.core.errors import shown_json as errors_shown_json
from feldherr.core.options import refusal_words

POSITION_FORMAT = 1
"""The version of the position envelope (``"format"``)."""

COUNT_TERMS: dict[str, dict[str, str]] = {
    "pos.unit.player#one": {"en": "{n} player", "de": "{n} Spieler"},
    "pos.unit.player#other": {"en": "{n} players", "de": "{n} Spieler"},
    "pos.unit.player-dative#one": {"en": "{n} player", "de": "{n} Spieler"},
    "pos.unit.player-dative#other": {"en": "{n} players", "de": "{n} Spielern"},
    "pos.unit.card#one": {"en": "{n} card", "de": "{n} Karte"},
    "pos.unit.card#other": {"en": "{n} cards", "de": "{n} Karten"},
}
"""The plural terms (``core.i18n``) the games' position refusals share for their counts; each
game's refusals include them (``{count:@pos.unit.player}``)."""


def field_terms(path: Path) -> dict[str, dict[str, str]]:
    """A game's words for the fields of its positions (``pos.field.<key>``) from its data file
    (``{key: {"en": ..., "de": ...}}``), for its catalogue: a refusal names the place of the
    position it found wrong in them (:func:`feldherr.core.i18n.position_field`)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {f"pos.field.{key}": dict(words) for key, words in data.items() if not key.startswith("_")}


_MISSING: Any = object()


def fail(message: str, rule: str, **details: Any) -> NoReturn:
    raise PositionError(message, rule, **details)


def shown_json(value: Any, limit: int = 80) -> str:
    """A bounded echo of a position's value as its JSON text (``"2"``, ``true``, ``null``): what the
    person wrote, never a Python literal (:func:`feldherr.core.errors.shown_json`)."""
    return errors_shown_json(value, limit)


def wrong(field: str, expected: str, value: Any) -> NoReturn:
    fail(
        f"the position's field {field} must be {expected}, not {shown_json(value)}",
        "core.position.field",
        field=field,
        expected=expected,
        value=shown_json(value),
    )


def repeated(field: str, values: Any, words: Mapping[Any, Mapping[str, str]] | None = None) -> NoReturn:
    """Refuse the list ``values`` at ``field`` for an entry in it twice (``core.position.field``),
    naming that entry by its words in each language where ``words`` has them (``entry_en``,
    ``entry_de``: "trading post", „Handelshaus“, never the file's key ``trading_post`` nor a card's
    number in a data file), else as the file writes it."""
    twice = next((v for i, v in enumerate(values) if v in values[:i]), None)
    said = (words or {}).get(twice) if type(twice) in (str, int) else None
    fail(
        f"the position's field {field} must be a list without repeats, not {shown_json(values)}",
        "core.position.field",
        field=field,
        expected="a list without repeats",
        value=shown_json(twice),
        **{f"entry_{lang}": word for lang, word in (said or {}).items()},
    )


def is_int(value: Any) -> bool:
    return type(value) is int


def whole(field: str, value: Any, low: int, high: int | None) -> int:
    """``value`` at ``field``: a whole number from ``low`` to ``high`` (None: no upper bound), else
    refused, naming the bounds."""
    if not is_int(value) or value < low or (high is not None and value > high):
        bound = f"{low} to {high}" if high is not None else f"at least {low}"
        wrong(field, f"a whole number {bound}", value)
    return int(value)


class Reader:
    """Typed access to one JSON object of a position; ``where`` is its path for messages."""

    __slots__ = ("data", "seen", "where")

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            wrong(where or "the position", "an object", data)
        self.data = data
        self.where = where
        self.seen: set[str] = set()

    def path(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self.seen.add(key)
        if key not in self.data:
            if default is _MISSING:
                wrong(self.path(key), "given", None)
            return default
        return self.data[key]

    def integer(self, key: str, default: Any = _MISSING, low: int = 0, high: int | None = None) -> int:
        return whole(self.path(key), self.raw(key, default), low, high)

    def boolean(self, key: str, default: Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if type(value) is not bool:
            wrong(self.path(key), "true or false", value)
        return bool(value)

    def text(self, key: str, default: Any = _MISSING) -> str:
        value = self.raw(key, default)
        if type(value) is not str:
            wrong(self.path(key), "a text", value)
        return str(value)

    def array(self, key: str, default: Any = _MISSING) -> list[Any]:
        value = self.raw(key, default)
        if not isinstance(value, list):
            wrong(self.path(key), "a list", value)
        return list(value)

    def ints(self, key: str, default: Any = _MISSING, low: int = 0, high: int | None = None) -> list[int]:
        values = self.array(key, default)
        path = self.path(key)
        return [whole(f"{path}[{i}]", v, low, high) for i, v in enumerate(values)]

    def obj(self, key: str, default: Any = _MISSING) -> Reader:
        return Reader(self.raw(key, default), self.path(key))

    def done(self) -> None:
        """Refuse keys nobody read (a misspelt field is an error, not silently ignored)."""
        for key in self.data:
            if key not in self.seen:
                fail(
                    f"the position has a field {self.path(key)} that this game does not know",
                    "core.position.unknown-field",
                    field=self.path(key),
                )


class Names:
    """Printed names of one kind of thing (counties, cards, players) and their indices. ``words``
    gives, for names that are keys rather than words (``trading_post``), the words a person reads
    in each language (``{"en": "trading post", "de": "Handelshaus"}``), for refusals that name an
    entry the file holds."""

    __slots__ = ("index_of", "kind", "names", "words")

    def __init__(
        self, kind: str, names: Sequence[str], words: Mapping[str, Mapping[str, str]] | None = None
    ) -> None:
        self.kind = kind
        self.names = tuple(names)
        self.index_of = {name: i for i, name in enumerate(self.names)}
        self.words: dict[Any, Mapping[str, str]] = dict(words or {})

    def name(self, index: int) -> str | None:
        """The name of ``index``; ``None`` for a negative index (nobody, no card)."""
        return self.names[index] if index >= 0 else None

    def index(self, value: Any, field: str, allow_none: bool = False) -> int:
        if value is None and allow_none:
            return -1
        if type(value) is not str or value not in self.index_of:
            fail(
                f"{shown_json(value)} in {field} is not a {self.kind} of this game",
                "core.position.name",
                value=shown_json(value),
                field=field,
                kind=self.kind,
            )
        return self.index_of[value]

    def indices(self, values: Any, field: str) -> list[int]:
        if not isinstance(values, list):
            wrong(field, "a list of names", values)
        return [self.index(v, f"{field}[{i}]") for i, v in enumerate(values)]


def game_title(name: Any) -> str | None:
    """The printed name (``title``) of the registered game called ``name`` ("El Grande" for
    ``elgrande``); ``None`` where no game of this build has that name."""
    from feldherr.core.registry import game_names, get_game

    if type(name) is not str or name not in game_names():
        return None
    try:
        return get_game(name).title
    except (ValueError, ImportError):  # announced, but not loadable in this build
        return None


def check_game(data: Any, game: str) -> Reader:
    """The position's top level, checked to be one of ``game`` in a known format. A position of
    another game is refused naming both games as a person reads them, by their printed names
    ("El Grande", "Ernst von Mansfeld"; the game's key only where no game has that name): a
    ``game`` field that is no game's name is echoed as the file writes it."""
    top = Reader(data, "")
    found = top.raw("game")  # left out: the field is missing (not "a position of null")
    if found != game:
        title = game_title(game) or game
        found_title = game_title(found) or shown_json(found, 40)
        fail(
            f"the position's game is {found_title}, not {title}",
            "core.position.game",
            found=found_title,
            game=title,
        )
    fmt = top.raw("format", POSITION_FORMAT)
    if fmt != POSITION_FORMAT or not is_int(fmt):
        wrong("format", str(POSITION_FORMAT), fmt)
    return top


def read_options(game: Any, top: Reader) -> dict[str, Any]:
    """The position's ``options`` normalized by ``game``; options the game refuses (a player count
    it is not for, a variant it does not know) are a ``core.position.options`` refusal saying why in
    each language (:func:`~feldherr.core.options.refusal_words`: the option by its title, its
    choices by their labels, the game's own words where it gives them; never an option's key)."""
    raw = top.raw("options", {})
    if not isinstance(raw, Mapping):
        wrong("options", "an object", raw)
    try:
        return dict(game.normalize_options(raw))
    except (OptionError, ValueError, TypeError) as exc:
        said = refusal_words(game.option_spec(), exc, raw)
        fail(
            f"the position's options do not fit the game: {clip(said['en'], 300)}",
            "core.position.options",
            option=getattr(exc, "option", "") or "options",
            reason_en=clip(said["en"], 300),
            reason_de=clip(said["de"], 300),
        )


def inconsistent(reason: str) -> NoReturn:
    fail(f"the position cannot be played on: {reason}", "core.position.inconsistent", reason=reason)


TRIED_MOVES = 24
"""How many of a seat's legal moves :func:`playable` plays on a copy of a position (spread over the
list), to find a table the rules offer moves from but cannot go on with."""

#: What an engine raises where a position's values do not fit together in a way no check caught:
#: a refusal of the position, never a crash of the program that reads it.
_BROKEN = (RuleError, LookupError, ValueError, TypeError, ArithmeticError, AssertionError, AttributeError)


def load(build: Callable[[], Any], describe_seat: Any = None) -> Any:
    """The state ``build()`` reads from a position, checked :func:`playable`; an engine's own
    exception while reading or playing on (values that passed the checks but do not fit together)
    is a ``core.position.inconsistent`` refusal too."""
    try:
        state = build()
        playable(state, describe_seat)
    except PositionError:
        raise
    except _BROKEN as exc:
        inconsistent(f"{type(exc).__name__}: {shown(exc, 80)}")
    return state


def playable(state: Any, describe_seat: Any = None) -> None:
    """Refuse a state the rules cannot go on from: every seat's view must build; a game that is not
    over must have a seat to move, and a seat that owes a decision a legal move; and some of those
    moves (:data:`TRIED_MOVES`, spread over the list) must play on a copy of the state. (An
    exception of the engine on the way is :func:`load`'s to turn into a refusal.)"""
    for seat in [*range(state.num_players), None]:
        state.view(seat)
    if state.is_terminal():
        return
    moving = state.to_move()
    if not moving:
        inconsistent("nobody owes a decision, yet the game is not over")
    for seat in moving:
        moves = state.legal_moves(seat)
        if not moves:
            who = describe_seat(seat) if describe_seat is not None else None
            if not isinstance(who, str) or not who:
                inconsistent("a player owes a decision but has no legal move")
            reason = f"{clip(who, 40)} owes a decision but has no legal move"
            fail(f"the position cannot be played on: {reason}", "core.position.inconsistent",
                 reason=reason, player=clip(who, 40))  # fmt: skip
        step = max(1, len(moves) // TRIED_MOVES)
        for move in moves[::step][:TRIED_MOVES]:
            trial = state.clone()
            trial.apply(seat, move)
            if not trial.is_terminal():
                trial.to_move()


# -- table-driven fields: a state attribute <-> a place in the position --------------------------
class Codec:
    """Turns one stored value into its written form and back (``field`` names it in errors)."""

    def enc(self, value: Any) -> Any:
        return _plain(value)

    def dec(self, value: Any, field: str, like: Any) -> Any:
        """Read ``value``; ``like`` is the value a fresh game has there (the type to match)."""
        return _like(value, like, field)

    def schema(self, like: Any) -> dict[str, Any]:
        """The JSON Schema of the written form (``like``: a value a fresh game has there)."""
        return _schema_like(like)


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _like(value: Any, like: Any, field: str) -> Any:
    """``value`` checked to have the shape of ``like`` (ints, bools, texts, lists of them)."""
    if type(like) is bool:
        if type(value) is not bool:
            wrong(field, "true or false", value)
        return value
    if type(like) is int:
        if not is_int(value):
            wrong(field, "a whole number", value)
        return value
    if type(like) is str:
        if type(value) is not str:
            wrong(field, "a text", value)
        return value
    if isinstance(like, list | tuple):
        if not isinstance(value, list):
            wrong(field, "a list", value)
        # the entries have the shape of the fresh game's first one; a fresh empty list (a queue, the
        # counters of an effect) takes numbers, texts or lists of them
        out = [_like(v, like[0] if like else ([0] if isinstance(v, list) else 0), f"{field}[{i}]")
               for i, v in enumerate(value)]  # fmt: skip
        return tuple(out) if isinstance(like, tuple) else out
    if value is not None and not is_int(value) and not isinstance(value, list | str | bool):
        wrong(field, "a number, a text or a list", value)
    return value


def _schema_like(like: Any) -> dict[str, Any]:
    if type(like) is bool:
        return {"type": "boolean"}
    if type(like) is int:
        return {"type": "integer"}
    if type(like) is str:
        return {"type": "string"}
    if isinstance(like, list | tuple):
        return {"type": "array", "items": _schema_like(like[0]) if like else {}}
    return {}


def name_schema(names: Names, nullable: bool = False) -> dict[str, Any]:
    return {"enum": [*names.names, None] if nullable else list(names.names)}


RAW = Codec()


class Count(Codec):
    """A count or an amount of the table (money, points, pieces in a supply): a whole number, never
    below zero (or ``low``), nor above ``high`` where the game has a last one (the third year)."""

    __slots__ = ("high", "low")

    def __init__(self, low: int = 0, high: int | None = None) -> None:
        self.low, self.high = low, high

    def dec(self, value: Any, field: str, like: Any) -> Any:
        return whole(field, value, self.low, self.high)

    def schema(self, like: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer", "minimum": self.low}
        if self.high is not None:
            out["maximum"] = self.high
        return out


COUNT = Count()


class Ref(Codec):
    """An index into ``names`` (``-1``: ``null``)."""

    def __init__(self, names: Names) -> None:
        self.names = names

    def enc(self, value: Any) -> Any:
        return self.names.name(value)

    def dec(self, value: Any, field: str, like: Any) -> Any:
        return self.names.index(value, field, allow_none=True)

    def schema(self, like: Any) -> dict[str, Any]:
        return name_schema(self.names, nullable=True)


class Refs(Codec):
    """A list of indices into ``names`` (with ``nullable``, ``-1`` is written ``null``; with
    ``numbers``, the indices themselves load too, as positions written before had them)."""

    def __init__(self, names: Names, nullable: bool = False, numbers: bool = False) -> None:
        self.names = names
        self.nullable = nullable
        self.numbers = numbers

    def enc(self, value: Any) -> Any:
        return [self.names.name(v) for v in value]

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if not isinstance(value, list):
            wrong(field, "a list of names", value)
        return [
            v if self.numbers and is_int(v) and 0 <= v < len(self.names.names)
            else self.names.index(v, f"{field}[{i}]", self.nullable)
            for i, v in enumerate(value)
        ]  # fmt: skip

    def schema(self, like: Any) -> dict[str, Any]:
        items = name_schema(self.names, self.nullable)
        if self.numbers:
            items = {
                "anyOf": [items, {"type": "integer", "minimum": 0, "maximum": len(self.names.names) - 1}]
            }
        return {"type": "array", "items": items}


class Choice(Codec):
    """A number stored for one of ``names`` (a phase, a kind of step); with ``numbers``, the
    number itself loads too, as positions written before had it."""

    def __init__(self, names: Names, numbers: bool = False) -> None:
        self.names = names
        self.numbers = numbers

    def enc(self, value: Any) -> Any:
        return self.names.names[value]

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if self.numbers and is_int(value) and 0 <= value < len(self.names.names):
            return value
        return self.names.index(value, field)

    def schema(self, like: Any) -> dict[str, Any]:
        if self.numbers:
            number = {"type": "integer", "minimum": 0, "maximum": len(self.names.names) - 1}
            return {"anyOf": [name_schema(self.names), number]}
        return name_schema(self.names)


class Bits(Codec):
    """A bit mask written as the list of the set bits' names (or numbers, without names);
    ``words``: what a person reads for a number (an entry named twice is refused in them), the
    names' words by default."""

    def __init__(
        self, size: int, names: Names | None = None, words: Mapping[int, Mapping[str, str]] | None = None
    ) -> None:
        self.size = size
        self.names = names
        self.words: Mapping[Any, Mapping[str, str]] = names.words if names is not None else (words or {})

    def enc(self, value: Any) -> Any:
        bits = [b for b in range(self.size) if value >> b & 1]
        return [self.names.names[b] for b in bits] if self.names else bits

    def dec(self, value: Any, field: str, like: Any) -> Any:
        if self.names is not None:
            bits = self.names.indices(value, field)
        else:
            if not isinstance(value, list) or not all(is_int(b) and 0 <= b < self.size for b in value):
                wrong(field, f"a list of numbers 0 to {self.size - 1}", value)
            bits = value
        if len(set(bits)) != len(bits):
            repeated(field, value, self.words)
        return sum(1 << b for b in bits)

    def schema(self, like: Any) -> dict[str, Any]:
        items = (
            name_schema(self.names)
            if self.names
            else {"type": "integer", "minimum": 0, "maximum": self.size - 1}
        )
        return {"type": "array", "items": items, "uniqueItems": True}


class Field:
    """State attribute ``attr`` at ``key`` of a section: ``"top"``, ``"flow"``, ``"hidden"``
    (one value), ``"players"`` (a list with one entry per player, written into each player's
    object) or ``"areas"`` (one entry per named area, written into each area's object)."""

    __slots__ = ("attr", "codec", "key", "section")

    def __init__(self, attr: str, section: str, key: str | None = None, codec: Codec = RAW) -> None:
        self.attr, self.section, self.key, self.codec = attr, section, key or attr, codec


def write_fields(state: Any, fields: Sequence[Field], out: dict[str, Any], areas: Names) -> None:
    for f in fields:
        value = getattr(state, f.attr)
        if f.section == "players":
            for i, v in enumerate(value):
                out["players"][i][f.key] = f.codec.enc(v)
        elif f.section == "areas":
            section = out.setdefault("areas", {})
            for i, v in enumerate(value):
                if i < len(areas.names):
                    section.setdefault(areas.names[i], {})[f.key] = f.codec.enc(v)
        elif f.section == "top":
            out[f.key] = f.codec.enc(value)
        else:
            out.setdefault(f.section, {})[f.key] = f.codec.enc(value)


def read_fields(
    state: Any,
    fields: Sequence[Field],
    top: Reader,
    players: Sequence[Reader],
    areas: Mapping[str, Reader],
    area_names: Names,
    sections: Mapping[str, Reader],
) -> None:
    """Set the attributes of ``fields`` on ``state`` (a fresh game of the same options, whose
    values give the shapes) from the position; a field left out keeps the fresh game's value."""
    for f in fields:
        fresh = getattr(state, f.attr)
        if f.section == "players":
            value = list(fresh)
            for i, r in enumerate(players[: len(value)]):
                if r.has(f.key):
                    value[i] = f.codec.dec(r.raw(f.key), r.path(f.key), fresh[i])
                else:
                    r.seen.add(f.key)
            setattr(state, f.attr, value)
        elif f.section == "areas":
            value = list(fresh)
            for name, r in areas.items():
                i = area_names.index_of[name]
                if i < len(value) and r.has(f.key):
                    value[i] = f.codec.dec(r.raw(f.key), r.path(f.key), fresh[i])
            setattr(state, f.attr, value)
        else:
            reader = top if f.section == "top" else sections[f.section]
            if reader.has(f.key):
                setattr(state, f.attr, f.codec.dec(reader.raw(f.key), reader.path(f.key), fresh))


def fields_schema(fields: Sequence[Field], fresh: Any) -> dict[str, dict[str, Any]]:
    """The schemas of ``fields`` by section (``{"players": {key: schema}, "top": ..., ...}``);
    ``fresh`` is a state of the game whose values give the shapes."""
    out: dict[str, dict[str, Any]] = {}
    for f in fields:
        like = getattr(fresh, f.attr)
        if f.section in ("players", "areas"):
            like = like[0] if len(like) else 0
        out.setdefault(f.section, {})[f.key] = f.codec.schema(like)
    return out


def object_schema(
    properties: Mapping[str, Any], required: Sequence[str] = (), **extra: Any
) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": dict(properties),
        "required": list(required),
        "additionalProperties": False,
        **extra,
    }


def player_path(index: int, player: Any) -> str:
    """Where a player's object lies in a position, for messages: ``players.Anna`` (``players.red``)
    by the name or colour the file gives it, so a person finds it without counting from 0."""
    name = (player.get("name") or player.get("colour")) if isinstance(player, Mapping) else None
    if isinstance(name, str) and name and len(name) <= 40:
        return f"players.{name}"
    return f"players.{index + 1}"


def seat_namer(position: Any) -> Callable[[int], str | None]:
    """Names a seat as ``position`` names its player (``name``, else ``colour``), for a refusal of
    :func:`load` (never the seat's number: a person reads it)."""

    def name(seat: int) -> str | None:
        if not isinstance(position, Mapping) or not isinstance(position.get("players"), list):
            return None
        names = player_names(position)
        return names[seat] if 0 <= seat < len(names) else None

    return name


def player_words(names: Sequence[str], catalogue: Mapping[str, Mapping[str, str]], lang: str) -> list[str]:
    """Each player of a position (``names``: :func:`player_names`) as a person reads it in ``lang``:
    a colour the game's ``catalogue`` knows by its word ("blue" → "Blau"), the default "Player 1",
    … by the seat's colour where the game has one (as the lobby names it), any other name as
    written. The command line's tables said "red" and "Player 1" in German."""
    from feldherr.core.i18n import term

    out = []
    for seat, name in enumerate(names):
        if name in catalogue:
            out.append(term(catalogue, name, lang))
        elif name == f"Player {seat + 1}" and f"colour.{seat}" in catalogue:
            out.append(term(catalogue, f"colour.{seat}", lang))
        else:
            out.append(name)
    return out


def player_names(position: Mapping[str, Any]) -> list[str]:
    """The players of a position as it names them (``name``, else ``colour``), in seat order."""
    out = []
    for i, player in enumerate(position.get("players", ())):
        name = player.get("name") or player.get("colour") if isinstance(player, Mapping) else None
        out.append(name if isinstance(name, str) else f"Player {i + 1}")
    return out
