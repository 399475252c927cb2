"""``feldherr simulate``: many bot games, totals as a table or as one JSON object."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

from feldherr.cli.common import (
    OPTION_DEST,
    CliError,
    add_common_arguments,
    add_game_argument,
    described,
    flag_name,
    game_and_options,
    option_words,
    seat_count,
)
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.core.commandline import MAX_COUNT, whole_number
from feldherr.core.game import Game
from feldherr.core.i18n import fixed, percent, percent_range
from feldherr.core.position import player_names, player_words
from feldherr.sim.backends import BACKENDS
from feldherr.sim.batch import MAX_JOBS, SimulationResult, simulate
from feldherr.sim.setup import resolve_game
from feldherr.sim.tournament import bot_words, wilson

HEADINGS = {
    "en": ("player", "bot", "wins", "win rate", "95% interval", "mean score"),
    "de": ("Spieler", "Bot", "Siege", "Siegquote", "95-%-Intervall", "Punkte Ø"),
}
LINES = {
    "en": (
        "decisions per game {decisions}; {seconds} s ({rate} games/s)",
        "digest {digest}",
    ),
    "de": (
        "Entscheidungen je Partie {decisions}; {seconds} s ({rate} Partien/s)",
        "Prüfsumme {digest}",
    ),
}


def table(result: SimulationResult, lang: str, game: Game, names: list[str] | None = None) -> str:
    """The totals per player: each seat by its player's name as a position names it (``names``),
    else by its colour in ``lang`` (never its number), its bot as the lobby names it in ``lang``
    ("Faustregel"); numbers and percentages in the language's format (German ``92,000``,
    ``43,5 %``)."""
    opts = option_words(game, result.options, lang)
    footer, digest = LINES.get(lang, LINES["en"])
    title = msg(
        "simulate_title", lang, game=game.title, players=result.players, games=result.games, seed=result.seed
    )
    lines = [
        title + (f"; {opts}" if opts else ""),
        "",
    ]
    head = HEADINGS.get(lang, HEADINGS["en"])
    players = seat_names(result, game, lang, names)
    bots = [bot_words(bot, lang) for bot in result.bots]
    who = max(len(head[0]), *(len(p) for p in players))
    width = max(len(head[1]), *(len(b) for b in bots))
    lines.append(
        f"  {head[0]:<{who}}  {head[1]:<{width}}  {head[2]:>10}  {head[3]:>9}  {head[4]:>15}  {head[5]:>10}"
    )
    for seat in range(result.players):
        # Wilson's interval, as the tournament's: the normal one (±1.96 standard errors) shrank to
        # nothing at a win rate of 0 or 100 %, however few the games
        low, high = wilson(result.win_rate[seat], result.games)
        lines.append(
            f"  {players[seat]:<{who}}  {bots[seat]:<{width}}  "
            f"{fixed(result.wins[seat], 2, lang):>10}  {percent(result.win_rate[seat], 1, lang):>9}  "
            f"{percent_range(low, high, 1, lang):>15}  {fixed(result.mean_score[seat], 3, lang):>10}"
        )
    rate = result.games / result.seconds if result.seconds > 0 else float("inf")
    lines += [
        "",
        textwrap.fill(msg("wins_legend", lang, sure=percent(0.95, 0, lang)), 96),
        footer.format(
            decisions=fixed(result.mean_decisions, 1, lang),
            seconds=fixed(result.seconds, 2, lang),
            rate=fixed(rate, 1, lang),
        ),
        digest.format(digest=result.digest),
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    position = None
    if args.from_position is not None:
        from feldherr.cli.analyse import load_position

        game = resolve_game(args.game)
        given = (["--players"] if args.players is not None else []) + (["--option"] if args.option else [])
        given += [
            flag_name(spec)
            for spec in game.option_spec()
            if getattr(args, OPTION_DEST + spec.name, None) is not None
        ]
        if given:
            flags = ", ".join(given)
            raise CliError(
                f"--from-position plays with the position's options and players: leave out {flags}",
                de=f"--from-position spielt mit den Optionen und Spielern der Stellung: {flags} weglassen",
            )
        position, start = load_position(game, args.from_position, args.seed or 0, args.lang)
        options = start.options
    else:
        game, options = game_and_options(args, seat_count(args.bots), args.bots)
    target = None
    if args.plot is not None:
        from feldherr.cli.tournament import checked_plot_path

        target = checked_plot_path(Path(args.plot))
    ray = args.ray
    if args.backend == "ray":
        print(f"feldherr: {msg('ray_deprecated', args.lang)}", file=sys.stderr)
        ray = ray or "auto"
    result = simulate(
        game,
        players=options["players"],
        games=args.games,
        seed=args.seed if args.seed is not None else 0,
        bots=args.bots,
        jobs=args.jobs,
        options=options,
        progress=not args.quiet,
        lang=args.lang,
        backend=args.backend,
        records_dir=args.records,
        position=position,
        ray=ray,
        keep_games=target is not None,  # the plot shows the spread of each player's points
    )
    if args.json:
        json.dump(result.to_json(), sys.stdout, ensure_ascii=False, sort_keys=False)
        sys.stdout.write("\n")
    else:
        print(table(result, args.lang, game, player_names(position) if position is not None else None))
    if target is not None:
        write_plot(result, target, args.lang, game, position)
    return 0


def seat_names(result: SimulationResult, game: Game, lang: str, names: list[str] | None) -> list[str]:
    """Each seat by its player's name as a position names it, else by its colour in ``lang``."""
    if names is None or len(names) != result.players:
        return [game.seat_name(seat, lang) for seat in range(result.players)]
    shown = player_words(names, game.messages(), lang)  # "Blau", not "blue"; "Rot", not "Player 1"
    return [shown[seat] or game.seat_name(seat, lang) for seat in range(result.players)]


