"""``feldherr play``: people and bots at one terminal (hot-seat for several people)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from feldherr.cli.common import (
    CliError,
    add_common_arguments,
    add_game_argument,
    check_writable,
    described,
    game_and_options,
    option_error,
    options_from_args,
    seat_count,
)
from feldherr.cli.helptexts import h, said
from feldherr.cli.terminal import CLEAR, HUMAN, TerminalGame
from feldherr.core.errors import OptionError, RecordError, clip
from feldherr.sim.setup import RANDOM, parse_seats, resolve_game

__all__ = ["CLEAR", "HUMAN", "TerminalGame", "register", "run"]


def run(args: argparse.Namespace) -> int:
    if args.resume is not None:
        return resume(args)
    implied = seat_count(args.seats)
    game, options = game_and_options(args, implied, args.seats, (HUMAN,))
    players = options["players"]
    seats = parse_seats(game, default_seats(args.seats, players), players, extra=(HUMAN,))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    if args.save is not None:
        check_writable(args.save, "--save")
    session = TerminalGame(game, options, seed, seats, lang=args.lang, save=args.save)
    return session.run()


def default_seats(spec: str | None, players: int) -> str:
    return spec if spec is not None else ",".join([HUMAN] + [RANDOM] * (players - 1))


def resume(args: argparse.Namespace) -> int:
    """Continue a saved game; its options and seed come from the record."""
    from feldherr.cli.replay import BAD_RECORD, inconsistent, load_record

    game = resolve_game(args.game)
    if args.seed is not None or options_from_args(args, game):
        raise CliError(
            "--resume takes options and seed from the record; drop --seed and the options",
            de="--resume nimmt Optionen und Startwert aus der Aufzeichnung; --seed und die Optionen "
            "weglassen",
        )
    record = load_record(args.resume)
    if record.game != game.name:
        other = clip(repr(record.game), 60)
        raise CliError(
            f"{args.resume} is a {other} game, not {game.name!r}",
            BAD_RECORD,
            de=f"{args.resume} ist eine Partie von {other}, nicht von {game.title}",
        )
    try:
        players = game.normalize_options(record.options)["players"]
    except ValueError as exc:  # OptionError, or a game's own check of its options
        german = exc.said("de") if isinstance(exc, OptionError) else None
        english = str(exc)
        if isinstance(exc, OptionError) and (german is None or exc.generic):
            said = option_error(game, exc, dict(record.options), record=True)  # a choice by its label
            if isinstance(said, CliError) and said.de:
                english, german = str(said), said.de
        raise CliError(
            f"{args.resume} has invalid options: {english}",
            BAD_RECORD,
            de=f"{args.resume} hat ungültige Optionen: {german or exc}",
        ) from exc
    if args.players is not None and args.players != players:
        raise CliError(
            f"the saved game has {players} players, not {args.players}",
            de=f"die gespeicherte Partie hat {players} Spieler, nicht {args.players}",
        )
    seats = parse_seats(game, default_seats(args.seats, players), players, extra=(HUMAN,))
    save = args.save if args.save is not None else args.resume
    check_writable(save, "--save" if args.save is not None else "--resume")
    try:
        session = TerminalGame(game, {}, 0, seats, lang=args.lang, save=save, resume=record)
    except RecordError as exc:
        raise inconsistent(str(args.resume), exc, game, record) from exc
    return session.run()


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help=h("play.help"),
        **described(
            said("play.description"),
            "feldherr play wallenstein --players 4 --seats human,heuristic,random,random --lang de",
            "feldherr play wallenstein --seats human,human,human --save game.json   "
            + said("play.ex.hotseat"),
            "feldherr play mansfeld --seats heuristic,random --seed 7                 "
            + said("play.ex.watch"),
            "feldherr play wallenstein --resume game.json --seats human,random,random",
        ),
    )
    add_game_argument(parser)
    parser.add_argument(
        "--seats",
        metavar=said("mv.list"),
        help=h("play.seats"),
    )
    parser.add_argument(
        "--save",
        type=Path,
        metavar=said("mv.file"),
        help=h("play.save"),
    )
    parser.add_argument(
        "--resume",
        type=Path,
        metavar=said("mv.file"),
        help=h("play.resume"),
    )
    add_common_arguments(parser, seed_help=h("play.seed"))
    parser.set_defaults(func=run)
