"""The registry of games, by name: see :mod:`feldherr.core.registry` (the ``feldherr.games``
entry-point group). This module is its short public name: ``feldherr.games.get_game("mansfeld")``."""

from feldherr.core.registry import ENTRY_POINT_GROUP, game_names, get_game, register, unregister

__all__ = ["ENTRY_POINT_GROUP", "game_names", "get_game", "register", "unregister"]
