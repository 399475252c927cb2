"""The ``feldherr`` command line: games, play, simulate, bench, replay, plus plugin commands.

Every subcommand lives in a module with ``register(subparsers)``, which adds an ``argparse``
subparser and sets ``func`` (``args -> exit status``) as its default. The built-in commands and
optional plugins (such as ``feldherr.tower.cli``, which adds ``tower`` and ``odds``) register the
same way; a plugin may also be announced by another distribution through the ``feldherr.cli``
entry-point group.

Exit status: 0 success, 1 a record that does not replay or a game abandoned by end of input,
2 a usage error (unknown game, bad seats, options the game rejects).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import types
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points

from feldherr import __version__
from feldherr.cli.common import CliError
from feldherr.core.errors import OptionError

COMMANDS = (
    "feldherr.cli.listing",
    "feldherr.cli.play",
    "feldherr.cli.simulate",
    "feldherr.cli.bench",
    "feldherr.cli.replay",
    "feldherr.cli.tournament",
)
#: Optional modules with ``register(subparsers)``; skipped when not installed.
PLUGINS = ["feldherr.tower.cli"]
ENTRY_POINT_GROUP = "feldherr.cli"


def _optional(module_name: str) -> object | None:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            return None  # the plugin (or its package) is simply not there
        print(f"feldherr: warning: plugin {module_name} failed to load: {exc}", file=sys.stderr)
    except Exception as exc:  # a broken plugin must not take the whole command line down
        print(f"feldherr: warning: plugin {module_name} failed to load: {exc!r}", file=sys.stderr)
    return None


def _entry_point_registrars() -> list[tuple[str, Callable[..., object]]]:
    found: list[tuple[str, Callable[..., object]]] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken plugin must not take the whole command line down
            print(f"feldherr: warning: plugin {ep.value} failed to load: {exc!r}", file=sys.stderr)
            continue
        register = obj if not isinstance(obj, types.ModuleType) else getattr(obj, "register", None)
        if callable(register):
            found.append((ep.value, register))
    return found


def register_plugins(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> list[str]:
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="feldherr",
        description="Rules-exact engines for Wallenstein, El Grande and Ernst von Mansfeld.",
        epilog="'feldherr COMMAND --help' explains each command. Seats are numbered from 0.",
    )
    parser.add_argument("--version", action="version", version=f"feldherr {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(name).register(subparsers)
    register_plugins(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(func(args) or 0)
    except CliError as err:
        print(f"feldherr: error: {err}", file=sys.stderr)
        return err.code
    except OptionError as err:
        print(f"feldherr: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a program that stopped reading (head, less)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
