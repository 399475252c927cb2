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
    option_words,
)
from feldherr.cli.helptexts import h, said
from feldherr.core.commandline import MAX_COUNT, seconds_value, whole_number
from feldherr.core.game import Game
from feldherr.core.i18n import number
from feldherr.search.bench import search_bench
from feldherr.sim.bench import bench
from feldherr.sim.stepbench import step_bench


def run(args: argparse.Namespace) -> int:
    game, options = game_and_options(args)
    seed = args.seed if args.seed is not None else 0
    if not args.quiet:  # the measure is silent for --seconds: say what runs and for how long
        de = args.lang == "de"
        mode = args.mode or ("Standardmodus" if de else "default mode")
        players, seconds = options["players"], number(args.seconds, args.lang)
        line = (
            f"{game.title}, {players} Spieler, {mode}, etwa {seconds} s auf einem Kern ..."
            if de
            else f"{game.title}, {players} players, {mode}, about {seconds} s on one core ..."
        )
        print(f"feldherr bench: {line}", file=sys.stderr, flush=True)
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
            args.lang,
            game,
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
            args.lang,
            game,
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
    return _print(result.to_json(), args.json, args.lang, game)


LABELS: dict[str, tuple[str, str]] = {  # key: (English, German)
    "game": ("game", "Spiel"),
    "mode": ("mode", "Modus"),
    "players": ("players", "Spieler"),
    "options": ("options", "Optionen"),
    "seed": ("seed", "Startwert"),
    "games": ("games", "Partien"),
    "decisions": ("decisions", "Entscheidungen"),
    "seconds": ("seconds (wall clock)", "Sekunden (Uhrzeit)"),
    "cpu_seconds": ("CPU seconds", "CPU-Sekunden"),
    "games_per_second": ("games per CPU second", "Partien je CPU-Sekunde"),
    "decisions_per_second": ("decisions per CPU second", "Entscheidungen je CPU-Sekunde"),
    "games_per_wall_second": ("games per second (wall clock)", "Partien je Sekunde (Uhrzeit)"),
    "positions": ("positions", "Stellungen"),
    "rounds": ("rounds", "Runden"),
    "clone_us": ("clone (µs)", "clone (µs)"),
    "legal_moves_us": ("legal moves (µs)", "erlaubte Züge (µs)"),
    "apply_us": ("apply (µs)", "apply (µs)"),
    "step_us": ("step (µs)", "Schritt (µs)"),
    "steps_per_second": ("steps per second", "Schritte je Sekunde"),
    "native": ("C helpers in use", "C-Hilfen in Gebrauch"),
    "iterations_per_search": ("iterations per search", "Iterationen je Suche"),
    "iterations": ("iterations", "Iterationen"),
    "iterations_per_second": ("iterations per CPU second", "Iterationen je CPU-Sekunde"),
    "phases": ("by phase", "nach Spielabschnitt"),
    "early": ("early", "früh"),
    "middle": ("middle", "Mitte"),
    "late": ("late", "spät"),
    "python": ("Python", "Python"),
    "implementation": ("implementation", "Implementierung"),
}
YES_NO = {"en": ("yes", "no"), "de": ("ja", "nein")}


def label(key: str, lang: str) -> str:
    """A result's key as a person reads it (no snake_case)."""
    words = LABELS.get(key)
    if words is None:
        return key.replace("_", " ")
    return words[1] if lang == "de" else words[0]


def shown(value: Any, lang: str) -> str:
    """A result's value in the language's number format (German ``1.246.349,4``)."""
    if isinstance(value, bool):
        return YES_NO.get(lang, YES_NO["en"])[0 if value else 1]
    if isinstance(value, int | float):
        return number(value, lang)
    return str(value)


def text_lines(data: dict[str, Any], lang: str, game: Game, indent: int = 0) -> list[str]:
    """The result as aligned lines of label and value; a nested result (the phases of a search
    benchmark) indented under its label."""
    lines = []
    width = 32 - indent
    for key, value in data.items():
        name = label(key, lang)
        if key == "game":
            value = game.title
        elif key == "options" and isinstance(value, dict):
            value = option_words(game, value, lang) or "–"
        if isinstance(value, dict):
            lines.append(f"{' ' * indent}{name}:")
            lines += text_lines(value, lang, game, indent + 2)
            continue
        lines.append(f"{' ' * indent}{name:<{width}}  {shown(value, lang)}")
    return lines


def _print(data: dict[str, Any], as_json: bool, lang: str, game: Game) -> int:
    if as_json:
        json.dump(data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print("\n".join(text_lines(data, lang, game)))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bench",
        help=h("bench.help"),
        **described(
            said("bench.description"),
            "feldherr bench wallenstein --players 4 --seconds 10 --json",
        ),
    )
    add_game_argument(parser)
    parser.add_argument("--seconds", type=seconds_value(), default=10.0, metavar="T", help=h("bench.seconds"))
    parser.add_argument(
        "--games",
        type=whole_number(1, MAX_COUNT),
        metavar="N",
        help=h("bench.games"),
    )
    parser.add_argument(
        "--mode",
        choices=("api", "playout", "step", "search"),
        help=h("bench.mode"),
    )
    parser.add_argument(
        "--iterations",
        type=whole_number(1, 10**7),
        default=100,
        metavar="N",
        help=h("bench.iterations"),
    )
    parser.add_argument("--json", action="store_true", help=h("json.plain"))
    parser.add_argument("--quiet", action="store_true", help=h("bench.quiet"))
    add_common_arguments(parser, seed_help=h("seed.batch"))
    parser.set_defaults(func=run)
