"""``feldherr analyse GAME POSITION.json --seat N``: the analysis board on the command line.

Every legal move of the seat with the search's estimate (win share and mean score of every player,
visits), best first; the search sees only what that seat sees (:mod:`feldherr.search.analysis`).
Moves and players are named in words (the game's ``describe_move``, the position's player names),
in English or German.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from feldherr.cli.common import (
    CliError,
    add_lang_argument,
    described,
)
from feldherr.cli.helptexts import h, said
from feldherr.core.commandline import seed_value
from feldherr.core.errors import OptionError, PositionError, RuleError, clip
from feldherr.core.game import Game, State
from feldherr.core.i18n import LANGS, fixed, number, percent, render
from feldherr.core.position import player_names, player_words
from feldherr.core.progress import progress_bar
from feldherr.core.registry import game_names
from feldherr.search.analysis import DEFAULT_BOT, Analysis, search_bot, standing
from feldherr.search.analysis import analyse as run_analysis
from feldherr.sim.setup import resolve_game

THIN = 0.4
"""The best move's 95 % range wider than this (40 points): too few searches to rank the moves, said
in words under the table (as the browser's analysis board says it)."""

WORDS: dict[str, dict[str, str]] = {
    "title": {
        "en": "{game}: the moves of {player} ({bot}, {iterations} searches, {seconds} s)",
        "de": "{game}: die Züge von {player} ({bot}, {iterations} Suchläufe, {seconds} s)",
    },
    "move": {"en": "move", "de": "Zug"},
    # each move against the search's choice (search.analysis.standing), after its row
    "choice": {"en": "the search's choice", "de": "Wahl der Suche"},
    "as_good": {"en": "about as good", "de": "etwa gleich gut"},
    "better": {"en": "probably better", "de": "wohl besser"},
    "visits": {"en": "searches", "de": "Suchläufe"},
    "wins": {"en": "wins {player}", "de": "Siege {player}"},
    "score": {"en": "mean score", "de": "Punkte Ø"},
    # under the table: what each column estimates and how sure it is, in words
    "legend": {
        "en": (
            "wins {player}: {player}'s win chance after the move as the search estimates it: the "
            "share of the search's games from here after that move that {player} won (a shared win "
            "counts in part), in brackets the range it lies in with {sure} certainty (wide with few "
            "searches). searches: the search's games that began with the move; the search spends most"
            " on what it finds best, so the most searched move is its choice and comes first, the "
            "others by their searches, not by their win chances. A move marked “about as good” has"
            " a range that overlaps the choice's: the numbers cannot tell the two apart, even where "
            "its win chance is higher; “probably better”: its range lies wholly above the choice's."
            " mean score: each player's average final points in those games."
        ),
        "de": (
            "Siege {player}: die Siegchance von {player} nach dem Zug, wie die Suche sie schätzt: der"
            " Anteil der Partien der Suche von hier aus nach diesem Zug, die {player} gewonnen hat "
            "(ein geteilter Sieg zählt anteilig), in Klammern der Bereich, in dem er zu {sure} sicher "
            "liegt (breit bei wenigen Suchläufen). Suchläufe: die Partien der Suche, die mit dem Zug "
            "begannen; die Suche verwendet die meisten auf das, was sie für das Beste hält, daher "
            "ist der am meisten untersuchte Zug ihre Wahl und steht oben, die übrigen nach ihren "
            "Suchläufen, nicht nach ihrer Siegchance. Ein Zug mit „etwa gleich gut“ hat einen "
            "Bereich, der sich mit dem der Wahl überschneidet: Die Zahlen können die beiden nicht "
            "unterscheiden, auch wenn seine Siegchance höher ist; „wohl besser“: sein Bereich "
            "liegt ganz über dem der Wahl. Punkte Ø: die durchschnittlichen "
            "Schlusspunkte jedes Spielers in diesen Partien."
        ),
    },
    "thin": {
        "en": "Only a few searches stand behind each move: the order and the percentages are rough "
        "(the range of the search's choice spans {points} points). A longer budget (--bot) gives a "
        "surer picture.",
        "de": "Hinter jedem Zug stehen nur wenige Suchläufe: Reihenfolge und Prozentzahlen sind grob "
        "(der Bereich der Wahl der Suche umfasst {points} Punkte). Ein längeres Budget (--bot) gibt ein "
        "sichereres Bild.",
    },
    "seat": {
        "en": "the position has no player {seat} (give a number from 0 to {last} or a name: {names})",
        "de": "Die Stellung hat keinen Spieler {seat} (eine Zahl von 0 bis {last} oder ein Name: {names})",
    },
    "read": {
        "en": "cannot read the position {path}: {reason}",
        "de": "Die Stellung {path} ist nicht lesbar: {reason}",
    },
    "not-json": {
        "en": "the text is not JSON (line {line}, column {column})",
        "de": "Der Text ist kein JSON (Zeile {line}, Spalte {column})",
    },
    "not-object": {
        "en": "it holds no position (a JSON object with the game's fields)",
        "de": "Sie enthält keine Stellung (ein JSON-Objekt mit den Feldern des Spiels)",
    },
    "no-file": {"en": "there is no such file", "de": "Diese Datei gibt es nicht"},
    "not-text": {"en": "the file is not text in UTF-8", "de": "Die Datei ist kein Text in UTF-8"},
    "unreadable": {"en": "the file cannot be read", "de": "Die Datei kann nicht gelesen werden"},
    "folder": {"en": "it is a folder, not a file", "de": "Das ist ein Ordner, keine Datei"},
    "too-deep": {
        "en": "it holds no position (JSON nested too deep)",
        "de": "Sie enthält keine Stellung (JSON zu tief verschachtelt)",
    },
    "game": {
        "en": "there is no game {game} (known: {known})",
        "de": "Ein Spiel {game} gibt es nicht (bekannt: {known})",
    },
    "unit": {"en": "searches", "de": "Suchläufe"},
    "one": {"en": "search", "de": "Suchlauf"},
    "nobody": {
        "en": "nobody has a decision to make in this position (the game is over)",
        "de": "In dieser Stellung hat niemand etwas zu entscheiden (die Partie ist vorbei)",
    },
    "several": {
        "en": "several players decide at once in this position ({players}): choose one with --seat",
        "de": "In dieser Stellung entscheiden mehrere Spieler zugleich ({players}): einen mit --seat wählen",
    },
    "bot": {
        "en": "not a search bot with a budget: {bot}",
        "de": "Kein Suchbot mit gültigem Budget: {bot} (medium, hard oder ismcts, mit einem Budget "
        "wie hard@5s, medium@400i, hard@2000i+1s)",
    },
    "idle": {
        "en": "{player} has no decision to make in this position",
        "de": "{player} hat in dieser Stellung nichts zu entscheiden",
    },
}


def words(key: str, lang: str, **args: Any) -> str:
    return render(WORDS, key, args, lang, translate_args=False)


def read_position(path: str, lang: str = "en") -> dict[str, Any]:
    """The JSON object in ``path``; CliError if the file cannot be read or is no JSON object."""

    def refuse(reason: str) -> CliError:
        return CliError(words("read", lang, path=clip(path, 120), reason=reason))

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise refuse(words("not-json", lang, line=exc.lineno, column=exc.colno)) from exc
    except FileNotFoundError as exc:
        raise refuse(words("no-file", lang)) from exc
    except IsADirectoryError as exc:
        raise refuse(words("folder", lang)) from exc
    except UnicodeDecodeError as exc:
        raise refuse(words("not-text", lang)) from exc
    except RecursionError as exc:  # JSON nested deeper than Python's parser goes
        raise refuse(words("too-deep", lang)) from exc
    except (OSError, ValueError) as exc:
        raise refuse(words("unreadable", lang)) from exc
    if not isinstance(data, dict):
        raise refuse(words("not-object", lang))
    return data


def load_position(game: Game, path: str, seed: int, lang: str) -> tuple[dict[str, Any], State]:
    """Read and set up the position in ``path``; a broken position is one line in ``lang``."""
    position = read_position(path, lang)
    try:
        return position, game.from_position(position, seed)
    except PositionError as err:
        raise CliError(game.error_text(err, lang), 1) from err


def seat_of(text: str, names: list[str], lang: str, game: Game | None = None) -> int:
    """A seat by number (0-based) or by the player's name in the position, as the file spells it
    or as the table shows it in either language (``blue``, ``Blue``, ``Blau``), in any case."""
    if text.isdigit() and int(text) < len(names):
        return int(text)
    if text in names:
        return names.index(text)
    wanted = text.strip().casefold()
    shown = {lg: player_words(names, game.messages(), lg) for lg in LANGS} if game is not None else {}
    for seat, name in enumerate(names):
        spellings = {name, *(shown[lg][seat] for lg in shown)}
        if wanted in {spelling.casefold() for spelling in spellings}:
            return seat
    listed = ", ".join(shown.get(lang, names))
    raise CliError(words("seat", lang, seat=clip(text, 40), last=len(names) - 1, names=listed))


def deciding(game: Game, state: State, names: list[str], lang: str) -> int:
    """The seat to analyse when ``--seat`` is not given: the one player who decides."""
    movers = [] if state.is_terminal() else list(state.to_move())
    if len(movers) == 1:
        return int(movers[0])
    if not movers:
        raise CliError(words("nobody", lang), 1)
    words_ = player_words(names, game.messages(), lang)
    shown = ", ".join(words_[s] for s in movers)
    raise CliError(words("several", lang, players=shown))


def table(game: Game, analysis: Analysis, view: dict[str, Any], names: list[str], lang: str) -> str:
    shown = player_words(names, game.messages(), lang)
    me = shown[analysis.seat]
    texts = [game.describe_move(view, m.move, lang) for m in analysis.moves]
    width = max(len(words("move", lang)), *(len(t) for t in texts))
    wins = words("wins", lang, player=me)
    lines = [
        words(
            "title",
            lang,
            game=game.title,
            player=me,
            bot=analysis.bot,
            iterations=number(analysis.iterations, lang),
            seconds=fixed(analysis.seconds, 1, lang),
        ),
        "",
        f"{'':>3}  {words('move', lang):<{width}}  {words('visits', lang):>9}  {wins:>26}  "
        + "  ".join(f"{n:>10}" for n in shown),
        f"{'':>3}  {'':<{width}}  {'':>9}  {'':>26}  " + f"{words('score', lang):>10}",
    ]
    marks = standing(analysis.moves)
    for rank, (estimate, text, mark) in enumerate(zip(analysis.moves, texts, marks, strict=True), 1):
        share = estimate.win_share[analysis.seat]
        low, high = (percent(x, 1, lang) for x in (estimate.low, estimate.high))
        apart = ";" if lang == "de" else ","  # a decimal comma in German: the bounds apart by ";"
        interval = f"{percent(share, 1, lang):>7} [{low:>7}{apart} {high:>7}]"
        lines.append(
            f"{rank:>3}  {text:<{width}}  {number(estimate.visits, lang):>9}  {interval:>26}  "
            + "  ".join(f"{fixed(s, 2, lang):>10}" for s in estimate.score)
            + (f"  {words(mark, lang)}" if mark else "")
        )
    lines += ["", textwrap.fill(words("legend", lang, player=me, sure=percent(0.95, 0, lang)), 96)]
    best = analysis.moves[0] if analysis.moves else None
    if best is not None and best.visits and best.high - best.low > THIN:
        points = round(100 * (best.high - best.low))
        lines += ["", textwrap.fill(words("thin", lang, points=points), 96)]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        game = resolve_game(args.game)
    except OptionError as exc:
        known = ", ".join(game_names())
        raise CliError(words("game", args.lang, game=clip(args.game, 40), known=known)) from exc
    seed = args.seed if args.seed is not None else 0
    position, state = load_position(game, args.position, seed, args.lang)
    names = player_names(position)
    seat = (
        seat_of(args.seat, names, args.lang, game)
        if args.seat is not None
        else deciding(game, state, names, args.lang)
    )
    if seat not in state.to_move():
        player = player_words(names, game.messages(), args.lang)[seat]
        raise CliError(words("idle", args.lang, player=player), 1)
    try:
        searcher = search_bot(game, args.bot, seed)  # a bad bot name fails before the search
    except OptionError as exc:
        if args.lang == "en":
            raise
        raise CliError(words("bot", args.lang, bot=clip(args.bot, 60))) from exc
    budget = searcher.budget
    timed = budget.seconds is not None and budget.iterations is None
    total: float | None = budget.seconds if timed else budget.iterations
    bar = (
        tqdm(
            total=total,
            desc=game.title,
            unit="s",
            file=sys.stderr,
            disable=args.quiet,
            bar_format="{l_bar}{bar}| {n:.1f}/{total:.1f} s",
        )
        if timed
        else progress_bar(
            many=words("unit", args.lang),
            one=words("one", args.lang),
            lang=args.lang,
            total=total,
            desc=game.title,
            file=sys.stderr,
            disable=args.quiet,
        )
    )
    started = time.perf_counter()

    def tick(done: int) -> None:
        if timed:
            # update() redraws at most every mininterval (0.1 s); a search makes thousands of ticks
            elapsed = min(time.perf_counter() - started, float(total or 0))
            bar.update(elapsed - bar.n)
        else:
            bar.update(1)

    try:
        analysis = run_analysis(game, state, seat, args.bot, seed, tick)
        if timed:  # the search is done: it plans 95 % of its time, and the bar redraws at most every 0.1 s
            bar.update(float(total or 0) - bar.n)
    except RuleError as err:
        raise CliError(game.error_text(err, args.lang), 1) from err
    finally:
        bar.close()
    view = state.view(seat)
    if args.json:
        out = analysis.to_json(game, view, args.lang)
        out["players"] = names
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(table(game, analysis, view, names, args.lang))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "analyse",
        help=h("analyse.help"),
        **described(
            said("analyse.description"),
            "feldherr analyse mansfeld docs/positions/mansfeld-example.json",
            "feldherr analyse wallenstein table.json --seat red --bot hard@5s --json",
        ),
    )
    parser.add_argument("game", metavar=said("mv.game"), help=h("game.plain"))
    parser.add_argument("position", metavar=said("mv.position"), help=h("analyse.position"))
    parser.add_argument("--seat", metavar=said("mv.seat"), help=h("analyse.seat"))
    parser.add_argument("--bot", default=DEFAULT_BOT, metavar="BOT", help=h("analyse.bot", bot=DEFAULT_BOT))
    parser.add_argument("--seed", type=seed_value, metavar="N", help=h("analyse.seed"))
    add_lang_argument(parser, "lang.output")
    parser.add_argument("--json", action="store_true", help=h("json"))
    parser.add_argument("--quiet", action="store_true", help=h("quiet"))
    parser.set_defaults(func=run)


__all__ = ["load_position", "read_position", "register"]
