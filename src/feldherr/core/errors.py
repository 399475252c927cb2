"""Typed rule errors.

Every rejected move raises a subclass of :class:`RuleError`. The error names the rule it rests on
(``rule``: a stable identifier such as ``"wallenstein.combat.leave-one"``) and says in words what was
wrong. Raising one never changes the state: engines validate a move completely before they touch
anything.
"""

from __future__ import annotations


class RuleError(Exception):
    """A move was rejected. ``rule`` names the rule; ``str(err)`` explains it."""

    code = "illegal"

    def __init__(self, message: str, rule: str = "", **details: object) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.details = details

    def to_json(self) -> dict[str, object]:
        return {"error": self.code, "rule": self.rule, "message": self.message}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}" if self.rule else self.message


class MalformedMoveError(RuleError):
    """The move could not be read at all (bad JSON, unknown kind, wrong arity)."""

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


class OptionError(ValueError):
    """Game options (player count, seats, variants) are invalid."""


class RecordError(ValueError):
    """A game record is inconsistent: it does not replay, or its digest differs."""
