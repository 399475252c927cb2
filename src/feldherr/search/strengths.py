"""The named search bots every game gets: ``easy``, ``medium``, ``hard`` and ``ismcts``.

They are announced in the ``feldherr.bots`` entry-point group (``pyproject.toml``), which
:func:`feldherr.core.play.bot_table` reads, so the core never imports this package. Each factory is
called as ``factory(game, seed)`` or, for a bot name with a parameter such as ``hard@0.5s``, as
``factory(game, seed, "0.5s")``; the parameter is a :class:`~feldherr.search.budget.Budget`.

=========  ==========================================================  ================
name       what it is                                                  default budget
=========  ==========================================================  ================
easy       the game's ``heuristic`` bot (ISMCTS with 50 iterations if  –
           the game has none)
medium     ISMCTS guided by the game's heuristic: its playouts (10 %   0.25 s
           random moves) and its choice, searched first and kept
           unless the search shows a better move (random playouts and
           no hint if the game has no heuristic)
hard       the same search with four times the time                    1 s
ismcts     ISMCTS with random playouts and no hint; deterministic      200 iterations
=========  ==========================================================  ================

``medium`` and ``hard`` search as the game's ``search_settings`` ask (Wallenstein and Mansfeld:
only the decision at hand, with the score margin in the reward; see ``docs/search.md``).

Why ``medium`` is guided too: in the scaled-down tournaments of ``docs/benchmarks.md``, ISMCTS with
random playouts lost to the heuristic bots at the budgets tried (Mansfeld: 8 % in a four-way
ladder, 21 % against three heuristics), so a random-playout ``medium`` would rank below ``easy``.

Time budgets make a bot's moves depend on the machine's speed; give an iteration budget
(``hard@300i``) where results must be reproducible, a CPU budget (``hard@1cpu``) to measure one
core's worth of thinking on a busy machine.
"""

from __future__ import annotations

from collections.abc import Callable

from feldherr.core.bots import Bot
from feldherr.core.errors import OptionError
from feldherr.core.game import Game
from feldherr.search.budget import Budget
from feldherr.search.ismcts import SearchBot
from feldherr.search.playout import BotPlayout, Playout

HEURISTIC = "heuristic"
EPSILON = 0.1
SEARCH_SETTINGS = ("tree_depth", "margin_weight", "tree_hints")
"""What a game's ``search_settings`` may set (:attr:`feldherr.core.game.Game.search_settings`)."""


def _budget(arg: str | None, default: str) -> Budget:
    return Budget.parse(default if arg is None else arg)


def heuristic_playout(game: Game) -> Callable[[], Playout] | None:
    """Playouts by the game's heuristic bot, if it has one."""
    factory = game.bots().get(HEURISTIC)
    if factory is None:
        return None
    return lambda: BotPlayout(factory, EPSILON)


def easy(game: Game, seed: int, arg: str | None = None) -> Bot:
    factory = game.bots().get(HEURISTIC)
    if factory is None:
        return SearchBot(seed, _budget(arg, "50i"))
    if arg is not None:
        raise OptionError(f"easy is {game.name}'s heuristic bot here and takes no budget ({arg[:40]!r})")
    return factory(seed)


def guided(game: Game, seed: int, budget: Budget) -> SearchBot:
    """ISMCTS guided by the game's heuristic bot (playouts and the hint), where it has one, searching
    as the game's :attr:`~feldherr.core.game.Game.search_settings` say."""
    settings = game.search_settings
    unknown = set(settings) - set(SEARCH_SETTINGS)
    if unknown:
        raise ValueError(f"{game.name}.search_settings: unknown {sorted(unknown)} (known: {SEARCH_SETTINGS})")
    depth = settings.get("tree_depth")
    return SearchBot(
        seed,
        budget,
        heuristic_playout(game),
        hint=game.bots().get(HEURISTIC),
        tree_hints=bool(settings.get("tree_hints", 0)),
        margin_weight=float(settings.get("margin_weight", 0.0)),
        tree_depth=None if depth is None else int(depth),
    )


def medium(game: Game, seed: int, arg: str | None = None) -> Bot:
    return guided(game, seed, _budget(arg, "0.25s"))


def hard(game: Game, seed: int, arg: str | None = None) -> Bot:
    return guided(game, seed, _budget(arg, "1s"))


def ismcts(game: Game, seed: int, arg: str | None = None) -> Bot:
    return SearchBot(seed, _budget(arg, "200i"))
