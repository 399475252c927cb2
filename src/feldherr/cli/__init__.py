"""The ``feldherr`` command line: games, play, simulate, bench, replay, plus plugin commands.

Every subcommand lives in a module with ``register(subparsers)``, which adds an ``argparse``
subparser and sets ``func`` (``args -> exit status``) as its default. The built-in commands and
plugins register the same way; a plugin is announced through the ``feldherr.cli`` entry-point
group (a game's own commands too: Wallenstein's ``tower`` and ``odds``).

Exit status: 0 success, 1 a record that does not replay or a game abandoned by end of input,
2 a usage error (unknown game, bad seats, options the game rejects), 70 a defect in feldherr.
Whatever the input, a failure is ONE line ``feldherr: error: ...`` on standard error (echoed input
clipped), never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any, ClassVar, NoReturn

from feldherr import __version__
from feldherr.cli.common import CliError, add_game_options, locale_lang
from feldherr.cli.helptexts import h, said
from feldherr.cli.messages import msg
from feldherr.core.commandline import ValueRefused, argparse_speaks, set_command_lang
from feldherr.core.commandline import command_lang as spoken_lang
from feldherr.core.errors import OptionError, RecordError, RuleError, clip
from feldherr.core.i18n import LANGS
from feldherr.games import game_names
from feldherr.sim.setup import resolve_game

COMMANDS = (
    "feldherr.cli.listing",
    "feldherr.cli.play",
    "feldherr.cli.simulate",
    "feldherr.cli.analyse",
    "feldherr.cli.bench",
    "feldherr.cli.replay",
    "feldherr.cli.fuzz",
    "feldherr.cli.tournament",
    "feldherr.cli.serve",
)
#: Optional modules with ``register(subparsers)``; skipped when not installed.
PLUGINS: list[str] = []
ENTRY_POINT_GROUP = "feldherr.cli"


def _optional(module_name: str) -> object | None:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return None  # the plugin (or its package) is simply not there
        _plugin_warning(module_name, str(exc))
    except Exception as exc:  # a broken plugin must not take the whole command line down
        _plugin_warning(module_name, repr(exc))
    return None


def _plugin_warning(name: str, problem: str) -> None:
    print(f"feldherr: {msg('plugin_broken', Parser.lang, name=name, error=problem)}", file=sys.stderr)


def _entry_point_registrars() -> list[tuple[str, Callable[..., object]]]:
    found: list[tuple[str, Callable[..., object]]] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plugin must not take the whole command line down
            _plugin_warning(ep.value, repr(exc))
            continue
        register = obj if not isinstance(obj, types.ModuleType) else getattr(obj, "register", None)
        if callable(register):
            found.append((ep.value, register))
    return found


def register_plugins(subparsers: argparse._SubParsersAction[Any]) -> list[str]:
    """Let every available plugin add its subcommands; returns the plugins that registered.

    Plugins are the modules in :data:`PLUGINS` (each with ``register(subparsers)``) and the entry
    points of the ``feldherr.cli`` group (a module with ``register`` or the function itself).
    """
    registrars: list[tuple[str, Callable[..., object]]] = []
    for name in PLUGINS:
        register = getattr(_optional(name), "register", None)
        if callable(register):
            registrars.append((name, register))
    known = {name for name, _ in registrars}
    registrars += [(n, r) for n, r in _entry_point_registrars() if n.split(":")[0] not in known]
    for _, register in registrars:
        register(subparsers)
    return [name for name, _ in registrars]


class Parser(argparse.ArgumentParser):
    """``argparse`` with usage errors as one bounded line (no usage block, input clipped), in the
    language of the command line (:attr:`lang`: its ``--lang``, else the locale's)."""

    lang: ClassVar[str] = "en"

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as err:
            refused = err.__context__
            if isinstance(refused, ValueRefused) and self.lang != "en":
                raise argparse.ArgumentError(action, refused.text(self.lang)) from None
            raise

    def error(self, message: str) -> NoReturn:
        # argparse's own words are already in the language (core.commandline.argparse_speaks)
        self.exit(
            2, f"{self.prog}: {msg('usage_error', self.lang, error=one_line(message), prog=self.prog)}\n"
        )


def command_lang(argv: Sequence[str]) -> str:
    """The language a command line asks for: its ``--lang`` (``--lang de``, ``--lang=de``), else the
    locale's."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg.partition("=")[2]
        if (arg == "--lang" or arg.startswith("--lang=")) and value in LANGS:
            return value
    return locale_lang()


def one_line(text: str, limit: int = 300) -> str:
    """``text`` as one line of at most ``limit`` characters (echoed input is bounded)."""
    return clip(" ".join(text.split()), limit)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``argv``, a game command also gets the flags of the game it names
    (the first stage of the two-stage parse, see :func:`find_game`)."""
    parser = Parser(
        prog="feldherr",
        description=said("main.description"),
        epilog=said("main.epilog"),
    )
    parser.add_argument(
        "--version", action="version", version=f"feldherr {__version__}", help=h("main.version")
    )
    subparsers = parser.add_subparsers(title=said("main.commands"), metavar=said("mv.command"))
    for name in COMMANDS:
        importlib.import_module(name).register(subparsers)
    register_plugins(subparsers)
    if argv is not None:
        found = find_game(argv, subparsers.choices)
        if found is not None:
            command, game_name, lang = found
            asks_help = any(a in ("-h", "--help") for a in argv)
            if game_name in game_names() or (game_name is not None and not asks_help):
                # an unknown game is reported as such, not as "unrecognized arguments"
                add_game_options(subparsers.choices[command], resolve_game(game_name), lang)
    return parser


def _value_flags(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for flag, action in parser._option_string_actions.items() if action.nargs != 0}


def find_game(
    argv: Sequence[str], commands: Mapping[str, argparse.ArgumentParser]
) -> tuple[str, str | None, str] | None:
    """(command, game name, language) when ``argv`` runs a command that takes a game, else None.

    The game is the first argument that is not an option or an option's value and names a known
    game (else the first such argument, whose error the command reports); flags of the game
    itself are not known yet, so they belong after the game's name.
    """
    command_index = next((i for i, a in enumerate(argv) if not a.startswith("-")), None)
    if command_index is None:
        return None
    command = argv[command_index]
    sub = commands.get(command)
    if sub is None or not sub.get_default("takes_game_options"):
        return None
    value_flags = _value_flags(sub)
    positionals: list[str] = []
    lang = locale_lang()
    rest = list(argv[command_index + 1 :])
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg == "--":
            positionals += rest[i + 1 :]
            break
        if arg.startswith("-") and arg != "-":
            flag, eq, value = arg.partition("=")
            if flag in value_flags and not eq:
                value = rest[i + 1] if i + 1 < len(rest) else ""
                i += 1
            if flag == "--lang" and value in LANGS:
                lang = value
        else:
            positionals.append(arg)
        i += 1
    known = set(game_names())
    game = next((p for p in positionals if p in known), positionals[0] if positionals else None)
    return command, game, lang


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``feldherr ARGV``; returns the exit status. Every failure is one line on standard error
    (see the module docstring); ``FELDHERR_DEBUG=1`` shows the traceback of an internal error."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    Parser.lang = command_lang(args_list)
    before = spoken_lang()
    set_command_lang(Parser.lang)
    try:
        with argparse_speaks(Parser.lang):
            return _run(args_list)
    finally:
        set_command_lang(before)  # a parser built later, outside a command line, speaks as before


def _run(args_list: list[str]) -> int:
    try:
        parser = build_parser(args_list)
        args = parser.parse_args(args_list)
        func = getattr(args, "func", None)
        if func is None:
            return _fail(msg("no_command", Parser.lang), 2)
        return int(func(args) or 0)
    except CliError as err:
        return _fail(err.text(Parser.lang), err.code)
    except OptionError as err:
        return _fail(option_refusal(err, Parser.lang), 2)
    except (RecordError, RuleError) as err:
        return _fail(str(err), 1)
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (head, less)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as exc:  # a defect; the user still gets one line, not a traceback
        if os.environ.get("FELDHERR_DEBUG"):
            raise
        text = f"{type(exc).__name__}: {shown_error(exc)}"
        return _fail(msg("internal", Parser.lang, error=text), INTERNAL)


def option_refusal(err: OptionError, lang: str = "en") -> str:
    """An option the game refuses, named by the flag a person types (``--start-money must be a
    whole number``), not by the option's key (``option start_money must be ...``); in ``lang``
    where the error has words for it."""
    said = err.said(lang)
    if lang != "en" and said:
        return said
    text = str(err)
    name = err.option
    prefix = f"option {name} "
    if name and text.startswith(prefix):
        return f"--{name.replace('_', '-')} {text[len(prefix) :]}"
    return text


INTERNAL = 70
"""Exit status of a defect in feldherr itself (``EX_SOFTWARE``)."""


def shown_error(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # an exception whose message cannot even be built
        return "(no message)"


def _fail(message: str, code: int) -> int:
    print(f"feldherr: {msg('error', Parser.lang, error=one_line(message))}", file=sys.stderr)
    return code
