"""Typed rule errors: one family for every unreadable or illegal input, in every game.

Every rejected move raises a subclass of :class:`RuleError`. The error names the rule it rests on
(``rule``: a stable identifier such as ``"wallenstein.combat.leave-one"``) and carries the message's
arguments (``details``). ``str(err)`` is the English message written where the error was raised;
:func:`feldherr.core.i18n.error_text` renders it in German or English from the game's locale data,
keyed by the rule id. Raising one never changes the state: engines validate a move completely
before they touch anything.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


class RuleError(Exception):
    """A move was rejected. ``rule`` names the rule; ``details`` are the message's arguments."""

    code = "illegal"

    def __init__(self, message: str, rule: str = "", **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.details = details

    def to_json(self) -> dict[str, Any]:
        return {
            "error": self.code,
            "rule": self.rule,
            "message": self.message,
            "details": _plain(self.details),
        }

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}" if self.rule else self.message


def _plain(details: dict[str, Any]) -> dict[str, Any]:
    """JSON-safe message arguments (anything unusual as a short text)."""
    out: dict[str, Any] = {}
    for key, value in details.items():
        if value is None or isinstance(value, bool | int | str):
            out[key] = value if not isinstance(value, str) else clip(value)
        else:
            out[key] = shown(value)
    return out


def clip(text: str, limit: int = 200) -> str:
    """``text`` cut to ``limit`` characters (input echoed back in errors is bounded)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: Any, limit: int = 200) -> str:
    """A bounded ``repr`` of input to echo in an error: safe for huge and deeply nested values."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or an int too long to print
        text = f"<{type(value).__name__} too large to show>"
    return clip(text, limit)


def shown_json(value: Any, limit: int = 200) -> str:
    """A bounded echo of input (a move, its part, a value) in the codecs' notation, JSON text
    (``["move", "Anhalt", 3]``, ``"fly"``, ``null``, ``true``; a tuple as a list): what a client
    sends, never a Python literal (a tuple's parentheses, ``None``, a text in single quotes). What
    JSON cannot write (a set, an object) by its bounded ``repr``."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # not JSON at all (a Python caller's object)
        return shown(value, limit)
    return clip(text, limit)


def shown_move(move: Any, to_json: Callable[[Any], Any]) -> str:
    """A move in its codec's notation, the JSON form ``to_json`` writes (areas, counties, boxes by
    name), for a refusal's developer message; a move the codec cannot write as the JSON of its
    parts (:func:`shown_json`: never a Python literal)."""
    try:
        return shown_json(to_json(move))
    except (KeyError, IndexError, TypeError, ValueError):
        return shown_json(move)


class JsonConstantError(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a text read as JSON: Python's reader takes them,
    JSON has no such number (no browser writes them, and a value read from them was shown back as
    "NaN" in words)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is not a JSON number")
        self.name = name


def no_json_constant(name: str) -> Any:
    """``json.loads(text, parse_constant=no_json_constant)``: :class:`JsonConstantError` (a
    ValueError, so a reader's own handling of text that is not JSON takes it) for each of them."""
    raise JsonConstantError(name)


class MalformedMoveError(RuleError):
    """The move could not be read at all (bad JSON, unknown kind, wrong arity, wrong types)."""

    code = "malformed"


class NotYourTurnError(RuleError):
    """The seat has no decision to make now, or the seat does not exist."""

    code = "not-your-turn"


class WrongPhaseError(RuleError):
    """The kind of move does not belong to the current phase."""

    code = "wrong-phase"


class IllegalMoveError(RuleError):
    """The move is well formed and timely but the rules forbid it."""

    code = "illegal"


class UnaffordableError(IllegalMoveError):
    """The player cannot pay what the move costs."""

    code = "unaffordable"


class NotOwnedError(IllegalMoveError):
    """The move uses a county, card or piece the player does not own."""

    code = "not-owned"


class GameOverError(RuleError):
    """The game has ended; no move is accepted."""

    code = "game-over"


class StaleMoveError(RuleError):
    """A submission was made against an older version of the game (a retry, or a race)."""

    code = "stale"


class UndoError(RuleError):
    """A move cannot be taken back (:meth:`feldherr.core.match.Match.undo`): none of the seat's
    is the last one, another seat has moved since, it drew chance or told someone something hidden,
    or the game does not let this kind of move be taken back. ``rule`` names which."""

    code = "undo"


class PositionError(RuleError):
    """A position (:meth:`feldherr.core.game.Game.from_position`) cannot be set up: a field is
    missing or of the wrong type, a name is unknown, or the table breaks a rule of the game (pieces
    not conserved, a card in two places, the phase's requirements unmet). ``rule`` names the rule."""

    code = "position"


class PositionUnsupportedError(PositionError, NotImplementedError):
    """The game has no position format."""

    code = "position-unsupported"


class OptionError(ValueError):
    """Game options (player count, seats, variants) are invalid. ``option`` names the option;
    ``text`` (optional) the message in each language ({"en": ..., "de": ...}) for a person who chose
    the options in a form (the server shows it in the reader's language)."""

    def __init__(
        self,
        message: str,
        option: str = "",
        text: dict[str, str] | None = None,
        typed: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.option = option
        self.text = dict(text or {})
        self.typed = dict(typed or {})
        """The message in each language for a person who typed the value (a command line): it may
        quote what was typed and name a parameter as typed, which a form's words never do."""
        self.generic = False
        """True where :attr:`text` holds the core's words for a declared option
        (:func:`feldherr.core.options.refusal_words`: the option by its title, its choices by
        their labels), not the game's own: a command line may say it as typed instead (the flag,
        the value as given)."""

    def said(self, lang: str) -> str | None:
        """The words for a person who typed the options, in ``lang``: :attr:`typed`, else
        :attr:`text`; None where the error has none in that language."""
        return self.typed.get(lang) or self.text.get(lang) or None


class RecordError(ValueError):
    """A game record is inconsistent: it does not replay, its digest differs, or it was written by
    an incompatible engine version. ``str()`` is the English message for programs; ``text`` the
    message in other languages (``{"de": ...}``) for a person, who reads it through :meth:`said`."""

    def __init__(self, message: str, text: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.text = dict(text or {})

    def said(self, lang: str) -> str:
        """The message in ``lang`` (English where the error has no words in it)."""
        return self.text.get(lang) or str(self)
