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


def game_names() -> list[str]:
    """Names of the games whose packages are present."""
    names = []
    for name, target in _GAMES.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module.rsplit(".", 1)[0]) is not None:
            names.append(name)
    return names


def get_game(name: str) -> Game:
    if name not in _GAMES:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(game_names())})")
    module_name, cls_name = _GAMES[name].split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise ValueError(f"game {name!r} is not available in this build") from exc
    cls = getattr(module, cls_name)
    game: Game = cls()
    return game
