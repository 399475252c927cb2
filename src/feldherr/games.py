"""The registry of games by command-line name. Games are imported lazily."""

from __future__ import annotations

import importlib
import importlib.util

from feldherr.core.game import Game

_GAMES: dict[str, str] = {
    "wallenstein": "feldherr.wallenstein.game:WallensteinGame",
    "elgrande": "feldherr.elgrande.game:ElGrandeGame",
    "mansfeld": "feldherr.mansfeld.game:MansfeldGame",
}


def _present(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def game_names() -> list[str]:
    """Names of the games whose game module is present in this build."""
    return [name for name, target in _GAMES.items() if _present(target.split(":")[0])]


def get_game(name: str) -> Game:
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    module_name, cls_name = _GAMES[name].split(":")
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
