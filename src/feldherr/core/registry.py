"""The registry of games: the ``feldherr.games`` entry-point group.

A game is a package that announces ``NAME = "package.module:GameClass"`` in that group (see
``pyproject.toml``); nothing in the core or the layers above names a game. Games are imported
lazily, on first use. :func:`register` adds a game at run time (tests, notebooks).
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from feldherr.core.game import Game

ENTRY_POINT_GROUP = "feldherr.games"

_EXTRA: dict[str, str] = {}
"""Games registered at run time (name -> "module:Class")."""


@cache
def _installed() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _targets() -> dict[str, str]:
    return {**_installed(), **_EXTRA}


def register(name: str, target: str) -> None:
    """Make ``name`` resolve to ``target`` ("module:Class") from now on."""
    _EXTRA[name] = target
    _instance.cache_clear()


def unregister(name: str) -> None:
    _EXTRA.pop(name, None)
    _instance.cache_clear()


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def game_names() -> list[str]:
    """Names of the registered games whose module is present in this build."""
    return [name for name, target in _targets().items() if _present(target.split(":")[0])]


def get_game(name: str) -> Game:
    """The game called ``name`` (one shared instance); ValueError if there is none."""
    if not isinstance(name, str) or name not in _targets():
        shown = name[:60] if isinstance(name, str) else repr(name)[:60]
        raise ValueError(f"unknown game {shown!r} (known: {', '.join(game_names())})")
    return _instance(name, _targets()[name])


@cache
def _instance(name: str, target: str) -> Game:
    module_name, cls_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only the game's own module (or a parent) missing means "not in this build"; any other
        # missing import is a real error and must surface as itself.
        if exc.name is None or not module_name.startswith(exc.name):
            raise
        raise ValueError(f"game {name!r} is not available in this build") from exc
    cls = getattr(module, cls_name)
    game: Game = cls()
    return game
