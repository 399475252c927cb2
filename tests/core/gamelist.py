"""Games for the game-agnostic tests: the toy game plus every real game present in this build."""

from __future__ import annotations

import feldherr.games
from feldherr.core.game import Game

TOY = "toy"
TOY_TARGET = "toygame:ToyGame"


def real_games() -> list[str]:
    """Registered games that actually load (a package without its game module is skipped)."""
    names = []
    for name in feldherr.games.game_names():
        try:
            feldherr.games.get_game(name)
        except ValueError:
            continue
        names.append(name)
    return names


def small_players(game: Game) -> int:
    return game.min_players
