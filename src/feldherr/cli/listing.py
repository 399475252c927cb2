"""``feldherr games``: the games this build contains."""

from __future__ import annotations

import argparse
from typing import Any

from feldherr.cli.common import add_lang_argument, flag_name
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.games import game_names, get_game
from feldherr.sim.setup import bot_names


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    shown = 0
    for name in game_names():
        try:
            game = get_game(name)
        except ValueError:
            continue  # package present but no game module yet
        shown += 1
        options = [flag_name(spec) for spec in game.option_spec() if spec.name != "players"]  # as typed
        key = "games_line" if options else "games_line_plain"
        line = msg(
            key,
            lang,
            low=game.min_players,
            high=game.max_players,
            bots=", ".join(bot_names(game)),
            options=", ".join(options),
        )
        print(f"{name:<12} {game.title}  ({line})")
    if not shown:
        print(msg("games_none", lang))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "games",
        help=h("games.help"),
        description=said("games.description"),
    )
    add_lang_argument(parser, "lang.output")
    parser.set_defaults(func=run)
