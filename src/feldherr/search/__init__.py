"""Search bots for every game: information-set Monte Carlo tree search over the core API.

>>> from feldherr.search import Budget, SearchBot
>>> bot = SearchBot(seed=1, budget=Budget(iterations=100))  # a Bot: bot.choose(seat_access)

The named strengths (``easy``, ``medium``, ``hard``, ``ismcts``) reach every game through the
``feldherr.bots`` entry-point group; see :mod:`feldherr.search.strengths`.
"""

from feldherr.search.budget import Budget
from feldherr.search.ismcts import ISMCTS, SearchBot, SearchReport
from feldherr.search.playout import BotPlayout, Playout, RandomPlayout

__all__ = ["ISMCTS", "BotPlayout", "Budget", "Playout", "RandomPlayout", "SearchBot", "SearchReport"]
