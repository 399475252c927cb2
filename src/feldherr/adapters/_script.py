"""What the adapters' small programs (``python -m feldherr.adapters.ismcts``, ``.train``,
``.bench``) share: checked arguments, so that bad input is one line naming the problem and what is
accepted (exit status 2, as argparse's own usage errors), never a traceback.

The programs are developer and research tools, as the Python API they drive: they speak English
only (no ``--lang``; ``docs/adapters.md`` says so), unlike the ``feldherr`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from feldherr.adapters import missing_library
from feldherr.core.commandline import whole_number
from feldherr.core.errors import clip
from feldherr.core.game import Game
from feldherr.core.play import bot_factory
from feldherr.games import get_game


class Parser(argparse.ArgumentParser):
    """``argparse`` with usage errors as one bounded line, as the ``feldherr`` command has them."""

    def error(self, message: str) -> NoReturn:
        line = clip(" ".join(message.split()), 300)
        self.exit(2, f"{self.prog}: error: {line} (see '{self.prog} --help')\n")


def program(prog: str, description: str) -> Parser:
    """A program's parser with its two first arguments, the game and ``--players``."""
    parser = Parser(prog=prog, description=description)
    parser.add_argument("game", help="game name (elgrande, mansfeld, wallenstein, ...)")
    parser.add_argument(
        "--players", type=whole_number(1, 64), default=None, metavar="N",
        help="player count (default: the game's)",
    )  # fmt: skip
    return parser


def checked_game(
    parser: argparse.ArgumentParser, name: str, options: Mapping[str, Any], bots: Iterable[str] = ()
) -> Game:
    """The game, its options and the bots checked before any work: an unknown game, an option the
    game refuses or an unknown bot ends the program with one line (``parser.error``, status 2)."""
    try:
        game = get_game(name)
        game.normalize_options(options)
        for spec in bots:
            bot_factory(game, spec)
    except ValueError as exc:  # OptionError is one
        parser.error(clip(str(exc), 300))
    return game


def unavailable(module: str, prog: str, library: str, exc: ImportError) -> ImportError:
    """The error of a program whose research library is missing, saying what to install. Where the
    module runs as the program itself (``python -m``), one line and exit status 2 instead."""
    text = str(exc) if str(exc).startswith("feldherr.") else missing_library(library, prog.split()[-1])
    if module == "__main__":
        print(f"{prog}: error: {text}", file=sys.stderr)
        raise SystemExit(2)
    return ImportError(text)
