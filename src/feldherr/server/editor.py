"""The words of the analysis board's position editor (``GET /api/positions/form/{game}``): the game's
position schema (the form is generated from it), the labels of its fields and their help words from
the game's ``position_fields.json`` catalogue, and the printed names of the things a field names
(Wallenstein's colours, El Grande's areas and action cards, Mansfeld's characters), all in the
reader's language, so that the form shows no key, no snake_case and no JSON."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from importlib import import_module, resources
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.game import Game
from feldherr.core.i18n import FIELD_TERMS, term
from feldherr.games import get_game
from feldherr.server.lobby import option_words
from feldherr.server.protocol import ServerError, get_str, part, read_json, unknown_game


@functools.cache
def _help_words(name: str) -> dict[str, dict[str, str]]:
    """The help words (``"_help"``) of the game's ``position_fields.json``: what a field means, in a
    sentence, for the fields the editor shows. A game without the file or the section has none.
    Read once per game (the form of every request reads it)."""
    try:
        text = resources.files(f"feldherr.{name}").joinpath("data", "position_fields.json").read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {}
    data = json.loads(text)
    return dict(data.get("_help", {}))


FIELD_NAMES = {"buildings": "b.", "open_events": "ev.", "current_event": "ev."}
"""The catalogue's prefix of the printed names of what a field names where the value alone does not
say (Wallenstein's buildings, ``"palace"`` "Palast", and event cards by their printed numbers,
``"7"`` "„Steuern höchstens 5 Taler“ …")."""


def _enum_values(node: Any, out: dict[str, set[str]], field: str = "") -> None:
    """Every text an ``enum`` of the schema lists (names of counties, regions, cards, colours), by
    the field that lists it."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "enum" and isinstance(value, list):
                out.setdefault(field, set()).update(v for v in value if isinstance(v, str))
            else:
                _enum_values(value, out, key if key not in ("properties", "items", "anyOf") else field)
    elif isinstance(node, list):
        for value in node:
            _enum_values(value, out, field)


def _game_with_positions(name: str) -> tuple[Game, dict[str, Any]]:
    """The game ``name`` and its position schema; ``server.unknown-game`` where there is no such
    game or it has no positions."""
    try:
        game = get_game(name)
        return game, game.position_schema()
    except (ValueError, NotImplementedError) as exc:
        raise unknown_game() from exc


def position_form(
    name: str, lang: str, players: int | None = None, options: str | None = None
) -> dict[str, Any]:
    """The schema and the words of the editor's form for game ``name`` in ``lang``: ``fields`` (each
    field's label), ``help`` (a sentence for some), ``names`` (a thing's printed name by the value a
    position writes: ``"red"`` is "Red" / "Rot", ``"France"`` "Frankreich", ``"trossbube"``
    "Trossbube"; a printed name the position writes as printed, a county, is itself) and
    ``colours`` (the seats' colours, for players a position leaves unnamed, "Player 2"); with
    ``players``, ``start``: a new game's start for that many players (:func:`start_position`);
    ``choices``: what the form offers where the schema alone does not say (El Grande's mobile
    scoreboards by their printed values, its modifier cards by their values and abilities; with
    ``options``, the JSON text of the options of the position edited, the action cards each stack
    may show open)."""
    game, schema = _game_with_positions(name)
    catalogue = game.messages()
    fields = {key[len("pos.field.") :]: term(FIELD_TERMS, key, lang) for key in FIELD_TERMS}
    for key in catalogue:
        if key.startswith("pos.field."):
            fields[key[len("pos.field.") :]] = term(catalogue, key, lang)
    by_field: dict[str, set[str]] = {}
    _enum_values(schema, by_field)
    names: dict[str, str] = {}
    for field, values in sorted(by_field.items()):
        for value in sorted(values):
            keys = [f"area.{value}", f"card.{value}"]
            if field == "colour":
                keys.append(value)
            if field in FIELD_NAMES:
                keys.insert(0, FIELD_NAMES[field] + value)
            for key in keys:
                if key in catalogue and (value not in names or field in FIELD_NAMES):
                    names[value] = term(catalogue, key, lang)
                    break
    colours: list[str] = []
    while f"colour.{len(colours)}" in catalogue:
        colours.append(term(catalogue, f"colour.{len(colours)}", lang))
    helps = {key: words.get(lang) or words.get("en", "") for key, words in _help_words(name).items()}
    # El Grande's neutral player of the two-player game: named "Dummy" in a position, shown as the
    # game shows it ("Gelb (neutral)": its colour with the catalogue's "neutral")
    try:
        module = import_module(f"{type(game).__module__.rsplit('.', 1)[0]}.position")
    except ImportError:  # a game whose positions live elsewhere: no neutral player to name
        module = None
    dummy = getattr(module, "DUMMY_NAME", None)
    choose = getattr(module, "editor_choices", None)
    choices = choose(game, _options(game, options), lang) if choose else {}
    neutral = None
    if dummy and "neutral" in catalogue:
        neutral = {"name": dummy, "words": term(catalogue, "neutral", lang)}
    out: dict[str, Any] = {
        "game": name,
        "title": game.title,
        "schema": schema,
        "fields": fields,
        "help": helps,
        "names": names,
        "colours": colours,
        "neutral": neutral,
        "choices": choices,
    }
    if players is not None:
        if not game.min_players <= players <= game.max_players:
            raise ServerError(
                "server.field",
                field="players",
                wanted=f"{game.min_players}-{game.max_players}",
                wanted_de=f"{game.min_players}–{game.max_players}",
            )
        out["start"] = start_position(name, {"players": players})
    return out


def _options(game: Game, text: str | None) -> dict[str, Any] | None:
    """The options of the position edited (``options``, JSON text), normalised (:func:`_normal`)."""
    if text is None:
        return None
    try:  # the one JSON reader: deep nesting, NaN, a lone surrogate are no options either
        options = read_json(text)
    except ServerError:
        options = None
    return _normal(game, options)


def _normal(game: Game, options: Any) -> dict[str, Any]:
    """``options`` normalised, refused as a game of those options would be (``server.options``, in
    the lobby's words for the options)."""
    if not isinstance(options, dict):
        raise ServerError("server.options", 422, "bad-options", **part("message", "part.options-object"))
    try:
        return game.normalize_options(options)
    except (OptionError, ValueError, TypeError) as exc:
        raise ServerError("server.options", 422, "bad-options", **option_words(game, exc, options)) from exc


def start_position(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A new game's start with ``options`` (normalised), as a position without its hidden parts:
    the table a teacher sets up from when no game is shown."""
    game = get_game(name)
    state = game.new_state(dict(options), seed=0)
    position = game.position(state)
    position.pop("hidden", None)
    return position


def start_from_options(data: Any) -> dict[str, Any]:
    """``{"game", "options"}`` (``POST /api/positions/start``, the lobby's "Set up a position"): the
    start of a new game of the lobby's choice as a position, refused as a game of those options
    would be (``server.options``, in the lobby's words for the options)."""
    if not isinstance(data, dict):
        raise ServerError("server.field", field="body", wanted="a JSON object", wanted_de="ein JSON-Objekt")
    name = get_str(data, "game", 64)
    game, _ = _game_with_positions(name)
    return start_position(name, _normal(game, data.get("options", {})))
