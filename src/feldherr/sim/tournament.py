"""Tournaments: bots against each other with rotated seats, win rates with confidence intervals,
and ratings.

The entrants are the bot specs given, one per seat (a name may appear more than once; repeated
entrants are told apart as ``heuristic``, ``heuristic#2``, ...). Games come in blocks of one deal
per player count: game ``i`` is deal ``i // n`` (seed :func:`~feldherr.core.rng.seed_for_game`
``(seed, i // n)``) with the entrants rotated by ``i % n`` seats, so every entrant plays every deal
from every seat and a lucky deal or seat favours nobody. Bot seeds come from the game seed and the
rotation (:func:`~feldherr.core.play.make_bots`).

Results are gathered in game order and the ratings updated in that order, so the same arguments
give the same :meth:`TournamentResult.to_json` on one core, on all cores and on Ray, provided the
bots are deterministic (iteration budgets, not time budgets; see :mod:`feldherr.search.budget`).

Ratings: OpenSkill's Plackett-Luce model (the ``openskill`` package, a maintained relative of
TrueSkill), one update per game in game order from the finishing order (the winners first, then
by score).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from feldherr.core.errors import OptionError
from feldherr.core.game import Game
from feldherr.core.i18n import format_text, percent
from feldherr.core.play import make_bots, play_game
from feldherr.core.progress import progress_bar
from feldherr.core.rng import seed_for_game
from feldherr.core.validate import check_seed
from feldherr.sim.backends import chunk_size, connect_ray, effective_jobs
from feldherr.sim.setup import parse_seats, prepare_options, resolve_game

Z95 = 1.959963984540054


@dataclass(frozen=True)
class TournamentJob:
    """Everything a worker needs to play any game of the tournament (picklable)."""

    game_cls: type[Game]
    options: dict[str, Any]
    seed: int
    entrants: tuple[str, ...]


@dataclass(frozen=True)
class TournamentGame:
    """One game's result, by entrant (not by seat)."""

    index: int
    seed: int
    seating: tuple[int, ...]
    """The entrant at each seat."""
    scores: tuple[float, ...]
    shares: tuple[float, ...]
    ranks: tuple[int, ...]
    """1 for the winners, then by score (equal scores share a rank)."""
    decisions: int
    record_digest: str


def seating(index: int, entrants: int) -> tuple[int, ...]:
    """The entrant at each seat in game ``index``: the list rotated by ``index % entrants``."""
    shift = index % entrants
    return tuple((seat + shift) % entrants for seat in range(entrants))


