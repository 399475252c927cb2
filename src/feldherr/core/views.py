"""The envelope every seat's view shares, whatever the game.

``state.view(seat)`` returns a JSON-ready dict::

    {"schema": "feldherr.view/1", "game": "mansfeld", "seat": 0, "version": 12,
     "phase": "recruit", "to_move": [0, 2], "players": [{...}, ...],
     "decision": {"seat": 0, "moves": [[...], ...]} | None,
     ...the game's own keys...}

``version`` counts the decisions applied so far (a client sends it back with its move); ``players``
holds one public record per seat (the seat's own secrets may be added to its own record);
``decision`` is the viewing seat's pending decision with its legal moves as JSON, or ``None``.
The log is not part of the view: :class:`feldherr.core.match.Match` hands each seat the log
entries it may read as deltas. A JSON Schema per game (``Game.view_schema()``) describes the rest,
and :func:`validate_view` checks a view against it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol


class _Game(Protocol):
    """What the envelope needs of a game (a :class:`feldherr.core.game.Game`)."""

    @property
    def name(self) -> str: ...

    def move_to_json(self, move: Any) -> Any: ...


class _State(Protocol):
    """What the envelope needs of a position (a :class:`feldherr.core.game.State`)."""

    version: int

    def to_move(self) -> tuple[int, ...]: ...

    def legal_moves(self, seat: int) -> list[Any]: ...


SCHEMA = "feldherr.view/1"
ENVELOPE_KEYS = ("schema", "game", "seat", "version", "phase", "to_move", "players", "decision")


def envelope(
    game: _Game,
    state: _State,
    seat: int | None,
    phase: str,
    players: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The common part of a view; a game adds its own keys to the returned dict."""
    to_move = list(state.to_move())
    decision = None
    if seat is not None and seat in to_move:
        to_json = game.move_to_json
        decision = {"seat": seat, "moves": [to_json(m) for m in state.legal_moves(seat)]}
    return {
        "schema": SCHEMA,
        "game": game.name,
        "seat": seat,
        "version": state.version,
        "phase": phase,
        "to_move": to_move,
        "players": [dict(p) for p in players],
        "decision": decision,
    }


ENVELOPE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": list(ENVELOPE_KEYS),
    "properties": {
        "schema": {"const": SCHEMA},
        "game": {"type": "string"},
        "seat": {"type": ["integer", "null"], "minimum": 0},
        "version": {"type": "integer", "minimum": 0},
        "phase": {"type": "string"},
        "to_move": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "players": {"type": "array", "items": {"type": "object"}},
        "decision": {
            "oneOf": [
                {"type": "null"},
                {
                    "type": "object",
                    "required": ["seat", "moves"],
                    "properties": {"seat": {"type": "integer"}, "moves": {"type": "array"}},
                },
            ]
        },
    },
}


def view_schema(game_properties: Mapping[str, Any], required: Iterable[str] = ()) -> dict[str, Any]:
    """A game's whole view schema: the envelope plus the game's own properties."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": [*ENVELOPE_KEYS, *required],
        "properties": {**ENVELOPE_SCHEMA["properties"], **game_properties},
    }
    return schema


def validate_view(view: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
    """Raise ``jsonschema.ValidationError`` if ``view`` does not fit ``schema`` (needs the
    ``jsonschema`` package, a test dependency). The schema itself is checked once, then cached."""
    import jsonschema

    key = json.dumps(schema, sort_keys=True)
    validator = _VALIDATORS.get(key)
    if validator is None:
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(dict(schema))
        validator = _VALIDATORS[key] = cls(schema)
    error = jsonschema.exceptions.best_match(validator.iter_errors(view))
    if error is not None:
        raise error


_VALIDATORS: dict[str, Any] = {}
