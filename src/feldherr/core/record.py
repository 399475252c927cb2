"""Game records: (game, options, seed, moves) replays bit-exactly.

A record is JSON::

    {"game": "wallenstein", "options": {"players": 4}, "seed": 7,
     "moves": [[seat, move-json], ...], "final_digest": "<sha256 of the final state>"}

``final_digest`` is optional when writing by hand; when present, :func:`replay` checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from feldherr.core.errors import RecordError, RuleError
from feldherr.core.game import JSON, Game, State, canonical_digest


@dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    moves: list[tuple[int, JSON]] = field(default_factory=list)
    final_digest: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "moves": [[seat, mv] for seat, mv in self.moves],
        }
        if self.final_digest is not None:
            data["final_digest"] = self.final_digest
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        try:
            moves = [(int(seat), mv) for seat, mv in data["moves"]]
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options", {})),
                seed=int(data["seed"]),
                moves=moves,
                final_digest=data.get("final_digest"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"not a game record: {exc!r}") from exc

    def digest(self) -> str:
        return canonical_digest(self.to_json())


def replay(
    game: Game,
    record: GameRecord,
    on_move: Callable[[State, int, JSON], None] | None = None,
) -> State:
    """Re-execute a record and return the final state; raise :class:`RecordError` if inconsistent."""
    if record.game != game.name:
        raise RecordError(f"record is for {record.game!r}, not {game.name!r}")
    state = game.new_state(record.options, record.seed)
    for index, (seat, mv) in enumerate(record.moves):
        try:
            move = game.move_from_json(mv)
            state.apply(seat, move)
        except RuleError as err:
            raise RecordError(f"move {index} ({mv!r} by seat {seat}) is illegal: {err}") from err
        if on_move is not None:
            on_move(state, seat, mv)
    if record.final_digest is not None and state.digest() != record.final_digest:
        raise RecordError("the replayed final state differs from the record's final_digest")
    return state


def records_digest(records: Sequence[GameRecord]) -> str:
    """One hash over many records (in order)."""
    return canonical_digest([r.digest() for r in records])
