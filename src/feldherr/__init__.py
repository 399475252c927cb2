"""feldherr: rules-exact engines for historical strategy board games.

The public entry points are :func:`feldherr.games.get_game` (a game by name) and the core
protocol in :mod:`feldherr.core`.
"""

__version__ = "0.1.0"
