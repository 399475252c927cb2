"""``feldherr replay``: re-execute a game record, check it, and print its log and outcome in words,
or (``--json``) one JSON object for programs."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from feldherr.cli.common import (
    CliError,
    add_lang_argument,
    described,
    option_error,
    option_words,
    position_names,
)
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg, winners_line
from feldherr.core.commandline import read_problem
from feldherr.core.errors import OptionError, RecordError, clip, no_json_constant
from feldherr.core.game import Game
from feldherr.core.i18n import LANGS, number
from feldherr.core.record import GameRecord, replay
from feldherr.sim.setup import resolve_game

BAD_RECORD = 1
MAX_RECORD_BYTES = 256 * 2**20
"""A record file larger than this is refused unread (a long game's record is well under 1 MB)."""


def load_record(path: Path) -> GameRecord:
    """Read a record file by exact types (:meth:`GameRecord.from_json`); CliError with one
    readable line for anything else: a missing or unreadable file, bad JSON (``Infinity`` and
    ``NaN`` included), nesting too deep, a value of the wrong type."""
    shown = clip(str(path), 120)
    try:
        if path.stat().st_size > MAX_RECORD_BYTES:
            raise CliError(
                f"{shown} is too large for a game record",
                BAD_RECORD,
                de=f"{shown} ist zu groß für eine Aufzeichnung",
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise CliError(
            f"cannot read {shown}: {read_problem(exc)}",
            BAD_RECORD,
            de=f"{shown} ist nicht lesbar: {read_problem(exc, 'de')}",
        ) from exc
    try:
        data = json.loads(text, parse_constant=no_json_constant)
    except ValueError as exc:
        where = (
            f"line {exc.lineno}, column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else str(exc)
        )
        wo = f"Zeile {exc.lineno}, Spalte {exc.colno}" if isinstance(exc, json.JSONDecodeError) else str(exc)
        raise CliError(
            f"{shown} is not JSON ({clip(where, 120)})",
            BAD_RECORD,
            de=f"{shown} ist kein JSON ({clip(wo, 120)})",
        ) from exc
    except RecursionError as exc:
        raise CliError(
            f"{shown} is not a game record (JSON nested too deep)",
            BAD_RECORD,
            de=f"{shown} ist keine Aufzeichnung einer Partie (JSON zu tief verschachtelt)",
        ) from exc
    if not isinstance(data, dict):
        raise CliError(
            f"{shown} is not a game record (expected a JSON object)",
            BAD_RECORD,
            de=f"{shown} ist keine Aufzeichnung einer Partie (ein JSON-Objekt erwartet)",
        )
    try:
        return GameRecord.from_json(data)
    except RecordError as exc:
        raise CliError(f"{shown}: {exc}", BAD_RECORD, de=f"{shown}: {exc.said('de')}") from exc


def inconsistent(shown: str, exc: RecordError, game: Game, record: GameRecord) -> CliError:
    """A record that does not replay: the English for programs, the German words for people (moves
    counted from 1, players by colour, the rule's or the option's reason in German)."""
    german, english = exc.said("de"), str(exc)
    cause = exc.__cause__
    if isinstance(cause, OptionError) and (not cause.said("de") or cause.generic):
        said = option_error(game, cause, dict(record.options), record=True)  # a choice by its label
        if isinstance(said, CliError) and said.de:
            english = msg("record_options", "en", reason=str(said))
            german = msg("record_options", "de", reason=said.de)
    return CliError(
        f"{shown} is inconsistent: {english}", BAD_RECORD, de=f"{shown} ist nicht stimmig: {german}"
    )


def seat_of(text: str, game: Game, players: int, named: dict[str, list[str]]) -> int:
    """``--seat``: a seat's number from 0, or its colour as the game names it in either language
    (``red``, ``Blau``), in any case; in a game played on from a position, also its player's name
    as the position writes it (``Anna``; ``named``: :func:`seat_words`)."""
    wanted = text.strip().casefold()
    for seat in range(players):
        known = {game.seat_name(seat, lang).casefold() for lang in LANGS}
        known |= {game.seat_name(seat, lang, named[lang]).casefold() for lang in LANGS if named}
        if wanted in known:
            return seat
    try:
        number = int(text, 10)
    except ValueError:
        number = -1
    if 0 <= number < players and text.strip().lstrip("+").isdigit():
        return number
    listed = {
        lang: ", ".join(game.seat_name(s, lang, named.get(lang)) for s in range(players)) for lang in LANGS
    }
    key = "replay_seat_named" if named else "replay_seat"
    said = {lang: msg(key, lang, last=players - 1, names=listed[lang], seat=clip(text, 40)) for lang in LANGS}
    raise CliError(said["en"], de=said["de"])


def seat_words(game: Game, position: dict[str, Any] | None) -> dict[str, list[str]]:
    """Each player as the record's position names them, per language ({} for a new game: the
    seats are the game's colours)."""
    return {lang: named for lang in LANGS if (named := position_names(game, position, lang)) is not None}


def run(args: argparse.Namespace) -> int:
    path: Path = args.record
    shown = clip(str(path), 120)
    lang = args.lang
    record = load_record(path)
    try:
        game = resolve_game(record.game)
    except OptionError as exc:
        raise CliError(f"{shown}: {exc}", BAD_RECORD, de=f"{shown}: {exc.said('de') or exc}") from exc
    try:
        state = replay(game, record)
    except RecordError as exc:
        raise inconsistent(shown, exc, game, record) from exc
    except OptionError as exc:
        raise CliError(
            f"{shown} has invalid options: {exc}",
            BAD_RECORD,
            de=f"{shown} hat ungültige Optionen: {exc.said('de') or exc}",
        ) from exc
    named = seat_words(game, record.position)  # a game from a position: its players' names
    seat = None if args.seat is None else seat_of(args.seat, game, state.num_players, named)
    names = named.get(lang)
    entries = state.log if seat is None else state.visible_log(seat)
    if args.json:
        ended = state.outcome().to_json() if state.is_terminal() else None
        log = [{"to": entry.get("to"), "text": game.render_log(entry, lang, names)} for entry in entries]
        summary = {
            "game": record.game,
            "options": dict(record.options),
            "seed": record.seed,
            "moves": len(record.moves),
            "digest_checked": record.final_digest is not None,
            "outcome": ended,
            "log": log,
        }
        json.dump(summary, sys.stdout, ensure_ascii=False, default=str)
        sys.stdout.write("\n")
        return 0
    opts = option_words(game, dict(record.options), lang)
    moves = len(record.moves)
    players = state.num_players
    print(
        msg(
            "replay_title",
            lang,
            title=game.title,
            players=players,
            seed=record.seed,
            moves=moves,
            options=f"; {opts}" if opts else "",
        )
    )
    # The auditor's view: the whole log, private lines marked with their seat (or one seat's part).
    for entry in entries:
        to = entry.get("to")
        prefix = f"[{game.seat_name(to, lang, names)}] " if seat is None and to is not None else ""
        print(f"  {prefix}{game.render_log(entry, lang, names)}")
    if args.board:
        print(game.render_view(state.view(seat), lang, names))
    if state.is_terminal():
        # in words, as ``feldherr play`` ends: the tie-break data (outcome.detail) are raw data for
        # programs (--json); the log's last lines already say who won and why
        outcome = state.outcome()
        scores = (
            msg("player_score", lang, name=game.seat_name(s, lang, names), score=number(v, lang))
            for s, v in enumerate(outcome.scores)
        )
        winners = [game.seat_name(s, lang, names) for s in outcome.winners]
        print(msg("scores", lang, scores=", ".join(scores)))
        print(winners_line(winners, lang))
    else:
        print(msg("unfinished", lang))
    check = msg("digest_ok" if record.final_digest is not None else "digest_none", lang)
    print(msg("replay_ok", lang, moves=moves, check=check))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=h("replay.help"),
        **described(
            said("replay.description"),
            "feldherr replay game.json",
            "feldherr replay game.json --seat Gelb --lang de --board",
            "feldherr replay game.json --json",
        ),
    )
    parser.add_argument("record", type=Path, metavar=said("mv.record"), help=h("replay.record"))
    parser.add_argument("--seat", metavar=said("mv.seat"), help=h("replay.seat"))
    parser.add_argument("--board", action="store_true", help=h("replay.board"))
    parser.add_argument("--json", action="store_true", help=h("replay.json"))
    add_lang_argument(parser, "lang.plain")
    parser.set_defaults(func=run)
