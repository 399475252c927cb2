"""Snapshots: a match's state as JSON every N moves, so a restart need not replay a long game.

A snapshot holds the complete state (``state.to_json()``, log and generator included) and the log
marks that :class:`~feldherr.core.match.Match` keeps per version (so log deltas still work for
versions before the snapshot). Resuming rebuilds the match from it and applies only the moves
after it. The core's Match has no public constructor for this yet, so this module sets its fields
itself; the checks below refuse a snapshot that does not fit (the caller then replays the record).
"""

from __future__ import annotations

from typing import Any

from feldherr.core.game import Game, canonical_json
from feldherr.core.match import Match
from feldherr.core.record import GameRecord, check_engine


def take(match: Match) -> dict[str, Any]:
    """The snapshot of ``match`` now."""
    return {"state": match._state.to_json(), "marks": list(match._marks)}


def resume(game: Game, record: GameRecord, version: int, data: dict[str, Any]) -> Match:
    """The match of ``record`` rebuilt from a snapshot taken after ``version`` of its moves;
    ValueError (or the game's own error) if the snapshot does not fit the record."""
    check_engine(game, record)
    if not 0 < version <= len(record.moves):
        raise ValueError(f"snapshot at {version} does not fit a record of {len(record.moves)} moves")
    state = game.state_from_json(data["state"])
    marks = [int(m) for m in data["marks"]]
    if len(marks) != state.version + 1 or len(state.log) != marks[-1]:
        raise ValueError("snapshot marks do not fit its state")
    match = Match.__new__(Match)
    match.game = game
    match._state = state
    match._marks = marks
    match._last = {}
    done = record.moves[:version]
    for index, (seat, move_json) in enumerate(done):
        match._last[seat] = (index, canonical_json(move_json))
    match.record = GameRecord(
        game=record.game,
        options=dict(record.options),
        seed=record.seed,
        moves=list(done),
        engine=game.engine_version,
    )
    for seat, move_json in record.moves[version:]:
        match.submit(seat, move_json)
    return match
