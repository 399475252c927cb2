"""``feldherr games``: the games this build contains."""

from __future__ import annotations

import argparse
from typing import Any

from feldherr.cli.common import flag_name
from feldherr.games import game_names, get_game
from feldherr.sim.setup import bot_names


def run(args: argparse.Namespace) -> int:
    shown = 0
    for name in game_names():
        try:
            game = get_game(name)
        except ValueError:
            continue  # package present but no game module yet
        shown += 1
        options = [flag_name(spec) for spec in game.option_spec() if spec.name != "players"]  # as typed
        print(
            f"{name:<12} {game.title}  ({game.min_players}-{game.max_players} players; "
            f"bots: {', '.join(bot_names(game))}"
            + (f"; options: {', '.join(options)}" if options else "")
            + ")"
        )
    if not shown:
        print("no games are available in this build")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the available games",
        description="List the games with their player counts, bots and options "
        "('feldherr play GAME --help' explains the options).",
    )
    parser.set_defaults(func=run)
