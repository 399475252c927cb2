"""One game of a batch: what a worker needs (:class:`Job`) and what it returns (:class:`GameSummary`).

Kept apart from :mod:`feldherr.sim.batch` so that the backends, which run these in workers, and the
batch, which chooses a backend, do not import each other.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from feldherr.core.bots import Bot
from feldherr.core.game import Game, canonical_digest, drive
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord
from feldherr.core.rng import seed_for_game


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play any game of a batch (picklable)."""

    game_cls: type[Game]
    options: dict[str, Any]
    seed: int
    bots: tuple[str, ...]
    records_dir: str | None = None
    name_width: int = 5
    position: dict[str, Any] | None = None
    """Play every game on from this position (``Game.from_position``) instead of a new game."""


@dataclass(frozen=True)
class GameSummary:
    """The result of one game of a batch."""

    index: int
    seed: int
    scores: tuple[float, ...]
    win_shares: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    record_digest: str


_GAME_CACHE: dict[type[Game], Game] = {}


def record_path(records_dir: str | os.PathLike[str], index: int, width: int = 5) -> Path:
    """Where game ``index`` of a batch is written by ``records_dir``."""
    return Path(records_dir) / f"game-{index:0{width}d}.json"


def play_one(job: Job, index: int) -> GameSummary:
    """Play game ``index`` of the batch described by ``job``."""
    game = _GAME_CACHE.get(job.game_cls)
    if game is None:
        game = _GAME_CACHE[job.game_cls] = job.game_cls()
    seed = seed_for_game(job.seed, index)
    bots = make_bots(game, job.bots, seed)
    if job.position is not None:
        return _play_from_position(game, job, index, seed, bots)
    record, state, decisions = play_game(game, job.options, seed, bots)
    if job.records_dir is not None:
        path = record_path(job.records_dir, index, job.name_width)
        path.write_text(json.dumps(record.to_json(), ensure_ascii=False) + "\n", encoding="utf-8")
    outcome = state.outcome()
    return GameSummary(
        index=index,
        seed=seed,
        scores=tuple(outcome.scores),
        win_shares=outcome.win_shares,
        winners=tuple(outcome.winners),
        decisions=decisions,
        record_digest=record.digest(),
    )


def for_simulation(position: Mapping[str, Any]) -> dict[str, Any]:
    """``position`` without its generator: each game of a batch draws its own dice and towers
    from its seed (the deck orders the position gives stay as given)."""
    out = dict(position)
    hidden = out.get("hidden")
    if isinstance(hidden, Mapping):
        out["hidden"] = {k: v for k, v in hidden.items() if k != "generator"}
    return out


def _play_from_position(game: Game, job: Job, index: int, seed: int, bots: list[Bot]) -> GameSummary:
    position = job.position
    assert position is not None
    start = for_simulation(position)
    state = game.from_position(start, seed)
    options = dict(state.options)
    moves: list[Any] = []
    decisions = drive(state, bots, lambda seat, move: moves.append([seat, game.move_to_json(move)]))
    outcome = state.outcome()
    digest = canonical_digest({"position": position, "seed": seed, "moves": moves, "final": state.digest()})
    if job.records_dir is not None:  # the record starts from the position as this game set it up
        record = GameRecord(
            game=game.name,
            options=options,
            seed=seed,
            moves=[(seat, move) for seat, move in moves],
            final_digest=state.digest(),
            engine=game.engine_version,
            position=start,
        )
        path = record_path(job.records_dir, index, job.name_width)
        path.write_text(json.dumps(record.to_json(), ensure_ascii=False) + "\n", encoding="utf-8")
    return GameSummary(
        index=index,
        seed=seed,
        scores=tuple(outcome.scores),
        win_shares=outcome.win_shares,
        winners=tuple(outcome.winners),
        decisions=decisions,
        record_digest=digest,
    )