def game_seed(seed: int, index: int, entrants: int) -> int:
    """All rotations of one deal share its seed."""
    return seed_for_game(seed, index // entrants)


_GAMES: dict[type[Game], Game] = {}


def play_tournament_game(job: TournamentJob, index: int) -> TournamentGame:
    game = _GAMES.get(job.game_cls)
    if game is None:
        game = _GAMES[job.game_cls] = job.game_cls()
    n = len(job.entrants)
    seats = seating(index, n)
    seed = game_seed(job.seed, index, n)
    # Bot seeds differ per rotation (the index goes in), so a bot does not replay its own moves.
    bots = make_bots(game, [job.entrants[e] for e in seats], seed ^ index)
    record, state, decisions = play_game(game, job.options, seed, bots)
    outcome = state.outcome()
    scores = [0.0] * n
    shares = [0.0] * n
    ranks = [0] * n
    win = outcome.win_shares
    keys = [(win[s] > 0, outcome.scores[s]) for s in range(n)]
    for seat, entrant in enumerate(seats):
        scores[entrant] = float(outcome.scores[seat])
        shares[entrant] = win[seat]
        ranks[entrant] = 1 + sum(1 for k in keys if k > keys[seat])
    return TournamentGame(
        index, seed, seats, tuple(scores), tuple(shares), tuple(ranks), decisions, record.digest()
    )


# -- where the games run --------------------------------------------------------------------------
_WORKER_JOB: TournamentJob | None = None


def _init_worker(job: TournamentJob) -> None:
    global _WORKER_JOB
    _WORKER_JOB = job
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(index: int) -> TournamentGame:
    assert _WORKER_JOB is not None, "worker not initialised"
    return play_tournament_game(_WORKER_JOB, index)


def _play_chunk(job: TournamentJob, indices: Sequence[int]) -> list[TournamentGame]:
    return [play_tournament_game(job, i) for i in indices]


def run_local(job: TournamentJob, games: int, jobs: int) -> Iterator[TournamentGame]:
    workers = effective_jobs(jobs, games)
    if workers == 1:
        for index in range(games):
            yield play_tournament_game(job, index)
        return
    # Small chunks: search bots make games slow, and a chunk is the unit of load balancing.
    size = max(1, min(chunk_size(games, workers), 4))
    with multiprocessing.get_context().Pool(workers, initializer=_init_worker, initargs=(job,)) as pool:
        yield from pool.imap(_play_in_worker, range(games), chunksize=size)


def run_ray(job: TournamentJob, games: int, jobs: int, address: str) -> Iterator[TournamentGame]:
    ray = connect_ray(address, jobs)
    workers = max(1, int(ray.available_resources().get("CPU", 1)))
    size = max(1, min(chunk_size(games, workers), 4))
    remote = ray.remote(_play_chunk)
    job_ref = ray.put(job)
    futures = [remote.remote(job_ref, list(range(i, min(i + size, games)))) for i in range(0, games, size)]
    for future in futures:
        yield from ray.get(future)


# -- results --------------------------------------------------------------------------------------
def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a win rate ``share`` over ``n`` games (a tie counted as its share,
    which makes the interval approximate there)."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denom
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if share <= 0 else max(0.0, centre - half)  # exact at the ends, where rounding is not
    high = 1.0 if share >= 1 else min(1.0, centre + half)
    return (min(low, share), max(high, share))


class Ratings:
    """OpenSkill (Plackett-Luce) ratings, one update per game in game order."""

    def __init__(self, names: Sequence[str]) -> None:
        try:
            models = importlib.import_module("openskill.models")
        except ImportError:
            self.model: Any = None
            self.ratings: list[Any] = []
            return
        self.model = models.PlackettLuce()
        self.ratings = [self.model.rating(name=name) for name in names]

    @property
    def available(self) -> bool:
        return self.model is not None

    def update(self, ranks: Sequence[int]) -> None:
        if self.model is None:
            return
        teams = [[r] for r in self.ratings]
        new = self.model.rate(teams, ranks=list(ranks))
        self.ratings = [team[0] for team in new]

    def to_json(self) -> list[dict[str, float]] | None:
        if self.model is None:
            return None
        return [
            {"mu": round(r.mu, 6), "sigma": round(r.sigma, 6), "ordinal": round(r.ordinal(), 6)}
            for r in self.ratings
        ]


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Unique labels: a repeated spec gets ``#2``, ``#3``, ... ."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


@dataclass
class TournamentResult:
    """Totals of a tournament. :meth:`to_json` holds only what the arguments determine."""

    game: str
    options: dict[str, Any]
    seed: int
    entrants: list[str]
    names: list[str]
    games: int = 0
    wins: list[float] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    seat_wins: list[list[float]] = field(default_factory=list)
    """seat_wins[entrant][seat]: win shares of an entrant from each seat."""
    seat_games: list[list[int]] = field(default_factory=list)
    decisions: int = 0
    ratings: list[dict[str, float]] | None = None
    digest: str = ""
    seconds: float = 0.0
    per_game: list[TournamentGame] = field(default_factory=list, repr=False)

    @property
    def win_rate(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    @property
    def intervals(self) -> list[tuple[float, float]]:
        return [wilson(rate, self.games) for rate in self.win_rate]

    def to_json(self) -> dict[str, Any]:
        n = len(self.entrants)
        return {
            "game": self.game,
            "players": n,
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "fair_share": round(1 / n, 9),
            "entrants": [
                {
                    "name": self.names[e],
                    "bot": self.entrants[e],
                    "wins": round(self.wins[e], 9),
                    "win_rate": round(self.win_rate[e], 9),
                    "ci95": [round(x, 9) for x in self.intervals[e]],
                    "mean_score": round(self.score_sums[e] / self.games, 9) if self.games else 0.0,
                    "win_rate_by_seat": [
                        round(w / g, 9) if g else None
                        for w, g in zip(self.seat_wins[e], self.seat_games[e], strict=True)
                    ],
                    "rating": None if self.ratings is None else self.ratings[e],
                }
                for e in range(n)
            ],
            "mean_decisions": round(self.decisions / self.games, 9) if self.games else 0.0,
            "rating_model": "openskill.PlackettLuce" if self.ratings is not None else None,
            "digest": self.digest,
        }


class Totals:
    """Running totals over games fed in game order."""

    def __init__(self, game: str, options: dict[str, Any], seed: int, entrants: Sequence[str]) -> None:
        n = len(entrants)
        names = entrant_names(entrants)
        self.result = TournamentResult(
            game, options, seed, list(entrants), names, wins=[0.0] * n, score_sums=[0.0] * n,
            seat_wins=[[0.0] * n for _ in range(n)], seat_games=[[0] * n for _ in range(n)],
        )  # fmt: skip
        self.ratings = Ratings(names)
        self._hash = hashlib.sha256(b"[")

    def add(self, game: TournamentGame) -> None:
        r = self.result
        if r.games:
            self._hash.update(b",")
        self._hash.update(json.dumps(game.record_digest).encode())
        r.games += 1
        r.decisions += game.decisions
        for seat, entrant in enumerate(game.seating):
            r.wins[entrant] += game.shares[entrant]
            r.score_sums[entrant] += game.scores[entrant]
            r.seat_wins[entrant][seat] += game.shares[entrant]
            r.seat_games[entrant][seat] += 1
        self.ratings.update(game.ranks)
        r.per_game.append(game)

    def finish(self) -> TournamentResult:
        final = self._hash.copy()
        final.update(b"]")
        self.result.digest = final.hexdigest()
        self.result.ratings = self.ratings.to_json()
        return self.result


def tournament(
    game: str | Game,
    bots: str | Sequence[str],
    games: int = 100,
    seed: int = 0,
    jobs: int = 1,
    ray: str | None = None,
    options: Mapping[str, Any] | None = None,
    progress: bool = False,
    on_game: Callable[[TournamentGame], None] | None = None,
    lang: str = "en",
) -> TournamentResult:
    """Play ``games`` games between ``bots`` (one spec per seat; the player count is their number).

    ``jobs``: local worker processes (0: all cores). ``ray``: ``"auto"``, ``"local"`` or a cluster
    address to run the games on Ray instead (see :func:`connect_ray`). ``progress``: a progress bar
    on standard error, in ``lang`` (``en``, ``de``).
    Bad arguments raise :class:`~feldherr.core.errors.OptionError`.
    """
    the_game = resolve_game(game)
    seed = check_seed(seed)  # the deals' seeds derive from it: -1 or 2^64 would alias another's
    specs = [s.strip() for s in bots.split(",")] if isinstance(bots, str) else [str(b) for b in bots]
    opts = prepare_options(the_game, int((options or {}).get("players", len(specs))), options)
    parse_seats(the_game, specs, opts["players"])  # one bot per seat, each known
    if games < 1:
        raise OptionError(f"the number of games must be at least 1, not {games}")
    if jobs < 0:
        raise OptionError(f"the number of jobs must be 0 (all cores) or more, not {jobs}")
    job = TournamentJob(type(the_game), opts, seed, tuple(specs))
    if ray is not None:  # joined before the bar starts: a refusal is one line alone
        connect_ray(ray, jobs)
    runner = run_local(job, games, jobs) if ray is None else run_ray(job, games, jobs, ray)
    started = time.perf_counter()
    totals = Totals(the_game.name, opts, seed, specs)
    bar = progress_bar(
        many=plot_words(lang)["unit"],
        one=plot_words(lang)["one"],
        lang=lang,
        total=games,
        desc=plot_words(lang)["bar"].format(game=the_game.title),
        file=sys.stderr,
        disable=not progress,
    )
    try:
        for played in runner:
            totals.add(played)
            if on_game is not None:
                on_game(played)
            bar.update(1)
    finally:
        bar.close()
    result = totals.finish()
    result.seconds = time.perf_counter() - started
    return result


PLOT_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game}: {games:@games}, seats rotated",
        "fair": "fair share {share}",
        "rate": "win rate ({sure} interval)",
        "ratings": "ratings",
        "rating": "OpenSkill rating (μ ± σ)",
        "bar": "{game} tournament",
        "unit": "games",
        "one": "game",
    },
    "de": {
        "title": "{game}: {games:@games}, Plätze rotiert",
        "fair": "fairer Anteil {share}",
        "rate": "Siegquote (95-%-Intervall)",
        "ratings": "Wertungen",
        "rating": "OpenSkill-Wertung (μ ± σ)",
        "bar": "Turnier: {game}",
        "unit": "Partien",
        "one": "Partie",
    },
}
"""The words of the plot and the progress bar, per language."""