def write_plot(
    result: SimulationResult, target: Path, lang: str, game: Game, position: dict[str, Any] | None
) -> None:
    """``--plot``: the win rates with their intervals and the spread of the final points."""
    from feldherr.cli.tournament import LINES as SAID  # "plot written to …", as the tournament says
    from feldherr.sim.tournament import plot_simulation

    words = SAID.get(lang, SAID["en"])
    try:
        written = plot_simulation(
            result.games,
            result.win_rate,
            [summary.scores for summary in result.per_game],
            seat_names(result, game, lang, player_names(position) if position is not None else None),
            result.bots,
            target,
            lang,
            game.title,
            from_position=position is not None,
        )
    except ImportError:
        print(words["no-plot"], file=sys.stderr)
    else:
        print(words["plot"].format(path=written), file=sys.stderr)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help=h("simulate.help"),
        **described(
            said("simulate.description"),
            "feldherr simulate wallenstein --players 4 --games 1000 --seed 1 --jobs 2 \\\n"
            "      --bots heuristic,random,random,random",
            "feldherr simulate wallenstein --players 4 --games 1000 --jobs 0 --json > result.json",
            "feldherr simulate elgrande --players 5 --games 20 --records runs/",
            "feldherr simulate mansfeld --from-position table.json --games 200 --bots hard,heuristic",
            "feldherr simulate elgrande --players 3 --games 50 --bots easy,heuristic,random --plot batch.png",
            "feldherr simulate mansfeld --players 2 --games 10000 --ray auto --json",
        ),
    )
    add_game_argument(parser)
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_COUNT),
        default=100,
        metavar="N",
        help=h("games.count"),
    )
    parser.add_argument("--bots", metavar=said("mv.list"), help=h("simulate.bots"))
    parser.add_argument(
        "--jobs",
        type=whole_number(0, MAX_JOBS),
        default=1,
        metavar="N",
        help=h("jobs"),
    )
    parser.add_argument(
        "--ray", metavar=said("mv.ray"), help=h("ray"),
    )  # fmt: skip
    parser.add_argument(
        "--backend", choices=sorted(BACKENDS), default="local",
        help=h("simulate.backend"),
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help=h("json"))
    parser.add_argument("--records", metavar=said("mv.dir"), help=h("simulate.records"))
    parser.add_argument("--quiet", action="store_true", help=h("quiet"))
    parser.add_argument(
        "--from-position",
        metavar=said("mv.file"),
        help=h("simulate.from_position"),
    )
    parser.add_argument("--plot", metavar=said("mv.file"), help=h("simulate.plot"))
    add_common_arguments(parser, seed_help=h("seed.batch"))
    parser.set_defaults(func=run)
