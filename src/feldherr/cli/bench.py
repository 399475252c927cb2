"""``feldherr bench``: how fast the engine plays random games on one core."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from feldherr.cli.common import (
    add_common_arguments,
    add_game_argument,
    described,
    game_and_options,
)
from feldherr.core.commandline import MAX_COUNT, seconds_value, whole_number
from feldherr.search.bench import search_bench
from feldherr.sim.bench import bench
from feldherr.sim.stepbench import step_bench


def run(args: argparse.Namespace) -> int:
    game, options = game_and_options(args)
    seed = args.seed if args.seed is not None else 0
    if not args.quiet:  # the measure is silent for --seconds: say what runs and for how long
        mode = args.mode or "default mode"
        print(
            f"feldherr bench: {game.name}, {options['players']} players, {mode}, about "
            f"{args.seconds:g} s on one core ...",
            file=sys.stderr,
            flush=True,
        )
    if args.mode == "step":
        return _print(
            step_bench(
                game,
                players=options["players"],
                seconds=args.seconds,
                seed=seed,
                options=options,
                games=args.games if args.games is not None else 20,
            ).to_json(),
            args.json,
        )
    if args.mode == "search":
        return _print(
            search_bench(
                game,
                players=options["players"],
                seconds=args.seconds,
                seed=seed,
                options=options,
                games=args.games if args.games is not None else 2,
                iterations=args.iterations,
            ).to_json(),
            args.json,
        )
    result = bench(
        game,
        players=options["players"],
        seconds=args.seconds,
        seed=seed,
        options=options,
        max_games=args.games,
        mode=args.mode,
    )
    return _print(result.to_json(), args.json)


def _print(data: dict[str, Any], as_json: bool) -> int:
    if as_json:
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        for key, value in data.items():
            print(f"{key:>22}  {value}")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="engine speed: random games on one core",
        **described(
            (
                "Play random games (random bots, moves not recorded) on one core for about SECONDS "
                "seconds and report games and decisions per second."
            ),
            "feldherr bench wallenstein --players 4 --seconds 10 --json",
        ),
    )
    add_game_argument(parser)
    parser.add_argument(
        "--seconds", type=seconds_value(), default=10.0, metavar="T", help="duration (default 10)"
    )
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_COUNT),
        metavar="N",
        help="stop after N games even if time is left",
    )
    parser.add_argument(
        "--mode",
        choices=("api", "playout", "step", "search"),
        help=(
            "api: play_game with random bots through the public protocol; playout: the same games "
            "through State.random_playout (the game's fast loop); step: the microseconds of one "
            "search step (clone, legal_moves, apply) over every position of --games random games "
            "(default 20), the fastest of the rounds that fit in --seconds; search: ISMCTS "
            "iterations per CPU second (random playouts, --iterations per search) at the early, "
            "middle and late positions of --games random games (default 2), rounds repeated while "
            "--seconds last. Default: playout where the game has its own, else api"
        ),
    )
    parser.add_argument(
        "--iterations",
        type=whole_number(1, 10**7),
        default=100,
        metavar="N",
        help="search mode: iterations per search (default 100)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--quiet", action="store_true", help="no line on standard error saying what is measured"
    )
    add_common_arguments(parser, seed_help="batch seed (default 0)")
    parser.set_defaults(func=run)