PLOT_COUNTS: dict[str, dict[str, str]] = {
    "games#one": {"en": "{n} game", "de": "{n} Partie"},
    "games#other": {"en": "{n} games", "de": "{n} Partien"},
}
"""The counted words of the plots' titles ("1 game", "40 games")."""


def plot_title(template: str, lang: str, **values: Any) -> str:
    """A plot's title in ``lang``: its count in the number's grammatical form and format."""
    return format_text(PLOT_COUNTS, template, values, lang if lang in PLOT_COUNTS["games#one"] else "en")


def plot_words(lang: str) -> dict[str, str]:
    return PLOT_WORDS.get(lang, PLOT_WORDS["en"])


BOT_WORDS: dict[str, dict[str, str]] = {
    "random": {"en": "Random moves", "de": "Zufallszüge"},
    "heuristic": {"en": "Rule of thumb", "de": "Faustregel"},
    "easy": {"en": "Beginner", "de": "Anfänger"},
    "medium": {"en": "Medium", "de": "Mittel"},
    "hard": {"en": "Strong", "de": "Stark"},
    "ismcts": {"en": "Plain tree search", "de": "Einfache Baumsuche"},
}
"""The bots by the names the lobby gives them (``web/static/i18n.js``), for the plot's labels."""


REPEATS = ("II", "III", "IV", "V", "VI")
"""A repeated entrant's mark (``heuristic#2`` is "Faustregel II"), as the lobby marks a repeated bot."""


