"""``feldherr replay``: re-execute a game record, check it, and print its log."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from feldherr.cli.common import CliError, described, show
from feldherr.cli.messages import msg
from feldherr.core.errors import OptionError, RecordError
from feldherr.core.record import GameRecord, replay
from feldherr.sim.setup import resolve_game

BAD_RECORD = 1


def load_record(path: Path) -> GameRecord:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {path}: {exc}", BAD_RECORD) from exc
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise CliError(f"{path} is not JSON: {exc}", BAD_RECORD) from exc
    if not isinstance(data, dict):
        raise CliError(f"{path} is not a game record (expected a JSON object)", BAD_RECORD)
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise CliError(f"{path}: {exc}", BAD_RECORD) from exc


def run(args: argparse.Namespace) -> int:
    path: Path = args.record
    record = load_record(path)
    try:
        game = resolve_game(record.game)
    except OptionError as exc:
        raise CliError(f"{path}: {exc}", BAD_RECORD) from exc
    try:
        state = replay(game, record)
    except RecordError as exc:
        raise CliError(f"{path} is inconsistent: {exc}", BAD_RECORD) from exc
    except OptionError as exc:
        raise CliError(f"{path} has invalid options: {exc}", BAD_RECORD) from exc
    seat: int | None = args.seat
    if seat is not None and not 0 <= seat < state.num_players:
        raise CliError(f"--seat must be 0 to {state.num_players - 1}, not {seat}")
    lang = args.lang
    opts = ", ".join(f"{k}={show(v)}" for k, v in record.options.items())
    print(f"{game.title}: {opts}; seed {record.seed}; {len(record.moves)} moves")
    entries = state.log if seat is None else state.visible_log(seat)
    for entry in entries:
        to = entry.get("to")
        prefix = f"[{msg('seat_short', lang, seat=to)}] " if seat is None and to is not None else ""
        print(f"  {prefix}{game.render_log(entry, lang)}")
    if args.board:
        print(game.render_text(state, seat, lang))
    if state.is_terminal():
        outcome = state.outcome()
        print(msg("scores", lang, scores=", ".join(f"{s}: {v:g}" for s, v in enumerate(outcome.scores))))
        print(msg("winners", lang, winners=", ".join(str(s) for s in outcome.winners)))
        if outcome.detail:
            print(json.dumps(dict(outcome.detail), ensure_ascii=False, default=str))
    else:
        print(msg("unfinished", lang))
    check = msg("digest_ok" if record.final_digest is not None else "digest_none", lang)
    print(msg("replay_ok", lang, moves=len(record.moves), check=check))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="re-execute a game record and print its log",
        **described(
            (
                "Re-execute a game record (JSON: game, options, seed, moves, final_digest) move by move, "
                "check every move and the final digest, and print the log. Exits with status 1 if the "
                "record cannot be read or is inconsistent."
            ),
            "feldherr replay game.json",
            "feldherr replay game.json --seat 2 --lang de --board",
        ),
    )
    parser.add_argument("record", type=Path, metavar="RECORD.json", help="the game record")
    parser.add_argument("--seat", type=int, metavar="N", help="print only what seat N may read (0-based)")
    parser.add_argument("--board", action="store_true", help="also print the final position")
    parser.add_argument("--lang", choices=("en", "de"), default="en", help="language (default en)")
    parser.set_defaults(func=run)
