"""Bots and what they may know: :class:`SeatAccess` (a seat's view, legal moves and
``determinize``, never the state), the :class:`Bot` protocol and :class:`RandomBot`.

They are defined with the protocol in :mod:`feldherr.core.game` (a game names its bots there, and
the one game loop hands each bot a ``SeatAccess``); this module is their public home.
"""

from feldherr.core.game import Bot, BotFactory, RandomBot, SeatAccess

__all__ = ["Bot", "BotFactory", "RandomBot", "SeatAccess"]