def bot_words(name: str, lang: str) -> str:
    """An entrant or a seat's bot in a table, in ``lang`` as the lobby names it ("Faustregel" for
    ``heuristic``): a repeat (``heuristic#2``) marked II, III as the lobby does; a budget or a
    bot's settings (``hard@50i``) added in brackets as typed, which tells two entrants of one kind
    apart ("Stark (hard@50i)"); a bot the list does not know as typed."""
    spec, _, repeat = name.partition("#")
    kind = spec.split("@", 1)[0].split(":", 1)[0]
    words = BOT_WORDS.get(kind)
    if words is None:
        return name
    out = words.get(lang, words["en"])
    if spec != kind:
        out += f" ({spec})"
    if repeat:
        mark = REPEATS[int(repeat) - 2] if repeat.isdigit() and 2 <= int(repeat) <= 6 else f"#{repeat}"
        out += f" {mark}"
    return out


def bot_label(name: str, lang: str) -> str:
    """An entrant on the plot as the table names it (:func:`bot_words`: "Stark", "Faustregel II"),
    a budget in brackets on a line of its own ("Stark" over "(hard@50i)"): the plot named them by
    the command line's English keys ("heuristic#2") under the words."""
    return bot_words(name, lang).replace(" (", "\n(", 1)


def _win_rate_bars(
    ax: Any,
    rates: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    labels: Sequence[str],
    words: Mapping[str, str],
    lang: str,
) -> None:
    """Win rates in per cent as bars with their 95 % intervals, the fair share as a dashed line,
    each bar under its label (a panel of :func:`plot` and of the simulation's plot); the percentages
    of the axis and the legend in ``lang``'s format (Babel: ``50%``, ``50 %``)."""
    from matplotlib.ticker import FuncFormatter

    n = len(rates)
    lows = [max(0.0, rate - lo) for rate, (lo, _) in zip(rates, intervals, strict=True)]
    highs = [max(0.0, hi - rate) for rate, (_, hi) in zip(rates, intervals, strict=True)]
    ax.bar(
        range(n),
        [100 * r for r in rates],
        yerr=[[100 * x for x in lows], [100 * x for x in highs]],
        capsize=4,
    )
    fair = words["fair"].format(share=percent(1 / n, 0, lang))
    ax.axhline(100 / n, linestyle="--", color="grey", label=fair)
    ax.set_xticks(range(n), labels)
    ax.set_ylabel(words["rate"].format(sure=percent(0.95, 0, lang)))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: percent(value / 100, 0, lang)))


