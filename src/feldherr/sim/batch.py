"""Batch simulation: many bot games, in parallel, with results that do not depend on the job count.

Game ``i`` of a batch always uses the seed :func:`~feldherr.core.rng.seed_for_game` ``(seed, i)``
and results are gathered in game order, so the same arguments give the same
:meth:`SimulationResult.to_json` for one process, many processes or a Ray cluster.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from feldherr.core.commandline import write_problem
from feldherr.core.errors import OptionError, clip
from feldherr.core.game import Game
from feldherr.core.progress import progress_bar
from feldherr.core.validate import check_seed
from feldherr.sim.backends import RayBackend, connect_ray, get_backend
from feldherr.sim.jobs import GameSummary, Job, for_simulation, play_one, record_path
from feldherr.sim.setup import parse_seats, prepare_options, resolve_game

__all__ = ["GameSummary", "Job", "SimulationResult", "play_one", "record_path", "simulate", "summarize"]

MAX_JOBS = 1024
"""More worker processes than this are a typing error, not a plan."""


def prepare_records_dir(path: Path) -> None:
    """Create the records folder, or refuse (OptionError) before any game is played: a file in the
    way, a folder that cannot be created, or one that cannot be written."""
    shown = clip(str(path), 120)
    if path.exists() and not path.is_dir():
        raise OptionError(
            f"the records folder {shown} is a file, not a folder",
            typed={"de": f"der Ordner für die Aufzeichnungen {shown} ist eine Datei, kein Ordner"},
        )
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".feldherr-write-test-{os.getpid()}"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except (OSError, ValueError) as exc:
        raise OptionError(
            f"cannot write game records into {shown}: {write_problem(exc)}",
            typed={
                "de": f"in {shown} lassen sich keine Aufzeichnungen schreiben: {write_problem(exc, 'de')}"
            },
        ) from exc


@dataclass
class SimulationResult:
    """Totals of a batch. :meth:`to_json` holds only what the arguments determine (no timings).

    ``per_game`` lists one :class:`GameSummary` per game when ``simulate(..., keep_games=True)``.
    """

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    games: int
    seed: int
    wins: list[float]
    mean_score: list[float]
    mean_decisions: float
    digest: str
    win_sq: list[float] = field(default_factory=list, repr=False)
    seconds: float = 0.0
    per_game: list[GameSummary] = field(default_factory=list, repr=False)

    @property
    def win_rate(self) -> list[float]:
        return [w / self.games for w in self.wins]

    @property
    def win_rate_stderr(self) -> list[float]:
        """Standard error of each seat's win rate (a tie counts as its share); ×1.96 for 95 %."""
        n = self.games
        if n < 2 or not self.win_sq:
            return [0.0] * self.players
        out = []
        for rate, sq in zip(self.win_rate, self.win_sq, strict=True):
            variance = max(0.0, (sq / n - rate * rate) * n / (n - 1))
            out.append(math.sqrt(variance / n))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "wins": [round(w, 9) for w in self.wins],
            "win_rate": [round(r, 9) for r in self.win_rate],
            "win_rate_stderr": [round(e, 9) for e in self.win_rate_stderr],
            "mean_score": [round(s, 9) for s in self.mean_score],
            "mean_decisions": round(self.mean_decisions, 9),
            "digest": self.digest,
        }


class Totals:
    """Running totals over per-game summaries fed in game order (constant memory).

    The digest is streamed: it equals ``canonical_digest([record digests])``, which is what
    :func:`feldherr.core.record.records_digest` computes over the full records (tested).
    """

    def __init__(self, players: int, keep_games: bool = False) -> None:
        self.games = 0
        self.wins = [0.0] * players
        self.win_sq = [0.0] * players
        self.score_sums = [0.0] * players
        self.decisions = 0
        self.kept: list[GameSummary] | None = [] if keep_games else None
        self._hash = hashlib.sha256(b"[")

    def add(self, summary: GameSummary) -> None:
        if self.games:
            self._hash.update(b",")
        self._hash.update(json.dumps(summary.record_digest).encode())
        self.games += 1
        for seat in range(len(self.wins)):
            share = summary.win_shares[seat]
            self.wins[seat] += share
            self.win_sq[seat] += share * share
            self.score_sums[seat] += summary.scores[seat]
        self.decisions += summary.decisions
        if self.kept is not None:
            self.kept.append(summary)

    def digest(self) -> str:
        final = self._hash.copy()
        final.update(b"]")
        return final.hexdigest()

    def result(self, game: str, options: dict[str, Any], bots: Sequence[str], seed: int) -> SimulationResult:
        count = self.games
        return SimulationResult(
            game=game,
            players=len(self.wins),
            options=options,
            bots=list(bots),
            games=count,
            seed=seed,
            wins=list(self.wins),
            mean_score=[v / count if count else 0.0 for v in self.score_sums],
            mean_decisions=self.decisions / count if count else 0.0,
            digest=self.digest(),
            win_sq=list(self.win_sq),
            per_game=list(self.kept or []),
        )


