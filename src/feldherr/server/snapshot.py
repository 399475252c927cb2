"""Snapshots: a match's state as JSON every N moves, so a restart need not replay a long game.

A snapshot (:meth:`~feldherr.core.match.Match.snapshot`) holds the complete state (log and
generator included) and the log marks the match keeps per version (so log deltas still work for
versions before the snapshot). Resuming rebuilds the match from it and applies only the moves
after it; a snapshot that does not fit is refused and the caller replays the record instead.
"""

from __future__ import annotations

from typing import Any

from feldherr.core.game import Game
from feldherr.core.match import Match
from feldherr.core.record import GameRecord


def take(match: Match) -> dict[str, Any]:
    """The snapshot of ``match`` now."""
    return match.snapshot()


def resume(game: Game, record: GameRecord, version: int, data: dict[str, Any]) -> Match:
    """The match of ``record`` rebuilt from a snapshot taken after ``version`` of its moves;
    ValueError (or the game's own error) if the snapshot does not fit the record."""
    return Match.from_snapshot(game, record, version, data)