def plot(
    result: TournamentResult, path: str | os.PathLike[str], lang: str = "en", title: str | None = None
) -> Path:
    """Win rates with 95 % intervals (and the fair share), and ratings (μ ± σ), as an image;
    its words in ``lang`` (``en``, ``de``), headed by ``title`` (the game's; default its name)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(result.names)
    panels = 2 if result.ratings is not None else 1
    # each entrant's label is two lines (the bot in words, its name): five of them need the room
    fig, axes = plt.subplots(1, panels, figsize=(max(5.0, 1.3 * n) * panels + 1, 4), squeeze=False)
    ax = axes[0][0]
    words = plot_words(lang)
    labels = [bot_label(name, lang) for name in result.names]
    _win_rate_bars(ax, result.win_rate, result.intervals, labels, words, lang)
    ax.set_title(plot_title(words["title"], lang, game=title or result.game, games=result.games))
    ax.legend()
    if result.ratings is not None:
        ax = axes[0][1]
        mus = [r["mu"] for r in result.ratings]
        sigmas = [r["sigma"] for r in result.ratings]
        ax.errorbar(range(n), mus, yerr=sigmas, fmt="o", capsize=4)
        ax.set_xticks(range(n), labels)
        ax.set_ylabel(words["rating"])
        ax.set_title(words["ratings"])
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out


SIMULATION_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{game}: {games:@games}",
        "from": "{game}: {games:@games} from a position",
        "rate": "win rate ({sure} interval)",
        "fair": "fair share {share}",
        "scores": "final points per game",
        "points": "final points",
        "box": "middle half of the games",
        "median": "median",
        "mean": "mean",
        "rare": "a rare game",
    },
    "de": {
        "title": "{game}: {games:@games}",
        "from": "{game}: {games:@games} aus einer Stellung",
        "rate": "Siegquote (95-%-Intervall)",
        "fair": "fairer Anteil {share}",
        "scores": "Schlusspunkte je Partie",
        "points": "Schlusspunkte",
        "box": "mittlere Hälfte der Partien",
        "median": "Median",
        "mean": "Mittelwert",
        "rare": "eine seltene Partie",
    },
}
"""The words of ``feldherr simulate --plot``, per language."""


def plot_simulation(
    games: int,
    win_rate: Sequence[float],
    scores: Sequence[Sequence[float]],
    players: Sequence[str],
    bots: Sequence[str],
    path: str | os.PathLike[str],
    lang: str = "en",
    title: str = "",
    from_position: bool = False,
) -> Path:
    """A batch of games as an image: each player's win rate with Wilson's 95 % interval and the
    fair share, and the spread of each player's final points over the games (``scores``: per game,
    one score per player). Players by name or colour (``players``, in ``lang``), each over the bot
    that played the seat in words; every word in ``lang``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(players)
    words = SIMULATION_WORDS.get(lang, SIMULATION_WORDS["en"])
    labels = [f"{player}\n{bot_label(bot, lang)}" for player, bot in zip(players, bots, strict=True)]
    fig, axes = plt.subplots(1, 2, figsize=(max(5.0, 1.3 * n) * 2 + 1, 4.4), squeeze=False)
    ax = axes[0][0]
    _win_rate_bars(ax, win_rate, [wilson(rate, games) for rate in win_rate], labels, words, lang)
    ax.set_ylim(0, 100)
    ax.set_title(plot_title(words["from" if from_position else "title"], lang, game=title, games=games))
    ax.legend()
    ax = axes[0][1]
    columns = [[game[seat] for game in scores] for seat in range(n)]
    ax.boxplot(columns, positions=list(range(n)), showmeans=True, meanprops={"marker": "D"})
    ax.set_xticks(range(n), labels)
    ax.set_ylabel(words["points"])
    ax.set_title(words["scores"])
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    key = [  # what the box plot's marks are, in words (whiskers: the games within 1.5 boxes)
        Patch(facecolor="white", edgecolor="black", label=words["box"]),
        Line2D([], [], color="C1", label=words["median"]),
        Line2D([], [], color="C2", marker="D", linestyle="", label=words["mean"]),
        Line2D([], [], color="black", marker="o", markerfacecolor="none", linestyle="", label=words["rare"]),
    ]
    ax.legend(handles=key, fontsize=8, loc="best")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    return out
