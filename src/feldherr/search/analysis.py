"""The analysis board: every legal move of one seat with the search's estimate.

:func:`analyse` runs a search bot's information-set MCTS (``medium``, ``hard`` or ``ismcts``, with
any budget: ``hard@5s``) for ``seat`` in a position and keeps, for each root move, the outcomes of
the iterations that began with it: the mean win share and the mean score of every seat, and a 95 %
interval for the analysed seat's win share. The search samples its worlds with
``determinize(seat, …)`` only (:class:`~feldherr.core.bots.SeatAccess`), so it knows exactly what
that seat knows: an analysis never reads another seat's secret.

Moves are ranked as the search ranks them: most visited first (the search spends its iterations on
the moves that look best), then the better mean. The first is the search's choice, not necessarily
the highest mean: the board (``analysis.js``) marks the others by their 95 % intervals against it
("about as good" where they overlap), see docs/web.md.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from feldherr.core.bots import SeatAccess
from feldherr.core.errors import NotYourTurnError, OptionError
from feldherr.core.game import Game, Move, Outcome, State
from feldherr.core.play import bot_factory
from feldherr.search.ismcts import SearchBot

DEFAULT_BOT = "hard"
Z95 = 1.96


@dataclass(frozen=True)
class MoveEstimate:
    """The search's estimate of one move (means over the iterations that began with it)."""

    move: Move
    visits: int
    win_share: tuple[float, ...]
    """Mean win share per seat (a shared win counts as its share)."""
    score: tuple[float, ...]
    """Mean final score per seat."""
    low: float
    high: float
    """95 % interval of the analysed seat's win share (Wilson's score interval)."""


@dataclass(frozen=True)
class Analysis:
    """An analysis of ``seat``'s decision: its legal moves, best first."""

    game: str
    seat: int
    bot: str
    iterations: int
    seconds: float
    moves: tuple[MoveEstimate, ...]

    def to_json(self, game: Game, view: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
        """JSON for people and programs: each move as the game says it (``text``, from the seat's
        view) and as its compact JSON (``move``)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "bot": self.bot,
            "iterations": self.iterations,
            "seconds": round(self.seconds, 3),
            "moves": [
                {
                    "move": game.move_to_json(m.move),
                    "text": game.describe_move(view, m.move, lang),
                    "visits": m.visits,
                    "win_share": [round(v, 4) for v in m.win_share],
                    "win_share_interval": [round(m.low, 4), round(m.high, 4)],
                    "score": [round(v, 3) for v in m.score],
                    "standing": mark,
                }
                for m, mark in zip(self.moves, standing(self.moves), strict=True)
            ],
        }


def standing(moves: tuple[MoveEstimate, ...] | list[MoveEstimate]) -> list[str | None]:
    """How each move stands against the search's choice (the first, most visited), by their 95 %
    intervals: ``"choice"``, ``"as_good"`` (the intervals overlap: the numbers cannot tell them
    apart, whichever mean is higher), ``"better"`` (its interval wholly above the choice's), None
    (wholly below, or not searched). The analysis board (``analysis.js``) marks them so."""
    if not moves or not moves[0].visits:
        return [None] * len(moves)
    choice = moves[0]
    out: list[str | None] = ["choice"]
    for m in moves[1:]:
        if not m.visits:
            out.append(None)
        elif m.low > choice.high:
            out.append("better")
        elif m.high >= choice.low:
            out.append("as_good")
        else:
            out.append(None)
    return out


def wilson(share: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a win rate ``share`` seen over ``n`` games (never of width 0)."""
    if n <= 0:
        return 0.0, 1.0
    factor = 1.0 + z * z / n
    centre = (share + z * z / (2 * n)) / factor
    half = z * math.sqrt(max(0.0, share * (1.0 - share)) / n + z * z / (4 * n * n)) / factor
    low = 0.0 if share <= 0.0 else max(0.0, centre - half)
    high = 1.0 if share >= 1.0 else min(1.0, centre + half)
    return low, high


def search_bot(game: Game, bot: str, seed: int) -> SearchBot:
    """The search bot named ``bot`` (``NAME`` or ``NAME@BUDGET``); OptionError for any other bot."""
    made = bot_factory(game, bot)(seed)
    if not isinstance(made, SearchBot):
        raise OptionError(f"an analysis needs a search bot (medium, hard or ismcts), not {bot[:60]!r}", "bot")
    return made


def analyse(
    game: Game,
    state: State,
    seat: int,
    bot: str = DEFAULT_BOT,
    seed: int = 0,
    on_iteration: Callable[[int], None] | None = None,
) -> Analysis:
    """Search ``seat``'s decision in ``state`` with ``bot`` and estimate every legal move.

    ``on_iteration(n)`` is called after each completed iteration with their number so far (a
    progress bar). A seat that owes no decision raises
    :class:`~feldherr.core.errors.NotYourTurnError`; a bot that does not search, OptionError."""
    searcher = search_bot(game, bot, seed)
    if type(seat) is not int or not 0 <= seat < state.num_players or seat not in state.to_move():
        raise NotYourTurnError(f"seat {seat} has no decision to make now", "core.turn", seat=seat)
    moves = state.legal_moves(seat)
    players = state.num_players
    totals: dict[Move, list[float]] = {m: [0.0] * (2 * players + 1) for m in moves}
    count = [0]

    def record(move: Move, outcome: Outcome) -> None:
        row = totals[move]
        shares = outcome.win_shares
        for s in range(players):
            row[s] += shares[s]
            row[players + s] += float(outcome.scores[s])
        row[2 * players] += 1.0
        count[0] += 1
        if on_iteration is not None:
            on_iteration(count[0])

    started = time.perf_counter()
    searcher.search(SeatAccess(state, seat), moves, record)
    seconds = time.perf_counter() - started
    estimates = []
    for index, move in enumerate(moves):
        row = totals[move]
        n = row[2 * players]
        if n:
            shares = tuple(row[s] / n for s in range(players))
            scores = tuple(row[players + s] / n for s in range(players))
            low, high = wilson(shares[seat], n)
        else:
            shares = scores = tuple(0.0 for _ in range(players))
            low, high = 0.0, 1.0
        estimate = MoveEstimate(move, int(n), shares, scores, low, high)
        estimates.append((index, estimate))
    estimates.sort(key=lambda pair: (-pair[1].visits, -pair[1].win_share[seat], pair[0]))
    return Analysis(game.name, seat, bot, count[0], seconds, tuple(e for _, e in estimates))
