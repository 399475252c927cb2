"""Flags shared by the game commands and turning them into a game plus normalised options."""

from __future__ import annotations

import argparse
import json
import textwrap
from typing import Any

from feldherr.core.game import Game
from feldherr.core.i18n import LANGS
from feldherr.sim.setup import prepare_options, resolve_game

#: Flags that are shorthands for one options key each (``--variant X`` is ``--option variant=X``).
OPTION_ALIASES = {
    "variant": "variant (a comma list is allowed)",
    "modules": "expansion modules (comma list)",
    "tower": "cube tower model",
    "setup": "starting set-up",
}


class CliError(Exception):
    """A problem with what the user asked for; printed without a traceback."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game name (see 'feldherr games')")


def add_common_arguments(parser: argparse.ArgumentParser, seed_help: str) -> None:
    """--players, --seed, --lang, --option and the option aliases."""
    parser.add_argument("--players", type=int, metavar="N", help="number of players")
    parser.add_argument("--seed", type=int, metavar="N", help=seed_help)
    parser.add_argument("--lang", choices=LANGS, default="en", help="language of game text (default en)")
    group = parser.add_argument_group("game options (checked by the game)")
    group.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help='set any game option; VALUE is read as JSON if it parses (3, true, ["a"]), else as text',
    )
    for key, text in OPTION_ALIASES.items():
        group.add_argument(f"--{key}", metavar="X", help=f"{text}: same as --option {key}=X")


def parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise CliError(f"--option wants KEY=VALUE, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key, value


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The raw options dict from --option and the alias flags (the game normalises it later)."""
    options: dict[str, Any] = {}
    for text in args.option:
        key, value = parse_option(text)
        if key in options:
            raise CliError(f"option {key!r} given twice")
        options[key] = value
    for key in OPTION_ALIASES:
        value = getattr(args, key, None)
        if value is not None:
            if key in options:
                raise CliError(f"option {key!r} given twice (--{key} and --option {key}=...)")
            options[key] = value
    if "players" in options:
        raise CliError("give the player count with --players, not --option players=...")
    return options


def game_and_options(args: argparse.Namespace, seats: int | None = None) -> tuple[Game, dict[str, Any]]:
    """Resolve the game and normalise options; ``seats`` is the count implied by a seat list."""
    game = resolve_game(args.game)
    players = args.players if args.players is not None else seats
    return game, prepare_options(game, players, options_from_args(args))


def seat_count(spec: str | None) -> int | None:
    return None if spec is None else len(spec.split(","))


def show(value: object) -> str:
    """An option value for people: text as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def described(description: str, *examples: str) -> dict[str, Any]:
    """``add_parser`` keywords: a wrapped description and an epilog of examples kept as written."""
    epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples) if examples else None
    return {
        "description": textwrap.fill(description, 78),
        "epilog": epilog,
        "formatter_class": argparse.RawDescriptionHelpFormatter,
    }
