"""``feldherr tournament``: bots against each other, seats rotated; win rates, intervals, ratings."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

from feldherr.cli.common import (
    CliError,
    add_common_arguments,
    add_game_argument,
    check_writable,
    described,
    game_and_options,
    option_words,
)
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.core.commandline import MAX_COUNT, output_problem, picture_problem, whole_number
from feldherr.core.game import Game
from feldherr.core.i18n import fixed, percent, percent_range
from feldherr.sim.batch import MAX_JOBS
from feldherr.sim.tournament import TournamentResult, bot_words, plot, tournament

HEADINGS = {
    "en": ("bot", "wins", "win rate", "95% interval", "rating", "mean score"),
    "de": ("Bot", "Siege", "Siegquote", "95-%-Intervall", "Wertung", "Punkte Ø"),
}
LINES = {  # the table's other lines, in the language of its headings
    "en": {
        "fair": "fair share {share}; ratings: OpenSkill Plackett-Luce (μ ± σ)",
        "unrated": "fair share {share}; no ratings (pip install openskill)",
        "unbalanced": "note: {games} games is not a multiple of {players}: seats are not fully balanced",
        "speed": "{seconds} s ({rate} games/s)",
        "digest": "digest {digest}",
        "plot": "plot written to {path}",
        "no-plot": "feldherr: no plot: matplotlib is not installed",
    },
    "de": {
        "fair": "fairer Anteil {share}; Wertung: OpenSkill Plackett-Luce (μ ± σ)",
        "unrated": "fairer Anteil {share}; keine Wertung (pip install openskill)",
        "unbalanced": "Hinweis: {games} Partien sind kein Vielfaches von {players}: die Plätze sind "
        "nicht ganz ausgeglichen",
        "speed": "{seconds} s ({rate} Partien/s)",
        "digest": "Prüfsumme {digest}",
        "plot": "Grafik geschrieben: {path}",
        "no-plot": "feldherr: keine Grafik: matplotlib ist nicht installiert",
    },
}


def table(result: TournamentResult, lang: str, game: Game) -> str:
    """The standings per bot, each as the lobby names it in ``lang`` ("Faustregel II" for
    ``heuristic#2``); numbers and percentages in the language's format (German ``33,33``,
    ``33,3 %``)."""
    n = len(result.names)
    opts = option_words(game, result.options, lang)
    words = LINES.get(lang, LINES["en"])
    title = msg("tournament_title", lang, game=game.title, players=n, games=result.games, seed=result.seed)
    lines = [title + (f"; {opts}" if opts else ""), ""]
    head = HEADINGS.get(lang, HEADINGS["en"])
    names = [bot_words(name, lang) for name in result.names]
    width = max(len(head[0]), *(len(name) for name in names))
    lines.append(
        f"{head[0]:<{width}}  {head[1]:>8}  {head[2]:>9}  {head[3]:>15}  {head[4]:>14}  {head[5]:>10}"
    )
    for e in range(n):
        lo, hi = result.intervals[e]
        rating = "–"
        if result.ratings is not None:
            r = result.ratings[e]
            rating = f"{fixed(r['mu'], 1, lang)} ± {fixed(r['sigma'], 1, lang)}"
        lines.append(
            f"{names[e]:<{width}}  {fixed(result.wins[e], 2, lang):>8}  "
            f"{percent(result.win_rate[e], 1, lang):>9}  {percent_range(lo, hi, 1, lang):>15}  {rating:>14}  "
            f"{fixed(result.score_sums[e] / max(1, result.games), 2, lang):>10}"
        )
    rate = result.games / result.seconds if result.seconds > 0 else float("inf")
    share = percent(1 / n, 1, lang)
    lines += ["", textwrap.fill(msg("wins_legend", lang, sure=percent(0.95, 0, lang)), 96)]
    lines += [words["fair" if result.ratings is not None else "unrated"].format(share=share)]
    if result.games % n:
        lines.append(words["unbalanced"].format(games=result.games, players=n))
    lines += [
        words["speed"].format(seconds=fixed(result.seconds, 1, lang), rate=fixed(rate, 2, lang)),
        words["digest"].format(digest=result.digest),
    ]
    return "\n".join(lines)


def plot_target(args: argparse.Namespace, game_name: str) -> Path | None:
    """Where the plot goes, checked before any game is played: a file of a picture type matplotlib
    writes, in a folder that exists and can be written (a name without a type gets ``.png``)."""
    if args.no_plot:
        return None
    return checked_plot_path(Path(args.plot or f"tournament-{game_name}.png"))


def checked_plot_path(path: Path) -> Path:
    """``--plot``'s file (tournament, simulate), checked before any game is played."""
    kind = path.suffix[1:].lower()
    if path.is_dir():
        raise CliError(problem_of(path, "en"), de=problem_of(path, "de"))
    if not kind:
        path = path.with_name(f"{path.name}.png")  # what matplotlib would write anyway
    problem = picture_problem(path, "--plot")
    if problem is not None:
        raise CliError(problem, de=picture_problem(path, "--plot", "de"))
    check_writable(path, "--plot")
    return path


def problem_of(path: Path, lang: str) -> str:
    """``--plot`` names a folder."""
    return output_problem(path, "--plot", lang) or ""


def run(args: argparse.Namespace) -> int:
    game, options = game_and_options(args, len(args.bots.split(",")), args.bots)
    target = plot_target(args, game.name)
    result = tournament(
        game,
        args.bots,
        games=args.games,
        seed=args.seed if args.seed is not None else 0,
        jobs=args.jobs,
        ray=args.ray,
        options=options,
        progress=not args.quiet,
        lang=args.lang,
    )
    if args.json:
        json.dump(result.to_json(), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(table(result, args.lang, game))
    if target is not None:
        said = LINES.get(args.lang, LINES["en"])
        try:
            written = plot(result, target, args.lang, game.title)
        except ImportError:
            print(said["no-plot"], file=sys.stderr)
        else:
            print(said["plot"].format(path=written), file=sys.stderr)
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help=h("tournament.help"),
        **described(
            said("tournament.description"),
            "feldherr tournament wallenstein --bots easy,medium,hard --games 30",
            "feldherr tournament mansfeld --bots hard@0.2s,heuristic,heuristic,heuristic --games 40 --jobs 0",
            "feldherr tournament elgrande --bots ismcts@100i,heuristic,heuristic,random --games 8 \\\n"
            "      --ray auto --json",
        ),
    )
    add_game_argument(parser)
    parser.add_argument(
        "--bots", required=True, metavar=said("mv.list"), help=h("tournament.bots"),
    )  # fmt: skip
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_COUNT),
        default=100,
        metavar="N",
        help=h("games.count"),
    )
    parser.add_argument(
        "--jobs", type=whole_number(0, MAX_JOBS), default=1, metavar="J",
        help=h("jobs"),
    )  # fmt: skip
    parser.add_argument(
        "--ray", metavar=said("mv.ray"), help=h("ray"),
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help=h("json"))
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--plot", metavar=said("mv.file"), help=h("tournament.plot"),
    )  # fmt: skip
    where.add_argument("--no-plot", action="store_true", help=h("tournament.no_plot"))
    parser.add_argument("--quiet", action="store_true", help=h("quiet"))
    add_common_arguments(parser, seed_help=h("tournament.seed"))
    parser.set_defaults(func=run)