def summarize(
    game: str, options: dict[str, Any], bots: Sequence[str], seed: int, summaries: Sequence[GameSummary]
) -> SimulationResult:
    """Totals over per-game summaries given in game order (all kept in ``per_game``)."""
    totals = Totals(int(options["players"]), keep_games=True)
    for summary in summaries:
        totals.add(summary)
    return totals.result(game, options, bots, seed)


BAR_UNIT = {"en": ("games", "game"), "de": ("Partien", "Partie")}
"""What the progress bar counts (many, one), in the language of the command (``lang``)."""


def simulate(
    game: str | Game,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    bots: str | Sequence[str] | None = None,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: bool = False,
    backend: str = "local",
    records_dir: str | os.PathLike[str] | None = None,
    keep_games: bool = False,
    position: Mapping[str, Any] | None = None,
    ray: str | None = None,
    lang: str = "en",
) -> SimulationResult:
    """Play ``games`` bot games and total the results.

    ``bots``: one bot name per seat (a list or a comma-separated string; default ``random`` for
    every seat). ``jobs``: worker processes (``0``: all cores). ``backend``: ``"local"``
    (multiprocessing) or ``"ray"`` (``ray="auto"``). ``ray``: ``"auto"``, ``"local"`` or a cluster
    address: run the games on Ray there (:func:`~feldherr.sim.backends.connect_ray`).
    ``records_dir``: write each game record there as ``game-NNNNN.json``. ``progress``: a
    progress bar on standard error. ``keep_games``: keep one :class:`GameSummary` per game in
    ``per_game`` (off by default: totals need no memory per game). ``position``: play every game
    on from this position (docs/positions.md; the options and the player count are the
    position's, each game draws the hidden parts the position leaves out and its own generator
    from its seed); each record (``records_dir``) starts from the position (``GameRecord.position``)
    and replays like any other.
    Bad arguments raise :class:`~feldherr.core.errors.OptionError`.
    """
    the_game = resolve_game(game)
    seed = check_seed(seed)  # the games' seeds derive from it: -1 or 2^64 would alias another's
    if position is not None:
        start = the_game.from_position(for_simulation(position), seed)  # a bad position fails here
        if players is not None and players != start.num_players:
            raise OptionError(f"the position has {start.num_players} players, not {players}")
        players, options = start.num_players, start.options
    opts = prepare_options(the_game, players, options)
    seats = parse_seats(the_game, bots, opts["players"])
    if type(games) is not int or games < 1:
        raise OptionError(f"the number of games must be at least 1, not {games!r:.60}")
    if type(jobs) is not int or not 0 <= jobs <= MAX_JOBS:
        raise OptionError(f"the number of jobs must be 0 (all cores) to {MAX_JOBS}, not {jobs!r:.60}")
    runner = get_backend(backend, ray)
    if records_dir is not None:
        prepare_records_dir(Path(records_dir))
    job = Job(
        game_cls=type(the_game),
        options=opts,
        seed=seed,
        bots=tuple(seats),
        records_dir=None if records_dir is None else str(records_dir),
        name_width=max(5, len(str(games - 1))),
        position=None if position is None else dict(position),
    )
    if isinstance(runner, RayBackend):  # joined before the bar starts: a refusal is one line alone
        connect_ray(runner.address, jobs)
    started = time.perf_counter()
    totals = Totals(opts["players"], keep_games)
    many, one = BAR_UNIT.get(lang, BAR_UNIT["en"])
    bar = progress_bar(
        many=many, one=one, lang=lang, total=games, desc=the_game.title, file=sys.stderr, disable=not progress
    )
    try:
        for summary in runner.run(job, range(games), jobs):
            totals.add(summary)
            bar.update(1)
    finally:
        bar.close()
    result = totals.result(the_game.name, opts, seats, seed)
    result.seconds = time.perf_counter() - started
    return result
