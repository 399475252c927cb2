"""Driving a game with bots: the loop shared by simulate, bench, tournaments and tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from feldherr.core.bots import Bot, RandomBot
from feldherr.core.errors import OptionError
from feldherr.core.game import MAX_DECISIONS, Game, State, drive
from feldherr.core.match import Match
from feldherr.core.record import GameRecord
from feldherr.core.rng import Rng

BotSpec = str


def bot_table(game: Game) -> dict[str, Callable[[int], Bot]]:
    """Every bot name the game offers (``random`` always), each with its factory."""
    table: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
    table.update(game.bots())
    return table


def make_bots(game: Game, specs: Sequence[BotSpec], seed: int) -> list[Bot]:
    """Bots by name, each with its own generator derived from ``seed`` and its seat."""
    table = bot_table(game)
    bots: list[Bot] = []
    for spec, bot_seed in zip(specs, bot_seeds(seed, len(specs)), strict=True):
        if spec not in table:
            known = ", ".join(sorted(table))
            raise OptionError(f"unknown bot {spec[:60]!r} for {game.name} (known: {known})")
        bots.append(table[spec](bot_seed))
    return bots


def bot_seeds(seed: int, count: int) -> list[int]:
    """The seeds :func:`make_bots` gives the bots of seats ``0..count-1`` for game seed ``seed``
    (for :meth:`~feldherr.core.game.State.random_playout`: the same games as random bots)."""
    rng = Rng(seed ^ 0x5EED)
    return [rng.derive(seat) for seat in range(count)]


def play_game(
    game: Game,
    options: Mapping[str, Any],
    seed: int,
    bots: Sequence[Bot],
    record_moves: bool = True,
    max_decisions: int = MAX_DECISIONS,
) -> tuple[GameRecord, State, int]:
    """Play one game to the end; returns (record, final state, number of decisions).

    With ``record_moves`` the game runs in a :class:`~feldherr.core.match.Match` (the loop the
    terminal and the server use); without, straight through :func:`~feldherr.core.game.drive`."""
    if record_moves:
        match = Match(game, options, seed)
        decisions = match.run(bots, max_decisions)
        record = match.finish_record()
        return record, match._state, decisions
    opts = game.normalize_options(options)
    state = game.new_state(opts, seed)
    decisions = drive(state, bots, None, max_decisions)
    return GameRecord(game=game.name, options=opts, seed=seed, engine=game.engine_version), state, decisions
